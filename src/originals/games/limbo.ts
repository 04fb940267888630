/**
 * Limbo: the player names a target multiplier (1.01× … 1,000,000×); a multiplier is drawn (see
 * multiplier.ts) and the bet wins target × stake when the draw reaches the target.
 */
import { scaleDown } from '../exact';
import type { OutcomeStream } from '../fair';
import { MAX_MULTIPLIER, MIN_TARGET, multiplierFrom } from './multiplier';

export const LIMBO_MIN_TARGET = MIN_TARGET;
export const LIMBO_MAX_TARGET = MAX_MULTIPLIER;

export const drawLimbo = (stream: OutcomeStream, edgeBp: number) => multiplierFrom(stream.uint48(), edgeBp);

export const limboPayout = (stake: number, result: number, target: number) =>
  result >= target ? scaleDown(stake, BigInt(target), 100n) : 0;

/** The chance of reaching a target, in percent, for the page (the exact figure is in multiplier.ts). */
export const limboChance = (target: number, edgeBp: number) => (10_000 - edgeBp) / target;
