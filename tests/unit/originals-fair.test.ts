import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  CLIENT_SEED_PATTERN,
  commitmentOf,
  OutcomeStream,
  randomHex,
  TWO_48,
} from '../../src/originals/fair';
import { crashPoint, nextInChain } from '../../src/originals/games/crash';
import { drawDice } from '../../src/originals/games/dice';
import { drawKeno } from '../../src/originals/games/keno';
import { drawLimbo } from '../../src/originals/games/limbo';
import { drawMines } from '../../src/originals/games/mines';
import { drawPlinko } from '../../src/originals/games/plinko';
import { drawOutcome } from '../../src/originals/outcome';
import { fromHex, Hmac256, hmacSha256, sha256, toHex } from '../../src/originals/sha256';

/*
 * An independent model of the documented scheme, on node:crypto and BigInt only (nothing from src/originals):
 * the known answers below were computed with it once and written out, and the tests check both the code and
 * this model against them, so a change to either the code or the documented scheme shows up.
 */
const SPACE_48 = 2n ** 48n;

class ReferenceStream {
  private block: Buffer = Buffer.alloc(0);
  private offset = 0;
  private cursor = 0;
  used = 0;

  constructor(
    private readonly serverSeed: string,
    private readonly clientSeed: string,
    private readonly nonce: number,
  ) {}

  byte(): number {
    if (this.offset === this.block.length) {
      const message = `${this.clientSeed}:${this.nonce}:${this.cursor}`;
      this.cursor += 1;
      this.block = createHmac('sha256', this.serverSeed).update(message).digest();
      this.offset = 0;
    }
    this.used += 1;
    return this.block[this.offset++]!;
  }

  bigEndian(bytes: number): bigint {
    let value = 0n;
    for (let i = 0; i < bytes; i++) value = (value << 8n) | BigInt(this.byte());
    return value;
  }

  int(n: number): number {
    const size = BigInt(n);
    const accepted = (2n ** 32n / size) * size;
    for (;;) {
      const x = this.bigEndian(4);
      if (x < accepted) return Number(x % size);
    }
  }
}

const referenceMultiplier = (r: bigint, edgeBp: number) => {
  const raw = (BigInt(10_000 - edgeBp) * SPACE_48) / ((SPACE_48 - r) * 100n);
  return Number(raw < 100n ? 100n : raw > 100_000_000n ? 100_000_000n : raw);
};

function referenceFisherYates<T>(stream: ReferenceStream, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = stream.int(i + 1);
    const swap = out[i]!;
    out[i] = out[j]!;
    out[j] = swap;
  }
  return out;
}

const reference = {
  dice: (s: ReferenceStream) => s.int(10_000),
  limbo: (s: ReferenceStream, edgeBp: number) => referenceMultiplier(s.bigEndian(6), edgeBp),
  plinko: (s: ReferenceStream, rows: number) => {
    const path = Array.from({ length: rows }, () => s.int(2));
    return { path, bin: path.filter((step) => step === 1).length };
  },
  keno: (s: ReferenceStream) => {
    const pool = Array.from({ length: 40 }, (_, i) => i + 1);
    for (let i = 0; i < 10; i++) {
      const j = i + s.int(40 - i);
      const swap = pool[i]!;
      pool[i] = pool[j]!;
      pool[j] = swap;
    }
    return pool.slice(0, 10);
  },
  mines: (s: ReferenceStream, mines: number) =>
    referenceFisherYates(
      s,
      Array.from({ length: 25 }, (_, i) => i),
    ).slice(0, mines),
  crash: (hash: string, salt: string, edgeBp: number) => {
    const digest = createHmac('sha256', hash).update(salt).digest();
    return referenceMultiplier(BigInt(digest.readUIntBE(0, 6)), edgeBp);
  },
  next: (hash: string) => createHash('sha256').update(hash).digest('hex'),
};

/** mulberry32: a small seeded generator, so the "random" inputs are the same on every run. */
function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function seededBytes(random: () => number, length: number) {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = Math.floor(random() * 256);
  return out;
}

