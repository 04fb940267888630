/**
 * The exact return of every lottery bet type at given odds: the expected payout of a stake of one,
 * computed over every outcome that matters to it (never sampled), as a ratio of integers. The back office
 * shows it beside the odds; tests assert it against the configured returns.
 */
import { choose, type Ratio } from '../originals/exact';
import type { BetTypeDef, Selection } from './bet-types';
import { type DrawResult, VN_PRIZES } from './results';

/** Every ordered k-tuple of different values of `pool`. */
function* arrangements(pool: readonly number[], k: number, prefix: number[] = []): Generator<number[]> {
  if (prefix.length === k) {
    yield prefix;
    return;
  }
  for (const v of pool) if (!prefix.includes(v)) yield* arrangements(pool, k, [...prefix, v]);
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The rows a selection picks in. */
const rowsUsed = (sel: Selection) => sel.flatMap((row, i) => (row.length > 0 ? [i] : []));

/**
 * The outcomes a selection's payout depends on, each with its weight (how many equally likely draws it
 * stands for). Where a bet reads only some places of a uniformly random order, the others are filled in
 * one fixed way: every arrangement of the places it reads is equally likely, so nothing is lost.
 */
function* outcomes(def: BetTypeDef, sel: Selection, zodiacOfOne: number): Generator<[DrawResult, bigint]> {
  switch (def.family) {
    case 'ssc':
      for (let n = 0; n < 100_000; n++) {
        const digits = String(n).padStart(5, '0').split('').map(Number);
        yield [{ family: 'ssc', digits }, 1n];
      }
      return;
    case '11x5':
      for (const numbers of arrangements(range(1, 11), 5)) yield [{ family: '11x5', numbers }, 1n];
      return;
    case 'pk10': {
      const places =
        def.code === 'pk10.sum' || def.code === 'pk10.sumBsoe'
          ? [0, 1]
          : def.code === 'pk10.dragonTiger'
            ? rowsUsed(sel).flatMap((i) => [i, 9 - i])
            : rowsUsed(sel);
      for (const values of arrangements(range(1, 10), places.length)) {
        const rest = range(1, 10).filter((v) => !values.includes(v));
        const order = range(0, 9).map((i) => {
          const at = places.indexOf(i);
          return at >= 0 ? values[at]! : rest.shift()!;
        });
        yield [{ family: 'pk10', order }, 1n];
      }
      return;
    }
    case 'lhc':
      // Every bet reads the special only.
      for (const special of range(1, 49)) {
        const numbers = range(1, 49)
          .filter((n) => n !== special)
          .slice(0, 6);
        yield [{ family: 'lhc', numbers, special, zodiacOfOne }, 1n];
      }
      return;
    case '4d': {
      // One number's fate: each of the 23 prizes (one draw in 10,000 each), or none of them.
      const n = sel[0]![0]!;
      const others = range(0, 9_999)
        .filter((v) => v !== n)
        .slice(0, 23);
      for (let slot = 0; slot <= 23; slot++) {
        const all = slot < 23 ? [...others.slice(0, slot), n, ...others.slice(slot + 1, 23)] : others;
        const result: DrawResult = {
          family: '4d',
          first: all[0]!,
          second: all[1]!,
          third: all[2]!,
          starters: all.slice(3, 13),
          consolations: all.slice(13, 23),
        };
        yield [result, slot < 23 ? 1n : 10_000n - 23n];
      }
      return;
    }
    case 'vn':
      throw new Error('the Vietnamese draw has 10^125 outcomes: its returns are counted (vnReturn)');
  }
}

/**
 * The Vietnamese draw's returns, counted: the 27 prizes are drawn on their own, so each prize's last two
 * digits are one of 100 equally likely endings, whatever its length.
 * - lô pays per prize ending in its number: 27 endings, 1/100 each;
 * - đề and 3 càng read the special prize alone: 1/100 and 1/1000;
 * - xiên k needs each of its k numbers to end some prize: by inclusion and exclusion,
 *   Σ_j (−1)^j C(k, j) (100 − j)^27 / 100^27.
 */
export function vnWinChance(code: string): Ratio {
  switch (code) {
    case 'vn.lo':
      return { num: BigInt(VN_PRIZES), den: 100n };
    case 'vn.de':
      return { num: 1n, den: 100n };
    case 'vn.3cang':
      return { num: 1n, den: 1_000n };
    default: {
      const k = Number(code.replace('vn.xien', ''));
      let num = 0n;
      for (let j = 0; j <= k; j++)
        num += (j % 2 ? -1n : 1n) * choose(k, j) * BigInt(100 - j) ** BigInt(VN_PRIZES);
      return { num, den: 100n ** BigInt(VN_PRIZES) };
    }
  }
}

/** Expected payout (odds included, in hundredths) and stake of one selection, over the outcomes. */
export function selectionReturn(
  def: BetTypeDef,
  odds: Record<string, number>,
  sel: Selection,
  zodiacOfOne = 0,
): Ratio {
  const combos = BigInt(def.combos(sel));
  if (def.family === 'vn') {
    const p = vnWinChance(def.code);
    // One combination: a single number (lô, đề, 3 càng) or k numbers (xiên).
    return { num: p.num * BigInt(odds.win ?? 0), den: p.den * 100n };
  }
  let paid = 0n;
  let weight = 0n;
  for (const [result, w] of outcomes(def, sel, zodiacOfOne)) {
    const s = def.settle(sel, result);
    let hundredths = BigInt(s.voided) * 100n;
    for (const [key, n] of Object.entries(s.hits)) hundredths += BigInt(n) * BigInt(odds[key] ?? 0);
    paid += hundredths * w;
    weight += w;
  }
  return { num: paid, den: weight * combos * 100n };
}

/**
 * The selections a bet type's return is measured on: every option of an option type, every sum of a sum
 * type, and one combination of a number type (its combinations are alike).
 */
export function returnSelections(def: BetTypeDef): Array<{ label: string; sel: Selection }> {
  const empty = () => def.rows.map((): number[] => []);
  if (def.rows.every((r) => r.options)) {
    // Options are alike from row to row: the first row's tell the return.
    return def.rows[0]!.options!.map((option, o) => {
      const sel = empty();
      sel[0]!.push(o);
      return { label: option, sel };
    });
  }
  if (def.code === 'pk10.sum') return range(3, 11).map((s) => ({ label: String(s), sel: [[s]] }));
  let i = 0;
  return [{ label: 'win', sel: def.quick(() => i++ % 2) }];
}

/** Each measured selection's return, and the type's lowest and highest. */
export function betTypeReturns(def: BetTypeDef, odds: Record<string, number>, zodiacOfOne = 0) {
  const each = returnSelections(def).map(({ label, sel }) => ({
    label,
    ratio: selectionReturn(def, odds, sel, zodiacOfOne),
  }));
  const asNumber = (r: Ratio) => Number((r.num * 1_000_000n) / r.den) / 1_000_000;
  const values = each.map((e) => asNumber(e.ratio));
  return { each, min: Math.min(...values), max: Math.max(...values) };
}
