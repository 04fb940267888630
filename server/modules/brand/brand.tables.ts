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
  /** IANA time zone of the brand's days: reports' days and contracts' pay periods begin at its midnight. */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** 0 normal, 1 maintenance (set by the operator); 2 is never stored, it comes from region rules. */
  systemStatus: smallint('system_status').notNull().default(0),
  maintenanceMessage: jsonb('maintenance_message').$type<LocalizedText>(),
  /**
   * A scheduled maintenance window: the site is in maintenance from its start (inclusive) to its end
   * (exclusive) by the server's clock, whatever `system_status` says; both set or neither.
   */
  maintenanceStartsAt: timestamp('maintenance_starts_at', { withTimezone: true }),
  maintenanceEndsAt: timestamp('maintenance_ends_at', { withTimezone: true }),
  mainDomain: text('main_domain').notNull(),
  analyticsId: text('analytics_id'),
  isDefault: boolean('is_default').notNull().default(false),
  /** argon2id hash of the brand's weak default password: a member still using it must change it. */
  weakPasswordHash: text('weak_password_hash'),
  /** Days before a password expires (forced change when PWDEXPFORCECHANGE3 is on); null never. */
  passwordMaxAgeDays: integer('password_max_age_days').default(90),
  /** A password login from an address the member never used needs a code by SMS or email first. */
  newAddressCheck: boolean('new_address_check').notNull().default(true),
  /** Spec 'isSingle': games play from the main wallet (seamless); false, each vendor has its own wallet. */
  singleWallet: boolean('single_wallet').notNull().default(true),
  /**
   * Rebate on valid bets per game category, in basis points (spec 9: LOTT 1 %, ELOTT 1 %, PVP none,
   * FISH 1 %, RNG 1.2 %, LIVE 0.8 %, SPORTS 1 %, ESPORTS 1 %); a category not named earns none. The
   * in-house games (INHOUSE) earn 0.1 %: a tenth of their usual 1 % edge, so rebate never makes them pay.
   */
  rebateRates: jsonb('rebate_rates').$type<Record<string, number>>().notNull().default({
    LOTT: 100,
    ELOTT: 100,
    PVP: 0,
    FISH: 100,
    RNG: 120,
    LIVE: 80,
    SPORTS: 100,
    ESPORTS: 100,
    INHOUSE: 10,
  }),
  /** Withdrawal rules: limits per request in minor units, requests per day, minutes before receipt counts. */
  withdrawMin: bigint('withdraw_min', { mode: 'number' }).notNull().default(5_000),
  withdrawMax: bigint('withdraw_max', { mode: 'number' }).notNull().default(5_000_000),
  withdrawDailyCount: integer('withdraw_daily_count').notNull().default(3),
  withdrawConfirmMinutes: integer('withdraw_confirm_minutes').notNull().default(1_440),
  /**
   * The largest single movement of money the brand accepts (a bet, a win, an adjustment), in minor units;
   * never above the installation's hard limit (src/api/contract/common.ts: MAX_AMOUNT).
   */
  maxAmount: bigint('max_amount', { mode: 'number' }).notNull().default(10_000_000_000),
  /**
   * When the member's full name, date of birth and CPF are asked (src/api/contract/kyc.ts): in the
   * registration form, or on the withdrawal page before the first withdrawal.
   */
  kycAt: text('kyc_at', { enum: ['registration', 'withdrawal', 'off'] })
    .notNull()
    .default('withdrawal'),
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
