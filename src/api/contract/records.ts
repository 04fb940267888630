import { z } from 'zod';
import { epochMillisQuery, minorUnits, sectionKey } from './common';

const code = z.string().trim().min(1).max(64);

/** The betting record (personalHistoryCopy): the member's game rounds, newest first. */
export const betRecordsQuery = z.object({
  gameType: sectionKey.optional(),
  vassalage: code.optional(),
  gameCode: code.optional(),
  status: z.enum(['open', 'settled', 'cancelled']).optional(),
  from: epochMillisQuery.optional(),
  to: epochMillisQuery.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const betRecord = z.object({
  roundId: z.string(),
  /** A lottery round's draw number as players read it ("20261127-0843"); null for other rounds. */
  draw: z.string().nullable().optional(),
  vassalage: z.string(),
  gameCode: z.string().nullable(),
  gameName: z.string(),
  gameType: sectionKey.nullable(),
  stake: minorUnits,
  payout: minorUnits,
  refunded: minorUnits,
  /** Stake not given back, once the round is settled: what rebate and turnover count. */
  validBet: minorUnits,
  /** Payout and refunds less the stake: the member's result in the round. */
  net: minorUnits,
  status: z.enum(['open', 'settled', 'cancelled']),
  createdAt: z.number().int(),
  settledAt: z.number().int().nullable(),
});
export type BetRecord = z.infer<typeof betRecord>;

export const betRecords = z.object({
  items: z.array(betRecord),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  summary: z.object({ stake: minorUnits, payout: minorUnits, validBet: minorUnits, net: minorUnits }),
  currency: z.string(),
});

export const betRoundQuery = z.object({ vassalage: code, roundId: code });
export const betRound = betRecord.extend({
  movements: z.array(
    z.object({ type: z.string(), amount: minorUnits, balanceAfter: minorUnits, createdAt: z.number().int() }),
  ),
});

/** Personal profit and loss (personalProfit), per category and per local day. */
export const profitQuery = z.object({
  from: epochMillisQuery,
  to: epochMillisQuery,
  /** Minutes east of UTC of the member's clock, so days are the member's days. */
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
});
const profitSum = z.object({
  rounds: z.number().int(),
  stake: minorUnits,
  payout: minorUnits,
  validBet: minorUnits,
  net: minorUnits,
});
export const personalProfit = z.object({
  currency: z.string(),
  total: profitSum,
  byCategory: z.array(profitSum.extend({ gameType: z.string() })),
  byDay: z.array(profitSum.extend({ day: z.string() })),
});

/** Rebate (manualRebate): what valid bets since the last claim earn at the brand's rates. */
export const rebateSummary = z.object({
  currency: z.string(),
  since: z.number().int(),
  /** Basis points per category. */
  rates: z.record(z.string(), z.number().int()),
  categories: z.array(
    z.object({ gameType: z.string(), validBet: minorUnits, rate: z.number().int(), amount: minorUnits }),
  ),
  amount: minorUnits,
  lastClaim: z.object({ amount: minorUnits, claimedAt: z.number().int() }).nullable(),
});
export const rebateClaimed = z.object({ amount: minorUnits, balance: minorUnits, currency: z.string() });
