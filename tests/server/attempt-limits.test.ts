import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brandDomains, brands, members, smsCodes } from '../../server/db/schema';
import type { LoginResult } from '../../src/api/contract/accounts';
import type { endpoints } from '../../src/api/endpoints';
import { createTestContext, databaseKinds, newMember, solveHumanCheck, type TestContext } from './harness';

/**
 * Bursts against every per-account limit: each attack sends its requests at once (real concurrency on
 * PostgreSQL), and the limit must hold as if they had come one by one.
 */
describe.each(databaseKinds)('attempt limits under a burst on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { SMS_HOURLY_BUDGET: '1000' } });
  });
  afterAll(() => ctx.close());

  let seq = 0;
  const from = (n: number) => `10.60.${n % 250}.${(seq % 250) + 1}`;
  const send = async (
    name: keyof typeof endpoints,
    payload: Record<string, unknown>,
    options: { ip?: string; token?: string; host?: string } = {},
  ) => {
    const res = await ctx.call(name as 'login', {
      body: payload as never,
      ip: options.ip ?? '10.60.0.1',
      language: 'en',
      ...(options.token ? { token: options.token } : {}),
      ...(options.host ? { headers: { host: options.host } } : {}),
    });
    return res as unknown as typeof res & { value: Record<string, unknown> };
  };

  /** A member of its own for each attack, registered from `ip` (so logins from there need no code). */
  const memberFrom = (ip: string, extra: { email?: string } = {}) => {
    ++seq;
    return newMember(ctx, { ip, prefix: 'burst', ...extra });
  };

  const outbox = async (recipient: string) => (await ctx.call('outbox', { query: { recipient } })).value;
  const outboxCode = async (recipient: string) => /(\d{6})/.exec((await outbox(recipient))[0]!.body)![1]!;
  const wrongCodes = (right: string, n: number) =>
    Array.from({ length: n }, (_, i) => String((Number(right) + i + 1) % 1_000_000).padStart(6, '0'));

  it('checks five SMS codes of a burst of twenty guesses, whatever they are', async () => {
    const ip = from(1);
    const mobile = '21977770001';
    await send(
      'smsNoLogin',
      {
        mobileNum: mobile,
        countryDialingCode: '55',
        purpose: 'reset',
        humanCheck: await solveHumanCheck(ctx.app),
      },
      { ip },
    );
    const right = await outboxCode(`55${mobile}`);
    const guess = (code: string) =>
      send(
        'resetByPhone',
        { newPassword: 'Taken1234', mobileNum: mobile, countryDialingCode: '55', verificationCode: code },
        { ip },
      );
    const wrong = wrongCodes(right, 19).map(guess);
    await new Promise((r) => setTimeout(r, 20));
    const answers = await Promise.all([...wrong, guess(right)]);
    expect(answers.every((a) => a.code === 'SMS_CODE_INVALID')).toBe(true);
    const [row] = await ctx.handle.db
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.phone, `55${mobile}`));
    expect(row!.attempts).toBe(5);
    expect(row!.usedAt).toBeNull();
  });

  it('checks three passwords of a burst of twenty and refuses the rest unchecked', async () => {
    const ip = from(2);
    const { username } = await memberFrom(ip);
    // From twenty addresses, as a botnet would: no per-address limit helps.
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) =>
        send(
          'login',
          { username, password: 'Wrong1234', humanCheck: await solveHumanCheck(ctx.app) },
          { ip: `10.62.${seq}.${i + 1}` },
        ),
      ),
    );
    // Attempts 1 to 3 are checked; from the 4th each is refused before its password is looked at: 4 to 10
    // for want of a captcha, and past the 10th for the limit, unless a captcha's refusal gave its attempt
    // back first (how the burst interleaves decides how many).
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(3);
    expect(codes.filter((c) => c === 'CAPTCHA_REQUIRED').length).toBeGreaterThanOrEqual(7);
    expect(codes.filter((c) => c !== 'CAPTCHA_REQUIRED' && c !== 'INVALID_CREDENTIALS')).toEqual(
      codes.filter((c) => c === 'TOO_MANY_ATTEMPTS'),
    );
    // The right password is refused too: the burst counted.
    const right = await send(
      'login',
      { username, password: 'Secret123', humanCheck: await solveHumanCheck(ctx.app) },
      { ip },
    );
    expect(['CAPTCHA_REQUIRED', 'TOO_MANY_ATTEMPTS']).toContain(right.code);
  });

  it('locks two-step codes after five wrong ones, even when the right one follows', async () => {
    const { TOTP, Secret } = await import('otpauth');
    const ip = from(3);
    const { token } = await memberFrom(ip);
    const setup = (await send('twoFactorSetup', {}, { ip, token })).value as unknown as {
      secret: string;
    };
    const app = new TOTP({ secret: Secret.fromBase32(setup.secret), digits: 6, period: 30 });
    expect((await send('twoFactorEnable', { code: app.generate() }, { ip, token })).status).toBe(200);
    const right = app.generate({ timestamp: Date.now() + 30_000 });
    const answers = await Promise.all(
      wrongCodes(right, 20).map((code, i) =>
        send('twoFactorDisable', { code }, { ip: `10.63.${seq}.${i + 1}`, token }),
      ),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 'TWO_FACTOR_INVALID')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TOO_MANY_ATTEMPTS')).toHaveLength(15);
    const late = await send('twoFactorDisable', { code: right }, { ip, token });
    expect(late.code).toBe('TOO_MANY_ATTEMPTS');
    // The secret is kept sealed: a copy of the database cannot make codes.
    const [row] = await ctx.handle.db.select().from(members).where(eq(members.totpSecret, setup.secret));
    expect(row).toBeUndefined();
  });

  it('locks the payment password after five wrong ones, even when the right one follows', async () => {
    const ip = from(8);
    const { token } = await memberFrom(ip);
    const set = await send(
      'paymentPassword',
      { password: '246810', loginPassword: 'Secret123' },
      { ip, token },
    );
    expect(set.status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(
          'paymentPassword',
          { password: '135790', oldPassword: String(100000 + i) },
          { ip: `10.64.${seq}.${i + 1}`, token },
        ),
      ),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 'PAYMENT_PASSWORD_WRONG')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TOO_MANY_ATTEMPTS')).toHaveLength(15);
    const late = await send('paymentPassword', { password: '135790', oldPassword: '246810' }, { ip, token });
    expect(late.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('sends three new-address codes of a burst of ten', async () => {
    const home = from(9);
    const email = `codes${kind}@aurora.example`;
    const { username } = await memberFrom(home, { email });
    const away = from(10);
    const first = await send(
      'login',
      { username, password: 'Secret123', humanCheck: await solveHumanCheck(ctx.app) },
      { ip: away },
    );
    const challenge = (first.value as unknown as { challenge: string }).challenge;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => send('newAddressCode', { challenge, channel: 'email' }, { ip: away })),
    );
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(3);
    const mails = await outbox(email);
    expect(mails.length).toBeLessThanOrEqual(3);
  });

  it('limits checks of the login password inside a session', async () => {
    const ip = from(11);
    const { token } = await memberFrom(ip);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        send(
          'changePassword',
          { oldPassword: `Wrong${i}9999`, newPassword: 'Changed123', confirmNewPassword: 'Changed123' },
          { ip: `10.65.${seq}.${i + 1}`, token },
        ),
      ),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 'WRONG_OLD_PASSWORD')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TOO_MANY_ATTEMPTS')).toHaveLength(3);
  });

  it('checks five new-address codes of a burst of twenty', async () => {
    const home = from(4);
    const { username } = await memberFrom(home, { email: `burst${kind}@aurora.example` });
    const away = from(5);
    const first = await send(
      'login',
      { username, password: 'Secret123', humanCheck: await solveHumanCheck(ctx.app) },
      { ip: away },
    );
    expect(first.code).toBe('NEW_ADDRESS_CHECK');
    const challenge = (first.value as unknown as { challenge: string }).challenge;
    await send('newAddressCode', { challenge, channel: 'email' }, { ip: away });
    const right = await outboxCode(`burst${kind}@aurora.example`);
    const wrong = wrongCodes(right, 19).map((code) =>
      send('newAddressVerify', { challenge, code }, { ip: away }),
    );
    await new Promise((r) => setTimeout(r, 20));
    const answers = await Promise.all([
      ...wrong,
      send('newAddressVerify', { challenge, code: right }, { ip: away }),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(0);
  });

  it('stops SMS for the brand once its hourly budget is spent, and alerts the operators once', async () => {
    const local = await createTestContext(kind, { env: { SMS_HOURLY_BUDGET: '3' } });
    try {
      const sendTo = async (i: number) =>
        (
          await local.call('smsNoLogin', {
            ip: `10.61.0.${i}`,
            body: {
              mobileNum: `2197777${String(1000 + i)}`,
              countryDialingCode: '55',
              humanCheck: await solveHumanCheck(local.app),
            } as never,
          })
        ).code;
      const codes = await Promise.all(Array.from({ length: 10 }, (_, i) => sendTo(i + 1)));
      expect(codes.filter((c) => c === 'OK')).toHaveLength(3);
      expect(codes.filter((c) => c === 'SMS_BUDGET_EXCEEDED')).toHaveLength(7);
      const alerts = await local.handle.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'alert_sms_budget'));
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.detail).toEqual({ budget: 3 });
    } finally {
      await local.close();
    }
  });

  it("does not know one brand's session on another brand's address", async () => {
    const ip = from(6);
    const { token } = await memberFrom(ip);
    const [second] = await ctx.handle.db
      .insert(brands)
      .values({
        merchantCode: `OTHER${kind}`,
        siteName: 'Other',
        currency: 'FUN',
        mainDomain: `other-${kind}.example`,
      })
      .returning({ id: brands.id });
    await ctx.handle.db
      .insert(brandDomains)
      .values({ brandId: second!.id, host: `other-${kind}.example`, route: 'main' });
    const here = await ctx.call('memberInfo', { token });
    expect(here.status).toBe(200);
    const there = await ctx.call('memberInfo', { token, headers: { host: `other-${kind}.example` } });
    expect(there.status).toBe(401);
    expect(there.code).toBe('UNAUTHORIZED');
  });

  it('resets a forgotten password by email only when the emailed code comes back', async () => {
    const ip = from(7);
    const email = `forgot${kind}@aurora.example`;
    const { username } = await memberFrom(ip, { email });
    const asked = await send('forgotByEmail', { username, email: email.toUpperCase() }, { ip });
    expect(asked).toMatchObject({ status: 200, value: { expiredMinutes: 15 } });
    const mail = (await outbox(email))[0]!;
    expect(mail.subject).toBe('Aurora Bet: your password reset code');
    expect(mail.body).not.toMatch(/temporary/);
    // Asking changed nothing: the password still works, and no session ended.
    const still = await send(
      'login',
      { username, password: 'Secret123', humanCheck: await solveHumanCheck(ctx.app) },
      { ip },
    );
    expect(still.status).toBe(200);
    const token = (still.value as unknown as LoginResult).token;
    const code = await outboxCode(email);
    const wrong = await send(
      'resetByEmail',
      { username, email, verificationCode: wrongCodes(code, 1)[0], newPassword: 'Mailbox123' },
      { ip },
    );
    expect(wrong.code).toBe('SMS_CODE_INVALID');
    const reset = await send(
      'resetByEmail',
      { username, email, verificationCode: code, newPassword: 'Mailbox123' },
      { ip },
    );
    expect(reset.status).toBe(200);
    const again = await send(
      'resetByEmail',
      { username, email, verificationCode: code, newPassword: 'Other12345' },
      { ip },
    );
    expect(again.code).toBe('SMS_CODE_INVALID');
    const info = await ctx.call('memberInfo', { token });
    expect(info.status).toBe(401);
    const login = await send(
      'login',
      { username, password: 'Mailbox123', humanCheck: await solveHumanCheck(ctx.app) },
      { ip },
    );
    expect((login.value as unknown as LoginResult).mustChangePassword).toBeNull();
    const [member] = await ctx.handle.db
      .select()
      .from(members)
      .where(and(eq(members.username, username)));
    expect(member!.mustChangePassword).toBe(false);
  });
});
