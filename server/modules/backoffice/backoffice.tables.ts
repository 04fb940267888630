import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { brands } from '../brand/brand.tables';

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
  /** A built-in role (admin, finance, support, content, risk) or the code of a custom role of its brand. */
  role: text('role').notNull(),
  status: text('status').notNull().default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

/**
 * A brand's own roles beside the built-in ones: a name and the permissions it grants (one per kind of
 * action, src/api/contract/permissions.ts). Its code is what an operator's `role` holds.
 */
export const operatorRoles = pgTable(
  'operator_roles',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    permissions: text('permissions').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('operator_roles_brand_code_uq').on(t.brandId, t.code)],
);

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

/**
 * A money action waiting for a second operator (four eyes): a manual credit, a settlement run again, or
 * any other money action at or above the brand's threshold. What to do is kept as it was asked; it runs
 * only when another operator with 'money.approve' approves, in the transaction that marks it approved.
 */
export const moneyApprovals = pgTable(
  'money_approvals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    /**
     * 'adjust' (a manual credit or debit), 'withdrawal' (paying one), 'deposit' (confirming one),
     * 'settlement' (agents' contracts of one period settled again, whatever they come to).
     */
    kind: text('kind', { enum: ['adjust', 'withdrawal', 'deposit', 'settlement'] }).notNull(),
    /** The member's username (adjust), the withdrawal's or deposit's reference, or `kind:period` (settlement). */
    target: text('target').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The action's own fields as the first operator sent them (category, reason...). */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => operators.id),
    /** The first operator's page id for the request: sent again, it finds this row. */
    requestId: text('request_id').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /** What the action answered when it ran (the balance after a credit...). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('money_approvals_request_uq').on(t.requestedBy, t.requestId),
    // One request waiting per withdrawal or deposit: a second operator asking again finds it.
    uniqueIndex('money_approvals_pending_uq')
      .on(t.brandId, t.kind, t.target)
      .where(sql`status = 'pending' and kind <> 'adjust'`),
    index('money_approvals_status_idx').on(t.brandId, t.status, t.createdAt),
    // The second line behind the service's check: nobody approves their own request.
    check('money_approvals_four_eyes', sql`decided_by is null or decided_by <> requested_by`),
  ],
);

/** A brand's four-eyes threshold, in minor units (no row: the default of money-approvals.service.ts). */
export const approvalThresholds = pgTable('approval_thresholds', {
  brandId: integer('brand_id')
    .primaryKey()
    .references(() => brands.id, { onDelete: 'cascade' }),
  threshold: bigint('threshold', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
