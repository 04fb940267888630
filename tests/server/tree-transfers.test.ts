import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, members } from '../../server/db/schema';
import { Ledger } from '../../server/modules/ledger/ledger';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import type { LoginResult } from '../../src/api/contract/accounts';
import { body, createTestContext, databaseKinds, solveHumanCheck, type TestContext } from './harness';

describe.each(databaseKinds)('transfers in the agent tree on %s', (kind) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const db = ctx.handle.db;
    const ledger = new Ledger(db);
    const [brand] = await db.select().from(brands);
    const clearing = await ledger.houseAccount(brand!.id, 'clearing', brand!.currency);
    for (const [username, password] of [
      ['demoagent', 'Agent1234'],
      ['demodownline', 'Player1234'],
      ['demomember', 'Demo1234'],
    ] as const) {
      const [member] = await db.select().from(members).where(eq(members.username, username));
      const main = await ledger.memberAccount(brand!.id, member!.id, 'main', brand!.currency);
      await ledger.post({
        brandId: brand!.id,
        key: `fund:${username}`,
        kind: 'deposit',
        postings: [
          { accountId: clearing, amount: -50_000 },
          { accountId: main, amount: 50_000 },
        ],
      });
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        payload: { username, password, humanCheck: await solveHumanCheck(ctx.app) },
      });
      tokens[username] = body<LoginResult>(login).value.token;
      await ctx.app.inject({
        method: 'POST',
        url: '/api/wallet/payment-password',
        headers: { authorization: `Bearer ${tokens[username]}` },
        payload: { password: '224466', loginPassword: password },
      });
    }
  });
  afterAll(() => ctx.close());

  let address = 0;
  const post = async (who: string, url: string, payload: object) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: `10.80.0.${++address}`,
      headers: { authorization: `Bearer ${tokens[who]}` },
      payload,
    });
    return { status: res.statusCode, ...body<{ to: string; balance: number }>(res) };
  };
  const balance = async (who: string) =>
    body<{ balance: number }>(
      await ctx.app.inject({
        url: '/wps/v2/wallets/balance',
        headers: { authorization: `Bearer ${tokens[who]}` },
      }),
    ).value.balance;

  it('sends a member’s money to the agent above, once per request', async () => {
    const payload = { amount: 7_000, paymentPassword: '224466', requestId: `up-1-${kind}` };
    const sent = await post('demodownline', '/api/wallet/transfer-upline', payload);
    expect(sent.value).toMatchObject({ to: 'demoagent', balance: 43_000 });
    await post('demodownline', '/api/wallet/transfer-upline', payload);
    expect(await balance('demodownline')).toBe(43_000);
    expect(await balance('demoagent')).toBe(57_000);
    expect(
      (await post('demomember', '/api/wallet/transfer-upline', { ...payload, requestId: `up-2-${kind}` }))
        .code,
    ).toBe('NO_UPLINE');
    expect(
      (
        await post('demodownline', '/api/wallet/transfer-upline', {
          ...payload,
          paymentPassword: '000000',
          requestId: `up-3-${kind}`,
        })
      ).code,
    ).toBe('PAYMENT_PASSWORD_WRONG');
    expect(
      (
        await post('demodownline', '/api/wallet/transfer-upline', {
          ...payload,
          amount: 1_000_000,
          requestId: `up-4-${kind}`,
        })
      ).code,
    ).toBe('INSUFFICIENT_FUNDS');
    expect(
      (
        await post('demodownline', '/api/wallet/transfer-upline', {
          ...payload,
          amount: -1,
          requestId: `up-5-${kind}`,
        })
      ).code,
    ).toBe('AMOUNT_NEGATIVE');
  });

  it('lets an agent pay players of its downline only', async () => {
    const pay = (who: string, username: string, requestId: string) =>
      post(who, '/api/agent/transfer-downline', {
        username,
        amount: 2_500,
        paymentPassword: '224466',
        requestId,
      });
    expect((await pay('demoagent', 'demodownline', `down-1-${kind}`)).value).toMatchObject({
      to: 'demodownline',
      balance: 54_500,
    });
    expect(await balance('demodownline')).toBe(45_500);
    expect((await pay('demoagent', 'demomember', `down-2-${kind}`)).code).toBe('NOT_IN_DOWNLINE');
    expect((await pay('demodownline', 'demoagent', `down-3-${kind}`)).code).toBe('AGENTS_ONLY');
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });
  const get = async (who: string | null, url: string) => {
    const res = await ctx.app.inject({
      url,
      remoteAddress: `10.80.0.${++address}`,
      headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
    });
    return { status: res.statusCode, ...body<Record<string, unknown>>(res) };
  };

  it('tells the transfer page who is above and whether the member may pay downwards', async () => {
    expect((await get('demodownline', '/api/wallet/transfer-tree')).value).toEqual({
      upline: 'demoagent',
      canPayDownline: false,
      hasPaymentPassword: true,
      balance: await balance('demodownline'),
      currency: 'FUN',
    });
    expect((await get('demoagent', '/api/wallet/transfer-tree')).value).toMatchObject({
      upline: null,
      canPayDownline: true,
    });
    expect((await get(null, '/api/wallet/transfer-tree')).status).toBe(401);
  });

  it('finds players anywhere below the agent, nearest first, with a literal username prefix', async () => {
    const db = ctx.handle.db;
    const [parent] = await db.select().from(members).where(eq(members.username, 'demodownline'));
    await db.insert(members).values([
      { brandId: parent!.brandId, username: 'demo_deep', parentId: parent!.id, nickname: 'Deep' },
      { brandId: parent!.brandId, username: 'demoxdeep', parentId: parent!.id },
    ]);
    const list = async (q: string) =>
      (await get('demoagent', `/api/agent/downline?q=${encodeURIComponent(q)}`)).value as {
        items: Array<{ username: string; depth: number }>;
      };
    expect((await list('')).items).toEqual([
      { username: 'demodownline', nickname: 'Downline', depth: 1 },
      { username: 'demo_deep', nickname: 'Deep', depth: 2 },
      { username: 'demoxdeep', nickname: null, depth: 2 },
    ]);
    // '_' is a LIKE wildcard; here it is only the character the agent typed.
    expect((await list('DEMO_')).items.map((i) => i.username)).toEqual(['demo_deep']);
    expect((await list('nobody')).items).toEqual([]);
    expect((await get('demodownline', '/api/agent/downline')).code).toBe('AGENTS_ONLY');
    expect((await get('demoagent', `/api/agent/downline?q=${'x'.repeat(65)}`)).code).toBe(
      'VALIDATION_FAILED',
    );

    const before = await balance('demoagent');
    const paid = await post('demoagent', '/api/agent/transfer-downline', {
      username: 'demo_deep',
      amount: 1_000,
      paymentPassword: '224466',
      requestId: `down-deep-${kind}`,
    });
    expect(paid.value).toMatchObject({ to: 'demo_deep', balance: before - 1_000 });
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });
});
