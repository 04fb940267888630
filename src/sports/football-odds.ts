/**
 * The probabilities of a football fixture's markets, before the match or in play, from the model of
 * `football-model.ts`: the goals still to come are added to the score so far, and every outcome is
 * settled by `settleOutcome` on each final result (market-odds.ts).
 *
 * Grids of goals stop where less than 1e-10 of each side's mass is left (under 1e-9 in all), and the
 * kept mass is scaled back to 1.
 */
import { difference, normalised, poisson } from './distributions';
import {
  CARDS_PER_MATCH,
  CORNERS_PER_MATCH,
  FIRST_HALF_SHARE,
  type FootballModel,
  HALF_MINUTES,
  MATCH_MINUTES,
  redCardFactor,
} from './football-model';
import { type MarketOdds, outcomeOdds, type Scenario } from './market-odds';
import { checkMarketSpec, type MarketSpec, outcomeKeys } from './model';
import type { FootballResult, Score } from './settle';

/** A match under way (or about to start: minute 0, 0-0). */
export interface FootballInPlay {
  /** Minutes played, 0–90; fractions are fine. */
  minute: number;
  score: Score;
  /** The half-time score once the first half is over; taken to be the score when missing past 45. */
  ht?: Score | null;
  corners?: Score;
  cards?: Score;
  /** Red cards so far: from each, that side scores less and its opponent more. */
  reds?: Score;
}

export const PRE_MATCH: FootballInPlay = { minute: 0, score: [0, 0] };

/** Expected goals still to come of each side in each half. */
interface GoalsToCome {
  home1: number;
  away1: number;
  home2: number;
  away2: number;
}

function goalsToCome(model: FootballModel, s: FootballInPlay): GoalsToCome {
  const minute = Math.min(Math.max(s.minute, 0), MATCH_MINUTES);
  const firstOver = s.ht != null || minute >= HALF_MINUTES;
  const first = firstOver ? 0 : (HALF_MINUTES - minute) / HALF_MINUTES;
  const second = (MATCH_MINUTES - Math.max(minute, HALF_MINUTES)) / HALF_MINUTES;
  const home = model.home * redCardFactor('home', s.reds);
  const away = model.away * redCardFactor('away', s.reds);
  return {
    home1: home * FIRST_HALF_SHARE * first,
    away1: away * FIRST_HALF_SHARE * first,
    home2: home * (1 - FIRST_HALF_SHARE) * second,
    away2: away * (1 - FIRST_HALF_SHARE) * second,
  };
}

/**
 * The Dixon–Coles weight of `h`–`a` further goals when `lh` and `la` are expected: only 0-0, 1-0, 0-1
 * and 1-1 move, and the four changes cancel, so the total stays 1. In play the dependence fades with
 * the goals left to come (`rho` scaled by their share of the match's), and it is kept within the range
 * where no weight turns negative.
 */
function dixonColes(model: FootballModel, lh: number, la: number): (h: number, a: number) => number {
  const full = model.home + model.away;
  let rho = (model.rho ?? 0) * (full > 0 ? Math.min(1, (lh + la) / full) : 0);
  if (rho === 0) return () => 1;
  rho = Math.max(rho, lh > 0 ? -1 / lh : rho, la > 0 ? -1 / la : rho);
  rho = Math.min(rho, 1, lh * la > 0 ? 1 / (lh * la) : 1);
  return (h, a) => {
    if (h === 0 && a === 0) return 1 - lh * la * rho;
    if (h === 0 && a === 1) return 1 + lh * rho;
    if (h === 1 && a === 0) return 1 + la * rho;
    if (h === 1 && a === 1) return 1 - rho;
    return 1;
  };
}

/** A finished result; each scenario sets only what its markets read. */
const BASE: FootballResult = {
  sport: 'football',
  status: 'finished',
  ht: [0, 0],
  ft: [0, 0],
  corners: [0, 0],
  cards: [0, 0],
};

/** Final scores: the score so far plus the goals to come. */
function finalScores(model: FootballModel, s: FootballInPlay): Scenario[] {
  const g = goalsToCome(model, s);
  const lh = g.home1 + g.home2;
  const la = g.away1 + g.away2;
  const tau = dixonColes(model, lh, la);
  const hs = poisson(lh);
  const as = poisson(la);
  const cells: { h: number; a: number; p: number }[] = [];
  hs.forEach((ph, h) => {
    as.forEach((pa, a) => {
      cells.push({ h, a, p: ph * pa * tau(h, a) });
    });
  });
  const ps = normalised(cells.map((c) => c.p));
  return cells.map((c, i) => ({
    p: ps[i]!,
    result: { ...BASE, ft: [s.score[0] + c.h, s.score[1] + c.a] },
  }));
}

