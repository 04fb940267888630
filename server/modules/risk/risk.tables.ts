import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../accounts/accounts.tables';
import { brands } from '../brand/brand.tables';

/**
 * What the risk scan found and an operator reviews: one row per finding (a group of accounts behind one
 * address, a withdrawal after little play, a day's unusual win...). `subject` names the finding within its
 * kind, so the scan, run again, updates a row instead of raising it twice; a cleared finding opens again
 * only when it grew (more accounts in its group).
 */
export const riskFlags = pgTable(
  'risk_flags',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** The member the flag is about: for a group of accounts, its newest. */
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** src/api/contract/risk.ts: shared_address, shared_device, shared_payee, low_play, big_win. */
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    /** The other accounts of a group (ids), empty for a finding about one member. */
    others: jsonb('others').$type<number[]>().notNull().default([]),
    /** The figures behind it (amounts in minor units, the address, the day...). */
    evidence: jsonb('evidence').$type<Record<string, string | number>>().notNull().default({}),
    /** A group's size when it was last decided: it opens again only when it grows past it. */
    size: integer('size').notNull().default(1),
    /** open, cleared (nothing wrong), actioned (withdrawals held or the member locked). */
    status: text('status').notNull().default('open'),
    decision: text('decision'),
    decidedBy: integer('decided_by'),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('risk_flags_subject_uq').on(t.brandId, t.kind, t.subject),
    index('risk_flags_queue_idx').on(t.brandId, t.status, t.raisedAt),
    index('risk_flags_member_idx').on(t.memberId),
    check('risk_flags_status_ck', sql`${t.status} IN ('open', 'cleared', 'actioned')`),
  ],
);

/** Operators' notes on a flag, in the order written; never edited. */
export const riskFlagNotes = pgTable(
  'risk_flag_notes',
  {
    id: serial('id').primaryKey(),
    flagId: integer('flag_id')
      .notNull()
      .references(() => riskFlags.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id').notNull(),
    operatorName: text('operator_name').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('risk_flag_notes_flag_idx').on(t.flagId, t.id)],
);

/**
 * Members whose withdrawals wait for the risk team: a new request goes to review instead of the queue, and
 * none is paid or released while the hold stands. Lifting it deletes the row (the audit trail keeps it).
 */
export const withdrawalHolds = pgTable('withdrawal_holds', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  brandId: integer('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  flagId: integer('flag_id'),
  placedBy: integer('placed_by').notNull(),
  placedByName: text('placed_by_name').notNull(),
  placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each brand's thresholds for the scan; a brand without a row uses the defaults of risk.service.ts. */
export const riskRules = pgTable('risk_rules', {
  brandId: integer('brand_id')
    .primaryKey()
    .references(() => brands.id, { onDelete: 'cascade' }),
  /** Accounts seen on one address (registration or login, last 30 days) that make a group worth a look. */
  accountsPerAddress: integer('accounts_per_address').notNull(),
  /** Accounts on one device (the same browser on the same address) that make a group. */
  accountsPerDevice: integer('accounts_per_device').notNull(),
  /** A withdrawal after bets below this share of the deposits of the 30 days before it (percent). */
  lowPlayPercent: integer('low_play_percent').notNull(),
  /** A member's profit on one day at or above this (minor units). */
  bigWinAmount: bigint('big_win_amount', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
