import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  inet,
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
  /** argon2id hash of the brand's weak default password: a member still using it must change it. */
  weakPasswordHash: text('weak_password_hash'),
  /** Days before a password expires (forced change when PWDEXPFORCECHANGE3 is on); null never. */
  passwordMaxAgeDays: integer('password_max_age_days').default(90),
  /** A password login from an address the member never used needs a code by SMS or email first. */
  newAddressCheck: boolean('new_address_check').notNull().default(true),
  /** Spec 'isSingle': games play from the main wallet (seamless); false, each vendor has its own wallet. */
  singleWallet: boolean('single_wallet').notNull().default(true),
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

/** Secrets this installation generates for itself on first start (human-check HMAC keys and such). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Registration form rules per brand and field (spec 3): shown, required, length and pattern. */
export const registerFieldRules = pgTable(
  'register_field_rules',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    enabled: boolean('enabled').notNull(),
    required: boolean('required').notNull(),
    minLength: integer('min_length').notNull(),
    maxLength: integer('max_length').notNull(),
    patternId: integer('pattern_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.field] })],
);

export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** Lower-cased; unique per brand. */
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    /** 0 member; 1, 2, 41, 42 agents; 4 trial (spec 3). */
    userType: smallint('user_type').notNull().default(0),
    parentId: integer('parent_id'),
    /** Agents' invitation code for their downline. */
    affiliateCode: text('affiliate_code'),
    nickname: text('nickname'),
    payeeName: text('payee_name'),
    email: text('email'),
    mobile: text('mobile'),
    countryDialingCode: text('country_dialing_code'),
    icon: smallint('icon').notNull().default(1),
    language: text('language'),
    /** Other contact fields of the registration form (qq, line, whatsapp, facebook, wechat, idNumber). */
    contacts: jsonb('contacts').$type<Record<string, string>>().notNull().default({}),
    status: text('status').notNull().default('active'),
    /** Two-step verification (TOTP): the active secret, one being set up, and the last time step used. */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Set when a password was reset by email: the member must choose a new one at the next login. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** argon2id of the six-digit password that authorises withdrawals. */
    paymentPasswordHash: text('payment_password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    firstLoginAt: timestamp('first_login_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: inet('last_login_ip'),
    registerIp: inet('register_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_brand_username_uq').on(t.brandId, t.username),
    uniqueIndex('members_brand_affiliate_uq').on(t.brandId, t.affiliateCode),
    index('members_parent_idx').on(t.parentId),
  ],
);

export const memberSessions = pgTable(
  'member_sessions',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    loginType: text('login_type').notNull(),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('member_sessions_token_uq').on(t.tokenHash),
    index('member_sessions_member_idx').on(t.memberId),
  ],
);

/** Failed logins, counted per account and per address to decide when a captcha is required. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id').notNull(),
    username: text('username').notNull(),
    ip: inet('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_user_idx').on(t.brandId, t.username, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Image captchas: the answer is stored hashed, expires, and can be used once. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Human-check (proof-of-work) challenges already redeemed, so a solution works once. */
export const humanChecksUsed = pgTable('human_checks_used', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Messages the default SMS and email providers "send": kept here so flows work anywhere and tests can read them. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    /**
     * The text, sealed with the installation's master key, kept only in demo mode (the outbox view) and
     * only until `expires_at`; null otherwise. `body_hash` stays, so a delivery can be proven later.
     */
    body: text('body'),
    bodyHash: text('body_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_recipient_idx').on(t.recipient, t.createdAt),
    index('outbox_expires_idx').on(t.expiresAt).where(sql`body IS NOT NULL`),
  ],
);

/** One-time SMS codes: stored hashed, short-lived, with a limited number of tries. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id').notNull(),
    /** 'login', 'register' or 'reset'. */
    purpose: text('purpose').notNull(),
    /**
     * Where the code went: for SMS the dialing code and national number, digits only ("5511987654321");
     * for email the lower-cased address.
     */
    phone: text('phone').notNull(),
    /** 'sms' or 'email'. */
    channel: text('channel').notNull().default('sms'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: inet('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.brandId, t.phone, t.purpose, t.createdAt)],
);

/** "Remember me" credentials: one day, revocable, kept by the browser only in an http-only cookie. */
export const rememberTokens = pgTable(
  'remember_tokens',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('remember_tokens_hash_uq').on(t.tokenHash),
    index('remember_tokens_member_idx').on(t.memberId),
  ],
);

