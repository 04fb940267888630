/**
 * An e-sports match played by the model of `esports-maps.ts` (the pricer's own), in match time: maps one
 * after another with a break between, until a side has the maps it needs (a best of 2 plays both).
 * CS2 and Valorant play rounds of a fixed length, each won by the home side with the round chance that
 * gives the map chance; Dota 2 and LoL play a fixed time in which kills come as a Poisson stream at the
 * map's pace, each to the map's (hidden) winner 58 % of the time, the first one being first blood.
 */
import {
  type EsportsModel,
  type EsportsSport,
  isRoundsSport,
  KILLS_GAMES,
  type KillsSport,
  MAP_BREAK_SECONDS,
  mapWinProbability,
  matchOver,
  ROUND_SECONDS,
  type RoundsSport,
  roundsMapWinner,
  roundWinFor,
  WINNER_KILL_SHARE,
} from './esports-maps';
import type { Side } from './model';
import type { MapResult, Score } from './settle';

export type EsportsPhase = 'pre' | 'map' | 'between' | 'ended';

export interface EsportsSim {
  sport: EsportsSport;
  model: EsportsModel;
  phase: EsportsPhase;
  /** The maps played, and last the one being played. */
  maps: MapResult[];
  /** Seconds into the map being played, or into the break before the next. */
  clock: number;
  /** CS2 and Valorant: the home side's chance of each round. */
  roundWin: number | null;
  /** Dota 2 and LoL: the map's winner and kill pace (mean 1), drawn when it starts and never shown. */
  hidden: { winner: Side; pace: number } | null;
}

export type EsportsEvent =
  | { type: 'map_start'; map: number }
  | { type: 'round'; map: number; side: Side; stat: Score }
  | { type: 'kill'; map: number; side: Side; stat: Score }
  | { type: 'first_blood'; map: number; side: Side }
  | { type: 'map_end'; map: number; winner: Side; stat: Score }
  | { type: 'match_end'; winner: Side | null; maps: Score };

export function startEsports(sport: EsportsSport, model: EsportsModel): EsportsSim {
  return {
    sport,
    model,
    phase: 'pre',
    maps: [],
    clock: 0,
    roundWin: isRoundsSport(sport) ? roundWinFor(sport, mapWinProbability(model)) : null,
    hidden: null,
  };
}

/** Match seconds a kills map lasts. */
const mapSeconds = (sport: KillsSport) => KILLS_GAMES[sport].minutes * 60;

const add = (s: Score, side: Side): Score => (side === 'home' ? [s[0] + 1, s[1]] : [s[0], s[1] + 1]);
const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');

export const mapsWon = (maps: readonly MapResult[]): Score => [
  maps.filter((m) => m.finished && m.winner === 'home').length,
  maps.filter((m) => m.finished && m.winner === 'away').length,
];

/** A standard normal draw (Box–Muller). */
const normal = (rnd: () => number) => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());

/** A gamma draw of this shape (≥ 1) and mean 1 (Marsaglia–Tsang). */
function gammaMeanOne(shape: number, rnd: () => number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = normal(rnd);
    const v = (1 + c * x) ** 3;
    if (v > 0 && Math.log(1 - rnd()) < 0.5 * x * x + d - d * v + d * Math.log(v)) return (d * v) / shape;
  }
}

function startMap(s: EsportsSim, rnd: () => number, events: EsportsEvent[]) {
  s.maps = [...s.maps, { winner: null, finished: false, stat: [0, 0], firstBlood: null }];
  s.phase = 'map';
  s.clock = 0;
  if (!isRoundsSport(s.sport)) {
    const winner: Side = rnd() < mapWinProbability(s.model) ? 'home' : 'away';
    s.hidden = { winner, pace: gammaMeanOne(KILLS_GAMES[s.sport].shape, rnd) };
  }
  events.push({ type: 'map_start', map: s.maps.length });
}

