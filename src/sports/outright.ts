/**
 * Outrights (docs/sports.md, "Outrights"): a bet on where a competitor finishes a whole competition, the
 * winner or a place among the first N. An outright event is a fixture of kind `outright` whose markets are
 * all `outright` markets over the same competitors; its result is the finishing order (`OutrightResult`),
 * tied competitors grouped, and a tie across the last paid place is settled as a dead heat.
 *
 * The simulator prices its outrights by playing the competition many times from the same team strengths
 * its matches are priced from (a league's double round robin, or a knockout bracket seeded by strength),
 * and settles them by playing it once more when betting closes.
 */
import { mapsToWin, mapWinProbability } from './esports-maps';
import { matchupModel } from './football-model';
import { priceProbabilities } from './margin';
import type { MarketSpec } from './model';
import { deadHeat, type OutrightResult } from './settle';
import type { CatalogueCompetition, FootballCompetition } from './teams';

/** A finishing order: groups of competitors, each group tied on its places. */
export type Standings = string[][];

/** A Poisson draw by inversion (means of a few goals: a handful of uniforms). */
function poissonDraw(mean: number, rnd: () => number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rnd();
  while (p > limit) {
    k++;
    p *= rnd();
  }
  return k;
}

/**
 * A league season: every team meets every other at home and away; 3 points a win, 1 a draw; ranked by
 * points, goal difference and goals scored, and teams level on all three are tied (the dead-heat rule).
 */
export function playLeague(c: FootballCompetition, rnd: () => number): Standings {
  const n = c.teams.length;
  const points = new Array<number>(n).fill(0);
  const diff = new Array<number>(n).fill(0);
  const scored = new Array<number>(n).fill(0);
  for (let h = 0; h < n; h++) {
    for (let a = 0; a < n; a++) {
      if (h === a) continue;
      const model = matchupModel(c.teams[h]!, c.teams[a]!, c.goals);
      const gh = poissonDraw(model.home, rnd);
      const ga = poissonDraw(model.away, rnd);
      scored[h]! += gh;
      scored[a]! += ga;
      diff[h]! += gh - ga;
      diff[a]! += ga - gh;
      if (gh > ga) points[h]! += 3;
      else if (gh < ga) points[a]! += 3;
      else {
        points[h]! += 1;
        points[a]! += 1;
      }
    }
  }
  const order = [...c.teams.keys()].sort(
    (x, y) => points[y]! - points[x]! || diff[y]! - diff[x]! || scored[y]! - scored[x]!,
  );
  const out: Standings = [];
  let last = -1;
  for (const i of order) {
    const same =
      last >= 0 && points[i] === points[last] && diff[i] === diff[last] && scored[i] === scored[last];
    if (same) out.at(-1)!.push(c.teams[i]!.name);
    else out.push([c.teams[i]!.name]);
    last = i;
  }
  return out;
}

/**
 * A knockout bracket of the competitors seeded in the order given (the strongest first), the top seeds
 * given byes up to the next power of two; `beats(a, b)` is the chance a wins their tie. The winner, the
 * runner-up, then each round's losers tied together (two semi-finalists share third place).
 */
export function playKnockout(
  seeds: readonly string[],
  beats: (a: string, b: string) => number,
  rnd: () => number,
): Standings {
  let size = 1;
  while (size < seeds.length) size *= 2;
  // The usual bracket order (1 v 16, 8 v 9, …) so the top seeds meet last; a bye is a null slot.
  let order = [0];
  while (order.length < size) order = order.flatMap((s) => [s, order.length * 2 - 1 - s]);
  let round: (string | null)[] = order.map((s) => seeds[s] ?? null);
  const out: Standings = [];
  while (round.length > 1) {
    const next: (string | null)[] = [];
    const losers: string[] = [];
    for (let i = 0; i < round.length; i += 2) {
      const a = round[i]!;
      const b = round[i + 1] ?? null;
      if (a === null || b === null) {
        next.push(a ?? b);
        continue;
      }
      const aWins = rnd() < beats(a, b);
      next.push(aWins ? a : b);
      losers.push(aWins ? b : a);
    }
    if (losers.length > 0) out.unshift(losers);
    round = next;
  }
  out.unshift([round[0]!]);
  return out;
}

