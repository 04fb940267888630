import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { poisson } from '../../src/sports/distributions';
import {
  type EsportsModel,
  type EsportsSport,
  mapWinProbability,
  roundsMapOutcomes,
  roundWinFor,
} from '../../src/sports/esports-maps';
import { ladderPrice, marginedProbabilities, OFFER_LIMIT } from '../../src/sports/margin';
import {
  effectiveProbability,
  expectedReturn,
  type FactorOdds,
  fairPrice,
  type MarketOdds,
} from '../../src/sports/market-odds';
import { type MarketSpec, marketTemplate, outcomeKeys } from '../../src/sports/model';
import { MAX_PRICE, MIN_PRICE, PRICE_SCALE } from '../../src/sports/price';
import {
  type EsportsInPlay,
  esportsProbabilities,
  type FootballInPlay,
  footballProbabilities,
  priceMarkets,
  priceOdds,
} from '../../src/sports/pricing';
import { type FootballResult, type MapResult, settleOutcome } from '../../src/sports/settle';

/*
 * Pricing: each market's outcome probabilities add up, the margin's equation holds before rounding and
 * every outcome keeps some of it, the ladder only rounds down, a fair price returns exactly the stake on
 * average under settle.ts's own rules, and known answers (a football draw, a best of 3 won 2-0 or 2-1).
 */

const EPS = 1e-9;

/** Football specs beyond the template: every kind of line, corners and cards at quarter lines. */
const FOOTBALL_EXTRA: MarketSpec[] = [
  { type: 'asian_handicap', lineQ: -11 },
  { type: 'asian_handicap', lineQ: 7 },
  { type: 'asian_handicap', lineQ: 12 },
  { type: 'over_under', stat: 'goals', lineQ: 1 },
  { type: 'over_under', stat: 'goals', lineQ: 27 },
  { type: 'over_under', stat: 'corners', lineQ: 41 },
  { type: 'over_under', stat: 'cards', lineQ: 16 },
  { type: 'over_under', stat: 'cards', lineQ: 19 },
  { type: 'team_total', team: 'home', lineQ: 3 },
  { type: 'team_total', team: 'away', lineQ: 9 },
];
const FOOTBALL_SPECS = [...marketTemplate('football'), ...FOOTBALL_EXTRA];

const FOOTBALL_STATES: (FootballInPlay | null)[] = [
  null,
  { minute: 20, score: [1, 0], corners: [3, 1], cards: [1, 0] },
  { minute: 45, score: [0, 2], ht: [0, 2], corners: [4, 4], cards: [2, 2] },
  { minute: 67.5, score: [2, 2], ht: [1, 1], corners: [6, 2], cards: [3, 1], reds: [0, 1] },
  { minute: 88, score: [1, 0], ht: [0, 0], corners: [9, 3], cards: [4, 3] },
];

/** The sum a market's effective probabilities should reach: 2 for double chance (each covers two). */
const expectedSum = (spec: MarketSpec) => (spec.type === 'double_chance' ? 2 : 1);

function checkSums(markets: readonly MarketOdds[]) {
  for (const { spec, outcomes } of markets) {
    expect(outcomes, JSON.stringify(spec)).not.toBeNull();
    let sum = 0;
    for (const key of outcomeKeys(spec)) {
      const o = outcomes![key]!;
      expect(o.win + o.halfWin + o.void + o.halfLose + o.lose).toBeCloseTo(1, 9);
      sum += effectiveProbability(o);
    }
    // A market that is always void (a draw no bet after a draw) has nothing to add up.
    const allVoid = outcomeKeys(spec).every((k) => outcomes![k]!.void > 1 - EPS);
    if (!allVoid) expect(Math.abs(sum - expectedSum(spec)), JSON.stringify(spec)).toBeLessThan(EPS);
  }
}

