import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, ledgerTransactions, members } from '../../server/db/schema';
import { Ledger } from '../../server/modules/ledger/ledger';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import { MAX_AMOUNT, MAX_BALANCE } from '../../src/api/contract/common';
import { paths } from '../../src/api/paths';
import {
  body,
  connectVendor,
  createTestContext,
  databaseKinds,
  launchTokenFor,
  type Member,
  newAgent,
  newMember,
  newOperator,
  type TestContext,
} from './harness';

/**
 * Issue 10, findings 12 and 13: input that used to crash a handler (500) or to write an amount no
 * balance can hold. Each attack here answered 500 before the fix.
 */
describe.each(databaseKinds)('hostile values and amount bounds on %s', (kind) => {
  let ctx: TestContext;
  let member: Member;
  let memberToken: string;
  let agentToken: string;
  let operatorToken: string;
  let secret: string;
  let launch: string;
  let playerId: string;
  const vendor = 'NOVA';

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    secret = await connectVendor(ctx, vendor);
    member = await newMember(ctx, { prefix: 'hostile' });
    memberToken = member.token;
    agentToken = (await newAgent(ctx, { downline: 0 })).token;
    operatorToken = (await newOperator(ctx, 'admin')).token;
    ({ token: launch, playerId } = await launchTokenFor(ctx, member, vendor));
  });
  afterAll(() => ctx.close());

  let address = 0;
  /**
   * Raw requests on purpose: the values here break the contract's types (NUL bytes, %00 in a query,
   * out-of-range numbers), which ctx.call's typed options would not let through.
   */
  async function call(method: 'GET' | 'POST', url: string, token?: string, payload?: object, lang = 'en') {
    const res = await ctx.app.inject({
      method,
      url,
      // Each call from its own address: the per-address limits stay out of the way.
      remoteAddress: `10.91.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
      headers: { 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { payload } : {}),
    });
    // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of its own answer
    return { status: res.statusCode, headers: res.headers, ...body<any>(res) };
  }
  /** A request as the game vendor sends it: the raw JSON body signed with its secret. */
  async function signed(route: 'bet' | 'win' | 'balance' | 'rollback', payload: object) {
    const raw = JSON.stringify(payload);
    const res = await ctx.app.inject({
      method: 'POST',
      url: paths[`vendor${route[0]!.toUpperCase()}${route.slice(1)}` as 'vendorBet'].path,
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en',
        'x-vendor-code': vendor,
        'x-signature': createHmac('sha256', secret).update(raw).digest('hex'),
      },
      payload: raw,
    });
    // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of its own answer
    return { status: res.statusCode, ...body<any>(res) };
  }
  const issue = (res: { value: { issues: Array<{ path: string; message: string }> } }) =>
    res.value.issues[0]!;

  it('refuses a NUL byte in any text value with 422 and the field, in the caller language', async () => {
    const adjust = (reason: string, lang: string) =>
      call(
        'POST',
        paths.adjustBalance.path,
        operatorToken,
        { username: member.username, amount: 100, reason, requestId: 'nul-reason-1' },
        lang,
      );
    const en = await adjust('goodwill\u0000credit', 'en');
    expect(en).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    expect(issue(en).path).toBe('body.reason');
    expect(issue(en).message).toContain('reason');
    const pt = await adjust('goodwill\u0000credit', 'pt');
    expect(pt).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    expect(issue(pt).message).not.toBe(issue(en).message);
    expect(pt.message).not.toBe(en.message);

    // Public routes, member routes, query strings: the same answer everywhere.
    const login = await call('POST', paths.login.path, undefined, {
      username: 'demo\u0000member',
      password: 'x',
    });
    expect(login.status).toBe(422);
    expect(issue(login).path).toBe('body.username');
    const downline = await call('GET', `${paths.downlineMembers.path}?q=de%00mo`, agentToken);
    expect(downline.status).toBe(422);
    expect(issue(downline).path).toBe('query.q');
    const bank = await call('POST', paths.addBankAccount.path, memberToken, {
      bankName: 'Banco\u0000',
      accountName: 'Demo Member',
      accountNumber: '1234-5678',
    });
    expect(bank.status).toBe(422);
    expect(issue(bank).path).toBe('body.bankName');
    // Nested, in an array, or in the name of a field: found wherever it is.
    const nested = await call('POST', paths.login.path, undefined, {
      username: member.username,
      password: 'x',
      extra: [{ deep: ['ok', 'not\u0000ok'] }],
    });
    expect(nested.status).toBe(422);
    expect(issue(nested).path).toBe('body.extra.0.deep.1');
    const key = await call('POST', paths.login.path, undefined, {
      username: member.username,
      'pass\u0000': 'x',
    });
    expect(key.status).toBe(422);
  });

  it('refuses a lone UTF-16 surrogate in vendor ids and in an adjustment reason', async () => {
    const bet = await signed('bet', {
      token: launch,
      playerId,
      transactionId: 'lone-1',
      roundId: 'round-\ud800',
      amount: 100,
    });
    expect(bet).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    expect(issue(bet).path).toBe('body.roundId');
    const win = await signed('win', { playerId, transactionId: '\udc00-win', roundId: 'r', amount: 100 });
    expect(win.status).toBe(422);
    expect(issue(win).path).toBe('body.transactionId');
    const rollback = await signed('rollback', {
      playerId,
      transactionId: 'rb-lone',
      betTransactionId: 'x\ud83d',
      roundId: 'r',
    });
    expect(rollback.status).toBe(422);
    const reason = await call('POST', paths.adjustBalance.path, operatorToken, {
      username: member.username,
      amount: 100,
      reason: 'bonus \udfff',
      requestId: 'lone-reason-1',
    });
    expect(reason.status).toBe(422);
    expect(issue(reason).path).toBe('body.reason');
    // A well-formed pair (an emoji) is ordinary text.
    const emoji = await call('POST', paths.adjustBalance.path, operatorToken, {
      username: member.username,
      amount: 100,
      reason: 'welcome 🎉',
      requestId: 'emoji-reason-1',
    });
    expect(emoji.status).toBe(200);
  });

  it('refuses record dates beyond the valid range and ids above int32', async () => {
    for (const query of [
      'from=8640000000000001',
      'to=9007199254740991',
      'from=1e300',
      'to=-1',
      'from=253402300800000',
    ]) {
      const res = await call('GET', `${paths.accountRecords.path}?${query}`, memberToken);
      expect([query, res.status, res.code]).toEqual([query, 422, 'VALIDATION_FAILED']);
      expect(issue(res).path).toMatch(/^query\.(from|to)$/);
    }
    expect(
      (await call('GET', `${paths.accountRecords.path}?from=0&to=253402300799999`, memberToken)).status,
    ).toBe(200);

    const remove = await call('POST', paths.removeBankAccount.path, memberToken, { id: 2 ** 31 });
    expect(remove).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    expect(issue(remove).path).toBe('body.id');
    const withdraw = await call('POST', paths.requestWithdrawal.path, memberToken, {
      bankAccountId: 2 ** 31,
      amount: 10_000,
      paymentPassword: '123456',
      requestId: 'int32-withdraw',
    });
    expect(withdraw.status).toBe(422);
    expect(issue(withdraw).path).toBe('body.bankAccountId');
    // A vendor's player id above int32 names no player (it must not reach the integer column).
    for (const id of ['2147483648', '9999999999', '0x10', '1e3']) {
      expect(await signed('balance', { playerId: id })).toMatchObject({
        status: 404,
        code: 'PLAYER_NOT_FOUND',
      });
    }
    for (const id of ['2147483648', '99999999999999999999', '-1', 'abc', '1.5']) {
      const proof = await call('GET', `${paths.withdrawalProofImage.path}?id=${id}`, operatorToken);
      expect([id, proof.status]).toEqual([id, 404]);
    }
  });

  /** The member's routes that read its balances: each answered 500 for ever once a balance passed 2^53. */
  const accountRoutes = [
    paths.walletBalance.path,
    paths.consolidatedFunds.path,
    paths.merchantWallets.path,
    paths.accountRecords.path,
    paths.withdrawSetup.path,
    paths.treeTransferSetup.path,
    paths.memberInfo.path,
  ];
  const routesAnswer = async () => {
    const statuses = [];
    for (const url of accountRoutes) statuses.push([url, (await call('GET', url, memberToken)).status]);
    return statuses;
  };
  const movements = async () =>
    Number(
      (
        (await ctx.handle.db.execute(
          sql`SELECT count(*)::integer AS n FROM ledger_transactions`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0]!.n,
    );
  const balance = async () =>
    (await call('GET', paths.walletBalance.path, memberToken)).value.balance as number;

  it('refuses an operator credit and vendor wins past the limits with a 4xx, writing nothing', async () => {
    const before = { balance: await balance(), movements: await movements() };
    const credit = (amount: number, requestId: string) =>
      call('POST', paths.adjustBalance.path, operatorToken, {
        username: member.username,
        amount,
        reason: 'limit test',
        requestId,
      });
    // Past 2^53, past the hard limit, past the brand's maximum (10,000,000,000 by default).
    for (const [amount, code] of [
      [2 ** 53 + 2, 'VALIDATION_FAILED'],
      [2 ** 53 - 1, 'VALIDATION_FAILED'],
      [-(2 ** 53 - 1), 'VALIDATION_FAILED'],
      [1e300, 'VALIDATION_FAILED'],
      [MAX_AMOUNT + 1, 'VALIDATION_FAILED'],
      [10_000_000_001, 'AMOUNT_ABOVE_MAX'],
      [-10_000_000_001, 'AMOUNT_ABOVE_MAX'],
    ] as const) {
      const res = await credit(amount, `credit-${amount}`);
      expect([amount, res.status, res.code]).toEqual([amount, 422, code]);
    }
    const bet = await signed('bet', {
      token: launch,
      playerId,
      transactionId: 'big-bet',
      roundId: 'big',
      amount: 1,
    });
    expect(bet.status).toBe(200);
    for (const [amount, code] of [
      [2 ** 53 - 1, 'VALIDATION_FAILED'],
      [2 ** 60, 'VALIDATION_FAILED'],
      [MAX_AMOUNT + 1, 'VALIDATION_FAILED'],
      [10_000_000_001, 'AMOUNT_ABOVE_MAX'],
    ] as const) {
      const win = await signed('win', {
        playerId,
        transactionId: `big-win-${amount}`,
        roundId: 'big',
        amount,
      });
      expect([amount, win.status, win.code]).toEqual([amount, 422, code]);
      const bigBet = await signed('bet', {
        token: launch,
        playerId,
        transactionId: `big-bet-${amount}`,
        roundId: 'big',
        amount,
      });
      expect([amount, bigBet.status, bigBet.code]).toEqual([amount, 422, code]);
    }
    expect(await balance()).toBe(before.balance - 1);
    expect(await movements()).toBe(before.movements + 1);
    expect(await routesAnswer()).toEqual(accountRoutes.map((url) => [url, 200]));
  });

  it('keeps every balance within MAX_BALANCE: the database bound answers AMOUNT_ABOVE_MAX, not 500', async () => {
    // A brand that allows the hard limit per movement: enough credits reach the balance bound, each
    // under the four-eyes threshold so one operator moves them.
    await ctx.handle.db.update(brands).set({ maxAmount: MAX_AMOUNT });
    const threshold = await call('POST', paths.setApprovalThreshold.path, operatorToken, {
      threshold: MAX_AMOUNT + 1,
      reason: 'bound test',
    });
    expect(threshold.status).toBe(200);
    const [row] = await ctx.handle.db.select().from(members).where(eq(members.username, member.username));
    const start = await balance();
    const credits = Math.floor((MAX_BALANCE - start) / MAX_AMOUNT);
    for (let i = 0; i < credits; i++) {
      const res = await call('POST', paths.adjustBalance.path, operatorToken, {
        username: member.username,
        amount: MAX_AMOUNT,
        reason: 'fill to the bound',
        requestId: `fill-to-bound-${i}`,
      });
      expect([res.status, res.code, res.value]).toEqual([200, 'OK', expect.anything()]);
    }
    const full = await balance();
    expect(full).toBeLessThanOrEqual(MAX_BALANCE);
    const before = await movements();

    const over = await call('POST', paths.adjustBalance.path, operatorToken, {
      username: member.username,
      amount: MAX_BALANCE - full + 1,
      reason: 'one past the bound',
      requestId: 'past-the-bound',
    });
    expect(over).toMatchObject({ status: 422, code: 'AMOUNT_ABOVE_MAX' });
    // Wins that would carry the balance past it, one at a time and together (one batch statement).
    await signed('bet', { token: launch, playerId, transactionId: 'bound-bet', roundId: 'bound', amount: 1 });
    const wins = await Promise.all(
      [1, 2, 3].map((i) =>
        signed('win', { playerId, transactionId: `bound-win-${i}`, roundId: 'bound', amount: MAX_AMOUNT }),
      ),
    );
    expect(wins.map((w) => [w.status, w.code])).toEqual([
      [422, 'AMOUNT_ABOVE_MAX'],
      [422, 'AMOUNT_ABOVE_MAX'],
      [422, 'AMOUNT_ABOVE_MAX'],
    ]);
    expect(await movements()).toBe(before + 1);
    expect(await balance()).toBe(full - 1);
    expect(await routesAnswer()).toEqual(accountRoutes.map((url) => [url, 200]));

    // A movement of one posting past MAX_AMOUNT is refused by the database too, whoever sends it.
    const ledger = new Ledger(ctx.handle.db);
    const house = await ledger.houseAccount(1, 'adjustment', 'FUN');
    const main = await ledger.memberAccount(1, row!.id, 'main', 'FUN');
    await expect(
      ledger.post({
        brandId: 1,
        key: 'direct-past-max',
        kind: 'adjustment',
        postings: [
          { accountId: main, amount: -(MAX_AMOUNT + 1) },
          { accountId: house, amount: MAX_AMOUNT + 1 },
        ],
      }),
    ).rejects.toMatchObject({ code: 'AMOUNT_ABOVE_MAX' });
    expect(
      await ctx.handle.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, 'direct-past-max')),
    ).toEqual([]);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });
});
