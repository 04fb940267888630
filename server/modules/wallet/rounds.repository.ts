import { and, desc, eq, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { integerArrayLiteral, textArrayLiteral as textArray } from '../../lib/pg-array';
import { rebateClaims, vendorRounds } from './wallet.tables';

export type RoundRow = typeof vendorRounds.$inferSelect;

export interface RoundFilter {
  /** Only these vendors (a category or one vendor); null: all. */
  vendors: string[] | null;
  gameCode?: string | undefined;
  status?: 'open' | 'settled' | 'cancelled' | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Trial accounts' rounds are played with trial money: not business, so the figures below (contracts'
 * settlement, the agents' daily figures, the winner board) leave them out. trial_members() is the
 * accounts module's published list (server/db/functions/trial_members.sql).
 */
const notTrial = sql`member_id NOT IN (SELECT member_id FROM trial_members())`;

/** A round's valid bet: what was staked and not given back, once the round is settled. */
const validBet = sql<number>`CASE WHEN ${vendorRounds.status} = 'settled' THEN ${vendorRounds.stake} - ${vendorRounds.refunded} ELSE 0 END`;

/** The game rounds as betting records (personalHistoryCopy, personalProfit) and the rebate they earn. */
export class RoundsRepository {
  constructor(private readonly db: Database) {}

  /** Each member's valid bets and result over rounds made in [from, to) (contracts' settlement). */
  async memberTotals(brandId: number, from: Date, to: Date) {
    const result = await this.db.execute(sql`
      SELECT member_id AS "memberId",
             sum(CASE WHEN status = 'settled' THEN stake - refunded ELSE 0 END)::bigint AS "validBet",
             sum(CASE WHEN status = 'settled' THEN payout + refunded - stake ELSE 0 END)::bigint AS profit
      FROM vendor_rounds
      WHERE brand_id = ${brandId} AND created_at >= ${from} AND created_at < ${to} AND ${notTrial}
      GROUP BY member_id`);
    return rowsOf<Record<string, string | number>>(result).map((r) => ({
      memberId: Number(r.memberId),
      validBet: Number(r.validBet),
      profit: Number(r.profit),
    }));
  }

  /**
   * Each member's rounds per day of `timeZone`, for rounds made in [from, to), of every member or only of
   * `memberIds`: what the agents module adds up over a downline. Valid bets and the member's result count
   * settled rounds only; `open` counts the rounds still waiting for their result.
   */
  async dailyTotals(brandId: number, from: Date, to: Date, timeZone: string, memberIds?: number[]) {
    const only = memberIds ? sql`AND member_id = ANY(${integerArrayLiteral(memberIds)}::integer[])` : sql``;
    const result = await this.db.execute(sql`
      SELECT member_id AS "memberId", (created_at AT TIME ZONE ${timeZone})::date::text AS day,
             count(*)::int AS rounds, sum(stake)::bigint AS stake, sum(payout)::bigint AS payout,
             sum(CASE WHEN status = 'settled' THEN stake - refunded ELSE 0 END)::bigint AS "validBet",
             sum(CASE WHEN status = 'settled' THEN payout + refunded - stake ELSE 0 END)::bigint AS profit,
             count(*) FILTER (WHERE status = 'open')::int AS open
      FROM vendor_rounds
      WHERE brand_id = ${brandId} AND created_at >= ${from} AND created_at < ${to} ${only} AND ${notTrial}
      GROUP BY 1, 2`);
    return rowsOf<Record<string, string | number>>(result).map((r) => ({
      memberId: Number(r.memberId),
      day: String(r.day),
      rounds: Number(r.rounds),
      stake: Number(r.stake),
      payout: Number(r.payout),
      validBet: Number(r.validBet),
      profit: Number(r.profit),
      open: Number(r.open),
    }));
  }

  /**
   * The brand's rounds per vendor and day of `timeZone`, for rounds made in [from, to) (the back office's
   * reports): how many, their stake less refunds, their payout, and how many members played. Trial
   * accounts are left out.
   */
  async vendorDailyTotals(brandId: number, from: Date, to: Date, timeZone: string) {
    const result = await this.db.execute(sql`
      SELECT (created_at AT TIME ZONE ${timeZone})::date::text AS day, vendor_code AS vendor,
             count(*)::int AS bets, sum(stake - refunded)::bigint AS stake, sum(payout)::bigint AS payout,
             count(DISTINCT member_id)::int AS members
      FROM vendor_rounds
      WHERE brand_id = ${brandId} AND created_at >= ${from} AND created_at < ${to} AND ${notTrial}
      GROUP BY 1, 2`);
    return rowsOf<Record<string, string | number>>(result).map((r) => ({
      day: String(r.day),
      vendor: String(r.vendor),
      bets: Number(r.bets),
      stake: Number(r.stake),
      payout: Number(r.payout),
      members: Number(r.members),
    }));
  }

  private where(memberId: number, filter: RoundFilter): SQL {
    const parts: SQL[] = [eq(vendorRounds.memberId, memberId)];
    if (filter.vendors)
      parts.push(inArray(vendorRounds.vendorCode, filter.vendors.length ? filter.vendors : ['']));
    if (filter.gameCode) parts.push(eq(vendorRounds.gameCode, filter.gameCode));
    if (filter.status) parts.push(eq(vendorRounds.status, filter.status));
    if (filter.from) parts.push(gte(vendorRounds.createdAt, filter.from));
    if (filter.to) parts.push(lte(vendorRounds.createdAt, filter.to));
    return and(...parts)!;
  }

  async page(memberId: number, filter: RoundFilter, page: { offset: number; limit: number }) {
    const where = this.where(memberId, filter);
    const [rows, [summary]] = await Promise.all([
      this.db
        .select()
        .from(vendorRounds)
        .where(where)
        .orderBy(desc(vendorRounds.createdAt), desc(vendorRounds.roundId))
        .offset(page.offset)
        .limit(page.limit),
      this.db
        .select({
          total: sql<number>`count(*)::int`,
          stake: sql<number>`coalesce(sum(${vendorRounds.stake}), 0)::bigint`,
          payout: sql<number>`coalesce(sum(${vendorRounds.payout}), 0)::bigint`,
          refunded: sql<number>`coalesce(sum(${vendorRounds.refunded}), 0)::bigint`,
          validBet: sql<number>`coalesce(sum(${validBet}), 0)::bigint`,
        })
        .from(vendorRounds)
        .where(where),
    ]);
    return {
      rows,
      total: Number(summary?.total ?? 0),
      stake: Number(summary?.stake ?? 0),
      payout: Number(summary?.payout ?? 0),
      refunded: Number(summary?.refunded ?? 0),
      validBet: Number(summary?.validBet ?? 0),
    };
  }

  /**
   * A page of the rounds of `agentId`'s downline (every level, or one member by username), newest first,
   * each with its member's username, and the sums over every match. The tree comes from the accounts
   * module's published member_subtree.
   */
  async teamPage(
    agentId: number,
    filter: RoundFilter & { username?: string | undefined },
    page: { offset: number; limit: number },
  ) {
    const parts: SQL[] = [sql`true`];
    if (filter.username) parts.push(sql`s.username = ${filter.username}`);
    if (filter.vendors)
      parts.push(
        sql`r.vendor_code = ANY(${textArray(filter.vendors.length ? filter.vendors : [''])}::text[])`,
      );
    if (filter.status) parts.push(sql`r.status = ${filter.status}`);
    if (filter.from) parts.push(sql`r.created_at >= ${filter.from}`);
    if (filter.to) parts.push(sql`r.created_at < ${filter.to}`);
    const where = sql.join(parts, sql` AND `);
    const from = sql`member_subtree(${agentId}, 1) s JOIN vendor_rounds r ON r.member_id = s.member_id`;
    const [rows, summary] = await Promise.all([
      this.db.execute(sql`
        SELECT r.*, s.username FROM ${from} WHERE ${where}
        ORDER BY r.created_at DESC, r.round_id DESC OFFSET ${page.offset} LIMIT ${page.limit}`),
      this.db.execute(sql`
        SELECT count(*)::int AS total, coalesce(sum(r.stake), 0)::bigint AS stake,
               coalesce(sum(r.payout), 0)::bigint AS payout, coalesce(sum(r.refunded), 0)::bigint AS refunded,
               coalesce(sum(CASE WHEN r.status = 'settled' THEN r.stake - r.refunded ELSE 0 END), 0)::bigint AS "validBet"
        FROM ${from} WHERE ${where}`),
    ]);
    const sums = rowsOf<Record<string, string | number>>(summary)[0] ?? {};
    return {
      rows: rowsOf<Record<string, unknown>>(rows).map((r) => ({
        username: String(r.username),
        memberId: Number(r.member_id),
        vendorCode: String(r.vendor_code),
        roundId: String(r.round_id),
        gameCode: (r.game_code as string | null) ?? null,
        stake: Number(r.stake),
        payout: Number(r.payout),
        refunded: Number(r.refunded),
        status: String(r.status),
        createdAt: new Date(r.created_at as string),
        settledAt: r.settled_at ? new Date(r.settled_at as string) : null,
      })),
      total: Number(sums.total ?? 0),
      stake: Number(sums.stake ?? 0),
      payout: Number(sums.payout ?? 0),
      refunded: Number(sums.refunded ?? 0),
      validBet: Number(sums.validBet ?? 0),
    };
  }

  async round(brandId: number, memberId: number, vendor: string, roundId: string) {
    const [row] = await this.db
      .select()
      .from(vendorRounds)
      .where(
        and(
          eq(vendorRounds.brandId, brandId),
          eq(vendorRounds.vendorCode, vendor),
          eq(vendorRounds.roundId, roundId),
          eq(vendorRounds.memberId, memberId),
        ),
      );
    return row;
  }

  /** Stake, payout and refunds per vendor and local day (`offsetMinutes` east of UTC). */
  async byVendorAndDay(memberId: number, from: Date, to: Date, offsetMinutes: number) {
    // Grouped by position: the day expression is written once, with one parameter.
    const result = await this.db.execute(sql`
      SELECT vendor_code AS vendor,
             to_char(created_at AT TIME ZONE 'UTC' + make_interval(mins => ${offsetMinutes}::integer), 'YYYY-MM-DD') AS day,
             count(*)::int AS rounds, sum(stake)::bigint AS stake, sum(payout)::bigint AS payout,
             sum(refunded)::bigint AS refunded,
             sum(CASE WHEN status = 'settled' THEN stake - refunded ELSE 0 END)::bigint AS "validBet"
      FROM vendor_rounds
      WHERE member_id = ${memberId} AND created_at >= ${from} AND created_at <= ${to}
      GROUP BY 1, 2
      ORDER BY 2`);
    return rowsOf<Record<string, string | number>>(result).map((r) => ({
      vendor: String(r.vendor),
      day: String(r.day),
      rounds: Number(r.rounds),
      stake: Number(r.stake),
      payout: Number(r.payout),
      refunded: Number(r.refunded),
      validBet: Number(r.validBet),
    }));
  }

  /**
   * Valid bets per vendor of the member's rounds made at or after `since` and settled by `until` (a
   * bonus's wagering: a bet made before the bonus never counts toward it).
   */
  async validBetsMadeSince(memberId: number, since: Date, until: Date) {
    const rows = await this.db
      .select({ vendor: vendorRounds.vendorCode, validBet: sql<number>`sum(${validBet})::bigint` })
      .from(vendorRounds)
      .where(
        and(
          eq(vendorRounds.memberId, memberId),
          gte(vendorRounds.createdAt, since),
          eq(vendorRounds.status, 'settled'),
          lte(vendorRounds.settledAt, until),
        ),
      )
      .groupBy(vendorRounds.vendorCode);
    return rows.map((r) => ({ vendor: r.vendor, validBet: Number(r.validBet) }));
  }

  /** Valid bets per vendor of rounds settled after `since` (exclusive) and up to `until`. */
  async validBetsSettled(memberId: number, since: Date, until: Date) {
    const rows = await this.db
      .select({ vendor: vendorRounds.vendorCode, validBet: sql<number>`sum(${validBet})::bigint` })
      .from(vendorRounds)
      .where(
        and(
          eq(vendorRounds.memberId, memberId),
          eq(vendorRounds.status, 'settled'),
          gt(vendorRounds.settledAt, since),
          lte(vendorRounds.settledAt, until),
        ),
      )
      .groupBy(vendorRounds.vendorCode);
    return rows.map((r) => ({ vendor: r.vendor, validBet: Number(r.validBet) }));
  }

  /** The back office's round lookup: by member, vendor, the vendor's round id and date, newest first. */
  lookup(
    brandId: number,
    filter: {
      memberId?: number | undefined;
      vendor?: string | undefined;
      roundId?: string | undefined;
      from?: Date | undefined;
      to?: Date | undefined;
    },
    limit: number,
  ) {
    const parts: SQL[] = [eq(vendorRounds.brandId, brandId)];
    if (filter.memberId !== undefined) parts.push(eq(vendorRounds.memberId, filter.memberId));
    if (filter.vendor) parts.push(eq(vendorRounds.vendorCode, filter.vendor));
    if (filter.roundId) parts.push(eq(vendorRounds.roundId, filter.roundId));
    if (filter.from) parts.push(gte(vendorRounds.createdAt, filter.from));
    if (filter.to) parts.push(lte(vendorRounds.createdAt, filter.to));
    return this.db
      .select()
      .from(vendorRounds)
      .where(and(...parts))
      .orderBy(desc(vendorRounds.createdAt))
      .limit(limit);
  }

  async lastClaim(memberId: number) {
    const [row] = await this.db
      .select()
      .from(rebateClaims)
      .where(eq(rebateClaims.memberId, memberId))
      .orderBy(desc(rebateClaims.periodEnd))
      .limit(1);
    return row;
  }

  /** Records a claim; false when another claim took the same period start first. */
  async insertClaim(tx: Database, claim: typeof rebateClaims.$inferInsert) {
    const rows = await tx
      .insert(rebateClaims)
      .values(claim)
      .onConflictDoNothing()
      .returning({ id: rebateClaims.id });
    return rows.length > 0;
  }

  /** Big wins settled recently, for the winner board: payout at least `multiple` times the stake. */
  async bigWins(since: Date, minPayout: number, multiple: number) {
    const result = await this.db.execute(sql`
      SELECT brand_id AS "brandId", vendor_code AS "vendor", round_id AS "roundId", member_id AS "memberId",
             game_code AS "gameCode", stake, payout, settled_at AS "settledAt"
      FROM vendor_rounds
      WHERE status = 'settled' AND settled_at > ${since} AND payout >= ${minPayout}
        AND payout >= stake * ${multiple} AND ${notTrial}
      ORDER BY settled_at
      LIMIT 200`);
    return rowsOf<{
      brandId: number;
      vendor: string;
      roundId: string;
      memberId: number;
      gameCode: string | null;
      stake: string | number;
      payout: string | number;
      settledAt: Date | string;
    }>(result).map((r) => ({
      ...r,
      stake: Number(r.stake),
      payout: Number(r.payout),
      settledAt: new Date(r.settledAt),
    }));
  }
}