describe('football probabilities', () => {
  it('each outcome is a distribution over factors and each market adds up to 1, before and in play', () => {
    for (const model of [
      { home: 1.35, away: 1.35 },
      { home: 2.4, away: 0.6, rho: -0.08 },
      { home: 0.7, away: 1.1, corners: 8, cards: 6 },
    ])
      for (const state of FOOTBALL_STATES) checkSums(footballProbabilities(model, state, FOOTBALL_SPECS));
  });

  it('λh = λa = 1.35: the draw is e^−2.7·I₀(2.7) ≈ 0.258, and 0.270 with a light Dixon–Coles (ρ = −0.05)', () => {
    // I₀(2x)·e^−2x = Σ (x^k / k!)² e^−2x: the chance that two Poisson(x) counts are equal.
    let plain = 0;
    let term = Math.exp(-1.35);
    for (let k = 0; k < 40; k++) {
      plain += term * term;
      term *= 1.35 / (k + 1);
    }
    const draw = (rho?: number) =>
      effectiveProbability(
        footballProbabilities({ home: 1.35, away: 1.35, rho }, null, [{ type: '1x2' }])[0]!.outcomes!.draw!,
      );
    expect(plain).toBeCloseTo(0.2582, 4);
    expect(Math.abs(draw() - plain)).toBeLessThan(EPS);
    // Dixon–Coles moves 0-0 by −λμρ·p00 and 1-1 by −ρ·p11 = −ρ·λμ·p00.
    const withDc = plain + 0.05 * 2 * 1.35 * 1.35 * Math.exp(-2.7);
    expect(Math.abs(draw(-0.05) - withDc)).toBeLessThan(EPS);
    expect(withDc).toBeCloseTo(0.2705, 3);
  });

  it('at minute 89 with 2-0 the home win is at the lowest price or not offered', () => {
    const [m] = priceMarkets(
      'football',
      { home: 1.5, away: 1.5 },
      { minute: 89, score: [2, 0], ht: [1, 0] },
      [{ type: '1x2' }],
      500,
    );
    const home = m!.prices.home ?? null;
    expect(home === null || home <= MIN_PRICE + 100).toBe(true);
  });

  it('a decided market is not offered: both teams have scored, 0-0 is gone at 3-1', () => {
    const markets = priceMarkets(
      'football',
      { home: 1.5, away: 1.2 },
      { minute: 60, score: [3, 1], ht: [2, 1] },
      [{ type: 'btts' }, { type: 'correct_score' }],
      500,
    );
    expect(Object.values(markets[0]!.prices).every((p) => p === null)).toBe(true);
    expect(markets[1]!.prices['0-0']).toBeNull();
    expect(markets[1]!.prices['3-1']).not.toBeNull();
  });

  it('Asian handicap −0.25 at its fair price returns exactly the stake on average, settled by settle.ts', () => {
    const model = { home: 1.7, away: 1.1 };
    const spec: MarketSpec = { type: 'asian_handicap', lineQ: -1 };
    const [m] = footballProbabilities(model, null, [spec]);
    const home = m!.outcomes!.home!;
    // A draw is a half-lose on −0.25: half the stake back.
    expect(home.halfLose).toBeGreaterThan(0.2);
    const price = fairPrice(home);
    // Independently of the pricer's scenarios: a Poisson grid, each final score settled by settle.ts.
    const hs = poisson(model.home, 1e-14);
    const as = poisson(model.away, 1e-14);
    let expected = 0;
    hs.forEach((ph, h) => {
      as.forEach((pa, a) => {
        const result: FootballResult = {
          sport: 'football',
          status: 'finished',
          ht: [0, 0],
          ft: [h, a],
          corners: [0, 0],
          cards: [0, 0],
        };
        const f = settleOutcome(spec, 'home', result);
        expected += ph * pa * ((price * f.win + f.void) / f.den);
      });
    });
    expect(Math.abs(expected - 1)).toBeLessThan(EPS);
    expect(Math.abs(expectedReturn(home, price) - 1)).toBeLessThan(1e-12);
  });
});

