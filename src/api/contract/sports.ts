/**
 * The sportsbook (docs/sports.md): fixtures with their markets and prices, the bet slip, a member's bets
 * and cash-out. Prices are decimal odds in ten-thousandths (src/sports/price.ts); lines are quarters
 * (src/sports/model.ts). Pages build the words (market names, outcome names) from the spec and the teams
 * in the reader's language; the server sends names of teams and competitions, never ids to read.
 */
import { z } from 'zod';
import { MAX_LEGS } from '../../sports/payout';
import { MAX_PRICE, MIN_PRICE } from '../../sports/price';
import { epochMillis, epochMillisQuery, minorUnits, sentAmount } from './common';

/** The book's own vendor codes: sports as the spec's FB, e-sports as FBE. */
export const SPORTS_VENDORS = ['FB', 'FBE'] as const;
export const sportsVendor = z.enum(SPORTS_VENDORS);

export const sportCode = z.enum(['football', 'cs2', 'dota2', 'lol', 'valorant']);
export const sportsKind = z.enum(['sports', 'esports']);
export type SportsKind = z.infer<typeof sportsKind>;

const lineQ = z.number().int().min(-2_000).max(2_000);
const side = z.enum(['home', 'away']);
const mapNo = z.number().int().min(1).max(7);

export const marketSpec = z.discriminatedUnion('type', [
  z.object({ type: z.literal('1x2') }),
  z.object({ type: z.literal('double_chance') }),
  z.object({ type: z.literal('draw_no_bet') }),
  z.object({ type: z.literal('asian_handicap'), lineQ }),
  z.object({ type: z.literal('over_under'), stat: z.enum(['goals', 'corners', 'cards']), lineQ }),
  z.object({ type: z.literal('team_total'), team: side, lineQ }),
  z.object({ type: z.literal('btts') }),
  z.object({ type: z.literal('correct_score') }),
  z.object({ type: z.literal('ht_ft') }),
  z.object({
    type: z.literal('outright'),
    places: z.number().int().min(1).max(50),
    competitors: z.array(z.string().min(1).max(80)).min(2).max(200),
  }),
  z.object({ type: z.literal('match_winner') }),
  z.object({ type: z.literal('map_winner'), map: mapNo }),
  z.object({ type: z.literal('map_handicap'), lineQ }),
  z.object({ type: z.literal('total_maps'), lineQ }),
  z.object({
    type: z.literal('map_total'),
    stat: z.enum(['rounds', 'kills']),
    map: mapNo.optional(),
    lineQ,
  }),
  z.object({ type: z.literal('first_blood'), map: mapNo }),
]);

export const price = z.number().int().min(MIN_PRICE).max(MAX_PRICE);

export const MARKET_STATUSES = ['open', 'suspended', 'closed', 'settled', 'void'] as const;
export const sportsMarket = z.object({
  id: z.number().int(),
  spec: marketSpec,
  status: z.enum(MARKET_STATUSES),
  /** Bumped on every price or status change. */
  version: z.number().int(),
  /** Each outcome with its price; null while that outcome is not offered. */
  outcomes: z.array(z.object({ key: z.string(), price: price.nullable() })),
  /** Why an operator voided it, in the reader's language as the operator wrote it. */
  voidReason: z.string().nullable(),
});
export type SportsMarket = z.infer<typeof sportsMarket>;

export const FIXTURE_STATUSES = ['scheduled', 'live', 'ended', 'cancelled', 'abandoned'] as const;
export const fixtureEvent = z.object({
  /** Football: the match minute; e-sports: the map. */
  at: z.number().int(),
  type: z.enum([
    'goal',
    'card',
    'red_card',
    'corner',
    'half_time',
    'full_time',
    'map_start',
    'map_end',
    'first_blood',
    'match_end',
  ]),
  side: side.nullable(),
  /** The score after a goal or a map ("1-0"), a map's rounds or kills. */
  detail: z.string().nullable(),
});
export type FixtureEvent = z.infer<typeof fixtureEvent>;

