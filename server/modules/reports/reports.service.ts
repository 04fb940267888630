import { LOTTERY_VENDORS } from '../../../src/api/contract/lottery';
import type {
  Dashboard,
  DashboardQuery,
  ReportCategory,
  ReportCohort,
  ReportDay,
  ReportFigures,
  ReportVendor,
} from '../../../src/api/contract/reports';
import { addDays, dayIn, daysFrom, nextDay, startOfDay } from '../../lib/brand-days';
import { resolvePeriod } from '../agents/agents.service';
import type { OperatorContext } from '../backoffice/backoffice.service';
import type { Brand } from '../brand/brand.service';
import type { HouseKind } from '../ledger/ledger';
import type { DayRow, ReportsRepository, VendorDayRow } from './reports.repository';

type ReportBrand = Brand;

/** What the reports ask of the modules that own the figures (server/app.ts passes them in). */
export interface ReportsPorts {
  /** The wallet: rounds per vendor and day made in [from, to), trial accounts left out. */
  vendorDays(
    brandId: number,
    from: Date,
    to: Date,
    timeZone: string,
  ): Promise<
    Array<{ day: string; vendor: string; bets: number; stake: number; payout: number; members: number }>
  >;
  /** The agents' member_daily, added up per day: deposits, withdrawals, members with a round. */
  memberDays(
    brandId: number,
    fromDay: string,
    toDay: string,
  ): Promise<
    Array<{
      day: string;
      deposits: number;
      depositCount: number;
      withdrawals: number;
      withdrawalCount: number;
      activeMembers: number;
    }>
  >;
  /** Recomputes the agents' member-days of these days (a rebuild on demand reads them fresh). */
  rollUpMemberDays(brand: ReportBrand, days: string[]): Promise<void>;
  /** Payments: members' first credited deposits per day. */
  firstDeposits(
    brandId: number,
    from: Date,
    to: Date,
    timeZone: string,
  ): Promise<Array<{ day: string; count: number; amount: number }>>;
  /** The ledger: what the brand's accounts of these kinds gave out per day. */
  houseOutflows(
    brandId: number,
    kinds: HouseKind[],
    from: Date,
    to: Date,
    timeZone: string,
  ): Promise<Array<{ day: string; kind: string; amount: number }>>;
  /** The agents' member_daily: members with a round over the days, each counted once. */
  activeMembers(brandId: number, fromDay: string, toDay: string): Promise<number>;
  activeMemberIds(brandId: number, fromDay: string, toDay: string): Promise<number[]>;
  /** The games catalogue: each vendor's name and categories. */
  vendors(brandId: number): Promise<Array<{ vendor: string; name: string; categories: string[] }>>;
}

/** The house accounts whose payments to members are bonuses (promotions will add theirs). */
const BONUS_ACCOUNTS: HouseKind[] = ['bonus', 'rebate', 'adjustment'];

/** How many registration weeks the retention table shows, and how many later weeks of each. */
const COHORTS = 8;

const emptyDay = (day: string): DayRow => ({
  day,
  newMembers: 0,
  firstDeposits: 0,
  firstDepositAmount: 0,
  deposits: 0,
  depositAmount: 0,
  withdrawals: 0,
  withdrawalAmount: 0,
  bets: 0,
  stake: 0,
  payout: 0,
  bonus: 0,
  rebate: 0,
  adjustment: 0,
  activeMembers: 0,
});

/** A stored day with what is derived from it: GGR, bonuses, NGR. */
function figures(row: Omit<DayRow, 'day'>): ReportFigures {
  const ggr = row.stake - row.payout;
  const bonuses = row.bonus + row.rebate + row.adjustment;
  return {
    newMembers: row.newMembers,
    firstDeposits: row.firstDeposits,
    firstDepositAmount: row.firstDepositAmount,
    deposits: row.deposits,
    depositAmount: row.depositAmount,
    withdrawals: row.withdrawals,
    withdrawalAmount: row.withdrawalAmount,
    bets: row.bets,
    stake: row.stake,
    payout: row.payout,
    ggr,
    bonus: row.bonus,
    rebate: row.rebate,
    adjustment: row.adjustment,
    bonuses,
    ngr: ggr - bonuses,
    activeMembers: row.activeMembers,
  };
}

