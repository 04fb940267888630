import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LiveState } from '../../../src/api/contract/sports';
import type { MarketSpec } from '../../../src/sports/model';
import type { Result } from '../../../src/sports/settle';
import { brands } from '../brand/brand.tables';

/**
 * The sportsbook (docs/sports.md). One market model whatever feeds it: the operator's own fixtures, the
 * built-in simulator or a real odds feed (`source`). Bets are rounds of the book's vendor (FB for sports,
 * FBE for e-sports) in the wallet's `vendor_rounds`, their money moved by the ledger.
 */
export const sportsCompetitions = pgTable(
  'sports_competitions',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    sport: text('sport').notNull(),
    /** The source's own name for it ('br-serie-a'), unique per brand. */
    code: text('code').notNull(),
    namePt: text('name_pt').notNull(),
    nameEn: text('name_en').notNull(),
    country: text('country'),
    /** Lower first: the lobby lists Brazilian football before the rest. */
    priority: integer('priority').notNull().default(100),
    /** The book's margin on this competition's markets, in basis points. */
    marginBp: integer('margin_bp').notNull().default(600),
    enabled: boolean('enabled').notNull().default(true),
    source: text('source').notNull().default('operator'),
  },
  (t) => [uniqueIndex('sports_competitions_code_uq').on(t.brandId, t.code)],
);

export const sportsFixtures = pgTable(
  'sports_fixtures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: integer('brand_id').notNull(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => sportsCompetitions.id, { onDelete: 'cascade' }),
    sport: text('sport').notNull(),
    /** operator, simulator or feed; `external_id` is the source's id for it. */
    source: text('source').notNull(),
    externalId: text('external_id'),
    /** match, or outright: its name in `home`, `away` empty, its betting closing at `starts_at`. */
    kind: text('kind').notNull().default('match'),
    home: text('home').notNull(),
    away: text('away').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    bestOf: smallint('best_of'),
    /** scheduled, live, ended, cancelled, abandoned. */
    status: text('status').notNull().default('scheduled'),
    /** Betting on the whole event stopped (a goal under review, an operator's suspension). */
    suspended: boolean('suspended').notNull().default(false),
    live: jsonb('live').$type<LiveState>(),
    /** The result settled on (src/sports/settle.ts), and how many times it was set (corrections). */
    result: jsonb('result').$type<Result>(),
    resultVersion: integer('result_version').notNull().default(0),
    /** The simulator's model and running state; never sent to a member. */
    sim: jsonb('sim').$type<Record<string, unknown>>(),
    voidReason: text('void_reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sports_fixtures_external_uq').on(t.brandId, t.source, t.externalId),
    index('sports_fixtures_board_idx').on(t.brandId, t.status, t.startsAt),
    index('sports_fixtures_competition_idx').on(t.competitionId, t.startsAt),
    check(
      'sports_fixtures_status_ck',
      sql`${t.status} IN ('scheduled', 'live', 'ended', 'cancelled', 'abandoned')`,
    ),
    check('sports_fixtures_kind_ck', sql`${t.kind} IN ('match', 'outright')`),
  ],
);

export const sportsMarkets = pgTable(
  'sports_markets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fixtureId: bigint('fixture_id', { mode: 'number' })
      .notNull()
      .references(() => sportsFixtures.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id').notNull(),
    spec: jsonb('spec').$type<MarketSpec>().notNull(),
    /** The spec written canonically: one market per spec and fixture. */
    specKey: text('spec_key').notNull(),
    /** open, suspended, closed (no more bets), settled, void. */
    status: text('status').notNull().default('open'),
    /** Bumped on every price or status change: an in-play bet is checked against it after its delay. */
    version: integer('version').notNull().default(1),
    /** Each outcome's price in ten-thousandths, null while not offered. */
    prices: jsonb('prices').$type<Record<string, number | null>>().notNull(),
    /**
     * The operator priced it by hand: its source (the simulator, a feed) no longer moves its prices, only
     * its status, until the operator gives it back.
     */
    manual: boolean('manual').notNull().default(false),
    /** The factors it was settled with, by outcome ({win, void, den}). */
    factors: jsonb('factors').$type<Record<string, { win: number; void: number; den: number }>>(),
    voidReason: text('void_reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sports_markets_spec_uq').on(t.fixtureId, t.specKey),
    check('sports_markets_status_ck', sql`${t.status} IN ('open', 'suspended', 'closed', 'settled', 'void')`),
  ],
);

/**
 * A bet: a single, an accumulator or a system, each its own round `S<id>` of the vendor of its first
 * leg's kind. A slip of singles is a bet per leg, all under the slip's request id (`slip_index`).
 */
