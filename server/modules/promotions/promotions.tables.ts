import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PromotionRule } from '../../../src/api/contract/promotions';
import { members } from '../accounts/accounts.tables';
import { brands } from '../brand/brand.tables';
import { announcements } from '../content/content.tables';

/**
 * A promotion's mechanics (docs/promotions.md): the content module keeps its texts, picture and schedule
 * (a promotion announcement), this its rule and what it has given. `reserved` grows with every reward
 * earned, in the same statement that checks it against `budget`, so the budget is never passed.
 */
export const promotionRules = pgTable(
  'promotion_rules',
  {
    promotionId: integer('promotion_id')
      .primaryKey()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    rule: jsonb('rule').$type<PromotionRule>().notNull(),
    budget: bigint('budget', { mode: 'number' }),
    reserved: bigint('reserved', { mode: 'number' }).notNull().default(0),
    /** The back office's request that last set the rule: a retry of it changes nothing and audits nothing. */
    requestId: text('request_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promotion_rules_brand_idx').on(t.brandId),
    check('promotion_rules_budget_ck', sql`budget IS NULL OR reserved <= budget`),
  ],
);

/**
 * One member's part in one promotion, along its lifecycle (src/promotions/lifecycle.ts): at most one per
 * member and promotion, so joining twice or earning twice is refused by the database too.
 */
export const promotionEntries = pgTable(
  'promotion_entries',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id').notNull(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotionRules.promotionId, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** The reward earned (minor units), once earned. */
    amount: bigint('amount', { mode: 'number' }),
    /** The deposit that earned it, for a deposit promotion. */
    depositId: bigint('deposit_id', { mode: 'number' }),
    depositAmount: bigint('deposit_amount', { mode: 'number' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    earnedAt: timestamp('earned_at', { withTimezone: true }),
    claimBy: timestamp('claim_by', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** An application's remark (at most 140 characters), and the operator's decision on it. */
    remark: text('remark'),
    decidedBy: integer('decided_by'),
    decisionNote: text('decision_note'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotion_entries_member_uq').on(t.promotionId, t.memberId),
    index('promotion_entries_member_idx').on(t.memberId, t.status),
    index('promotion_entries_claimable_idx').on(t.claimBy).where(sql`status = 'claimable'`),
  ],
);

/**
 * Bonus money given by a promotion, held in the member's `bonus` wallet until its wagering requirement is
 * met (then released to cash, once), forfeited by the member, or expired. At most one active per member:
 * the bets after its grant count toward it, and no bet counts twice.
 */
export const bonuses = pgTable(
  'bonuses',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id').references(() => promotionEntries.id, { onDelete: 'set null' }),
    promotionId: integer('promotion_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    requirement: bigint('requirement', { mode: 'number' }).notNull(),
    weights: jsonb('weights').$type<Record<string, number>>().notNull(),
    minSportsOdds: integer('min_sports_odds').notNull(),
    maxStake: bigint('max_stake', { mode: 'number' }),
    /** 'active', then 'completed' (released to cash), 'forfeited' or 'expired'. */
    status: text('status').notNull().default('active'),
    /** The weighted wagering counted at the last look (the page counts afresh). */
    counted: bigint('counted', { mode: 'number' }).notNull().default(0),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** What moved when it closed: to cash on completion, back to the house on forfeit or expiry. */
    released: bigint('released', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('bonuses_one_active_uq').on(t.memberId).where(sql`status = 'active'`),
    index('bonuses_member_idx').on(t.memberId, t.id),
    index('bonuses_active_idx').on(t.brandId, t.expiresAt).where(sql`status = 'active'`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** The pictures of an application (png or jpg, 5 MB each, 3 at most), read only by the back office. */
export const promotionApplicationImages = pgTable(
  'promotion_application_images',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => promotionEntries.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    mime: text('mime').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promotion_application_images_seq_uq').on(t.entryId, t.sequence)],
);
