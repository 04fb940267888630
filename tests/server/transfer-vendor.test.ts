import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import { paths } from '../../src/api/paths';
import {
  connectVendor,
  createTestContext,
  databaseKinds,
  fund,
  launchTokenFor,
  type Member,
  newMember,
  type TestContext,
} from './harness';

/**
 * A vendor connected in transfer mode on a single-wallet brand: its games play from the member's wallet at
 * that vendor, filled and emptied through GCS_walletTransfer; seamless vendors keep playing from the main
 * wallet and refuse transfers.
 */
describe.each(databaseKinds)('a transfer-mode vendor on %s', (kind) => {
  let ctx: TestContext;
  let member: Member;
  let secret: string;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    secret = await connectVendor(ctx, 'DS88', { mode: 'transfer' });
    await connectVendor(ctx, 'NOVA');
    member = await newMember(ctx, { prefix: 'xfer' });
    await fund(ctx, member, 10_000);
    ({ token } = await launchTokenFor(ctx, member, 'DS88'));
  });
  afterAll(() => ctx.close());

  const vendor = async (action: 'vendorBet' | 'vendorWin' | 'vendorBalance', body: object) => {
    const raw = JSON.stringify(body);
    const res = await ctx.app.inject({
      method: 'POST',
      url: paths[action].path,
      headers: {
        'content-type': 'application/json',
        'x-vendor-code': 'DS88',
        'x-signature': createHmac('sha256', secret).update(raw).digest('hex'),
      },
      payload: raw,
    });
    return res.json() as { code: string; value: { balance: number } };
  };
  const main = async () => (await ctx.call('walletBalance', { token: member.token })).value.balance;

  it('lists only the transfer-mode vendor among the wallets, and refuses transfers to a seamless one', async () => {
    const wallets = await ctx.call('merchantWallets', { token: member.token });
    expect(wallets.value.isSingle).toBe(true);
    expect(wallets.value.wallets.map((w) => w.vendor)).toEqual(['DS88']);
    const seamless = await ctx.call('walletTransfer', {
      token: member.token,
      body: { vendor: 'NOVA', direction: 'in', amount: 100, requestId: 'seamless-0001' },
    });
    expect(seamless.code).toBe('SINGLE_WALLET');
  });

  it("bets from the vendor's own wallet, filled and emptied by transfers, never from the main one", async () => {
    expect((await vendor('vendorBalance', { playerId: String(member.id) })).value.balance).toBe(0);
    const refused = await vendor('vendorBet', {
      token,
      playerId: String(member.id),
      transactionId: 'x-b1',
      roundId: 'x-r1',
      amount: 500,
    });
    expect(refused.code).toBe('INSUFFICIENT_FUNDS');
    const filled = await ctx.call('walletTransfer', {
      token: member.token,
      body: { vendor: 'DS88', direction: 'in', amount: 3_000, requestId: 'fill-000001' },
    });
    expect(filled.value).toMatchObject({ main: 7_000, vendor: 3_000 });
    const bet = await vendor('vendorBet', {
      token,
      playerId: String(member.id),
      transactionId: 'x-b2',
      roundId: 'x-r2',
      amount: 500,
    });
    expect(bet.value.balance).toBe(2_500);
    await vendor('vendorWin', {
      playerId: String(member.id),
      transactionId: 'x-w2',
      roundId: 'x-r2',
      amount: 950,
    });
    expect(await main()).toBe(7_000);
    const back = await ctx.call('walletTransfer', {
      token: member.token,
      body: { vendor: 'DS88', direction: 'out', amount: 3_450, requestId: 'empty-00001' },
    });
    expect(back.value).toMatchObject({ main: 10_450, vendor: 0 });
    const funds = await ctx.call('consolidatedFunds', { token: member.token });
    expect(funds.value.total).toBe(10_450);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });
});
