import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCounters, smsCodes } from '../../server/db/schema';
import type { LoginResult } from '../../src/api/contract/accounts';
import { body, createTestContext, databaseKinds, solveHumanCheck, type TestContext } from './harness';

describe.each(databaseKinds)('SMS codes and password recovery on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  let address = 0;
  const ip = () => `10.30.0.${++address}`;
  const post = async (
    url: string,
    payload: Record<string, unknown>,
    method: 'POST' | 'PUT' = 'POST',
    from = ip(),
  ) => {
    const res = await ctx.app.inject({
      method,
      url,
      payload,
      remoteAddress: from,
      headers: { 'accept-language': 'en' },
    });
    return { status: res.statusCode, ...body<Record<string, unknown>>(res) };
  };
  const sendCode = async (url: string, mobileNum: string, extra: Record<string, unknown> = {}) =>
    post(url, { mobileNum, countryDialingCode: '55', humanCheck: await solveHumanCheck(ctx.app), ...extra });
  /** Reads the code the way a person reads their phone: from the last message to that number. */
  const lastMessage = async (recipient: string) => {
    const res = await ctx.app.inject({ url: `/api/dev/outbox?recipient=${encodeURIComponent(recipient)}` });
    return body<Array<{ body: string; subject: string | null; channel: string }>>(res).value[0]!;
  };
  const codeFor = async (recipient: string) => /(\d{6})/.exec((await lastMessage(recipient)).body)![1]!;
  const loginSms = (mobile: string, code: string) =>
    post('/wps/session/login', { type: 'sms', username: mobile, password: code, countryDialingCode: '55' });

  it('lists countries with dialing codes', async () => {
    const res = body<Array<{ countryCode: string; countryDialingCode: string }>>(
      await ctx.app.inject({ url: '/wps/system/countries' }),
    );
    expect(res.value).toContainEqual({ countryCode: 'BR', countryDialingCode: '55' });
  });

  it('sends a login code, paces resends, and logs in with it once', async () => {
    const sent = await sendCode('/wps/verification/sms/noLogin', '11987654321');
    expect(sent).toMatchObject({ status: 200, value: { expiredMinutes: 2 } });
    const message = await lastMessage('5511987654321');
    expect(message).toMatchObject({ channel: 'sms' });
    expect(message.body).toMatch(/Aurora Bet: your code is \d{6}\. It expires in 2 minutes\./);

    const again = await sendCode('/wps/verification/sms/noLogin', '11987654321');
    expect(again).toMatchObject({ status: 429, code: 'SMS_TOO_SOON' });

    const code = await codeFor('5511987654321');
    const wrong = await loginSms('11987654321', code === '000000' ? '111111' : '000000');
    expect(wrong.code).toBe('SMS_CODE_INVALID');
    const ok = await loginSms('11987654321', code);
    expect(ok.status).toBe(200);
    expect((ok.value as unknown as LoginResult).user.account).toBe('demomember');
    expect((await loginSms('11987654321', code)).code).toBe('SMS_CODE_INVALID');
  });

  it('refuses an expired code, and a code after five wrong tries', async () => {
    await ctx.handle.db.delete(smsCodes).where(eq(smsCodes.phone, '5511987654321'));
    await sendCode('/wps/verification/sms/noLogin', '11987654321');
    const code = await codeFor('5511987654321');
    await ctx.handle.db
      .update(smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCodes.phone, '5511987654321'));
    expect((await loginSms('11987654321', code)).code).toBe('SMS_CODE_EXPIRED');

    await ctx.handle.db.delete(smsCodes).where(eq(smsCodes.phone, '5511987654321'));
    await sendCode('/wps/verification/sms/noLogin', '11987654321');
    const fresh = await codeFor('5511987654321');
    const wrong = fresh === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) await loginSms('11987654321', wrong);
    expect((await loginSms('11987654321', fresh)).code).toBe('SMS_CODE_INVALID');
  });

  it('asks for a valid mobile number and a known dialing code, and the human check', async () => {
    expect(
      (await post('/wps/verification/sms/noLogin', { mobileNum: '12ab', countryDialingCode: '55' })).status,
    ).toBe(422);
    expect(
      (await post('/wps/verification/sms/noLogin', { mobileNum: '11999999999', countryDialingCode: '999' }))
        .status,
    ).toBe(422);
    const noCheck = await post('/wps/verification/sms/noLogin', {
      mobileNum: '11999999999',
      countryDialingCode: '55',
    });
    expect(noCheck.code).toBe('HUMAN_CHECK_REQUIRED');
  });

  it('allows three codes to a number per five minutes, then asks to wait', async () => {
    const number = '21900000001';
    for (let i = 0; i < 3; i++) {
      await sendCode('/wps/verification/sms/noLogin', number);
      // Let the previous code expire so the pace rule is not what stops us.
      await ctx.handle.db
        .update(smsCodes)
        .set({ createdAt: new Date(Date.now() - 150_000) })
        .where(eq(smsCodes.phone, `55${number}`));
    }
    const fourth = await sendCode('/wps/verification/sms/noLogin', number);
    expect(fourth).toMatchObject({
      status: 429,
      code: 'SMS_TOO_MANY',
      message: 'Too many requests. Please try again after 5 minutes.',
    });
  });

  it('registers by mobile with a verified code; the number becomes the username and cannot register twice', async () => {
    const number = '31911112222';
    expect((await sendCode('/wps/verification/sms/register', number)).status).toBe(200);
    const code = await codeFor(`55${number}`);
    const registration = {
      mobileNum: number,
      countryDialingCode: '55',
      verificationCode: code,
      password: 'Mobile1234',
      confirmPassword: 'Mobile1234',
      acceptTerms: true,
      humanCheck: await solveHumanCheck(ctx.app),
    };
    const res = await post('/wps/member/register/mobile', registration, 'PUT');
    expect(res.status).toBe(200);
    expect((res.value as unknown as LoginResult).user).toMatchObject({ account: number, mobile: number });
    const again = await sendCode('/wps/verification/sms/register', number);
    expect(again.code).toBe('MOBILE_TAKEN');
    const missingCode = await post(
      '/wps/member/register/mobile',
      {
        ...registration,
        mobileNum: '31911113333',
        verificationCode: undefined,
        humanCheck: await solveHumanCheck(ctx.app),
      },
      'PUT',
    );
    expect(missingCode.status).toBe(422);
  });

  it('emails a reset code and changes nothing until it comes back', async () => {
    const unknown = await post('/wps/member/password/email', {
      username: 'demomember',
      email: 'other@aurora.example',
    });
    expect(unknown).toMatchObject({
      status: 404,
      code: 'ACCOUNT_NOT_FOUND',
      message: 'Username/Email does not exist',
    });
    const ok = await post('/wps/member/password/email', {
      username: 'DemoMember',
      email: 'DEMO@aurora.example',
    });
    expect(ok).toMatchObject({ status: 200, value: { expiredMinutes: 15 } });
    const mail = await lastMessage('demo@aurora.example');
    expect(mail).toMatchObject({ channel: 'email', subject: 'Aurora Bet: your password reset code' });
    const login = await post('/wps/session/login', {
      username: 'demomember',
      password: 'Demo1234',
      humanCheck: await solveHumanCheck(ctx.app),
    });
    // The old password still opens the account (this address asks for a code first).
    expect(login.code).toBe('NEW_ADDRESS_CHECK');
  });

  it('resets a password by phone with a code', async () => {
    // Five minutes later, as far as the pace and the per-number limit can tell.
    await ctx.handle.db.delete(smsCodes).where(eq(smsCodes.phone, '5511987654321'));
    await ctx.handle.db.delete(attemptCounters).where(eq(attemptCounters.subject, '1:5511987654321'));
    await sendCode('/wps/verification/sms/noLogin', '11987654321', { purpose: 'reset' });
    const code = await codeFor('5511987654321');
    const weak = await post('/wps/member/password/verification', {
      newPassword: 'short',
      mobileNum: '11987654321',
      countryDialingCode: '55',
      verificationCode: code,
    });
    expect(weak.status).toBe(422);
    const phoneAddress = '10.31.0.1';
    const ok = await post(
      '/wps/member/password/verification',
      {
        newPassword: 'Recovered99',
        mobileNum: '11987654321',
        countryDialingCode: '55',
        verificationCode: code,
      },
      'POST',
      phoneAddress,
    );
    expect(ok.status).toBe(200);
    // The phone code proved who is at this address, so the login from it needs no second code.
    const login = await post(
      '/wps/session/login',
      { username: 'demomember', password: 'Recovered99', humanCheck: await solveHumanCheck(ctx.app) },
      'POST',
      phoneAddress,
    );
    expect((login.value as unknown as LoginResult).mustChangePassword).toBeNull();
    const elsewhere = await post('/wps/session/login', {
      username: 'demomember',
      password: 'Recovered99',
      humanCheck: await solveHumanCheck(ctx.app),
    });
    expect(elsewhere.code).toBe('NEW_ADDRESS_CHECK');
  });
});
