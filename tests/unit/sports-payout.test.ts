import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accumulatorPrice,
  floorPrice,
  type Leg,
  lineCount,
  linePayout,
  MAX_LEGS,
  NAMED_SYSTEMS,
  potentialPayout,
  type SlipLeg,
  stakePerLine,
  systemLines,
  systemOf,
  systemPayout,
  systemStake,
  validateSlip,
} from '../../src/sports/payout';
import { MAX_PRICE, MIN_PRICE } from '../../src/sports/price';
import { deadHeat, type Factor, HALF_LOSE, HALF_WIN, LOSE, VOID, WIN } from '../../src/sports/settle';

/*
 * Payouts in whole minor units from the stake, the legs' prices (ten-thousandths) and their settlement
 * factors, floored once per line (the house keeps the fraction); systems as the sum of their lines.
 */

const leg = (price: number, factor: Factor = WIN): Leg => ({ price, factor });

describe('a single', () => {
  it('pays stake × price, floored to the minor unit', () => {
    expect(linePayout(1_000, [leg(19_500)])).toBe(1_950);
    expect(linePayout(1_000, [leg(19_500, LOSE)])).toBe(0);
    expect(linePayout(1_000, [leg(19_500, VOID)])).toBe(1_000);
    // Half-win: half at 1.95, half back = 1000 × (1.95 + 1) / 2.
    expect(linePayout(1_000, [leg(19_500, HALF_WIN)])).toBe(1_475);
    expect(linePayout(1_000, [leg(19_500, HALF_LOSE)])).toBe(500);
    // Dead heat of three for one place at 4.00: 1000 × 4 / 3 = 1333.33…
    expect(linePayout(1_000, [leg(40_000, deadHeat(1, 3))])).toBe(1_333);
    expect(linePayout(1_000, [leg(40_000, deadHeat(1, 2))])).toBe(2_000);
  });

  it('floors at the boundaries and never pays a fraction of a minor unit', () => {
    expect(linePayout(1, [leg(MIN_PRICE)])).toBe(1);
    expect(linePayout(9_999, [leg(MIN_PRICE)])).toBe(9_999); // 9999.9999
    expect(linePayout(10_000, [leg(MIN_PRICE)])).toBe(10_001);
    expect(linePayout(1, [leg(19_999)])).toBe(1); // 1.9999
    expect(linePayout(1, [leg(20_000)])).toBe(2);
    expect(linePayout(1, [leg(19_500, HALF_WIN)])).toBe(1); // 1.475
    expect(linePayout(1, [leg(30_000, HALF_LOSE)])).toBe(0); // 0.5
    expect(linePayout(3, [leg(20_000, HALF_LOSE)])).toBe(1); // 1.5
    expect(linePayout(0, [leg(20_000)])).toBe(0);
    expect(linePayout(100, [leg(MAX_PRICE)])).toBe(100_000);
  });

  it('refuses a stake that is not a whole number of minor units', () => {
    expect(() => linePayout(1.5, [leg(20_000)])).toThrow(RangeError);
    expect(() => linePayout(-1, [leg(20_000)])).toThrow(RangeError);
  });
});

describe('an accumulator', () => {
  it('multiplies the legs exactly and floors once', () => {
    // 1.95 × 1.95 × 1.95 = 7.414875.
    expect(linePayout(1_000, [leg(19_500), leg(19_500), leg(19_500)])).toBe(7_414);
    expect(potentialPayout(1_000, [19_500, 19_500, 19_500])).toBe(7_414);
    expect(floorPrice(accumulatorPrice([19_500, 19_500, 19_500]))).toBe(74_148);
    // A void leg counts at 1: the double becomes a single.
    expect(linePayout(1_000, [leg(19_500), leg(30_000, VOID)])).toBe(1_950);
    // Half-win at 2.00 is 1.5, half-lose 0.5: 1000 × 1.95 × 1.5 × 0.5 = 1462.5.
    expect(linePayout(1_000, [leg(19_500), leg(20_000, HALF_WIN), leg(17_000, HALF_LOSE)])).toBe(1_462);
    // One lost leg loses it all.
    expect(linePayout(1_000, [leg(19_500), leg(50_000, LOSE), leg(20_000, VOID)])).toBe(0);
    // Every leg void: the stake back.
    expect(
      linePayout(
        777,
        Array.from({ length: 20 }, () => leg(33_333, VOID)),
      ),
    ).toBe(777);
  });

  it('floors the product, not each leg (1.0001²⁰ on 10 000 is 10 020)', () => {
    const legs = Array.from({ length: 20 }, () => leg(MIN_PRICE));
    // 10000 × 1.0001^20 = 10020.019…; flooring each leg first would give 10000.
    expect(linePayout(10_000, legs)).toBe(10_020);
  });

  it('refuses a payout beyond a safe integer rather than losing digits', () => {
    expect(() =>
      potentialPayout(
        1_000_000,
        Array.from({ length: 20 }, () => MAX_PRICE),
      ),
    ).toThrow(RangeError);
  });
});

