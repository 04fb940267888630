import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { ContractTerms } from '../../../src/api/contract/agents';
import type { Database } from '../../db/client';
import { integerArrayLiteral } from '../../lib/pg-array';
import { agentBills } from './agents.tables';

export type BillRow = typeof agentBills.$inferSelect;
export type NewBill = typeof agentBills.$inferInsert;
/** A contract a settlement run pays. */
export interface DueContract {
  id: number;
  kind: string;
  uplineId: number | null;
  memberId: number;
  terms: ContractTerms;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Bills, and the figures a settlement run reads (the downline through member_subtree). */
export class SettlementRepository {
  constructor(private readonly db: Database) {}

  /**
   * Contracts of a kind in force now that were already in force when the period began, without a bill for
   * the period (dividends: of this pay period only).
   */
  async due(brandId: number, kind: string, periodKey: string, periodStart: Date, payPeriod?: string) {
    const result = await this.db.execute(sql`
      SELECT c.id FROM agent_contracts c
      WHERE c.brand_id = ${brandId} AND c.kind = ${kind}
        AND c.status IN ('active', 'termination_requested') AND c.decided_at <= ${periodStart}
        ${payPeriod ? sql`AND c.terms->>'payPeriod' = ${payPeriod}` : sql``}
        AND NOT EXISTS (SELECT 1 FROM agent_bills b WHERE b.contract_id = c.id AND b.period_key = ${periodKey})`);
    const ids = rowsOf<{ id: number }>(result).map((r) => Number(r.id));
    if (ids.length === 0) return [] as DueContract[];
    const rows = await this.db.execute(sql`
      SELECT id, kind, upline_id AS "uplineId", member_id AS "memberId", terms
      FROM agent_contracts WHERE id = ANY(${integerArrayLiteral(ids)}::bigint[])`);
    return rowsOf<DueContract>(rows).map((r) => ({
      ...r,
      id: Number(r.id),
      uplineId: r.uplineId === null ? null : Number(r.uplineId),
      memberId: Number(r.memberId),
    }));
  }

  /**
   * Each contract's team over a period from the members' own figures: the member holding it and everyone
   * below, their valid bets and result added up, and how many reached the contract's bet for an active
   * member.
   */
  async teamTotals(
    contracts: Array<{ id: number; memberId: number; minActiveBet: number }>,
    figures: Array<{ memberId: number; validBet: number; profit: number }>,
  ) {
    if (contracts.length === 0)
      return new Map<number, { validBet: number; profit: number; active: number }>();
    const result = await this.db.execute(sql`
      WITH f AS (
        SELECT * FROM unnest(${integerArrayLiteral(figures.map((f) => f.memberId))}::integer[],
                             ${integerArrayLiteral(figures.map((f) => f.validBet))}::bigint[],
                             ${integerArrayLiteral(figures.map((f) => f.profit))}::bigint[])
          AS f(member_id, valid_bet, profit)
      ),
      c AS (
        SELECT * FROM unnest(${integerArrayLiteral(contracts.map((c) => c.id))}::bigint[],
                             ${integerArrayLiteral(contracts.map((c) => c.memberId))}::integer[],
                             ${integerArrayLiteral(contracts.map((c) => c.minActiveBet))}::bigint[])
          AS c(id, holder, min_active)
      )
      SELECT c.id, coalesce(sum(f.valid_bet), 0)::bigint AS "validBet", coalesce(sum(f.profit), 0)::bigint AS profit,
             count(f.member_id) FILTER (WHERE f.valid_bet > 0 AND f.valid_bet >= c.min_active)::int AS active
      FROM c
      CROSS JOIN LATERAL member_subtree(c.holder, 0) s
      LEFT JOIN f ON f.member_id = s.member_id
      GROUP BY c.id`);
    return new Map(
      rowsOf<{ id: number; validBet: number; profit: number; active: number }>(result).map((r) => [
        Number(r.id),
        { validBet: Number(r.validBet), profit: Number(r.profit), active: Number(r.active) },
      ]),
    );
  }

  /** Each contract's carry-over from its latest bill (dividends). */
  async carries(contractIds: number[]) {
    if (contractIds.length === 0) return new Map<number, number>();
    const result = await this.db.execute(sql`
      SELECT DISTINCT ON (contract_id) contract_id AS id, carry_out AS carry
      FROM agent_bills WHERE contract_id = ANY(${integerArrayLiteral(contractIds)}::bigint[])
      ORDER BY contract_id, period_start DESC`);
    return new Map(rowsOf<{ id: number; carry: number }>(result).map((r) => [Number(r.id), Number(r.carry)]));
  }

  /** Records a bill unless its contract already has one for the period (a rerun, another process). */
  /** Bills written together; those already there (another run's) are left as they are. */
  async insertMany(bills: NewBill[]) {
    for (let i = 0; i < bills.length; i += 1_000)
      await this.db
        .insert(agentBills)
        .values(bills.slice(i, i + 1_000))
        .onConflictDoNothing();
  }

  async insert(bill: NewBill): Promise<BillRow | null> {
    const [row] = await this.db.insert(agentBills).values(bill).onConflictDoNothing().returning();
    return row ?? null;
  }

  /**
   * The bill of money that just moved (in its transaction): a new bill, or one recorded unpaid meanwhile by
   * another run (whose payer could not cover it then) now paid.
   */
  async recordPaid(bill: Omit<NewBill, 'status'>) {
    await this.db
      .insert(agentBills)
      .values({ ...bill, status: 'paid', paidAt: new Date() })
      .onConflictDoUpdate({
        target: [agentBills.contractId, agentBills.periodKey],
        set: { status: 'paid', paidAt: sql`now()` },
        setWhere: sql`${agentBills.status} = 'unpaid'`,
      });
  }

