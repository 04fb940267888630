import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operators } from '../../server/db/schema';
import { hashPassword } from '../../server/modules/accounts/credentials';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import type { LoginResult } from '../../src/api/contract/accounts';
import { body, createTestContext, databaseKinds, solveHumanCheck, type TestContext } from './harness';

describe.each(databaseKinds)('back office on %s', (kind) => {
  let ctx: TestContext;
  let admin: string;
  let member: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'demomember', password: 'Demo1234', humanCheck: await solveHumanCheck(ctx.app) },
    });
    member = body<LoginResult>(login).value.token;
  });
  afterAll(() => ctx.close());

  let address = 0;
  const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: object) => {
    const res = await ctx.app.inject({
      method,
      url,
      remoteAddress: `10.70.0.${++address}`,
      headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { payload } : {}),
    });
    // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of its own answer
    return { status: res.statusCode, ...body<any>(res) };
  };
  const operatorLogin = async (username: string, password: string, code?: string) =>
    call('POST', '/api/backoffice/login', undefined, { username, password, ...(code ? { code } : {}) });

  it('logs operators in apart from members, and keeps members out', async () => {
    expect((await operatorLogin('demoadmin', 'wrong')).code).toBe('INVALID_CREDENTIALS');
    const ok = await operatorLogin('demoadmin', 'Admin12345');
    expect(ok.value.operator).toMatchObject({ username: 'demoadmin', role: 'admin', twoFactor: false });
    admin = ok.value.token;
    expect((await call('GET', '/api/backoffice/me', admin)).value.username).toBe('demoadmin');
    // A member's token opens nothing here, and an operator's opens nothing on the member side.
    expect((await call('GET', '/api/backoffice/me', member)).status).toBe(401);
    expect((await call('GET', '/wps/member/info', admin)).status).toBe(401);
    expect((await call('GET', '/api/backoffice/deposits')).status).toBe(401);
  });

  it('asks operators with two-step verification for a fresh code', async () => {
    const { TOTP, Secret } = await import('otpauth');
    const secret = new Secret({ size: 20 }).base32;
    await ctx.handle.db.update(operators).set({ totpSecret: secret }).where(sql`username = 'demofinance'`);
    expect((await operatorLogin('demofinance', 'Finance12345')).code).toBe('TWO_FACTOR_REQUIRED');
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    expect((await operatorLogin('demofinance', 'Finance12345', code)).status).toBe(200);
    expect((await operatorLogin('demofinance', 'Finance12345', code)).code).toBe('TWO_FACTOR_INVALID');
  });

  it('confirms a bank-transfer deposit, crediting the member once, and audits it', async () => {
    const created = await call('POST', '/api/wallet/deposits', member, {
      method: 'pix',
      amount: 80_000,
      requestId: `bo-deposit-${kind}`,
    });
    const queue = await call('GET', '/api/backoffice/deposits?status=pending', admin);
    expect(queue.value.map((d: { reference: string }) => d.reference)).toContain(created.value.reference);
    expect(queue.value[0]).toMatchObject({ username: 'demomember' });

    expect(
      (
        await call('POST', '/api/backoffice/deposits/decide', admin, {
          reference: created.value.reference,
          decision: 'reject',
          requestId: 'decision-0001',
        })
      ).code,
    ).toBe('REASON_REQUIRED');
    const confirmed = await call('POST', '/api/backoffice/deposits/decide', admin, {
      reference: created.value.reference,
      decision: 'confirm',
      requestId: 'decision-0002',
    });
    expect(confirmed.value).toMatchObject({ status: 'credited', username: 'demomember' });
    expect(
      (
        await call('POST', '/api/backoffice/deposits/decide', admin, {
          reference: created.value.reference,
          decision: 'reject',
          requestId: 'decision-0003',
          reason: 'x',
        })
      ).code,
    ).toBe('DEPOSIT_STATE');
    expect((await call('GET', '/wps/v2/wallets/balance', member)).value.balance).toBe(80_000);
  });

  it('approves a withdrawal and adjusts balances with a reason; roles limit who may', async () => {
    await call('POST', '/api/wallet/payment-password', member, {
      password: '112233',
      loginPassword: 'Demo1234',
    });
    await call('POST', '/api/wallet/bank-accounts', member, {
      bankName: 'Banco Demo',
      accountName: 'Demo Member',
      accountNumber: '00011122233',
    });
    const requested = await call('POST', '/api/wallet/withdrawals', member, {
      bankAccountId: 1,
      amount: 30_000,
      paymentPassword: '112233',
      requestId: `bo-withdraw-${kind}`,
    });
    const queue = await call('GET', '/api/backoffice/withdrawals?status=pending', admin);
    expect(queue.value[0]).toMatchObject({
      reference: requested.value.reference,
      bank: { accountNumber: '00011122233' },
    });
    const approved = await call('POST', '/api/backoffice/withdrawals/decide', admin, {
      reference: requested.value.reference,
      decision: 'approve',
      requestId: 'decision-0004',
    });
    expect(approved.value).toMatchObject({ status: 'paid' });
    expect((await call('GET', '/wps/v2/wallets/balance', member)).value.balance).toBe(50_000);

    const adjusted = await call('POST', '/api/backoffice/adjust', admin, {
      username: 'demomember',
      amount: -5_000,
      reason: 'Duplicated bonus',
      requestId: `bo-adjust-${kind}`,
    });
    expect(adjusted.value).toEqual({ username: 'demomember', balance: 45_000 });
    const bonus = await call('POST', '/api/backoffice/adjust', admin, {
      username: 'demomember',
      amount: 2_000,
      reason: 'Welcome bonus',
      category: 'bonus',
      requestId: `bo-bonus-${kind}`,
    });
    expect(bonus.value.balance).toBe(47_000);
    const bonuses = await call('GET', '/api/wallet/records?type=bonus', member);
    expect(bonuses.value.items).toMatchObject([
      { type: 'bonus', amount: 2_000, detail: { reason: 'Welcome bonus' } },
    ]);
    expect(
      (
        await call('POST', '/api/backoffice/adjust', admin, {
          username: 'demomember',
          amount: -999_999,
          reason: 'too much',
          requestId: `bo-adjust-2-${kind}`,
        })
      ).code,
    ).toBe('INSUFFICIENT_FUNDS');
    expect(
      (
        await call('POST', '/api/backoffice/adjust', admin, {
          username: 'nobody',
          amount: 5,
          reason: 'test',
          requestId: `bo-adjust-3-${kind}`,
        })
      ).code,
    ).toBe('MEMBER_NOT_FOUND');

    await ctx.handle.db
      .insert(operators)
      .values({ username: 'support1', passwordHash: await hashPassword('Support12345'), role: 'support' });
    const support = (await operatorLogin('support1', 'Support12345')).value.token;
    expect((await call('GET', '/api/backoffice/withdrawals', support)).status).toBe(200);
    expect(
      (
        await call('POST', '/api/backoffice/adjust', support, {
          username: 'demomember',
          amount: 5,
          reason: 'test',
          requestId: `bo-adjust-4-${kind}`,
        })
      ).code,
    ).toBe('ROLE_FORBIDDEN');
    expect((await call('GET', '/api/backoffice/audit', support)).code).toBe('ROLE_FORBIDDEN');
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('keeps every action in an audit trail that cannot be rewritten', async () => {
    const trail = (await call('GET', '/api/backoffice/audit', admin)).value as Array<{
      action: string;
      operator: string | null;
    }>;
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
    await call('POST', '/api/backoffice/logout', admin);
    expect((await call('GET', '/api/backoffice/me', admin)).code).toBe('SESSION_EXPIRED');
  });
});
