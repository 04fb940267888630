/**
 * The football match model shared by the pricer (`football-odds.ts`) and the simulator (`simulate.ts`),
 * so that the prices of a simulated match are the prices of the process that plays it.
 *
 * Goals are two independent Poisson processes (home λh, away λa over 90 minutes), the first half
 * carrying 45 % of each rate (more goals come late); corners and cards are Poisson totals at a constant
 * rate. A red card lowers its side's goal rate and raises the other's from then on.
 */
import type { Side } from './model';
import type { Score } from './settle';

export interface FootballModel {
  /** Expected goals over 90 minutes (and stoppage time) of each side. */
  home: number;
  away: number;
  /**
   * Dixon–Coles low-score dependence (about −0.05 makes 0-0 and 1-1 a little likelier); 0 or absent is
   * plain Poisson. The simulator plays plain Poisson, so its own fixtures are priced with 0.
   */
  rho?: number;
  /** Expected corners and cards of the whole match (both sides). */
  corners?: number;
  cards?: number;
}

export const FIRST_HALF_SHARE = 0.45;
export const CORNERS_PER_MATCH = 10.2;
export const CARDS_PER_MATCH = 4.6;
/** The share of cards that are red (a straight red or a second yellow). */
export const RED_SHARE = 0.04;
/** Goal-rate multipliers per red card: of the side shown it, and of its opponent. */
export const RED_OWN = 0.85;
export const RED_OPPONENT = 1.15;

export const HALF_MINUTES = 45;
export const MATCH_MINUTES = 90;

/** A side's goal-rate multiplier after the red cards so far. */
export function redCardFactor(side: Side, reds: Score = [0, 0]): number {
  const [own, other] = side === 'home' ? [reds[0], reds[1]] : [reds[1], reds[0]];
  return RED_OWN ** own * RED_OPPONENT ** other;
}

/** A team's strength as the catalogue gives it: multipliers of a league's average goals (1 = average). */
export interface TeamStrength {
  attack: number;
  /** Below 1 concedes fewer than average. */
  defence: number;
}

/**
 * A fixture's model from its teams and its competition's average goals of a home and an away side: each
 * side's expected goals are the average times its attack and the opponent's defence.
 */
export function matchupModel(
  home: TeamStrength,
  away: TeamStrength,
  averages: { home: number; away: number },
): FootballModel {
  return {
    home: averages.home * home.attack * away.defence,
    away: averages.away * away.attack * home.defence,
  };
}
