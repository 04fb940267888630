import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { integerArrayLiteral, textArrayLiteral } from '../../lib/pg-array';
import { dayBit, monthMasks, monthOf, periodMasks } from './active-months';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Rows per statement when writing figures. */
const CHUNK = 2_000;

/**
 * Advisory lock space for writing a brand's figures (the second key is the brand): the minute's and the
 * hour's runs, in one process or two, write one after the other instead of colliding on a member-day.
 */
const FIGURES_LOCK = 0x66696773;

/** One member's figures for one day of the brand's calendar (member_daily). */
export interface DailyRow {
  memberId: number;
  day: string;
  rounds: number;
  stake: number;
  validBet: number;
  payout: number;
  profit: number;
  deposits: number;
  depositCount: number;
  withdrawals: number;
  withdrawalCount: number;
  /** Rounds of the day still waiting for their result. */
  openRounds: number;
}

/** One member's day of the brand's calendar. */
export interface MemberDay {
  memberId: number;
  day: string;
}

const FIGURES = `coalesce(sum(d.valid_bet), 0)::bigint AS "validBet",
  coalesce(sum(d.stake), 0)::bigint AS stake,
  coalesce(sum(d.payout), 0)::bigint AS payout,
  coalesce(sum(d.profit), 0)::bigint AS profit,
  coalesce(sum(d.deposits), 0)::bigint AS deposits,
  coalesce(sum(d.deposit_count), 0)::int AS "depositCount",
  coalesce(sum(d.withdrawals), 0)::bigint AS withdrawals,
  coalesce(sum(d.withdrawal_count), 0)::int AS "withdrawalCount",
  count(DISTINCT d.member_id) FILTER (WHERE d.valid_bet > 0)::int AS "activeMembers"`;

type FigureRow = Record<string, string | number | null>;
const figuresOf = (r: FigureRow) => ({
  validBet: Number(r.validBet ?? 0),
  stake: Number(r.stake ?? 0),
  payout: Number(r.payout ?? 0),
  profit: Number(r.profit ?? 0),
  deposits: Number(r.deposits ?? 0),
  depositCount: Number(r.depositCount ?? 0),
  withdrawals: Number(r.withdrawals ?? 0),
  withdrawalCount: Number(r.withdrawalCount ?? 0),
  activeMembers: Number(r.activeMembers ?? 0),
});

/**
 * The agents module's figures (member_daily) and what it asks of the agent tree, which the accounts module
 * keeps and publishes as the function member_subtree (an inlined SQL function: the join is planned as if
 * written here).
 */
export class AgentsRepository {
  constructor(private readonly db: Database) {}

  /** Replaces the brand's figures of these days with `rows`, in one transaction (a day is recomputed whole). */
  async replaceDays(brandId: number, days: string[], rows: DailyRow[]) {
    await this.db.transaction(async (tx) => {
      await this.lockFigures(tx, brandId);
      await tx.execute(sql`
        DELETE FROM member_daily WHERE brand_id = ${brandId} AND day = ANY(${textArrayLiteral(days)}::date[])`);
      await this.insertRows(tx, brandId, rows);
      for (const [month, mask] of monthMasks(days)) {
        await this.markActive(
          tx,
          brandId,
          month,
          mask,
          days.filter((d) => monthOf(d) === month),
        );
      }
      await this.markRun(tx, brandId);
    });
  }

  /**
   * Replaces the figures of these member-days with `rows` (each row one of `memberDays`; a member-day
   * without a row has nothing left to count), in one transaction.
   */
  async replaceMemberDays(brandId: number, memberDays: MemberDay[], rows: DailyRow[]) {
    await this.db.transaction(async (tx) => {
      await this.lockFigures(tx, brandId);
      // A day at a time: each statement reads that day's rows once (a join on member-day pairs was
      // planned as a scan of every day's rows, once per chunk).
      const byDay = new Map<string, number[]>();
      for (const k of memberDays) {
        const ids = byDay.get(k.day);
        if (ids) ids.push(k.memberId);
        else byDay.set(k.day, [k.memberId]);
      }
      for (const [day, ids] of byDay) {
        await tx.execute(sql`
          DELETE FROM member_daily
          WHERE brand_id = ${brandId} AND day = ${day}::date
            AND member_id = ANY(${integerArrayLiteral(ids)}::integer[])`);
      }
      await this.insertRows(tx, brandId, rows);
      for (const [day, ids] of byDay) {
        await this.markActive(tx, brandId, monthOf(day), dayBit(day), [day], ids);
      }
      await this.markRun(tx, brandId);
    });
  }

