/**
 * The operator's book in the back office (docs/sports.md, "The operator's book"): fixtures listed and
 * entered with their prices (typed, or from a simple match model with the competition's margin), markets
 * priced, suspended and voided, a fixture marked live with its score, its result entered, corrected or
 * withdrawn, a fixture called off; the book's exposure, bets and settlement log; margins per competition
 * and limits per sport. Prices are decimal odds in ten-thousandths and amounts minor units, as everywhere.
 */
import { z } from 'zod';
import { epochMillis, epochMillisQuery, int32Id, MAX_AMOUNT, minorUnits } from './common';
import {
  BET_STATUSES,
  FIXTURE_STATUSES,
  fixtureKind,
  LEG_RESULTS,
  liveState,
  MARKET_STATUSES,
  marketSpec,
  price,
  sportCode,
  sportsBet,
} from './sports';

const requestId = z.string().trim().min(8).max(64);
const reason = z.string().trim().min(3).max(200);
const bigId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const bigIdQuery = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const count = z.number().int().min(0).max(9_999);
const score = z.tuple([count, count]);
const side = z.enum(['home', 'away']);
const name = z.string().trim().min(1).max(80);

/** Any sport, or `*`: the limits of every sport without its own row. */
export const limitsSport = z.union([z.literal('*'), sportCode]);
export type LimitsSport = z.infer<typeof limitsSport>;

// ---- results ------------------------------------------------------------------------------------------

/** How a fixture ended as the operator enters it (a fixture called off is cancelled apart, with a reason). */
export const RESULT_STATUSES = ['finished', 'abandoned', 'walkover'] as const;

const footballResultOf = <S extends z.ZodType>(status: S) =>
  z.object({
    sport: z.literal('football'),
    status,
    /** Half-time score; null when abandoned before it. */
    ht: score.nullable(),
    /** 90 minutes and stoppage time, or the score at the abandonment. */
    ft: score,
    corners: score,
    cards: score,
  });

export const mapResult = z.object({
  winner: side.nullable(),
  finished: z.boolean(),
  /** Rounds (CS2, Valorant) or kills (Dota 2, LoL) of each side. */
  stat: score,
  firstBlood: side.nullable(),
  /** Restarted from the beginning and played again. */
  replayed: z.boolean().optional(),
});
export type MapResultBody = z.infer<typeof mapResult>;

const esportsResultOf = <S extends z.ZodType>(status: S) =>
  z.object({
    sport: z.enum(['cs2', 'dota2', 'lol', 'valorant']),
    status,
    /** The best-of the markets were priced on (the fixture's), and the one played. */
    scheduledBestOf: z.number().int().min(1).max(7),
    bestOf: z.number().int().min(1).max(7),
    maps: z.array(mapResult).max(7),
  });

/** An outright's finishing order, tied competitors in one group; non-runners' bets are void. */
export const outrightResult = z.object({
  sport: z.literal('outright'),
  standings: z.array(z.array(name).min(1).max(200)).min(1).max(200),
  nonRunners: z.array(name).max(200).optional(),
});

/** A result as the operator sends it (src/sports/settle.ts `FootballResult`, `EsportsResult`, `OutrightResult`). */
export const sportsResultBody = z.union([
  footballResultOf(z.enum(RESULT_STATUSES)),
  esportsResultOf(z.enum(RESULT_STATUSES)),
  outrightResult,
]);
export type SportsResultBody = z.infer<typeof sportsResultBody>;

/** A result as stored: a fixture called off has a result too (cancelled, every market void). */
const RESULT_STATUSES_STORED = ['finished', 'abandoned', 'walkover', 'cancelled'] as const;
export const sportsResult = z.union([
  footballResultOf(z.enum(RESULT_STATUSES_STORED)),
  esportsResultOf(z.enum(RESULT_STATUSES_STORED)),
  outrightResult.extend({
    standings: z.array(z.array(z.string())).max(200),
    nonRunners: z.array(z.string()).optional(),
    cancelled: z.boolean().optional(),
  }),
]);
export type SportsResult = z.infer<typeof sportsResult>;

// ---- fixtures -----------------------------------------------------------------------------------------

