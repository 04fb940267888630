/**
 * The fish shooter's mathematics: each shot is a bet of the chosen cannon's stake aimed at one fish; the
 * fish is caught with a chance set so that every shot returns the same published share of its stake,
 * whichever fish it aims at (chance × multiplier = RTP, exactly).
 */
import type { OutcomeStream } from '../fair';
import { Fraction } from './exact';

export interface Species {
  id: string;
  /** The stake is paid this many times over when the fish is caught. */
  multiplier: number;
  /** Catch chance, out of CHANCE_SCALE. */
  chance: number;
  /** How big and how fast it is drawn (the scene's business, kept beside its value). */
  size: number;
  speed: number;
}

export const CHANCE_SCALE = 100_000;
export const FISH_PUBLISHED_RTP = '95.00';
export const CANNON_STAKES = [10, 20, 50, 100, 200, 500] as const;

export const SPECIES: Species[] = [
  { id: 'minnow', multiplier: 2, chance: 47_500, size: 26, speed: 70 },
  { id: 'clown', multiplier: 4, chance: 23_750, size: 30, speed: 64 },
  { id: 'puffer', multiplier: 5, chance: 19_000, size: 36, speed: 52 },
  { id: 'turtle', multiplier: 10, chance: 9_500, size: 46, speed: 38 },
  { id: 'ray', multiplier: 20, chance: 4_750, size: 58, speed: 34 },
  { id: 'shark', multiplier: 50, chance: 1_900, size: 78, speed: 28 },
  { id: 'whale', multiplier: 100, chance: 950, size: 104, speed: 18 },
  { id: 'dragon', multiplier: 250, chance: 380, size: 120, speed: 22 },
];

export function assertCannonStake(stake: number) {
  if (!(CANNON_STAKES as readonly number[]).includes(stake)) throw new RangeError(`cannon stake ${stake}`);
}

export function species(id: string): Species {
  const found = SPECIES.find((s) => s.id === id);
  if (!found) throw new RangeError(`no fish ${id}`);
  return found;
}

/** One shot: caught or not, and what it pays. Drawn once from the round's stream. */
export function shoot(stream: OutcomeStream, stake: number, target: Species) {
  assertCannonStake(stake);
  const caught = stream.int(CHANCE_SCALE) < target.chance;
  return { caught, win: caught ? stake * target.multiplier : 0 };
}

/** The exact return of a shot at each species (chance × multiplier), in percent. */
export function fishRtp(): Record<string, Fraction> {
  return Object.fromEntries(
    SPECIES.map((s) => [s.id, new Fraction(s.chance * s.multiplier * 100, CHANCE_SCALE)]),
  );
}
