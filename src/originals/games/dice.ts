/**
 * Dice: a roll of 0.00 … 99.99 (10,000 equally likely values, drawn as int(10000) and shown in
 * hundredths). The player picks a win chance of 0.01 … 98 % and a side: "under" wins below the chance,
 * "over" wins above 99.99 − chance; either way exactly chance × 10,000 rolls win. A win pays
 * (1 − edge) / chance times the stake, so every chance returns exactly 1 − edge.
 */
import { type Ratio, scaleDown } from '../exact';
import type { OutcomeStream } from '../fair';

export const DICE_OUTCOMES = 10_000;
/** Chance limits in basis points: 0.01 % … 98 %. */
export const DICE_MIN_CHANCE = 1;
export const DICE_MAX_CHANCE = 9_800;

export interface DiceBet {
  /** Win chance in basis points (hundredths of a percent). */
  chance: number;
  side: 'under' | 'over';
}

export const drawDice = (stream: OutcomeStream) => stream.int(DICE_OUTCOMES);

/** The line the roll must pass, in hundredths: below it for "under", above it for "over". */
export const diceTarget = (bet: DiceBet) =>
  bet.side === 'under' ? bet.chance : DICE_OUTCOMES - 1 - bet.chance;

export const diceWins = (roll: number, bet: DiceBet) =>
  bet.side === 'under' ? roll < diceTarget(bet) : roll > diceTarget(bet);

/** The multiplier as an exact ratio. */
export const diceMultiplier = (chance: number, edgeBp: number): Ratio => ({
  num: BigInt(10_000 - edgeBp),
  den: BigInt(chance),
});

/** The multiplier shown, in ten-thousandths rounded down (1.9800×: 19800). */
export const diceMultiplierShown = (chance: number, edgeBp: number) =>
  Math.floor(((10_000 - edgeBp) * 10_000) / chance);

export function dicePayout(stake: number, roll: number, bet: DiceBet, edgeBp: number) {
  if (!diceWins(roll, bet)) return 0;
  const m = diceMultiplier(bet.chance, edgeBp);
  return scaleDown(stake, m.num, m.den);
}

/** The exact return of a chance: (chance / 10,000) × (10,000 − edge) / chance. */
export const diceReturn = (chance: number, edgeBp: number): Ratio => {
  const m = diceMultiplier(chance, edgeBp);
  return { num: BigInt(chance) * m.num, den: BigInt(DICE_OUTCOMES) * m.den };
};
