/**
 * The demo provider's fairness: every outcome comes from a server seed committed (its SHA-256 shown to the
 * player) before it is used, the player's client seed and a nonce per round. The bytes are
 * HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${block}`), block 0, 1, 2… as needed, and they become
 * numbers by rejection sampling, so no value is likelier than another.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

export function commitment(serverSeed: string): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}

export class OutcomeStream {
  private block = 0;
  private bytes: Buffer = Buffer.alloc(0);
  private offset = 0;

  constructor(
    private readonly serverSeed: string,
    private readonly clientSeed: string,
    private readonly nonce: number,
  ) {}

  private nextByte(): number {
    if (this.offset >= this.bytes.length) {
      this.bytes = createHmac('sha256', this.serverSeed)
        .update(`${this.clientSeed}:${this.nonce}:${this.block++}`)
        .digest();
      this.offset = 0;
    }
    return this.bytes[this.offset++]!;
  }

  /** Four bytes, big-endian: 0 … 2^32 − 1. */
  uint32(): number {
    return (
      ((this.nextByte() << 24) >>> 0) + (this.nextByte() << 16) + (this.nextByte() << 8) + this.nextByte()
    );
  }

  /** A whole number in 0 … n − 1, each equally likely (draws that would bias the modulo are thrown away). */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`int(${n})`);
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      const x = this.uint32();
      if (x < limit) return x % n;
    }
  }

  /** True with probability numerator / denominator, exactly. */
  chance(numerator: number, denominator: number): boolean {
    return this.int(denominator) < numerator;
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
