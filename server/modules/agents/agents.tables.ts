import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
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
import { members } from '../accounts/accounts.tables';

/**
 * Each member's figures per day of the brand's time zone, rolled up by the job `agents.rollup` from the
 * modules that own them (rounds from the wallet, deposits and withdrawals from payments): what team
 * reports and contract settlement add up over a downline. A day is recomputed whole, so a rerun changes
 * nothing that was right.
 */
export const memberDaily = pgTable(
  'member_daily',
  {
    brandId: integer('brand_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    rounds: integer('rounds').notNull().default(0),
    /** Minor units. Valid bets: stakes of settled rounds less their refunds. */
    stake: bigint('stake', { mode: 'number' }).notNull().default(0),
    validBet: bigint('valid_bet', { mode: 'number' }).notNull().default(0),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    /** The member's profit on settled rounds: payout less valid bets (a loss is negative). */
    profit: bigint('profit', { mode: 'number' }).notNull().default(0),
    deposits: bigint('deposits', { mode: 'number' }).notNull().default(0),
    depositCount: integer('deposit_count').notNull().default(0),
    withdrawals: bigint('withdrawals', { mode: 'number' }).notNull().default(0),
    withdrawalCount: integer('withdrawal_count').notNull().default(0),
    /**
     * The day's rounds still waiting for their result when the row was written: the minute's roll-up
     * computes these member-days again until none is left, however long ago the rounds were made.
     */
    openRounds: integer('open_rounds').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.day] }),
    index('member_daily_brand_day_idx').on(t.brandId, t.day),
    index('member_daily_open_idx').on(t.brandId, t.day).where(sql`open_rounds > 0`),
  ],
);

/**
 * Which days of a month each member had a round (member_daily rows with rounds > 0), one row per member and
 * month: bit d - 1 of `days` is day d of the brand's calendar. Kept by the roll-up in the transaction that
 * writes member_daily, so a period's distinct players read members x months rows instead of every
 * member-day (the back office's active members over a period, retention by registration week). A month
 * without a round has no row.
 */
export const memberActiveMonths = pgTable(
  'member_active_months',
  {
    brandId: integer('brand_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.month] }),
    index('member_active_months_brand_month_idx').on(t.brandId, t.month),
  ],
);

/** When each brand's figures were last brought up to date (the team pages show it). */
export const agentRollups = pgTable('agent_rollups', {
  brandId: integer('brand_id').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
});

/**
 * Contracts between an agent (the upline, who pays; or the house, for a top agent) and a member of its
 * direct downline (who is paid):
 * their terms as offered and their lifecycle (src/agents/contract-lifecycle.ts). One offer waiting and one
 * contract in force per member and kind.
 */
export const agentContracts = pgTable(
  'agent_contracts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id').notNull(),
    kind: text('kind').notNull(),
    /** The agent who pays; null when the house pays (a top agent's contract, from the back office). */
    uplineId: integer('upline_id').references(() => members.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    terms: jsonb('terms').notNull(),
    /** The highest tier's rate, basis points: what the member may pass on at most. */
    rateBp: integer('rate_bp').notNull(),
    status: text('status').notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** terminated_by_member, terminated_by_agreement, replaced, upline_rate, withdrawn, rejected. */
    endedReason: text('ended_reason'),
  },
  (t) => [
    uniqueIndex('agent_contracts_offer_uq').on(t.memberId, t.kind).where(sql`status = 'offered'`),
    uniqueIndex('agent_contracts_in_force_uq')
      .on(t.memberId, t.kind)
      .where(sql`status IN ('active', 'termination_requested')`),
    index('agent_contracts_upline_idx').on(t.uplineId, t.id),
    index('agent_contracts_member_idx').on(t.memberId, t.id),
  ],
);

/**
 * The brand's contract templates (the back office): named terms the house offers its top agents, and the
 * default one per kind that agents' offer forms start from.
 */
export const contractTemplates = pgTable(
  'contract_templates',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    terms: jsonb('terms').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contract_templates_name_uq').on(t.brandId, t.name),
    uniqueIndex('contract_templates_default_uq').on(t.brandId, t.kind).where(sql`is_default`),
  ],
);

/**
 * The contracts an agent's invitation carries (registerCenter): whoever joins with its code or link, or
 * is opened an account by it, is offered these at once. One per kind.
 */
export const agentInvitationTerms = pgTable(
  'agent_invitation_terms',
  {
    agentId: integer('agent_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    terms: jsonb('terms').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.kind] })],
);

/**
 * What a contract paid for one period: its inputs (the team's figures, the tier reached, the base and the
 * carry-over), the amount, and whether the money moved. One bill per contract and period: a rerun finds
 * it and pays nothing twice. A bill its payer could not cover stays `unpaid` and is tried again.
 */
export const agentBills = pgTable(
  'agent_bills',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id').notNull(),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => agentContracts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** `2026-11-24` (a day), `2026-11-24T13` (an hour), `2026-11-24T13:05` (5 minutes), `2026-W48`, `2026-11-H2`, `2026-11`. */
    periodKey: text('period_key').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** Null when the house pays (from its commission account). */
    payerId: integer('payer_id'),
    payeeId: integer('payee_id').notNull(),
    inputs: jsonb('inputs').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Dividends: the team's net winnings not yet offset by later losses, carried into the next period. */
    carryOut: bigint('carry_out', { mode: 'number' }).notNull().default(0),
    /** 'paid', 'unpaid' (its payer could not cover it; tried again), or 'nothing' (nothing was due). */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agent_bills_period_uq').on(t.contractId, t.periodKey),
    index('agent_bills_payee_idx').on(t.payeeId, t.id),
    index('agent_bills_payer_idx').on(t.payerId, t.id),
    index('agent_bills_unpaid_idx').on(t.brandId, t.status),
  ],
);