/** The chance the first side takes a best-of-`bestOf` match when it takes each map with `p`. */
export function seriesProbability(p: number, bestOf: number): number {
  const need = mapsToWin(bestOf);
  // P(first reaches `need` map wins before the other does): sum over the other's wins k < need.
  let total = 0;
  for (let k = 0; k < need; k++) total += binomial(need - 1 + k, k) * p ** need * (1 - p) ** k;
  return total;
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** What the simulator offers on a competition: its places markets and how the competition is played. */
export interface OutrightPlan {
  competitors: string[];
  /** The places each market pays: 1 for the winner, then "among the first N". */
  places: number[];
  play: (rnd: () => number) => Standings;
}

export function outrightPlan(c: CatalogueCompetition): OutrightPlan {
  if (c.sport === 'football' && c.id !== 'copa-libertadores') {
    return {
      competitors: c.teams.map((t) => t.name),
      places: [1, 4],
      play: (rnd) => playLeague(c, rnd),
    };
  }
  if (c.sport === 'football') {
    // A cup tie at a neutral ground: a draw goes to penalties, a coin toss.
    const byName = new Map(c.teams.map((t) => [t.name, t]));
    const avg = (c.goals.home + c.goals.away) / 2;
    const win = new Map<string, number>();
    const beats = (a: string, b: string) => {
      const key = `${a}\u0000${b}`;
      let p = win.get(key);
      if (p === undefined) {
        p = cupTie(matchupModel(byName.get(a)!, byName.get(b)!, { home: avg, away: avg }));
        win.set(key, p);
      }
      return p;
    };
    const seeds = [...c.teams].sort((x, y) => strength(y) - strength(x)).map((t) => t.name);
    return {
      competitors: c.teams.map((t) => t.name),
      places: [1, 2],
      play: (rnd) => playKnockout(seeds, beats, rnd),
    };
  }
  const rating = new Map(c.teams.map((t) => [t.name, t.rating]));
  const beats = (a: string, b: string) =>
    seriesProbability(mapWinProbability({ home: rating.get(a)!, away: rating.get(b)! }), c.bestOf);
  const seeds = [...c.teams].sort((x, y) => y.rating - x.rating).map((t) => t.name);
  return {
    competitors: c.teams.map((t) => t.name),
    places: [1, 2],
    play: (rnd) => playKnockout(seeds, beats, rnd),
  };
}

/** A football team's rough strength for seeding: goals scored over goals conceded. */
const strength = (t: { attack: number; defence: number }) => t.attack / t.defence;

/** The chance the home side wins a single match, a draw counted half (penalties). */
function cupTie(model: { home: number; away: number }): number {
  const pmf = (mean: number) => {
    const out: number[] = [];
    let p = Math.exp(-mean);
    for (let k = 0; k <= 15; k++) {
      out.push(p);
      p = (p * mean) / (k + 1);
    }
    return out;
  };
  const h = pmf(model.home);
  const a = pmf(model.away);
  let win = 0;
  let draw = 0;
  for (let x = 0; x < h.length; x++)
    for (let y = 0; y < a.length; y++) {
      if (x > y) win += h[x]! * a[y]!;
      else if (x === y) draw += h[x]! * a[y]!;
    }
  return win + draw / 2;
}

/** The share of a stake a finisher in `group` starting at `position` is paid by a market of `places`. */
export function paidShare(position: number, groupSize: number, places: number): number {
  if (position > places) return 0;
  const last = position + groupSize - 1;
  if (last <= places) return 1;
  const f = deadHeat(places - position + 1, groupSize);
  return f.win / f.den;
}

/**
 * Each competitor's chance of being paid by each of the plan's markets, from `runs` plays of the
 * competition: a dead heat across the last place counts its paid share, as settlement pays it.
 */
export function placeProbabilities(plan: OutrightPlan, runs: number, rnd: () => number): number[][] {
  const index = new Map(plan.competitors.map((c, i) => [c, i]));
  const paid = plan.places.map(() => new Array<number>(plan.competitors.length).fill(0));
  for (let r = 0; r < runs; r++) {
    let position = 1;
    for (const group of plan.play(rnd)) {
      for (const [m, places] of plan.places.entries()) {
        const share = paidShare(position, group.length, places);
        if (share > 0) for (const c of group) paid[m]![index.get(c)!]! += share;
      }
      position += group.length;
    }
  }
  return paid.map((row) => row.map((x) => x / runs));
}

/** The plan's outright markets priced with the margin (a competitor too unlikely is not offered). */
export function priceOutrights(
  plan: OutrightPlan,
  marginBp: number,
  runs: number,
  rnd: () => number,
): Array<{ spec: MarketSpec; prices: Record<string, number | null> }> {
  const probabilities = placeProbabilities(plan, runs, rnd);
  return plan.places.map((places, m) => {
    const prices = priceProbabilities(probabilities[m]!, marginBp);
    return {
      spec: { type: 'outright', places, competitors: plan.competitors },
      prices: Object.fromEntries(plan.competitors.map((c, i) => [c, prices[i] ?? null])),
    };
  });
}

/** The result of an outright from its standings (a whole order played by the simulator). */
export const outrightResult = (standings: Standings, nonRunners: string[] = []): OutrightResult => ({
  sport: 'outright',
  standings,
  ...(nonRunners.length ? { nonRunners } : {}),
});

/**
 * Whether standings can settle markets paying up to `places`: every name a competitor, none twice (nor
 * also a non-runner), and enough competitors placed to fill the paid places. Null when they can.
 */
export function checkStandings(
  competitors: readonly string[],
  maxPlaces: number,
  result: Pick<OutrightResult, 'standings' | 'nonRunners'>,
): 'SPORTS_STANDINGS_INVALID' | null {
  const known = new Set(competitors);
  const seen = new Set<string>();
  const named = [...result.standings.flat(), ...(result.nonRunners ?? [])];
  for (const name of named) {
    if (!known.has(name) || seen.has(name)) return 'SPORTS_STANDINGS_INVALID';
    seen.add(name);
  }
  if (result.standings.some((g) => g.length === 0)) return 'SPORTS_STANDINGS_INVALID';
  const placed = result.standings.flat().length;
  const runners = competitors.length - (result.nonRunners?.length ?? 0);
  return placed < Math.min(maxPlaces, runners) ? 'SPORTS_STANDINGS_INVALID' : null;
}
