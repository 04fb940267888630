import { createHash, createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  crashCheck,
  drawInputOf,
  hundredthsText,
  minesField,
  parseForm,
  rollText,
  sameOutcome,
  type VerifierForm,
  verify,
  walkChain,
} from '../../src/features/originals/verify';
import { OutcomeStream } from '../../src/originals/fair';
import { crashPoint, nextInChain } from '../../src/originals/games/crash';
import { type DrawInput, drawOutcome } from '../../src/originals/outcome';

const serverSeed = 'aurora-known-answer-server-seed';
const clientSeed = 'player-seed';
const seeds = (nonce: number) => ({ serverSeed, clientSeed, nonce });

const inputs: DrawInput[] = [
  { game: 'dice' },
  { game: 'limbo', edgeBp: 100 },
  { game: 'limbo', edgeBp: 250 },
  { game: 'plinko', rows: 8 },
  { game: 'plinko', rows: 16 },
  { game: 'keno' },
  { game: 'mines', mines: 1 },
  { game: 'mines', mines: 3 },
  { game: 'mines', mines: 24 },
];

afterEach(() => vi.restoreAllMocks());

describe('the fairness page verifier', () => {
  it('gives the known answers of tests/unit/originals-fair.test.ts (nonce 0 and 1)', () => {
    expect(verify(seeds(0), { game: 'dice' }).outcome).toEqual({ game: 'dice', roll: 3423 });
    expect(verify(seeds(1), { game: 'dice' }).outcome).toEqual({ game: 'dice', roll: 960 });
    expect(verify(seeds(0), { game: 'limbo', edgeBp: 100 }).outcome).toEqual({ game: 'limbo', result: 159 });
    expect(verify(seeds(0), { game: 'plinko', rows: 8 }).outcome).toEqual({
      game: 'plinko',
      path: [1, 1, 0, 0, 1, 1, 1, 0],
      bin: 5,
    });
    expect(verify(seeds(0), { game: 'keno' }).outcome).toEqual({
      game: 'keno',
      drawn: [24, 7, 23, 19, 36, 37, 32, 22, 17, 6],
    });
    expect(verify(seeds(1), { game: 'mines', mines: 3 }).outcome).toEqual({
      game: 'mines',
      mines: [3, 22, 17],
    });
  });

  it('recomputes what drawOutcome draws, for every game over 60 nonces, and counts the bytes it read', () => {
    for (let nonce = 0; nonce < 60; nonce++) {
      for (const input of inputs) {
        const v = verify(seeds(nonce), input);
        expect(v.outcome).toEqual(drawOutcome(seeds(nonce), input));
        expect(sameOutcome(drawOutcome(seeds(nonce), input), v.outcome)).toBe(true);
        // The same bytes as a plain stream reading the same draws.
        const reads = v.draws.reduce((sum, d) => sum + (d.kind === 'int' ? 4 : 6), 0);
        expect(reads).toBe(v.bytesUsed);
        expect(v.blocks).toHaveLength(Math.ceil(v.bytesUsed / 32));
      }
    }
  });

  it('shows the HMAC blocks with their messages, the commitment, and each draw', () => {
    const v = verify(seeds(7), { game: 'mines', mines: 24 });
    expect(v.commitment).toBe(createHash('sha256').update(serverSeed).digest('hex'));
    expect(v.blocks.length).toBeGreaterThanOrEqual(3);
    v.blocks.forEach((b, cursor) => {
      expect(b.cursor).toBe(cursor);
      expect(b.message).toBe(`${clientSeed}:7:${cursor}`);
      expect(b.hex).toBe(createHmac('sha256', serverSeed).update(b.message).digest('hex'));
    });
    // Fisher–Yates on 25 tiles: int(25), int(24), … int(2), each accepted once.
    const accepted = v.draws.filter((d) => d.kind === 'int' && d.accepted);
    expect(accepted.map((d) => (d.kind === 'int' ? d.n : 0))).toEqual(
      Array.from({ length: 24 }, (_, i) => 25 - i),
    );
    const bytes = Buffer.from(v.blocks.map((b) => b.hex).join(''), 'hex');
    for (const d of v.draws) {
      if (d.kind !== 'int') continue;
      expect(d.value).toBe(bytes.readUInt32BE(d.offset));
      expect(d.limit).toBe(Math.floor(2 ** 32 / d.n) * d.n);
      if (d.accepted) expect(d.result).toBe(d.value % d.n);
    }
    const limbo = verify(seeds(0), { game: 'limbo', edgeBp: 100 });
    expect(limbo.draws).toEqual([
      {
        kind: 'uint48',
        offset: 0,
        value: Buffer.from(limbo.blocks[0]!.hex, 'hex').readUIntBE(0, 6),
      },
    ]);
  });

  it('marks a thrown-away draw and keeps the one after it, as the shared int() does', () => {
    // Every uint32 alternates: first past the limit of int(10000), then 1234.
    let calls = 0;
    const original = OutcomeStream.prototype.uint32;
    vi.spyOn(OutcomeStream.prototype, 'uint32').mockImplementation(function (this: OutcomeStream) {
      original.call(this);
      return calls++ % 2 === 0 ? 2 ** 32 - 1 : 1234;
    });
    const v = verify(seeds(0), { game: 'dice' });
    expect(v.outcome).toEqual({ game: 'dice', roll: 1234 });
    expect(v.draws).toEqual([
      {
        kind: 'int',
        offset: 0,
        value: 2 ** 32 - 1,
        n: 10_000,
        limit: 4_294_960_000,
        accepted: false,
        result: null,
      },
      { kind: 'int', offset: 4, value: 1234, n: 10_000, limit: 4_294_960_000, accepted: true, result: 1234 },
    ]);
    expect(v.bytesUsed).toBe(8);
  });

  it('tells a recorded outcome that differs in any field', () => {
    const o = drawOutcome(seeds(3), { game: 'plinko', rows: 12 });
    expect(sameOutcome({ ...o }, o)).toBe(true);
    expect(sameOutcome({ ...o, bin: (o as { bin: number }).bin + 1 }, o)).toBe(false);
    expect(sameOutcome({ ...o, game: 'dice' }, o)).toBe(false);
    const keno = drawOutcome(seeds(3), { game: 'keno' }) as { game: 'keno'; drawn: number[] };
    expect(sameOutcome({ game: 'keno', drawn: [...keno.drawn].reverse() }, keno)).toBe(false);
    expect(sameOutcome({}, keno)).toBe(false);
  });

  it("takes a recorded round's draw input from its parameters", () => {
    expect(drawInputOf('dice', { chance: 4950, side: 'over', edgeBp: 100 })).toEqual({ game: 'dice' });
    expect(drawInputOf('limbo', { target: 200, edgeBp: 150 })).toEqual({ game: 'limbo', edgeBp: 150 });
    expect(drawInputOf('plinko', { rows: 12, risk: 'low', edgeBp: 100 })).toEqual({
      game: 'plinko',
      rows: 12,
    });
    expect(drawInputOf('keno', { picks: [1, 2], risk: 'high', edgeBp: 100 })).toEqual({ game: 'keno' });
    expect(drawInputOf('mines', { mines: 5, edgeBp: 100 })).toEqual({ game: 'mines', mines: 5 });
    expect(drawInputOf('limbo', {})).toBeNull();
    expect(drawInputOf('crash', { edgeBp: 100 })).toBeNull();
  });

  it('reads the form and says what is missing or out of range', () => {
    const form: VerifierForm = {
      game: 'limbo',
      serverSeed: ` ${serverSeed} `,
      clientSeed,
      nonce: '5',
      edgeBp: '100',
      rows: '16',
      mines: '3',
    };
    expect(parseForm(form)).toEqual({ ok: true, seeds: seeds(5), input: { game: 'limbo', edgeBp: 100 } });
    expect(parseForm({ ...form, game: 'plinko', rows: '7' })).toEqual({ ok: false, problems: ['rows'] });
    expect(parseForm({ ...form, game: 'mines', mines: '25' })).toEqual({ ok: false, problems: ['mines'] });
    expect(parseForm({ ...form, serverSeed: '', nonce: '-1', edgeBp: 'x' })).toEqual({
      ok: false,
      problems: ['server_seed', 'nonce', 'edge'],
    });
    expect(parseForm({ ...form, game: 'keno', edgeBp: 'x' }).ok).toBe(true);
  });

  it('formats rolls, multipliers and the mines field', () => {
    expect(rollText(3423, 'pt')).toBe('34,23');
    expect(rollText(3423, 'en')).toBe('34.23');
    expect(rollText(5, 'pt')).toBe('0,05');
    expect(hundredthsText(159, 'pt')).toBe('1,59');
    expect(hundredthsText(100_000_000, 'pt')).toBe('1.000.000,00');
    expect(hundredthsText(100_000_000, 'en')).toBe('1,000,000.00');
    const field = minesField([0, 24, 12]);
    expect(field).toHaveLength(25);
    expect(field.filter(Boolean)).toHaveLength(3);
    expect(field[0] && field[12] && field[24]).toBe(true);
  });
});

