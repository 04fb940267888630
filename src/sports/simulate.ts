/**
 * The live match simulator (docs/sports.md, "Pricing and the simulator"): a match of any sport started
 * from its model and stepped in match time, with the randomness passed in (a function of uniform [0, 1)
 * floats: a seeded one in tests, crypto randomness on the server). Its states are plain JSON, to be kept
 * between steps, and they read straight into the pricer (`pricingState`) and settlement (`resultOf`).
 */
import { type EsportsModel, type EsportsSport, KILLS_GAMES } from './esports-maps';
import type { EsportsInPlay } from './esports-odds';
import type { FootballModel } from './football-model';
import type { FootballInPlay } from './football-odds';
import type { EsportsResult, FootballResult } from './settle';
import { type EsportsEvent, type EsportsSim, startEsports, stepEsports } from './simulate-esports';
import { type FootballEvent, type FootballSim, startFootball, stepFootball } from './simulate-football';

export type { EsportsEvent, EsportsPhase, EsportsSim } from './simulate-esports';
export { mapsWon } from './simulate-esports';
export type { FootballEvent, FootballPhase, FootballSim } from './simulate-football';
export { HALF_TIME_SECONDS } from './simulate-football';

export type SimState = FootballSim | EsportsSim;
export type SimEvent = FootballEvent | EsportsEvent;

export function startMatch(sport: 'football', model: FootballModel): FootballSim;
export function startMatch(sport: EsportsSport, model: EsportsModel): EsportsSim;
export function startMatch(sport: 'football' | EsportsSport, model: FootballModel | EsportsModel): SimState {
  return sport === 'football'
    ? startFootball(model as FootballModel)
    : startEsports(sport, model as EsportsModel);
}

/** Runs a match `seconds` of match time on; what happened comes back in order. */
export function step(
  state: FootballSim,
  seconds: number,
  rnd: () => number,
): { state: FootballSim; events: FootballEvent[] };
export function step(
  state: EsportsSim,
  seconds: number,
  rnd: () => number,
): { state: EsportsSim; events: EsportsEvent[] };
export function step(
  state: SimState,
  seconds: number,
  rnd: () => number,
): { state: SimState; events: SimEvent[] };
export function step(
  state: SimState,
  seconds: number,
  rnd: () => number,
): { state: SimState; events: SimEvent[] } {
  return state.sport === 'football' ? stepFootball(state, seconds, rnd) : stepEsports(state, seconds, rnd);
}

/** The result settlement reads, of a match that has ended. */
export function resultOf(state: FootballSim): FootballResult;
export function resultOf(state: EsportsSim): EsportsResult;
export function resultOf(state: SimState): FootballResult | EsportsResult;
export function resultOf(state: SimState): FootballResult | EsportsResult {
  if (state.phase !== 'ended') throw new Error(`the match has not ended (${state.phase})`);
  if (state.sport === 'football')
    return {
      sport: 'football',
      status: 'finished',
      ht: state.ht,
      ft: state.score,
      corners: state.corners,
      cards: state.cards,
    };
  return {
    sport: state.sport,
    status: 'finished',
    scheduledBestOf: state.model.bestOf,
    bestOf: state.model.bestOf,
    maps: state.maps,
  };
}

/** What the pricer needs of a match under way. */
export function pricingState(state: FootballSim): FootballInPlay;
export function pricingState(state: EsportsSim): EsportsInPlay;
export function pricingState(state: SimState): FootballInPlay | EsportsInPlay;
export function pricingState(state: SimState): FootballInPlay | EsportsInPlay {
  if (state.sport === 'football')
    return {
      minute: state.clock / 60,
      score: state.score,
      ht: state.ht,
      corners: state.corners,
      cards: state.cards,
      reds: state.reds,
    };
  const sport = state.sport;
  const progress =
    state.phase === 'map' && (sport === 'dota2' || sport === 'lol')
      ? state.clock / (KILLS_GAMES[sport].minutes * 60)
      : 0;
  return { maps: state.maps, progress };
}
