import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { call } from '../../api/client';

/** The server keeps a challenge for 10 minutes (server/modules/accounts/human-check.ts); use it sooner. */
const PREPARED_FOR_MS = 8 * 60_000;

async function solveNow(): Promise<string> {
  const challenge = await call('humanCheck');
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  if (!solution) throw new Error('human check not solved');
  return btoa(JSON.stringify({ challenge, solution }));
}

let prepared: { at: number; payload: Promise<string> } | null = null;
const fresh = (p: typeof prepared): p is NonNullable<typeof prepared> =>
  p !== null && Date.now() - p.at < PREPARED_FOR_MS;

/**
 * Starts the work while the visitor types (a form opened, or came back after a refusal), so the submit
 * finds it done: on a mid-range phone the work alone takes seconds.
 */
export function prepareHumanCheck() {
  if (fresh(prepared)) return;
  const payload = solveNow();
  payload.catch(() => {});
  prepared = { at: Date.now(), payload };
}

/**
 * The human check (self-hosted ALTCHA proof of work): a challenge solved with WebCrypto, handed to the form
 * as one base64 payload. Each solution is accepted once by the server, so each is given out once: the one
 * prepared while the form was open when it is still fresh, else one solved now.
 */
export function solveHumanCheck(): Promise<string> {
  const ready = fresh(prepared) ? prepared.payload : null;
  prepared = null;
  return ready ? ready.catch(() => solveNow()) : solveNow();
}