describe('the crash verifier', () => {
  const end = 'aurora-known-answer-chain-end';
  const chain = [nextInChain(end)];
  for (let i = 1; i < 5; i++) chain.push(nextInChain(chain[i - 1]!));
  const salt = 'aurora-known-answer-salt';

  it('gives crashPoint, with the HMAC and r it came from', () => {
    expect(chain.map((h) => crashCheck(h, salt, 100).bust)).toEqual([108, 201, 132, 305, 104]);
    for (const hash of chain) {
      const c = crashCheck(hash, salt, 250);
      expect(c.bust).toBe(crashPoint(hash, salt, 250));
      const digest = createHmac('sha256', hash).update(salt).digest();
      expect(c.hmac).toBe(digest.toString('hex'));
      expect(c.r).toBe(digest.readUIntBE(0, 6));
    }
  });

  it('finds an earlier hash N steps down the chain, reports a shorter path, and a miss', async () => {
    // chain[i + 1] = SHA-256(chain[i]): the round with chain[0] hashes to the "commitment" chain[4] in 4 steps.
    const round = chain[0]!;
    expect(await walkChain(round, chain[4]!, 4)).toEqual({ foundAt: 4, last: chain[4], steps: 4 });
    expect(await walkChain(round.toUpperCase(), ` ${chain[1]!.toUpperCase()} `, 4)).toMatchObject({
      foundAt: 1,
    });
    const miss = await walkChain(chain[4]!, chain[0]!, 3, { slice: 1 });
    expect(miss.foundAt).toBeNull();
    expect(miss.steps).toBe(3);
    expect(miss.last).toBe(nextInChain(nextInChain(nextInChain(chain[4]!))));
  });

  it('reports progress between slices and stops when asked', async () => {
    const seen: number[] = [];
    const controller = new AbortController();
    const walking = walkChain(chain[0]!, 'f'.repeat(64), 100, {
      slice: 10,
      signal: controller.signal,
      onProgress: (done) => {
        seen.push(done);
        if (done >= 30) controller.abort();
      },
    });
    await expect(walking).rejects.toThrow('stopped');
    expect(seen).toEqual([10, 20, 30]);
  });
});
