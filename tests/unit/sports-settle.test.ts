import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkMarketSpec,
  ESPORTS_MARKETS,
  FOOTBALL_MARKETS,
  type FootballStat,
  isOutcomeOf,
  lineText,
  type MarketSpec,
  marketTemplate,
  outcomeKeys,
  SPORTS,
} from '../../src/sports/model';
import {
  deadHeat,
  type EsportsResult,
  type Factor,
  type FactorKind,
  type FootballResult,
  factorKind,
  HALF_LOSE,
  HALF_WIN,
  LOSE,
  type MapResult,
  type OutrightResult,
  type Result,
  type Score,
  sameFactor,
  settleMarket,
  settleOutcome,
  VOID,
  WIN,
} from '../../src/sports/settle';

/*
 * Known answers for the settlement of every market type: wins, losses, voids, Asian half-wins and
 * half-losses on quarter lines, dead heats, and the void rules of abandoned, cancelled and walked-over
 * fixtures and of e-sports matches played in another format or with a replayed map.
 */

const football = (ft: Score, over: Partial<FootballResult> = {}): FootballResult => ({
  sport: 'football',
  status: 'finished',
  ht: [0, 0],
  ft,
  corners: [5, 4],
  cards: [2, 2],
  ...over,
});

/** The kinds of a market's outcomes, by key. */
const kinds = (spec: MarketSpec, r: Result) =>
  Object.fromEntries(
    Object.entries(settleMarket(spec, outcomeKeys(spec), r)).map(([k, f]) => [k, factorKind(f)]),
  );

const kindOf = (spec: MarketSpec, key: string, r: Result): FactorKind =>
  factorKind(settleOutcome(spec, key, r));

const ah = (lineQ: number): MarketSpec => ({ type: 'asian_handicap', lineQ });
const goals = (lineQ: number): MarketSpec => ({ type: 'over_under', stat: 'goals', lineQ });

describe('factors', () => {
  it('name what a player reads', () => {
    expect(factorKind(WIN)).toBe('win');
    expect(factorKind(LOSE)).toBe('lose');
    expect(factorKind(VOID)).toBe('void');
    expect(factorKind(HALF_WIN)).toBe('half-win');
    expect(factorKind(HALF_LOSE)).toBe('half-lose');
    expect(factorKind(deadHeat(1, 2))).toBe('dead-heat');
    expect(factorKind({ win: 2, void: 2, den: 4 })).toBe('half-win');
    expect(sameFactor({ win: 2, void: 0, den: 6 }, deadHeat(1, 3))).toBe(true);
  });
});

