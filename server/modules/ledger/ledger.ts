import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_AMOUNT } from '../../../src/api/contract/common';
import type { Database } from '../../db/client';
import { isTransientDatabaseError } from '../../db/transient';
import { AppError } from '../../http/app-error';
import { MicroBatcher, type Settled, settle } from '../../lib/micro-batcher';
import { integerArrayLiteral, textArrayLiteral } from '../../lib/pg-array';
import { LedgerRepository, type LedgerStatement } from './ledger.repository';

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

export type MemberWalletKind = 'main' | 'hold' | 'bonus' | `vendor:${string}`;
export type HouseKind = 'house' | 'clearing' | 'bonus' | 'commission' | 'adjustment' | 'rebate' | 'trial';

/**
 * The house account a member's bets and wins post against: the brand's `house` for real members, its
 * `trial` account for trial accounts (free play), which also funds their trial money, so trial money never
 * reaches the house's result (docs/money.md, "Trial money").
 */
export const houseFor = (trial: boolean): HouseKind => (trial ? 'trial' : 'house');

/** One side of a two-sided movement: a member's wallet, or one of the brand's own (house) accounts. */
export type Side = { memberId: number; wallet: MemberWalletKind } | { house: HouseKind };

/**
 * Money from one side to the other: the shape of nearly every movement. Modules describe what moves and
 * the ledger assembles the postings, so every movement's postings are built in one place.
 */
export interface Transfer {
  brand: { id: number; currency: string };
  /** The idempotency key (see Movement.key). */
  key: string;
  kind: string;
  from: Side;
  to: Side;
  /** Minor units leaving `from` and reaching `to` (negative turns the direction around). */
  amount: number;
  meta?: Record<string, unknown>;
}

/** Postings as two array literals, for a database function's `bigint[]` parameters. */
export interface PostingArrays {
  accounts: string;
  amounts: string;
}

/** A state change that moves no money. */
export const NO_POSTINGS: PostingArrays = { accounts: '{}', amounts: '{}' };

/** A transfer's answer, with the two accounts it moved between. */
export interface TransferResult extends MovementResult {
  from: number;
  to: number;
}

const LEDGER_ERRORS = {
  LEDGER_INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  LEDGER_KEY_REUSED: 'IDEMPOTENCY_CONFLICT',
  LEDGER_VOIDED: 'TRANSACTION_VOIDED',
  LEDGER_ALREADY_REVERSED: 'ALREADY_REVERSED',
  LEDGER_NO_ACCOUNT: 'WALLET_NOT_FOUND',
  VENDOR_ROUND_NOT_FOUND: 'ROUND_NOT_FOUND',
  VENDOR_ROUND_MISMATCH: 'ROUND_MISMATCH',
  VENDOR_ROUND_CANCELLED: 'ROUND_CANCELLED',
  VENDOR_ROUND_SETTLED: 'ROUND_SETTLED',
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
  return new AppError('AMOUNT_ABOVE_MAX', { max: { minor: MAX_AMOUNT } });
}

/**
 * Turns the write functions' exceptions into stable codes; anything else is a real failure. Exported for
 * modules whose own database functions post through the ledger's (originals_play).
 */
