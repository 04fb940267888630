import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  databaseKinds,
  fund,
  type Member,
  newMember,
  newOperator,
  type TestContext,
} from './harness';

/** Withdrawals to a PIX key (issue 27, item 8): keys checked by type, kept as the DICT stores them. */
describe.each(databaseKinds)('PIX withdrawals (%s)', (kind) => {
  let ctx: TestContext;
  let member: Member;
  let operator: string;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    member = await newMember(ctx, { prefix: 'pixpayee' });
    operator = (await newOperator(ctx, 'finance')).token;
    await fund(ctx, member, 50_000);
    await ctx.call('paymentPassword', {
      token: member.token,
      body: { password: '246810', loginPassword: member.password },
    });
  });
  afterAll(() => ctx.close());

  const add = (body: Record<string, unknown>) =>
    ctx.call('addBankAccount', { token: member.token, body: body as never });

  it('refuses a key that is not of its type, and a bank account without its bank', async () => {
    for (const [pixKeyType, key] of [
      ['cpf', '529.982.247-24'],
      ['email', 'ana@localhost'],
      ['phone', '(11) 3123-4567'],
      ['random', 'not-a-uuid-at-all'],
    ] as const) {
      const res = await add({ pixKeyType, accountName: 'Ana Lima', accountNumber: key });
      expect([pixKeyType, res.status, res.code]).toEqual([pixKeyType, 422, 'PIX_KEY_INVALID']);
    }
    const bankless = await add({ accountName: 'Ana Lima', accountNumber: '0001 2345-6' });
    expect(bankless.code).toBe('VALIDATION_FAILED');
    expect((await ctx.call('withdrawSetup', { token: member.token })).value.bankAccounts).toEqual([]);
  });

  it('keeps a key as the DICT stores it, shows it masked to the member and in full to the operator', async () => {
    const added = await add({
      pixKeyType: 'phone',
      accountName: 'Ana Lima',
      accountNumber: '(11) 91234-5678',
    });
    expect(added.value).toEqual([
      expect.objectContaining({ bankName: 'PIX', pixKeyType: 'phone', accountNumber: '+5511 *****-5678' }),
    ]);
    const requested = await ctx.call('requestWithdrawal', {
      token: member.token,
      body: {
        bankAccountId: added.value[0]!.id,
        amount: 20_000,
        paymentPassword: '246810',
        requestId: `pix-withdrawal-${kind}`,
      },
    });
    expect(requested.code).toBe('OK');
    const queue = await ctx.call('operatorWithdrawals', { token: operator, query: { status: 'pending' } });
    const row = queue.value.find((w) => w.reference === requested.value.reference)!;
    expect(row.bank).toEqual({
      bankName: 'PIX',
      accountName: 'Ana Lima',
      accountNumber: '+5511912345678',
      pixKeyType: 'phone',
    });
    const paid = await ctx.call('decideWithdrawal', {
      token: operator,
      body: { reference: row.reference, decision: 'approve', requestId: `pix-pay-${kind}-01` },
    });
    expect(paid.value).toMatchObject({ status: 'paid', approval: null });
    expect((await ctx.call('walletBalance', { token: member.token })).value.balance).toBe(30_000);
  });
});
