/**
 * The book's margin and the price ladder (docs/sports.md, "Pricing and the simulator").
 *
 * **Margin: the power method.** A market's fair probabilities q (summing to S: 1 for a plain market, 2
 * for double chance) are raised to one power k ≤ 1 so that Σ qᵏ = S × (1 + margin). Every qᵏ is above
 * its q, so every outcome carries some of the margin (no longshot is offered above its fair price), and
 * longshots carry more of it, as books do.
 *
 * **Ladder.** A price is rounded down to two decimals below 10, to 0.05 below 20, to 0.5 below 50 and to
 * a whole number above: never in the player's favour.
 */
import { MAX_PRICE, MIN_PRICE, PRICE_SCALE } from './price';

/** Outcomes likelier than this, or less likely than its complement, are not offered. */
export const OFFER_LIMIT = 0.0005;

/** The margined probabilities qᵏ (before rounding); null when no power reaches the target. */
export function marginedProbabilities(qs: readonly number[], marginBp: number): number[] | null {
  if (!(marginBp >= 0)) throw new RangeError(`a margin is at least 0 basis points: ${marginBp}`);
  const sum = qs.reduce((s, q) => s + q, 0);
  const target = sum * (1 + marginBp / 10_000);
  const live = qs.filter((q) => q > 0);
  // Σ qᵏ falls from the count of live outcomes (k → 0) to S (k = 1).
  if (live.length <= target && marginBp > 0) return null;
  const total = (k: number) => live.reduce((s, q) => s + q ** k, 0);
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 100 && marginBp > 0; i++) {
    const mid = (lo + hi) / 2;
    if (total(mid) > target) lo = mid;
    else hi = mid;
  }
  const k = marginBp > 0 ? (lo + hi) / 2 : 1;
  return qs.map((q) => (q > 0 ? q ** k : 0));
}

/** A decimal price rounded down to the ladder, in ten-thousandths; null when below MIN_PRICE. */
export function ladderPrice(decimal: number): number | null {
  const raw = Math.floor(decimal * PRICE_SCALE);
  if (!(raw >= MIN_PRICE)) return null;
  const step = raw < 100_000 ? 100 : raw < 200_000 ? 500 : raw < 500_000 ? 5_000 : 10_000;
  return Math.max(MIN_PRICE, Math.min(MAX_PRICE, raw - (raw % step)));
}

/**
 * A market's prices from its outcomes' fair probabilities: margined, then rounded to the ladder. An
 * outcome is not offered (null) when it is nearly impossible or nearly certain, and a market is not
 * offered at all when fewer than two of its outcomes are.
 */
export function priceProbabilities(qs: readonly number[], marginBp: number): (number | null)[] {
  const none = qs.map(() => null);
  const offered = qs.map((q) => q >= OFFER_LIMIT && q <= 1 - OFFER_LIMIT);
  if (offered.filter(Boolean).length < 2) return none;
  const margined = marginedProbabilities(qs, marginBp);
  if (!margined) return none;
  const prices = margined.map((m, i) => (offered[i] ? ladderPrice(1 / m) : null));
  return prices.filter((p) => p !== null).length < 2 ? none : prices;
}
