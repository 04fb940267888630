/**
 * The fairness core of the in-house games (docs/originals-fairness.md), shared by the server and the
 * browser's verifier: one implementation, so a verified outcome is the outcome that was paid.
 *
 * A bet's bytes are HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${cursor}`) for cursor
 * 0, 1, 2…, read in order. They become numbers only by methods without bias: whole numbers by rejection
 * sampling, fractions by the exact construction over 48 bits, orders by Fisher–Yates on the stream.
 */
import { Hmac256, sha256, toHex } from './sha256';

/** A client seed: 1–64 visible ASCII characters without ':' (the message's separator). */
export const CLIENT_SEED_PATTERN = /^[\x21-\x39\x3b-\x7e]{1,64}$/;

/** What the server shows before a seed is used: the SHA-256 of the seed's text (its 64 hex digits). */
export function commitmentOf(serverSeed: string): string {
  return toHex(sha256(serverSeed));
}

/** 2^48: the size of the grid `uint48` and `float` draw from (exact in a double). */
export const TWO_48 = 2 ** 48;

export class OutcomeStream {
  private readonly hmac: Hmac256;
  private block: Uint8Array = new Uint8Array(0);
  private offset = 0;
  private cursor = 0;
  /** How many bytes were read: the verifier shows it, and a test pins each game's use. */
  bytesUsed = 0;

  constructor(
    serverSeed: string,
    private readonly clientSeed: string,
    private readonly nonce: number,
  ) {
    this.hmac = new Hmac256(serverSeed);
  }

  byte(): number {
    if (this.offset >= this.block.length) {
      this.block = this.hmac.digest(`${this.clientSeed}:${this.nonce}:${this.cursor++}`);
      this.offset = 0;
    }
    this.bytesUsed++;
    return this.block[this.offset++]!;
  }

  /** Four bytes, big-endian: 0 … 2^32 − 1, each equally likely. */
  uint32(): number {
    return this.byte() * 2 ** 24 + this.byte() * 2 ** 16 + this.byte() * 2 ** 8 + this.byte();
  }

  /** Six bytes, big-endian: 0 … 2^48 − 1, each equally likely. */
  uint48(): number {
    return this.uint32() * 2 ** 16 + this.byte() * 2 ** 8 + this.byte();
  }

  /** A fraction in [0, 1) on the 2^48 grid: every grid point equally likely, exactly. */
  float(): number {
    return this.uint48() / TWO_48;
  }

  /** A whole number in 0 … n − 1, each equally likely: draws past the last whole multiple of n are thrown away. */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`int(${n})`);
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      const x = this.uint32();
      if (x < limit) return x % n;
    }
  }

  /** A uniformly random order of the items (Fisher–Yates on this stream). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}

/** 32 random bytes as 64 hex digits: a new server seed (or a default client seed, shorter). */
export function randomHex(bytes = 32): string {
  const out = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(out);
  return toHex(out);
}
