import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { integerArrayLiteral, textArrayLiteral } from '../../lib/pg-array';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Rows per statement when writing figures. */
const CHUNK = 2_000;

/**
 * Advisory lock space for writing a brand's report figures (the second key is the brand): two runs, in one
 * process or two, write one after the other.
 */
const REPORTS_LOCK = 0x72707473;

/** Trial money is not business (server/db/functions/trial_members.sql). */
const notTrial = sql`member_id NOT IN (SELECT member_id FROM trial_members())`;

/** One day's figures as stored (amounts in minor units). */
export interface DayRow {
  day: string;
  newMembers: number;
  firstDeposits: number;
  firstDepositAmount: number;
  deposits: number;
  depositAmount: number;
  withdrawals: number;
  withdrawalAmount: number;
  bets: number;
  stake: number;
  payout: number;
  bonus: number;
  rebate: number;
  adjustment: number;
  activeMembers: number;
}

/** One vendor's rounds of one day. */
export interface VendorDayRow {
  day: string;
  vendor: string;
  category: string;
  bets: number;
  stake: number;
  payout: number;
  activeMembers: number;
}

type Raw = Record<string, string | number | null>;
const n = (v: string | number | null | undefined) => Number(v ?? 0);

/** The reports module's summary tables; the only reads behind the back office's dashboard. */
export class ReportsRepository {
  constructor(private readonly db: Database) {}

  /**
   * The brand's registrations per day of `timeZone`, in [from, to), without trial accounts: from the
   * accounts module's published member_joins().
   */
  async newMembers(brandId: number, from: Date, to: Date, timeZone: string) {
    const result = await this.db.execute(sql`
      SELECT (joined_at AT TIME ZONE ${timeZone})::date::text AS day, count(*)::int AS n
      FROM member_joins(${brandId})
      WHERE joined_at >= ${from} AND joined_at < ${to} AND ${notTrial}
      GROUP BY 1`);
    return rowsOf<{ day: string; n: number }>(result).map((r) => ({ day: String(r.day), count: n(r.n) }));
  }

