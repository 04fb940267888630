/**
 * The e-sports match model shared by the pricer (`esports-odds.ts`) and the simulator (`simulate.ts`).
 *
 * Each map is won by the home side with one probability p, from the two teams' Elo-like ratings. Inside
 * a map:
 *  - CS2 and Valorant play rounds, each won by the home side with a probability r chosen so that the
 *    map is won with p (rounds are alike: no economy or sides). First to 13; at 12-12 CS2 plays blocks
 *    of six rounds (first to 4, 3-3 starts another block) and Valorant plays on until a side leads by 2.
 *  - Dota 2 and LoL play a fixed time. The map's winner is settled when it starts (unseen), its kill
 *    pace is gamma-distributed around the game's usual total, and each kill goes to the winner with a
 *    probability of 0.58. So the total kills are negative binomial, first blood goes to the winner 58 %
 *    of the time, and a kill lead tells how the map is going (by Bayes: each kill of lead multiplies the
 *    odds by 0.58/0.42). Pricing in play reads the same model backwards.
 */
import { negativeBinomial } from './distributions';
import type { Side, Sport } from './model';
import type { Score } from './settle';

export type EsportsSport = Exclude<Sport, 'football'>;

export interface EsportsModel {
  /** Elo-like ratings: 400 points apart, the stronger side wins a map 10 times in 11. */
  home: number;
  away: number;
  /** The number of maps the match is played as. */
  bestOf: number;
}

export const mapWinProbability = (m: Pick<EsportsModel, 'home' | 'away'>) =>
  1 / (1 + 10 ** ((m.away - m.home) / 400));

/** Maps a side needs to take the match (a best of 2 plays both maps and may end 1-1). */
export const mapsToWin = (bestOf: number) => Math.floor(bestOf / 2) + 1;

/** Whether a match at these maps won is over. */
export const matchOver = (won: Score, bestOf: number) =>
  Math.max(won[0], won[1]) >= mapsToWin(bestOf) || won[0] + won[1] >= bestOf;

// ---- rounds (CS2, Valorant) ---------------------------------------------------------------------------

export type RoundsSport = 'cs2' | 'valorant';
export const isRoundsSport = (s: EsportsSport): s is RoundsSport => s === 'cs2' || s === 'valorant';

/** Match-clock seconds of a round, and of the break between two maps (for the simulator's pace). */
export const ROUND_SECONDS: Record<RoundsSport, number> = { cs2: 115, valorant: 100 };
export const MAP_BREAK_SECONDS = 300;

/** The winner of a map at these rounds, or null while it goes on. */
export function roundsMapWinner(sport: RoundsSport, h: number, a: number): Side | null {
  const lo = Math.min(h, a);
  const hi = Math.max(h, a);
  const leader: Side = h > a ? 'home' : 'away';
  if (lo <= 11) return hi >= 13 ? leader : null;
  if (sport === 'valorant') return hi - lo >= 2 ? leader : null;
  // CS2 overtime: from 12-12, blocks of six rounds; a block starts at 12+3j each, first to 4 wins it.
  const block = Math.floor((lo - 12) / 3);
  return hi - 12 - 3 * block >= 4 ? leader : null;
}

export interface MapOutcome {
  winner: Side;
  stat: Score;
  p: number;
}

/**
 * Every way a rounds map can end from `from`, with its probability, when the home side wins each round
 * with `r`. Overtime could go on for ever: it is followed until less than 1e-13 of the mass is left,
 * which is then spread over the rest.
 */
export function roundsMapOutcomes(sport: RoundsSport, r: number, from: Score = [0, 0]): MapOutcome[] {
  const done = roundsMapWinner(sport, from[0], from[1]);
  if (done) return [{ winner: done, stat: [from[0], from[1]], p: 1 }];
  const out: MapOutcome[] = [];
  // The live states after each further round all have the same total, so one count (home's) names each.
  let live = new Map<number, number>([[from[0], 1]]);
  let total = from[0] + from[1];
  while (live.size > 0) {
    total += 1;
    const next = new Map<number, number>();
    let mass = 0;
    for (const [h, p] of live) {
      for (const [nh, q] of [
        [h + 1, p * r],
        [h, p * (1 - r)],
      ] as const) {
        const winner = roundsMapWinner(sport, nh, total - nh);
        if (winner) out.push({ winner, stat: [nh, total - nh], p: q });
        else {
          next.set(nh, (next.get(nh) ?? 0) + q);
          mass += q;
        }
      }
    }
    live = mass < 1e-13 ? new Map() : next;
  }
  const kept = out.reduce((s, o) => s + o.p, 0);
  return out.map((o) => ({ ...o, p: o.p / kept }));
}

const homeWins = (outcomes: readonly MapOutcome[]) =>
  outcomes.reduce((s, o) => s + (o.winner === 'home' ? o.p : 0), 0);

/** The round-win probability r that wins a map with probability p (found by bisection; monotone). */
export function roundWinFor(sport: RoundsSport, p: number): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (homeWins(roundsMapOutcomes(sport, mid)) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

// ---- kills (Dota 2, LoL) ------------------------------------------------------------------------------

export type KillsSport = 'dota2' | 'lol';

/** A map's usual kills (the template's line), how widely they vary (gamma shape), and its length. */
export const KILLS_GAMES: Record<KillsSport, { kills: number; shape: number; minutes: number }> = {
  dota2: { kills: 46.5, shape: 20, minutes: 40 },
  lol: { kills: 28.5, shape: 16, minutes: 32 },
};

/** The share of a map's kills its winner makes. */
export const WINNER_KILL_SHARE = 0.58;

/** The home side's chance of taking a kills map, given its chance before it and the kills so far. */
export function killsMapWin(p: number, kills: Score): number {
  if (p <= 0 || p >= 1) return p;
  const logit =
    Math.log(p / (1 - p)) + (kills[0] - kills[1]) * Math.log(WINNER_KILL_SHARE / (1 - WINNER_KILL_SHARE));
  return 1 / (1 + Math.exp(-logit));
}

/** The home side's chance of first blood on a map it wins with probability p. */
export const firstBloodHome = (p: number) => p * WINNER_KILL_SHARE + (1 - p) * (1 - WINNER_KILL_SHARE);

/**
 * The distribution of the kills still to come on a map, `progress` (0–1) of its time gone with `sofar`
 * kills: the pace's gamma updated by the kills seen (shape + kills, rate + expected kills so far), so
 * a bloody start means a bloody rest.
 */
export function remainingKills(sport: KillsSport, sofar: number, progress: number): number[] {
  const { kills, shape } = KILLS_GAMES[sport];
  const t = Math.min(Math.max(progress, 0), 1);
  const postShape = shape + sofar;
  const mean = (postShape * kills * (1 - t)) / (shape + kills * t);
  return negativeBinomial(mean, postShape);
}
