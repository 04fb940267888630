import { describe, expect, it } from 'vitest';
import {
  type EsportsSport,
  KILLS_GAMES,
  mapWinProbability,
  roundsMapWinner,
} from '../../src/sports/esports-maps';
import { type FootballModel, matchupModel } from '../../src/sports/football-model';
import { effectiveProbability } from '../../src/sports/market-odds';
import { marketTemplate, outcomeKeys } from '../../src/sports/model';
import { esportsProbabilities, footballProbabilities } from '../../src/sports/pricing';
import { factorKind, settleOutcome } from '../../src/sports/settle';
import {
  type EsportsSim,
  type FootballSim,
  HALF_TIME_SECONDS,
  mapsWon,
  pricingState,
  resultOf,
  type SimEvent,
  type SimState,
  startMatch,
  step,
} from '../../src/sports/simulate';
import { CATALOGUE } from '../../src/sports/teams';

/*
 * The simulator plays the pricer's own model: over many seeded matches its goals, corners and cards
 * average what the model says and its draws come as often as the pricer says; every ended match's
 * result settles every template market; an e-sports best of 3 stops when a side has two maps.
 */

/** A small seeded uniform [0, 1) source (mulberry32), so every run is the same. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FULL_MATCH = 90 * 60 + HALF_TIME_SECONDS + 1;

function settlesEverything(state: SimState) {
  const result = resultOf(state);
  const specs =
    state.sport === 'football' ? marketTemplate('football') : marketTemplate(state.sport, state.model.bestOf);
  for (const spec of specs) {
    const kinds = outcomeKeys(spec).map((k) => factorKind(settleOutcome(spec, k, result)));
    expect(kinds.includes('dead-heat')).toBe(false);
  }
}

describe('football', () => {
  const model: FootballModel = { home: 1.55, away: 1.15 };

  it('10,000 seeded matches average the model: goals, corners and cards; draws as often as priced', () => {
    const rnd = seeded(28);
    const n = 10_000;
    let home = 0;
    let away = 0;
    let corners = 0;
    let cards = 0;
    let draws = 0;
    for (let i = 0; i < n; i++) {
      const { state } = step(startMatch('football', model), FULL_MATCH, rnd);
      expect(state.phase).toBe('ended');
      home += state.score[0];
      away += state.score[1];
      corners += state.corners[0] + state.corners[1];
      cards += state.cards[0] + state.cards[1];
      if (state.score[0] === state.score[1]) draws++;
      settlesEverything(state);
    }
    // Standard errors over 10,000 matches: 0.012 (home goals), 0.011 (away), 0.032 (corners), 0.021 (cards).
    expect(Math.abs(home / n - model.home)).toBeLessThan(0.045);
    expect(Math.abs(away / n - model.away)).toBeLessThan(0.045);
    expect(Math.abs(corners / n - 10.2)).toBeLessThan(0.12);
    expect(Math.abs(cards / n - 4.6)).toBeLessThan(0.08);
    const priced = effectiveProbability(
      footballProbabilities(model, null, [{ type: '1x2' }])[0]!.outcomes!.draw!,
    );
    expect(Math.abs(draws / n - priced)).toBeLessThan(0.015);
  });

  it('played in small steps: phases in order, events in time, half-time score kept, result settles', () => {
    const rnd = seeded(7);
    for (let match = 0; match < 50; match++) {
      let state: FootballSim = startMatch('football', { home: 2.2, away: 1.4 });
      const events: SimEvent[] = [];
      const phases = [state.phase];
      while (state.phase !== 'ended') {
        const next = step(state, 37, rnd);
        state = next.state;
        events.push(...next.events);
        if (phases.at(-1) !== state.phase) phases.push(state.phase);
      }
      expect(phases).toEqual(['pre', 'first_half', 'half_time', 'second_half', 'ended']);
      let minute = 0;
      let goals = 0;
      for (const e of events) {
        if (!('minute' in e)) continue;
        expect(e.minute).toBeGreaterThanOrEqual(minute);
        expect(e.minute).toBeLessThanOrEqual(90);
        minute = e.minute;
        if (e.type === 'goal') goals++;
        if (e.type === 'half_time') expect(e.score).toEqual(state.ht);
      }
      expect(goals).toBe(state.score[0] + state.score[1]);
      expect(events.at(-1)).toMatchObject({ type: 'full_time', minute: 90, score: state.score });
      expect(events.filter((e) => e.type === 'card').length).toBe(state.cards[0] + state.cards[1]);
      settlesEverything(state);
    }
  });

  it('an unfinished match has no result; its in-play state prices with markets adding up', () => {
    const { state } = step(
      startMatch('football', { home: 1.4, away: 1.2 }),
      50 * 60 + HALF_TIME_SECONDS,
      seeded(3),
    );
    expect(state.phase).toBe('second_half');
    expect(() => resultOf(state)).toThrow();
    const odds = footballProbabilities({ home: 1.4, away: 1.2 }, pricingState(state), [{ type: '1x2' }]);
    const sum = Object.values(odds[0]!.outcomes!).reduce((s, o) => s + effectiveProbability(o), 0);
    expect(sum).toBeCloseTo(1, 9);
  });
});

describe('e-sports', () => {
  const SPORTS: EsportsSport[] = ['cs2', 'dota2', 'lol', 'valorant'];

  function play(sport: EsportsSport, bestOf: number, rnd: () => number, seconds = 10_000_000) {
    let state: EsportsSim = startMatch(sport, { home: 1700, away: 1620, bestOf });
    const events: SimEvent[] = [];
    while (state.phase !== 'ended') {
      const next = step(state, Math.min(seconds, 10_000_000), rnd);
      state = next.state;
      events.push(...next.events);
    }
    return { state, events };
  }

  it('a best of 3 ends when a side has two maps; each map ends as its game ends; results settle', () => {
    const rnd = seeded(11);
    for (const sport of SPORTS)
      for (let i = 0; i < 60; i++) {
        const { state, events } = play(sport, 3, rnd, 400);
        const won = mapsWon(state.maps);
        expect(Math.max(...won)).toBe(2);
        expect(state.maps.length).toBe(won[0] + won[1]);
        expect(state.maps.every((m) => m.finished && m.winner !== null)).toBe(true);
        for (const m of state.maps) {
          if (sport === 'cs2' || sport === 'valorant')
            expect(roundsMapWinner(sport, m.stat[0], m.stat[1])).toBe(m.winner);
          else if (m.stat[0] + m.stat[1] > 0) expect(m.firstBlood).not.toBeNull();
        }
        expect(events.at(-1)).toMatchObject({ type: 'match_end', maps: won });
        expect(events.filter((e) => e.type === 'map_start').length).toBe(state.maps.length);
        settlesEverything(state);
      }
  });

  it('a best of 2 plays both maps and may end 1-1', () => {
    const rnd = seeded(5);
    let drawn = 0;
    for (let i = 0; i < 100; i++) {
      const { state } = play('valorant', 2, rnd);
      expect(state.maps.length).toBe(2);
      if (mapsWon(state.maps)[0] === 1) drawn++;
      settlesEverything(state);
    }
    expect(drawn).toBeGreaterThan(25);
  });

  it('best-of-3 wins and first bloods come as often as priced; Dota 2 kills average the usual total', () => {
    const rnd = seeded(99);
    const model = { home: 1700, away: 1620, bestOf: 3 };
    const n = 1_500;
    let homeWins = 0;
    let homeFirstBlood = 0;
    let kills = 0;
    for (let i = 0; i < n; i++) {
      const { state } = play('dota2', 3, rnd);
      if (mapsWon(state.maps)[0] === 2) homeWins++;
      if (state.maps[0]!.firstBlood === 'home') homeFirstBlood++;
      kills += state.maps[0]!.stat[0] + state.maps[0]!.stat[1];
    }
    const p = mapWinProbability(model);
    // Standard errors over 1,500 matches: 0.013 (wins, first bloods), 0.32 (kills).
    expect(Math.abs(homeWins / n - p * p * (3 - 2 * p))).toBeLessThan(0.04);
    const [fb] = esportsProbabilities('dota2', model, null, [{ type: 'first_blood', map: 1 }]);
    expect(Math.abs(homeFirstBlood / n - effectiveProbability(fb!.outcomes!.home!))).toBeLessThan(0.04);
    expect(Math.abs(kills / n - KILLS_GAMES.dota2.kills)).toBeLessThan(1);
  });

  it('in play, the state prices: after a map the markets still add up', () => {
    const rnd = seeded(2);
    let state: EsportsSim = startMatch('cs2', { home: 1700, away: 1620, bestOf: 3 });
    while (state.maps.length < 2 && state.phase !== 'ended') state = step(state, 600, rnd).state;
    const odds = esportsProbabilities('cs2', state.model, pricingState(state), marketTemplate('cs2', 3));
    for (const { spec, outcomes } of odds) {
      const keys = outcomeKeys(spec);
      const sum = keys.reduce((s, k) => s + effectiveProbability(outcomes![k]!), 0);
      if (!keys.every((k) => outcomes![k]!.void > 1 - 1e-9)) expect(sum).toBeCloseTo(1, 9);
    }
  });
});

describe('the catalogue', () => {
  it('real competitions with their clubs and teams, ids unique, strengths usable by the models', () => {
    const byId = Object.fromEntries(CATALOGUE.map((c) => [c.id, c]));
    expect(new Set(CATALOGUE.map((c) => c.id)).size).toBe(CATALOGUE.length);
    expect(byId['br-serie-a']!.teams).toHaveLength(20);
    expect(byId['premier-league']!.teams).toHaveLength(20);
    expect(byId['copa-libertadores']!.teams.length).toBeGreaterThanOrEqual(16);
    for (const c of CATALOGUE) {
      expect(new Set(c.teams.map((t) => t.id)).size).toBe(c.teams.length);
      expect(c.name.pt && c.name.en).toBeTruthy();
      if (c.sport === 'football') {
        const [a, b] = c.teams;
        const m = matchupModel(a!, b!, c.goals);
        expect(m.home > 0.3 && m.home < 4 && m.away > 0.3 && m.away < 4).toBe(true);
      } else {
        expect(c.teams.length).toBeGreaterThanOrEqual(10);
        for (const t of c.teams) expect(t.rating > 1000 && t.rating < 2500).toBe(true);
      }
    }
  });
});