describe('the margin', () => {
  const markets = footballProbabilities({ home: 1.6, away: 1.05 }, null, FOOTBALL_SPECS);

  it('Σ margined probabilities = S·(1 + margin) before rounding, and every outcome keeps some of it', () => {
    for (const marginBp of [0, 250, 500, 800, 1500])
      for (const { spec, outcomes } of markets) {
        const qs = outcomeKeys(spec).map((k) => effectiveProbability(outcomes![k]!));
        const margined = marginedProbabilities(qs, marginBp)!;
        const sum = margined.reduce((s, x) => s + x, 0);
        expect(
          Math.abs(sum - expectedSum(spec) * (1 + marginBp / 10_000)),
          JSON.stringify(spec),
        ).toBeLessThan(EPS);
        outcomeKeys(spec).forEach((k, i) => {
          if (qs[i]! <= 0) return;
          // The unrounded price 1/qᵏ never returns more than the stake on average, longshots included.
          const ret = expectedReturn(outcomes![k]!, 1 / margined[i]!);
          expect(ret).toBeLessThanOrEqual(1 + 1e-12);
          if (marginBp > 0) expect(ret).toBeLessThan(1);
        });
      }
  });

  it('rounded prices are on the ladder, never above the margined price, within the price range', () => {
    const priced = priceOdds(markets, 500);
    priced.forEach(({ spec, prices }, j) => {
      const { outcomes } = markets[j]!;
      const keys = outcomeKeys(spec);
      const qs = keys.map((k) => effectiveProbability(outcomes![k]!));
      const margined = marginedProbabilities(qs, 500)!;
      keys.forEach((k, i) => {
        const p = prices[k];
        if (p === null || p === undefined) {
          const q = qs[i]!;
          expect(q < OFFER_LIMIT || q > 1 - OFFER_LIMIT, `${JSON.stringify(spec)} ${k}`).toBe(true);
          return;
        }
        expect(p).toBeGreaterThanOrEqual(MIN_PRICE);
        expect(p).toBeLessThanOrEqual(MAX_PRICE);
        expect(p).toBeLessThanOrEqual((PRICE_SCALE / margined[i]!) * (1 + 1e-12));
      });
    });
  });

  it('the ladder rounds down: two decimals below 10, 0.05 below 20, 0.5 below 50, whole above', () => {
    expect(ladderPrice(1.9599)).toBe(19_500);
    expect(ladderPrice(9.999)).toBe(99_900);
    expect(ladderPrice(12.34)).toBe(120_000 + 3_000);
    expect(ladderPrice(27.9)).toBe(275_000);
    expect(ladderPrice(73.9)).toBe(730_000);
    expect(ladderPrice(1.00005)).toBeNull();
    expect(ladderPrice(1.005)).toBe(MIN_PRICE);
    expect(ladderPrice(5000)).toBe(MAX_PRICE);
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1200, noNaN: true }), (d) => {
        const p = ladderPrice(d);
        if (p === null) return d * PRICE_SCALE < MIN_PRICE;
        const step = p < 100_000 ? 100 : p < 200_000 ? 500 : p < 500_000 ? 5_000 : 10_000;
        return p <= d * PRICE_SCALE && (p % step === 0 || p === MIN_PRICE || p === MAX_PRICE);
      }),
    );
  });

  it('a market with fewer than two outcomes offered is not offered at all', () => {
    // Over 0.5 goals at 1-0 has already won: its under cannot, so neither is offered.
    const [m] = priceMarkets(
      'football',
      { home: 1.5, away: 1.2 },
      { minute: 30, score: [1, 0] },
      [{ type: 'over_under', stat: 'goals', lineQ: 2 }],
      500,
    );
    expect(m!.prices).toEqual({ over: null, under: null });
  });
});

