import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LotteryDraw, LotteryLine } from '../../src/api/contract/lottery';
import { drawResult } from '../../src/lottery/results';
import { checkDraw, leafText, lineLeaf, mixOfLeaves } from '../../src/lottery/verify';
import { commitmentOf } from '../../src/originals/fair';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const seed = 'a3f1c2d4e5b6978812345678900abcdef0123456789abcdef0123456789abcd';

/** A member's line as "my bets" shows it, with its salt. */
const line = (overrides: Partial<LotteryLine> = {}): LotteryLine => ({
  id: 41,
  game: 'ssc1',
  draw: '20261127-0001',
  drawsAt: 0,
  drawStatus: 'settled',
  betType: 'ssc.star2',
  selection: [[1], [2]],
  combos: 1,
  unit: 100,
  multiplier: 3,
  stake: 300,
  odds: { win: 9_750 },
  payout: 0,
  status: 'lost',
  chaseId: null,
  createdAt: 0,
  salt: '00112233445566778899aabbccddeeff',
  leaf: null,
  ...overrides,
});

// Known answers, written down once from node:crypto: a change to the leaf's text or the mix's order
// breaks every verifier already written from docs/lottery.md, so it must fail here.
const KNOWN_LEAF = '4ad6cc56c3ae435030145070503b7780e0f21b409e164b5126e7c3cb361673ee';
const OTHERS = [sha('a'), sha('b')];
const KNOWN_MIX = '88bf78876fff046a37f95c8ae45076876086a6a597fbe84c1974198c4726038b';
const leaves = [KNOWN_LEAF, ...OTHERS].sort();

const draw = (overrides: Partial<LotteryDraw> = {}): LotteryDraw => ({
  number: '20261127-0001',
  opensAt: 0,
  closesAt: 1_000,
  drawsAt: 2_000,
  status: 'settled',
  seedHash: commitmentOf(seed),
  mix: KNOWN_MIX,
  mixScheme: 2,
  betCount: 3,
  serverSeed: seed,
  result: drawResult('ssc', seed, KNOWN_MIX) as unknown as Record<string, unknown>,
  zodiacOfOne: null,
  cancelReason: null,
  cancelledAt: null,
  ...overrides,
});

describe('a lottery line’s leaf and a draw’s mix', () => {
  it('hash the documented text, with no member in it, to the known answers', () => {
    expect(leafText({ ...line(), salt: line().salt! })).toBe(
      'lottery-line/v2:ssc1:20261127-0001:00112233445566778899aabbccddeeff:ssc.star2:[[1],[2]]:100:3',
    );
    expect(lineLeaf({ ...line(), salt: line().salt! })).toBe(KNOWN_LEAF);
    expect(mixOfLeaves([OTHERS[1]!, KNOWN_LEAF, OTHERS[0]!])).toBe(KNOWN_MIX);
    expect(KNOWN_MIX).toBe(sha(leaves.join('\n')));
    // No line: the SHA-256 of nothing.
    expect(mixOfLeaves([])).toBe(sha(''));
    // The numbers that follow from that mix (the HMAC message) and the seed.
    expect(drawResult('ssc', seed, KNOWN_MIX)).toEqual({ family: 'ssc', digits: [9, 5, 1, 4, 3] });
  });
});

describe('the browser’s check of a draw', () => {
  it('verifies the published leaves against the mix, the numbers, and finds the member’s line', () => {
    const check = checkDraw('ssc', draw(), leaves, [line()]);
    expect(check).toMatchObject({
      outcome: 'verified',
      seed: true,
      leaves: true,
      numbers: true,
      mine: { included: 1, missing: [] },
    });
  });

  it('accepts the result with its keys in any order (as the database hands it back)', () => {
    const r = drawResult('ssc', seed, KNOWN_MIX) as { family: string; digits: number[] };
    expect(checkDraw('ssc', draw({ result: { digits: r.digits, family: r.family } }), leaves).outcome).toBe(
      'verified',
    );
  });

  it('finds a line left out, a list that does not make the mix, other numbers, another seed', () => {
    const without = leaves.filter((l) => l !== KNOWN_LEAF);
    // The member's line is not in the list (and the list no longer makes the mix).
    expect(checkDraw('ssc', draw(), without, [line()])).toMatchObject({
      outcome: 'mismatch',
      leaves: false,
      mine: { included: 0, missing: [41] },
    });
    // A line whose terms were changed after it was placed (its amount) is not the leaf published.
    expect(checkDraw('ssc', draw(), leaves, [line({ unit: 1_000 })])).toMatchObject({
      mine: { missing: [41] },
    });
    // A line the member cancelled before the close was never in the draw: nothing is missing.
    expect(checkDraw('ssc', draw(), leaves, [line({ unit: 1_000, status: 'refunded' })]).outcome).toBe(
      'verified',
    );
    // Unsorted or repeated leaves are not the published form.
    expect(checkDraw('ssc', draw(), [...leaves].reverse())).toMatchObject({ leaves: false });
    expect(checkDraw('ssc', draw({ betCount: 4 }), [...leaves, leaves[2]!])).toMatchObject({ leaves: false });
    const r = drawResult('ssc', seed, KNOWN_MIX) as { digits: number[] };
    expect(
      checkDraw('ssc', draw({ result: { family: 'ssc', digits: [...r.digits].reverse() } }), leaves),
    ).toMatchObject({ outcome: 'mismatch', numbers: false });
    expect(checkDraw('ssc', draw({ seedHash: commitmentOf('other') }), leaves)).toMatchObject({
      outcome: 'mismatch',
      seed: false,
    });
    expect(checkDraw('ssc', draw({ serverSeed: null }), leaves).outcome).toBe('pending');
  });

  it('checks a draw of the earlier scheme from its seed and mix alone', () => {
    const old = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const legacy = draw({
      mixScheme: 1,
      mix: old,
      result: drawResult('ssc', seed, old) as unknown as Record<string, unknown>,
    });
    expect(checkDraw('ssc', legacy, null, [line()])).toMatchObject({
      outcome: 'verified',
      leaves: null,
      numbers: true,
      mine: { included: 0, missing: [] },
    });
  });

  it('checks Mark Six with the zodiac the draw was scheduled with', () => {
    const r = drawResult('lhc', seed, KNOWN_MIX, { zodiacOfOne: 6 }) as unknown as Record<string, unknown>;
    expect(checkDraw('lhc', draw({ result: r, zodiacOfOne: 6 }), leaves).outcome).toBe('verified');
    expect(checkDraw('lhc', draw({ result: r, zodiacOfOne: 5 }), leaves).outcome).toBe('mismatch');
  });

  it('shows what a draw cancelled after its close would have drawn, and checks its seed', () => {
    const cancelled = draw({
      status: 'cancelled',
      result: null,
      cancelReason: 'feed failed',
      cancelledAt: 1_500,
    });
    const check = checkDraw('ssc', cancelled, leaves, [line({ status: 'refunded' })]);
    expect(check).toMatchObject({
      outcome: 'verified',
      seed: true,
      leaves: true,
      numbers: null,
      wouldHaveDrawn: { family: 'ssc', digits: [9, 5, 1, 4, 3] },
      mine: { included: 1 },
    });
    // Cancelled before its close: no mix, only the seed to check.
    const early = draw({ status: 'cancelled', result: null, mix: null, mixScheme: null, betCount: null });
    expect(checkDraw('ssc', early, null)).toMatchObject({
      outcome: 'verified',
      numbers: null,
      wouldHaveDrawn: null,
    });
  });
});