/** The Monday of the week `day` falls in (weeks of the brand's calendar begin on Monday). */
export function weekOf(day: string) {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const inHouseCategory = (vendor: string) =>
  vendor === 'BGS' ? 'INHOUSE' : (LOTTERY_VENDORS as readonly string[]).includes(vendor) ? 'LOTT' : 'OTHER';

/**
 * The back office's reports (issue 27 item 7): figures per brand and day kept by jobs from the modules
 * that own them, and the dashboard that reads only those.
 */
export class ReportsService {
  constructor(
    private readonly repo: ReportsRepository,
    private readonly ports: ReportsPorts,
  ) {}

  // ---- the jobs ---------------------------------------------------------------------------------------

  /**
   * Recomputes the brand's figures of `days` (consecutive or not) from their owners and writes them whole,
   * and the retention of the weeks they fall in. Safe to run twice or in two processes at once.
   * `memberDays`: bring the agents' member-days of those days up to date first (a rebuild on demand;
   * the minute's agents.rollup keeps recent ones current).
   */
  async refresh(brand: ReportBrand, days: string[], options: { memberDays?: boolean } = {}) {
    if (days.length === 0) return { days: 0 };
    const sorted = [...new Set(days)].sort();
    const first = sorted[0]!;
    const last = sorted.at(-1)!;
    if (options.memberDays) await this.ports.rollUpMemberDays(brand, sorted);
    const from = startOfDay(first, brand.timeZone);
    const to = startOfDay(nextDay(last), brand.timeZone);
    const tz = brand.timeZone;
    const [rounds, memberDays, joined, firsts, outflows, catalogue] = await Promise.all([
      this.ports.vendorDays(brand.id, from, to, tz),
      this.ports.memberDays(brand.id, first, last),
      this.repo.newMembers(brand.id, from, to, tz),
      this.ports.firstDeposits(brand.id, from, to, tz),
      this.ports.houseOutflows(brand.id, BONUS_ACCOUNTS, from, to, tz),
      this.ports.vendors(brand.id),
    ]);
    const wanted = new Set(sorted);
    const rows = new Map(sorted.map((d) => [d, emptyDay(d)]));
    const row = (day: string) => (wanted.has(day) ? rows.get(day) : undefined);
    const category = new Map(catalogue.map((v) => [v.vendor, v.categories[0] ?? inHouseCategory(v.vendor)]));
    const vendorRows: VendorDayRow[] = [];
    for (const r of rounds) {
      const d = row(r.day);
      if (!d) continue;
      d.bets += r.bets;
      d.stake += r.stake;
      d.payout += r.payout;
      vendorRows.push({
        day: r.day,
        vendor: r.vendor,
        category: category.get(r.vendor) ?? inHouseCategory(r.vendor),
        bets: r.bets,
        stake: r.stake,
        payout: r.payout,
        activeMembers: r.members,
      });
    }
    for (const r of memberDays) {
      const d = row(r.day);
      if (!d) continue;
      d.deposits = r.depositCount;
      d.depositAmount = r.deposits;
      d.withdrawals = r.withdrawalCount;
      d.withdrawalAmount = r.withdrawals;
      d.activeMembers = r.activeMembers;
    }
    for (const r of joined) {
      const d = row(r.day);
      if (d) d.newMembers = r.count;
    }
    for (const r of firsts) {
      const d = row(r.day);
      if (!d) continue;
      d.firstDeposits = r.count;
      d.firstDepositAmount = r.amount;
    }
    for (const r of outflows) {
      const d = row(r.day);
      if (d && (r.kind === 'bonus' || r.kind === 'rebate' || r.kind === 'adjustment')) d[r.kind] += r.amount;
    }
    await this.repo.replaceDays(brand.id, sorted, [...rows.values()], vendorRows);
    for (const week of [...new Set(sorted.map(weekOf))]) {
      const ids = await this.ports.activeMemberIds(brand.id, week, addDays(week, 6));
      await this.repo.replaceCohortWeek(brand.id, week, ids, tz);
    }
    return { days: sorted.length };
  }

  /** The scheduled run: each brand's yesterday and today (`back` days more for the hourly run). */
  async refreshRecent(brands: ReportBrand[], back = 1, now = new Date()) {
    for (const brand of brands) {
      const today = dayIn(now, brand.timeZone);
      await this.refresh(brand, daysFrom(addDays(today, -back), today));
    }
  }

  /** A rebuild on demand of the days [from, to], the agents' member-days of them first. */
  async rebuild(brand: ReportBrand, from: string, to: string) {
    return this.refresh(brand, daysFrom(from, to), { memberDays: true });
  }

  // ---- the dashboard ----------------------------------------------------------------------------------

  private period(brand: ReportBrand, query: DashboardQuery) {
    return resolvePeriod(query as Parameters<typeof resolvePeriod>[0], brand.timeZone);
  }

  /** Every day of the period, a day without figures as zeros. */
  async days(ctx: OperatorContext, query: DashboardQuery): Promise<ReportDay[]> {
    const { from, to } = this.period(ctx.brand, query);
    return this.daysOf(ctx.brand, from, to);
  }

  private async daysOf(brand: ReportBrand, from: string, to: string): Promise<ReportDay[]> {
    const stored = new Map((await this.repo.days(brand.id, from, to)).map((r) => [r.day, r]));
    return daysFrom(from, to).map((day) => ({ day, ...figures(stored.get(day) ?? emptyDay(day)) }));
  }

  async categories(ctx: OperatorContext, query: DashboardQuery): Promise<ReportCategory[]> {
    const { from, to } = this.period(ctx.brand, query);
    return (await this.repo.categories(ctx.brand.id, from, to)).map((r) => ({
      ...r,
      ggr: r.stake - r.payout,
    }));
  }

  async vendors(ctx: OperatorContext, query: DashboardQuery): Promise<ReportVendor[]> {
    const { from, to } = this.period(ctx.brand, query);
    return this.vendorsOf(ctx.brand, from, to);
  }

  private async vendorsOf(brand: ReportBrand, from: string, to: string): Promise<ReportVendor[]> {
    const [rows, catalogue] = await Promise.all([
      this.repo.vendors(brand.id, from, to),
      this.ports.vendors(brand.id),
    ]);
    const names = new Map(catalogue.map((v) => [v.vendor, v.name]));
    return rows.map((r) => ({ ...r, name: names.get(r.vendor) ?? r.vendor, ggr: r.stake - r.payout }));
  }

  async cohorts(ctx: OperatorContext, query: DashboardQuery): Promise<ReportCohort[]> {
    const { to } = this.period(ctx.brand, query);
    return this.cohortsOf(ctx.brand, to);
  }

  /**
   * The registration weeks up to the one `to` falls in (the last COHORTS of them), each with its members
   * and, for every later week that has begun by `to`, how many of them played in it.
   */
  private async cohortsOf(brand: ReportBrand, to: string): Promise<ReportCohort[]> {
    const lastWeek = weekOf(to);
    const firstWeek = addDays(lastWeek, -7 * (COHORTS - 1));
    const [days, rows] = await Promise.all([
      this.repo.days(brand.id, firstWeek, addDays(lastWeek, 6)),
      this.repo.cohortWeeks(brand.id, firstWeek, lastWeek),
    ]);
    const sizes = new Map<string, number>();
    for (const d of days) {
      const w = weekOf(d.day);
      sizes.set(w, (sizes.get(w) ?? 0) + d.newMembers);
    }
    const played = new Map(rows.map((r) => [`${r.cohort}:${r.week}`, r.members]));
    const out: ReportCohort[] = [];
    for (let week = lastWeek; week >= firstWeek; week = addDays(week, -7)) {
      const retained: ReportCohort['retained'] = [];
      for (let k = 1; addDays(week, 7 * k) <= lastWeek; k++) {
        retained.push({ week: k, members: played.get(`${week}:${addDays(week, 7 * k)}`) ?? 0 });
      }
      out.push({ week, members: sizes.get(week) ?? 0, retained });
    }
    return out;
  }

  /** The dashboard of a period: totals, each day, by category and vendor, and retention. */
  async dashboard(ctx: OperatorContext, query: DashboardQuery): Promise<Dashboard> {
    return this.dashboardOf(ctx.brand, query);
  }

  async dashboardOf(brand: ReportBrand, query: DashboardQuery): Promise<Dashboard> {
    const { from, to } = this.period(brand, query);
    const [days, categories, vendors, cohorts, active, ranAt] = await Promise.all([
      this.daysOf(brand, from, to),
      this.repo.categories(brand.id, from, to),
      this.vendorsOf(brand, from, to),
      this.cohortsOf(brand, to),
      this.ports.activeMembers(brand.id, from, to),
      this.repo.ranAt(brand.id),
    ]);
    const sum = emptyDay(from);
    for (const d of days) {
      for (const key of Object.keys(sum) as Array<keyof DayRow>) {
        if (key !== 'day') (sum[key] as number) += d[key] as number;
      }
    }
    return {
      from,
      to,
      timeZone: brand.timeZone,
      currency: brand.currency,
      updatedAt: ranAt ? ranAt.getTime() : null,
      totals: figures({ ...sum, activeMembers: active }),
      days,
      categories: categories.map((r) => ({ ...r, ggr: r.stake - r.payout })),
      vendors,
      cohorts,
    };
  }
}
