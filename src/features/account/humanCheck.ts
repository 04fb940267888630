import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { call } from '../../api/client';

/**
 * The human check (self-hosted ALTCHA proof of work): fetch a challenge, spend a moment of CPU finding
 * its solution with WebCrypto, and hand the signed result to the form as one base64 payload.
 */
export async function solveHumanCheck(): Promise<string> {
  const challenge = await call('humanCheck');
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  if (!solution) throw new Error('human check not solved');
  return btoa(JSON.stringify({ challenge, solution }));
}
