import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../accounts/accounts.tables';
import { brands } from '../brand/brand.tables';

/** A game vendor's access to the wallet API: its HMAC secret, encrypted with the installation's key. */
export const vendorIntegrations = pgTable(
  'vendor_integrations',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    vendorCode: text('vendor_code').notNull(),
    secretCipher: text('secret_cipher').notNull(),
    active: boolean('active').notNull().default(true),
    /** Where a launch is asked for (server to server); null: the vendor cannot be launched yet. */
    launchUrl: text('launch_url'),
    /** 'seamless': the vendor bets on the member's wallet through our API; 'transfer': its own wallet. */
    mode: text('mode').notNull().default('seamless'),
    /** Currencies the vendor plays in; empty means any. */
    currencies: text('currencies').array().notNull().default([]),
    /** 'page': the game shows inside /seamless; 'window': the vendor wants a window of its own. */
    opensIn: text('opens_in').notNull().default('page'),
    /** Trial accounts (free play) may play this vendor's games with trial money (docs/money.md). */
    trialPlay: boolean('trial_play').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.vendorCode] })],
);

/** Tokens a game is launched with; the vendor trades one for the player and bets with it. */
export const launchTokens = pgTable(
  'launch_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    brandId: integer('brand_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    vendorCode: text('vendor_code').notNull(),
    gameCode: text('game_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the vendor traded the token for the player: a launch token is traded once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('launch_tokens_member_idx').on(t.memberId)],
);

/**
 * Game rounds a vendor opened with a bet: a win must name one of them. Each is also the member's betting
 * record line: its stake, payout and refunds are kept in the statement that moves the money.
 */
export const vendorRounds = pgTable(
  'vendor_rounds',
  {
    brandId: integer('brand_id').notNull(),
    vendorCode: text('vendor_code').notNull(),
    roundId: text('round_id').notNull(),
    memberId: integer('member_id').notNull(),
    gameCode: text('game_code'),
    /** Minor units: the sum of the round's bets, wins, and refunded bets. */
    stake: bigint('stake', { mode: 'number' }).notNull().default(0),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    /** 'open' until the vendor settles it (a win, possibly of 0), 'settled', or 'cancelled' when every bet came back. */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.vendorCode, t.roundId] }),
    index('vendor_rounds_member_idx').on(t.memberId, t.createdAt),
    index('vendor_rounds_brand_time_idx').on(t.brandId, t.createdAt),
  ],
);

/**
 * Rebate claims (manualRebate): each claim covers the member's valid bets settled after the previous
 * claim's end and up to its own; the next claim must start where this one ended, so a period is paid once.
 */
export const rebateClaims = pgTable(
  'rebate_claims',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Per category: valid bets, rate in basis points, amount. */
    detail: jsonb('detail')
      .$type<{ gameType: string; validBet: number; rate: number; amount: number }[]>()
      .notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rebate_claims_member_start_uq').on(t.memberId, t.periodStart)],
);
