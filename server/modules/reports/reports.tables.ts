import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The brand's figures per day of its time zone, written by the job `reports.refresh` from the modules that
 * own them (rounds from the wallet, deposits and withdrawals from the agents' member_daily, first deposits
 * from payments, bonuses from the ledger, registrations from accounts). Trial accounts are left out. A day
 * is written whole, so a rerun changes nothing that was right; the dashboard only reads these rows.
 */
export const reportDays = pgTable(
  'report_days',
  {
    brandId: integer('brand_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    newMembers: integer('new_members').notNull().default(0),
    firstDeposits: integer('first_deposits').notNull().default(0),
    /** Minor units, as every amount below. */
    firstDepositAmount: bigint('first_deposit_amount', { mode: 'number' }).notNull().default(0),
    deposits: integer('deposits').notNull().default(0),
    depositAmount: bigint('deposit_amount', { mode: 'number' }).notNull().default(0),
    withdrawals: integer('withdrawals').notNull().default(0),
    withdrawalAmount: bigint('withdrawal_amount', { mode: 'number' }).notNull().default(0),
    /** Rounds made that day, their stake less refunds, and what they paid. */
    bets: integer('bets').notNull().default(0),
    stake: bigint('stake', { mode: 'number' }).notNull().default(0),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    /** Money the brand's bonus, rebate and adjustment accounts gave members (less what they took back). */
    bonus: bigint('bonus', { mode: 'number' }).notNull().default(0),
    rebate: bigint('rebate', { mode: 'number' }).notNull().default(0),
    adjustment: bigint('adjustment', { mode: 'number' }).notNull().default(0),
    /** Members with a round that day. */
    activeMembers: integer('active_members').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.day] })],
);

/** The day's rounds per game vendor (and the vendor's category when it was counted). */
export const reportVendorDays = pgTable(
  'report_vendor_days',
  {
    brandId: integer('brand_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    vendorCode: text('vendor_code').notNull(),
    category: text('category').notNull(),
    bets: integer('bets').notNull().default(0),
    stake: bigint('stake', { mode: 'number' }).notNull().default(0),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    /** Members with a round of this vendor that day. */
    activeMembers: integer('active_members').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.day, t.vendorCode] })],
);

/**
 * Retention: of the members who registered in `cohort_week` (a Monday of the brand's calendar), how many
 * played in `week`. Written whole per week.
 */
export const reportCohortWeeks = pgTable(
  'report_cohort_weeks',
  {
    brandId: integer('brand_id').notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    cohortWeek: date('cohort_week', { mode: 'string' }).notNull(),
    members: integer('members').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.week, t.cohortWeek] }),
    index('report_cohort_weeks_cohort_idx').on(t.brandId, t.cohortWeek),
  ],
);

/** When each brand's figures were last written (the dashboard shows it). */
export const reportRuns = pgTable('report_runs', {
  brandId: integer('brand_id').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
});
