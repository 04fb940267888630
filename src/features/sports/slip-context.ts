import { createContext, useContext } from 'react';
import type { SportsMarket } from '../../api/contract/sports';

/** What a price button puts on the slip: the outcome, the price seen, and what the slip shows of it. */
export interface SlipPick {
  marketId: number;
  key: string;
  price: number;
  fixtureId: number;
  sport: string;
  home: string;
  away: string;
  competition: string;
  spec: SportsMarket['spec'];
  live: boolean;
}

export interface SlipSelection {
  has(marketId: number, key: string): boolean;
  toggle(pick: SlipPick): void;
}

/** The book's slip as the price buttons see it (BetSlipProvider gives it; none outside the book). */
export const SlipContext = createContext<SlipSelection>({ has: () => false, toggle: () => {} });

export const useSlipSelection = () => useContext(SlipContext);
