import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operators } from '../../server/db/schema';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import type { endpoints } from '../../src/api/endpoints';
import {
  type CallOptions,
  createTestContext,
  databaseKinds,
  type Member,
  newMember,
  newOperator,
  type TestContext,
} from './harness';

describe.each(databaseKinds)('back office on %s', (kind) => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof newOperator>>;
  let member: Member;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    admin = await newOperator(ctx, 'admin');
    member = await newMember(ctx, { prefix: 'office' });
  });
  afterAll(() => ctx.close());

  let address = 0;
  /** A call from its own address, in English. */
  const call = <N extends keyof typeof endpoints>(name: N, options: CallOptions<N> = {}) =>
    ctx.call(name, { ip: `10.70.0.${++address}`, language: 'en', ...options });
  const operatorLogin = (username: string, password: string, code?: string) =>
    call('operatorLogin', { body: { username, password, ...(code ? { code } : {}) } });

  it('logs operators in apart from members, and keeps members out', async () => {
    expect((await operatorLogin(admin.username, 'wrong')).code).toBe('INVALID_CREDENTIALS');
    const ok = await operatorLogin(admin.username, admin.password);
    expect(ok.value.operator).toMatchObject({ username: admin.username, role: 'admin', twoFactor: false });
    const token = ok.value.token;
    expect((await call('operatorMe', { token })).value.username).toBe(admin.username);
    // A member's token opens nothing here, and an operator's opens nothing on the member side.
    expect((await call('operatorMe', { token: member.token })).status).toBe(401);
    expect((await call('memberInfo', { token })).status).toBe(401);
    expect((await call('operatorDeposits')).status).toBe(401);
  });

  it('asks operators with two-step verification for a fresh code', async () => {
    const { TOTP, Secret } = await import('otpauth');
    const finance = await newOperator(ctx, 'finance');
    const secret = new Secret({ size: 20 }).base32;
    // As the operator's enrolment would leave it: an active secret.
    await ctx.handle.db.update(operators).set({ totpSecret: secret }).where(eq(operators.id, finance.id));
    expect((await operatorLogin(finance.username, finance.password)).code).toBe('TWO_FACTOR_REQUIRED');
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    expect((await operatorLogin(finance.username, finance.password, code)).status).toBe(200);
    expect((await operatorLogin(finance.username, finance.password, code)).code).toBe('TWO_FACTOR_INVALID');
  });

  it('confirms a bank-transfer deposit, crediting the member once, and audits it', async () => {
    const created = await call('createDeposit', {
      token: member.token,
      body: { method: 'pix', amount: 80_000, requestId: `bo-deposit-${kind}` } as never,
    });
    const queue = await call('operatorDeposits', { token: admin.token, query: { status: 'pending' } });
    expect(queue.value.map((d) => d.reference)).toContain(created.value.reference);
    expect(queue.value[0]).toMatchObject({ username: member.username });

    const decide = (decision: 'confirm' | 'reject', requestId: string, reason?: string) =>
      call('decideDeposit', {
        token: admin.token,
        body: { reference: created.value.reference, decision, requestId, ...(reason ? { reason } : {}) },
      });
    expect((await decide('reject', 'decision-0001')).code).toBe('REASON_REQUIRED');
    const confirmed = await decide('confirm', 'decision-0002');
    expect(confirmed.value).toMatchObject({ status: 'credited', username: member.username });
    expect((await decide('reject', 'decision-0003', 'x')).code).toBe('DEPOSIT_STATE');
    expect((await call('walletBalance', { token: member.token })).value.balance).toBe(80_000);
  });

  it('approves a withdrawal and adjusts balances with a reason; roles limit who may', async () => {
    await call('paymentPassword', {
      token: member.token,
      body: { password: '112233', loginPassword: member.password },
    });
    const banks = await call('addBankAccount', {
      token: member.token,
      body: { bankName: 'Banco Demo', accountName: 'Office Member', accountNumber: '00011122233' },
    });
    const requested = await call('requestWithdrawal', {
      token: member.token,
      body: {
        bankAccountId: banks.value[0]!.id,
        amount: 30_000,
        paymentPassword: '112233',
        requestId: `bo-withdraw-${kind}`,
      },
    });
    const queue = await call('operatorWithdrawals', { token: admin.token, query: { status: 'pending' } });
    expect(queue.value[0]).toMatchObject({
      reference: requested.value.reference,
      bank: { accountNumber: '00011122233' },
    });
    const approved = await call('decideWithdrawal', {
      token: admin.token,
      body: { reference: requested.value.reference, decision: 'approve', requestId: 'decision-0004' },
    });
    expect(approved.value).toMatchObject({ status: 'paid' });
    expect((await call('walletBalance', { token: member.token })).value.balance).toBe(50_000);

    const adjust = (token: string, body: Record<string, unknown>) =>
      call('adjustBalance', { token, body: body as never });
    const adjusted = await adjust(admin.token, {
      username: member.username,
      amount: -5_000,
      reason: 'Duplicated bonus',
      requestId: `bo-adjust-${kind}`,
    });
    expect(adjusted.value).toEqual({ username: member.username, balance: 45_000, approval: null });
    const bonus = await adjust(admin.token, {
      username: member.username,
      amount: 2_000,
      reason: 'Welcome bonus',
      category: 'bonus',
      requestId: `bo-bonus-${kind}`,
    });
    expect(bonus.value.balance).toBe(47_000);
    const bonuses = await call('accountRecords', { token: member.token, query: { type: 'bonus' } as never });
    expect(bonuses.value.items).toMatchObject([
      { type: 'bonus', amount: 2_000, detail: { reason: 'Welcome bonus' } },
    ]);
    expect(
      (
        await adjust(admin.token, {
          username: member.username,
          amount: -999_999,
          reason: 'too much',
          requestId: `bo-adjust-2-${kind}`,
        })
      ).code,
    ).toBe('INSUFFICIENT_FUNDS');
    expect(
      (
        await adjust(admin.token, {
          username: 'nobody',
          amount: 5,
          reason: 'test',
          requestId: `bo-adjust-3-${kind}`,
        })
      ).code,
    ).toBe('MEMBER_NOT_FOUND');

    const support = (await newOperator(ctx, 'support')).token;
    expect((await call('operatorWithdrawals', { token: support })).status).toBe(200);
    expect(
      (
        await adjust(support, {
          username: member.username,
          amount: 5,
          reason: 'test',
          requestId: `bo-adjust-4-${kind}`,
        })
      ).code,
    ).toBe('ROLE_FORBIDDEN');
    expect((await call('auditLog', { token: support })).code).toBe('ROLE_FORBIDDEN');
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('keeps every action in an audit trail that cannot be rewritten', async () => {
    const trail = (await call('auditLog', { token: admin.token })).value;
    const actions = trail.map((e) => e.action);
    for (const action of [
      'login',
      'login_failed',
      'deposit_confirm',
      'withdrawal_approve',
      'balance_adjust',
    ]) {
      expect(actions).toContain(action);
    }
    await expect(ctx.handle.db.execute(sql`UPDATE audit_log SET action = 'nothing'`)).rejects.toThrow();
    await expect(ctx.handle.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    await call('operatorLogout', { token: admin.token });
    expect((await call('operatorMe', { token: admin.token })).code).toBe('SESSION_EXPIRED');
  });
});