/** Addresses a member has logged in from, after proving it was them; a login from any other is checked. */
export const memberAddresses = pgTable(
  'member_addresses',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    ip: inet('ip').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.ip] })],
);

/** Codes that confirm a login from a new address, sent to the member's mobile or email. */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** 'sms' or 'email'. */
    channel: text('channel').notNull(),
    /** The address being confirmed: a code works only for the login it was sent for. */
    ip: inet('ip').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_codes_member_idx').on(t.memberId, t.createdAt)],
);

/**
 * Ledger accounts (see docs/money.md). A member's wallets keep a stored balance that changes only with a
 * posting, never below `floor`, and a version that counts their postings. House accounts (`floor` null)
 * are never updated on the hot path: their balance is the sum of their postings.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    /** null for the brand's own accounts. */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'restrict' }),
    /** 'main', 'vendor:<CODE>', 'hold' for members; 'house', 'clearing', 'bonus', 'commission' for the brand. */
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    /** Stored balances only: house accounts keep 0 here and are summed from their postings. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /** The lowest the stored balance may go; null marks a derived (house) account. */
    floor: bigint('floor', { mode: 'number' }),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_uq')
      .on(t.brandId, t.memberId, t.kind)
      .where(sql`member_id IS NOT NULL`),
    uniqueIndex('ledger_accounts_house_uq').on(t.brandId, t.kind).where(sql`member_id IS NULL`),
    // The last line of defence: whatever the code does, a stored balance never goes below its floor.
    check('ledger_accounts_floor_ck', sql`floor IS NULL OR balance >= floor`),
    // Far below 2^53, so every balance stays exact in JavaScript (MAX_BALANCE in src/api/contract/common.ts).
    check('ledger_accounts_bound_ck', sql`balance BETWEEN -100000000000000 AND 100000000000000`),
  ],
);

/** One movement of money: two or more postings that sum to zero, applied once per idempotency key. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** 'bet', 'win', 'rollback', 'deposit', 'withdrawal', 'transfer', 'adjustment', 'void' ... */
    kind: text('kind').notNull(),
    /** A fingerprint of the request: a replay must ask for exactly the same movement. */
    requestHash: text('request_hash').notNull(),
    /** What the movement answered (balances after it), returned as it was to any replay. */
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    /** A reversal names the movement it gives back; each movement is given back at most once. */
    reversesId: bigint('reverses_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_key_uq').on(t.brandId, t.idempotencyKey),
    uniqueIndex('ledger_transactions_reverses_uq').on(t.reversesId).where(sql`reverses_id IS NOT NULL`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign keys on the hot append-only table (migration 0017): only the ledger's functions write
    // here, after finding both rows; deletes are refused; `npm run ledger:check` verifies every posting.
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** For stored balances: the balance and version right after this posting (the account's chain). */
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    version: bigint('version', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    // Only stored balances have a chain; a derived account's postings carry no version.
    uniqueIndex('ledger_entries_chain_uq').on(t.accountId, t.version).where(sql`version IS NOT NULL`),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    // The hard limit of one posting (MAX_AMOUNT in src/api/contract/common.ts).
    check('ledger_entries_amount_ck', sql`amount BETWEEN -1000000000000 AND 1000000000000`),
  ],
);

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('launch_tokens_member_idx').on(t.memberId)],
);

/** Game rounds a vendor opened with a bet: a win must name one of them. */
export const vendorRounds = pgTable(
  'vendor_rounds',
  {
    brandId: integer('brand_id').notNull(),
    vendorCode: text('vendor_code').notNull(),
    roundId: text('round_id').notNull(),
    memberId: integer('member_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.vendorCode, t.roundId] })],
);

/** How members of a brand can pay in: a bank transfer the operator confirms, or an online gateway. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** 'bank_transfer' or 'gateway'. */
    kind: text('kind').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    /** Limits per deposit, in minor units. */
    minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
    /** Bank details shown to the member (bank, holder, account, PIX key...), or the gateway's name. */
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    /** A gateway's notification secret, encrypted like vendor secrets. */
    secretCipher: text('secret_cipher'),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('payment_methods_brand_code_uq').on(t.brandId, t.code)],
);

