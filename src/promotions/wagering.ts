/**
 * Bonus wagering (docs/promotions.md): how much of a bet counts toward a bonus's requirement, and when the
 * requirement is met. Integers only: stakes in minor units, weights in basis points.
 */

/** Categories of the game catalogue a weight can name; anything else contributes nothing. */
export const WAGERING_CATEGORIES = [
  'RNG',
  'FISH',
  'LIVE',
  'INHOUSE',
  'SPORTS',
  'ESPORTS',
  'LOTT',
  'ELOTT',
  'PVP',
  'COCKFIGHT',
] as const;
export type WageringCategory = (typeof WAGERING_CATEGORIES)[number];

/**
 * The default share of a valid bet that counts, per category (basis points): slots 100 %, live 10 %,
 * in-house 20 %, sports 100 % (at odds of at least `DEFAULT_MIN_SPORTS_ODDS`), PVP nothing.
 */
export const DEFAULT_WEIGHTS: Record<WageringCategory, number> = {
  RNG: 10_000,
  FISH: 10_000,
  LIVE: 1_000,
  INHOUSE: 2_000,
  SPORTS: 10_000,
  ESPORTS: 10_000,
  LOTT: 2_000,
  ELOTT: 2_000,
  PVP: 0,
  COCKFIGHT: 1_000,
};

/** Sports bets count only at odds of at least 1.50 (hundredths). */
export const DEFAULT_MIN_SPORTS_ODDS = 150;

/** The wagering requirement: `multiple` times the bonus, or times the bonus plus the deposit it came with. */
export function wageringRequirement(input: {
  bonus: number;
  deposit: number;
  multiple: number;
  base: 'bonus' | 'bonus_deposit';
}): number {
  const base = input.base === 'bonus' ? input.bonus : input.bonus + input.deposit;
  return base * input.multiple;
}

/**
 * What a category's valid bets add to a requirement: their sum times the weight, rounded down once per
 * category (never per bet, so many small bets count as much as one big one).
 */
export function contribution(validBet: number, weightBp: number): number {
  return Math.floor((validBet * weightBp) / 10_000);
}

/** Progress over every category, and whether the requirement is met (exactly at it counts). */
export function wageringProgress(
  validBets: ReadonlyArray<{ category: string; validBet: number }>,
  weights: Readonly<Record<string, number>>,
  requirement: number,
) {
  const perCategory = new Map<string, number>();
  for (const b of validBets) perCategory.set(b.category, (perCategory.get(b.category) ?? 0) + b.validBet);
  let counted = 0;
  for (const [category, validBet] of perCategory) counted += contribution(validBet, weights[category] ?? 0);
  return { counted, requirement, met: counted >= requirement, left: Math.max(0, requirement - counted) };
}
