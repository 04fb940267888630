/**
 * The probabilities of an e-sports match's markets, before it or in play, from the model of
 * `esports-maps.ts`: the maps already played stand, the map being played goes on from its rounds or
 * kills, and the maps after it start afresh. Every outcome is settled by `settleOutcome` on each result
 * the match can end in (market-odds.ts), so an unplayed map's markets come out void as they settle.
 */
import { negativeBinomial, normalised } from './distributions';
import {
  type EsportsModel,
  type EsportsSport,
  firstBloodHome,
  isRoundsSport,
  KILLS_GAMES,
  killsMapWin,
  mapWinProbability,
  matchOver,
  remainingKills,
  roundsMapOutcomes,
  roundWinFor,
} from './esports-maps';
import { type MarketOdds, outcomeOdds, type Scenario } from './market-odds';
import { checkMarketSpec, type MarketSpec, outcomeKeys, type Side } from './model';
import type { EsportsResult, MapResult, Score } from './settle';

/** A match under way (or about to start: no maps). */
export interface EsportsInPlay {
  /** The maps so far in the order played; the last, when unfinished, is the one being played. */
  maps: readonly MapResult[];
  /** Dota 2 and LoL: the share (0–1) of the current map's time gone. */
  progress?: number;
}

/** One map's winner and total (rounds or kills) together, with their probability. */
interface MapJoint {
  winner: Side;
  total: number;
  p: number;
}

const homeShare = (j: readonly MapJoint[]) => j.reduce((s, x) => s + (x.winner === 'home' ? x.p : 0), 0);

/** A map's totals as a distribution (index = total). */
function totalsOf(j: readonly MapJoint[]): number[] {
  const out: number[] = [];
  for (const { total, p } of j) out[total] = (out[total] ?? 0) + p;
  return Array.from(out, (x) => x ?? 0);
}

/** What the model expects of a map not yet started and of the one being played. */
interface Outlook {
  fresh: MapJoint[];
  /** The map being played, if one is (its 0-based index is `done.length`). */
  current: { joint: MapJoint[]; firstBlood: number } | null;
  /** The first blood chance of a map not yet started. */
  firstBlood: number;
  done: MapResult[];
}

function killsJoint(p: number, totals: readonly number[], sofar = 0): MapJoint[] {
  return totals.flatMap((q, n) => [
    { winner: 'home' as const, total: sofar + n, p: p * q },
    { winner: 'away' as const, total: sofar + n, p: (1 - p) * q },
  ]);
}

function roundsJoint(outcomes: ReturnType<typeof roundsMapOutcomes>): MapJoint[] {
  return outcomes.map((o) => ({ winner: o.winner, total: o.stat[0] + o.stat[1], p: o.p }));
}

function outlook(sport: EsportsSport, model: EsportsModel, state: EsportsInPlay): Outlook {
  const p = mapWinProbability(model);
  const firstUnfinished = state.maps.findIndex((m) => !m.finished);
  const done = firstUnfinished < 0 ? [...state.maps] : state.maps.slice(0, firstUnfinished);
  const live = firstUnfinished < 0 ? null : state.maps[firstUnfinished]!;
  if (isRoundsSport(sport)) {
    const r = roundWinFor(sport, p);
    return {
      fresh: roundsJoint(roundsMapOutcomes(sport, r)),
      current: live ? { joint: roundsJoint(roundsMapOutcomes(sport, r, live.stat)), firstBlood: 0 } : null,
      firstBlood: 0,
      done,
    };
  }
  const game = KILLS_GAMES[sport];
  const fresh = killsJoint(p, normalised(negativeBinomial(game.kills, game.shape)));
  if (!live) return { fresh, current: null, firstBlood: firstBloodHome(p), done };
  const kills = live.stat[0] + live.stat[1];
  const now = killsMapWin(p, live.stat);
  return {
    fresh,
    current: {
      joint: killsJoint(now, normalised(remainingKills(sport, kills, state.progress ?? 0)), kills),
      firstBlood: firstBloodHome(now),
    },
    firstBlood: firstBloodHome(p),
    done,
  };
}

const PLAYED: MapResult = { winner: 'home', finished: true, stat: [0, 0], firstBlood: null };

const won = (maps: readonly MapResult[]): Score => [
  maps.filter((m) => m.finished && m.winner === 'home').length,
  maps.filter((m) => m.finished && m.winner === 'away').length,
];

/** Every way the rest of the match can go, map by map (who wins each), with the results' maps. */
function winnerPaths(o: Outlook, bestOf: number): { p: number; maps: MapResult[] }[] {
  const out: { p: number; maps: MapResult[] }[] = [];
  const pFresh = homeShare(o.fresh);
  const pNow = o.current ? homeShare(o.current.joint) : pFresh;
  const walk = (maps: MapResult[], p: number) => {
    if (p === 0) return;
    if (matchOver(won(maps), bestOf)) {
      out.push({ p, maps });
      return;
    }
    const ph = maps.length === o.done.length ? pNow : pFresh;
    walk([...maps, { ...PLAYED, winner: 'home' }], p * ph);
    walk([...maps, { ...PLAYED, winner: 'away' }], p * (1 - ph));
  };
  walk(o.done, 1);
  return out;
}

