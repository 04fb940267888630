import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A member's seed pairs for the in-house games (docs/originals-fairness.md). The active pair (not yet
 * revealed) shows only the SHA-256 of its server seed; rotating reveals it and starts a new one. `nonce`
 * is the number of bets the pair has drawn, so the next bet draws with nonce = this value.
 */
export const originalsSeeds = pgTable(
  'originals_seeds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: integer('brand_id').notNull(),
    memberId: integer('member_id').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('originals_seeds_active_uq').on(t.memberId).where(sql`revealed_at IS NULL`),
    index('originals_seeds_member_idx').on(t.memberId, t.id),
  ],
);

/**
 * Every wager of the in-house games but crash: its seeds' nonce, what was asked, the outcome drawn when it
 * was accepted, and what it paid. Its money moves as vendor BGS's round `${game}-${id}` (vendor_rounds),
 * in the same statement as this row (originals_play, originals_settle).
 */
export const originalsBets = pgTable(
  'originals_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: integer('brand_id').notNull(),
    memberId: integer('member_id').notNull(),
    /** The client's request id: a retry is answered with this row, never drawn again. */
    requestId: text('request_id').notNull(),
    game: text('game').notNull(),
    seedId: bigint('seed_id', { mode: 'number' }).notNull(),
    nonce: integer('nonce').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    /** What the payout was of the stake, in ten-thousandths (0 for a loss). */
    multiplier: bigint('multiplier', { mode: 'number' }).notNull().default(0),
    params: jsonb('params').notNull(),
    outcome: jsonb('outcome').notNull(),
    /** Mines: the safe tiles revealed so far, in order. */
    revealed: smallint('revealed').array().notNull().default(sql`'{}'::smallint[]`),
    /** 'open' (a mines game in play) or 'settled'. */
    status: text('status').notNull(),
    balanceBefore: bigint('balance_before', { mode: 'number' }),
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('originals_bets_request_uq').on(t.memberId, t.requestId),
    uniqueIndex('originals_bets_open_uq').on(t.memberId, t.game).where(sql`status = 'open'`),
    index('originals_bets_member_game_idx').on(t.memberId, t.game, t.id),
    index('originals_bets_brand_game_idx').on(t.brandId, t.game, t.id),
    index('originals_bets_seed_idx').on(t.seedId, t.nonce),
  ],
);

/** Each game's limits and house edge per brand and currency, as the back office sets them. */
export const originalsSettings = pgTable(
  'originals_settings',
  {
    brandId: integer('brand_id').notNull(),
    game: text('game').notNull(),
    currency: text('currency').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    edgeBp: integer('edge_bp').notNull(),
    minBet: bigint('min_bet', { mode: 'number' }).notNull(),
    maxBet: bigint('max_bet', { mode: 'number' }).notNull(),
    maxWin: bigint('max_win', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.game, t.currency] })],
);
