import { describe, expect, it } from 'vitest';
import { BET_TYPES, betTypes, linePayout, type Selection } from '../../src/lottery/bet-types';
import type { DrawResult } from '../../src/lottery/results';
import { betTypeReturns, selectionReturn, vnWinChance } from '../../src/lottery/returns';
import type { Ratio } from '../../src/originals/exact';

/*
 * Every lottery bet type's return at its default odds, exact (integer ratios over every outcome that
 * matters to it), never sampled. The fast games and the Vietnamese draw return at most 97.5 % and at
 * least 96.9 %; SEA 4D keeps the classic prize schedule (64 % big, 65 % small).
 */
const percentOf = (r: Ratio) => Number((r.num * 10_000_000n) / r.den) / 100_000;
const TARGET: Ratio = { num: 975n, den: 1000n };
const notAbove = (a: Ratio, b: Ratio) => a.num * b.den <= b.num * a.den;

describe('exact return of every bet type at its default odds', () => {
  for (const def of BET_TYPES.filter((d) => d.family !== '4d')) {
    it(`${def.code}: every selection returns between 96.9 % and 97.5 %`, () => {
      const { each } = betTypeReturns(def, def.defaultOdds);
      for (const { label, ratio } of each) {
        expect(notAbove(ratio, TARGET), `${def.code} ${label}: ${percentOf(ratio)} %`).toBe(true);
        expect(percentOf(ratio), `${def.code} ${label}`).toBeGreaterThanOrEqual(96.9);
      }
    });
  }

  it('SEA 4D pays its classic schedule: 64 % on big, 65 % on small, exactly', () => {
    const big = betTypeReturns(betTypes.get('4d.big')!, betTypes.get('4d.big')!.defaultOdds).each[0]!.ratio;
    const small = betTypeReturns(betTypes.get('4d.small')!, betTypes.get('4d.small')!.defaultOdds).each[0]!
      .ratio;
    expect(big.num * 100n).toBe(64n * big.den);
    expect(small.num * 100n).toBe(65n * small.den);
  });

  it('a return is the same whichever combination is picked (SSC group 3 over every pair, 11X5 any 2 over several)', () => {
    const group3 = betTypes.get('ssc.group3')!;
    const first = selectionReturn(group3, group3.defaultOdds, [[0, 1]]);
    for (const sel of [[[3, 7]], [[8, 9]], [[1, 2, 3, 4]]] as Selection[]) {
      const r = selectionReturn(group3, group3.defaultOdds, sel);
      expect(r.num * first.den).toBe(first.num * r.den);
    }
    const any2 = betTypes.get('11x5.any2')!;
    const a = selectionReturn(any2, any2.defaultOdds, [[1, 2]]);
    const b = selectionReturn(any2, any2.defaultOdds, [[4, 9, 11]]);
    expect(a.num * b.den).toBe(b.num * a.den);
  });

  it('Mark Six returns the same in any lunar year (the year’s animal has five numbers, at its own odds)', () => {
    const zodiac = betTypes.get('lhc.zodiac')!;
    const base = betTypeReturns(zodiac, zodiac.defaultOdds, 0)
      .each.map((e) => percentOf(e.ratio))
      .sort();
    for (const year of [3, 6, 11]) {
      const other = betTypeReturns(zodiac, zodiac.defaultOdds, year)
        .each.map((e) => percentOf(e.ratio))
        .sort();
      expect(other).toEqual(base);
    }
  });

  it('the Vietnamese counts agree with every outcome of a smaller draw, enumerated', () => {
    // With 2 prizes instead of 27, every one of the 100² pairs of endings is enumerated through the
    // bet type's own win check; the counting formula with 2 prizes must give the same.
    const lo = betTypes.get('vn.lo')!;
    const xien2 = betTypes.get('vn.xien2')!;
    let loHits = 0n;
    let xienWins = 0n;
    for (let a = 0; a < 100; a++) {
      for (let b = 0; b < 100; b++) {
        const result: DrawResult = {
          family: 'vn',
          prizes: [[`000${String(a).padStart(2, '0')}`], [`123${String(b).padStart(2, '0')}`]],
        };
        loHits += BigInt(lo.settle([[7]], result).hits.win ?? 0);
        xienWins += BigInt(xien2.settle([[7, 42]], result).hits.win ?? 0);
      }
    }
    // lô: 2 prizes × 1/100 each; xiên 2 with 2 prizes: both numbers must appear, in either order: 2/100².
    expect(loHits).toBe(200n);
    expect(xienWins).toBe(2n);
    // The same inclusion and exclusion as vnWinChance, at 2 prizes.
    const k = 2;
    let num = 0n;
    for (let j = 0; j <= k; j++) num += (j % 2 ? -1n : 1n) * BigInt([1, 2, 1][j]!) * BigInt(100 - j) ** 2n;
    expect(num).toBe(2n);
    // And at 27 prizes the chance is what it is.
    const p = vnWinChance('vn.xien2');
    expect(Number((p.num * 1_000_000n) / p.den)).toBe(54_882);
  });
});

describe('line payouts', () => {
  it('pays unit × multiplier × odds per hit, floored once per line, and gives voided stakes back', () => {
    expect(linePayout({ hits: { win: 1 }, voided: 0 }, { win: 195 }, 100, 3)).toBe(585);
    expect(linePayout({ hits: { win: 3 }, voided: 0 }, { win: 361 }, 7, 1)).toBe(75);
    expect(linePayout({ hits: {}, voided: 2 }, { win: 194 }, 50, 2)).toBe(200);
    expect(linePayout({ hits: {}, voided: 0 }, { win: 194 }, 50, 2)).toBe(0);
    // Big numbers stay exact: five-star at 97,500× on 1,000.00 × 99.
    expect(linePayout({ hits: { win: 1 }, voided: 0 }, { win: 9_750_000 }, 100_000, 99)).toBe(
      965_250_000_000,
    );
  });
});