export const liveState = z.object({
  /** Football: pre, first_half, half_time, second_half, ended; e-sports: pre, map, between, ended. */
  phase: z.string(),
  minute: z.number().int().nullable(),
  score: z.tuple([z.number().int(), z.number().int()]),
  /** E-sports: the map being played and its rounds or kills. */
  map: z.number().int().nullable(),
  mapScore: z.tuple([z.number().int(), z.number().int()]).nullable(),
  corners: z.tuple([z.number().int(), z.number().int()]).nullable(),
  cards: z.tuple([z.number().int(), z.number().int()]).nullable(),
  events: z.array(fixtureEvent),
});
export type LiveState = z.infer<typeof liveState>;

export const competitionRef = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ISO country or null for international competitions. */
  country: z.string().nullable(),
  sport: sportCode,
});

/** A match between two sides, or an outright: where each competitor finishes a whole competition. */
export const FIXTURE_KINDS = ['match', 'outright'] as const;
export const fixtureKind = z.enum(FIXTURE_KINDS);

export const fixtureCard = z.object({
  id: z.number().int(),
  sport: sportCode,
  kind: fixtureKind,
  competition: competitionRef,
  /** An outright's name ("2026") is `home`, and its `away` is empty; `startsAt` is when its betting closes. */
  home: z.string(),
  away: z.string(),
  startsAt: epochMillis,
  bestOf: z.number().int().nullable(),
  status: z.enum(FIXTURE_STATUSES),
  /** Betting on the whole event is stopped (a goal under review, an operator's suspension). */
  suspended: z.boolean(),
  live: liveState.nullable(),
  /** The headline market (1x2, the match winner, an outright's winner), when it is offered. */
  main: sportsMarket.nullable(),
  marketCount: z.number().int(),
  /** A settled outright: who finished first (more than one in a tie); null otherwise. */
  winners: z.array(z.string()).nullable(),
});
export type FixtureCard = z.infer<typeof fixtureCard>;

export const fixtureDetail = fixtureCard.extend({
  markets: z.array(sportsMarket),
  /** In-play bets wait this long and are then checked again against the market (seconds). */
  betDelaySeconds: z.number().int(),
  voidReason: z.string().nullable(),
});
export type FixtureDetail = z.infer<typeof fixtureDetail>;

export const sportsLobbyQuery = z.object({ kind: sportsKind.default('sports') });
export const sportsLobby = z.object({
  now: epochMillis,
  kind: sportsKind,
  /** The book's catalogue entry (to keep it among favourites); null when the catalogue has none. */
  nodeId: z.number().int().nullable(),
  live: z.array(fixtureCard),
  soon: z.array(fixtureCard),
  /** Outrights still taking bets, the soonest to close first. */
  outrights: z.array(fixtureCard),
  competitions: z.array(competitionRef.extend({ fixtures: z.number().int(), live: z.number().int() })),
});
export type SportsLobby = z.infer<typeof sportsLobby>;

export const competitionQuery = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const competitionPage = z.object({
  now: epochMillis,
  competition: competitionRef,
  fixtures: z.array(fixtureCard),
  outrights: z.array(fixtureCard),
});

export const fixtureQuery = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export const fixturePage = z.object({ now: epochMillis, fixture: fixtureDetail });

