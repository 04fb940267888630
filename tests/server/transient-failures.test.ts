import { createHmac } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerTransactions, withdrawals as withdrawalsTable } from '../../server/db/schema';
import { describeDatabaseError, isTransientDatabaseError } from '../../server/db/transient';
import { translate } from '../../server/http/messages';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import { paths } from '../../src/api/paths';
import {
  body,
  connectVendor,
  createTestContext,
  databaseKinds,
  fund,
  launchTokenFor,
  newMember,
  newOperator,
  type TestContext,
} from './harness';

/** An error as node-postgres or PGlite raises it for a SQLSTATE. */
const sqlError = (code: string, message: string) =>
  Object.assign(new Error(message), { code, severity: 'ERROR', name: 'error' });

describe('which database failures are transient', () => {
  it('recognises connection, lock, timeout and shutdown failures, bare or wrapped by Drizzle', () => {
    const transient = [
      sqlError('08006', 'connection failure'),
      sqlError('08003', 'connection does not exist'),
      sqlError('08001', 'could not connect'),
      sqlError('08P01', 'protocol violation'),
      sqlError('40001', 'could not serialize access'),
      sqlError('40P01', 'deadlock detected'),
      sqlError('55P03', 'canceling statement due to lock timeout'),
      sqlError('57014', 'canceling statement due to statement timeout'),
      sqlError('57P01', 'terminating connection due to administrator command'),
      sqlError('57P02', 'terminating connection because of crash of another server process'),
      sqlError('57P03', 'the database system is starting up'),
      sqlError('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Client was closed and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('PGlite is closed'),
    ];
    for (const error of transient) {
      expect([error.message, isTransientDatabaseError(error)]).toEqual([error.message, true]);
      const wrapped = new DrizzleQueryError('select 1', [], error);
      expect([error.message, isTransientDatabaseError(wrapped)]).toEqual([error.message, true]);
    }
    const real = [
      sqlError('23505', 'duplicate key value violates unique constraint'),
      sqlError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'),
      sqlError('22P02', 'invalid input syntax for type json'),
      sqlError('23514', 'violates check constraint'),
      new Error('something else'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
    ];
    for (const error of real) {
      expect([error.message, isTransientDatabaseError(new DrizzleQueryError('select 1', [], error))]).toEqual(
        [error.message, false],
      );
    }
  });

  it('describes a failure for the log without the statement or its values', () => {
    const wrapped = new DrizzleQueryError(
      'select * from member_sessions where token_hash = $1',
      ['secret-token-hash'],
      sqlError('57P01', 'terminating connection due to administrator command'),
    );
    const described = describeDatabaseError(wrapped);
    expect(described).toEqual({
      code: '57P01',
      message: 'terminating connection due to administrator command',
    });
    expect(JSON.stringify(described)).not.toContain('secret-token-hash');
    expect(JSON.stringify(described)).not.toContain('member_sessions');
  });
});

/**
 * Issue 10, finding 9: a lost connection, a lock or statement timeout, a deadlock outside the ledger's
 * own statement answered 500, some after the money had moved. Now every one answers 503 TRY_AGAIN with
 * Retry-After, and sending the same request again gets the original answer, the money moved once.
 */
describe.each(databaseKinds)('transient database failures on %s', (kind) => {
  let ctx: TestContext;
  let member: string;
  let operator: string;
  let secret: string;
  let launch: string;
  let playerId: string;
  const vendor = 'NOVA';

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    secret = await connectVendor(ctx, vendor);
    const player = await newMember(ctx, { prefix: 'transient' });
    await fund(ctx, player, 500_000);
    member = player.token;
    operator = (await newOperator(ctx, 'admin')).token;
    ({ token: launch, playerId } = await launchTokenFor(ctx, player, vendor));
    await call('POST', paths.paymentPassword.path, member, {
      password: '246810',
      loginPassword: player.password,
    });
    await call('POST', paths.addBankAccount.path, member, {
      bankName: 'Banco Demo',
      accountName: 'Demo Downline',
      accountNumber: '0001-123456789',
    });
  });
  afterAll(() => ctx.close());
  afterEach(() => {
    injections.length = 0;
    vi.restoreAllMocks();
  });

  let address = 0;
  /** Raw requests, so a test can read the headers (Retry-After) and the body of a failed answer. */
  async function call(method: 'GET' | 'POST', url: string, bearer?: string, payload?: object, lang = 'en') {
    const res = await ctx.app.inject({
      method,
      url,
      remoteAddress: `10.94.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
      headers: { 'accept-language': lang, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      ...(payload ? { payload } : {}),
    });
    // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of its own answer
    return { status: res.statusCode, headers: res.headers, raw: res.body, ...body<any>(res) };
  }
  async function signed(route: 'bet' | 'win' | 'balance', payload: object) {
    const raw = JSON.stringify(payload);
    const res = await ctx.app.inject({
      method: 'POST',
      // The vendor signs the raw bytes of its body: sent as they are, not through ctx.call.
      url: { bet: paths.vendorBet.path, win: paths.vendorWin.path, balance: paths.vendorBalance.path }[route],
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en',
        'x-vendor-code': vendor,
        'x-signature': createHmac('sha256', secret).update(raw).digest('hex'),
      },
      payload: raw,
    });
    // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of its own answer
    return { status: res.statusCode, headers: res.headers, raw: res.body, ...body<any>(res) };
  }

  /**
   * The next query whose text matches `pattern` fails with `error`, as the driver (node-postgres or
   * PGlite) would raise it; every other query runs. Drizzle wraps it as it wraps a real one.
   */
  const injections: Array<{ pattern: RegExp; error: () => Error; fired: boolean }> = [];
  function failNext(pattern: RegExp, error: () => Error) {
    const client = (ctx.handle.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    if (!vi.isMockFunction(client.query)) {
      const original = client.query;
      vi.spyOn(client, 'query').mockImplementation(function (this: unknown, ...args: unknown[]) {
        const first = args[0] as string | { text?: string };
        const text = typeof first === 'string' ? first : (first?.text ?? '');
        const hit = injections.find((i) => !i.fired && i.pattern.test(text));
        if (hit) {
          hit.fired = true;
          return Promise.reject(hit.error());
        }
        return original.apply(this, args);
      });
    }
    const injection = { pattern, error, fired: false };
    injections.push(injection);
    return injection;
  }
  const expectTryAgain = (res: Awaited<ReturnType<typeof call>>, lang = 'en') => {
    expect({ status: res.status, code: res.code }).toEqual({ status: 503, code: 'TRY_AGAIN' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.message).toBe(translate(lang as 'en', 'errors.TRY_AGAIN'));
  };
  const balance = async () => (await call('GET', paths.walletBalance.path, member)).value.balance as number;

  it('answers 503 TRY_AGAIN when the session lookup loses its connection, in the caller language', async () => {
    const injected = failNext(/member_sessions/, () =>
      sqlError('57P01', 'terminating connection due to administrator command'),
    );
    expectTryAgain(await call('GET', paths.walletBalance.path, member, undefined, 'pt'), 'pt');
    expect(injected.fired).toBe(true);
    expect((await call('GET', paths.walletBalance.path, member)).status).toBe(200);
  });

  it('answers 503 when the player lookup fails, and the bet sent again moves the money once', async () => {
    const before = (await signed('balance', { playerId })).value.balance;
    failNext(/"members"/, () => new Error('Connection terminated unexpectedly'));
    expectTryAgain(await signed('balance', { playerId }));

    const bet = { token: launch, playerId, transactionId: 'tx-after-lock', roundId: 'rl-1', amount: 700 };
    failNext(/"members"/, () => sqlError('55P03', 'canceling statement due to lock timeout'));
    expectTryAgain(await signed('bet', bet));
    const first = await signed('bet', bet);
    expect(first).toMatchObject({ status: 200, value: { balance: before - 700 } });
    const again = await signed('bet', bet);
    expect(again.raw).toBe(first.raw);
    expect(again.headers['x-idempotent-replay']).toBe('true');
  });

  it('answers 503 when the balance read after a committed withdrawal fails; the replay gives the original answer', async () => {
    const before = await balance();
    const [account] = (await call('GET', paths.withdrawSetup.path, member)).value.bankAccounts;
    const request = {
      bankAccountId: account.id,
      amount: 25_000,
      paymentPassword: '246810',
      requestId: `after-commit-${kind}`,
    };
    // The hold commits, then reading the balance to tell the member's pages loses the connection.
    const injected = failNext(
      /coalesce\(sum\(e\.amount\)/,
      () => new Error('Connection terminated unexpectedly'),
    );
    expectTryAgain(await call('POST', paths.requestWithdrawal.path, member, request));
    expect(injected.fired).toBe(true);
    const stored = await ctx.handle.db
      .select()
      .from(withdrawalsTable)
      .where(eq(withdrawalsTable.requestId, request.requestId));
    expect(stored).toHaveLength(1);
    expect(await balance()).toBe(before - 25_000);

    const replay = await call('POST', paths.requestWithdrawal.path, member, request);
    expect(replay).toMatchObject({
      status: 200,
      value: { reference: stored[0]!.reference, amount: 25_000, status: 'pending' },
    });
    expect(await balance()).toBe(before - 25_000);

    // The operator's approval: committed, then the balance read fails; sent again, it pays once.
    const decision = {
      reference: stored[0]!.reference,
      decision: 'approve',
      requestId: 'decision-transient',
    };
    failNext(/coalesce\(sum\(e\.amount\)/, () => sqlError('08006', 'connection failure'));
    expectTryAgain(await call('POST', paths.decideWithdrawal.path, operator, decision));
    const decided = await call('POST', paths.decideWithdrawal.path, operator, decision);
    expect(decided).toMatchObject({
      status: 200,
      value: { reference: stored[0]!.reference, status: 'paid' },
    });
    const payments = await ctx.handle.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.kind, 'withdrawal'),
          like(ledgerTransactions.idempotencyKey, `withdrawal:${stored[0]!.id}:%`),
        ),
      );
    expect(payments).toHaveLength(1);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('answers 503 on a statement timeout or a deadlock in the withdrawal queries', async () => {
    failNext(/"withdrawals"/, () => sqlError('57014', 'canceling statement due to statement timeout'));
    expectTryAgain(await call('GET', paths.withdrawals.path, member));
    failNext(/"withdrawals"/, () => sqlError('40P01', 'deadlock detected'));
    expectTryAgain(await call('GET', `${paths.operatorWithdrawals.path}?status=pending`, operator));
    expect((await call('GET', paths.withdrawals.path, member)).status).toBe(200);
    // A real failure is still a 500, not something to retry.
    failNext(/"withdrawals"/, () => sqlError('42P01', 'relation does not exist'));
    expect((await call('GET', paths.withdrawals.path, member)).status).toBe(500);
  });

  it.runIf(kind === 'postgres')(
    'answers 503 when the server ends the connection of a session lookup waiting on a lock',
    async () => {
      const url = (ctx.handle.db as unknown as { $client: { options: { connectionString: string } } }).$client
        .options.connectionString;
      const holder = new pg.Client({ connectionString: url });
      const admin = new pg.Client({ connectionString: url });
      await holder.connect();
      await admin.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE member_sessions IN ACCESS EXCLUSIVE MODE');
        const pending = call('GET', paths.walletBalance.path, member);
        let waiting: number | undefined;
        for (let i = 0; i < 100 && waiting === undefined; i++) {
          const { rows } = await admin.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%member_sessions%'`,
          );
          waiting = rows[0]?.pid;
          if (waiting === undefined) await new Promise((r) => setTimeout(r, 20));
        }
        expect(waiting).toBeDefined();
        await admin.query('SELECT pg_terminate_backend($1)', [waiting]);
        expectTryAgain(await pending);
      } finally {
        await holder.query('ROLLBACK').catch(() => {});
        await holder.end();
        await admin.end();
      }
      // The pool dropped the ended connection: the same request now answers.
      expect((await call('GET', paths.walletBalance.path, member)).status).toBe(200);
    },
  );
});