describe('football: full-time markets', () => {
  it('1X2', () => {
    expect(kinds({ type: '1x2' }, football([2, 1]))).toEqual({ home: 'win', draw: 'lose', away: 'lose' });
    expect(kinds({ type: '1x2' }, football([1, 1]))).toEqual({ home: 'lose', draw: 'win', away: 'lose' });
    expect(kinds({ type: '1x2' }, football([0, 3]))).toEqual({ home: 'lose', draw: 'lose', away: 'win' });
  });

  it('double chance', () => {
    expect(kinds({ type: 'double_chance' }, football([2, 1]))).toEqual({
      '1X': 'win',
      '12': 'win',
      X2: 'lose',
    });
    expect(kinds({ type: 'double_chance' }, football([0, 0]))).toEqual({
      '1X': 'win',
      '12': 'lose',
      X2: 'win',
    });
    expect(kinds({ type: 'double_chance' }, football([1, 2]))).toEqual({
      '1X': 'lose',
      '12': 'win',
      X2: 'win',
    });
  });

  it('draw no bet: a draw gives the stakes back', () => {
    expect(kinds({ type: 'draw_no_bet' }, football([1, 0]))).toEqual({ home: 'win', away: 'lose' });
    expect(kinds({ type: 'draw_no_bet' }, football([2, 2]))).toEqual({ home: 'void', away: 'void' });
  });

  it('Asian handicap: whole, half and quarter lines for both sides', () => {
    // [home's line in quarters, score, home's result, away's result]
    const cases: Array<[number, Score, FactorKind, FactorKind]> = [
      [0, [0, 0], 'void', 'void'], // level ball
      [0, [1, 0], 'win', 'lose'],
      [-1, [0, 0], 'half-lose', 'half-win'], // home −0.25 at 0-0
      [-1, [1, 0], 'win', 'lose'],
      [1, [0, 0], 'half-win', 'half-lose'], // home +0.25 at 0-0
      [1, [0, 1], 'lose', 'win'],
      [-2, [1, 0], 'win', 'lose'], // −0.5
      [-2, [0, 0], 'lose', 'win'],
      [-3, [1, 0], 'half-win', 'half-lose'], // home −0.75 winning by one
      [-3, [2, 0], 'win', 'lose'],
      [-3, [1, 1], 'lose', 'win'],
      [-4, [1, 0], 'void', 'void'], // −1 winning by one
      [-4, [2, 0], 'win', 'lose'],
      [-5, [1, 0], 'half-lose', 'half-win'], // −1.25 winning by one
      [-5, [2, 0], 'win', 'lose'],
      [-6, [2, 1], 'lose', 'win'], // −1.5
      [-7, [2, 0], 'half-win', 'half-lose'], // −1.75 winning by two
      [3, [0, 1], 'half-lose', 'half-win'], // +0.75 losing by one
      [6, [0, 1], 'win', 'lose'], // +1.5 losing by one
      [-10, [5, 2], 'win', 'lose'], // −2.5
    ];
    for (const [lineQ, score, home, away] of cases) {
      const label = `home ${lineText(lineQ, 'en', true)} at ${score.join('-')}`;
      expect(kinds(ah(lineQ), football(score)), label).toEqual({ home, away });
    }
  });

  it('over/under goals: whole, half and quarter lines', () => {
    const cases: Array<[number, number, FactorKind, FactorKind]> = [
      [10, 2, 'lose', 'win'], // 2.5 at 2
      [10, 3, 'win', 'lose'],
      [9, 2, 'half-lose', 'half-win'], // over 2.25 at 2 goals
      [9, 3, 'win', 'lose'],
      [11, 3, 'half-win', 'half-lose'], // over 2.75 at 3 goals
      [11, 2, 'lose', 'win'],
      [8, 2, 'void', 'void'], // 2.0 at 2
      [8, 3, 'win', 'lose'],
      [2, 0, 'lose', 'win'], // 0.5 at 0
      [13, 3, 'half-lose', 'half-win'], // 3.25 at 3
    ];
    for (const [lineQ, total, over, under] of cases) {
      const score: Score = [total, 0];
      expect(kinds(goals(lineQ), football(score)), `${lineText(lineQ)} at ${total}`).toEqual({ over, under });
    }
  });

  it('over/under corners and cards count their own figures', () => {
    const r = football([0, 0], { corners: [6, 4], cards: [3, 2] });
    expect(kinds({ type: 'over_under', stat: 'corners', lineQ: 38 }, r)).toEqual({
      over: 'win',
      under: 'lose',
    });
    expect(kinds({ type: 'over_under', stat: 'corners', lineQ: 40 }, r)).toEqual({
      over: 'void',
      under: 'void',
    });
    expect(kinds({ type: 'over_under', stat: 'cards', lineQ: 18 }, r)).toEqual({
      over: 'win',
      under: 'lose',
    });
    expect(kinds({ type: 'over_under', stat: 'cards', lineQ: 21 }, r)).toEqual({
      over: 'half-lose',
      under: 'half-win',
    });
  });

  it('team totals count one side', () => {
    const r = football([2, 0]);
    expect(kinds({ type: 'team_total', team: 'home', lineQ: 6 }, r)).toEqual({ over: 'win', under: 'lose' });
    expect(kinds({ type: 'team_total', team: 'away', lineQ: 2 }, r)).toEqual({ over: 'lose', under: 'win' });
    expect(kinds({ type: 'team_total', team: 'home', lineQ: 9 }, r)).toEqual({
      over: 'half-lose',
      under: 'half-win',
    });
  });

  it('both teams to score', () => {
    expect(kinds({ type: 'btts' }, football([1, 1]))).toEqual({ yes: 'win', no: 'lose' });
    expect(kinds({ type: 'btts' }, football([3, 0]))).toEqual({ yes: 'lose', no: 'win' });
  });

  it('correct score, and "other" for scores the market does not list', () => {
    const spec: MarketSpec = { type: 'correct_score' };
    const r = kinds(spec, football([2, 1]));
    expect(r['2-1']).toBe('win');
    expect(Object.values(r).filter((k) => k === 'win')).toHaveLength(1);
    expect(r.other).toBe('lose');
    expect(kindOf(spec, 'other', football([5, 0]))).toBe('win');
    expect(kindOf(spec, '4-4', football([5, 0]))).toBe('lose');
  });

  it('half-time/full-time', () => {
    const spec: MarketSpec = { type: 'ht_ft' };
    expect(kindOf(spec, 'draw/home', football([2, 1], { ht: [1, 1] }))).toBe('win');
    expect(kindOf(spec, 'home/home', football([2, 1], { ht: [1, 1] }))).toBe('lose');
    expect(kindOf(spec, 'away/home', football([2, 1], { ht: [0, 1] }))).toBe('win');
    const all = kinds(spec, football([0, 0], { ht: [0, 0] }));
    expect(Object.keys(all)).toHaveLength(9);
    expect(Object.entries(all).filter(([, k]) => k === 'win')).toEqual([['draw/draw', 'win']]);
  });
});

