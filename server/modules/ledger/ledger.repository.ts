import { and, desc, eq, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { runWithAlongside } from '../../db/money-statement';
import { bind, type RawRunner, rawRunner } from '../../db/raw-statement';
import { integerArrayLiteral, textArrayLiteral } from '../../lib/pg-array';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.tables';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Each invariant of the ledger as a query listing what breaks it (empty when it holds). */
const INVARIANTS: Array<{ name: string; query: ReturnType<typeof sql> }> = [
  {
    // Checked here rather than by foreign keys, which cost the hot path a fifth of its time (0017).
    name: 'each posting names an existing account and transaction',
    query: sql`SELECT e.id::text AS id, 'account ' || e.account_id::text || ', transaction '
        || e.transaction_id::text AS detail
      FROM ledger_entries e
      WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = e.account_id)
        OR NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = e.transaction_id) LIMIT 20`,
  },
  {
    name: 'postings of a transaction sum to zero',
    query: sql`SELECT transaction_id::text AS id, sum(amount)::text AS detail
      FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0 LIMIT 20`,
  },
  {
    name: 'a movement has two or more postings (or none, for a void marker or an empty reversal)',
    query: sql`SELECT t.id::text AS id, count(e.id)::text AS detail
      FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
      GROUP BY t.id HAVING count(e.id) = 1 LIMIT 20`,
  },
  {
    name: 'each stored balance equals the sum of its postings',
    query: sql`SELECT a.id::text AS id, a.balance::text || ' <> ' || coalesce(sum(e.amount), 0)::text AS detail
      FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
      WHERE a.floor IS NOT NULL GROUP BY a.id HAVING a.balance <> coalesce(sum(e.amount), 0) LIMIT 20`,
  },
  {
    name: 'no stored balance below its floor, and none at any point of its history',
    query: sql`SELECT a.id::text AS id, min(e.balance_after)::text AS detail
      FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
      WHERE a.floor IS NOT NULL GROUP BY a.id, a.floor, a.balance
      HAVING min(e.balance_after) < a.floor OR a.balance < a.floor LIMIT 20`,
  },
  {
    name: "each account's version chain is complete and replays to its balance",
    query: sql`SELECT account_id::text AS id, 'version ' || version::text AS detail FROM (
        SELECT e.account_id, e.version, e.amount, e.balance_after,
          lag(e.balance_after) OVER w AS previous, row_number() OVER w AS n
        FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE a.floor IS NOT NULL WINDOW w AS (PARTITION BY e.account_id ORDER BY e.version)
      ) chain
      WHERE version <> n OR balance_after <> coalesce(previous, 0) + amount
      UNION ALL
      SELECT a.id::text, 'version ' || a.version::text || ' of ' || count(e.id)::text || ' postings, balance '
        || a.balance::text || ' after the last ' || coalesce(max(e.balance_after) FILTER (WHERE e.version = a.version), 0)::text
      FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
      WHERE a.floor IS NOT NULL GROUP BY a.id
      HAVING a.version <> count(e.id)
        OR a.balance <> coalesce(max(e.balance_after) FILTER (WHERE e.version = a.version), 0)
      LIMIT 20`,
  },
  {
    name: 'derived (house) accounts carry no stored balance',
    query: sql`SELECT id::text AS id, balance::text AS detail FROM ledger_accounts
      WHERE floor IS NULL AND (balance <> 0 OR version <> 0) LIMIT 20`,
  },
  {
    name: 'each idempotency key is applied once',
    query: sql`SELECT idempotency_key AS id, count(*)::text AS detail FROM ledger_transactions
      GROUP BY brand_id, idempotency_key HAVING count(*) > 1 LIMIT 20`,
  },
  {
    name: 'a movement is given back at most once, by exactly its opposite',
    query: sql`SELECT r.id::text AS id, 'reverses ' || r.reverses_id::text AS detail
      FROM ledger_transactions r
      WHERE r.reverses_id IS NOT NULL AND EXISTS (
        SELECT e.account_id, e.amount FROM ledger_entries e WHERE e.transaction_id = r.reverses_id
        EXCEPT ALL
        SELECT e.account_id, -e.amount FROM ledger_entries e WHERE e.transaction_id = r.id
      ) LIMIT 20`,
  },
];

/** The write functions, as parameterised statements (docs/money.md, server/db/functions). */
export const LEDGER_STATEMENTS = {
  ledger_post: 'SELECT ledger_post($1::integer, $2, $3, $4, $5::jsonb, $6::bigint[], $7::bigint[]) AS out',
  vendor_bet:
    'SELECT vendor_bet($1::integer, $2, $3, $4::integer, $5, $6, $7::jsonb, $8::bigint[], $9::bigint[]) AS out',
  vendor_win:
    'SELECT vendor_win($1::integer, $2, $3, $4::integer, $5, $6, $7::jsonb, $8::bigint[], $9::bigint[]) AS out',
  vendor_batch: `SELECT vendor_batch($1::text[], $2::integer[], $3::text[], $4::text[], $5::integer[], $6::text[],
    $7::text[], $8::jsonb[], $9::bigint[], $10::bigint[], $11::bigint[]) AS out`,
} as const;
export type LedgerStatement = keyof typeof LEDGER_STATEMENTS;

/** The ledger's tables and write functions; the `Ledger` service is the only caller. */
export class LedgerRepository {
  /** The driver under Drizzle: the hot path skips query building and, on PostgreSQL, reuses its plan. */
  private readonly raw: RawRunner | null;

  constructor(private readonly db: Database) {
    this.raw = rawRunner(db);
  }

  /** The main-wallet balances of these members (those without a wallet yet have none). */
  async mainBalances(brandId: number, memberIds: number[]) {
    if (memberIds.length === 0) return new Map<number, number>();
    const result = await this.db.execute(sql`
      SELECT member_id AS "memberId", balance::bigint AS balance FROM ledger_accounts
      WHERE brand_id = ${brandId} AND kind = 'main' AND member_id = ANY(${integerArrayLiteral(memberIds)}::integer[])`);
    return new Map(
      rowsOf<{ memberId: number; balance: string | number }>(result).map((r) => [
        Number(r.memberId),
        Number(r.balance),
      ]),
    );
  }

  /** These members' main wallets: account id, balance and version (those without a wallet yet have none). */
  async mainWallets(brandId: number, memberIds: number[]) {
    if (memberIds.length === 0) return [];
    const result = await this.db.execute(sql`
      SELECT member_id AS "memberId", id, balance::bigint AS balance, version::bigint AS version
      FROM ledger_accounts
      WHERE brand_id = ${brandId} AND kind = 'main' AND member_id = ANY(${integerArrayLiteral(memberIds)}::integer[])`);
    return rowsOf<Record<string, string | number>>(result).map((r) => ({
      memberId: Number(r.memberId),
      accountId: Number(r.id),
      balance: Number(r.balance),
      version: Number(r.version),
    }));
  }

  /** The main wallets of `agentId`'s whole downline added up (the team overview), in one statement. */
  async teamMainBalance(brandId: number, agentId: number) {
    const result = await this.db.execute(sql`
      SELECT coalesce(sum(a.balance), 0)::bigint AS total
      FROM member_subtree(${agentId}, 1) s
      JOIN ledger_accounts a ON a.member_id = s.member_id AND a.kind = 'main' AND a.brand_id = ${brandId}`);
    return Number(rowsOf<{ total: string | number }>(result)[0]?.total ?? 0);
  }

  /** Whether one statement can carry a whole batch of vendor movements (a driver is reachable). */
  get canBatch() {
    return this.raw !== null;
  }

  /** Runs one of the write functions and gives back its `out` value. */
  async run<T>(fn: LedgerStatement, values: unknown[]): Promise<T> {
    const text = LEDGER_STATEMENTS[fn];
    const result = this.raw
      ? await this.raw(`ledger_${fn}`, text, values)
      : await this.db.execute(sql.raw(bind(text, values)));
    return rowsOf<{ out: T }>(result)[0]!.out;
  }

  /**
   * `ledger_post` and what must commit with it, in one transaction. `alongside` gets the transaction
   * and the function's answer; it is for the caller's own rows (an operator's audit row).
   */
  async postInTransaction<T extends { replayed: boolean }>(
    values: {
      brandId: number;
      key: string;
      kind: string;
      fingerprint: string;
      meta: string;
      accounts: string;
      amounts: string;
    },
    alongside: (tx: Database, out: T) => Promise<void>,
  ): Promise<T> {
    const statement = sql`SELECT ledger_post(${values.brandId}::integer, ${values.key},
      ${values.kind}, ${values.fingerprint}, ${values.meta}::jsonb, ${values.accounts}::bigint[],
      ${values.amounts}::bigint[]) AS out`;
    return runWithAlongside<T>(this.db, statement, alongside);
  }

  async reverse<T>(values: {
    brandId: number;
    targetKey: string;
    key: string;
    fingerprint: string;
    meta: string;
  }): Promise<T> {
    const result = await this.db.execute(sql`SELECT ledger_reverse(
      ${values.brandId}::integer, ${values.targetKey}, ${values.key},
      ${values.fingerprint}, ${values.meta}::jsonb) AS out`);
    return rowsOf<{ out: T }>(result)[0]!.out;
  }

  /** A vendor's rollback: `ledger_reverse` and the refund on the bet's round, in one statement. */
  async reverseInRound<T>(values: {
    brandId: number;
    vendor: string;
    roundId: string;
    memberId: number;
    targetKey: string;
    key: string;
    fingerprint: string;
    meta: string;
  }): Promise<T> {
    const result = await this.db.execute(sql`SELECT vendor_rollback(
      ${values.brandId}::integer, ${values.vendor}, ${values.roundId}, ${values.memberId}::integer,
      ${values.targetKey}, ${values.key}, ${values.fingerprint}, ${values.meta}::jsonb) AS out`);
    return rowsOf<{ out: T }>(result)[0]!.out;
  }

  /** The id of an account, made on first use (a member wallet with a floor of zero, a house one with none). */
  async ensureAccount(account: { brandId: number; memberId: number | null; kind: string; currency: string }) {
    await this.db
      .insert(ledgerAccounts)
      .values({ ...account, floor: account.memberId === null ? null : 0 })
      .onConflictDoNothing();
    const [row] = await this.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.brandId, account.brandId),
          account.memberId === null
            ? isNull(ledgerAccounts.memberId)
            : eq(ledgerAccounts.memberId, account.memberId),
          eq(ledgerAccounts.kind, account.kind),
        ),
      );
    return row!.id;
  }

  /** Many members' wallets of one kind, made on first use: member id → account id. */
  async ensureMemberAccounts(brandId: number, memberIds: number[], kind: string, currency: string) {
    if (memberIds.length === 0) return new Map<number, number>();
    await this.db
      .insert(ledgerAccounts)
      .values(memberIds.map((memberId) => ({ brandId, memberId, kind, currency, floor: 0 })))
      .onConflictDoNothing();
    const rows = await this.db
      .select({ id: ledgerAccounts.id, memberId: ledgerAccounts.memberId })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.brandId, brandId),
          inArray(ledgerAccounts.memberId, memberIds),
          eq(ledgerAccounts.kind, kind),
        ),
      );
    return new Map(rows.map((r) => [r.memberId!, r.id]));
  }

  /** Stored balance of a member wallet; a derived account's balance is the sum of its postings. */
  async balance(accountId: number): Promise<number | null> {
    const result = await this.db.execute(sql`
      SELECT CASE WHEN a.floor IS NULL
        THEN (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e WHERE e.account_id = a.id)
        ELSE a.balance END::bigint AS balance
      FROM ledger_accounts a WHERE a.id = ${accountId}`);
    const row = rowsOf<{ balance: string | number }>(result)[0];
    return row ? Number(row.balance) : null;
  }

  /** Stored balances of all a member's wallets, by kind. */
  async memberBalances(memberId: number) {
    const rows = await this.db
      .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.memberId, memberId));
    return new Map(rows.map((r) => [r.kind, r.balance]));
  }

  /** A member's postings, newest first, with the movement each belongs to. */
  async records(
    memberId: number,
    filter: {
      kinds?: string[];
      from?: Date;
      to?: Date;
      before?: number;
      limit: number;
      /** Only the movements of one vendor round. */
      round?: { vendor: string; roundId: string };
    },
  ) {
    return this.db
      .select({
        id: ledgerEntries.id,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
        createdAt: ledgerEntries.createdAt,
        wallet: ledgerAccounts.kind,
        kind: ledgerTransactions.kind,
        meta: ledgerTransactions.meta,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(
        and(
          eq(ledgerAccounts.memberId, memberId),
          filter.kinds ? inArray(ledgerTransactions.kind, filter.kinds) : undefined,
          filter.from ? gte(ledgerEntries.createdAt, filter.from) : undefined,
          filter.to ? lte(ledgerEntries.createdAt, filter.to) : undefined,
          filter.before ? lt(ledgerEntries.id, filter.before) : undefined,
          filter.round
            ? sql`${ledgerTransactions.meta}->>'vendor' = ${filter.round.vendor} AND ${ledgerTransactions.meta}->>'round' = ${filter.round.roundId}`
            : undefined,
        ),
      )
      .orderBy(desc(ledgerEntries.id))
      .limit(filter.limit);
  }

  /**
   * The postings of `agentId`'s downline (every level, or one member by username), newest first, each
   * with its member's username: the agent centre's account details. The tree is the accounts module's
   * published member_subtree.
   */
  async teamRecords(
    agentId: number,
    filter: { username?: string; kinds?: string[]; from: Date; to: Date; before?: number; limit: number },
  ) {
    const parts: SQL[] = [sql`e.created_at >= ${filter.from}`, sql`e.created_at < ${filter.to}`];
    if (filter.username) parts.push(sql`s.username = ${filter.username}`);
    if (filter.kinds) parts.push(sql`t.kind = ANY(${textArrayLiteral(filter.kinds)}::text[])`);
    if (filter.before) parts.push(sql`e.id < ${filter.before}`);
    const result = await this.db.execute(sql`
      SELECT e.id, e.amount, e.balance_after AS "balanceAfter", e.created_at AS "createdAt",
             a.kind AS wallet, t.kind, t.meta, s.username
      FROM member_subtree(${agentId}, 1) s
      JOIN ledger_accounts a ON a.member_id = s.member_id
      JOIN ledger_entries e ON e.account_id = a.id
      JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE ${sql.join(parts, sql` AND `)}
      ORDER BY e.id DESC LIMIT ${filter.limit}`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      id: Number(r.id),
      amount: Number(r.amount),
      balanceAfter: r.balanceAfter === null ? null : Number(r.balanceAfter),
      createdAt: new Date(r.createdAt as string),
      wallet: String(r.wallet),
      kind: String(r.kind),
      meta: (typeof r.meta === 'string' ? JSON.parse(r.meta) : r.meta) as Record<string, unknown>,
      username: String(r.username),
    }));
  }

  /**
   * What the brand's own accounts of these kinds gave out (less what came back to them) per day of
   * `timeZone`, over postings made in [from, to): the back office's bonuses. From the house side, so a
   * movement counts once whichever wallet it reached.
   */
  async houseOutflows(brandId: number, kinds: string[], from: Date, to: Date, timeZone: string) {
    const result = await this.db.execute(sql`
      SELECT (e.created_at AT TIME ZONE ${timeZone})::date::text AS day, a.kind, (-sum(e.amount))::bigint AS amount
      FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
      WHERE a.brand_id = ${brandId} AND a.member_id IS NULL AND a.kind = ANY(${textArrayLiteral(kinds)}::text[])
        AND e.created_at >= ${from} AND e.created_at < ${to}
      GROUP BY 1, 2`);
    return rowsOf<Record<string, string | number>>(result).map((r) => ({
      day: String(r.day),
      kind: String(r.kind),
      amount: Number(r.amount),
    }));
  }

  /** Every invariant's violations (none when the ledger is sound). */
  async invariantViolations() {
    const found: { invariant: string; id: string; detail: string }[] = [];
    for (const invariant of INVARIANTS) {
      const rows = rowsOf<{ id: string; detail: string }>(await this.db.execute(invariant.query));
      for (const row of rows) found.push({ invariant: invariant.name, ...row });
    }
    return found;
  }

  async hasMoved(brandId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.brandId, brandId))
      .limit(1);
    return rows.length > 0;
  }

  async counts() {
    const [counts] = rowsOf<{ accounts: number; transactions: number; entries: number }>(
      await this.db.execute(sql`SELECT
        (SELECT count(*) FROM ledger_accounts)::int AS accounts,
        (SELECT count(*) FROM ledger_transactions)::int AS transactions,
        (SELECT count(*) FROM ledger_entries)::int AS entries`),
    );
    return counts!;
  }
}
