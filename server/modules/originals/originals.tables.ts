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
 * revealed) shows only the SHA-256 of its server seed, and the SHA-256 of the server seed that follows
 * it, committed before the member picks the client seed it will be paired with. Rotating reveals the
 * server seed, activates the committed next one with the member's client seed, and commits a new next.
 * Server seeds not yet revealed are kept sealed under the installation's key (`*_cipher`); `server_seed`
 * is written when the pair is revealed. `nonce` is the number of bets the pair has drawn, so the next
 * bet draws with nonce = this value.
 */
export const originalsSeeds = pgTable(
  'originals_seeds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: integer('brand_id').notNull(),
    memberId: integer('member_id').notNull(),
    serverSeed: text('server_seed'),
    serverSeedCipher: text('server_seed_cipher'),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull().default(0),
    nextSeedCipher: text('next_seed_cipher'),
    nextSeedHash: text('next_seed_hash'),
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
    // A nonce draws one outcome: the database refuses a second bet on the same seed and nonce.
    uniqueIndex('originals_bets_seed_nonce_uq').on(t.seedId, t.nonce),
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

/**
 * A crash hash chain (src/originals/games/crash.ts): the secret end of the chain (sealed under the
 * installation's key), the commitment x_0 published before its first round, and the next index to play.
 * Its salt is not the operator's choice: the chain is published with `salt_source`, a public value that
 * does not exist yet (a named future lottery draw, a future block), announced at `salt_announced_at`, and
 * it plays no round until the salt is entered from that source (`salt`, `salt_at`). A brand plays one chain at a time; a spent chain
 * is followed by a new one.
 */
export const crashChains = pgTable(
  'crash_chains',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: integer('brand_id').notNull(),
    seedCipher: text('seed_cipher').notNull(),
    commitment: text('commitment').notNull(),
    salt: text('salt'),
    saltSource: text('salt_source'),
    saltAnnouncedAt: timestamp('salt_announced_at', { withTimezone: true }),
    saltAt: timestamp('salt_at', { withTimezone: true }),
    length: integer('length').notNull(),
    nextIndex: integer('next_index').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crash_chains_brand_idx').on(t.brandId, t.id)],
);

/**
 * A crash round: 'betting' until its window closes, 'running' from its start (the database's clock) until
 * the multiplier reaches its bust point `bust_ms` later, 'crashed' while its bets are settled, 'settled'.
 * Its hash is the chain's x_index. Until the round has crashed, its hash, bust and bust time are only in
 * `outcome_cipher`, sealed under the installation's key; they are written out when it crashes.
 */
export const crashRounds = pgTable(
  'crash_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: integer('brand_id').notNull(),
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    index: integer('index').notNull(),
    hash: text('hash'),
    /** The bust point in hundredths, and when after the start the multiplier reaches it. */
    bust: integer('bust'),
    bustMs: integer('bust_ms'),
    outcomeCipher: text('outcome_cipher'),
    edgeBp: integer('edge_bp').notNull(),
    status: text('status').notNull().default('betting'),
    bettingEndsAt: timestamp('betting_ends_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    crashedAt: timestamp('crashed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crash_rounds_chain_index_uq').on(t.chainId, t.index),
    index('crash_rounds_brand_idx').on(t.brandId, t.id),
  ],
);

/**
 * A member's bet in a crash round: its stake, its auto cash-out, and when it cashed out (milliseconds
 * after the start, by the database's clock). Its money moves as vendor BGS's round `crash-${id}`.
 */
export const crashBets = pgTable(
  'crash_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roundId: bigint('round_id', { mode: 'number' }).notNull(),
    brandId: integer('brand_id').notNull(),
    memberId: integer('member_id').notNull(),
    requestId: text('request_id').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** Hundredths; null: the player cashes out by hand. */
    autoCashout: integer('auto_cashout'),
    /** The game's max win when the bet was accepted: a later change of the limit does not reach it. */
    maxWin: bigint('max_win', { mode: 'number' }),
    cashoutMs: integer('cashout_ms'),
    /** The multiplier paid, in hundredths (0 for a loss). */
    multiplier: integer('multiplier').notNull().default(0),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    /** 'active' until paid ('cashed') or lost ('lost'). */
    status: text('status').notNull().default('active'),
    balanceBefore: bigint('balance_before', { mode: 'number' }),
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('crash_bets_round_member_uq').on(t.roundId, t.memberId),
    uniqueIndex('crash_bets_request_uq').on(t.memberId, t.requestId),
    index('crash_bets_round_status_idx').on(t.roundId, t.status),
    index('crash_bets_member_idx').on(t.memberId, t.id),
  ],
);
