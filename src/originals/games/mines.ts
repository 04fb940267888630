/**
 * Mines: a 5×5 field hides 1 … 24 mines, placed when the game starts (the first `mines` tiles of a
 * Fisher–Yates order of 0 … 24). Each safe tile revealed raises the multiplier; after k safe tiles with
 * m mines it is (1 − edge) · C(25, k) / C(25 − m, k), the inverse of the chance of getting there, so
 * cashing out after any number of tiles returns exactly 1 − edge.
 */
import { choose, type Ratio, scaleDown } from '../exact';
import type { OutcomeStream } from '../fair';

export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;

/** The mined tiles (0 … 24, row by row), in draw order. */
export function drawMines(stream: OutcomeStream, mines: number): number[] {
  const order = stream.shuffle(Array.from({ length: MINES_TILES }, (_, i) => i));
  return order.slice(0, mines);
}

export const minesMultiplier = (mines: number, safe: number, edgeBp: number): Ratio => ({
  num: BigInt(10_000 - edgeBp) * choose(MINES_TILES, safe),
  den: 10_000n * choose(MINES_TILES - mines, safe),
});

/** The multiplier shown after `safe` safe tiles, in hundredths rounded down. */
export function minesMultiplierShown(mines: number, safe: number, edgeBp: number) {
  const m = minesMultiplier(mines, safe, edgeBp);
  return Number((m.num * 100n) / m.den);
}

export function minesPayout(stake: number, mines: number, safe: number, edgeBp: number) {
  const m = minesMultiplier(mines, safe, edgeBp);
  return scaleDown(stake, m.num, m.den);
}

/** The chance of revealing `safe` safe tiles in a row: C(25 − m, k) / C(25, k). */
export const minesSurvival = (mines: number, safe: number): Ratio => ({
  num: choose(MINES_TILES - mines, safe),
  den: choose(MINES_TILES, safe),
});

/** The exact return of cashing out after `safe` tiles. */
export function minesReturn(mines: number, safe: number, edgeBp: number): Ratio {
  const s = minesSurvival(mines, safe);
  const m = minesMultiplier(mines, safe, edgeBp);
  return { num: s.num * m.num, den: s.den * m.den };
}
