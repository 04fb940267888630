import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brands, operators } from '../../server/db/schema';
import { hashPassword } from '../../server/modules/accounts/credentials';
import { createTestContext, databaseKinds, fund, newMember, type TestContext } from './harness';

describe.each(databaseKinds)('back-office logins on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { OPERATOR_TWO_FACTOR: 'required' } });
  });
  afterAll(() => ctx.close());

  const login = (payload: Record<string, unknown>, ip = '10.70.0.1') =>
    ctx.call('operatorLogin', { ip, body: payload as never });
  /**
   * Created as `npm run operator:create` does, without logging in (harness newOperator logs in, which two-step
   * verification required here would refuse for admin and finance).
   */
  const newOperator = async (username: string, role: string, password = 'Operator12345') => {
    await ctx.handle.db
      .insert(operators)
      .values({ username, role, passwordHash: await hashPassword(password) });
  };

  it('locks an account after five wrong passwords from any addresses, the right one included', async () => {
    await newOperator(`locked${kind}`, 'support');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login({ username: `locked${kind}`, password: `wrong-${i}` }, `10.71.${i}.1`),
      ),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TOO_MANY_ATTEMPTS')).toHaveLength(15);
    const right = await login({ username: `locked${kind}`, password: 'Operator12345' }, '10.72.0.1');
    expect(right.code).toBe('TOO_MANY_ATTEMPTS');
    // One line in the audit trail per lockout, however many attempts it refused.
    const locked = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `locked${kind}`));
    expect(locked.filter((r) => r.action === 'login_locked')).toHaveLength(1);
  });

  it('makes admin and finance enrol in two-step verification before any session', async () => {
    await newOperator(`admin${kind}`, 'admin');
    const first = await login({ username: `admin${kind}`, password: 'Operator12345' });
    expect(first).toMatchObject({ status: 401, code: 'TWO_FACTOR_SETUP_REQUIRED' });
    const { secret, uri } = first.value as unknown as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const app = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    const wrong = await login({ username: `admin${kind}`, password: 'Operator12345', code: '000000' });
    expect(wrong.code).toBe(app.generate() === '000000' ? 'OK' : 'TWO_FACTOR_INVALID');
    const enrolled = await login({
      username: `admin${kind}`,
      password: 'Operator12345',
      code: app.generate(),
    });
    expect(enrolled.status).toBe(200);
    expect(enrolled.value).toMatchObject({ operator: { username: `admin${kind}`, twoFactor: true } });
    // From now on the password alone is not enough, and a code works once.
    expect((await login({ username: `admin${kind}`, password: 'Operator12345' })).code).toBe(
      'TWO_FACTOR_REQUIRED',
    );
    const next = app.generate({ timestamp: Date.now() + 30_000 });
    expect((await login({ username: `admin${kind}`, password: 'Operator12345', code: next })).status).toBe(
      200,
    );
    expect((await login({ username: `admin${kind}`, password: 'Operator12345', code: next })).code).toBe(
      'TWO_FACTOR_INVALID',
    );
  });

  it('lets operators log in while the site is down for maintenance', async () => {
    await newOperator(`duty${kind}`, 'support');
    await ctx.handle.db.update(brands).set({ systemStatus: 1 });
    try {
      expect((await ctx.call('memberInfo')).status).toBe(503);
      expect((await login({ username: `duty${kind}`, password: 'Operator12345' })).status).toBe(200);
    } finally {
      await ctx.handle.db.update(brands).set({ systemStatus: 0 });
    }
  });

  it('lets support work without it, and turn it on from the console', async () => {
    await newOperator(`support${kind}`, 'support');
    const res = await login({ username: `support${kind}`, password: 'Operator12345' });
    expect(res.status).toBe(200);
    const token = (res.value as unknown as { token: string }).token;
    const setup = (await ctx.call('operatorTwoFactorSetup', { token })).value;
    const app = new TOTP({ secret: Secret.fromBase32(setup.secret), digits: 6, period: 30 });
    const on = await ctx.call('operatorTwoFactorEnable', { token, body: { code: app.generate() } });
    expect(on.value).toEqual({ enabled: true });
    expect((await login({ username: `support${kind}`, password: 'Operator12345' })).code).toBe(
      'TWO_FACTOR_REQUIRED',
    );
  });

  it("never shows a member the operator's login name in the account record", async () => {
    const app = new TOTP({
      secret: Secret.fromBase32('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'),
      digits: 6,
      period: 30,
    });
    await ctx.handle.db.insert(operators).values({
      username: `clerk${kind}`,
      role: 'finance',
      passwordHash: await hashPassword('Operator12345'),
      totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    });
    const session = await login({
      username: `clerk${kind}`,
      password: 'Operator12345',
      code: app.generate(),
    });
    const token = (session.value as unknown as { token: string }).token;
    const member = await newMember(ctx, { prefix: 'goodwill' });
    await fund(ctx, member, 10_000);
    const adjusted = await ctx.call('adjustBalance', {
      token,
      body: {
        username: member.username,
        amount: 500,
        reason: 'Goodwill',
        category: 'bonus',
        requestId: `goodwill-${kind}`,
      },
    });
    expect(adjusted.status).toBe(200);
    const records = await ctx.call('accountRecords', {
      token: member.token,
      query: { type: 'bonus' } as never,
    });
    // The whole answer as the member's browser receives it.
    const text = records.raw.body;
    expect(text).toContain('Goodwill');
    expect(text).not.toContain(`clerk${kind}`);
  });
});