const nodeSha = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
const nodeHmac = (key: Uint8Array | string, data: Uint8Array | string) =>
  createHmac('sha256', key).update(data).digest('hex');

const patterned = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 7 + 3) & 0xff);

describe('sha256 and HMAC-SHA256 agree with node:crypto', () => {
  // Lengths around the padding boundaries: 55 is the last that pads within one block, 56–63 need a second.
  const lengths = [0, 1, 2, 3, 31, 32, 54, 55, 56, 57, 63, 64, 65, 111, 119, 120, 127, 128, 129, 1000, 4096];

  it.each(lengths)('hashes %i bytes as node:crypto does', (length) => {
    const bytes = patterned(length);
    expect(toHex(sha256(bytes))).toBe(nodeSha(bytes));
  });

  it('hashes the standard test vectors', () => {
    expect(toHex(sha256(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(sha256('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(toHex(sha256('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  // Text is hashed as UTF-8, including a lone surrogate (U+FFFD in both encoders) and 4-byte characters.
  const texts = [
    'a',
    'ação',
    'Olá, mundo! 🎲🎰',
    '日本語のテキスト',
    '\uD800',
    '€'.repeat(30),
    'x'.repeat(55),
    'ü'.repeat(28),
  ];

  it.each(texts)('hashes the text %j as its UTF-8 bytes', (text) => {
    expect(toHex(sha256(text))).toBe(nodeSha(text));
    expect(toHex(sha256(new TextEncoder().encode(text)))).toBe(nodeSha(text));
  });

  it('hashes a view into a larger buffer by its own bytes only', () => {
    const buffer = patterned(200);
    const view = buffer.subarray(3, 70);
    expect(toHex(sha256(view))).toBe(nodeSha(Buffer.from(buffer.buffer, 3, 67)));
  });

  it('hashes a mebibyte (16,385 blocks) as node:crypto does', () => {
    const bytes = patterned(1 << 20);
    expect(toHex(sha256(bytes))).toBe(nodeSha(bytes));
  });

  // 64 bytes is used as the key block as is; 65 and more must be hashed first.
  const keyLengths = [0, 1, 20, 32, 63, 64, 65, 100, 128, 129, 200];
  const messageLengths = [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000];

  it.each(keyLengths)('computes HMAC with a %i-byte key as node:crypto does', (keyLength) => {
    const key = Uint8Array.from({ length: keyLength }, (_, i) => (i * 13 + 5) & 0xff);
    for (const messageLength of messageLengths) {
      const message = patterned(messageLength);
      const expected = nodeHmac(key, message);
      expect(toHex(hmacSha256(key, message))).toBe(expected);
      expect(toHex(new Hmac256(key).digest(message))).toBe(expected);
    }
  });

  it('measures a text key in UTF-8 bytes, not characters, against the 64-byte block', () => {
    // 22 characters but 66 bytes: hashed first, as RFC 2104 asks.
    const longKey = '€'.repeat(22);
    // 32 characters but 64 bytes: used as is.
    const exactKey = 'ü'.repeat(32);
    for (const key of [longKey, exactKey, 'k'.repeat(64), 'k'.repeat(65), 'chave-do-servidor-ação']) {
      for (const message of ['', 'player-seed:0:0', 'ação:1:2', '🎲'.repeat(40)]) {
        expect(toHex(hmacSha256(key, message))).toBe(nodeHmac(key, message));
      }
    }
  });

  it('reuses one key for many messages without carrying state between them', () => {
    const hmac = new Hmac256('aurora-server-seed');
    const messages = Array.from({ length: 50 }, (_, i) => `client:${i}:${i % 3}`);
    const first = messages.map((m) => toHex(hmac.digest(m)));
    const second = [...messages].reverse().map((m) => toHex(hmac.digest(m)));
    expect(first).toEqual(messages.map((m) => nodeHmac('aurora-server-seed', m)));
    expect(second).toEqual([...first].reverse());
  });

  it('agrees with node:crypto on 3,000 seeded random keys and messages', () => {
    const random = seededRandom(0x5eed_0001);
    for (let i = 0; i < 3_000; i++) {
      const message = seededBytes(random, Math.floor(random() * 300));
      const key = seededBytes(random, Math.floor(random() * 150));
      const expectedSha = nodeSha(message);
      const expectedHmac = nodeHmac(key, message);
      if (toHex(sha256(message)) !== expectedSha)
        expect.fail(`sha256 differs for input ${i}: ${toHex(message)}`);
      if (toHex(hmacSha256(key, message)) !== expectedHmac)
        expect.fail(`hmac differs for input ${i}: key ${toHex(key)}, message ${toHex(message)}`);
    }
  });

  it('reads and writes hex both ways and refuses what is not hex', () => {
    const bytes = seededBytes(seededRandom(7), 64);
    expect(fromHex(toHex(bytes))).toEqual(bytes);
    expect(toHex(fromHex('00ff10AB'))).toBe('00ff10ab');
    for (const bad of ['0', 'abc', 'zz', '0x00', '00 ']) expect(() => fromHex(bad)).toThrow(RangeError);
  });
});

describe('OutcomeStream follows the documented scheme', () => {
  const cases: [string, string, number][] = [
    ['aurora-known-answer-server-seed', 'player-seed', 0],
    ['aurora-known-answer-server-seed', 'player-seed', 1],
    ['95ff0ea213744af92d3383fd6dc76ed94c2bf9716cfbff0b44132f0afdadc3c9', 'x', 123_456_789],
    ['semente-ação', '!~}|{', 42],
    ['k'.repeat(100), 'c'.repeat(64), 7],
  ];

  it.each(cases)('reads HMAC(%j, `%s:nonce:cursor`) for cursor 0, 1, 2 in order', (server, client, nonce) => {
    const stream = new OutcomeStream(server, client, nonce);
    const expected = [0, 1, 2].map((cursor) => nodeHmac(server, `${client}:${nonce}:${cursor}`)).join('');
    const read = Uint8Array.from({ length: 96 }, () => stream.byte());
    expect(toHex(read)).toBe(expected);
    expect(stream.bytesUsed).toBe(96);
  });

  it('reads uint32, uint48 and float big-endian from the same bytes', () => {
    const bytes = Buffer.from([0, 1].map((c) => nodeHmac('semente', `cliente:3:${c}`)).join(''), 'hex');
    const stream = new OutcomeStream('semente', 'cliente', 3);
    expect(stream.uint32()).toBe(bytes.readUInt32BE(0));
    expect(stream.uint48()).toBe(bytes.readUIntBE(4, 6));
    const fraction = stream.float();
    expect(fraction).toBe(bytes.readUIntBE(10, 6) / TWO_48);
    expect(fraction * TWO_48).toBe(bytes.readUIntBE(10, 6));
    // The next read straddles the first block's end (bytes 16..31 are left, then block 1).
    expect(stream.uint32()).toBe(bytes.readUInt32BE(16));
    expect(stream.uint48()).toBe(bytes.readUIntBE(20, 6));
    expect(stream.uint48()).toBe(bytes.readUIntBE(26, 6));
    expect(stream.uint32()).toBe(bytes.readUInt32BE(32));
    expect(stream.bytesUsed).toBe(36);
  });

  it('accepts only client seeds that cannot forge the message separator', () => {
    for (const good of ['player-seed', '!', '~'.repeat(64), 'abc;def', '0123456789']) {
      expect(CLIENT_SEED_PATTERN.test(good)).toBe(true);
    }
    for (const bad of ['', 'a:b', ':', 'a b', 'x'.repeat(65), 'ação', 'tab\t', 'new\nline']) {
      expect(CLIENT_SEED_PATTERN.test(bad)).toBe(false);
    }
  });

  it('publishes the SHA-256 hex of the seed text as the commitment', () => {
    expect(commitmentOf('aurora-known-answer-server-seed')).toBe(
      '95ff0ea213744af92d3383fd6dc76ed94c2bf9716cfbff0b44132f0afdadc3c9',
    );
    for (const seed of ['', 'a', 'semente-ação', randomHex(), randomHex(8), 'x'.repeat(1000)]) {
      expect(commitmentOf(seed)).toBe(nodeSha(seed));
    }
  });

  it('makes new seeds as hex of the requested number of bytes', () => {
    expect(randomHex()).toMatch(/^[0-9a-f]{64}$/);
    expect(randomHex(8)).toMatch(/^[0-9a-f]{16}$/);
    expect(randomHex()).not.toBe(randomHex());
  });
});

describe('OutcomeStream.int rejects draws past the last whole multiple of n', () => {
  /** Feeds `values` as the stream's uint32 draws and returns int(n) and how many draws it took. */
  function intFrom(n: number, values: number[]) {
    const stream = new OutcomeStream('unused', 'unused', 0);
    const spy = vi.spyOn(stream, 'uint32');
    for (const v of values) spy.mockReturnValueOnce(v);
    spy.mockImplementation(() => {
      throw new Error('int read more draws than expected');
    });
    const value = stream.int(n);
    return { value, draws: spy.mock.calls.length };
  }

  const sizes = [2, 3, 6, 37, 10_000, 2 ** 16, 2 ** 31 + 1, 3 * 2 ** 30 + 1, 2 ** 32 - 1];

  it.each(sizes)('for n = %i, throws away floor(2^32/n)·n … 2^32 − 1 and keeps what is below', (n) => {
    const limit = Math.floor(2 ** 32 / n) * n;
    expect(limit).toBe(Number((2n ** 32n / BigInt(n)) * BigInt(n)));
    expect(intFrom(n, [limit - 1])).toEqual({ value: (limit - 1) % n, draws: 1 });
    expect(intFrom(n, [0])).toEqual({ value: 0, draws: 1 });
    if (limit === 2 ** 32) {
      // A power of two divides 2^32: nothing is thrown away.
      expect(intFrom(n, [2 ** 32 - 1])).toEqual({ value: (2 ** 32 - 1) % n, draws: 1 });
    } else {
      expect(intFrom(n, [limit, 2 ** 32 - 1, limit - 1])).toEqual({ value: (limit - 1) % n, draws: 3 });
      expect(intFrom(n, [2 ** 32 - 1, limit, 5])).toEqual({ value: 5 % n, draws: 3 });
    }
  });

  it('never rejects for n = 2^32 (every draw is a whole multiple) and returns the draw itself', () => {
    expect(intFrom(2 ** 32, [2 ** 32 - 1])).toEqual({ value: 2 ** 32 - 1, draws: 1 });
    expect(intFrom(2 ** 32, [12345])).toEqual({ value: 12345, draws: 1 });
  });

  it('gives 0 for n = 1 and still reads one draw', () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      const stream = new OutcomeStream('seed', 'client', nonce);
      expect(stream.int(1)).toBe(0);
      expect(stream.bytesUsed).toBe(4);
    }
  });

  it.each([0, -1, 1.5, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 32 + 1, 2 ** 33])(
    'refuses n = %d',
    (n) => {
      expect(() => new OutcomeStream('seed', 'client', 0).int(n)).toThrow(RangeError);
    },
  );

  it('matches the BigInt reference on real bytes, rejections included', () => {
    let rejections = 0;
    for (const n of [2, 3, 6, 37, 10_000, 2 ** 31 + 1, 3 * 2 ** 30 + 1]) {
      for (let nonce = 0; nonce < 20; nonce++) {
        const stream = new OutcomeStream('aurora-known-answer-server-seed', 'player-seed', nonce);
        const ref = new ReferenceStream('aurora-known-answer-server-seed', 'player-seed', nonce);
        for (let draw = 0; draw < 30; draw++) {
          expect(stream.int(n)).toBe(ref.int(n));
          expect(stream.bytesUsed).toBe(ref.used);
        }
        rejections += ref.used / 4 - 30;
      }
    }
    // n = 2^31 + 1 throws away about half of all draws: the comparison above did see the rejecting branch.
    expect(rejections).toBeGreaterThan(200);
  });

  it('throws away the first draw of a known seed for n = 2^31 + 1 (first uint32 is 2874160960)', () => {
    const stream = new OutcomeStream('aurora-known-answer-server-seed', 'player-seed', 1);
    const ref = new ReferenceStream('aurora-known-answer-server-seed', 'player-seed', 1);
    const first = Number(ref.bigEndian(4));
    expect(first).toBe(2_874_160_960);
    expect(first).toBeGreaterThanOrEqual(2 ** 31 + 1);
    const second = Number(ref.bigEndian(4));
    expect(second).toBeLessThan(2 ** 31 + 1);
    expect(stream.int(2 ** 31 + 1)).toBe(second);
    expect(stream.bytesUsed).toBe(8);
  });
});

describe('known answers for every game', () => {
  const serverSeed = 'aurora-known-answer-server-seed';
  const clientSeed = 'player-seed';
  const seeds = (nonce: number) => ({ serverSeed, clientSeed, nonce });
  const ref = (nonce: number) => new ReferenceStream(serverSeed, clientSeed, nonce);
  const nonces = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

  // Computed once with the reference model above, then written out.
  const diceRolls = [3423, 960, 5894, 5647, 8401, 3314, 9696, 5473, 9483, 2524];
  const limboResults = [159, 299, 6437, 195, 6668, 189, 738, 136, 183, 244];
  const plinko8 = [
    { path: [1, 1, 0, 0, 1, 1, 1, 0], bin: 5 },
    { path: [0, 0, 0, 0, 0, 1, 0, 0], bin: 1 },
    { path: [0, 1, 1, 1, 1, 0, 1, 1], bin: 6 },
    { path: [1, 1, 0, 0, 0, 0, 0, 1], bin: 3 },
  ];
  const plinko16 = [
    { path: [1, 1, 0, 0, 1, 1, 1, 0, 0, 1, 0, 1, 1, 1, 0, 1], bin: 10 },
    { path: [0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1], bin: 6 },
    { path: [0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 0, 1, 0, 1, 1, 0], bin: 11 },
    { path: [1, 1, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 1, 0], bin: 6 },
  ];
  const kenoDraws = [
    [24, 7, 23, 19, 36, 37, 32, 22, 17, 6],
    [1, 2, 11, 36, 21, 19, 23, 28, 24, 13],
    [15, 28, 4, 14, 16, 27, 2, 39, 5, 25],
  ];
  const mines3 = [
    [13, 16, 17],
    [3, 22, 17],
    [4, 18, 10],
  ];
  const mines24 = [
    [13, 16, 17, 14, 20, 22, 6, 7, 12, 19, 1, 9, 5, 15, 18, 3, 0, 8, 21, 24, 10, 2, 4, 11],
    [3, 22, 17, 5, 0, 15, 24, 7, 1, 11, 23, 16, 9, 2, 14, 21, 18, 8, 12, 13, 4, 20, 19, 6],
    [4, 18, 10, 24, 12, 23, 3, 14, 21, 6, 15, 7, 22, 11, 8, 17, 0, 1, 9, 16, 20, 13, 2, 5],
  ];
  const chainEnd = 'aurora-known-answer-chain-end';
  const chain = [
    'ce8f579b4eb62b3cea25e6cde2aeb97ed313fb51a14d9cc0b5810ca38b1eb48e',
    '1482be7919873cf3147ae2062f5bcfe59e2005f5dd690e13a075fdcb57bd02ad',
    '607cd8aff206dedf3e8457fe438021cee582c606cb9d07334987135ee4a8e1a5',
    'b594034617fcddfabfe4da4db8019788a7c5e7f25a35599a4af8ebcc065df54c',
    '0401b43dfd236787a42227f6c5c5da5809eb7addd9a77dcd84d20d0efb804a88',
  ];
  const salt = 'aurora-known-answer-salt';
  const crashPoints = [108, 201, 132, 305, 104];

  it('the reference model still gives the written answers', () => {
    expect(nonces.map((n) => reference.dice(ref(n)))).toEqual(diceRolls);
    expect(nonces.map((n) => reference.limbo(ref(n), 100))).toEqual(limboResults);
    expect(plinko8.map((_, n) => reference.plinko(ref(n), 8))).toEqual(plinko8);
    expect(plinko16.map((_, n) => reference.plinko(ref(n), 16))).toEqual(plinko16);
    expect(kenoDraws.map((_, n) => reference.keno(ref(n)))).toEqual(kenoDraws);
    expect(mines3.map((_, n) => reference.mines(ref(n), 3))).toEqual(mines3);
    expect(mines24.map((_, n) => reference.mines(ref(n), 24))).toEqual(mines24);
    expect(reference.next(chainEnd)).toBe(chain[0]);
    for (let i = 1; i < chain.length; i++) expect(reference.next(chain[i - 1]!)).toBe(chain[i]);
    expect(chain.map((hash) => reference.crash(hash, salt, 100))).toEqual(crashPoints);
  });

  it('dice rolls', () => {
    expect(nonces.map((n) => drawOutcome(seeds(n), { game: 'dice' }))).toEqual(
      diceRolls.map((roll) => ({ game: 'dice', roll })),
    );
  });

  it('limbo results at a 1 % edge', () => {
    expect(nonces.map((n) => drawOutcome(seeds(n), { game: 'limbo', edgeBp: 100 }))).toEqual(
      limboResults.map((result) => ({ game: 'limbo', result })),
    );
  });

  it('plinko paths and bins for 8 and 16 rows', () => {
    expect(plinko8.map((_, n) => drawOutcome(seeds(n), { game: 'plinko', rows: 8 }))).toEqual(
      plinko8.map((o) => ({ game: 'plinko', ...o })),
    );
    expect(plinko16.map((_, n) => drawOutcome(seeds(n), { game: 'plinko', rows: 16 }))).toEqual(
      plinko16.map((o) => ({ game: 'plinko', ...o })),
    );
  });

  it('keno draws', () => {
    expect(kenoDraws.map((_, n) => drawOutcome(seeds(n), { game: 'keno' }))).toEqual(
      kenoDraws.map((drawn) => ({ game: 'keno', drawn })),
    );
  });

  it('mines positions for 3 and 24 mines', () => {
    expect(mines3.map((_, n) => drawOutcome(seeds(n), { game: 'mines', mines: 3 }))).toEqual(
      mines3.map((mines) => ({ game: 'mines', mines })),
    );
    expect(mines24.map((_, n) => drawOutcome(seeds(n), { game: 'mines', mines: 24 }))).toEqual(
      mines24.map((mines) => ({ game: 'mines', mines })),
    );
  });

  it('crash chain and bust points at a 1 % edge', () => {
    expect(nextInChain(chainEnd)).toBe(chain[0]);
    for (let i = 1; i < chain.length; i++) expect(nextInChain(chain[i - 1]!)).toBe(chain[i]);
    expect(chain.map((hash) => crashPoint(hash, salt, 100))).toEqual(crashPoints);
  });

  it('each game reads as many bytes as the reference model', () => {
    for (const nonce of nonces) {
      const pairs: [(s: OutcomeStream) => unknown, (s: ReferenceStream) => unknown][] = [
        [drawDice, reference.dice],
        [(s) => drawLimbo(s, 100), (s) => reference.limbo(s, 100)],
        [(s) => drawPlinko(s, 8), (s) => reference.plinko(s, 8)],
        [(s) => drawPlinko(s, 16), (s) => reference.plinko(s, 16)],
        [drawKeno, reference.keno],
        [(s) => drawMines(s, 3), (s) => reference.mines(s, 3)],
      ];
      for (const [draw, model] of pairs) {
        const stream = new OutcomeStream(serverSeed, clientSeed, nonce);
        const modelStream = ref(nonce);
        expect(draw(stream)).toEqual(model(modelStream));
        expect(stream.bytesUsed).toBe(modelStream.used);
      }
    }
    // Nonce 0 has no rejected draw: each game's plain byte count.
    const used = (draw: (s: OutcomeStream) => unknown) => {
      const stream = new OutcomeStream(serverSeed, clientSeed, 0);
      draw(stream);
      return stream.bytesUsed;
    };
    expect(used(drawDice)).toBe(4);
    expect(used((s) => drawLimbo(s, 100))).toBe(6);
    expect(used((s) => drawPlinko(s, 16))).toBe(64);
    expect(used(drawKeno)).toBe(40);
    expect(used((s) => drawMines(s, 24))).toBe(96);
  });

  it('agrees with the reference model on 300 more nonces of every game', () => {
    for (let nonce = 10; nonce < 310; nonce++) {
      const s = seeds(nonce);
      expect(drawOutcome(s, { game: 'dice' })).toEqual({ game: 'dice', roll: reference.dice(ref(nonce)) });
      expect(drawOutcome(s, { game: 'limbo', edgeBp: 250 })).toEqual({
        game: 'limbo',
        result: reference.limbo(ref(nonce), 250),
      });
      expect(drawOutcome(s, { game: 'plinko', rows: 11 })).toEqual({
        game: 'plinko',
        ...reference.plinko(ref(nonce), 11),
      });
      expect(drawOutcome(s, { game: 'keno' })).toEqual({ game: 'keno', drawn: reference.keno(ref(nonce)) });
      expect(drawOutcome(s, { game: 'mines', mines: 1 + (nonce % 24) })).toEqual({
        game: 'mines',
        mines: reference.mines(ref(nonce), 1 + (nonce % 24)),
      });
      const hash = reference.next(`chain-${nonce}`);
      expect(crashPoint(hash, salt, 100)).toBe(reference.crash(hash, salt, 100));
    }
  });
});

describe('orders and draws are well formed', () => {
  const isPermutationOf = (out: readonly number[], items: readonly number[]) =>
    out.length === items.length &&
    [...out].sort((a, b) => a - b).join() === [...items].sort((a, b) => a - b).join();

  it('shuffle returns a permutation of its items and leaves the input alone', () => {
    for (let nonce = 0; nonce < 300; nonce++) {
      const stream = new OutcomeStream('shuffle-seed', 'client', nonce);
      for (const size of [0, 1, 2, 3, 10, 25, 52]) {
        const items = Array.from({ length: size }, (_, i) => i * 3 - 7);
        const copy = [...items];
        const out = stream.shuffle(items);
        expect(isPermutationOf(out, items)).toBe(true);
        expect(items).toEqual(copy);
      }
      // Repeated items stay as many as they were.
      expect(isPermutationOf(stream.shuffle([1, 1, 2, 2, 2]), [1, 1, 2, 2, 2])).toBe(true);
    }
  });

  it('keno draws 10 distinct numbers of 1 … 40', () => {
    for (let nonce = 0; nonce < 2_000; nonce++) {
      const drawn = drawKeno(new OutcomeStream('keno-seed', 'client', nonce));
      expect(drawn).toHaveLength(10);
      expect(new Set(drawn).size).toBe(10);
      for (const n of drawn) expect(Number.isInteger(n) && n >= 1 && n <= 40).toBe(true);
    }
  });

  it('mines are distinct tiles of 0 … 24, and fewer mines are the first of more', () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const all = drawMines(new OutcomeStream('mines-seed', 'client', nonce), 24);
      for (let mines = 1; mines <= 24; mines++) {
        const placed = drawMines(new OutcomeStream('mines-seed', 'client', nonce), mines);
        expect(placed).toHaveLength(mines);
        expect(new Set(placed).size).toBe(mines);
        for (const tile of placed) expect(Number.isInteger(tile) && tile >= 0 && tile <= 24).toBe(true);
        expect(placed).toEqual(all.slice(0, mines));
      }
    }
  });

  it('plinko bins are the number of rights on the path', () => {
    for (let nonce = 0; nonce < 500; nonce++) {
      const rows = 8 + (nonce % 9);
      const { path, bin } = drawPlinko(new OutcomeStream('plinko-seed', 'client', nonce), rows);
      expect(path).toHaveLength(rows);
      expect(path.every((step) => step === 0 || step === 1)).toBe(true);
      expect(bin).toBe(path.filter((step) => step === 1).length);
    }
  });
});
