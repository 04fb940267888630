/**
 * Prices a fixture's markets from a model of the match, with the brand's margin (docs/sports.md,
 * "Pricing and the simulator"): the model gives each outcome's odds of each settlement factor
 * (`football-odds.ts`, `esports-odds.ts`), the factor odds give its fair probability (the price whose
 * expected return is 1, a push giving the stake back), and the margin and the ladder give its price
 * (`margin.ts`). Browser-safe: the pages may price a fixture the same way the server does.
 */
import type { EsportsModel, EsportsSport } from './esports-maps';
import { type EsportsInPlay, esportsProbabilities } from './esports-odds';
import type { FootballModel } from './football-model';
import { type FootballInPlay, footballProbabilities } from './football-odds';
import { priceProbabilities } from './margin';
import { effectiveProbability, type MarketOdds } from './market-odds';
import { type MarketSpec, outcomeKeys, type Sport } from './model';

export type { EsportsModel, EsportsSport } from './esports-maps';
export type { EsportsInPlay } from './esports-odds';
export { esportsProbabilities } from './esports-odds';
export type { FootballModel } from './football-model';
export type { FootballInPlay } from './football-odds';
export { footballProbabilities, PRE_MATCH } from './football-odds';

export interface PricedMarket {
  spec: MarketSpec;
  /** Each outcome's price in ten-thousandths, or null when it is not offered. */
  prices: Record<string, number | null>;
}

/** Prices of markets whose factor odds are known. */
export function priceOdds(markets: readonly MarketOdds[], marginBp: number): PricedMarket[] {
  return markets.map(({ spec, outcomes }) => {
    const keys = outcomeKeys(spec);
    const qs = keys.map((k) => (outcomes?.[k] ? effectiveProbability(outcomes[k]) : 0));
    const prices = priceProbabilities(qs, marginBp);
    return { spec, prices: Object.fromEntries(keys.map((k, i) => [k, prices[i] ?? null])) };
  });
}

/**
 * Every market's prices for a fixture: before it (`state` null) or in play. The margin is in basis
 * points (500 = 5 %).
 */
export function priceMarkets(
  sport: 'football',
  model: FootballModel,
  state: FootballInPlay | null,
  specs: readonly MarketSpec[],
  marginBp: number,
): PricedMarket[];
export function priceMarkets(
  sport: EsportsSport,
  model: EsportsModel,
  state: EsportsInPlay | null,
  specs: readonly MarketSpec[],
  marginBp: number,
): PricedMarket[];
export function priceMarkets(
  sport: Sport,
  model: FootballModel | EsportsModel,
  state: FootballInPlay | EsportsInPlay | null,
  specs: readonly MarketSpec[],
  marginBp: number,
): PricedMarket[] {
  const odds =
    sport === 'football'
      ? footballProbabilities(model as FootballModel, state as FootballInPlay | null, specs)
      : esportsProbabilities(sport, model as EsportsModel, state as EsportsInPlay | null, specs);
  return priceOdds(odds, marginBp);
}