export const sportsBets = pgTable(
  'sports_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: integer('brand_id').notNull(),
    memberId: integer('member_id').notNull(),
    requestId: text('request_id').notNull(),
    slipIndex: smallint('slip_index').notNull().default(0),
    vendorCode: text('vendor_code').notNull(),
    /** single, accumulator, system. */
    kind: text('kind').notNull(),
    system: text('system'),
    lines: integer('lines').notNull().default(1),
    unitStake: bigint('unit_stake', { mode: 'number' }).notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** The stake still riding once partial cash-outs took their share. */
    openStake: bigint('open_stake', { mode: 'number' }).notNull(),
    /** What every leg winning pays on the whole stake; scaled by open_stake / stake when read. */
    potentialPayout: bigint('potential_payout', { mode: 'number' }).notNull(),
    /** What it still holds of the book's exposure (sports_exposure), released as it settles or cashes out. */
    liability: bigint('liability', { mode: 'number' }).notNull().default(0),
    /** pending (in-play delay), open, won, lost, void, cashed_out, rejected. */
    status: text('status').notNull(),
    /** Paid by settlement (its latest version), and by cash-outs. */
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    cashedOut: bigint('cashed_out', { mode: 'number' }).notNull().default(0),
    /** What a correction could not take back (the member had spent it): the operator's to resolve. */
    owed: bigint('owed', { mode: 'number' }).notNull().default(0),
    /** How many settlements this bet had (a correction settles it again). */
    settleVersion: integer('settle_version').notNull().default(0),
    /** none, better, any: what a pending bet accepts if a price moved. */
    accept: text('accept').notNull().default('none'),
    rejectReason: text('reject_reason'),
    /** When a pending bet is decided; cleared by the decision. */
    acceptsAt: timestamp('accepts_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sports_bets_request_uq').on(t.memberId, t.requestId, t.slipIndex),
    index('sports_bets_member_idx').on(t.memberId, t.id),
    // Only a pending bet has a time to be decided at (the decision clears it): the index names no status,
    // so settling a bet (its status, payout, liability) rewrites no index entry (a HOT update).
    index('sports_bets_pending_idx').on(t.acceptsAt).where(sql`${t.acceptsAt} IS NOT NULL`),
    check(
      'sports_bets_status_ck',
      sql`${t.status} IN ('pending', 'open', 'won', 'lost', 'void', 'cashed_out', 'rejected')`,
    ),
    check('sports_bets_stake_ck', sql`${t.openStake} >= 0 AND ${t.openStake} <= ${t.stake}`),
  ],
);

export const sportsBetLegs = pgTable(
  'sports_bet_legs',
  {
    betId: bigint('bet_id', { mode: 'number' })
      .notNull()
      .references(() => sportsBets.id, { onDelete: 'cascade' }),
    legNo: smallint('leg_no').notNull(),
    fixtureId: bigint('fixture_id', { mode: 'number' }).notNull(),
    marketId: bigint('market_id', { mode: 'number' }).notNull(),
    outcomeKey: text('outcome_key').notNull(),
    price: integer('price').notNull(),
    /** The market's version the bet was taken on. */
    marketVersion: integer('market_version').notNull(),
    live: boolean('live').notNull().default(false),
    /** The settlement factor, once its market is settled (null again when a result is withdrawn). */
    fWin: integer('f_win'),
    fVoid: integer('f_void'),
    fDen: integer('f_den'),
  },
  (t) => [primaryKey({ columns: [t.betId, t.legNo] }), index('sports_bet_legs_market_idx').on(t.marketId)],
);

/** Cash-outs taken: each pays once per request id and per quote. */
export const sportsCashouts = pgTable(
  'sports_cashouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    betId: bigint('bet_id', { mode: 'number' })
      .notNull()
      .references(() => sportsBets.id, { onDelete: 'cascade' }),
    memberId: integer('member_id').notNull(),
    requestId: text('request_id').notNull(),
    quoteNonce: text('quote_nonce').notNull(),
    share: integer('share').notNull(),
    stakePart: bigint('stake_part', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sports_cashouts_request_uq').on(t.memberId, t.requestId),
    uniqueIndex('sports_cashouts_quote_uq').on(t.quoteNonce),
    index('sports_cashouts_bet_idx').on(t.betId),
  ],
);

/**
 * Open liability: what the book loses at most if an outcome wins (`scope` market: per market and
 * outcome), across an event (`event`: per fixture) and per member and event (`member`). Kept by the
 * placement statement, which refuses a bet that would pass the caps.
 */
export const sportsExposure = pgTable(
  'sports_exposure',
  {
    scope: text('scope').notNull(),
    ref: bigint('ref', { mode: 'number' }).notNull(),
    memberId: integer('member_id').notNull().default(0),
    outcomeKey: text('outcome_key').notNull().default(''),
    brandId: integer('brand_id').notNull(),
    liability: bigint('liability', { mode: 'number' }).notNull().default(0),
    stake: bigint('stake', { mode: 'number' }).notNull().default(0),
    bets: integer('bets').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.ref, t.memberId, t.outcomeKey] })],
);

/** The book's limits per brand and sport ('*' for every sport without its own row). */
export const sportsLimits = pgTable(
  'sports_limits',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    sport: text('sport').notNull(),
    minStake: bigint('min_stake', { mode: 'number' }).notNull(),
    maxStake: bigint('max_stake', { mode: 'number' }).notNull(),
    /** The most a bet may pay. A bet over it is refused with the stake that fits. */
    maxPayout: bigint('max_payout', { mode: 'number' }).notNull(),
    marketLiability: bigint('market_liability', { mode: 'number' }).notNull(),
    eventLiability: bigint('event_liability', { mode: 'number' }).notNull(),
    memberEventLiability: bigint('member_event_liability', { mode: 'number' }).notNull(),
    /** In-play bets wait this long before their check (football 8 s). */
    betDelayMs: integer('bet_delay_ms').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.sport] })],
);

/** The settlement log: every settle, correction, rollback and void, with what it moved. */
export const sportsSettlements = pgTable(
  'sports_settlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: integer('brand_id').notNull(),
    fixtureId: bigint('fixture_id', { mode: 'number' }).notNull(),
    marketId: bigint('market_id', { mode: 'number' }),
    /** settle, resettle, rollback, void. */
    action: text('action').notNull(),
    resultVersion: integer('result_version').notNull(),
    bets: integer('bets').notNull().default(0),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    clawedBack: bigint('clawed_back', { mode: 'number' }).notNull().default(0),
    operatorId: integer('operator_id'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sports_settlements_fixture_idx').on(t.brandId, t.fixtureId, t.id)],
);