describe('football: void rules', () => {
  const every = (r: FootballResult) =>
    marketTemplate('football').flatMap((spec) => outcomeKeys(spec).map((k) => kindOf(spec, k, r)));

  it('a cancelled fixture or a walkover voids every market', () => {
    expect(new Set(every(football([0, 0], { status: 'cancelled' })))).toEqual(new Set(['void']));
    expect(new Set(every(football([3, 0], { status: 'walkover' })))).toEqual(new Set(['void']));
  });

  it('an abandoned match voids what is not yet decided and keeps what is', () => {
    const r = football([2, 1], { status: 'abandoned', ht: [1, 0], corners: [2, 1], cards: [1, 0] });
    expect(kinds({ type: '1x2' }, r)).toEqual({ home: 'void', draw: 'void', away: 'void' });
    expect(kinds(ah(-1), r)).toEqual({ home: 'void', away: 'void' });
    expect(kinds({ type: 'correct_score' }, r)['2-1']).toBe('void');
    expect(kindOf({ type: 'ht_ft' }, 'home/home', r)).toBe('void');
    // Three goals already: over 2.5 and over 2.25 have won whatever came next.
    expect(kinds(goals(10), r)).toEqual({ over: 'win', under: 'lose' });
    expect(kinds(goals(9), r)).toEqual({ over: 'win', under: 'lose' });
    // Over 2.75 at 3 is a half-win now, but a fourth goal would have made it a win: void.
    expect(kinds(goals(11), r)).toEqual({ over: 'void', under: 'void' });
    expect(kinds(goals(14), r)).toEqual({ over: 'void', under: 'void' });
    expect(kinds({ type: 'team_total', team: 'home', lineQ: 6 }, r)).toEqual({ over: 'win', under: 'lose' });
    expect(kinds({ type: 'team_total', team: 'away', lineQ: 6 }, r)).toEqual({ over: 'void', under: 'void' });
    expect(kinds({ type: 'over_under', stat: 'corners', lineQ: 38 }, r)).toEqual({
      over: 'void',
      under: 'void',
    });
    // Both have scored: yes has won.
    expect(kinds({ type: 'btts' }, r)).toEqual({ yes: 'win', no: 'lose' });
    expect(kinds({ type: 'btts' }, football([1, 0], { status: 'abandoned' }))).toEqual({
      yes: 'void',
      no: 'void',
    });
  });
});

