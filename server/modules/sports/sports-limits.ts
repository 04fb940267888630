import type { LimitsRow } from './sports.repository';

/** The book's limits for one sport (docs/sports.md, "Risk"); amounts in minor units. */
export interface SportLimits {
  minStake: number;
  maxStake: number;
  maxPayout: number;
  marketLiability: number;
  eventLiability: number;
  memberEventLiability: number;
  betDelayMs: number;
}

/**
 * A new brand's limits until its operator sets its own: stakes 1,00 to 10.000,00, at most 500.000,00 paid
 * by a bet, 250.000,00 lost on one outcome, 1.000.000,00 on one event and 100.000,00 to one member on one
 * event; in-play bets wait 8 s in football and 5 s in e-sports.
 */
export const DEFAULT_LIMITS: Record<'*' | 'football', SportLimits> = {
  '*': {
    minStake: 100,
    maxStake: 1_000_000,
    maxPayout: 50_000_000,
    marketLiability: 25_000_000,
    eventLiability: 100_000_000,
    memberEventLiability: 10_000_000,
    betDelayMs: 5_000,
  },
  football: {
    minStake: 100,
    maxStake: 1_000_000,
    maxPayout: 50_000_000,
    marketLiability: 25_000_000,
    eventLiability: 100_000_000,
    memberEventLiability: 10_000_000,
    betDelayMs: 8_000,
  },
};

/** A sport's limits: its own row, else the brand's row for every sport, else the defaults. */
export function limitsFor(rows: readonly LimitsRow[], sport: string): SportLimits {
  const row = rows.find((r) => r.sport === sport) ?? rows.find((r) => r.sport === '*');
  if (row) {
    return {
      minStake: row.minStake,
      maxStake: row.maxStake,
      maxPayout: row.maxPayout,
      marketLiability: row.marketLiability,
      eventLiability: row.eventLiability,
      memberEventLiability: row.memberEventLiability,
      betDelayMs: row.betDelayMs,
    };
  }
  return sport === 'football' ? DEFAULT_LIMITS.football : DEFAULT_LIMITS['*'];
}

/** The strictest of several sports' limits (a slip mixing sports meets every one of them). */
export function strictest(all: readonly SportLimits[]): SportLimits {
  const min = (f: (l: SportLimits) => number) => Math.min(...all.map(f));
  return {
    minStake: Math.max(...all.map((l) => l.minStake)),
    maxStake: min((l) => l.maxStake),
    maxPayout: min((l) => l.maxPayout),
    marketLiability: min((l) => l.marketLiability),
    eventLiability: min((l) => l.eventLiability),
    memberEventLiability: min((l) => l.memberEventLiability),
    betDelayMs: Math.max(...all.map((l) => l.betDelayMs)),
  };
}
