import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { runWithAlongside } from '../../db/money-statement';
import { integerArrayLiteral } from '../../lib/pg-array';
import { deposits, paymentMethods } from './payments.tables';

export type DepositRow = typeof deposits.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

export type PaymentMethodInsert = typeof paymentMethods.$inferInsert;
export type PaymentMethodPatch = Partial<Omit<PaymentMethodInsert, 'id' | 'brandId' | 'code' | 'kind'>>;

export class PaymentsRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in one transaction, with this repository bound to it (a change and its audit row). */
  transaction<T>(work: (repo: PaymentsRepository, tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new PaymentsRepository(tx), tx));
  }

  /** Every method of the brand, switched off ones too, in the members' order (the back office). */
  async allMethods(brandId: number) {
    return this.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.brandId, brandId))
      .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.id));
  }

  /** Every method of the brand, locked until the transaction ends (read it inside `transaction`). */
  async lockedMethods(brandId: number) {
    return this.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.brandId, brandId))
      .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.id))
      .for('update');
  }

  /** Adds a method; undefined when the brand already has one with its code. */
  async insertMethod(row: PaymentMethodInsert) {
    const [created] = await this.db.insert(paymentMethods).values(row).onConflictDoNothing().returning();
    return created;
  }

  async updateMethod(brandId: number, id: number, patch: PaymentMethodPatch) {
    const [row] = await this.db
      .update(paymentMethods)
      .set(patch)
      .where(and(eq(paymentMethods.brandId, brandId), eq(paymentMethods.id, id)))
      .returning();
    return row;
  }

  /** Numbers the brand's methods 1, 2, 3... in the order of `ids`. */
  async setOrder(brandId: number, ids: number[]) {
    if (ids.length === 0) return;
    await this.db.execute(sql`
      UPDATE payment_methods SET sort_order = o.position
      FROM unnest(${`{${ids.join(',')}}`}::int[]) WITH ORDINALITY AS o(id, position)
      WHERE payment_methods.id = o.id AND payment_methods.brand_id = ${brandId}`);
  }

  /** Each member's credited deposits per day of `timeZone`, credited in [from, to) (of `memberIds`). */
  async dailyTotals(brandId: number, from: Date, to: Date, timeZone: string, memberIds?: number[]) {
    const only = memberIds ? sql`AND member_id = ANY(${integerArrayLiteral(memberIds)}::integer[])` : sql``;
    const result = await this.db.execute(sql`
      SELECT member_id AS "memberId", (updated_at AT TIME ZONE ${timeZone})::date::text AS day,
             count(*)::int AS count, sum(amount)::bigint AS amount
      FROM deposits
      WHERE brand_id = ${brandId} AND status = 'credited' AND updated_at >= ${from} AND updated_at < ${to}
        ${only}
      GROUP BY 1, 2`);
    return (result as unknown as { rows: Array<Record<string, string | number>> }).rows.map((r) => ({
      memberId: Number(r.memberId),
      day: String(r.day),
      count: Number(r.count),
      amount: Number(r.amount),
    }));
  }

  /**
   * Members' first credited deposits credited in [from, to), per day of `timeZone`: how many and their
   * amount (the back office's reports). A member's first is its earliest credited deposit ever.
   */
  async firstDeposits(brandId: number, from: Date, to: Date, timeZone: string) {
    const result = await this.db.execute(sql`
      SELECT (d.updated_at AT TIME ZONE ${timeZone})::date::text AS day,
             count(*)::int AS count, sum(d.amount)::bigint AS amount
      FROM deposits d
      WHERE d.brand_id = ${brandId} AND d.status = 'credited' AND d.updated_at >= ${from} AND d.updated_at < ${to}
        AND NOT EXISTS (
          SELECT 1 FROM deposits e
          WHERE e.member_id = d.member_id AND e.status = 'credited'
            AND (e.updated_at, e.id) < (d.updated_at, d.id))
      GROUP BY 1`);
    return (result as unknown as { rows: Array<Record<string, string | number>> }).rows.map((r) => ({
      day: String(r.day),
      count: Number(r.count),
      amount: Number(r.amount),
    }));
  }

  async methods(brandId: number) {
    return this.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.brandId, brandId), eq(paymentMethods.active, true)))
      .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.id));
  }

  async method(brandId: number, code: string) {
    const [row] = await this.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.brandId, brandId), eq(paymentMethods.code, code)));
    return row;
  }

  /** Creates the deposit, or returns the one this request already made. */
  async createDeposit(row: typeof deposits.$inferInsert): Promise<DepositRow> {
    const [created] = await this.db.insert(deposits).values(row).onConflictDoNothing().returning();
    if (created) return created;
    const [existing] = await this.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.memberId, row.memberId), eq(deposits.requestId, row.requestId)));
    return existing!;
  }

  /** Pending PIX deposits whose charge expired at or before `at` (oldest first, at most `limit`). */
  async expiredCharges(at: Date, limit: number) {
    return this.db
      .select()
      .from(deposits)
      .where(
        and(
          eq(deposits.status, 'pending'),
          sql`(${deposits.pix} ->> 'expiresAt') IS NOT NULL`,
          sql`(${deposits.pix} ->> 'expiresAt')::bigint <= ${at.getTime()}`,
        ),
      )
      .orderBy(asc(deposits.id))
      .limit(limit);
  }

  /**
   * Credited deposits with their place among the member's credited ones (1: the first), by the time each
   * was credited: one deposit by id, or the brand's credited since `since`, oldest first.
   */
  async credited(brandId: number, filter: { id: number } | { since: Date }) {
    const wanted = (alias: string) =>
      'id' in filter
        ? sql`${sql.raw(alias)}.id = ${filter.id}`
        : sql`${sql.raw(alias)}.updated_at >= ${filter.since.toISOString()}`;
    const result = await this.db.execute(sql`
      WITH wanted AS (
        SELECT DISTINCT member_id FROM deposits d
        WHERE d.brand_id = ${brandId} AND d.status = 'credited' AND ${wanted('d')}
      )
      SELECT * FROM (
        SELECT d.id, d.member_id, d.amount, d.updated_at,
               row_number() OVER (PARTITION BY d.member_id ORDER BY d.updated_at, d.id)::int AS nth
        FROM deposits d JOIN wanted w ON w.member_id = d.member_id
        WHERE d.brand_id = ${brandId} AND d.status = 'credited'
      ) ranked
      WHERE ${wanted('ranked')}
      ORDER BY ranked.updated_at, ranked.id`);
    type Row = {
      id: string | number;
      member_id: number;
      amount: string | number;
      updated_at: string | Date;
      nth: number;
    };
    return (result as unknown as { rows: Row[] }).rows.map((r) => ({
      id: Number(r.id),
      memberId: Number(r.member_id),
      amount: Number(r.amount),
      creditedAt: new Date(r.updated_at),
      nth: Number(r.nth),
    }));
  }

  async deposit(brandId: number, reference: string) {
    const [row] = await this.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.brandId, brandId), eq(deposits.reference, reference)));
    return row;
  }

  async memberDeposits(memberId: number, status: string | undefined, limit: number) {
    return this.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.memberId, memberId), status ? eq(deposits.status, status) : undefined))
      .orderBy(desc(deposits.createdAt), desc(deposits.id))
      .limit(limit);
  }

  /**
   * `deposit_settle` (server/db/functions): the status change and its money in one statement, and what
   * must commit with it (`alongside`, not run on a replay) in the same transaction.
   */
  async settle(
    values: {
      id: number;
      to: string;
      from: string[];
      reason: string | null;
      decidedBy: number | null;
      gatewayReference: string | null;
      fingerprint: string;
      accounts: string;
      amounts: string;
    },
    alongside?: (tx: Database) => Promise<void>,
  ) {
    const statement = sql`SELECT deposit_settle(
      ${values.id}::bigint, ${values.to}, ${`{${values.from.join(',')}}`}::text[],
      ${values.reason}, ${values.decidedBy}::integer, ${values.gatewayReference},
      ${values.fingerprint}, ${values.accounts}::bigint[], ${values.amounts}::bigint[]) AS out`;
    return runWithAlongside<{ status: string; replayed: boolean }>(this.db, statement, alongside);
  }

  /** Deposits of a brand in a status, oldest first (the operator's queue). */
  queue(brandId: number, status: string, limit: number) {
    return this.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.brandId, brandId), eq(deposits.status, status)))
      .orderBy(deposits.createdAt)
      .limit(limit);
  }
}
