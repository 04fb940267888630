import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BET_TYPES, betTypes, type Selection, selectionError } from '../../src/lottery/bet-types';
import {
  type DrawResult,
  drawResult,
  FAMILIES,
  lunarYearZodiac,
  VN_PRIZES,
  zodiacOf,
} from '../../src/lottery/results';

const SEED = 'a3f1c2d4e5b6978812345678900abcdef0123456789abcdef0123456789abcd';
const MIX = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** The documented scheme on node:crypto alone: whole numbers by rejection sampling on 4-byte words. */
function referenceInts(serverSeed: string, mix: string) {
  let block = Buffer.alloc(0);
  let offset = 0;
  let cursor = 0;
  const byte = () => {
    if (offset === block.length) {
      block = createHmac('sha256', serverSeed).update(`${mix}:0:${cursor++}`).digest();
      offset = 0;
    }
    return block[offset++]!;
  };
  const uint32 = () => ((byte() << 24) >>> 0) + (byte() << 16) + (byte() << 8) + byte();
  return (n: number) => {
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      const x = uint32();
      if (x < limit) return x % n;
    }
  };
}

/** A partial Fisher–Yates written out on a real array. */
function referenceShuffle(int: (n: number) => number, n: number, k: number) {
  const a = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + int(n - i);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, k);
}

