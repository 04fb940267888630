import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A brand's lottery games (docs/lottery.md): which family it draws, the vendor it plays as (LOTT, ELOTT,
 * TCG_SEA, TCG_LOTTO_VN: its rounds are that vendor's in the betting record), its calendar and its bet
 * types' odds and limits.
 */
export const lotteryGames = pgTable(
  'lottery_games',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id').notNull(),
    /** The gameCode of /lottery, /seaLottery and /vnLottery. */
    code: text('code').notNull(),
    vendorCode: text('vendor_code').notNull(),
    family: text('family').notNull(),
    namePt: text('name_pt').notNull(),
    nameEn: text('name_en').notNull(),
    /** Fast games draw every `interval_minutes`; daily games at `daily_time` (HH:MM) of the brand's zone. */
    intervalMinutes: smallint('interval_minutes'),
    dailyTime: text('daily_time'),
    /** The zone of its calendar (draw numbers by day, daily times); the brand's when null. */
    timeZone: text('time_zone'),
    /** The betting window closes this many seconds before the draw. */
    closeSeconds: integer('close_seconds').notNull(),
    /** The most draws one chase may cover. */
    maxChase: smallint('max_chase').notNull().default(30),
    enabled: boolean('enabled').notNull().default(true),
    /** Per bet type: `{ enabled, odds: { key: hundredths }, minStake, maxStake }` (a line's stake). */
    betTypes: jsonb('bet_types').notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('lottery_games_code_uq').on(t.brandId, t.code)],
);

/**
 * Each draw of a game. Its server seed is sealed under the master key and only its SHA-256 is shown until
 * it is drawn or cancelled; `mix` (the SHA-256 of its accepted lines' leaves) is fixed when it closes. Status: scheduled, open,
 * closed, drawn, settled or cancelled, each step one conditional update (docs/lottery.md).
 */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: integer('brand_id').notNull(),
    gameId: integer('game_id').notNull(),
    /** The draw's number as players read it: `20261126-0421` for fast games, `20261126` for daily ones. */
    number: text('number').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    drawsAt: timestamp('draws_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('scheduled'),
    seedCipher: text('seed_cipher').notNull(),
    seedHash: text('seed_hash').notNull(),
    /** Mark Six: the zodiac of number 1 in the draw's lunar year. */
    zodiacOfOne: smallint('zodiac_of_one'),
    mix: text('mix'),
    /** 2: the mix hashes the published leaves (lottery_draw_leaves); 1: draws closed before, by member. */
    mixScheme: smallint('mix_scheme'),
    betCount: integer('bet_count'),
    /** Shown once drawn or cancelled. */
    serverSeed: text('server_seed'),
    result: jsonb('result'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    uniqueIndex('lottery_draws_number_uq').on(t.gameId, t.number),
    index('lottery_draws_game_time_idx').on(t.gameId, t.drawsAt),
    index('lottery_draws_due_idx')
      .on(t.drawsAt)
      .where(sql`status IN ('scheduled', 'open', 'closed', 'drawn')`),
  ],
);

/**
 * A draw's accepted lines as published at its close (lottery_close): their leaves, sorted and joined by
 * newlines, exactly the text whose SHA-256 is the draw's mix. Apart from the draw's row, which every read
 * of draws takes, as a draw of 100,000 lines publishes 6.5 MB.
 */
export const lotteryDrawLeaves = pgTable('lottery_draw_leaves', {
  drawId: bigint('draw_id', { mode: 'number' }).primaryKey(),
  leaves: text('leaves').notNull(),
});

/** A chase: the same slip over a game's next draws, stopped (the rest refunded) once a draw wins. */
export const lotteryChases = pgTable(
  'lottery_chases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: integer('brand_id').notNull(),
    memberId: integer('member_id').notNull(),
    gameId: integer('game_id').notNull(),
    draws: smallint('draws').notNull(),
    stopOnWin: boolean('stop_on_win').notNull(),
    /** running, won (stopped on a win), done, or cancelled (its draws' lines refunded). */
    status: text('status').notNull().default('running'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lottery_chases_member_idx').on(t.memberId, t.id)],
);

/**
 * Every bet line: one bet type and selection on one draw, its stake moved as the vendor's round
 * `L<id>` when placed, its payout when won, its stake back when cancelled (lottery_place, lottery_settle,
 * lottery_refund).
 */
export const lotteryBets = pgTable(
  'lottery_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: integer('brand_id').notNull(),
    memberId: integer('member_id').notNull(),
    drawId: bigint('draw_id', { mode: 'number' }).notNull(),
    gameId: integer('game_id').notNull(),
    chaseId: bigint('chase_id', { mode: 'number' }),
    /** The slip's request id and the line's place on it: a retried slip is answered with its lines. */
    requestId: text('request_id').notNull(),
    line: smallint('line').notNull(),
    betType: text('bet_type').notNull(),
    selection: jsonb('selection').notNull(),
    combos: integer('combos').notNull(),
    unit: bigint('unit', { mode: 'number' }).notNull(),
    multiplier: integer('multiplier').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** The odds when placed: the line is paid at these, whatever the operator changes later. */
    odds: jsonb('odds').notNull(),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    /** placed, won, lost or refunded. */
    status: text('status').notNull().default('placed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * The line's secret salt (shown only to its member) and its leaf in the draw's published list
     * (src/lottery/verify.ts); null on lines of draws closed before leaves existed.
     */
    salt: text('salt'),
    leaf: text('leaf'),
  },
  (t) => [
    uniqueIndex('lottery_bets_request_uq').on(t.memberId, t.requestId, t.drawId, t.line),
    index('lottery_bets_draw_idx').on(t.drawId, t.status, t.id),
    index('lottery_bets_member_idx').on(t.memberId, t.id),
    index('lottery_bets_chase_idx').on(t.chaseId).where(sql`chase_id IS NOT NULL`),
  ],
);
