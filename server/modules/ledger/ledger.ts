import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_AMOUNT } from '../../../src/api/contract/common';
import { formatAmount } from '../../../src/ui/format';
import type { Database } from '../../db/client';
import { ledgerAccounts } from '../../db/schema';
import { isTransientDatabaseError } from '../../db/transient';
import { AppError } from '../../http/app-error';
import { MicroBatcher, type Settled, settle } from '../../lib/micro-batcher';
import { integerArrayLiteral, textArrayLiteral } from '../../lib/pg-array';

export interface Posting {
  accountId: number;
  /** Minor units; positive credits the account, negative debits it. */
  amount: number;
}

export interface Movement {
  brandId: number;
  /** Unique per brand: the same key is applied once, and a replay gets the first answer back. */
  key: string;
  kind: string;
  postings: Posting[];
  meta?: Record<string, unknown>;
}

export interface MovementResult {
  transactionId: number;
  /** True when the key had been applied before and nothing moved now. */
  replayed: boolean;
  /** Stored balances right after the movement, by account id. */
  balances: Record<string, number>;
}

export type MemberWalletKind = 'main' | 'hold' | `vendor:${string}`;
export type HouseKind = 'house' | 'clearing' | 'bonus' | 'commission' | 'adjustment';

const LEDGER_ERRORS = {
  LEDGER_INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  LEDGER_KEY_REUSED: 'IDEMPOTENCY_CONFLICT',
  LEDGER_VOIDED: 'TRANSACTION_VOIDED',
  LEDGER_ALREADY_REVERSED: 'ALREADY_REVERSED',
  LEDGER_NO_ACCOUNT: 'WALLET_NOT_FOUND',
  VENDOR_ROUND_NOT_FOUND: 'ROUND_NOT_FOUND',
  VENDOR_ROUND_MISMATCH: 'ROUND_MISMATCH',
} as const;

/** The bounds on every posting and balance (migration 0018): a movement past them is refused whole. */
const AMOUNT_BOUNDS = ['ledger_entries_amount_ck', 'ledger_accounts_bound_ck'];

/**
 * AMOUNT_ABOVE_MAX when `error` is a posting or a balance refused by those bounds (SQLSTATE 23514), from
 * the ledger's functions or from a function that posts through them (deposits, withdrawals); else null.
 */
export function amountBoundsError(error: unknown): AppError | null {
  const e = error as { message?: string; code?: string; constraint?: string; cause?: unknown };
  const cause = (e.cause ?? {}) as { message?: string; code?: string; constraint?: string };
  const sqlState = cause.code ?? e.code;
  const message = cause.message ?? e.message ?? '';
  const constraint = cause.constraint ?? e.constraint ?? '';
  if (sqlState !== undefined && sqlState !== '23514') return null;
  if (!AMOUNT_BOUNDS.some((name) => constraint === name || message.includes(name))) return null;
  return new AppError('AMOUNT_ABOVE_MAX', { max: formatAmount(MAX_AMOUNT, 'en') });
}

/** Turns the write functions' exceptions into stable codes; anything else is a real failure. */
function translateError(error: unknown): never {
  const e = error as { message?: string; code?: string; cause?: { message?: string; code?: string } };
  const message = e.cause?.message ?? e.message ?? '';
  const sqlState = e.cause?.code ?? e.code;
  for (const [raised, code] of Object.entries(LEDGER_ERRORS)) {
    if (message.includes(raised)) throw new AppError(code);
  }
  // Two reversals of one movement under different keys, racing: the unique column stops the second.
  if (sqlState === '23505' && message.includes('reverses')) throw new AppError('ALREADY_REVERSED');
  // A posting or a balance past the hard limits: nothing was written (one statement).
  const bounds = amountBoundsError(error);
  if (bounds) throw bounds;
  // Nothing was written (the call is one statement), or it was and the key answers a retry with the
  // first answer: either way the caller may safely send the same key again.
  if (isTransientDatabaseError(error)) throw new AppError('TRY_AGAIN');
  throw error;
}