  /** Replaces the brand's figures of these days (a day is written whole), in one transaction. */
  async replaceDays(brandId: number, days: string[], rows: DayRow[], vendorRows: VendorDayRow[]) {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${REPORTS_LOCK}, ${brandId})`);
      const list = sql`${textArrayLiteral(days)}::date[]`;
      await tx.execute(sql`DELETE FROM report_days WHERE brand_id = ${brandId} AND day = ANY(${list})`);
      await tx.execute(
        sql`DELETE FROM report_vendor_days WHERE brand_id = ${brandId} AND day = ANY(${list})`,
      );
      for (let i = 0; i < rows.length; i += CHUNK) {
        const c = rows.slice(i, i + CHUNK);
        const col = (pick: (r: DayRow) => number) => integerArrayLiteral(c.map(pick));
        await tx.execute(sql`
          INSERT INTO report_days (brand_id, day, new_members, first_deposits, first_deposit_amount, deposits,
            deposit_amount, withdrawals, withdrawal_amount, bets, stake, payout, bonus, rebate, adjustment,
            active_members)
          SELECT ${brandId}, r.* FROM unnest(
            ${textArrayLiteral(c.map((r) => r.day))}::date[], ${col((r) => r.newMembers)}::integer[],
            ${col((r) => r.firstDeposits)}::integer[], ${col((r) => r.firstDepositAmount)}::bigint[],
            ${col((r) => r.deposits)}::integer[], ${col((r) => r.depositAmount)}::bigint[],
            ${col((r) => r.withdrawals)}::integer[], ${col((r) => r.withdrawalAmount)}::bigint[],
            ${col((r) => r.bets)}::integer[], ${col((r) => r.stake)}::bigint[], ${col((r) => r.payout)}::bigint[],
            ${col((r) => r.bonus)}::bigint[], ${col((r) => r.rebate)}::bigint[],
            ${col((r) => r.adjustment)}::bigint[], ${col((r) => r.activeMembers)}::integer[]
          ) AS r`);
      }
      for (let i = 0; i < vendorRows.length; i += CHUNK) {
        const c = vendorRows.slice(i, i + CHUNK);
        const col = (pick: (r: VendorDayRow) => number) => integerArrayLiteral(c.map(pick));
        await tx.execute(sql`
          INSERT INTO report_vendor_days (brand_id, day, vendor_code, category, bets, stake, payout, active_members)
          SELECT ${brandId}, r.* FROM unnest(
            ${textArrayLiteral(c.map((r) => r.day))}::date[], ${textArrayLiteral(c.map((r) => r.vendor))}::text[],
            ${textArrayLiteral(c.map((r) => r.category))}::text[], ${col((r) => r.bets)}::integer[],
            ${col((r) => r.stake)}::bigint[], ${col((r) => r.payout)}::bigint[],
            ${col((r) => r.activeMembers)}::integer[]
          ) AS r`);
      }
      await tx.execute(sql`
        INSERT INTO report_runs (brand_id, ran_at) VALUES (${brandId}, now())
        ON CONFLICT (brand_id) DO UPDATE SET ran_at = excluded.ran_at`);
    });
  }

  /**
   * Replaces the week's retention rows: of `memberIds` (the members who played in the week beginning on
   * `week`), how many registered in each week, by registration week (Mondays of `timeZone`).
   */
  async replaceCohortWeek(brandId: number, week: string, memberIds: number[], timeZone: string) {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${REPORTS_LOCK}, ${brandId})`);
      await tx.execute(
        sql`DELETE FROM report_cohort_weeks WHERE brand_id = ${brandId} AND week = ${week}::date`,
      );
      if (memberIds.length === 0) return;
      await tx.execute(sql`
        INSERT INTO report_cohort_weeks (brand_id, week, cohort_week, members)
        SELECT ${brandId}, ${week}::date, date_trunc('week', (joined_at AT TIME ZONE ${timeZone}))::date, count(*)::int
        FROM member_joins(${brandId})
        WHERE member_id = ANY(${integerArrayLiteral(memberIds)}::integer[]) AND ${notTrial}
        GROUP BY 3`);
    });
  }

  /** The brand's stored days over [from, to], oldest first. */
  async days(brandId: number, from: string, to: string): Promise<DayRow[]> {
    const result = await this.db.execute(sql`
      SELECT day::text AS day, new_members AS "newMembers", first_deposits AS "firstDeposits",
             first_deposit_amount AS "firstDepositAmount", deposits, deposit_amount AS "depositAmount",
             withdrawals, withdrawal_amount AS "withdrawalAmount", bets, stake, payout, bonus, rebate,
             adjustment, active_members AS "activeMembers"
      FROM report_days WHERE brand_id = ${brandId} AND day BETWEEN ${from}::date AND ${to}::date
      ORDER BY day`);
    return rowsOf<Raw>(result).map((r) => ({
      day: String(r.day),
      newMembers: n(r.newMembers),
      firstDeposits: n(r.firstDeposits),
      firstDepositAmount: n(r.firstDepositAmount),
      deposits: n(r.deposits),
      depositAmount: n(r.depositAmount),
      withdrawals: n(r.withdrawals),
      withdrawalAmount: n(r.withdrawalAmount),
      bets: n(r.bets),
      stake: n(r.stake),
      payout: n(r.payout),
      bonus: n(r.bonus),
      rebate: n(r.rebate),
      adjustment: n(r.adjustment),
      activeMembers: n(r.activeMembers),
    }));
  }

  /** Rounds over [from, to] per vendor (with the category it had on its latest day), most staked first. */
  async vendors(brandId: number, from: string, to: string) {
    const result = await this.db.execute(sql`
      SELECT vendor_code AS vendor, (array_agg(category ORDER BY day DESC))[1] AS category,
             sum(bets)::bigint AS bets, sum(stake)::bigint AS stake, sum(payout)::bigint AS payout
      FROM report_vendor_days WHERE brand_id = ${brandId} AND day BETWEEN ${from}::date AND ${to}::date
      GROUP BY vendor_code ORDER BY sum(stake) DESC, vendor_code`);
    return rowsOf<Raw>(result).map((r) => ({
      vendor: String(r.vendor),
      category: String(r.category),
      bets: n(r.bets),
      stake: n(r.stake),
      payout: n(r.payout),
    }));
  }

  /** Rounds over [from, to] per category, most staked first. */
  async categories(brandId: number, from: string, to: string) {
    const result = await this.db.execute(sql`
      SELECT category, sum(bets)::bigint AS bets, sum(stake)::bigint AS stake, sum(payout)::bigint AS payout
      FROM report_vendor_days WHERE brand_id = ${brandId} AND day BETWEEN ${from}::date AND ${to}::date
      GROUP BY category ORDER BY sum(stake) DESC, category`);
    return rowsOf<Raw>(result).map((r) => ({
      category: String(r.category),
      bets: n(r.bets),
      stake: n(r.stake),
      payout: n(r.payout),
    }));
  }

  /** Retention rows of the cohorts registered in the weeks beginning [fromWeek, toWeek]. */
  async cohortWeeks(brandId: number, fromWeek: string, toWeek: string) {
    const result = await this.db.execute(sql`
      SELECT cohort_week::text AS cohort, week::text AS week, members FROM report_cohort_weeks
      WHERE brand_id = ${brandId} AND cohort_week BETWEEN ${fromWeek}::date AND ${toWeek}::date`);
    return rowsOf<Raw>(result).map((r) => ({
      cohort: String(r.cohort),
      week: String(r.week),
      members: n(r.members),
    }));
  }

  /** When the brand's figures were last written. */
  async ranAt(brandId: number): Promise<Date | null> {
    const result = await this.db.execute(
      sql`SELECT ran_at AS at FROM report_runs WHERE brand_id = ${brandId}`,
    );
    const at = rowsOf<{ at: string | Date | null }>(result)[0]?.at;
    return at ? new Date(at) : null;
  }
}