describe('e-sports probabilities', () => {
  const SPORTS: EsportsSport[] = ['cs2', 'dota2', 'lol', 'valorant'];
  const model = (bestOf: number): EsportsModel => ({ home: 1720, away: 1650, bestOf });
  const specsOf = (sport: EsportsSport, bestOf: number): MarketSpec[] => [
    ...marketTemplate(sport, bestOf),
    {
      type: 'map_total',
      stat: sport === 'cs2' || sport === 'valorant' ? 'rounds' : 'kills',
      lineQ: 4 * 50 + 2,
    },
    { type: 'map_handicap', lineQ: -2 },
  ];

  it('each market adds up to 1, before the match and in play, best of 1, 2, 3 and 5', () => {
    const map = (winner: 'home' | 'away', stat: [number, number]): MapResult => ({
      winner,
      finished: true,
      stat,
      firstBlood: 'home',
    });
    for (const sport of SPORTS) {
      const rounds = sport === 'cs2' || sport === 'valorant';
      const states: (EsportsInPlay | null)[] = [
        null,
        {
          maps: [{ winner: null, finished: false, stat: rounds ? [5, 3] : [4, 2], firstBlood: 'away' }],
          progress: 0.3,
        },
        { maps: [map('away', rounds ? [10, 13] : [12, 25])] },
        {
          maps: [
            map('home', rounds ? [13, 9] : [30, 12]),
            { winner: null, finished: false, stat: [0, 0], firstBlood: null },
          ],
          progress: 0,
        },
      ];
      for (const bestOf of [1, 2, 3, 5])
        for (const state of states.filter((st) => (st?.maps.length ?? 0) <= bestOf))
          checkSums(esportsProbabilities(sport, model(bestOf), state, specsOf(sport, bestOf)));
    }
  });

  it('a best of 3 is won with p²(3 − 2p), a best of 5 with p³(10 − 15p + 6p²)', () => {
    for (const [home, away] of [
      [1500, 1500],
      [1800, 1600],
      [1550, 1900],
    ] as const) {
      const p = mapWinProbability({ home, away });
      const win = (bestOf: number) =>
        effectiveProbability(
          esportsProbabilities('cs2', { home, away, bestOf }, null, [{ type: 'match_winner' }])[0]!.outcomes!
            .home!,
        );
      expect(Math.abs(win(3) - p * p * (3 - 2 * p))).toBeLessThan(EPS);
      expect(Math.abs(win(5) - p ** 3 * (10 - 15 * p + 6 * p * p))).toBeLessThan(EPS);
      expect(Math.abs(win(1) - p)).toBeLessThan(EPS);
    }
  });

  it('in play: a best of 3 at 1-0 is won with p(2 − p); the first map is no longer offered', () => {
    const m = model(3);
    const p = mapWinProbability(m);
    const state: EsportsInPlay = {
      maps: [{ winner: 'home', finished: true, stat: [13, 7], firstBlood: null }],
    };
    const [winner, map1, map3] = esportsProbabilities('valorant', m, state, [
      { type: 'match_winner' },
      { type: 'map_winner', map: 1 },
      { type: 'map_winner', map: 3 },
    ]);
    expect(Math.abs(effectiveProbability(winner!.outcomes!.home!) - p * (2 - p))).toBeLessThan(EPS);
    // Map 3 is played only at 1-1 (void otherwise); when played it is a fresh map.
    expect(map3!.outcomes!.home!.void).toBeCloseTo(p, 9);
    expect(Math.abs(effectiveProbability(map3!.outcomes!.home!) - p)).toBeLessThan(EPS);
    const prices = priceOdds([map1!], 500)[0]!.prices;
    expect(prices).toEqual({ home: null, away: null });
  });

  it('a CS2 or Valorant round chance gives back its map chance; CS2 overtime ends on blocks of six', () => {
    for (const sport of ['cs2', 'valorant'] as const)
      for (const p of [0.3, 0.5, 0.72]) {
        const r = roundWinFor(sport, p);
        const outcomes = roundsMapOutcomes(sport, r);
        const home = outcomes.reduce((s, o) => s + (o.winner === 'home' ? o.p : 0), 0);
        expect(home).toBeCloseTo(p, 9);
        expect(outcomes.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 12);
      }
    const totals = new Set(roundsMapOutcomes('cs2', 0.5).map((o) => o.stat[0] + o.stat[1]));
    // Regulation ends on 13–24 rounds; overtime after 24 + 6j + (4, 5 or 6).
    for (const t of totals) expect(t <= 24 || [4, 5, 0].includes((t - 24) % 6)).toBe(true);
    expect(totals.has(25)).toBe(false);
    expect(totals.has(28)).toBe(true);
  });

  it('MOBA first blood and kill totals: a kill lead moves the map, a kill already drawn decides first blood', () => {
    const m = model(3);
    const live = (stat: [number, number], firstBlood: 'home' | 'away' | null): EsportsInPlay => ({
      maps: [{ winner: null, finished: false, stat, firstBlood }],
      progress: 0.5,
    });
    const specs: MarketSpec[] = [
      { type: 'map_winner', map: 1 },
      { type: 'first_blood', map: 1 },
    ];
    const ahead = esportsProbabilities('dota2', m, live([20, 8], 'home'), specs);
    const behind = esportsProbabilities('dota2', m, live([8, 20], 'away'), specs);
    expect(effectiveProbability(ahead[0]!.outcomes!.home!)).toBeGreaterThan(0.95);
    expect(effectiveProbability(behind[0]!.outcomes!.home!)).toBeLessThan(0.05);
    expect(priceOdds([ahead[1]!], 500)[0]!.prices).toEqual({ home: null, away: null });
  });

  it('prices every template market of every game before the match, within the price range', () => {
    for (const sport of SPORTS)
      for (const { spec, prices } of priceMarkets(sport, model(3), null, marketTemplate(sport, 3), 600)) {
        const offered = Object.values(prices).filter((p): p is number => p !== null);
        expect(offered.length, JSON.stringify(spec)).toBeGreaterThanOrEqual(2);
        for (const p of offered) expect(p >= MIN_PRICE && p <= MAX_PRICE).toBe(true);
      }
  });
});

describe('outcome odds helpers', () => {
  it('a half-win returns (price + 1) / 2 and a half-lose 1/2', () => {
    const o: FactorOdds = { win: 0, halfWin: 0.5, void: 0, halfLose: 0.5, lose: 0 };
    expect(expectedReturn(o, 3)).toBeCloseTo(0.5 * 2 + 0.5 * 0.5, 12);
    // Half the stake back, half at (price + 1)/2 × 2: fair at 2.00.
    expect(fairPrice(o)).toBeCloseTo(2, 12);
  });
});