const fingerprint = (kind: string, postings: Posting[]) =>
  createHash('sha256')
    .update(JSON.stringify([kind, postings.map((p) => [p.accountId, p.amount])]))
    .digest('hex');

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The write functions, as parameterised statements (docs/money.md). */
const STATEMENTS = {
  ledger_post: 'SELECT ledger_post($1::integer, $2, $3, $4, $5::jsonb, $6::bigint[], $7::bigint[]) AS out',
  vendor_bet:
    'SELECT vendor_bet($1::integer, $2, $3, $4::integer, $5, $6, $7::jsonb, $8::bigint[], $9::bigint[]) AS out',
  vendor_win:
    'SELECT vendor_win($1::integer, $2, $3, $4::integer, $5, $6, $7::jsonb, $8::bigint[], $9::bigint[]) AS out',
  vendor_batch: `SELECT vendor_batch($1::text[], $2::integer[], $3::text[], $4::text[], $5::integer[], $6::text[],
    $7::text[], $8::jsonb[], $9::bigint[], $10::bigint[], $11::bigint[]) AS out`,
} as const;

interface RoundInfo {
  vendor: string;
  roundId: string;
  memberId: number;
}

/** A vendor bet or win waiting for its batch. */
interface RoundItem {
  movement: Movement & { kind: 'bet' | 'win' };
  round: RoundInfo;
  /** The player wallet, the house account, and the amount as the wallet sees it. */
  pair: { wallet: number; house: number; amount: number };
}

