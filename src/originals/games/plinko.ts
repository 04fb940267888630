/**
 * Plinko: a ball falls through `rows` rows of pegs, going left or right at each with one draw of two
 * outcomes, and lands in bin = number of rights (0 … rows). Bin k has probability C(rows, k) / 2^rows.
 */
import { choose } from '../exact';
import type { OutcomeStream } from '../fair';
import { makeTable } from './tables';

export const PLINKO_ROWS = [8, 9, 10, 11, 12, 13, 14, 15, 16] as const;
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

export interface PlinkoOutcome {
  /** 0 left, 1 right, per row from the top. */
  path: number[];
  bin: number;
}

export function drawPlinko(stream: OutcomeStream, rows: number): PlinkoOutcome {
  const path: number[] = [];
  for (let i = 0; i < rows; i++) path.push(stream.int(2));
  return { path, bin: path.reduce((a, b) => a + b, 0) };
}

/**
 * Each risk's shape: the centre bin's multiplier before scaling, and how steeply the bins rise towards
 * the edges: a + (e^(λ·d^γ) − 1) / (e^λ − 1) with d the distance from the centre (0 … 1).
 */
const SHAPES: Record<PlinkoRisk, { centre: number; lambda: number; gamma: number }> = {
  low: { centre: 0.55, lambda: 2.2, gamma: 1.5 },
  medium: { centre: 0.3, lambda: 7, gamma: 1.5 },
  high: { centre: 0.2, lambda: 9.5, gamma: 1.3 },
};

export const plinkoWeights = (rows: number) => Array.from({ length: rows + 1 }, (_, k) => choose(rows, k));

/** The table of multipliers (hundredths) for rows and risk at a house edge. */
export function plinkoTable(rows: number, risk: PlinkoRisk, edgeBp: number): number[] {
  const { centre, lambda, gamma } = SHAPES[risk];
  const weights = plinkoWeights(rows);
  const total = 2n ** BigInt(rows);
  const curve = Array.from({ length: rows + 1 }, (_, k) => {
    const d = Math.abs(k - rows / 2) / (rows / 2);
    return (Math.exp(lambda * d ** gamma) - 1) / (Math.exp(lambda) - 1);
  });
  // The centre keeps its multiplier; the rise is scaled so that the whole table returns the target.
  const p = weights.map((w) => Number(w) / Number(total));
  const rise = p.reduce((sum, pk, k) => sum + pk * curve[k]!, 0);
  const height = (1 - edgeBp / 10_000 - centre) / rise;
  const shape = curve.map((c) => centre + height * c);
  // Bins in mirrored pairs, from the centre outwards.
  const groups: number[][] = [];
  for (let k = Math.floor(rows / 2); k >= 0; k--) groups.push(k === rows - k ? [k] : [k, rows - k]);
  return makeTable({ weights, total, shape, edgeBp, groups });
}

/** Every table for one edge, as the settings call sends them: `${rows}:${risk}` → hundredths per bin. */
export function plinkoTables(edgeBp: number): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const rows of PLINKO_ROWS)
    for (const risk of PLINKO_RISKS) out[`${rows}:${risk}`] = plinkoTable(rows, risk, edgeBp);
  return out;
}