describe('draws: known answers from a fixed seed and mix', () => {
  it('every family draws the same numbers as the written-out reference, and these ones', () => {
    const known: Record<string, DrawResult> = {
      ssc: { family: 'ssc', digits: [5, 8, 6, 8, 7] },
      '11x5': { family: '11x5', numbers: [4, 10, 6, 8, 2] },
      pk10: { family: 'pk10', order: [6, 7, 5, 10, 1, 9, 4, 2, 8, 3] },
      lhc: { family: 'lhc', numbers: [1, 28, 2, 4, 12, 37], special: 15, zodiacOfOne: 6 },
      '4d': {
        family: '4d',
        first: 3225,
        second: 7872,
        third: 8670,
        starters: [4414, 9263, 2673, 5879, 4236, 4945, 3349, 4541, 3756, 3086],
        consolations: [5721, 9540, 5860, 4533, 7062, 1675, 8765, 3830, 2955, 6918],
      },
      vn: {
        family: 'vn',
        prizes: [
          ['03225'],
          ['91178'],
          ['41266', '76708'],
          ['08867', '89543', '86243', '43817', '40953', '20772'],
          ['1021', '0829', '1774', '2901'],
          ['2826', '2820', '0309', '4130', '3315', '2978'],
          ['890', '281', '018'],
          ['94', '71', '70', '07'],
        ],
      },
    };
    for (const family of FAMILIES) {
      expect(drawResult(family, SEED, MIX, { zodiacOfOne: 6 }), family).toEqual(known[family]);
    }
    const int = referenceInts(SEED, MIX);
    expect(Array.from({ length: 5 }, () => int(10))).toEqual([5, 8, 6, 8, 7]);
    expect(referenceShuffle(referenceInts(SEED, MIX), 11, 5).map((n) => n + 1)).toEqual([4, 10, 6, 8, 2]);
    expect(referenceShuffle(referenceInts(SEED, MIX), 49, 7).map((n) => n + 1)).toEqual([
      1, 28, 2, 4, 12, 37, 15,
    ]);
    const fourD = referenceShuffle(referenceInts(SEED, MIX), 10_000, 23);
    expect(fourD.slice(0, 3)).toEqual([3225, 7872, 8670]);
  });

  it('a different mix (one more bet accepted) draws different numbers', () => {
    const other = MIX.replace(/^e/, 'f');
    expect(drawResult('ssc', SEED, other)).not.toEqual(drawResult('ssc', SEED, MIX));
    expect(drawResult('pk10', SEED, other)).not.toEqual(drawResult('pk10', SEED, MIX));
  });

  it('draws are well formed over many seeds: different numbers where they must be, in range, 27 VN prizes', () => {
    for (let i = 0; i < 300; i++) {
      const mix = `m${i}`;
      const e = drawResult('11x5', SEED, mix) as Extract<DrawResult, { family: '11x5' }>;
      expect(new Set(e.numbers).size).toBe(5);
      expect(e.numbers.every((n) => n >= 1 && n <= 11)).toBe(true);
      const p = drawResult('pk10', SEED, mix) as Extract<DrawResult, { family: 'pk10' }>;
      expect([...p.order].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const m = drawResult('lhc', SEED, mix) as Extract<DrawResult, { family: 'lhc' }>;
      expect(new Set([...m.numbers, m.special]).size).toBe(7);
      const f = drawResult('4d', SEED, mix) as Extract<DrawResult, { family: '4d' }>;
      expect(new Set([f.first, f.second, f.third, ...f.starters, ...f.consolations]).size).toBe(23);
      const v = drawResult('vn', SEED, mix) as Extract<DrawResult, { family: 'vn' }>;
      expect(v.prizes.flat()).toHaveLength(VN_PRIZES);
    }
  });
});

describe('Mark Six zodiac', () => {
  it('number 1 is the lunar year’s animal, counting back; the year turns at the lunar new year', () => {
    expect(lunarYearZodiac('2026-02-16')).toBe(5); // still the snake's year
    expect(lunarYearZodiac('2026-02-17')).toBe(6); // the horse's
    expect(lunarYearZodiac('2027-03-01')).toBe(7); // the goat's
    expect(zodiacOf(1, 6)).toBe(6);
    expect(zodiacOf(2, 6)).toBe(5);
    expect(zodiacOf(13, 6)).toBe(6);
    expect(zodiacOf(49, 6)).toBe(6);
    expect(zodiacOf(8, 6)).toBe(11);
  });
});

/** Win checks: a selection, a result, what it must win. */
const ssc = (...digits: number[]): DrawResult => ({ family: 'ssc', digits });
const eleven = (...numbers: number[]): DrawResult => ({ family: '11x5', numbers });
const pk = (...order: number[]): DrawResult => ({ family: 'pk10', order });
const six = (special: number): DrawResult => ({
  family: 'lhc',
  numbers: [1, 2, 3, 4, 5, 6],
  special,
  zodiacOfOne: 6,
});
const FOUR_D: DrawResult = {
  family: '4d',
  first: 1234,
  second: 5678,
  third: 9,
  starters: [1111, 2222, 3333, 4444, 5555, 6666, 7777, 8888, 9999, 1000],
  consolations: [2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 1500, 2500],
};
const VN: DrawResult = {
  family: 'vn',
  prizes: [
    ['12345'],
    ['00045'],
    ['11111', '22222'],
    ['33333', '44444', '55555', '66666', '77777', '88888'],
    ['1010', '2020', '3030', '4040'],
    ['5050', '6060', '7070', '8080', '9090', '0101'],
    ['202', '303', '404'],
    ['45', '99', '98', '97'],
  ],
};

const cases: Array<[string, Selection, DrawResult, Record<string, number>, number?]> = [
  ['ssc.star5', [[1], [2], [3], [4], [5, 6]], ssc(1, 2, 3, 4, 6), { win: 1 }],
  ['ssc.star5', [[1], [2], [3], [4], [5]], ssc(1, 2, 3, 4, 6), {}],
  ['ssc.star4', [[9], [3], [4], [6]], ssc(9, 9, 3, 4, 6), { win: 1 }],
  ['ssc.star3', [[3], [4], [6]], ssc(9, 9, 3, 4, 6), { win: 1 }],
  ['ssc.star2', [[4], [6]], ssc(9, 9, 3, 6, 4), {}],
  ['ssc.star1', [[1, 2], [], [3], [], [0]], ssc(1, 5, 3, 7, 9), { win: 2 }],
  ['ssc.group120', [[0, 1, 2, 3, 4, 9]], ssc(4, 2, 0, 1, 3), { win: 1 }],
  ['ssc.group120', [[0, 1, 2, 3, 4]], ssc(4, 2, 0, 1, 1), {}],
  ['ssc.group24', [[0, 1, 2, 3]], ssc(9, 2, 0, 1, 3), { win: 1 }],
  ['ssc.group24', [[0, 1, 2, 3]], ssc(9, 2, 0, 1, 1), {}],
  ['ssc.group3', [[3, 7]], ssc(0, 0, 7, 3, 7), { win: 1 }],
  ['ssc.group3', [[3, 7]], ssc(0, 0, 7, 7, 7), {}],
  ['ssc.group3', [[3, 7, 8]], ssc(0, 0, 7, 3, 8), {}],
  ['ssc.group6', [[3, 7, 8]], ssc(0, 0, 7, 3, 8), { win: 1 }],
  ['ssc.group6', [[3, 7, 8, 9]], ssc(0, 0, 7, 3, 3), {}],
  ['ssc.group2', [[3, 8]], ssc(0, 0, 7, 8, 3), { win: 1 }],
  ['ssc.group2', [[3, 8]], ssc(0, 0, 7, 3, 3), {}],
  // Position 1 is 7 (big, odd), position 5 is 2 (small, even).
  ['ssc.bsoe', [[0, 2, 3], [], [], [], [1, 3]], ssc(7, 0, 0, 0, 2), { win: 4 }],
  // Sum 23 is big and odd; 22 is small and even.
  ['ssc.sum', [[0, 2]], ssc(5, 5, 5, 5, 3), { win: 2 }],
  ['ssc.sum', [[0, 2]], ssc(5, 5, 5, 5, 2), {}],
  ['ssc.dragonTiger', [[0, 2]], ssc(9, 0, 0, 0, 1), { dragonTiger: 1 }],
  ['ssc.dragonTiger', [[0, 1]], ssc(4, 0, 0, 0, 4), {}],
  ['ssc.dragonTiger', [[2]], ssc(4, 0, 0, 0, 4), { tie: 1 }],
  ['11x5.any1', [[1, 2, 3]], eleven(3, 2, 9, 10, 11), { win: 2 }],
  ['11x5.any2', [[1, 2, 3]], eleven(3, 2, 9, 10, 1), { win: 3 }],
  ['11x5.any3', [[1, 2, 3, 9]], eleven(3, 2, 9, 10, 1), { win: 4 }],
  ['11x5.any4', [[1, 2, 3, 4]], eleven(3, 2, 9, 10, 1), {}],
  ['11x5.any5', [[3, 2, 9, 10, 11]], eleven(11, 10, 9, 3, 2), { win: 1 }],
  ['11x5.any6', [[1, 2, 3, 9, 10, 11]], eleven(11, 10, 9, 3, 2), { win: 1 }],
  ['11x5.any7', [[1, 2, 3, 9, 10, 11, 4]], eleven(11, 10, 9, 3, 2), { win: 1 }],
  ['11x5.any8', [[1, 2, 3, 4, 5, 6, 7, 8]], eleven(11, 10, 9, 3, 2), {}],
  ['11x5.front2', [[3], [2]], eleven(3, 2, 9, 10, 11), { win: 1 }],
  ['11x5.front2', [[2], [3]], eleven(3, 2, 9, 10, 11), {}],
  ['11x5.front2group', [[2, 3]], eleven(3, 2, 9, 10, 11), { win: 1 }],
  ['11x5.front3', [[3], [2], [9, 10]], eleven(3, 2, 9, 10, 11), { win: 1 }],
  ['11x5.front3group', [[9, 2, 3]], eleven(3, 2, 9, 10, 11), { win: 1 }],
  [
    'pk10.position',
    [[6], [], [], [], [], [], [], [], [], [1, 3]],
    pk(6, 7, 5, 10, 1, 9, 4, 2, 8, 3),
    { win: 2 },
  ],
  ['pk10.sum', [[13, 3]], pk(6, 7, 5, 10, 1, 9, 4, 2, 8, 3), { sum9: 1 }],
  // 6 + 7 = 13: big and odd.
  ['pk10.sumBsoe', [[0, 1, 2, 3]], pk(6, 7, 5, 10, 1, 9, 4, 2, 8, 3), { big: 1, odd: 1 }],
  ['pk10.bsoe', [[0, 3], [1], [], [], [], [], [], [], [], []], pk(6, 7, 5, 10, 1, 9, 4, 2, 8, 3), { win: 2 }],
  // 6 against 3 (dragon), 7 against 8 (tiger).
  ['pk10.dragonTiger', [[0], [0, 1], [], [], []], pk(6, 7, 5, 10, 1, 9, 4, 2, 8, 3), { win: 2 }],
  ['lhc.special', [[15, 16]], six(15), { win: 1 }],
  // Number 13 is the year's animal when number 1's is (the horse, 6); 8 is the pig.
  ['lhc.zodiac', [[6]], six(13), { yearZodiac: 1 }],
  ['lhc.zodiac', [[11]], six(8), { zodiac: 1 }],
  ['lhc.colour', [[0, 1]], six(3), { blue: 1 }],
  ['lhc.bsoe', [[0, 2]], six(25), { win: 2 }],
  ['lhc.bsoe', [[0, 3]], six(49), {}, 2],
  ['4d.big', [[1234, 2222, 2500, 42]], FOUR_D, { first: 1, starter: 1, consolation: 1 }],
  ['4d.small', [[1234, 2222, 9]], FOUR_D, { first: 1, third: 1 }],
  // 45 ends the special, the first prize and a seventh: three times.
  ['vn.lo', [[45, 11]], VN, { win: 4 }],
  ['vn.de', [[45, 44]], VN, { win: 1 }],
  ['vn.xien2', [[45, 11, 12]], VN, { win: 1 }],
  ['vn.xien3', [[45, 11, 99]], VN, { win: 1 }],
  ['vn.xien4', [[45, 11, 99, 13]], VN, {}],
  ['vn.3cang', [[345, 45]], VN, { win: 1 }],
];

describe('win checks: known answers for every bet type', () => {
  it('covers every bet type', () => {
    expect(new Set(cases.map((c) => c[0]))).toEqual(new Set(BET_TYPES.map((b) => b.code)));
  });
  for (const [code, sel, result, hits, voided = 0] of cases) {
    it(`${code} ${JSON.stringify(sel)} → ${JSON.stringify(hits)}${voided ? ` and ${voided} voided` : ''}`, () => {
      const def = betTypes.get(code)!;
      expect(selectionError(def, sel)).toBeNull();
      const s = def.settle(sel, result);
      const nonZero = Object.fromEntries(Object.entries(s.hits).filter(([, n]) => n > 0));
      expect(nonZero).toEqual(hits);
      expect(s.voided).toBe(voided);
    });
  }
});

describe('combinations and refused selections', () => {
  const combos = (code: string, sel: Selection) => betTypes.get(code)!.combos(sel);
  it('counts combinations as the slip shows them', () => {
    expect(combos('ssc.star5', [[1, 2], [3], [4, 5, 6], [7], [8]])).toBe(6);
    expect(combos('ssc.star1', [[1, 2], [], [3], [], []])).toBe(3);
    expect(combos('ssc.group3', [[1, 2, 3]])).toBe(6);
    expect(combos('ssc.group6', [[1, 2, 3, 4]])).toBe(4);
    expect(combos('11x5.any3', [[1, 2, 3, 4, 5]])).toBe(10);
    expect(
      combos('11x5.front2', [
        [1, 2],
        [2, 3],
      ]),
    ).toBe(3);
    expect(combos('11x5.front3', [[1], [1, 2], [1, 2, 3]])).toBe(1);
    expect(combos('vn.xien2', [[1, 2, 3, 4]])).toBe(6);
  });

  it('refuses repeated numbers, numbers out of range, too many or too few picks, and empty lines', () => {
    const error = (code: string, sel: Selection) => selectionError(betTypes.get(code)!, sel);
    expect(error('11x5.any2', [[3, 3]])).toBe('PICKS_REPEATED');
    expect(error('11x5.any5', [[1, 2, 3, 4, 5, 6]])).toBe('SELECTION_INVALID');
    expect(error('11x5.any5', [[1, 2, 3, 4, 12]])).toBe('SELECTION_INVALID');
    expect(error('11x5.front2', [[3], [3]])).toBe('SELECTION_INVALID');
    expect(error('ssc.star1', [[], [], [], [], []])).toBe('SELECTION_INVALID');
    expect(error('ssc.star5', [[1], [2], [3], [4]])).toBe('SELECTION_INVALID');
    expect(error('ssc.star2', [[1.5], [2]])).toBe('SELECTION_INVALID');
    expect(error('4d.big', [[10_000]])).toBe('SELECTION_INVALID');
    expect(error('ssc.dragonTiger', [[3]])).toBe('SELECTION_INVALID');
  });

  it('every quick pick is a valid selection', () => {
    let x = 7;
    const rand = (n: number) => {
      x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
      return x % n;
    };
    for (const def of BET_TYPES) {
      for (let i = 0; i < 20; i++) expect(selectionError(def, def.quick(rand)), def.code).toBeNull();
    }
  });
});