type RawRunner = (name: string, text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * node-postgres gets named statements (parsed and planned once per connection); PGlite gets its own
 * parameterised query. Either way the values travel as parameters, never in the text.
 */
function rawRunner(db: Database): RawRunner | null {
  const client = (db as unknown as { $client?: unknown }).$client as
    | { totalCount?: number; query: (...args: unknown[]) => Promise<{ rows: unknown[] }> }
    | undefined;
  if (!client || typeof client.query !== 'function') return null;
  if (typeof client.totalCount === 'number') {
    return (name, text, values) => client.query({ name: `ledger_${name}`, text, values });
  }
  return (_name, text, values) => client.query(text, values);
}

/** Amounts are whole minor units and every movement sums to zero. */
function checkPostings(movement: Movement) {
  for (const p of movement.postings) {
    if (!Number.isSafeInteger(p.amount)) throw new AppError('INVALID_AMOUNT');
    if (!Number.isSafeInteger(p.accountId)) throw new Error(`ledger: ${movement.key} names no account`);
  }
  // A programming error, never a client's: the database function refuses it too.
  if (movement.postings.reduce((sum, p) => sum + p.amount, 0) !== 0) {
    throw new Error(`ledger: the postings of ${movement.key} do not sum to zero`);
  }
}

/** Only for a database without a reachable driver: literals quoted the way PostgreSQL reads them. */
function bind(text: string, values: unknown[]) {
  return text.replace(/\$(\d+)/g, (_, i: string) => {
    const v = values[Number(i) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
  });
}

/**
 * The double-entry ledger (docs/money.md). Every movement is one call of a database function: the
 * idempotency key, the guarded balance updates and the postings commit together or not at all.
 */
export class Ledger {
  /** Account ids never change once made; resolving them is kept off the hot path. */
  private readonly accountIds = new Map<string, number>();
  /** The house accounts this ledger has resolved: what tells a vendor movement's wallet from its house. */
  private readonly houseIds = new Set<number>();

  /** The driver under Drizzle: the hot path skips query building and, on PostgreSQL, reuses its plan. */
  private readonly raw: RawRunner | null;

  /**
   * Vendor bets and wins arriving together share one statement and one commit. Each lane runs one batch
   * at a time, and a player's movements always take the same lane: batches running at once never wait
   * on each other's rows (two batches queueing on one hot wallet would hold each other up until commit).
   * Empty when batching is off.
   */
  private readonly lanes: MicroBatcher<RoundItem, MovementResult>[];

  constructor(
    private readonly db: Database,
    /** Batching of vendor movements (LEDGER_BATCH_MAX, LEDGER_BATCH_PARALLEL); `maxItems: 1` turns it off. */
    batch: { maxItems: number; lanes: number } = { maxItems: 32, lanes: 2 },
    private readonly log?: FastifyBaseLogger,
  ) {
    this.raw = rawRunner(db);
    this.lanes =
      this.raw && batch.maxItems > 1
        ? Array.from(
            { length: batch.lanes },
            () =>
              new MicroBatcher<RoundItem, MovementResult>((items) => this.runRounds(items), {
                maxItems: batch.maxItems,
                maxInFlight: 1,
              }),
          )
        : [];
  }

  async post(movement: Movement): Promise<MovementResult> {
    return this.call(movement, 'ledger_post');
  }

  /**
   * A movement and what must commit with it (an operator's audit row), in one transaction: both or
   * neither. `alongside` runs only when the movement is new, not on a replay of its key.
   */
  async postWith(
    movement: Movement,
    alongside: (tx: Database, result: MovementResult) => Promise<void>,
  ): Promise<MovementResult> {
    checkPostings(movement);
    const accounts = integerArrayLiteral(movement.postings.map((p) => p.accountId));
    const amounts = integerArrayLiteral(movement.postings.map((p) => p.amount));
    try {
      return await this.db.transaction(async (tx) => {
        const result = await tx.execute(sql`SELECT ledger_post(${movement.brandId}::integer, ${movement.key},
          ${movement.kind}, ${fingerprint(movement.kind, movement.postings)},
          ${JSON.stringify(movement.meta ?? {})}::jsonb, ${accounts}::bigint[], ${amounts}::bigint[]) AS out`);
        const out = rowsOf<{ out: MovementResult }>(result)[0]!.out;
        if (!out.replayed) await alongside(tx as unknown as Database, out);
        return out;
      });
    } catch (error) {
      translateError(error);
    }
  }

  /**
   * A movement inside a vendor's game round, in the same statement: a bet opens (or joins) the round, a
   * win must name a round its player bet in.
   */
  async postInRound(movement: Movement & { kind: 'bet' | 'win' }, round: RoundInfo): Promise<MovementResult> {
    checkPostings(movement);
    const pair = this.lanes.length > 0 ? this.pairOf(movement) : null;
    if (pair) return this.lanes[pair.wallet % this.lanes.length]!.submit({ movement, round, pair });
    return this.call(movement, movement.kind === 'bet' ? 'vendor_bet' : 'vendor_win', round);
  }

  /** A movement between one player wallet and one house account of this ledger, or null. */
  private pairOf(movement: Movement) {
    const [a, b] = movement.postings;
    if (movement.postings.length !== 2 || !a || !b) return null;
    const aIsHouse = this.houseIds.has(a.accountId);
    if (aIsHouse === this.houseIds.has(b.accountId)) return null;
    const [wallet, house] = aIsHouse ? [b, a] : [a, b];
    return { wallet: wallet.accountId, house: house.accountId, amount: wallet.amount };
  }

  /**
   * One batch of vendor movements in one statement (migrations 0015, 0016). An item the database refuses comes
   * back as that item's error; if the statement itself fails, nothing of it was written and each item is
   * sent again on its own, so a deadlock or a lost connection costs one retry, not a wrong answer.
   */
  private async runRounds(items: RoundItem[]): Promise<Settled<MovementResult>[]> {
    const alone = (item: RoundItem) =>
      settle(
        this.call(item.movement, item.movement.kind === 'bet' ? 'vendor_bet' : 'vendor_win', item.round),
      );

    // Wallets in ascending order (each item locks only its wallet): concurrent batches cannot deadlock.
    const order = items
      .map((_, i) => i)
      .sort((a, b) => items[a]!.pair.wallet - items[b]!.pair.wallet || a - b);
    const sorted = order.map((i) => items[i]!);
    const column = <T>(pick: (item: RoundItem) => T) => sorted.map(pick);
    const values = [
      textArrayLiteral(column((x) => x.movement.kind)),
      integerArrayLiteral(column((x) => x.movement.brandId)),
      textArrayLiteral(column((x) => x.round.vendor)),
      textArrayLiteral(column((x) => x.round.roundId)),
      integerArrayLiteral(column((x) => x.round.memberId)),
      textArrayLiteral(column((x) => x.movement.key)),
      textArrayLiteral(column((x) => fingerprint(x.movement.kind, x.movement.postings))),
      textArrayLiteral(column((x) => JSON.stringify(x.movement.meta ?? {}))),
      integerArrayLiteral(column((x) => x.pair.wallet)),
      integerArrayLiteral(column((x) => x.pair.house)),
      integerArrayLiteral(column((x) => x.pair.amount)),
    ];
    let out: (MovementResult | { error: string })[];
    try {
      const result = await this.raw!('vendor_batch', STATEMENTS.vendor_batch, values);
      out = rowsOf<{ out: (MovementResult | { error: string })[] }>(result)[0]!.out;
    } catch (error) {
      // Nothing of the batch was written: each item goes again on its own, and the cause is kept.
      this.log?.warn({ err: error, items: items.length }, 'ledger batch failed; items sent one by one');
      return Promise.all(items.map(alone));
    }
    const settled: Settled<MovementResult>[] = new Array(items.length);
    order.forEach((original, position) => {
      const answer = out[position]!;
      if ('error' in answer) {
        try {
          translateError(new Error(answer.error));
        } catch (error) {
          settled[original] = { ok: false, error };
        }
      } else {
        settled[original] = { ok: true, value: answer };
      }
    });
    return settled;
  }

  private async call(
    movement: Movement,
    fn: keyof typeof STATEMENTS,
    round?: RoundInfo,
  ): Promise<MovementResult> {
    checkPostings(movement);
    const accounts = integerArrayLiteral(movement.postings.map((p) => p.accountId));
    const amounts = integerArrayLiteral(movement.postings.map((p) => p.amount));
    const values = [
      movement.brandId,
      ...(round ? [round.vendor, round.roundId, round.memberId] : []),
      movement.key,
      ...(round ? [] : [movement.kind]),
      fingerprint(movement.kind, movement.postings),
      JSON.stringify(movement.meta ?? {}),
      accounts,
      amounts,
    ];
    try {
      const text = STATEMENTS[fn];
      const result = this.raw
        ? await this.raw(fn, text, values)
        : await this.db.execute(sql.raw(bind(text, values)));
      return rowsOf<{ out: MovementResult }>(result)[0]!.out;
    } catch (error) {
      translateError(error);
    }
  }

  /**
   * Gives back the movement recorded under `targetKey`. If it has not happened yet, it is refused when
   * it comes (`original: 'missing'`).
   */
  async reverse(input: {
    brandId: number;
    targetKey: string;
    key: string;
    meta?: Record<string, unknown>;
  }): Promise<MovementResult & { original: number | 'missing' }> {
    try {
      const result = await this.db.execute(sql`SELECT ledger_reverse(
        ${input.brandId}::integer, ${input.targetKey}, ${input.key},
        ${fingerprint('reversal', [])}, ${JSON.stringify(input.meta ?? {})}::jsonb) AS out`);
      return rowsOf<{ out: MovementResult & { original: number | 'missing' } }>(result)[0]!.out;
    } catch (error) {
      translateError(error);
    }
  }

  /** A member's wallet of the given kind, made on first use with a floor of zero. */
  async memberAccount(brandId: number, memberId: number, kind: MemberWalletKind, currency: string) {
    const cacheKey = `${brandId}:${memberId}:${kind}`;
    const cached = this.accountIds.get(cacheKey);
    if (cached !== undefined) return cached;
    await this.db
      .insert(ledgerAccounts)
      .values({ brandId, memberId, kind, currency, floor: 0 })
      .onConflictDoNothing();
    const [row] = await this.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.brandId, brandId),
          eq(ledgerAccounts.memberId, memberId),
          eq(ledgerAccounts.kind, kind),
        ),
      );
    this.accountIds.set(cacheKey, row!.id);
    return row!.id;
  }

  /** One of the brand's own accounts: derived from its postings, so it has no floor and no hot row. */
  async houseAccount(brandId: number, kind: HouseKind, currency: string) {
    const cacheKey = `${brandId}::${kind}`;
    const cached = this.accountIds.get(cacheKey);
    if (cached !== undefined) return cached;
    await this.db
      .insert(ledgerAccounts)
      .values({ brandId, memberId: null, kind, currency, floor: null })
      .onConflictDoNothing();
    const [row] = await this.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.brandId, brandId),
          isNull(ledgerAccounts.memberId),
          eq(ledgerAccounts.kind, kind),
        ),
      );
    this.accountIds.set(cacheKey, row!.id);
    this.houseIds.add(row!.id);
    return row!.id;
  }

  /** Stored balance of a member wallet; a derived account's balance is the sum of its postings. */
  async balance(accountId: number): Promise<number> {
    const result = await this.db.execute(sql`
      SELECT CASE WHEN a.floor IS NULL
        THEN (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e WHERE e.account_id = a.id)
        ELSE a.balance END::bigint AS balance
      FROM ledger_accounts a WHERE a.id = ${accountId}`);
    const row = rowsOf<{ balance: string | number }>(result)[0];
    if (!row) throw new AppError('WALLET_NOT_FOUND');
    return Number(row.balance);
  }
}