/** A member's deposit from request to credit (see src/api/contract/payments.ts for its lifecycle). */
export const deposits = pgTable(
  'deposits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    methodCode: text('method_code').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    /** What the member quotes on a bank transfer, and the public id of the deposit. */
    reference: text('reference').notNull(),
    /** The page's own id for the request, so a retried submit makes one deposit. */
    requestId: text('request_id').notNull(),
    gatewayReference: text('gateway_reference'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    reason: text('reason'),
    decidedBy: integer('decided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deposits_reference_uq').on(t.brandId, t.reference),
    uniqueIndex('deposits_request_uq').on(t.memberId, t.requestId),
    index('deposits_member_idx').on(t.memberId, t.createdAt),
    index('deposits_status_idx').on(t.brandId, t.status, t.createdAt),
  ],
);

/** Where a member's withdrawals are paid. */
export const memberBankAccounts = pgTable(
  'member_bank_accounts',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('member_bank_accounts_member_idx').on(t.memberId)],
);

/** A member's withdrawal: money held at request, paid or released by the operator, then confirmed. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    reference: text('reference').notNull(),
    requestId: text('request_id').notNull(),
    /** The bank account as it was when the member asked (it may be removed later). */
    bank: jsonb('bank').$type<Record<string, string>>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    /** How the member answered after payment: received, not_received, all_received, or auto. */
    confirmation: text('confirmation'),
    proof: text('proof'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawals_reference_uq').on(t.brandId, t.reference),
    uniqueIndex('withdrawals_request_uq').on(t.memberId, t.requestId),
    index('withdrawals_member_idx').on(t.memberId, t.createdAt),
    index('withdrawals_status_idx').on(t.brandId, t.status, t.createdAt),
  ],
);

/** Back-office users: apart from members, with their own passwords, two-step codes and roles. */
export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  /** null: every brand of the installation. */
  brandId: integer('brand_id').references(() => brands.id),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  totpSecret: text('totp_secret'),
  /** A secret being set up: active once a code from the app proves it. */
  totpPendingSecret: text('totp_pending_secret'),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** 'admin', 'finance' or 'support'. */
  role: text('role').notNull(),
  status: text('status').notNull().default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

export const operatorSessions = pgTable('operator_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id, { onDelete: 'cascade' }),
  ip: inet('ip'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every operator action, append-only (a trigger refuses updates and deletes). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer('operator_id'),
    brandId: integer('brand_id'),
    action: text('action').notNull(),
    target: text('target'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: inet('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Pictures a member attaches when a paid withdrawal did not arrive (spec 9: png or jpg, 5 MB, 3 at most). */
export const withdrawalProofs = pgTable(
  'withdrawal_proofs',
  {
    id: serial('id').primaryKey(),
    withdrawalId: bigint('withdrawal_id', { mode: 'number' })
      .notNull()
      .references(() => withdrawals.id),
    mime: text('mime').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('withdrawal_proofs_withdrawal_idx').on(t.withdrawalId)],
);

/**
 * Attempts counted atomically per subject (an account's logins, its two-step codes, its payment password,
 * an operator's logins, a brand's SMS sends): each attempt takes its number in one statement before it is
 * checked, so a burst cannot slip past a limit. The count restarts when its window has passed.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    attempts: integer('attempts').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.subject] })],
);

/**
 * Single-use codes that hand a logged-in session to another browser or app (`?handoff=` in a link):
 * short-lived, stored hashed, exchanged by a POST, never a session token in an address.
 */
export const sessionHandoffs = pgTable('session_handoffs', {
  codeHash: text('code_hash').primaryKey(),
  brandId: integer('brand_id').notNull(),
  memberId: integer('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