  /**
   * Brings the month's bitmaps of member_active_months in line with member_daily for `days` (of that
   * month; `mask` their bits), of every member or only of `memberIds`: a day's bit is set for the members
   * with a round that day and cleared for the others. Runs in the transaction that wrote those days.
   */
  private async markActive(
    tx: Database,
    brandId: number,
    month: string,
    mask: number,
    days: string[],
    memberIds?: number[],
  ) {
    const only = (column: ReturnType<typeof sql.raw>) =>
      memberIds ? sql`AND ${column} = ANY(${integerArrayLiteral(memberIds)}::integer[])` : sql``;
    await tx.execute(sql`
      WITH fresh AS (
        SELECT member_id, bit_or(1 << (extract(day FROM day)::int - 1)) AS bits FROM member_daily
        WHERE brand_id = ${brandId} AND day = ANY(${textArrayLiteral(days)}::date[]) AND rounds > 0
          ${only(sql.raw('member_id'))}
        GROUP BY member_id),
      written AS (
        INSERT INTO member_active_months (brand_id, member_id, month, days)
        SELECT ${brandId}, member_id, ${month}::date, bits FROM fresh
        ON CONFLICT (member_id, month)
        DO UPDATE SET days = (member_active_months.days & ${~mask}) | excluded.days
        -- A month whose days did not change is not written again (the hour's run rewrites days whole).
        WHERE member_active_months.days <> (member_active_months.days & ${~mask}) | excluded.days),
      -- Members without a round on those days any more: their bits cleared, their month gone if empty.
      emptied AS (
        DELETE FROM member_active_months a
        WHERE a.brand_id = ${brandId} AND a.month = ${month}::date AND a.days & ${mask} <> 0
          AND a.days & ${~mask} = 0 ${only(sql.raw('a.member_id'))}
          AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.member_id = a.member_id))
      UPDATE member_active_months a SET days = a.days & ${~mask}
      WHERE a.brand_id = ${brandId} AND a.month = ${month}::date AND a.days & ${mask} <> 0
        AND a.days & ${~mask} <> 0 ${only(sql.raw('a.member_id'))}
        AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.member_id = a.member_id)`);
  }

  /** The brand's member-days since `fromDay` whose rounds were not all settled when last counted. */
  async openMemberDays(brandId: number, fromDay: string): Promise<MemberDay[]> {
    const result = await this.db.execute(sql`
      SELECT member_id AS "memberId", day::text AS day FROM member_daily
      WHERE brand_id = ${brandId} AND day >= ${fromDay}::date AND open_rounds > 0`);
    return rowsOf<{ memberId: number; day: string }>(result).map((r) => ({
      memberId: Number(r.memberId),
      day: String(r.day),
    }));
  }

