import { and, count, desc, eq, gte, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outOf, runWithAlongside } from '../../db/money-statement';
import { integerArrayLiteral, integerArrayOf } from '../../lib/pg-array';
import { memberBankAccounts, withdrawalProofs, withdrawals } from './payments.tables';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type BankAccountRow = typeof memberBankAccounts.$inferSelect;

/** Advisory lock space for a member's bank accounts (the second key is the member id). */
const BANK_ACCOUNTS_LOCK = 0x62616e6b;

/** Withdrawals, their proof pictures and the members' bank accounts. */
export class WithdrawalsRepository {
  constructor(private readonly db: Database) {}

  /** Each member's paid withdrawals per day of `timeZone`, paid in [from, to) (of `memberIds`). */
  async dailyTotals(brandId: number, from: Date, to: Date, timeZone: string, memberIds?: number[]) {
    const only = memberIds ? sql`AND member_id = ANY(${integerArrayLiteral(memberIds)}::integer[])` : sql``;
    const result = await this.db.execute(sql`
      SELECT member_id AS "memberId", (decided_at AT TIME ZONE ${timeZone})::date::text AS day,
             count(*)::int AS count, sum(amount)::bigint AS amount
      FROM withdrawals
      WHERE brand_id = ${brandId} AND status = 'paid' AND decided_at >= ${from} AND decided_at < ${to}
        ${only}
      GROUP BY 1, 2`);
    return (result as unknown as { rows: Array<Record<string, string | number>> }).rows.map((r) => ({
      memberId: Number(r.memberId),
      day: String(r.day),
      count: Number(r.count),
      amount: Number(r.amount),
    }));
  }

  bankAccounts(memberId: number) {
    return this.db
      .select()
      .from(memberBankAccounts)
      .where(and(eq(memberBankAccounts.memberId, memberId), isNull(memberBankAccounts.removedAt)))
      .orderBy(memberBankAccounts.id);
  }

  /**
   * Other members' bank accounts (kept or removed) with the same account number as one of this member's,
   * or the same holder name (case and spaces aside): the back office's linked accounts. At most `limit`.
   */
  async sharingBankDetails(memberId: number, limit: number) {
    const result = await this.db.execute(sql`
      WITH mine AS (
        SELECT account_number, lower(btrim(account_name)) AS holder FROM member_bank_accounts
        WHERE member_id = ${memberId})
      SELECT DISTINCT o.member_id AS "memberId",
             CASE WHEN o.account_number IN (SELECT account_number FROM mine) THEN 'bank_account'
                  ELSE 'payee_name' END AS kind,
             o.account_number AS "accountNumber", o.account_name AS "accountName"
      FROM member_bank_accounts o
      WHERE o.member_id <> ${memberId}
        AND (o.account_number IN (SELECT account_number FROM mine)
             OR lower(btrim(o.account_name)) IN (SELECT holder FROM mine))
      LIMIT ${limit}`);
    return (
      result as unknown as {
        rows: Array<{
          memberId: number;
          kind: 'bank_account' | 'payee_name';
          accountNumber: string;
          accountName: string;
        }>;
      }
    ).rows.map((r) => ({ ...r, memberId: Number(r.memberId) }));
  }

  /**
   * Account numbers and holder names (case and spaces aside) on the bank accounts of more than one member,
   * kept or removed; each group's members newest account first. At most `limit` groups, largest first.
   */
  async payeeGroups(limit: number) {
    const result = await this.db.execute(sql`
      WITH payees AS (
        SELECT member_id, 'bank_account' AS kind, account_number AS value, created_at FROM member_bank_accounts
        UNION ALL
        SELECT member_id, 'payee_name', lower(btrim(account_name)), created_at FROM member_bank_accounts),
      firsts AS (
        SELECT kind, value, member_id, min(created_at) AS at FROM payees GROUP BY kind, value, member_id)
      SELECT kind, value, array_agg(member_id ORDER BY member_id DESC) AS members
      FROM firsts GROUP BY kind, value HAVING count(*) > 1
      ORDER BY count(*) DESC, kind, value LIMIT ${limit}`);
    return (
      result as unknown as {
        rows: Array<{
          kind: 'bank_account' | 'payee_name';
          value: string;
          members: Array<number | string> | string;
        }>;
      }
    ).rows.map((r) => ({
      kind: r.kind,
      value: r.value,
      members: integerArrayOf(r.members),
    }));
  }

