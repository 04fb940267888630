/**
 * A football match played by the model of `football-model.ts` (the pricer's own), in match time: goals,
 * corners and cards are Poisson events drawn one after another by exponential waits, so a match played
 * in many small steps or in one is the same process. A red card changes the goal rates from then on.
 * The simulator plays plain Poisson goals (no Dixon–Coles dependence); its fixtures are priced so.
 */
import {
  CARDS_PER_MATCH,
  CORNERS_PER_MATCH,
  FIRST_HALF_SHARE,
  type FootballModel,
  HALF_MINUTES,
  MATCH_MINUTES,
  RED_SHARE,
  redCardFactor,
} from './football-model';
import type { Side } from './model';
import type { Score } from './settle';

export type FootballPhase = 'pre' | 'first_half' | 'half_time' | 'second_half' | 'ended';

export interface FootballSim {
  sport: 'football';
  model: FootballModel;
  phase: FootballPhase;
  /** Match seconds played, 0–5400 (no stoppage time: the model's rates include it). */
  clock: number;
  /** Seconds of the half-time break still to run. */
  breakLeft: number;
  /** Whole minutes played, 0–90. */
  minute: number;
  score: Score;
  /** The half-time score, once the first half is over. */
  ht: Score | null;
  corners: Score;
  cards: Score;
  reds: Score;
}

export type FootballEvent =
  | { type: 'goal'; side: Side; minute: number; score: Score }
  | { type: 'card'; side: Side; card: 'yellow' | 'red'; minute: number }
  | { type: 'corner'; side: Side; minute: number }
  | { type: 'half_time'; minute: number; score: Score }
  | { type: 'full_time'; minute: number; score: Score };

/** The half-time break, in match seconds (the server chooses how fast match time runs). */
export const HALF_TIME_SECONDS = 15 * 60;
const HALF_SECONDS = HALF_MINUTES * 60;
const MATCH_SECONDS = MATCH_MINUTES * 60;
/** The away side is booked a little more often; the stronger attack wins more corners. */
const HOME_CARD_SHARE = 0.47;

export function startFootball(model: FootballModel): FootballSim {
  return {
    sport: 'football',
    model,
    phase: 'pre',
    clock: 0,
    breakLeft: 0,
    minute: 0,
    score: [0, 0],
    ht: null,
    corners: [0, 0],
    cards: [0, 0],
    reds: [0, 0],
  };
}

const add = (s: Score, side: Side): Score => (side === 'home' ? [s[0] + 1, s[1]] : [s[0], s[1] + 1]);

/** The event rates per second now: goals of each side, then corners and cards of both. */
function rates(s: FootballSim) {
  const { model } = s;
  const half = s.phase === 'first_half' ? FIRST_HALF_SHARE : 1 - FIRST_HALF_SHARE;
  const perSecond = half / HALF_SECONDS;
  const cornerHome = Math.min(0.7, Math.max(0.3, model.home / (model.home + model.away || 1)));
  const corners = (model.corners ?? CORNERS_PER_MATCH) / MATCH_SECONDS;
  const cards = (model.cards ?? CARDS_PER_MATCH) / MATCH_SECONDS;
  return {
    goalHome: model.home * redCardFactor('home', s.reds) * perSecond,
    goalAway: model.away * redCardFactor('away', s.reds) * perSecond,
    cornerHome: corners * cornerHome,
    cornerAway: corners * (1 - cornerHome),
    cardHome: cards * HOME_CARD_SHARE,
    cardAway: cards * (1 - HOME_CARD_SHARE),
  };
}

/** The minute an event at `clock` seconds is written with: 0:30 is the 1st minute, 44:59 the 45th. */
const eventMinute = (clock: number, end: number) => Math.min(end / 60, Math.floor(clock / 60) + 1);

/** Plays a half from its clock for up to `seconds`; returns the seconds it used. */
function playHalf(s: FootballSim, seconds: number, rnd: () => number, events: FootballEvent[]): number {
  const end = s.phase === 'first_half' ? HALF_SECONDS : MATCH_SECONDS;
  const until = Math.min(end, s.clock + seconds);
  const start = s.clock;
  for (;;) {
    const r = rates(s);
    const total = r.goalHome + r.goalAway + r.cornerHome + r.cornerAway + r.cardHome + r.cardAway;
    const at = s.clock + -Math.log(1 - rnd()) / total;
    if (!(at < until)) break;
    s.clock = at;
    const minute = eventMinute(at, end);
    const kinds = [
      ['goal', 'home', r.goalHome],
      ['goal', 'away', r.goalAway],
      ['corner', 'home', r.cornerHome],
      ['corner', 'away', r.cornerAway],
      ['card', 'home', r.cardHome],
      ['card', 'away', r.cardAway],
    ] as const;
    let pick = rnd() * total;
    let chosen: (typeof kinds)[number] = kinds[5];
    for (const k of kinds) {
      if (pick < k[2]) {
        chosen = k;
        break;
      }
      pick -= k[2];
    }
    const [kind, side] = chosen;
    if (kind === 'goal') {
      s.score = add(s.score, side);
      events.push({ type: 'goal', side, minute, score: s.score });
    } else if (kind === 'corner') {
      s.corners = add(s.corners, side);
      events.push({ type: 'corner', side, minute });
    } else {
      const red = rnd() < RED_SHARE;
      s.cards = add(s.cards, side);
      if (red) s.reds = add(s.reds, side);
      events.push({ type: 'card', side, card: red ? 'red' : 'yellow', minute });
    }
  }
  s.clock = until;
  s.minute = Math.floor(until / 60);
  if (until === end) {
    if (s.phase === 'first_half') {
      s.ht = s.score;
      s.phase = 'half_time';
      s.breakLeft = HALF_TIME_SECONDS;
      events.push({ type: 'half_time', minute: HALF_MINUTES, score: s.score });
    } else {
      s.phase = 'ended';
      events.push({ type: 'full_time', minute: MATCH_MINUTES, score: s.score });
    }
  }
  return until - start;
}

/** Runs a match `seconds` of match time on (a break counts as time); `rnd` gives uniform [0, 1) floats. */
export function stepFootball(
  state: FootballSim,
  seconds: number,
  rnd: () => number,
): { state: FootballSim; events: FootballEvent[] } {
  const s: FootballSim = { ...state };
  const events: FootballEvent[] = [];
  let left = seconds;
  while (left > 0 && s.phase !== 'ended') {
    if (s.phase === 'pre') s.phase = 'first_half';
    else if (s.phase === 'half_time') {
      const used = Math.min(left, s.breakLeft);
      s.breakLeft -= used;
      left -= used;
      if (s.breakLeft <= 0) s.phase = 'second_half';
    } else {
      const used = playHalf(s, left, rnd, events);
      // A step too small to move the clock (a float's last bit) ends here rather than looping.
      if (used <= 0) break;
      left -= used;
    }
  }
  return { state: s, events };
}