describe('outrights', () => {
  const spec = (places: number): MarketSpec => ({
    type: 'outright',
    places,
    competitors: ['fla', 'pal', 'bot', 'cam', 'int'],
  });
  const r = (standings: string[][], nonRunners?: string[]): OutrightResult => ({
    sport: 'outright',
    standings,
    nonRunners,
  });

  it('the winner wins, the rest lose', () => {
    expect(kinds(spec(1), r([['pal'], ['fla'], ['bot'], ['cam'], ['int']]))).toEqual({
      fla: 'lose',
      pal: 'win',
      bot: 'lose',
      cam: 'lose',
      int: 'lose',
    });
  });

  it('a dead heat pays the share of the places the tied ones share', () => {
    const two = settleMarket(spec(1), ['fla', 'pal', 'bot'], r([['fla', 'pal'], ['bot']]));
    expect(two.fla).toEqual(deadHeat(1, 2));
    expect(two.pal).toEqual({ win: 1, void: 0, den: 2 });
    expect(two.bot).toEqual(LOSE);
    // Top 3: three tied for third share one place; two tied for second are both inside.
    const top3 = r([['fla'], ['pal', 'bot'], ['cam', 'int']]);
    expect(settleOutcome(spec(3), 'pal', top3)).toEqual(WIN);
    expect(settleOutcome(spec(3), 'cam', top3)).toEqual(LOSE);
    const third = r([['fla'], ['pal'], ['bot', 'cam', 'int']]);
    expect(settleOutcome(spec(3), 'int', third)).toEqual({ win: 1, void: 0, den: 3 });
    // Top 3 with four tied for second: two places among four.
    expect(settleOutcome(spec(3), 'bot', r([['fla'], ['pal', 'bot', 'cam', 'int']]))).toEqual(deadHeat(2, 4));
    expect(factorKind(deadHeat(2, 4))).toBe('dead-heat');
  });

  it('a non-runner is void; a competitor missing from the standings loses', () => {
    const res = r([['fla'], ['pal']], ['int']);
    expect(kindOf(spec(1), 'int', res)).toBe('void');
    expect(kindOf(spec(1), 'cam', res)).toBe('lose');
  });
});

