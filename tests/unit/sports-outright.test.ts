import { describe, expect, it } from 'vitest';
import { mapWinProbability } from '../../src/sports/esports-maps';
import { checkMarketSpec, eventName } from '../../src/sports/model';
import {
  checkStandings,
  outrightPlan,
  paidShare,
  placeProbabilities,
  playKnockout,
  playLeague,
  priceOutrights,
  seriesProbability,
} from '../../src/sports/outright';
import { settleOutcome } from '../../src/sports/settle';
import { BR_SERIE_A, CATALOGUE, LOL_WORLDS } from '../../src/sports/teams';

/** A small seeded uniform [0, 1) source (mulberry32), so every run is the same. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const outright = (places: number, competitors: string[]) => ({
  type: 'outright' as const,
  places,
  competitors,
});

describe('outrights', () => {
  it('settles the winner, a place, a dead heat across the last paid place and a non-runner', () => {
    const spec = outright(3, ['a', 'b', 'c', 'd', 'e', 'f']);
    const result = {
      sport: 'outright' as const,
      standings: [['a'], ['b'], ['c', 'd', 'e'], ['f']],
      nonRunners: [],
    };
    const factor = (key: string) => settleOutcome(spec, key, result);
    expect(factor('a')).toEqual({ win: 1, void: 0, den: 1 });
    expect(factor('b')).toEqual({ win: 1, void: 0, den: 1 });
    // Three tied for the one place left: a third of the stake at the price.
    expect(factor('c')).toEqual({ win: 1, void: 0, den: 3 });
    expect(factor('f')).toEqual({ win: 0, void: 0, den: 1 });
    expect(settleOutcome(spec, 'f', { ...result, nonRunners: ['f'] })).toEqual({ win: 0, void: 1, den: 1 });
    // Exactly at the last paid place is a win; a tie that fits inside the paid places is a win for each.
    expect(settleOutcome(spec, 'c', { sport: 'outright', standings: [['a'], ['b'], ['c']] })).toEqual({
      win: 1,
      void: 0,
      den: 1,
    });
    expect(settleOutcome(spec, 'b', { sport: 'outright', standings: [['a', 'b'], ['c'], ['d']] }).den).toBe(
      1,
    );
    // Called off: every competitor void.
    expect(settleOutcome(spec, 'a', { sport: 'outright', standings: [], cancelled: true })).toEqual({
      win: 0,
      void: 1,
      den: 1,
    });
    expect(paidShare(3, 3, 3)).toBeCloseTo(1 / 3, 12);
    expect(paidShare(4, 1, 3)).toBe(0);
    expect(paidShare(2, 2, 3)).toBe(1);
  });

  it('checks standings against the competitors and the places paid', () => {
    const names = ['a', 'b', 'c', 'd'];
    expect(checkStandings(names, 2, { standings: [['a'], ['b']] })).toBeNull();
    expect(checkStandings(names, 2, { standings: [['a', 'b']] })).toBeNull();
    expect(checkStandings(names, 2, { standings: [['a']] })).toBe('SPORTS_STANDINGS_INVALID');
    expect(checkStandings(names, 1, { standings: [['a'], ['a']] })).toBe('SPORTS_STANDINGS_INVALID');
    expect(checkStandings(names, 1, { standings: [['x']] })).toBe('SPORTS_STANDINGS_INVALID');
    expect(checkStandings(names, 1, { standings: [['a']], nonRunners: ['a'] })).toBe(
      'SPORTS_STANDINGS_INVALID',
    );
    // With three non-runners only one competitor is left to place.
    expect(checkStandings(names, 2, { standings: [['a']], nonRunners: ['b', 'c', 'd'] })).toBeNull();
    expect(checkMarketSpec(outright(4, names), 'football')).toBe('MARKET_BAD_PLACES');
    expect(checkMarketSpec(outright(1, names), 'cs2')).toBeNull();
  });

  it('names an outright by its own name and a match by its sides', () => {
    expect(eventName({ home: 'Brasileirão Série A 2026', away: '' })).toBe('Brasileirão Série A 2026');
    expect(eventName({ home: 'Flamengo', away: 'Bahia' })).toBe('Flamengo x Bahia');
  });

  it('plays a bracket with byes for the top seeds, who meet only in the final when the stronger always wins', () => {
    const seeds = Array.from({ length: 12 }, (_, i) => `s${i + 1}`);
    const rank = (s: string) => Number(s.slice(1));
    const standings = playKnockout(seeds, (a, b) => (rank(a) < rank(b) ? 1 : 0), seeded(1));
    expect(standings.map((g) => g.length)).toEqual([1, 1, 2, 4, 4]);
    expect(standings.slice(0, 3)).toEqual([['s1'], ['s2'], expect.arrayContaining(['s3', 's4'])]);
    expect(standings[3]!.sort()).toEqual(['s5', 's6', 's7', 's8']);
    expect(standings.flat().sort()).toEqual([...seeds].sort());
  });

  it('takes a series with the exact chance of a best-of', () => {
    expect(seriesProbability(0.6, 1)).toBeCloseTo(0.6, 12);
    // Best of 3: p² (3 − 2p).
    expect(seriesProbability(0.6, 3)).toBeCloseTo(0.36 * 1.8, 12);
    expect(seriesProbability(0.5, 5)).toBeCloseTo(0.5, 12);
  });

  it('plays a league season of every team at home and away, everyone placed once', () => {
    const standings = playLeague(BR_SERIE_A, seeded(3));
    expect(standings.flat().sort()).toEqual(BR_SERIE_A.teams.map((t) => t.name).sort());
  });

  it('prices each competition: chances adding up to the places paid, the favourite shortest, the margin on top', () => {
    for (const c of CATALOGUE) {
      const plan = outrightPlan(c);
      const chances = placeProbabilities(plan, 400, seeded(11));
      for (const [m, places] of plan.places.entries())
        expect(chances[m]!.reduce((s, x) => s + x, 0)).toBeCloseTo(places, 9);
      const markets = priceOutrights(plan, 600, 400, seeded(11));
      for (const market of markets) {
        const prices = Object.values(market.prices).filter((p): p is number => p !== null);
        expect(prices.length).toBeGreaterThanOrEqual(2);
        // What the book keeps: the offered prices' inverses add up to more than the places paid.
        const places = (market.spec as { places: number }).places;
        const overround = prices.reduce((s, p) => s + 10_000 / p, 0);
        expect(overround).toBeGreaterThan(places);
      }
    }
    // The strongest LoL team is the favourite to win the Worlds.
    const lol = priceOutrights(outrightPlan(LOL_WORLDS), 600, 2_000, seeded(5))[0]!;
    const strongest = [...LOL_WORLDS.teams].sort((a, b) => b.rating - a.rating)[0]!.name;
    const offered = Object.entries(lol.prices).filter(([, p]) => p !== null) as [string, number][];
    expect(offered.sort((a, b) => a[1] - b[1])[0]![0]).toBe(strongest);
    expect(mapWinProbability({ home: 1600, away: 1500 })).toBeCloseTo(0.64, 2);
  });
});
