/**
 * Crash: every round's bust point comes from a hash chain made before the game went live. The operator
 * drew a secret x_L and published x_0 = SHA-256^L(x_L) (each x_{i−1} = SHA-256 of x_i's hex text). Round
 * i uses x_i, revealed when it ends; anyone can hash it back to x_{i−1} and on to x_0, so every future
 * round was fixed when x_0 was published. The bust point is the shared multiplier draw (multiplier.ts)
 * with r = the first 6 bytes of HMAC-SHA256(key = x_i, message = the chain's public salt).
 *
 * The multiplier rises with the server's clock: floor(100 · e^(RATE · ms)) hundredths after `ms` ms.
 */
import { Hmac256, sha256, toHex } from '../sha256';
import { multiplierFrom } from './multiplier';

export const CRASH_RATE = 0.00006;

export const nextInChain = (hash: string) => toHex(sha256(hash));

export function crashPoint(hash: string, salt: string, edgeBp: number): number {
  const b = new Hmac256(hash).digest(salt);
  const r = b[0]! * 2 ** 40 + b[1]! * 2 ** 32 + b[2]! * 2 ** 24 + b[3]! * 2 ** 16 + b[4]! * 2 ** 8 + b[5]!;
  return multiplierFrom(r, edgeBp);
}

/** The multiplier (hundredths) `ms` after the round started. */
export const crashMultiplierAt = (ms: number) =>
  Math.max(100, Math.floor(100 * Math.exp(CRASH_RATE * Math.max(0, ms))));

/** When (ms after the start) the multiplier first reaches `hundredths`. */
export const crashTimeOf = (hundredths: number) => Math.ceil(Math.log(hundredths / 100) / CRASH_RATE);