describe('systems', () => {
  it('every named system has its number of lines', () => {
    const expected = {
      trixie: 4,
      patent: 7,
      yankee: 11,
      lucky15: 15,
      canadian: 26,
      lucky31: 31,
      heinz: 57,
      lucky63: 63,
      superHeinz: 120,
      goliath: 247,
    };
    for (const [name, lines] of Object.entries(expected)) {
      const spec = systemOf(name)!;
      expect(lineCount(spec), name).toBe(lines);
      expect(systemLines(spec), name).toHaveLength(lines);
    }
    expect(Object.keys(NAMED_SYSTEMS).sort()).toEqual(Object.keys(expected).sort());
    expect(systemOf('superYankee')).toBe(NAMED_SYSTEMS.canadian);
  });

  it('k/n systems: every k-fold of n legs, C(n, k) lines', () => {
    expect(lineCount(systemOf('2/3')!)).toBe(3);
    expect(lineCount(systemOf('2/4')!)).toBe(6);
    expect(lineCount(systemOf('3/5')!)).toBe(10);
    expect(lineCount(systemOf('10/20')!)).toBe(184_756);
    expect(lineCount(systemOf('1/4')!)).toBe(4);
    for (const bad of ['0/3', '4/3', '2/21', 'x', '2/', 'lucky16', 'toString', '__proto__'])
      expect(systemOf(bad), bad).toBeNull();
  });

  it('lists the lines by size, then in order', () => {
    expect(systemLines(NAMED_SYSTEMS.trixie)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 1, 2],
    ]);
    expect(systemLines(NAMED_SYSTEMS.patent)).toEqual([[0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]]);
    expect(systemLines(systemOf('3/4')!)).toEqual([
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 3],
    ]);
    // Every line of a Goliath is different.
    const goliath = systemLines(NAMED_SYSTEMS.goliath).map((l) => l.join(','));
    expect(new Set(goliath).size).toBe(247);
  });

  it('stakes every line with the unit stake', () => {
    expect(systemStake(100, NAMED_SYSTEMS.yankee)).toBe(1_100);
    expect(stakePerLine(1_100, NAMED_SYSTEMS.yankee)).toBe(100);
    expect(stakePerLine(1_000, NAMED_SYSTEMS.yankee)).toBeNull();
    expect(stakePerLine(0, NAMED_SYSTEMS.trixie)).toBeNull();
  });

  it('a Trixie with two winners pays their double only', () => {
    const legs = [leg(20_000), leg(30_000), leg(40_000, LOSE)];
    expect(systemPayout(100, legs, NAMED_SYSTEMS.trixie)).toBe(600);
    // A Patent adds the singles: 200 + 300.
    expect(systemPayout(100, legs, NAMED_SYSTEMS.patent)).toBe(1_100);
  });

  it('floors each line on its own', () => {
    // Trixie at 1.0001 × 3 with a unit of 1: each double 1.0002, the treble 1.0003: 4 × 1.
    expect(systemPayout(1, [leg(MIN_PRICE), leg(MIN_PRICE), leg(MIN_PRICE)], NAMED_SYSTEMS.trixie)).toBe(4);
  });

  it('refuses legs that are not the system’s', () => {
    expect(() => systemPayout(100, [leg(20_000)], NAMED_SYSTEMS.trixie)).toThrow(RangeError);
  });
});

