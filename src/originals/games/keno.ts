/**
 * Keno: 10 numbers of 1 … 40 are drawn (a partial Fisher–Yates on the stream); the player picks 1 … 10
 * and is paid by how many of them were drawn. With p picks, h hits has probability
 * C(p, h) · C(40 − p, 10 − h) / C(40, 10).
 */
import { choose } from '../exact';
import type { OutcomeStream } from '../fair';
import { makeTable } from './tables';

export const KENO_NUMBERS = 40;
export const KENO_DRAWN = 10;
export const KENO_MAX_PICKS = 10;
export const KENO_RISKS = ['low', 'classic', 'medium', 'high'] as const;
export type KenoRisk = (typeof KENO_RISKS)[number];
/** The top prize of any table (hundredths): 10,000×. */
export const KENO_TOP = 1_000_000;

/** The 10 drawn numbers (1 … 40), in the order drawn. */
export function drawKeno(stream: OutcomeStream): number[] {
  const pool = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
  for (let i = 0; i < KENO_DRAWN; i++) {
    const j = i + stream.int(KENO_NUMBERS - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, KENO_DRAWN);
}

export const kenoHits = (picks: readonly number[], drawn: readonly number[]) =>
  picks.filter((n) => drawn.includes(n)).length;

export const kenoWeights = (picks: number) =>
  Array.from(
    { length: picks + 1 },
    (_, h) => choose(picks, h) * choose(KENO_NUMBERS - picks, KENO_DRAWN - h),
  );
export const kenoTotal = () => choose(KENO_NUMBERS, KENO_DRAWN);

/**
 * Each risk pays from a lowest number of hits (a share of the picks) and shares the return among the
 * paying rungs as probability^(−α): a larger α puts more of it on the rare top rungs.
 */
const SHAPES: Record<KenoRisk, { from: number; alpha: number }> = {
  low: { from: 1 / 4, alpha: 0.45 },
  classic: { from: 1 / 3, alpha: 0.55 },
  medium: { from: 1 / 2.5, alpha: 0.6 },
  high: { from: 1 / 2, alpha: 0.62 },
};

/** Multipliers (hundredths) by number of hits for `picks` picks and a risk, at a house edge. */
export function kenoTable(picks: number, risk: KenoRisk, edgeBp: number): number[] {
  const { from, alpha } = SHAPES[risk];
  const lowest = Math.max(1, Math.round(picks * from));
  const weights = kenoWeights(picks);
  const total = kenoTotal();
  const shape = weights.map((w, h) => (h < lowest ? 0 : (Number(w) / Number(total)) ** -alpha));
  const groups = Array.from({ length: picks - lowest + 1 }, (_, i) => [lowest + i]);
  return makeTable({ weights, total, shape, edgeBp, groups, capHundredths: KENO_TOP });
}

/** Every table for one edge: `${picks}:${risk}` → hundredths per number of hits. */
export function kenoTables(edgeBp: number): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (let picks = 1; picks <= KENO_MAX_PICKS; picks++)
    for (const risk of KENO_RISKS) out[`${picks}:${risk}`] = kenoTable(picks, risk, edgeBp);
  return out;
}