  async recentRequests(brandId: number, since: Date) {
    return this.db
      .select({
        memberId: withdrawals.memberId,
        reference: withdrawals.reference,
        amount: withdrawals.amount,
        createdAt: withdrawals.createdAt,
      })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.brandId, brandId),
          gte(withdrawals.createdAt, since),
          notInArray(withdrawals.status, ['cancelled', 'rejected']),
        ),
      )
      .orderBy(withdrawals.id)
      .limit(1000);
  }

  async bankAccount(memberId: number, id: number) {
    const [row] = await this.db
      .select()
      .from(memberBankAccounts)
      .where(
        and(
          eq(memberBankAccounts.id, id),
          eq(memberBankAccounts.memberId, memberId),
          isNull(memberBankAccounts.removedAt),
        ),
      );
    return row;
  }

  /**
   * Adds a bank account unless the member has `max` already. Additions sent at once take turns on a
   * lock held until commit: each counts what the one before it stored. False when the limit is reached.
   */
  async addBankAccount(
    memberId: number,
    body: {
      bankName: string;
      accountName: string;
      accountNumber: string;
      pixKeyType?: 'cpf' | 'email' | 'phone' | 'random';
    },
    max: number,
  ) {
    return this.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(${BANK_ACCOUNTS_LOCK}::integer, ${memberId}::integer)`,
      );
      const [stored] = await tx
        .select({ n: count() })
        .from(memberBankAccounts)
        .where(and(eq(memberBankAccounts.memberId, memberId), isNull(memberBankAccounts.removedAt)));
      if ((stored?.n ?? 0) >= max) return false;
      await tx.insert(memberBankAccounts).values({ memberId, ...body });
      return true;
    });
  }

  /** Marks a bank account removed; false when the member has no such account. */
  async removeBankAccount(memberId: number, id: number) {
    const removed = await this.db
      .update(memberBankAccounts)
      .set({ removedAt: sql`now()` })
      .where(
        and(
          eq(memberBankAccounts.id, id),
          eq(memberBankAccounts.memberId, memberId),
          isNull(memberBankAccounts.removedAt),
        ),
      )
      .returning({ id: memberBankAccounts.id });
    return removed.length > 0;
  }

  /** Withdrawals the member asked for since `since` that still count against the daily number. */
  async countSince(memberId: number, since: Date) {
    const [today] = await this.db
      .select({ n: count() })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.memberId, memberId),
          gte(withdrawals.createdAt, since),
          notInArray(withdrawals.status, ['rejected', 'cancelled']),
        ),
      );
    return today?.n ?? 0;
  }

  /** `withdrawal_request` (server/db/functions): the withdrawal and the hold of its amount in one statement. */
  async request(values: {
    brandId: number;
    memberId: number;
    reference: string;
    requestId: string;
    bank: Record<string, string>;
    amount: number;
    main: number;
    hold: number;
    dailyCount: number;
    startOfDay: Date;
    /** Why it waits for an operator's review instead of the queue; none: the queue. */
    review?: Record<string, string> | null;
  }) {
    const result = await this.db.execute(sql`SELECT withdrawal_request(
      ${values.brandId}::integer, ${values.memberId}::integer, ${values.reference}, ${values.requestId},
      ${JSON.stringify(values.bank)}::jsonb, ${values.amount}::bigint, ${values.main}::bigint,
      ${values.hold}::bigint, ${values.dailyCount}::integer, ${values.startOfDay.toISOString()}::timestamptz,
      ${values.review ? JSON.stringify(values.review) : null}::jsonb) AS out`);
    return outOf<{ reference: string; replayed: boolean }>(result);
  }

  /**
   * Paid withdrawals older than their brand's confirmation minutes become received (confirmation
   * 'auto'); how many did.
   */
  async autoConfirm(brands: Array<{ brandId: number; minutes: number }>) {
    if (brands.length === 0) return 0;
    const confirmed = await this.db.execute(sql`
      UPDATE withdrawals w SET status = 'received', confirmation = 'auto', updated_at = now()
      FROM unnest(${integerArrayLiteral(brands.map((b) => b.brandId))}::integer[],
                  ${integerArrayLiteral(brands.map((b) => b.minutes))}::integer[]) AS rule(brand_id, minutes)
      WHERE w.brand_id = rule.brand_id AND w.status = 'paid'
        AND w.decided_at < now() - make_interval(mins => rule.minutes)
      RETURNING w.id`);
    return (confirmed as unknown as { rows: unknown[] }).rows.length;
  }

  list(memberId: number, status: string | undefined, limit: number) {
    return this.db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.memberId, memberId), status ? eq(withdrawals.status, status) : undefined))
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(limit);
  }

  async byReference(brandId: number, reference: string) {
    const [row] = await this.db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.brandId, brandId), eq(withdrawals.reference, reference)));
    return row;
  }

  /**
   * `withdrawal_decide` (server/db/functions): the state change and its money in one statement, and
   * what must commit with it (`alongside`, not run on a replay) in the same transaction.
   */
  async decide(
    values: {
      id: number;
      to: string;
      from: string[];
      operatorId: number | null;
      reason: string | null;
      kind: string;
      accounts: string;
      amounts: string;
    },
    alongside?: (tx: Database) => Promise<void>,
  ) {
    const statement = sql`SELECT withdrawal_decide(
      ${values.id}::bigint, ${values.to}, ${`{${values.from.join(',')}}`}::text[],
      ${values.operatorId}::integer, ${values.reason}, ${values.kind},
      ${values.accounts}::bigint[], ${values.amounts}::bigint[]) AS out`;
    return runWithAlongside<{ replayed: boolean }>(this.db, statement, alongside);
  }

  async recordConfirmation(id: number, confirmation: string, proof: string | null) {
    await this.db.update(withdrawals).set({ confirmation, proof }).where(eq(withdrawals.id, id));
  }

  /**
   * Stores proof pictures for the member's withdrawal. The withdrawal's row is locked first, so uploads
   * sent at once take turns: `check` sees the status and what the one before stored, and may refuse.
   */
  async addProofs(
    brandId: number,
    reference: string,
    check: (row: { memberId: number; status: string } | undefined, stored: number) => void,
    files: Array<{ mime: string; data: Buffer }>,
  ) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: withdrawals.id, memberId: withdrawals.memberId, status: withdrawals.status })
        .from(withdrawals)
        .where(and(eq(withdrawals.brandId, brandId), eq(withdrawals.reference, reference)))
        .for('no key update');
      const [existing] = row
        ? await tx
            .select({ n: count() })
            .from(withdrawalProofs)
            .where(eq(withdrawalProofs.withdrawalId, row.id))
        : [];
      const stored = existing?.n ?? 0;
      check(row, stored);
      if (row && files.length > 0) {
        await tx.insert(withdrawalProofs).values(files.map((f) => ({ withdrawalId: row.id, ...f })));
      }
      return stored + files.length;
    });
  }

  async proofImage(brandId: number, id: number) {
    const [found] = await this.db
      .select({ mime: withdrawalProofs.mime, data: withdrawalProofs.data })
      .from(withdrawalProofs)
      .innerJoin(withdrawals, eq(withdrawals.id, withdrawalProofs.withdrawalId))
      .where(and(eq(withdrawalProofs.id, id), eq(withdrawals.brandId, brandId)));
    return found;
  }

  /** Withdrawals of a brand in a status, oldest first. */
  queue(brandId: number, status: string, limit: number) {
    return this.db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.brandId, brandId), eq(withdrawals.status, status)))
      .orderBy(withdrawals.createdAt)
      .limit(limit);
  }

  /** The proof pictures of these withdrawals (ids only). */
  proofIds(withdrawalIds: number[]) {
    if (withdrawalIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: withdrawalProofs.id, withdrawalId: withdrawalProofs.withdrawalId })
      .from(withdrawalProofs)
      .where(inArray(withdrawalProofs.withdrawalId, withdrawalIds));
  }
}
