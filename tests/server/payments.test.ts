import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../server/db/schema';
import type { Brand } from '../../server/modules/brand/brand.service';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import { parseBrCode } from '../../server/modules/payments/pix-brcode';
import { paths } from '../../src/api/paths';
import { body, createTestContext, databaseKinds, newMember, newOperator, type TestContext } from './harness';

describe.each(databaseKinds)('deposits on %s', (kind) => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    token = (await newMember(ctx, { prefix: 'payer' })).token;
  });
  afterAll(() => ctx.close());

  let requests = 0;
  /** A deposit as the page asks for it; amounts and methods may break the contract on purpose. */
  const create = (body: Record<string, unknown>) =>
    ctx.call('createDeposit', { token, language: 'en', body: body as never });
  const deposit = (method: string, amount: unknown, requestId = `request-${++requests}-${kind}`) =>
    create({ method, amount, requestId });
  const depositStatus = async (reference: string) =>
    (await ctx.call('deposit', { token, query: { reference } })).value.status;
  const balance = async () => (await ctx.call('walletBalance', { token })).value.balance;

  /** Follows the checkout page the way a browser does: open it, press a button, follow the redirect. */
  const checkout = async (payUrl: string, decision: 'pay' | 'decline') => {
    // The gateway's own pages: HTML and a form post, outside the contract.
    const pageRes = await ctx.app.inject({ url: payUrl, headers: { 'accept-language': 'en' } });
    expect(pageRes.headers['content-type']).toContain('text/html');
    const ticket = new URL(payUrl, 'http://x').searchParams.get('t')!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: new URL(payUrl, 'http://x').pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ t: ticket, decision }).toString(),
    });
    return { page: pageRes.body, redirect: res.headers.location };
  };

  it('lists the methods with their limits', async () => {
    const methods = (await ctx.call('depositMethods', { token, language: 'en' })).value;
    expect(methods.map((m) => [m.code, m.kind, m.minAmount])).toEqual([
      ['sim-gateway', 'gateway', 500],
      ['pix-qr', 'pix', 1_000],
      ['pix', 'bank_transfer', 1_000],
    ]);
    expect(methods[0]!.name).toBe('AuroraPay (simulated online payment)');
    expect((await ctx.call('depositMethods')).status).toBe(401);
  });

  it('pays through the simulated gateway: the signed notification credits the wallet once', async () => {
    const before = await balance();
    const created = await deposit('sim-gateway', 25_000);
    expect(created).toMatchObject({
      status: 200,
      value: { status: 'awaiting_payment', amount: 25_000, kind: 'gateway' },
    });
    const { page, redirect } = await checkout(created.value.payUrl!, 'pay');
    expect(page).toContain('250.00 FUN');
    expect(redirect).toBe(`/member/depositv2?deposit=${created.value.reference}`);
    const after = await ctx.call('deposit', { token, query: { reference: created.value.reference } });
    expect(after.value).toMatchObject({ status: 'credited', payUrl: null });
    expect(await balance()).toBe(before + 25_000);

    // The page again, or a repeated press, moves nothing.
    const again = await checkout(created.value.payUrl!, 'pay');
    expect(again.page).toContain('no longer open');
    expect(await balance()).toBe(before + 25_000);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('closes a declined payment as failed, with no money moved', async () => {
    const before = await balance();
    const created = await deposit('sim-gateway', 700);
    await checkout(created.value.payUrl!, 'decline');
    expect(await depositStatus(created.value.reference)).toBe('failed');
    expect(await balance()).toBe(before);
  });

  it('makes one deposit per request id, and checks the method, the amount and its limits', async () => {
    const first = await deposit('pix', 5_000, 'same-request-1');
    const second = await deposit('pix', 5_000, 'same-request-1');
    expect(second.value.reference).toBe(first.value.reference);
    expect(first.value).toMatchObject({ status: 'pending', bank: { pixKey: 'pagamentos@aurora.example' } });

    expect(await deposit('pix', 999)).toMatchObject({
      status: 422,
      code: 'AMOUNT_BELOW_MIN',
      message: 'The minimum for this method is 10.00 FUN.',
    });
    expect((await deposit('pix', 5_000_001)).code).toBe('AMOUNT_ABOVE_MAX');
    expect((await deposit('pix', 0)).code).toBe('AMOUNT_ZERO');
    expect((await deposit('pix', -100)).code).toBe('AMOUNT_NEGATIVE');
    expect((await deposit('pix', 10.5)).code).toBe('AMOUNT_NOT_INTEGER');
    expect((await deposit('wire', 5_000)).code).toBe('PAYMENT_METHOD_NOT_FOUND');
    // No request id.
    expect((await create({ method: 'pix', amount: 5_000 })).status).toBe(422);

    const cancel = (reference: string) => ctx.call('cancelDeposit', { token, body: { reference } });
    const cancelled = await cancel(first.value.reference);
    expect(cancelled.value.status).toBe('cancelled');
    expect((await cancel('DNOPE0000')).code).toBe('DEPOSIT_NOT_FOUND');
    const list = await ctx.call('deposits', { token, query: { status: 'cancelled' } as never });
    expect(list.value.map((d) => d.reference)).toContain(first.value.reference);
  });

  it('refuses gateway notifications that are unsigned, forged or for another amount', async () => {
    const created = await deposit('sim-gateway', 1_500);
    const note = {
      reference: created.value.reference,
      gatewayReference: 'X-1',
      status: 'paid',
      amount: 1_500,
    };
    // The gateway signs the raw bytes of its body, so they are sent as they are.
    const notify = (raw: string, signature: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${paths.gatewayNotify.path}?method=sim-gateway`,
        headers: { 'content-type': 'application/json', 'x-signature': signature },
        payload: raw,
      });
    expect(body(await notify(JSON.stringify(note), 'ab'.repeat(32))).code).toBe('BAD_SIGNATURE');
    const forged = createHmac('sha256', 'not-the-secret').update(JSON.stringify(note)).digest('hex');
    expect(body(await notify(JSON.stringify(note), forged)).code).toBe('BAD_SIGNATURE');
    expect(await depositStatus(created.value.reference)).toBe('awaiting_payment');
  });

  it('a PIX deposit shows its copia-e-cola code, and the simulated provider pays it once', async () => {
    const before = await balance();
    const created = await deposit('pix-qr', 12_345);
    expect(created.value).toMatchObject({ status: 'pending', kind: 'pix', amount: 12_345, bank: null });
    const pix = created.value.pix!;
    expect(pix.txid).toBe(created.value.reference);
    expect(pix.expiresAt).toBeGreaterThan(Date.now());
    // The code reads back: its CRC is right, and it carries the key, the amount and the txid.
    const fields = parseBrCode(pix.brCode)!;
    expect(fields.get('00')).toBe('01');
    expect(fields.get('26')).toContain('0014br.gov.bcb.pix0125pagamentos@aurora.example');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('54')).toBe('123.45');
    expect(fields.get('58')).toBe('BR');
    expect(fields.get('62')).toBe(`0510${created.value.reference}`);
    // The demo's "bank app": the simulated gateway's page, for this deposit.
    expect(created.value.payUrl).toMatch(new RegExp(`^/pay/sim/${created.value.reference}\\?t=`));
    const { page } = await checkout(created.value.payUrl!, 'pay');
    expect(page).toContain('stands in for your bank');
    const after = (await ctx.call('deposit', { token, query: { reference: created.value.reference } })).value;
    expect(after).toMatchObject({ status: 'credited', pix: null, payUrl: null });
    expect(await balance()).toBe(before + 12_345);
    await checkout(created.value.payUrl!, 'pay');
    expect(await balance()).toBe(before + 12_345);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('a PIX charge the provider reports failed closes, and an operator can confirm one instead', async () => {
    const declined = await deposit('pix-qr', 2_000);
    await checkout(declined.value.payUrl!, 'decline');
    expect(await depositStatus(declined.value.reference)).toBe('failed');

    const before = await balance();
    const waiting = await deposit('pix-qr', 3_000);
    const admin = await newOperator(ctx, 'admin');
    const confirmed = await ctx.call('decideDeposit', {
      token: admin.token,
      body: { reference: waiting.value.reference, decision: 'confirm', requestId: `pix-confirm-${kind}` },
    });
    expect(confirmed.value.status).toBe('credited');
    expect(await balance()).toBe(before + 3_000);
    // The provider's late word changes nothing.
    await checkout(waiting.value.payUrl!, 'pay');
    expect(await balance()).toBe(before + 3_000);
  });

  it('closes a PIX charge that expired unpaid, at its expiry and not a millisecond before', async () => {
    const created = await deposit('pix-qr', 4_000);
    const expiresAt = created.value.pix!.expiresAt!;
    const all = (await ctx.handle.db.select().from(brands)) as unknown as Brand[];
    const before = await balance();
    expect(await ctx.app.payments.expireCharges(all, new Date(expiresAt - 1))).toBe(0);
    expect(await depositStatus(created.value.reference)).toBe('pending');
    expect(await ctx.app.payments.expireCharges(all, new Date(expiresAt))).toBeGreaterThanOrEqual(1);
    expect(await depositStatus(created.value.reference)).toBe('failed');
    // The provider's late word pays nothing: the code had expired.
    await checkout(created.value.payUrl!, 'pay');
    expect(await depositStatus(created.value.reference)).toBe('failed');
    expect(await balance()).toBe(before);
  });

  it('stops trial accounts from depositing', async () => {
    const trial = (await ctx.call('freePlay', { body: {} })).value;
    const res = await ctx.call('createDeposit', {
      token: trial.token,
      body: { method: 'pix', amount: 5_000, requestId: 'trial-request-1' } as never,
    });
    expect(res.code).toBe('REAL_ACCOUNT_REQUIRED');
  });
});
