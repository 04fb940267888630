import { z } from 'zod';
import { brandDay, daysBetween, period } from './agents';
import { minorUnits, sectionKey } from './common';

/** The back office's dashboard covers at most this many days at once. */
export const MAX_DASHBOARD_DAYS = 366;

/** A period of the brand's calendar: a preset (today, yesterday, 7 or 30 days to today) or from and to. */
export const dashboardQuery = period
  .refine((p) => p.preset !== undefined || (p.from !== undefined && p.to !== undefined), {
    message: 'a preset, or from and to',
    path: ['preset'],
  })
  .refine((p) => p.preset !== undefined || p.from! <= p.to!, { message: 'from after to', path: ['from'] })
  .refine((p) => p.preset !== undefined || daysBetween(p.from!, p.to!) <= MAX_DASHBOARD_DAYS, {
    message: `at most ${MAX_DASHBOARD_DAYS} days`,
    path: ['to'],
  });
export type DashboardQuery = z.input<typeof dashboardQuery>;

/** Betting figures: rounds made, their stake less refunds, their payout, and GGR (stake less payout). */
const betting = {
  bets: z.number().int(),
  stake: minorUnits,
  payout: minorUnits,
  ggr: minorUnits,
};

/** A day's or a period's figures (amounts in minor units; trial accounts left out). */
export const reportFigures = z.object({
  newMembers: z.number().int(),
  firstDeposits: z.number().int(),
  firstDepositAmount: minorUnits,
  deposits: z.number().int(),
  depositAmount: minorUnits,
  withdrawals: z.number().int(),
  withdrawalAmount: minorUnits,
  ...betting,
  /** Given by the brand's bonus, rebate and adjustment accounts (less what they took back). */
  bonus: minorUnits,
  rebate: minorUnits,
  adjustment: minorUnits,
  bonuses: minorUnits,
  /** GGR less bonuses. */
  ngr: minorUnits,
  /** Members with a round (in a period: each counted once). */
  activeMembers: z.number().int(),
});
export type ReportFigures = z.infer<typeof reportFigures>;

export const reportDay = reportFigures.extend({ day: brandDay });
export type ReportDay = z.infer<typeof reportDay>;

export const reportCategory = z.object({ category: sectionKey.or(z.string()), ...betting });
export type ReportCategory = z.infer<typeof reportCategory>;

export const reportVendor = z.object({
  vendor: z.string(),
  name: z.string(),
  category: sectionKey.or(z.string()),
  ...betting,
});
export type ReportVendor = z.infer<typeof reportVendor>;

/** Members who registered in a week (Monday of the brand's calendar) and how many of them played later. */
export const reportCohort = z.object({
  week: brandDay,
  members: z.number().int(),
  /** Week 1 is the week after registration; only weeks that have begun. */
  retained: z.array(z.object({ week: z.number().int(), members: z.number().int() })),
});
export type ReportCohort = z.infer<typeof reportCohort>;

export const dashboard = z.object({
  from: brandDay,
  to: brandDay,
  timeZone: z.string(),
  currency: z.string(),
  /** When the figures were last brought up to date (ms), null before the first run. */
  updatedAt: z.number().nullable(),
  totals: reportFigures,
  days: z.array(reportDay),
  categories: z.array(reportCategory),
  vendors: z.array(reportVendor),
  cohorts: z.array(reportCohort),
});
export type Dashboard = z.infer<typeof dashboard>;