describe('e-sports', () => {
  const map = (winner: 'home' | 'away' | null, stat: Score, over: Partial<MapResult> = {}): MapResult => ({
    winner,
    finished: winner !== null,
    stat,
    firstBlood: 'home',
    ...over,
  });
  const match = (maps: MapResult[], over: Partial<EsportsResult> = {}): EsportsResult => ({
    sport: 'cs2',
    status: 'finished',
    scheduledBestOf: 3,
    bestOf: 3,
    maps,
    ...over,
  });
  const twoNil = match([map('home', [13, 7]), map('home', [13, 11])]);
  const twoOne = match([map('home', [13, 7]), map('away', [10, 13]), map('home', [16, 14])]);

  it('match winner', () => {
    expect(kinds({ type: 'match_winner' }, twoNil)).toEqual({ home: 'win', away: 'lose' });
    expect(kinds({ type: 'match_winner' }, match([map('away', [3, 13]), map('away', [9, 13])]))).toEqual({
      home: 'lose',
      away: 'win',
    });
    // A best of 2 drawn 1-1: the two-way market is void.
    const bo2 = match([map('home', [13, 3]), map('away', [9, 13])], { scheduledBestOf: 2, bestOf: 2 });
    expect(kinds({ type: 'match_winner' }, bo2)).toEqual({ home: 'void', away: 'void' });
  });

  it('map winner', () => {
    expect(kinds({ type: 'map_winner', map: 2 }, twoOne)).toEqual({ home: 'lose', away: 'win' });
    expect(kinds({ type: 'map_winner', map: 3 }, twoOne)).toEqual({ home: 'win', away: 'lose' });
    // Map 3 of a 2-0 is never played.
    expect(kinds({ type: 'map_winner', map: 3 }, twoNil)).toEqual({ home: 'void', away: 'void' });
  });

  it('map handicap', () => {
    expect(kinds({ type: 'map_handicap', lineQ: -6 }, twoNil)).toEqual({ home: 'win', away: 'lose' });
    expect(kinds({ type: 'map_handicap', lineQ: -6 }, twoOne)).toEqual({ home: 'lose', away: 'win' });
    expect(kinds({ type: 'map_handicap', lineQ: 6 }, twoOne)).toEqual({ home: 'win', away: 'lose' });
    expect(kinds({ type: 'map_handicap', lineQ: -4 }, twoOne)).toEqual({ home: 'void', away: 'void' });
  });

  it('total maps', () => {
    expect(kinds({ type: 'total_maps', lineQ: 10 }, twoNil)).toEqual({ over: 'lose', under: 'win' });
    expect(kinds({ type: 'total_maps', lineQ: 10 }, twoOne)).toEqual({ over: 'win', under: 'lose' });
  });

  it('totals of rounds or kills, on a map or the whole match', () => {
    expect(kinds({ type: 'map_total', stat: 'rounds', map: 1, lineQ: 82 }, twoOne)).toEqual({
      over: 'lose',
      under: 'win',
    });
    expect(kinds({ type: 'map_total', stat: 'rounds', map: 3, lineQ: 118 }, twoOne)).toEqual({
      over: 'win',
      under: 'lose',
    });
    expect(kinds({ type: 'map_total', stat: 'rounds', map: 3, lineQ: 120 }, twoOne)).toEqual({
      over: 'void',
      under: 'void',
    });
    // 20 + 23 + 30 rounds = 73.
    expect(kinds({ type: 'map_total', stat: 'rounds', lineQ: 290 }, twoOne)).toEqual({
      over: 'win',
      under: 'lose',
    });
    expect(kinds({ type: 'map_total', stat: 'rounds', lineQ: 293 }, twoOne)).toEqual({
      over: 'half-lose',
      under: 'half-win',
    });
    const dota = match([map('away', [21, 35]), map('home', [40, 22])], { sport: 'dota2' });
    expect(kinds({ type: 'map_total', stat: 'kills', map: 1, lineQ: 186 }, dota)).toEqual({
      over: 'win',
      under: 'lose',
    });
  });

  it('first blood', () => {
    const lol = match([map('home', [20, 9], { firstBlood: 'away' }), map('home', [25, 11])], {
      sport: 'lol',
    });
    expect(kinds({ type: 'first_blood', map: 1 }, lol)).toEqual({ home: 'lose', away: 'win' });
    expect(kinds({ type: 'first_blood', map: 2 }, lol)).toEqual({ home: 'win', away: 'lose' });
    expect(kinds({ type: 'first_blood', map: 3 }, lol)).toEqual({ home: 'void', away: 'void' });
  });

  it('a walkover or a cancelled match voids every market', () => {
    for (const status of ['walkover', 'cancelled'] as const) {
      const r = match([], { status });
      for (const spec of marketTemplate('dota2', 3))
        for (const k of outcomeKeys(spec)) expect(kindOf(spec, k, r), `${status} ${spec.type}`).toBe('void');
    }
  });

  it('a match played as another best-of voids the match markets and keeps the maps played', () => {
    const changed = match([map('home', [13, 7])], { scheduledBestOf: 3, bestOf: 1 });
    expect(kinds({ type: 'match_winner' }, changed)).toEqual({ home: 'void', away: 'void' });
    expect(kinds({ type: 'map_handicap', lineQ: -6 }, changed)).toEqual({ home: 'void', away: 'void' });
    expect(kinds({ type: 'total_maps', lineQ: 10 }, changed)).toEqual({ over: 'void', under: 'void' });
    expect(kinds({ type: 'map_total', stat: 'rounds', lineQ: 82 }, changed)).toEqual({
      over: 'void',
      under: 'void',
    });
    expect(kinds({ type: 'map_winner', map: 1 }, changed)).toEqual({ home: 'win', away: 'lose' });
    expect(kinds({ type: 'map_total', stat: 'rounds', map: 1, lineQ: 78 }, changed)).toEqual({
      over: 'win',
      under: 'lose',
    });
  });

  it('an abandoned match keeps finished maps and what is decided on the map stopped', () => {
    const stopped = match([map('home', [13, 7]), map(null, [8, 9], { firstBlood: 'away' })], {
      status: 'abandoned',
    });
    expect(kinds({ type: 'match_winner' }, stopped)).toEqual({ home: 'void', away: 'void' });
    expect(kinds({ type: 'map_winner', map: 1 }, stopped)).toEqual({ home: 'win', away: 'lose' });
    expect(kinds({ type: 'map_winner', map: 2 }, stopped)).toEqual({ home: 'void', away: 'void' });
    expect(kinds({ type: 'first_blood', map: 2 }, stopped)).toEqual({ home: 'lose', away: 'win' });
    // 17 rounds on map 2 already: over 14.5 has won, over 20.5 might have.
    expect(kinds({ type: 'map_total', stat: 'rounds', map: 2, lineQ: 58 }, stopped)).toEqual({
      over: 'win',
      under: 'lose',
    });
    expect(kinds({ type: 'map_total', stat: 'rounds', map: 2, lineQ: 82 }, stopped)).toEqual({
      over: 'void',
      under: 'void',
    });
  });

  it('a replayed map: its winner stands on the replay, its in-map markets are void', () => {
    const replay = match(
      [map('away', [10, 13], { replayed: true, firstBlood: 'away' }), map('away', [5, 13])],
      {
        sport: 'valorant',
      },
    );
    expect(kinds({ type: 'map_winner', map: 1 }, replay)).toEqual({ home: 'lose', away: 'win' });
    expect(kinds({ type: 'first_blood', map: 1 }, replay)).toEqual({ home: 'void', away: 'void' });
    expect(kinds({ type: 'map_total', stat: 'rounds', map: 1, lineQ: 82 }, replay)).toEqual({
      over: 'void',
      under: 'void',
    });
    expect(kinds({ type: 'map_total', stat: 'rounds', lineQ: 150 }, replay)).toEqual({
      over: 'void',
      under: 'void',
    });
    expect(kinds({ type: 'match_winner' }, replay)).toEqual({ home: 'lose', away: 'win' });
  });
});