export function translateError(error: unknown): never {
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

/** The request fingerprint of a movement without postings (a lost round's win of nothing). */
export const emptyFingerprint = (kind: string) => fingerprint(kind, []);

export interface RoundInfo {
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

/**
 * The double-entry ledger (docs/money.md). Every movement is one call of a database function: the
 * idempotency key, the guarded balance updates and the postings commit together or not at all.
 */
export class Ledger {
  /** Account ids never change once made; resolving them is kept off the hot path. */
  private readonly accountIds = new Map<string, number>();
  /** The house accounts this ledger has resolved: what tells a vendor movement's wallet from its house. */
  private readonly houseIds = new Set<number>();

  private readonly repo: LedgerRepository;

  /**
   * Vendor bets and wins arriving together share one statement and one commit. Each lane runs one batch
   * at a time, and a player's movements always take the same lane: batches running at once never wait
   * on each other's rows (two batches queueing on one hot wallet would hold each other up until commit).
   * Empty when batching is off.
   */
  private readonly lanes: MicroBatcher<RoundItem, MovementResult>[];

  constructor(
    db: Database,
    /** Batching of vendor movements (LEDGER_BATCH_MAX, LEDGER_BATCH_PARALLEL); `maxItems: 1` turns it off. */
    batch: { maxItems: number; lanes: number } = { maxItems: 32, lanes: 2 },
    private readonly log?: FastifyBaseLogger,
  ) {
    this.repo = new LedgerRepository(db);
    this.lanes =
      this.repo.canBatch && batch.maxItems > 1
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

  /** Moves `amount` from one side to the other, once per key. */
  async transfer(transfer: Transfer): Promise<TransferResult> {
    const { movement, from, to } = await this.assemble(transfer);
    return { ...(await this.post(movement)), from, to };
  }

  /** A transfer and what must commit with it (see postWith). */
  async transferWith(
    transfer: Transfer,
    alongside: (tx: Database, result: MovementResult) => Promise<void>,
  ): Promise<TransferResult> {
    const { movement, from, to } = await this.assemble(transfer);
    return { ...(await this.postWith(movement, alongside)), from, to };
  }

  /** A vendor's bet (wallet to house) or win (house to wallet) inside its game round (see postInRound). */
  async transferInRound(
    transfer: Transfer & { kind: 'bet' | 'win' },
    round: RoundInfo,
  ): Promise<TransferResult> {
    const { movement, from, to } = await this.assemble(transfer);
    // A win of nothing settles a lost round without postings (and never joins a batch).
    if (transfer.amount === 0) movement.postings = [];
    return { ...(await this.postInRound({ ...movement, kind: transfer.kind }, round)), from, to };
  }

  /**
   * A transfer's postings as the database functions that post through `ledger_post` take them (deposits,
   * withdrawals: their state change and their money commit in one statement).
   */
  async postingsFor(transfer: Omit<Transfer, 'key' | 'kind' | 'meta'>): Promise<PostingArrays> {
    const { movement } = await this.assemble({ ...transfer, key: '', kind: '' });
    checkPostings(movement);
    return {
      accounts: integerArrayLiteral(movement.postings.map((p) => p.accountId)),
      amounts: integerArrayLiteral(movement.postings.map((p) => p.amount)),
    };
  }

  /** An account's balance right after a movement: from its answer when it has it, else read. */
  async balanceAfter(result: MovementResult, accountId: number): Promise<number> {
    return result.balances[accountId] ?? this.balance(accountId);
  }

  private account(brand: Transfer['brand'], side: Side) {
    return 'house' in side
      ? this.houseAccount(brand.id, side.house, brand.currency)
      : this.memberAccount(brand.id, side.memberId, side.wallet, brand.currency);
  }

  private async assemble(transfer: Transfer) {
    const from = await this.account(transfer.brand, transfer.from);
    const to = await this.account(transfer.brand, transfer.to);
    const movement: Movement = {
      brandId: transfer.brand.id,
      key: transfer.key,
      kind: transfer.kind,
      postings: [
        { accountId: from, amount: -transfer.amount },
        { accountId: to, amount: transfer.amount },
      ],
      ...(transfer.meta ? { meta: transfer.meta } : {}),
    };
    return { movement, from, to };
  }

  /** A movement of any shape (two or more postings summing to zero); most callers want `transfer`. */
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
    try {
      return await this.repo.postInTransaction<MovementResult>(
        {
          brandId: movement.brandId,
          key: movement.key,
          kind: movement.kind,
          fingerprint: fingerprint(movement.kind, movement.postings),
          meta: JSON.stringify(movement.meta ?? {}),
          accounts: integerArrayLiteral(movement.postings.map((p) => p.accountId)),
          amounts: integerArrayLiteral(movement.postings.map((p) => p.amount)),
        },
        alongside,
      );
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

  /**
   * A transfer prepared for a database function of another module that posts it through `vendor_bet` or
   * `vendor_win` in its own statement (the in-house games): the key, the request fingerprint and the
   * postings as array literals. A transfer of nothing has no postings (a lost round's win of 0).
   */
  async prepare(transfer: Omit<Transfer, 'meta'>) {
    const { movement, from, to } = await this.assemble(transfer);
    if (transfer.amount === 0) movement.postings = [];
    checkPostings(movement);
    return {
      key: movement.key,
      fingerprint: fingerprint(movement.kind, movement.postings),
      accounts: integerArrayLiteral(movement.postings.map((p) => p.accountId)),
      amounts: integerArrayLiteral(movement.postings.map((p) => p.amount)),
      from,
      to,
    };
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
      out = await this.repo.run<(MovementResult | { error: string })[]>('vendor_batch', values);
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
    fn: Exclude<LedgerStatement, 'vendor_batch'>,
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
      return await this.repo.run<MovementResult>(fn, values);
    } catch (error) {
      translateError(error);
    }
  }

  /**
   * Gives back the movement recorded under `targetKey`. If it has not happened yet, it is refused when
   * it comes (`original: 'missing'`).
   */
  /** A vendor's rollback of a bet in its round: as `reverse`, and the round records the refund. */
  async reverseInRound(
    input: { brandId: number; targetKey: string; key: string; meta?: Record<string, unknown> },
    round: RoundInfo,
  ): Promise<MovementResult & { original: number | 'missing' }> {
    try {
      return await this.repo.reverseInRound<MovementResult & { original: number | 'missing' }>({
        brandId: input.brandId,
        vendor: round.vendor,
        roundId: round.roundId,
        memberId: round.memberId,
        targetKey: input.targetKey,
        key: input.key,
        fingerprint: fingerprint('reversal', []),
        meta: JSON.stringify(input.meta ?? {}),
      });
    } catch (error) {
      translateError(error);
    }
  }

  async reverse(input: {
    brandId: number;
    targetKey: string;
    key: string;
    meta?: Record<string, unknown>;
  }): Promise<MovementResult & { original: number | 'missing' }> {
    try {
      return await this.repo.reverse<MovementResult & { original: number | 'missing' }>({
        brandId: input.brandId,
        targetKey: input.targetKey,
        key: input.key,
        fingerprint: fingerprint('reversal', []),
        meta: JSON.stringify(input.meta ?? {}),
      });
    } catch (error) {
      translateError(error);
    }
  }

  /**
   * Many payments of one kind from a house account to members' main wallets, each under its own key, as
   * set-based database functions take them (vendor_win_many): the house account, and per item its key,
   * its request fingerprint (the postings `prepare` would build), the member's wallet and the amount.
   */
  async prepareHousePayments(
    brand: Transfer['brand'],
    house: HouseKind,
    kind: string,
    items: Array<{ key: string; memberId: number; amount: number }>,
  ) {
    const houseId = await this.houseAccount(brand.id, house, brand.currency);
    const missing = [
      ...new Set(items.map((i) => i.memberId).filter((m) => !this.accountIds.has(`${brand.id}:${m}:main`))),
    ];
    if (missing.length > 0) {
      const found = await this.repo.ensureMemberAccounts(brand.id, missing, 'main', brand.currency);
      for (const [memberId, id] of found) this.accountIds.set(`${brand.id}:${memberId}:main`, id);
    }
    return {
      house: houseId,
      items: items.map((i) => {
        if (!Number.isSafeInteger(i.amount) || i.amount <= 0) throw new AppError('INVALID_AMOUNT');
        const wallet = this.accountIds.get(`${brand.id}:${i.memberId}:main`)!;
        const postings = [
          { accountId: houseId, amount: -i.amount },
          { accountId: wallet, amount: i.amount },
        ];
        return {
          key: i.key,
          hash: fingerprint(kind, postings),
          wallet,
          amount: i.amount,
          memberId: i.memberId,
        };
      }),
    };
  }

  /** A member's wallet of the given kind, made on first use with a floor of zero. */
  async memberAccount(brandId: number, memberId: number, kind: MemberWalletKind, currency: string) {
    const cacheKey = `${brandId}:${memberId}:${kind}`;
    const cached = this.accountIds.get(cacheKey);
    if (cached !== undefined) return cached;
    const id = await this.repo.ensureAccount({ brandId, memberId, kind, currency });
    this.accountIds.set(cacheKey, id);
    return id;
  }

  /** One of the brand's own accounts: derived from its postings, so it has no floor and no hot row. */
  async houseAccount(brandId: number, kind: HouseKind, currency: string) {
    const cacheKey = `${brandId}::${kind}`;
    const cached = this.accountIds.get(cacheKey);
    if (cached !== undefined) return cached;
    const id = await this.repo.ensureAccount({ brandId, memberId: null, kind, currency });
    this.accountIds.set(cacheKey, id);
    this.houseIds.add(id);
    return id;
  }

  /** Stored balances of all a member's wallets, by kind. */
  memberBalances(memberId: number) {
    return this.repo.memberBalances(memberId);
  }

  /** A member's postings, newest first, with the movement each belongs to. */
  records(memberId: number, filter: Parameters<LedgerRepository['records']>[1]) {
    return this.repo.records(memberId, filter);
  }

  /** The postings of an agent's downline, newest first (the agent centre's account details). */
  teamRecords(agentId: number, filter: Parameters<LedgerRepository['teamRecords']>[1]) {
    return this.repo.teamRecords(agentId, filter);
  }

  /** The main-wallet balances of these members, by member id (agents' team figures). */
  /** The main wallets of an agent's whole downline added up. */
  teamMainBalance(brandId: number, agentId: number) {
    return this.repo.teamMainBalance(brandId, agentId);
  }

  /** What the brand's accounts of these kinds gave out, per day of `timeZone` (the back office's reports). */
  houseOutflows(brandId: number, kinds: HouseKind[], from: Date, to: Date, timeZone: string) {
    return this.repo.houseOutflows(brandId, kinds, from, to, timeZone);
  }

  mainBalances(brandId: number, memberIds: number[]) {
    return this.repo.mainBalances(brandId, memberIds);
  }

  /** These members' main wallets with their balance and version (a movement keyed by the version). */
  mainWallets(brandId: number, memberIds: number[]) {
    return this.repo.mainWallets(brandId, memberIds);
  }

  /** Whether any money has moved in the brand (its currency is then what every record is in). */
  hasMoved(brandId: number): Promise<boolean> {
    return this.repo.hasMoved(brandId);
  }

  /** Stored balance of a member wallet; a derived account's balance is the sum of its postings. */
  async balance(accountId: number): Promise<number> {
    const balance = await this.repo.balance(accountId);
    if (balance === null) throw new AppError('WALLET_NOT_FOUND');
    return balance;
  }
}
