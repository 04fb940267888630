/** Exact integer helpers for payout tables: binomial coefficients and returns as BigInt ratios. */

const memo = new Map<string, bigint>();

/** n choose k, exactly (0 outside 0 ≤ k ≤ n). */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  const key = `${n}:${k}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  memo.set(key, r);
  return r;
}

/** A return to player as an exact ratio. */
export interface Ratio {
  num: bigint;
  den: bigint;
}

/** The target return for a house edge in basis points: (10000 − edge) / 10000. */
export const targetReturn = (edgeBp: number): Ratio => ({ num: BigInt(10_000 - edgeBp), den: 10_000n });

/** a ≤ b for two ratios with positive denominators. */
export const atMost = (a: Ratio, b: Ratio) => a.num * b.den <= b.num * a.den;

/** A ratio as a percentage with `digits` decimals, rounded down ("98.99"). */
export function percent(r: Ratio, digits = 2): string {
  const scale = 10n ** BigInt(digits);
  const scaled = (r.num * 100n * scale) / r.den;
  const whole = scaled / scale;
  return digits > 0 ? `${whole}.${(scaled % scale).toString().padStart(digits, '0')}` : `${whole}`;
}

/** floor(stake × num / den) in minor units, without passing through a float. */
export function scaleDown(stake: number, num: bigint, den: bigint): number {
  return Number((BigInt(stake) * num) / den);
}

/** A multiplier in hundredths as text ("2.00", "1000.50"). */
export function formatHundredths(h: number): string {
  return `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`;
}
