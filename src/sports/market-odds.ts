/**
 * What a market's outcomes may come to, as probabilities of each settlement factor (win, half-win, void,
 * half-lose, lose), found by settling every outcome with `settleOutcome` on each result the model can
 * end in. Pricing and settlement therefore read the same rules: a line's push, a quarter line's halves,
 * a draw-no-bet's void or an unplayed map's void are never restated here.
 */
import type { MarketSpec } from './model';
import { factorKind, type Result, settleOutcome } from './settle';

export interface FactorOdds {
  win: number;
  halfWin: number;
  void: number;
  halfLose: number;
  lose: number;
}

/** A market's outcomes' factor odds; null for a market the model does not price (an outright, a bad spec). */
export interface MarketOdds {
  spec: MarketSpec;
  outcomes: Record<string, FactorOdds> | null;
}

/** A result the match may end in, with its probability. */
export interface Scenario {
  p: number;
  result: Result;
}

const KIND_FIELD = {
  win: 'win',
  'half-win': 'halfWin',
  void: 'void',
  'half-lose': 'halfLose',
  lose: 'lose',
} as const;

/** Each outcome's factor odds over the scenarios (which should sum to 1). */
export function outcomeOdds(
  spec: MarketSpec,
  keys: readonly string[],
  scenarios: readonly Scenario[],
): Record<string, FactorOdds> {
  const out: Record<string, FactorOdds> = {};
  for (const key of keys) {
    const odds: FactorOdds = { win: 0, halfWin: 0, void: 0, halfLose: 0, lose: 0 };
    for (const { p, result } of scenarios) {
      const kind = factorKind(settleOutcome(spec, key, result));
      if (kind === 'dead-heat') throw new Error(`a dead heat cannot be priced (${spec.type})`);
      odds[KIND_FIELD[kind]] += p;
    }
    out[key] = odds;
  }
  return out;
}

/** The share of the stake expected to win at the price, and to come back as void. */
export function stakeShares(o: FactorOdds): { win: number; void: number } {
  return { win: o.win + o.halfWin / 2, void: o.void + (o.halfWin + o.halfLose) / 2 };
}

/** Expected return per unit staked at a decimal price: price × (winning share) + (void share). */
export function expectedReturn(o: FactorOdds, decimal: number): number {
  const s = stakeShares(o);
  return decimal * s.win + s.void;
}

/**
 * The probability an outcome's fair price stands for: its winning share of the stake not given back.
 * The fair price (expected return 1) is its inverse; 0 when it cannot win, or is always void.
 */
export function effectiveProbability(o: FactorOdds): number {
  const s = stakeShares(o);
  return s.void >= 1 ? 0 : s.win / (1 - s.void);
}

/** The decimal price whose expected return per unit is exactly 1 (Infinity when it cannot win). */
export const fairPrice = (o: FactorOdds) => 1 / effectiveProbability(o);