/** A score standing for a goal difference (HT/FT reads only who leads). */
const lead = (d: number): Score => [Math.max(d, 0), Math.max(-d, 0)];

/**
 * Half-time and full-time leads: the half-time goal difference (known, or the score's plus the first
 * half's goals to come) and the second half's. Only who leads at each settles HT/FT, so a result per
 * pair of differences is enough.
 */
function halfTimeFullTime(model: FootballModel, s: FootballInPlay): Scenario[] {
  const g = goalsToCome(model, s);
  const htBase = s.ht ?? (s.minute >= HALF_MINUTES ? s.score : null);
  const sofar = htBase ?? s.score;
  const h1 = htBase ? [1] : poisson(g.home1);
  const a1 = htBase ? [1] : poisson(g.away1);
  const h2 = poisson(g.home2);
  const a2 = poisson(g.away2);
  const d1 = difference(h1, a1);
  const d2 = difference(h2, a2);
  const grid = d1.p.map((p1) => d2.p.map((p2) => p1 * p2));
  // Dixon–Coles reweights the whole match's further goals; only totals of at most one a side move.
  const tau = dixonColes(model, g.home1 + g.home2, g.away1 + g.away2);
  const few = [0, 1];
  for (const x1 of few)
    for (const x2 of few)
      for (const y1 of few)
        for (const y2 of few) {
          if (x1 + x2 > 1 || y1 + y2 > 1) continue;
          const p = (h1[x1] ?? 0) * (h2[x2] ?? 0) * (a1[y1] ?? 0) * (a2[y2] ?? 0);
          const row = grid[x1 - y1 + d1.offset];
          if (p > 0 && row) row[x2 - y2 + d2.offset]! += p * (tau(x1 + x2, y1 + y2) - 1);
        }
  const flat = grid.flat();
  const ps = normalised(flat);
  const width = d2.p.length;
  const diff0 = sofar[0] - sofar[1];
  return ps.map((p, i) => {
    const ht = lead(diff0 + Math.floor(i / width) - d1.offset);
    const second = lead((i % width) - d2.offset);
    return { p, result: { ...BASE, ht, ft: [ht[0] + second[0], ht[1] + second[1]] } };
  });
}

/** A total of corners or cards: the count so far plus a Poisson count over the time left. */
function counts(stat: 'corners' | 'cards', model: FootballModel, s: FootballInPlay): Scenario[] {
  const perMatch =
    stat === 'corners' ? (model.corners ?? CORNERS_PER_MATCH) : (model.cards ?? CARDS_PER_MATCH);
  const left = (MATCH_MINUTES - Math.min(Math.max(s.minute, 0), MATCH_MINUTES)) / MATCH_MINUTES;
  const sofar = s[stat] ?? [0, 0];
  const ps = normalised(poisson(perMatch * left));
  return ps.map((p, n) => ({ p, result: { ...BASE, [stat]: [sofar[0] + sofar[1] + n, 0] } }));
}

/** The factor odds of every outcome of each football market, before the match (`PRE_MATCH`) or in play. */
export function footballProbabilities(
  model: FootballModel,
  state: FootballInPlay | null,
  specs: readonly MarketSpec[],
): MarketOdds[] {
  const s = state ?? PRE_MATCH;
  const cache = new Map<string, Scenario[]>();
  const scenarios = (name: string, build: () => Scenario[]) => {
    const got = cache.get(name) ?? build();
    cache.set(name, got);
    return got;
  };
  return specs.map((spec) => {
    if (spec.type === 'outright' || checkMarketSpec(spec, 'football') !== null)
      return { spec, outcomes: null };
    let list: Scenario[];
    if (spec.type === 'ht_ft') list = scenarios('ht_ft', () => halfTimeFullTime(model, s));
    else if (spec.type === 'over_under' && spec.stat !== 'goals') {
      const stat = spec.stat;
      list = scenarios(stat, () => counts(stat, model, s));
    } else list = scenarios('ft', () => finalScores(model, s));
    return { spec, outcomes: outcomeOdds(spec, outcomeKeys(spec), list) };
  });
}
