/**
 * What a bet pays (docs/sports.md, "Payouts" and "Systems"): singles, accumulators and systems, from the
 * stake in minor units, each leg's price (ten-thousandths) and each leg's settlement factor.
 *
 * A leg returns `price × win/den + 1 × void/den` per unit staked (a void leg's price becomes 1, a half-win
 * (price + 1) / 2, a half-lose 1/2, a dead heat price × k/n); a line (a single or an accumulator) pays
 * `stake × Π leg returns`, computed exactly with integers and then **floored to the minor unit: the house
 * keeps the fraction**. A system is its lines, each staked with the unit stake and floored on its own;
 * the system pays the sum of its lines' payouts.
 */
import { choose } from '../originals/exact';
import { PRICE_SCALE } from './price';
import type { Factor } from './settle';

export interface Leg {
  /** Decimal odds in ten-thousandths, as accepted. */
  price: number;
  factor: Factor;
}

const S = BigInt(PRICE_SCALE);

function assertStake(stake: number) {
  if (!Number.isSafeInteger(stake) || stake < 0) throw new RangeError(`not a stake in minor units: ${stake}`);
}

/** A line's payout in minor units, floored: a single with one leg, an accumulator with several. */
export function linePayout(stake: number, legs: readonly Leg[]): number {
  assertStake(stake);
  let num = BigInt(stake);
  let den = 1n;
  for (const { price, factor: f } of legs) {
    num *= BigInt(f.win) * BigInt(price) + BigInt(f.void) * S;
    den *= BigInt(f.den) * S;
  }
  const paid = num / den;
  if (paid > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('payout beyond a safe integer');
  return Number(paid);
}

/** The most a line can pay: every leg won at its price (what the slip shows and the risk limits read). */
export function potentialPayout(stake: number, prices: readonly number[]): number {
  return linePayout(
    stake,
    prices.map((price) => ({ price, factor: { win: 1, void: 0, den: 1 } })),
  );
}

/**
 * An accumulator's total price, exact: Π priceᵢ / 10 000ⁿ⁻¹ in ten-thousandths, as a numerator over a
 * denominator (the slip shows it rounded down with `floorPrice`).
 */
export function accumulatorPrice(prices: readonly number[]): { num: bigint; den: bigint } {
  let num = 1n;
  let den = 1n;
  for (const p of prices) {
    num *= BigInt(p);
    den *= S;
  }
  return { num: num * S, den };
}

/** A total price rounded down to a whole ten-thousandth (never shows more than the bet pays). */
export const floorPrice = (q: { num: bigint; den: bigint }) => Number(q.num / q.den);

// ---- systems -----------------------------------------------------------------------------------------

/** A system: `legs` selections, a line for every combination of each size in `sizes` (1 = singles). */
export interface SystemSpec {
  legs: number;
  sizes: readonly number[];
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The named full-cover systems: every double and up (and with the singles for the "Lucky" ones). */
export const NAMED_SYSTEMS = {
  trixie: { legs: 3, sizes: range(2, 3) },
  patent: { legs: 3, sizes: range(1, 3) },
  yankee: { legs: 4, sizes: range(2, 4) },
  lucky15: { legs: 4, sizes: range(1, 4) },
  canadian: { legs: 5, sizes: range(2, 5) },
  lucky31: { legs: 5, sizes: range(1, 5) },
  heinz: { legs: 6, sizes: range(2, 6) },
  lucky63: { legs: 6, sizes: range(1, 6) },
  superHeinz: { legs: 7, sizes: range(2, 7) },
  goliath: { legs: 8, sizes: range(2, 8) },
} as const satisfies Record<string, SystemSpec>;
export type NamedSystem = keyof typeof NAMED_SYSTEMS;
/** A Canadian is also called a Super Yankee. */
export const SYSTEM_ALIASES: Record<string, NamedSystem> = { superYankee: 'canadian' };

/**
 * A system from its code: a name ("yankee", "superYankee") or "k/n", every k-fold of n legs ("2/4" is
 * the six doubles of four legs, "3/5" the ten trebles of five); null when it is neither.
 */
export function systemOf(code: string): SystemSpec | null {
  const name = SYSTEM_ALIASES[code] ?? code;
  if (Object.hasOwn(NAMED_SYSTEMS, name)) return NAMED_SYSTEMS[name as NamedSystem];
  const m = /^(\d{1,2})\/(\d{1,2})$/.exec(code);
  if (!m) return null;
  const k = Number(m[1]);
  const n = Number(m[2]);
  return k >= 1 && k <= n && n <= MAX_LEGS ? { legs: n, sizes: [k] } : null;
}

/** How many lines a system has: Σ C(n, k) over its sizes. */
export const lineCount = (spec: SystemSpec) =>
  spec.sizes.reduce((n, k) => n + Number(choose(spec.legs, k)), 0);

/** Every line of a system as the indexes of its legs, by size then in lexicographic order. */
export function systemLines(spec: SystemSpec): number[][] {
  const out: number[][] = [];
  const pick = (k: number, from: number, line: number[]) => {
    if (line.length === k) {
      out.push([...line]);
      return;
    }
    for (let i = from; i <= spec.legs - (k - line.length); i++) {
      line.push(i);
      pick(k, i + 1, line);
      line.pop();
    }
  };
  for (const k of [...spec.sizes].sort((a, b) => a - b)) pick(k, 0, []);
  return out;
}

/** A system's whole stake: the unit stake on every line. */
export const systemStake = (unitStake: number, spec: SystemSpec) => unitStake * lineCount(spec);

/**
 * The unit stake of a system staked as a whole: the total divided by its lines, or null when it does not
 * divide exactly (the slip asks for a total that does, or a stake per line).
 */
export function stakePerLine(total: number, spec: SystemSpec): number | null {
  const lines = lineCount(spec);
  return Number.isSafeInteger(total) && total > 0 && total % lines === 0 ? total / lines : null;
}

/** A system's payout: the sum of its lines' payouts, each line staked with `unitStake` and floored. */
export function systemPayout(unitStake: number, legs: readonly Leg[], spec: SystemSpec): number {
  if (legs.length !== spec.legs) throw new RangeError(`a system of ${spec.legs} legs given ${legs.length}`);
  return systemLines(spec).reduce(
    (paid, line) =>
      paid +
      linePayout(
        unitStake,
        line.map((i) => legs[i]!),
      ),
    0,
  );
}

// ---- the slip's shape ----------------------------------------------------------------------------------

/** The most legs a slip holds (singles, an accumulator or a system). */
export const MAX_LEGS = 20;

export interface SlipLeg {
  /** The fixture (or the outright's event) the leg is on: two legs on one event are related. */
  event: string;
  market: string;
  outcome: string;
}

export type SlipKind = { kind: 'singles' } | { kind: 'accumulator' } | { kind: 'system'; system: string };

export type SlipProblem =
  | 'SLIP_EMPTY'
  | 'SLIP_TOO_MANY_LEGS'
  | 'SLIP_DUPLICATE_LEG'
  | 'SLIP_RELATED_LEGS'
  | 'SLIP_TOO_FEW_LEGS'
  | 'SLIP_UNKNOWN_SYSTEM'
  | 'SLIP_SYSTEM_LEGS';

export type SlipCheck = { ok: true } | { ok: false; code: SlipProblem; legs?: number[] };

/**
 * Whether a slip's legs make the bet it asks for, with a stable code when not (and the indexes of the
 * legs at fault): at most 20 legs; never the same outcome twice; an accumulator needs two legs and a
 * system exactly its legs; legs combined in one line (accumulator, system) must be on different events.
 */
export function validateSlip(slip: SlipKind, legs: readonly SlipLeg[]): SlipCheck {
  if (legs.length === 0) return { ok: false, code: 'SLIP_EMPTY' };
  if (legs.length > MAX_LEGS) return { ok: false, code: 'SLIP_TOO_MANY_LEGS' };
  const firstOf = new Map<string, number>();
  for (const [i, leg] of legs.entries()) {
    const key = JSON.stringify([leg.event, leg.market, leg.outcome]);
    const first = firstOf.get(key);
    if (first !== undefined) return { ok: false, code: 'SLIP_DUPLICATE_LEG', legs: [first, i] };
    firstOf.set(key, i);
  }
  if (slip.kind === 'singles') return { ok: true };
  if (slip.kind === 'system') {
    const spec = systemOf(slip.system);
    if (!spec) return { ok: false, code: 'SLIP_UNKNOWN_SYSTEM' };
    if (spec.legs !== legs.length) return { ok: false, code: 'SLIP_SYSTEM_LEGS' };
  } else if (legs.length < 2) return { ok: false, code: 'SLIP_TOO_FEW_LEGS' };
  const byEvent = new Map<string, number>();
  for (const [i, leg] of legs.entries()) {
    const first = byEvent.get(leg.event);
    if (first !== undefined) return { ok: false, code: 'SLIP_RELATED_LEGS', legs: [first, i] };
    byEvent.set(leg.event, i);
  }
  return { ok: true };
}
