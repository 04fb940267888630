import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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

/** Text in every language a brand supports, keyed by language code ('pt', 'en'). */
export type LocalizedText = Record<string, string>;

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  merchantCode: text('merchant_code').notNull().unique(),
  siteName: text('site_name').notNull(),
  platform: text('platform').notNull().default('WEB'),
  lotteryType: text('lottery_type').notNull().default('SEA'),
  defaultLanguage: text('default_language').notNull().default('pt'),
  supportedLanguages: text('supported_languages').array().notNull().default(sql`ARRAY['pt','en']::text[]`),
  currency: text('currency').notNull(),
  /** 0 normal, 1 maintenance (set by the operator); 2 is never stored, it comes from region rules. */
  systemStatus: smallint('system_status').notNull().default(0),
  maintenanceMessage: jsonb('maintenance_message').$type<LocalizedText>(),
  mainDomain: text('main_domain').notNull(),
  analyticsId: text('analytics_id'),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const brandDomains = pgTable(
  'brand_domains',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
    /** What the domain is for: 'main', 'mobile', 'agent' or 'backup'. */
    route: text('route').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('brand_domains_host_uq').on(t.host)],
);

export const siteOptions = pgTable(
  'site_options',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.code] })],
);

export const regionRules = pgTable(
  'region_rules',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** 'ip', 'cidr' or 'country' (ISO 3166 alpha-2, needs GEOIP_DB). */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    note: text('note'),
  },
  (t) => [index('region_rules_brand_idx').on(t.brandId)],
);

export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    groupName: text('group_name').notNull(),
    imageUrl: text('image_url').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    subtitle: jsonb('subtitle').$type<LocalizedText>(),
    /** When set, the banner shows 'See more': 'route' (in-site path), 'url' (external) or 'promotion'. */
    linkageType: text('linkage_type'),
    linkageTarget: text('linkage_target'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [index('banners_brand_group_idx').on(t.brandId, t.groupName)],
);

export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** 'notice' (marquee), 'popup' or 'promotion'. */
    kind: text('kind').notNull(),
    /** Popups only: A logged-in, B guests, F first login. */
    execution: text('execution'),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    content: jsonb('content').$type<LocalizedText>().notNull(),
    promotionType: text('promotion_type'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [index('announcements_brand_kind_idx').on(t.brandId, t.kind)],
);

export const announcementImages = pgTable(
  'announcement_images',
  {
    id: serial('id').primaryKey(),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    url: text('url').notNull(),
  },
  (t) => [uniqueIndex('announcement_images_seq_uq').on(t.announcementId, t.sequence)],
);

export const customerService = pgTable('customer_service', {
  id: serial('id').primaryKey(),
  brandId: integer('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' }),
  csType: text('cs_type').notNull(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  url: text('url').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const siteResources = pgTable('site_resources', {
  id: serial('id').primaryKey(),
  brandId: integer('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' }),
  resourceType: text('resource_type').notNull(),
  label: jsonb('label').$type<LocalizedText>().notNull(),
  url: text('url').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

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
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('games_brand_vendor_code_uq').on(t.brandId, t.vendorCode, t.gameCode)],
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
  },
  (t) => [index('winner_board_brand_won_idx').on(t.brandId, t.wonAt)],
);

export const helpArticles = pgTable(
  'help_articles',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    device: text('device').notNull().default('WEB'),
    section: text('section').notNull(),
    sectionTitle: text('section_title').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('help_articles_brand_lang_idx').on(t.brandId, t.language, t.device)],
);

export const liveModels = pgTable('live_models', {
  id: serial('id').primaryKey(),
  brandId: integer('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' }),
  nickname: text('nickname').notNull(),
  avatarUrl: text('avatar_url').notNull(),
  roomCode: text('room_code').notNull(),
  online: boolean('online').notNull().default(false),
  viewers: integer('viewers').notNull().default(0),
  tags: text('tags').array().notNull().default(sql`ARRAY[]::text[]`),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Records that the demo seed ran, so a restart never seeds twice. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
