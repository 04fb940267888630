import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../server/db/schema';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import { createTestContext, databaseKinds, fund, newMember, type TestContext } from './harness';

describe.each(databaseKinds)('member wallets on %s', (kind) => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const member = await newMember(ctx, { prefix: 'wallet' });
    await fund(ctx, member, 50_000);
    token = member.token;
  });
  afterAll(() => ctx.close());

  /** A transfer as the page sends it; amounts and directions may break the contract on purpose. */
  const transfer = (payload: Record<string, unknown>) =>
    ctx.call('walletTransfer', { token, body: payload as never });
  const records = (query: Record<string, unknown> = {}) =>
    ctx.call('accountRecords', { token, query: query as never });

  it('needs a session', async () => {
    expect((await ctx.call('walletBalance')).status).toBe(401);
    expect((await ctx.call('consolidatedFunds')).status).toBe(401);
  });

  it('shows the main balance, the wallet mode and the consolidated funds', async () => {
    expect((await ctx.call('walletBalance', { token })).value).toEqual({
      balance: 50_000,
      currency: 'FUN',
      isSingle: true,
    });
    expect((await ctx.call('consolidatedFunds', { token })).value).toEqual({
      currency: 'FUN',
      main: 50_000,
      vendors: [],
      total: 50_000,
      contractRequests: [],
    });
    const wallets = (await ctx.call('merchantWallets', { token })).value;
    // A single wallet: no vendor plays from a wallet of its own unless connected in transfer mode.
    expect(wallets.wallets).toEqual([]);
    expect(
      await transfer({ vendor: 'BGS', direction: 'in', amount: 100, requestId: 'req-00000001' }),
    ).toMatchObject({
      status: 409,
      code: 'SINGLE_WALLET',
    });
  });

  it('in transfer mode, moves money to a vendor wallet and back, once per request id', async () => {
    await ctx.handle.db.update(brands).set({ singleWallet: false });
    const moved = await transfer({
      vendor: 'BGS',
      direction: 'in',
      amount: 12_000,
      requestId: 'req-00000002',
    });
    expect(moved).toMatchObject({ status: 200, value: { main: 38_000, vendor: 12_000 } });
    const again = await transfer({
      vendor: 'BGS',
      direction: 'in',
      amount: 12_000,
      requestId: 'req-00000002',
    });
    expect(again.value).toEqual(moved.value);
    expect(
      (await transfer({ vendor: 'BGS', direction: 'out', amount: 2_000, requestId: 'req-00000003' })).value,
    ).toMatchObject({
      main: 40_000,
      vendor: 10_000,
    });
    const funds = (await ctx.call('consolidatedFunds', { token })).value;
    expect(funds).toMatchObject({
      main: 40_000,
      total: 50_000,
      vendors: [{ vendor: 'BGS', balance: 10_000 }],
    });
    expect((await ctx.call('walletBalance', { token })).value).toMatchObject({
      balance: 40_000,
      isSingle: false,
    });

    expect(
      await transfer({ vendor: 'BGS', direction: 'out', amount: 10_001, requestId: 'req-00000004' }),
    ).toMatchObject({
      status: 409,
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(
      (await transfer({ vendor: 'BGS', direction: 'in', amount: 0, requestId: 'req-00000005' })).code,
    ).toBe('AMOUNT_ZERO');
    expect(
      (await transfer({ vendor: 'BGS', direction: 'in', amount: 9.99, requestId: 'req-00000006' })).code,
    ).toBe('AMOUNT_NOT_INTEGER');
    expect(
      (await transfer({ vendor: 'NOPE', direction: 'in', amount: 10, requestId: 'req-00000007' })).code,
    ).toBe('VENDOR_NOT_FOUND');
    expect(
      (await transfer({ vendor: 'BGS', direction: 'up', amount: 10, requestId: 'req-00000008' })).status,
    ).toBe(422);
    await ctx.handle.db.update(brands).set({ singleWallet: true });
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('lists every posting in the account record, filtered by type and time, page by page', async () => {
    type Records = {
      items: Array<{ id: number; type: string; wallet: string; amount: number; balanceAfter: number }>;
      more: boolean;
    };
    const all = (await records()).value as unknown as Records;
    expect(all.items[0]).toMatchObject({ type: 'transfer' });
    expect(all.items.at(-1)).toMatchObject({
      type: 'deposit',
      wallet: 'main',
      amount: 50_000,
      balanceAfter: 50_000,
    });
    const transfers = (await records({ type: 'transfer' })).value as unknown as Records;
    expect(transfers.items.every((r) => r.type === 'transfer')).toBe(true);
    expect(transfers.items.map((r) => `${r.wallet} ${r.amount}`).sort()).toEqual([
      'BGS -2000',
      'BGS 12000',
      'main -12000',
      'main 2000',
    ]);
    const first = (await records({ limit: 2 })).value as unknown as Records;
    expect(first.more).toBe(true);
    const next = (await records({ limit: 2, before: first.items[1]!.id })).value as unknown as Records;
    expect(next.items[0]!.id).toBeLessThan(first.items[1]!.id);
    const future = (await records({ from: Date.now() + 86_400_000 })).value as unknown as Records;
    expect(future.items).toEqual([]);
    expect((await records({ type: 'lottery' })).status).toBe(422);
  });
});
