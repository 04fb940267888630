import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
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
import { brands } from '../brand/brand.tables';

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
    /** Profile fields of "Minha conta" (spec 3): the birthday and nationality lock once given. */
    birthday: date('birthday', { mode: 'string' }),
    /** ISO 3166-1 alpha-2 country code (src/api/nationalities.ts). */
    nationality: text('nationality'),
    /**
     * The CPF, 11 digits (src/api/cpf.ts), one account per CPF per brand; given once (registration or the
     * withdrawal's identity step, the kyc module's), with the full name (payee_name) and birthday.
     */
    cpf: text('cpf'),
    address: text('address'),
    telegram: text('telegram'),
    zalo: text('zalo'),
    /** 'active'; 'locked' by an operator (every login refused, sessions ended); 'closed' (an ended trial). */
    status: text('status').notNull().default('active'),
    /** The member's VIP level, set by an operator in the back office (0: none). */
    vipLevel: smallint('vip_level').notNull().default(0),
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
    uniqueIndex('members_brand_cpf_uq').on(t.brandId, t.cpf).where(sql`cpf IS NOT NULL`),
    index('members_parent_idx').on(t.parentId),
    // Trial accounts (user type 4): the reports leave them out (trial_members()) and the end-of-trial job
    // finds the expired ones by age.
    index('members_trial_idx').on(t.createdAt).where(sql`user_type = 4`),
  ],
);

/**
 * The agent tree as a closure table: a row for every member and each of its uplines (and itself at depth
 * 0), kept by the trigger member_tree_maintain on members (server/db/functions/member_tree_maintain.sql)
 * whenever a member is made or moved, so a whole downline is one index range, however deep. Other modules
 * read it through the function member_subtree (server/db/functions/member_subtree.sql).
 */
export const memberTree = pgTable(
  'member_tree',
  {
    ancestorId: integer('ancestor_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** 0 the member itself, 1 a direct downline, and so on. */
    depth: smallint('depth').notNull(),
    /** When the member joined (members.created_at): new members of a team in a period. */
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.memberId] }),
    index('member_tree_member_idx').on(t.memberId, t.depth),
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
    /**
     * Why this login must change its password before anything else ('reset', 'weak', 'expired'): until it
     * does, the session may only change it or log out. Null for a full session.
     */
    mustChangePassword: text('must_change_password').$type<'reset' | 'weak' | 'expired'>(),
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

/**
 * Operators' notes on a member (the back office's member page): append-only, like the audit trail (a
 * trigger refuses updates and deletes, server/db/functions/member_notes_append_only.sql).
 */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The operator who wrote it (the back office's operators; no reference across modules). */
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_notes_member_idx').on(t.memberId, t.createdAt)],
);