describe('property: a system is the sum of its lines', () => {
  const factorArb = fc.constantFrom<Factor>(
    WIN,
    LOSE,
    VOID,
    HALF_WIN,
    HALF_LOSE,
    deadHeat(1, 2),
    deadHeat(1, 3),
  );
  const legArb = fc.record({ price: fc.integer({ min: MIN_PRICE, max: 200_000 }), factor: factorArb });
  const systems = [...Object.keys(NAMED_SYSTEMS), '2/3', '3/4', '2/5', '4/6', '1/5'];

  it('over random results, the system pays the sum of its lines paid as accumulators', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...systems),
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(legArb, { minLength: 8, maxLength: 8 }),
        (code, unit, pool) => {
          const spec = systemOf(code)!;
          const legs = pool.slice(0, spec.legs);
          // The lines counted afresh: every subset of the legs (as a bit mask) whose size is in the system.
          let expected = 0;
          let lines = 0;
          for (let mask = 1; mask < 1 << spec.legs; mask++) {
            const chosen = legs.filter((_, i) => mask & (1 << i));
            if (!spec.sizes.includes(chosen.length)) continue;
            lines++;
            expected += linePayout(unit, chosen);
          }
          expect(lines).toBe(lineCount(spec));
          expect(systemPayout(unit, legs, spec)).toBe(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('a system whose every leg is void returns its whole stake', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...systems),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.integer({ min: MIN_PRICE, max: MAX_PRICE }), { minLength: 8, maxLength: 8 }),
        (code, unit, prices) => {
          const spec = systemOf(code)!;
          const legs = prices.slice(0, spec.legs).map((price) => leg(price, VOID));
          expect(systemPayout(unit, legs, spec)).toBe(systemStake(unit, spec));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a better result never pays less: win ≥ half-win ≥ void ≥ half-lose ≥ lose, leg by leg', () => {
    const order = [WIN, HALF_WIN, VOID, HALF_LOSE, LOSE];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(legArb, { minLength: 1, maxLength: 6 }),
        fc.nat(),
        (stake, legs, at) => {
          const i = at % legs.length;
          const paid = order.map((f) =>
            linePayout(
              stake,
              legs.map((l, j) => (j === i ? { ...l, factor: f } : l)),
            ),
          );
          for (let k = 1; k < paid.length; k++) expect(paid[k - 1]!).toBeGreaterThanOrEqual(paid[k]!);
          expect(paid[0]!).toBeLessThanOrEqual(
            potentialPayout(
              stake,
              legs.map((l) => l.price),
            ),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('the slip’s shape', () => {
  const legs = (...events: string[]): SlipLeg[] =>
    events.map((event, i) => ({ event, market: `${event}:m${i}`, outcome: 'home' }));

  it('accepts singles, accumulators and systems on different events', () => {
    expect(validateSlip({ kind: 'singles' }, legs('a'))).toEqual({ ok: true });
    expect(validateSlip({ kind: 'accumulator' }, legs('a', 'b'))).toEqual({ ok: true });
    expect(validateSlip({ kind: 'system', system: 'yankee' }, legs('a', 'b', 'c', 'd'))).toEqual({
      ok: true,
    });
    expect(validateSlip({ kind: 'system', system: '2/3' }, legs('a', 'b', 'c'))).toEqual({ ok: true });
    const twenty = legs(...Array.from({ length: MAX_LEGS }, (_, i) => `e${i}`));
    expect(validateSlip({ kind: 'accumulator' }, twenty)).toEqual({ ok: true });
  });

  it('refuses related legs in one line, but not as singles', () => {
    const related = legs('a', 'b', 'a');
    expect(validateSlip({ kind: 'accumulator' }, related)).toEqual({
      ok: false,
      code: 'SLIP_RELATED_LEGS',
      legs: [0, 2],
    });
    expect(validateSlip({ kind: 'system', system: 'trixie' }, related)).toMatchObject({
      code: 'SLIP_RELATED_LEGS',
    });
    expect(validateSlip({ kind: 'singles' }, related)).toEqual({ ok: true });
  });

  it('refuses 21 legs, no legs, the same outcome twice, and a system of the wrong size', () => {
    const many = legs(...Array.from({ length: MAX_LEGS + 1 }, (_, i) => `e${i}`));
    for (const kind of [{ kind: 'singles' }, { kind: 'accumulator' }] as const)
      expect(validateSlip(kind, many)).toEqual({ ok: false, code: 'SLIP_TOO_MANY_LEGS' });
    expect(validateSlip({ kind: 'singles' }, [])).toEqual({ ok: false, code: 'SLIP_EMPTY' });
    const same: SlipLeg = { event: 'a', market: 'm', outcome: 'home' };
    expect(validateSlip({ kind: 'singles' }, [same, { ...same }])).toEqual({
      ok: false,
      code: 'SLIP_DUPLICATE_LEG',
      legs: [0, 1],
    });
    expect(validateSlip({ kind: 'accumulator' }, legs('a'))).toEqual({
      ok: false,
      code: 'SLIP_TOO_FEW_LEGS',
    });
    expect(validateSlip({ kind: 'system', system: 'yankee' }, legs('a', 'b', 'c'))).toEqual({
      ok: false,
      code: 'SLIP_SYSTEM_LEGS',
    });
    expect(validateSlip({ kind: 'system', system: 'lucky16' }, legs('a', 'b', 'c'))).toEqual({
      ok: false,
      code: 'SLIP_UNKNOWN_SYSTEM',
    });
  });
});
