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
import { brands, type LocalizedText } from '../brand/brand.tables';

export const gameCategories = pgTable(
  'game_categories',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** Section key: LIVE, RNG, PVP, FISH, SPORTS, ESPORTS, LOTT, ELOTT, COCKFIGHT, INHOUSE. */
    code: text('code').notNull(),
    sortOrder: integer('sort_order').notNull(),
    usesGameListCenter: boolean('uses_game_list_center').notNull().default(false),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('game_categories_brand_code_uq').on(t.brandId, t.code)],
);

export const gameVendors = pgTable(
  'game_vendors',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    categoryCode: text('category_code').notNull(),
    /** The vendor code the spec calls vassalage. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** 'VASSALAGE' when the vendor opens a nested game list instead of one game. */
    isGame: text('is_game'),
    status: text('status').notNull().default('active'),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [uniqueIndex('game_vendors_brand_cat_code_uq').on(t.brandId, t.categoryCode, t.code)],
);

export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    vendorCode: text('vendor_code').notNull(),
    categoryCode: text('category_code').notNull(),
    gameCode: text('game_code').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    /** SC, VP, JP, TG, AC, BG (spec 2.8) or null. */
    classification: text('classification'),
    imageUrl: text('image_url').notNull(),
    platforms: text('platforms').array().notNull(),
    hotRank: integer('hot_rank'),
    popularRank: integer('popular_rank'),
    /** Off: nowhere on the site and not launchable. */
    active: boolean('active').notNull().default(true),
    /** 'active', 'hidden' (launchable from a link, not listed) or 'maintenance' (listed, not launchable). */
    status: text('status').notNull().default('active'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The vendor's published return to player, as it states it ("96.21"). */
    rtp: text('rtp'),
  },
  (t) => [uniqueIndex('games_brand_vendor_code_uq').on(t.brandId, t.vendorCode, t.gameCode)],
);

/** The games a member launched, newest first (GCS_recentGame); one line per game. */
export const recentGames = pgTable(
  'recent_games',
  {
    memberId: integer('member_id').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    launchedAt: timestamp('launched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.gameId] }),
    index('recent_games_member_idx').on(t.memberId, t.launchedAt),
  ],
);

/** A member's favourite games (MCSFE_*FavoriteGame*); the nodeId the site sends is the game's id. */
export const favouriteGames = pgTable(
  'favourite_games',
  {
    memberId: integer('member_id').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.gameId] })],
);

export const winnerBoard = pgTable(
  'winner_board',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    categoryCode: text('category_code').notNull(),
    vendorCode: text('vendor_code').notNull(),
    gameName: jsonb('game_name').$type<LocalizedText>().notNull(),
    account: text('account').notNull(),
    /** Minor units of the brand currency. */
    winAmount: bigint('win_amount', { mode: 'bigint' }).notNull(),
    wonAt: timestamp('won_at', { withTimezone: true }).notNull(),
    /** The vendor round the win settled, so a win is posted once. */
    roundKey: text('round_key'),
  },
  (t) => [
    index('winner_board_brand_won_idx').on(t.brandId, t.wonAt),
    uniqueIndex('winner_board_round_uq').on(t.brandId, t.vendorCode, t.roundKey),
  ],
);