describe('templates', () => {
  it('every market type of the issue is in a template and every template market settles', () => {
    const seen = new Set<string>();
    const results: Record<string, Result> = {
      football: football([2, 1], { ht: [1, 1] }),
    };
    for (const sport of SPORTS) {
      for (const spec of marketTemplate(sport)) {
        seen.add(spec.type);
        const r: Result =
          sport === 'football'
            ? results.football!
            : {
                sport,
                status: 'finished',
                scheduledBestOf: 3,
                bestOf: 3,
                maps: [
                  { winner: 'home', finished: true, stat: [13, 9], firstBlood: 'home' },
                  { winner: 'home', finished: true, stat: [13, 4], firstBlood: 'away' },
                ],
              };
        const factors = settleMarket(spec, outcomeKeys(spec), r);
        // A settled market pays someone, or gives everyone their stake back.
        const total = Object.values(factors).reduce((n, f: Factor) => n + (f.win + f.void) / f.den, 0);
        expect(total, `${sport} ${JSON.stringify(spec)}`).toBeGreaterThan(0);
      }
    }
    for (const t of [...FOOTBALL_MARKETS, ...ESPORTS_MARKETS].filter((t) => t !== 'outright'))
      expect(seen.has(t), t).toBe(true);
  });

  it('e-sports templates follow the game and the best-of', () => {
    expect(marketTemplate('cs2', 3).filter((s) => s.type === 'map_winner')).toHaveLength(3);
    expect(marketTemplate('cs2', 3).some((s) => s.type === 'first_blood')).toBe(false);
    expect(marketTemplate('lol', 5).filter((s) => s.type === 'first_blood')).toHaveLength(5);
    expect(marketTemplate('dota2', 2).some((s) => s.type === 'total_maps')).toBe(false);
    expect(marketTemplate('valorant', 1).map((s) => s.type)).toEqual([
      'match_winner',
      'map_winner',
      'map_total',
    ]);
    expect(marketTemplate('cs2', 3)).toContainEqual({ type: 'total_maps', lineQ: 10 });
  });

  it('lines read as players write them', () => {
    expect(lineText(-1)).toBe('-0.25');
    expect(lineText(10, 'pt')).toBe('2,5');
    expect(lineText(11)).toBe('2.75');
    expect(lineText(0, 'en', true)).toBe('0');
    expect(lineText(6, 'en', true)).toBe('+1.5');
    expect(lineText(-8)).toBe('-2');
  });
});