/** The probability that map `n` (1-based) is played, the current one included. */
function playedChance(paths: readonly { p: number; maps: MapResult[] }[], n: number): number {
  return paths.reduce((s, x) => s + (x.maps.length >= n ? x.p : 0), 0);
}

/** Map `n`'s markets when it ends (or starts) as `map`; the maps before it do not matter to them. */
const withMap = (n: number, map: MapResult): MapResult[] => [...Array<MapResult>(n - 1).fill(PLAYED), map];

/**
 * Scenarios for one map's own markets: its result (total or first blood) when played, with the chance
 * it is, and a match that stopped short of it (void) otherwise. A map already played stands as it is.
 */
function oneMap(
  o: Outlook,
  state: EsportsInPlay,
  paths: readonly { p: number; maps: MapResult[] }[],
  n: number,
  ending: (from: 'current' | 'fresh') => { p: number; map: MapResult }[],
  decided: (m: MapResult) => boolean,
): { p: number; maps: MapResult[] }[] {
  const known = state.maps[n - 1];
  if (known && (known.finished || decided(known))) return [{ p: 1, maps: [...state.maps] }];
  const isCurrent = n === o.done.length + 1 && o.current !== null;
  const chance = isCurrent ? 1 : playedChance(paths, n);
  const out = ending(isCurrent ? 'current' : 'fresh').map((e) => ({
    p: e.p * chance,
    maps: withMap(n, e.map),
  }));
  if (chance < 1) out.push({ p: 1 - chance, maps: [] });
  return out;
}

/** The whole match's total: maps won and the running total, map after map, to the end. */
function matchTotals(o: Outlook, bestOf: number): { p: number; maps: MapResult[] }[] {
  const key = (h: number, a: number, t: number) => `${h},${a},${t}`;
  const start = won(o.done);
  const startTotal = o.done.reduce((s, m) => s + m.stat[0] + m.stat[1], 0);
  let live = new Map([[key(start[0], start[1], startTotal), 1]]);
  const ended = new Map<string, number>();
  let first = true;
  while (live.size > 0) {
    const joint = first && o.current ? o.current.joint : o.fresh;
    first = false;
    const next = new Map<string, number>();
    for (const [k, p] of live) {
      const [h, a, t] = k.split(',').map(Number) as [number, number, number];
      if (matchOver([h, a], bestOf)) {
        ended.set(k, (ended.get(k) ?? 0) + p);
        continue;
      }
      for (const j of joint) {
        const q = p * j.p;
        if (q < 1e-16) continue;
        const nk = j.winner === 'home' ? key(h + 1, a, t + j.total) : key(h, a + 1, t + j.total);
        next.set(nk, (next.get(nk) ?? 0) + q);
      }
    }
    live = next;
  }
  return [...ended].map(([k, p]) => {
    const [h, a, t] = k.split(',').map(Number) as [number, number, number];
    // Only the count of maps and the sum of their totals settle the match's total.
    const maps = [
      ...Array<MapResult>(h).fill({ ...PLAYED, winner: 'home' }),
      ...Array<MapResult>(a).fill({ ...PLAYED, winner: 'away' }),
    ];
    maps[0] = { ...maps[0]!, stat: [t, 0] };
    return { p, maps };
  });
}

/** The factor odds of every outcome of each e-sports market, before the match or in play. */
export function esportsProbabilities(
  sport: EsportsSport,
  model: EsportsModel,
  state: EsportsInPlay | null,
  specs: readonly MarketSpec[],
): MarketOdds[] {
  const s = state ?? { maps: [] };
  const o = outlook(sport, model, s);
  const paths = winnerPaths(o, model.bestOf);
  const asResult = (maps: MapResult[]): EsportsResult => ({
    sport,
    status: 'finished',
    scheduledBestOf: model.bestOf,
    bestOf: model.bestOf,
    maps,
  });
  const scenarios = (list: readonly { p: number; maps: MapResult[] }[]): Scenario[] =>
    list.map((x) => ({ p: x.p, result: asResult(x.maps) }));

  const totalEndings = (from: 'current' | 'fresh') =>
    totalsOf(from === 'current' ? o.current!.joint : o.fresh).map((p, t) => ({
      p,
      map: { ...PLAYED, stat: [t, 0] as Score },
    }));
  const bloodEndings = (from: 'current' | 'fresh') => {
    const home = from === 'current' ? o.current!.firstBlood : o.firstBlood;
    return [
      { p: home, map: { ...PLAYED, firstBlood: 'home' as const } },
      { p: 1 - home, map: { ...PLAYED, firstBlood: 'away' as const } },
    ];
  };

  return specs.map((spec) => {
    if (spec.type === 'outright' || checkMarketSpec(spec, sport, model.bestOf) !== null)
      return { spec, outcomes: null };
    let list: { p: number; maps: MapResult[] }[];
    if (spec.type === 'map_total')
      list =
        spec.map === undefined
          ? matchTotals(o, model.bestOf)
          : oneMap(o, s, paths, spec.map, totalEndings, () => false);
    else if (spec.type === 'first_blood')
      list = oneMap(o, s, paths, spec.map, bloodEndings, (m) => m.firstBlood !== null);
    else list = paths;
    return { spec, outcomes: outcomeOdds(spec, outcomeKeys(spec), scenarios(list)) };
  });
}
