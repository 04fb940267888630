import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { HumanChecksRepository } from './human-checks.repository';

const CHALLENGE_TTL_MS = 10 * 60_000;

/**
 * The self-hosted human check (ALTCHA proof of work): the browser spends a moment of CPU, the server
 * verifies the work and its signature, and accepts each solved challenge once.
 */
export class HumanCheckService {
  private readonly used: HumanChecksRepository;

  constructor(
    db: Database,
    private readonly secrets: { signature: string; key: string },
    private readonly cost: number,
  ) {
    this.used = new HumanChecksRepository(db);
  }

  challenge() {
    return createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: this.cost,
      deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      hmacSignatureSecret: this.secrets.signature,
      hmacKeySignatureSecret: this.secrets.key,
    });
  }

  /** Throws HUMAN_CHECK_REQUIRED unless the payload is a fresh, valid, unused solution. */
  async verify(payload: string | undefined) {
    if (!payload) throw new AppError('HUMAN_CHECK_REQUIRED');
    let parsed: { challenge: { parameters: Record<string, unknown>; signature?: string }; solution: unknown };
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    } catch {
      throw new AppError('HUMAN_CHECK_REQUIRED');
    }
    const result = await verifySolution({
      challenge: parsed.challenge as never,
      solution: parsed.solution as never,
      deriveKey,
      hmacSignatureSecret: this.secrets.signature,
      hmacKeySignatureSecret: this.secrets.key,
    }).catch(() => ({ verified: false }));
    if (!result.verified || !parsed.challenge.signature) throw new AppError('HUMAN_CHECK_REQUIRED');
    const fresh = await this.used.spend(parsed.challenge.signature, new Date(Date.now() + CHALLENGE_TTL_MS));
    if (!fresh) throw new AppError('HUMAN_CHECK_REQUIRED');
  }
}