/** The map being played, changed. */
function setMap(s: EsportsSim, change: Partial<MapResult>) {
  const i = s.maps.length - 1;
  s.maps = s.maps.map((m, j) => (j === i ? { ...m, ...change } : m));
}

function endMap(s: EsportsSim, winner: Side, events: EsportsEvent[]) {
  setMap(s, { winner, finished: true });
  const n = s.maps.length;
  events.push({ type: 'map_end', map: n, winner, stat: s.maps[n - 1]!.stat });
  s.hidden = null;
  s.clock = 0;
  const won = mapsWon(s.maps);
  if (matchOver(won, s.model.bestOf)) {
    s.phase = 'ended';
    events.push({
      type: 'match_end',
      winner: won[0] === won[1] ? null : won[0] > won[1] ? 'home' : 'away',
      maps: won,
    });
  } else s.phase = 'between';
}

/** Plays rounds of the current map for up to `seconds`; returns the seconds used. */
function playRounds(
  s: EsportsSim,
  sport: RoundsSport,
  seconds: number,
  rnd: () => number,
  events: EsportsEvent[],
) {
  const map = s.maps[s.maps.length - 1]!;
  const roundEnds = (map.stat[0] + map.stat[1] + 1) * ROUND_SECONDS[sport];
  const used = Math.min(seconds, roundEnds - s.clock);
  s.clock += used;
  if (s.clock < roundEnds) return used;
  const side: Side = rnd() < s.roundWin! ? 'home' : 'away';
  const stat = add(map.stat, side);
  setMap(s, { stat });
  events.push({ type: 'round', map: s.maps.length, side, stat });
  const winner = roundsMapWinner(sport, stat[0], stat[1]);
  if (winner) endMap(s, winner, events);
  return used;
}

/** Plays the current kills map for up to `seconds`; returns the seconds used. */
function playKills(
  s: EsportsSim,
  sport: KillsSport,
  seconds: number,
  rnd: () => number,
  events: EsportsEvent[],
) {
  const length = mapSeconds(sport);
  const until = Math.min(length, s.clock + seconds);
  const start = s.clock;
  const hidden = s.hidden!;
  const rate = (hidden.pace * KILLS_GAMES[sport].kills) / length;
  for (;;) {
    const at = s.clock + -Math.log(1 - rnd()) / rate;
    if (!(at < until)) break;
    s.clock = at;
    const side = rnd() < WINNER_KILL_SHARE ? hidden.winner : other(hidden.winner);
    const map = s.maps[s.maps.length - 1]!;
    const stat = add(map.stat, side);
    const n = s.maps.length;
    if (map.firstBlood === null) {
      setMap(s, { stat, firstBlood: side });
      events.push({ type: 'first_blood', map: n, side });
    } else setMap(s, { stat });
    events.push({ type: 'kill', map: n, side, stat });
  }
  s.clock = until;
  if (until === length) endMap(s, hidden.winner, events);
  return until - start;
}

/** Runs a match `seconds` of match time on (breaks count as time); `rnd` gives uniform [0, 1) floats. */
export function stepEsports(
  state: EsportsSim,
  seconds: number,
  rnd: () => number,
): { state: EsportsSim; events: EsportsEvent[] } {
  const s: EsportsSim = { ...state };
  const events: EsportsEvent[] = [];
  let left = seconds;
  while (left > 0 && s.phase !== 'ended') {
    if (s.phase === 'pre') startMap(s, rnd, events);
    else if (s.phase === 'between') {
      const used = Math.min(left, MAP_BREAK_SECONDS - s.clock);
      s.clock += used;
      left -= used;
      if (s.clock >= MAP_BREAK_SECONDS) startMap(s, rnd, events);
    } else {
      const sport = s.sport;
      const used = isRoundsSport(sport)
        ? playRounds(s, sport, left, rnd, events)
        : playKills(s, sport, left, rnd, events);
      // A step too small to move the clock (a float's last bit) ends here rather than looping.
      if (used <= 0 && s.phase === 'map') break;
      left -= used;
    }
  }
  return { state: s, events };
}
