/**
 * The multiplier draw shared by limbo and crash: r uniform on 0 … 2^48 − 1, and the result
 * floor((10,000 − edge) · 2^48 / (2^48 − r) / 100) hundredths, at least 1.00× and at most 1,000,000×.
 * For any target t (hundredths, 101 … the cap) the result reaches t for exactly
 * floor((10,000 − edge) · 2^48 / (100 · t)) of the 2^48 values of r, so a bet on t returns
 * t/100 × that / 2^48: the target return, short by at most t / 2^48.
 */
import type { Ratio } from '../exact';

export const SPACE = 2n ** 48n;
/** 1,000,000.00× */
export const MAX_MULTIPLIER = 100_000_000;
export const MIN_TARGET = 101;

export function multiplierFrom(r: number, edgeBp: number): number {
  const raw = (BigInt(10_000 - edgeBp) * SPACE) / ((SPACE - BigInt(r)) * 100n);
  return Math.max(100, Math.min(MAX_MULTIPLIER, Number(raw)));
}

/** How many of the 2^48 values of r reach `target` (hundredths). */
export const winningValues = (target: number, edgeBp: number) =>
  (BigInt(10_000 - edgeBp) * SPACE) / (100n * BigInt(target));

/** The exact return of a bet on `target`. */
export const targetReturnOf = (target: number, edgeBp: number): Ratio => ({
  num: BigInt(target) * winningValues(target, edgeBp),
  den: 100n * SPACE,
});