describe('properties over random football results', () => {
  const score = fc.tuple(fc.nat({ max: 7 }), fc.nat({ max: 7 })) as fc.Arbitrary<Score>;
  const result = fc
    .record({ ht: score, second: score, corners: score, cards: score })
    .map(({ ht, second, corners, cards }) =>
      football([ht[0] + second[0], ht[1] + second[1]], { ht, corners, cards }),
    );
  const line = fc.integer({ min: -24, max: 40 });
  /** The share of the stake a factor wins, gives back and loses, as twelfths (every den here divides 12). */
  const shares = (f: Factor) => [
    (12 * f.win) / f.den,
    (12 * f.void) / f.den,
    (12 * (f.den - f.win - f.void)) / f.den,
  ];

  it('exactly one outcome wins 1X2, correct score and HT/FT; none is half or void', () => {
    fc.assert(
      fc.property(result, (r) => {
        for (const spec of [{ type: '1x2' }, { type: 'correct_score' }, { type: 'ht_ft' }] as MarketSpec[]) {
          const all = Object.values(kinds(spec, r));
          expect(all.filter((k) => k === 'win')).toHaveLength(1);
          expect(all.filter((k) => k !== 'win' && k !== 'lose')).toHaveLength(0);
        }
      }),
    );
  });

  it('the two sides of a line split it: what one wins the other loses, and they share the void', () => {
    fc.assert(
      fc.property(
        result,
        line,
        fc.constantFrom<FootballStat>('goals', 'corners', 'cards'),
        (r, lineQ, stat) => {
          const pairs: Array<[Factor, Factor]> = [
            [settleOutcome(ah(lineQ), 'home', r), settleOutcome(ah(lineQ), 'away', r)],
            (['over', 'under'] as const).map((k) =>
              settleOutcome({ type: 'over_under', stat, lineQ: Math.abs(lineQ) + 1 }, k, r),
            ) as [Factor, Factor],
          ];
          for (const [a, b] of pairs) {
            const [aw, av, al] = shares(a);
            const [bw, bv, bl] = shares(b);
            expect([aw, av, al]).toEqual([bl, bv, bw]);
          }
        },
      ),
    );
  });

  it('a quarter line settles as the average of its two neighbours', () => {
    fc.assert(
      fc.property(result, line, (r, l) => {
        const lineQ = 2 * l + 1;
        const [q, lo, hi] = [lineQ, lineQ - 1, lineQ + 1].map((x) => shares(settleOutcome(ah(x), 'home', r)));
        expect(q!.map((s) => 2 * s)).toEqual(lo!.map((s, i) => s + hi![i]!));
      }),
    );
  });
});

describe('which markets a fixture can offer', () => {
  it('every template market is valid on its sport', () => {
    for (const sport of SPORTS)
      for (const bestOf of [1, 2, 3, 5])
        for (const spec of marketTemplate(sport, bestOf))
          expect(checkMarketSpec(spec, sport, bestOf), `${sport} ${JSON.stringify(spec)}`).toBeNull();
  });

  it('refuses markets of another sport, impossible lines and maps, and outrights paying every place', () => {
    expect(checkMarketSpec({ type: 'match_winner' }, 'football')).toBe('MARKET_WRONG_SPORT');
    expect(checkMarketSpec({ type: '1x2' }, 'cs2', 3)).toBe('MARKET_WRONG_SPORT');
    expect(checkMarketSpec({ type: 'first_blood', map: 1 }, 'cs2', 3)).toBe('MARKET_WRONG_SPORT');
    expect(checkMarketSpec({ type: 'map_total', stat: 'kills', map: 1, lineQ: 100 }, 'valorant', 3)).toBe(
      'MARKET_WRONG_SPORT',
    );
    expect(checkMarketSpec(goals(0), 'football')).toBe('MARKET_BAD_LINE');
    expect(checkMarketSpec(goals(2.5), 'football')).toBe('MARKET_BAD_LINE');
    expect(checkMarketSpec(ah(-2_001), 'football')).toBe('MARKET_BAD_LINE');
    expect(checkMarketSpec(ah(-8), 'football')).toBeNull();
    expect(checkMarketSpec({ type: 'map_winner', map: 4 }, 'lol', 3)).toBe('MARKET_BAD_MAP');
    expect(checkMarketSpec({ type: 'map_winner', map: 0 }, 'lol', 3)).toBe('MARKET_BAD_MAP');
    const outright = (places: number, competitors: string[]): MarketSpec => ({
      type: 'outright',
      places,
      competitors,
    });
    expect(checkMarketSpec(outright(1, ['a', 'b']), 'football')).toBeNull();
    expect(checkMarketSpec(outright(2, ['a', 'b']), 'football')).toBe('MARKET_BAD_PLACES');
    expect(checkMarketSpec(outright(1, ['a', 'a', 'b']), 'football')).toBe('MARKET_BAD_PLACES');
    expect(checkMarketSpec(outright(0, ['a', 'b']), 'cs2')).toBe('MARKET_BAD_PLACES');
  });

  it('knows its outcomes', () => {
    expect(isOutcomeOf({ type: '1x2' }, 'draw')).toBe(true);
    expect(isOutcomeOf({ type: 'draw_no_bet' }, 'draw')).toBe(false);
    expect(isOutcomeOf({ type: 'correct_score' }, '9-9')).toBe(false);
    expect(isOutcomeOf({ type: 'ht_ft' }, 'away/home')).toBe(true);
  });
});
