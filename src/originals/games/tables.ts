/**
 * Payout tables made from a shape and a house edge: the multipliers (in hundredths) whose exact return is
 * as close below the target as a hundredth allows. Shapes come from floating-point functions, which may
 * differ in the last bit between JavaScript engines, so tables are made on the server and sent to the
 * page; the returns are checked with integers only (tests/unit/originals-returns.test.ts).
 */
import { type Ratio, targetReturn } from '../exact';

export interface TableInput {
  /** Probability weights of the outcomes, over the common denominator `total`. */
  weights: bigint[];
  total: bigint;
  /** Relative payout per outcome (0: pays nothing); scaled to the target return. */
  shape: number[];
  edgeBp: number;
  /** No multiplier above this (hundredths); the excess goes to the others. */
  capHundredths?: number;
  /**
   * Outcomes that move together (a plinko bin and its mirror), from the likeliest group outwards; each
   * group's multiplier stays at or below the next one's, so topping up keeps the table's shape.
   */
  groups: number[][];
}

/** The exact return of a table: Σ weight × multiplier / (100 × total). */
export function tableReturn(weights: bigint[], total: bigint, hundredths: number[]): Ratio {
  let num = 0n;
  weights.forEach((w, k) => {
    num += w * BigInt(hundredths[k]!);
  });
  return { num, den: 100n * total };
}

export function makeTable(input: TableInput): number[] {
  const { weights, total, shape, edgeBp } = input;
  const cap = input.capHundredths ?? Number.MAX_SAFE_INTEGER;
  const p = weights.map((w) => Number(w) / Number(total));
  const target = 1 - edgeBp / 10_000;
  // Scale the shape to the target return, holding capped outcomes at the cap.
  let capped = new Set<number>();
  let scale = 0;
  for (let round = 0; round < shape.length + 1; round++) {
    let fixed = 0;
    let free = 0;
    shape.forEach((s, k) => {
      if (capped.has(k)) fixed += (p[k]! * cap) / 100;
      else free += p[k]! * s;
    });
    scale = free > 0 ? (target - fixed) / free : 0;
    const next = new Set(capped);
    shape.forEach((s, k) => {
      if (100 * scale * s > cap) next.add(k);
    });
    if (next.size === capped.size) break;
    capped = next;
  }
  const out = shape.map((s, k) => (capped.has(k) ? cap : Math.max(0, Math.floor(100 * scale * s))));

  // Rounding down left some return unpaid: give it back a hundredth at a time, likeliest outcomes first.
  const goal = targetReturn(edgeBp);
  const limit = goal.num * 100n * total; // Σ w·h·den ≤ this
  let used = 0n;
  weights.forEach((w, k) => {
    used += w * BigInt(out[k]!) * goal.den;
  });
  // Float scaling may overshoot by a hair: take hundredths back from the likeliest paying outcomes.
  for (const group of input.groups) {
    if (used <= limit) break;
    for (;;) {
      const step = group.reduce((s, k) => s + weights[k]!, 0n) * goal.den;
      if (used <= limit || group.some((k) => out[k]! <= 0)) break;
      for (const k of group) out[k]! -= 1;
      used -= step;
    }
  }
  if (used > limit) throw new Error('makeTable: cannot meet the target return');
  const stepOf = (group: number[]) => group.reduce((sum, k) => sum + weights[k]!, 0n) * goal.den;
  const paying = input.groups.filter((group) => !group.every((k) => shape[k] === 0) && stepOf(group) > 0n);
  const value = (group: number[]) => out[group[0]!]!;
  const ceilingOf = (g: number) => Math.min(cap, paying[g + 1] ? value(paying[g + 1]!) : cap);
  const floorOf = (g: number) => (paying[g - 1] ? value(paying[g - 1]!) : 0);
  const add = (group: number[], n: number) => {
    for (const k of group) out[k]! += n;
    used += stepOf(group) * BigInt(n);
  };
  paying.forEach((group, g) => {
    const steps = Math.min(Math.max(0, ceilingOf(g) - value(group)), Number((limit - used) / stepOf(group)));
    if (steps > 0) add(group, steps);
  });
  // A few paying outcomes can leave most of a hundredth unpaid; trading hundredths between two rungs
  // (fewer on a likely one, more on a rarer one) gets closer, keeping each rung between its neighbours.
  for (let improved = true; improved; ) {
    improved = false;
    for (let g = 0; g + 1 < paying.length; g++) {
      const low = paying[g]!;
      const high = paying[g + 1]!;
      let best: { take: number; give: number; used: bigint } | null = null;
      for (let take = 1; take <= 100 && value(low) - take >= floorOf(g); take++) {
        const room = limit - used + stepOf(low) * BigInt(take);
        const give = Math.min(ceilingOf(g + 1) - value(high), Number(room / stepOf(high)));
        if (give <= 0) continue;
        const after = used - stepOf(low) * BigInt(take) + stepOf(high) * BigInt(give);
        if (after > used && (!best || after > best.used)) best = { take, give, used: after };
      }
      if (best) {
        add(low, -best.take);
        add(high, best.give);
        improved = true;
      }
    }
  }
  return out;
}
