/**
 * Truncated count distributions for pricing (docs/sports.md, "Pricing and the simulator"). Each list
 * stops where the mass beyond it is below `tail` (1e-10 by default), so a grid of two of them neglects
 * less than 1e-9 of the probability.
 */

export const TAIL = 1e-10;

/** The most terms a list may have: far beyond any mean a match has (a whole match's kills are ~250). */
const MAX_TERMS = 5_000;

/** P(X = k) for k = 0, 1, … of a Poisson count with this mean. */
export function poisson(mean: number, tail = TAIL): number[] {
  if (!(mean > 0)) return [1];
  const out = [Math.exp(-mean)];
  let cdf = out[0]!;
  for (let k = 1; k < MAX_TERMS; k++) {
    const p = out[k - 1]! * (mean / k);
    out.push(p);
    cdf += p;
    if (k > mean && 1 - cdf < tail) break;
  }
  return out;
}

/**
 * P(X = k) of a negative binomial count with this mean and shape (a Poisson whose mean is itself
 * gamma-distributed with that shape: variance mean + mean²/shape). A large shape is nearly Poisson.
 */
export function negativeBinomial(mean: number, shape: number, tail = TAIL): number[] {
  if (!(mean > 0)) return [1];
  const q = mean / (shape + mean);
  const out = [(1 - q) ** shape];
  let cdf = out[0]!;
  for (let k = 1; k < MAX_TERMS; k++) {
    const p = out[k - 1]! * (((k - 1 + shape) / k) * q);
    out.push(p);
    cdf += p;
    if (k > mean && 1 - cdf < tail) break;
  }
  return out;
}

/** The distribution of X − Y for independent X and Y, as an array offset by `offset` (index = d + offset). */
export function difference(x: readonly number[], y: readonly number[]): { p: number[]; offset: number } {
  const offset = y.length - 1;
  const p = new Array<number>(x.length + y.length - 1).fill(0);
  x.forEach((px, i) => {
    y.forEach((py, j) => {
      p[i - j + offset]! += px * py;
    });
  });
  return { p, offset };
}

/** A list scaled to sum to 1 (a truncated distribution's small missing mass spread over what is kept). */
export function normalised(p: readonly number[]): number[] {
  const total = p.reduce((s, x) => s + x, 0);
  return p.map((x) => x / total);
}