export const adminSportsFixturesQuery = z.object({
  sport: sportCode.optional(),
  status: z.enum(FIXTURE_STATUSES).optional(),
  /** Starting from (inclusive) and before (exclusive). */
  from: epochMillisQuery.optional(),
  to: epochMillisQuery.optional(),
  /** A team's or competition's name, or part of it. */
  q: z.string().trim().max(80).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

export const adminSportsFixtureRow = z.object({
  id: z.number().int(),
  sport: sportCode,
  kind: fixtureKind,
  competitionId: z.number().int(),
  /** In the operator's language. */
  competition: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: epochMillis,
  bestOf: z.number().int().nullable(),
  status: z.enum(FIXTURE_STATUSES),
  suspended: z.boolean(),
  /** operator, simulator or a feed's name: who runs its prices and result. */
  source: z.string(),
  /** The live or final score (maps won in e-sports), when there is one. */
  score: score.nullable(),
  /** How many times its result was set (corrections count); whether one stands now. */
  resultVersion: z.number().int(),
  hasResult: z.boolean(),
  /** Markets still offered (open or suspended). */
  marketCount: z.number().int(),
  /** The book's open exposure on it: liability, stakes and bets. */
  liability: minorUnits,
  stake: minorUnits,
  bets: z.number().int(),
});
export type AdminSportsFixtureRow = z.infer<typeof adminSportsFixtureRow>;
export const adminSportsFixtures = z.object({
  now: epochMillis,
  currency: z.string(),
  fixtures: z.array(adminSportsFixtureRow),
});

export const adminSportsMarket = z.object({
  id: z.number().int(),
  spec: marketSpec,
  status: z.enum(MARKET_STATUSES),
  version: z.number().int(),
  /** Priced by the operator by hand: its source no longer moves its prices. */
  manual: z.boolean(),
  /** Each outcome with its price (null: not offered) and, once settled, its result. */
  outcomes: z.array(
    z.object({ key: z.string(), price: price.nullable(), result: z.enum(LEG_RESULTS).nullable() }),
  ),
  /** What players read when the operator voided it. */
  voidReason: z.string().nullable(),
});
export type AdminSportsMarket = z.infer<typeof adminSportsMarket>;

export const adminSportsFixture = adminSportsFixtureRow.extend({
  /** The competition's margin, in basis points: what a model's prices are made with. */
  marginBp: z.number().int(),
  live: liveState.nullable(),
  result: sportsResult.nullable(),
  /** Why it was called off (players read it). */
  voidReason: z.string().nullable(),
  markets: z.array(adminSportsMarket),
});
export type AdminSportsFixture = z.infer<typeof adminSportsFixture>;
export const adminSportsFixtureQuery = z.object({ id: bigIdQuery });

/** Prices for a market of the sport's template: each outcome's price, null or absent when not offered. */
export const typedMarket = z.object({
  spec: marketSpec,
  prices: z.record(z.string().max(80), price.nullable()),
});

export const createSportsFixtureBody = z.object({
  sport: sportCode,
  /** A competition of the sport; or `competition`, a new one with its names. */
  competitionId: int32Id.optional(),
  competition: z
    .object({
      namePt: name,
      nameEn: name,
      /** ISO 3166 alpha-2, or null for an international competition. */
      country: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/)
        .nullable()
        .optional(),
    })
    .optional(),
  home: name,
  away: name,
  startsAt: epochMillis,
  /** E-sports: the number of maps (1 to 7); football has none. */
  bestOf: z.number().int().min(1).max(7).optional(),
  /** The template's markets with the prices the operator typed (others are not offered)... */
  markets: z.array(typedMarket).max(120).optional(),
  /**
   * ...or prices from a simple model with the competition's margin: football, each side's expected goals
   * (0.05 to 8); e-sports, each side's rating (Elo-like, 0 to 4000).
   */
  model: z.object({ home: z.number().min(0).max(4_000), away: z.number().min(0).max(4_000) }).optional(),
  requestId,
});
export type CreateSportsFixtureBody = z.infer<typeof createSportsFixtureBody>;

/**
 * An operator's outright: who competes, when betting closes, and its markets, each paying its first
 * `places` finishers (1: the winner) at the prices typed; a competitor without a price is not offered.
 */
export const createSportsOutrightBody = z.object({
  sport: sportCode,
  competitionId: int32Id.optional(),
  competition: createSportsFixtureBody.shape.competition,
  /** The event's own name beside its competition's: a season ("2026") or an edition. */
  name,
  closesAt: epochMillis,
  competitors: z.array(name).min(2).max(60),
  markets: z
    .array(
      z.object({
        places: z.number().int().min(1).max(50),
        prices: z.record(z.string().max(80), price.nullable()),
      }),
    )
    .min(1)
    .max(4),
  requestId,
});
export type CreateSportsOutrightBody = z.infer<typeof createSportsOutrightBody>;

export const priceSportsMarketBody = z.object({
  marketId: bigId,
  prices: z.record(z.string().max(80), price.nullable()),
  /**
   * A market of the simulator or a feed priced by hand stays at these prices until given back: `follow`
   * gives it back to its source (the prices sent are then ignored).
   */
  follow: z.boolean().optional(),
  requestId,
});
/** A market the fixture does not offer yet (its sport's, of its kind), with its prices. */
export const addSportsMarketBody = z.object({
  fixtureId: bigId,
  spec: marketSpec,
  prices: z.record(z.string().max(80), price.nullable()),
  requestId,
});
export const suspendSportsMarketBody = z.object({ marketId: bigId, suspended: z.boolean(), requestId });
export const voidSportsMarketBody = z.object({ marketId: bigId, reason, requestId });
export const suspendSportsFixtureBody = z.object({ id: bigId, suspended: z.boolean(), requestId });

/** The fixture is live (from now on) with this score; what is not sent keeps its value. */
export const liveSportsFixtureBody = z.object({
  id: bigId,
  /** Goals; e-sports: maps won. */
  score,
  /** Football: the match minute. */
  minute: z.number().int().min(0).max(200).nullable().optional(),
  /** Football: first_half, half_time, second_half; e-sports: map, between. */
  phase: z.enum(['first_half', 'half_time', 'second_half', 'map', 'between']).optional(),
  corners: score.optional(),
  cards: score.optional(),
  /** E-sports: the map being played and its rounds or kills. */
  map: z.number().int().min(1).max(7).optional(),
  mapScore: score.optional(),
  requestId,
});

export const resultSportsFixtureBody = z.object({
  id: bigId,
  result: sportsResultBody,
  /** Asked for a correction (a result already stands). */
  reason: reason.optional(),
  requestId,
});
export const fixtureReasonBody = z.object({ id: bigId, reason, requestId });

// ---- exposure, bets, settlements --------------------------------------------------------------------

const exposureFigures = { liability: minorUnits, stake: minorUnits, bets: z.number().int() };

export const adminSportsExposure = z.object({
  now: epochMillis,
  currency: z.string(),
  /** The events with the most liability first. */
  events: z.array(
    adminSportsFixtureRow.pick({
      id: true,
      sport: true,
      competition: true,
      home: true,
      away: true,
      startsAt: true,
      status: true,
      suspended: true,
      score: true,
      liability: true,
      stake: true,
      bets: true,
    }),
  ),
});

export const adminSportsEventExposure = z.object({
  now: epochMillis,
  currency: z.string(),
  fixture: adminSportsFixtureRow,
  /** The markets with bets, the one with the most liability on an outcome first. */
  markets: z.array(
    z.object({
      id: z.number().int(),
      spec: marketSpec,
      status: z.enum(MARKET_STATUSES),
      outcomes: z.array(z.object({ key: z.string(), price: price.nullable(), ...exposureFigures })),
    }),
  ),
});

export const adminSportsBetsQuery = z.object({
  id: bigIdQuery.optional(),
  username: z.string().trim().min(1).max(64).optional(),
  fixtureId: bigIdQuery.optional(),
  status: z.enum(BET_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const adminSportsBet = sportsBet.extend({
  username: z.string(),
  /** What a correction could not take back (the member had spent it). */
  owed: minorUnits,
  /** How many settlements it had (a correction settles it again). */
  settleVersion: z.number().int(),
});
export type AdminSportsBet = z.infer<typeof adminSportsBet>;
export const adminSportsBets = z.object({ currency: z.string(), bets: z.array(adminSportsBet) });

export const SETTLEMENT_ACTIONS = ['settle', 'resettle', 'rollback', 'void'] as const;
export const adminSportsSettlementsQuery = z.object({ fixtureId: bigIdQuery });
export const adminSportsSettlements = z.object({
  currency: z.string(),
  entries: z.array(
    z.object({
      id: z.number().int(),
      marketId: z.number().int().nullable(),
      action: z.enum(SETTLEMENT_ACTIONS),
      resultVersion: z.number().int(),
      bets: z.number().int(),
      paid: minorUnits,
      clawedBack: minorUnits,
      /** The operator who did it; null when its source did (a feed, the simulator). */
      operator: z.string().nullable(),
      reason: z.string().nullable(),
      createdAt: epochMillis,
    }),
  ),
});

// ---- margins and limits -----------------------------------------------------------------------------

/** The most margin a competition may carry: 30 %. */
export const MAX_MARGIN_BP = 3_000;

export const adminSportsCompetition = z.object({
  id: z.number().int(),
  sport: sportCode,
  code: z.string(),
  namePt: z.string(),
  nameEn: z.string(),
  country: z.string().nullable(),
  priority: z.number().int(),
  marginBp: z.number().int(),
  enabled: z.boolean(),
  source: z.string(),
});
export type AdminSportsCompetition = z.infer<typeof adminSportsCompetition>;
export const adminSportsCompetitions = z.object({ competitions: z.array(adminSportsCompetition) });
export const saveSportsCompetitionBody = z.object({
  id: int32Id,
  marginBp: z.number().int().min(0).max(MAX_MARGIN_BP),
  enabled: z.boolean(),
  reason,
  requestId,
});

const amount = z.number().int().min(0).max(MAX_AMOUNT);
export const sportsLimits = z.object({
  minStake: amount.min(1),
  maxStake: amount.min(1),
  maxPayout: amount.min(1),
  marketLiability: amount,
  eventLiability: amount,
  memberEventLiability: amount,
  /** In-play bets wait this long before their check (0 to 60 s). */
  betDelayMs: z.number().int().min(0).max(60_000),
});
export type SportsLimitsBody = z.infer<typeof sportsLimits>;
export const adminSportsLimits = z.object({
  currency: z.string(),
  /** `*` first, then each sport: its own row (`own`), or what it takes from `*` or the defaults. */
  limits: z.array(sportsLimits.extend({ sport: limitsSport, own: z.boolean() })),
});
export const saveSportsLimitsBody = z.object({
  sport: limitsSport,
  /** null removes a sport's own row (it takes `*`'s again). */
  limits: sportsLimits.nullable(),
  reason,
  requestId,
});