  async unpaid(brandId: number, limit = 500) {
    return this.db
      .select()
      .from(agentBills)
      .where(and(eq(agentBills.brandId, brandId), eq(agentBills.status, 'unpaid')))
      .orderBy(agentBills.id)
      .limit(limit);
  }

  /** An unpaid bill now paid (in the transaction that moved its money). */
  async markPaid(billId: number) {
    const [row] = await this.db
      .update(agentBills)
      .set({ status: 'paid', paidAt: sql`now()`, attempts: sql`${agentBills.attempts} + 1` })
      .where(and(eq(agentBills.id, billId), eq(agentBills.status, 'unpaid')))
      .returning();
    return row ?? null;
  }

  async countAttempt(billId: number) {
    await this.db
      .update(agentBills)
      .set({ attempts: sql`${agentBills.attempts} + 1` })
      .where(and(eq(agentBills.id, billId), eq(agentBills.status, 'unpaid')));
  }

  /** A member's bills, received or paid, newest first. */
  async ofMember(
    memberId: number,
    filter: { kind?: string; role: 'received' | 'paid' | 'all' },
    page: { offset: number; limit: number },
  ) {
    const side =
      filter.role === 'received'
        ? eq(agentBills.payeeId, memberId)
        : filter.role === 'paid'
          ? eq(agentBills.payerId, memberId)
          : or(eq(agentBills.payeeId, memberId), eq(agentBills.payerId, memberId));
    const where = and(side, filter.kind ? eq(agentBills.kind, filter.kind) : undefined);
    const [items, [total]] = await Promise.all([
      this.db
        .select()
        .from(agentBills)
        .where(where)
        .orderBy(desc(agentBills.periodStart), desc(agentBills.id))
        .offset(page.offset)
        .limit(page.limit),
      this.db.select({ n: sql<number>`count(*)::int` }).from(agentBills).where(where),
    ]);
    return { items, total: Number(total?.n ?? 0) };
  }

  /**
   * What a member's bills moved in [from, to) by the day they were paid (in `timeZone`) and kind: what it
   * received and what it paid its downline (agentRevenueReport).
   */
  async revenue(memberId: number, from: Date, to: Date, timeZone: string) {
    const result = await this.db.execute(sql`
      SELECT (paid_at AT TIME ZONE ${timeZone})::date::text AS day, kind,
             coalesce(sum(amount) FILTER (WHERE payee_id = ${memberId}), 0)::bigint AS received,
             coalesce(sum(amount) FILTER (WHERE payer_id = ${memberId}), 0)::bigint AS paid,
             count(*)::int AS bills
      FROM agent_bills
      WHERE (payee_id = ${memberId} OR payer_id = ${memberId}) AND status = 'paid'
        AND paid_at >= ${from} AND paid_at < ${to}
      GROUP BY 1, 2`);
    return (result as unknown as { rows: Record<string, string | number>[] }).rows.map((r) => ({
      day: String(r.day),
      kind: String(r.kind),
      received: Number(r.received),
      paid: Number(r.paid),
      bills: Number(r.bills),
    }));
  }

  /** The brand's settlement runs: each kind's period with its bills counted, the latest periods first. */
  async runs(brandId: number, kind: string | undefined, page: { offset: number; limit: number }) {
    const result = await this.db.execute(sql`
      SELECT kind, period_key AS "periodKey", min(period_start) AS "periodStart", min(period_end) AS "periodEnd",
             count(*)::int AS bills,
             count(*) FILTER (WHERE status = 'paid')::int AS paid,
             count(*) FILTER (WHERE status = 'unpaid')::int AS unpaid,
             count(*) FILTER (WHERE status = 'nothing')::int AS nothing,
             coalesce(sum(amount) FILTER (WHERE status = 'paid'), 0)::bigint AS "paidAmount",
             coalesce(sum(amount) FILTER (WHERE status = 'unpaid'), 0)::bigint AS "owedAmount",
             max(coalesce(paid_at, created_at)) AS "lastAt",
             count(*) OVER ()::int AS total
      FROM agent_bills
      WHERE brand_id = ${brandId} ${kind ? sql`AND kind = ${kind}` : sql``}
      GROUP BY kind, period_key
      ORDER BY min(period_start) DESC, kind
      OFFSET ${page.offset} LIMIT ${page.limit}`);
    const rows = (result as unknown as { rows: Record<string, string | number | Date>[] }).rows;
    return {
      total: rows.length > 0 ? Number(rows[0]!.total) : 0,
      items: rows.map((r) => ({
        kind: String(r.kind),
        periodKey: String(r.periodKey),
        periodStart: new Date(r.periodStart as string),
        periodEnd: new Date(r.periodEnd as string),
        bills: Number(r.bills),
        paid: Number(r.paid),
        unpaid: Number(r.unpaid),
        nothing: Number(r.nothing),
        paidAmount: Number(r.paidAmount),
        owedAmount: Number(r.owedAmount),
        lastAt: new Date(r.lastAt as string),
      })),
    };
  }

  /** One run's bills, the largest first. */
  async ofRun(brandId: number, kind: string, periodKey: string, page: { offset: number; limit: number }) {
    const where = and(
      eq(agentBills.brandId, brandId),
      eq(agentBills.kind, kind),
      eq(agentBills.periodKey, periodKey),
    );
    const [items, [total]] = await Promise.all([
      this.db
        .select()
        .from(agentBills)
        .where(where)
        .orderBy(desc(agentBills.amount), desc(agentBills.id))
        .offset(page.offset)
        .limit(page.limit),
      this.db.select({ n: sql<number>`count(*)::int` }).from(agentBills).where(where),
    ]);
    return { items, total: Number(total?.n ?? 0) };
  }
}