  private async insertRows(tx: Database, brandId: number, rows: DailyRow[]) {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const col = (pick: (r: DailyRow) => number) => integerArrayLiteral(chunk.map(pick));
      await tx.execute(sql`
        INSERT INTO member_daily (brand_id, member_id, day, rounds, stake, valid_bet, payout, profit,
          deposits, deposit_count, withdrawals, withdrawal_count, open_rounds)
        SELECT ${brandId}, r.* FROM unnest(
          ${col((r) => r.memberId)}::integer[], ${textArrayLiteral(chunk.map((r) => r.day))}::date[],
          ${col((r) => r.rounds)}::integer[], ${col((r) => r.stake)}::bigint[],
          ${col((r) => r.validBet)}::bigint[], ${col((r) => r.payout)}::bigint[],
          ${col((r) => r.profit)}::bigint[], ${col((r) => r.deposits)}::bigint[],
          ${col((r) => r.depositCount)}::integer[], ${col((r) => r.withdrawals)}::bigint[],
          ${col((r) => r.withdrawalCount)}::integer[], ${col((r) => r.openRounds)}::integer[]
        ) AS r`);
    }
  }

  private async lockFigures(tx: Database, brandId: number) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIGURES_LOCK}, ${brandId})`);
  }

  private async markRun(tx: Database, brandId: number) {
    await tx.execute(sql`
      INSERT INTO agent_rollups (brand_id, ran_at) VALUES (${brandId}, now())
      ON CONFLICT (brand_id) DO UPDATE SET ran_at = excluded.ran_at`);
  }

  /** When the brand's figures were last brought up to date. */
  async updatedAt(brandId: number): Promise<Date | null> {
    const result = await this.db.execute(
      sql`SELECT ran_at AS at FROM agent_rollups WHERE brand_id = ${brandId}`,
    );
    const at = rowsOf<{ at: string | Date | null }>(result)[0]?.at;
    return at ? new Date(at) : null;
  }

  /**
   * The whole brand's figures per day over [fromDay, toDay] (the back office's reports): deposits,
   * withdrawals, and the members with a round that day.
   */
  async brandDays(brandId: number, fromDay: string, toDay: string) {
    const result = await this.db.execute(sql`
      SELECT day::text AS day,
             coalesce(sum(deposits), 0)::bigint AS deposits, coalesce(sum(deposit_count), 0)::int AS "depositCount",
             coalesce(sum(withdrawals), 0)::bigint AS withdrawals,
             coalesce(sum(withdrawal_count), 0)::int AS "withdrawalCount",
             count(*) FILTER (WHERE rounds > 0)::int AS "activeMembers"
      FROM member_daily
      WHERE brand_id = ${brandId} AND day BETWEEN ${fromDay}::date AND ${toDay}::date
      GROUP BY day`);
    return rowsOf<Record<string, string | number>>(result).map((r) => ({
      day: String(r.day),
      deposits: Number(r.deposits),
      depositCount: Number(r.depositCount),
      withdrawals: Number(r.withdrawals),
      withdrawalCount: Number(r.withdrawalCount),
      activeMembers: Number(r.activeMembers),
    }));
  }

  /**
   * The brand's members with a round over [fromDay, toDay] (each once), from their months' bitmaps: the
   * rows of the period's months whose bits of its days are not all clear.
   */
  private activeInPeriod(brandId: number, fromDay: string, toDay: string) {
    const months = periodMasks(fromDay, toDay);
    return sql`
      SELECT a.member_id FROM member_active_months a
      JOIN unnest(${textArrayLiteral(months.map((m) => m.month))}::date[],
                  ${integerArrayLiteral(months.map((m) => m.mask))}::integer[]) AS p(month, mask)
        ON a.month = p.month
      WHERE a.brand_id = ${brandId} AND a.days & p.mask <> 0
      GROUP BY a.member_id`;
  }

  /** How many of the brand's members had a round over [fromDay, toDay] (each counted once). */
  async brandActiveMembers(brandId: number, fromDay: string, toDay: string) {
    const months = periodMasks(fromDay, toDay);
    // Within one month a member has one row: the rows are counted as they are.
    const result = await this.db.execute(
      months.length === 1
        ? sql`SELECT count(*)::int AS n FROM member_active_months
              WHERE brand_id = ${brandId} AND month = ${months[0]!.month}::date AND days & ${months[0]!.mask} <> 0`
        : sql`SELECT count(*)::int AS n FROM (${this.activeInPeriod(brandId, fromDay, toDay)}) AS active`,
    );
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  }

  /** The brand's members with a round over [fromDay, toDay]. */
  async brandActiveMemberIds(brandId: number, fromDay: string, toDay: string) {
    const result = await this.db.execute(this.activeInPeriod(brandId, fromDay, toDay));
    return rowsOf<{ member_id: number }>(result).map((r) => Number(r.member_id));
  }

  /** Each member's deposits and valid bets over [fromDay, toDay] (members without a day are left out). */
  async memberTotals(memberIds: number[], fromDay: string, toDay: string) {
    if (memberIds.length === 0) return new Map<number, { deposits: number; validBet: number }>();
    const result = await this.db.execute(sql`
      SELECT member_id AS id, coalesce(sum(deposits), 0)::bigint AS deposits,
             coalesce(sum(valid_bet), 0)::bigint AS "validBet"
      FROM member_daily
      WHERE member_id = ANY(${integerArrayLiteral(memberIds)}::integer[])
        AND day BETWEEN ${fromDay}::date AND ${toDay}::date
      GROUP BY member_id`);
    return new Map(
      rowsOf<{ id: number; deposits: string; validBet: string }>(result).map((r) => [
        Number(r.id),
        { deposits: Number(r.deposits), validBet: Number(r.validBet) },
      ]),
    );
  }

  /** The brand's member-days from `fromDay` whose profit reached `minProfit`, the largest first. */
  async bigDays(brandId: number, fromDay: string, minProfit: number) {
    const result = await this.db.execute(sql`
      SELECT member_id AS "memberId", day::text AS day, profit, valid_bet AS "validBet", payout
      FROM member_daily
      WHERE brand_id = ${brandId} AND day >= ${fromDay}::date AND profit >= ${minProfit}
      ORDER BY profit DESC LIMIT 200`);
    return rowsOf<Record<string, string | number>>(result).map((r) => ({
      memberId: Number(r.memberId),
      day: String(r.day),
      profit: Number(r.profit),
      validBet: Number(r.validBet),
      payout: Number(r.payout),
    }));
  }

  /** How far below `agentId` a member is (1 direct), or null when it is not in the agent's downline. */
  async depthBelow(agentId: number, memberId: number): Promise<number | null> {
    const result = await this.db.execute(sql`
      SELECT depth FROM member_subtree(${agentId}, 1) WHERE member_id = ${memberId}`);
    const row = rowsOf<{ depth: number }>(result)[0];
    return row ? Number(row.depth) : null;
  }

  /** Sizes of the downline: every level, direct, agents, and those who joined in [from, to). */
  async teamCounts(agentId: number, from: Date, to: Date) {
    const result = await this.db.execute(sql`
      SELECT count(*)::int AS total,
             count(*) FILTER (WHERE depth = 1)::int AS direct,
             count(*) FILTER (WHERE user_type IN (1, 2, 41, 42))::int AS agents,
             count(*) FILTER (WHERE joined_at >= ${from} AND joined_at < ${to})::int AS joined
      FROM member_subtree(${agentId}, 1)`);
    const r = rowsOf<Record<string, number>>(result)[0]!;
    return {
      total: Number(r.total),
      direct: Number(r.direct),
      agents: Number(r.agents),
      joined: Number(r.joined),
    };
  }

  /** The downline's figures over [fromDay, toDay], in all and per day (with the members who joined). */
  async teamFigures(agentId: number, fromDay: string, toDay: string, timeZone: string) {
    // The period's total and each day's in one pass over the team's rows (GROUPING SETS); the total's
    // row is the one without a day.
    const [grouped, joined] = await Promise.all([
      this.db.execute(sql`
        SELECT d.day::text AS day, ${sql.raw(FIGURES)}
        FROM member_subtree(${agentId}, 1) s JOIN member_daily d ON d.member_id = s.member_id
        WHERE d.day BETWEEN ${fromDay}::date AND ${toDay}::date
        GROUP BY GROUPING SETS ((d.day), ())
        ORDER BY d.day NULLS FIRST`),
      this.db.execute(sql`
        SELECT (joined_at AT TIME ZONE ${timeZone})::date::text AS day, count(*)::int AS joined
        FROM member_subtree(${agentId}, 1)
        WHERE (joined_at AT TIME ZONE ${timeZone})::date BETWEEN ${fromDay}::date AND ${toDay}::date
        GROUP BY 1`),
    ]);
    const rows = rowsOf<FigureRow>(grouped);
    return {
      total: figuresOf(rows.find((r) => r.day === null) ?? {}),
      byDay: rows.filter((r) => r.day !== null).map((r) => ({ day: String(r.day), ...figuresOf(r) })),
      joined: new Map(rowsOf<{ day: string; joined: number }>(joined).map((r) => [r.day, Number(r.joined)])),
    };
  }

  /**
   * A page of the downline, newest first: direct only or every level, usernames starting with `prefix`,
   * each with its upline's username, team size and figures over [fromDay, toDay].
   */
  async downline(
    agentId: number,
    filter: { prefix: string; scope: 'direct' | 'all'; fromDay: string; toDay: string },
    page: { offset: number; limit: number },
  ) {
    const like = `${filter.prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const maxDepth = filter.scope === 'direct' ? 1 : 32_767;
    const result = await this.db.execute(sql`
      WITH team AS (
        SELECT member_id, depth, joined_at, username, user_type, parent_id
        FROM member_subtree(${agentId}, 1)
        WHERE depth <= ${maxDepth} AND username LIKE ${like}
      ),
      paged AS (
        SELECT *, count(*) OVER () AS total FROM team
        ORDER BY joined_at DESC, member_id DESC
        OFFSET ${page.offset} LIMIT ${page.limit}
      )
      SELECT p.member_id AS "memberId", p.depth, p.joined_at AS "joinedAt", p.username,
             p.user_type AS "userType", p.total, up.username AS upline,
             (SELECT count(*) FROM member_subtree(p.member_id, 1))::int AS "teamSize",
             f.*
      FROM paged p
      LEFT JOIN member_subtree(${agentId}, 0) up ON up.member_id = p.parent_id
      LEFT JOIN LATERAL (
        SELECT ${sql.raw(FIGURES)} FROM member_daily d
        WHERE d.member_id = p.member_id AND d.day BETWEEN ${filter.fromDay}::date AND ${filter.toDay}::date
      ) f ON true
      ORDER BY p.joined_at DESC, p.member_id DESC`);
    const rows = rowsOf<FigureRow>(result);
    return {
      total: rows.length > 0 ? Number(rows[0]!.total) : await this.countDownline(agentId, like, maxDepth),
      items: rows.map((r) => ({
        memberId: Number(r.memberId),
        depth: Number(r.depth),
        joinedAt: new Date(r.joinedAt as string),
        username: String(r.username),
        userType: Number(r.userType),
        upline: r.upline === null ? null : String(r.upline),
        teamSize: Number(r.teamSize),
        ...figuresOf(r),
      })),
    };
  }

  /**
   * Each downline member's figures over [fromDay, toDay] (only members with any), ordered by `sort`:
   * the lowest result first (the biggest losers), or the most valid bets or deposits first.
   */
  async memberFigures(
    agentId: number,
    filter: { prefix: string; fromDay: string; toDay: string; sort: 'profit' | 'validBet' | 'deposits' },
    page: { offset: number; limit: number },
  ) {
    const like = `${filter.prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const order = {
      profit: sql`profit ASC`,
      validBet: sql`"validBet" DESC`,
      deposits: sql`deposits DESC`,
    }[filter.sort];
    const result = await this.db.execute(sql`
      WITH lines AS (
        SELECT s.member_id, s.username, s.depth,
               coalesce(sum(d.rounds), 0)::int AS rounds, ${sql.raw(FIGURES)}
        FROM member_subtree(${agentId}, 1) s JOIN member_daily d ON d.member_id = s.member_id
        WHERE d.day BETWEEN ${filter.fromDay}::date AND ${filter.toDay}::date AND s.username LIKE ${like}
        GROUP BY s.member_id, s.username, s.depth
      )
      SELECT *, count(*) OVER () AS total FROM lines
      ORDER BY ${order}, member_id DESC
      OFFSET ${page.offset} LIMIT ${page.limit}`);
    const rows = rowsOf<FigureRow>(result);
    return {
      total: rows.length > 0 ? Number(rows[0]!.total) : 0,
      items: rows.map((r) => ({
        username: String(r.username),
        depth: Number(r.depth),
        rounds: Number(r.rounds),
        ...figuresOf(r),
      })),
    };
  }

  /** The number of matches when the page asked for lies past the last one. */
  private async countDownline(agentId: number, like: string, maxDepth: number) {
    const result = await this.db.execute(sql`
      SELECT count(*)::int AS n FROM member_subtree(${agentId}, 1)
      WHERE depth <= ${maxDepth} AND username LIKE ${like}`);
    return Number(rowsOf<{ n: number }>(result)[0]!.n);
  }
}