export const sportsResultsQuery = z.object({
  kind: sportsKind.default('sports'),
  before: epochMillisQuery.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const sportsResults = z.object({ fixtures: z.array(fixtureCard) });

// ---- the slip ----------------------------------------------------------------------------------------

/** What the member accepts when a price moved since they saw it: none, only better prices, any. */
export const ACCEPT_POLICIES = ['none', 'better', 'any'] as const;
export const acceptPolicy = z.enum(ACCEPT_POLICIES);
export type AcceptPolicy = z.infer<typeof acceptPolicy>;

export const slipLeg = z.object({
  marketId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  key: z.string().min(1).max(80),
  /** The price the member saw. */
  price,
});
export type SlipLegBody = z.infer<typeof slipLeg>;

export const placeSportsSlipBody = z.object({
  requestId: z.string().trim().min(8).max(64),
  kind: z.enum(['singles', 'accumulator', 'system']),
  /** A system's code: `2/4`, `trixie`, `yankee`, `lucky15` … (src/sports/payout.ts). */
  system: z.string().max(16).optional(),
  legs: z
    .array(slipLeg)
    .min(1)
    .max(MAX_LEGS + 1),
  /** Singles: each single's stake; accumulator: the stake; system: the stake of one line. */
  stake: sentAmount,
  accept: acceptPolicy.default('none'),
});
export type PlaceSportsSlipBody = z.infer<typeof placeSportsSlipBody>;

export const BET_STATUSES = ['pending', 'open', 'won', 'lost', 'void', 'cashed_out', 'rejected'] as const;
export type SportsBetStatus = (typeof BET_STATUSES)[number];
export const LEG_RESULTS = ['win', 'lose', 'void', 'half-win', 'half-lose', 'dead-heat'] as const;

export const sportsBetLeg = z.object({
  fixtureId: z.number().int(),
  sport: sportCode,
  competition: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: epochMillis,
  marketId: z.number().int(),
  spec: marketSpec,
  key: z.string(),
  price,
  /** Taken while the fixture was live. */
  live: z.boolean(),
  result: z.enum(LEG_RESULTS).nullable(),
  /** The fixture's score once known ("2-1"). */
  score: z.string().nullable(),
});

export const sportsBet = z.object({
  id: z.number().int(),
  /** What the member reads as the bet's reference (also its round in the betting record). */
  reference: z.string(),
  kind: z.enum(['single', 'accumulator', 'system']),
  system: z.string().nullable(),
  lines: z.number().int(),
  unitStake: minorUnits,
  stake: minorUnits,
  /** The stake still riding (less what partial cash-outs took). */
  openStake: minorUnits,
  /** What it pays if every leg wins, for the stake still riding. */
  potentialPayout: minorUnits,
  status: z.enum(BET_STATUSES),
  /** Paid by settlement (not counting cash-outs). */
  payout: minorUnits,
  /** Paid by cash-outs so far. */
  cashedOut: minorUnits,
  /** Why a pending in-play bet was refused at its check (an error code). */
  rejectReason: z.string().nullable(),
  /** When a pending in-play bet is checked. */
  acceptsAt: epochMillis.nullable(),
  createdAt: epochMillis,
  settledAt: epochMillis.nullable(),
  legs: z.array(sportsBetLeg),
});
export type SportsBet = z.infer<typeof sportsBet>;

export const placedSportsSlip = z.object({
  bets: z.array(sportsBet),
  balance: minorUnits.nullable(),
});
export type PlacedSportsSlip = z.infer<typeof placedSportsSlip>;

/** PRICE_CHANGED's value: the prices now, for the slip to show and ask again. */
export const priceChanges = z.object({
  legs: z.array(z.object({ marketId: z.number().int(), key: z.string(), price: price.nullable() })),
});

export const myBetsQuery = z.object({
  status: z.enum(['open', 'settled', 'all']).default('open'),
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const myBets = z.object({ bets: z.array(sportsBet) });
export const betQuery = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

// ---- cash-out ----------------------------------------------------------------------------------------

/** The share of the open stake to cash out, in basis points (10 000 = all of it). */
export const cashOutQuoteBody = z.object({
  betId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  share: z.number().int().min(1).max(10_000).default(10_000),
});
export const cashOutQuote = z.object({
  quoteId: z.string(),
  betId: z.number().int(),
  share: z.number().int(),
  /** The stake this cash-out takes off the bet. */
  stakePart: minorUnits,
  amount: minorUnits,
  expiresAt: epochMillis,
});
export type CashOutQuote = z.infer<typeof cashOutQuote>;

export const cashOutBody = z.object({
  quoteId: z.string().min(8).max(512),
  requestId: z.string().trim().min(8).max(64),
});
export const cashedOut = z.object({ bet: sportsBet, amount: minorUnits, balance: minorUnits.nullable() });
