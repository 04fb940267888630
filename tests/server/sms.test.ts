import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCounters, smsCodes } from '../../server/db/schema';
import type { endpoints } from '../../src/api/endpoints';
import {
  createTestContext,
  databaseKinds,
  type Member,
  newMember,
  solveHumanCheck,
  type TestContext,
} from './harness';

/** The test member's mobile (dialing code 55) and email, where its codes are sent. */
const MOBILE = '11955501234';
const PHONE = `55${MOBILE}`;
const EMAIL = 'sms.member@aurora.example';

describe.each(databaseKinds)('SMS codes and password recovery on %s', (kind) => {
  let ctx: TestContext;
  let member: Member;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    member = await newMember(ctx, { prefix: 'sms', mobile: MOBILE, email: EMAIL });
  });
  afterAll(() => ctx.close());

  let address = 0;
  const ip = () => `10.30.0.${++address}`;
  /** A call in English from a new address each time (or `from`); bodies may break the contract on purpose. */
  const post = (name: keyof typeof endpoints, payload: Record<string, unknown>, from = ip()) =>
    ctx.call(name, { ip: from, language: 'en', body: payload as never });
  const sendCode = async (
    name: 'smsNoLogin' | 'smsRegister',
    mobileNum: string,
    extra: Record<string, unknown> = {},
  ) =>
    post(name, { mobileNum, countryDialingCode: '55', humanCheck: await solveHumanCheck(ctx.app), ...extra });
  /** Reads the code the way a person reads their phone: from the last message to that number. */
  const lastMessage = async (recipient: string) =>
    (await ctx.call('outbox', { query: { recipient } })).value[0]!;
  const codeFor = async (recipient: string) => /(\d{6})/.exec((await lastMessage(recipient)).body)![1]!;
  const loginSms = (mobile: string, code: string) =>
    ctx.call('login', {
      ip: ip(),
      language: 'en',
      body: { type: 'sms', username: mobile, password: code, countryDialingCode: '55' } as never,
    });
  const login = async (password: string, from = ip()) =>
    ctx.call('login', {
      ip: from,
      language: 'en',
      body: { username: member.username, password, humanCheck: await solveHumanCheck(ctx.app) } as never,
    });

  it('lists countries with dialing codes', async () => {
    const res = await ctx.call('countries');
    expect(res.value).toContainEqual({ countryCode: 'BR', countryDialingCode: '55' });
  });

  it('sends a login code, paces resends, and logs in with it once', async () => {
    const sent = await sendCode('smsNoLogin', MOBILE);
    expect(sent).toMatchObject({ status: 200, value: { expiredMinutes: 2 } });
    const message = await lastMessage(PHONE);
    expect(message).toMatchObject({ channel: 'sms' });
    expect(message.body).toMatch(/Aurora Bet: your code is \d{6}\. It expires in 2 minutes\./);

    const again = await sendCode('smsNoLogin', MOBILE);
    expect(again).toMatchObject({ status: 429, code: 'SMS_TOO_SOON' });

    const code = await codeFor(PHONE);
    const wrong = await loginSms(MOBILE, code === '000000' ? '111111' : '000000');
    expect(wrong.code).toBe('SMS_CODE_INVALID');
    const ok = await loginSms(MOBILE, code);
    expect(ok.status).toBe(200);
    expect(ok.value.user.account).toBe(member.username);
    expect((await loginSms(MOBILE, code)).code).toBe('SMS_CODE_INVALID');
  });

  it('refuses an expired code, and a code after five wrong tries', async () => {
    await ctx.handle.db.delete(smsCodes).where(eq(smsCodes.phone, PHONE));
    await sendCode('smsNoLogin', MOBILE);
    const code = await codeFor(PHONE);
    await ctx.handle.db
      .update(smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCodes.phone, PHONE));
    expect((await loginSms(MOBILE, code)).code).toBe('SMS_CODE_EXPIRED');

    await ctx.handle.db.delete(smsCodes).where(eq(smsCodes.phone, PHONE));
    await sendCode('smsNoLogin', MOBILE);
    const fresh = await codeFor(PHONE);
    const wrong = fresh === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) await loginSms(MOBILE, wrong);
    expect((await loginSms(MOBILE, fresh)).code).toBe('SMS_CODE_INVALID');
  });

  it('asks for a valid mobile number and a known dialing code, and the human check', async () => {
    expect((await post('smsNoLogin', { mobileNum: '12ab', countryDialingCode: '55' })).status).toBe(422);
    expect((await post('smsNoLogin', { mobileNum: '11999999999', countryDialingCode: '999' })).status).toBe(
      422,
    );
    const noCheck = await post('smsNoLogin', {
      mobileNum: '11999999999',
      countryDialingCode: '55',
    });
    expect(noCheck.code).toBe('HUMAN_CHECK_REQUIRED');
  });

  it('allows three codes to a number per five minutes, then asks to wait', async () => {
    const number = '21900000001';
    for (let i = 0; i < 3; i++) {
      await sendCode('smsNoLogin', number);
      // Let the previous code expire so the pace rule is not what stops us.
      await ctx.handle.db
        .update(smsCodes)
        .set({ createdAt: new Date(Date.now() - 150_000) })
        .where(eq(smsCodes.phone, `55${number}`));
    }
    const fourth = await sendCode('smsNoLogin', number);
    expect(fourth).toMatchObject({
      status: 429,
      code: 'SMS_TOO_MANY',
      message: 'Too many requests. Please try again after 5 minutes.',
    });
  });

  it('registers by mobile with a verified code; the number becomes the username and cannot register twice', async () => {
    const number = '31911112222';
    expect((await sendCode('smsRegister', number)).status).toBe(200);
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
    const res = await post('registerMobile', registration);
    expect(res.status).toBe(200);
    expect((res.value as { user: unknown }).user).toMatchObject({ account: number, mobile: number });
    const again = await sendCode('smsRegister', number);
    expect(again.code).toBe('MOBILE_TAKEN');
    const missingCode = await post('registerMobile', {
      ...registration,
      mobileNum: '31911113333',
      verificationCode: undefined,
      humanCheck: await solveHumanCheck(ctx.app),
    });
    expect(missingCode.status).toBe(422);
  });

  it('emails a reset code and changes nothing until it comes back', async () => {
    const unknown = await post('forgotByEmail', {
      username: member.username,
      email: 'other@aurora.example',
    });
    expect(unknown).toMatchObject({
      status: 404,
      code: 'ACCOUNT_NOT_FOUND',
      message: 'Username/Email does not exist',
    });
    const ok = await post('forgotByEmail', {
      username: member.username.toUpperCase(),
      email: EMAIL.toUpperCase(),
    });
    expect(ok).toMatchObject({ status: 200, value: { expiredMinutes: 15 } });
    const mail = await lastMessage(EMAIL);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Aurora Bet: your password reset code' });
    // The old password still opens the account (this address asks for a code first).
    expect((await login(member.password)).code).toBe('NEW_ADDRESS_CHECK');
  });

  it('resets a password by phone with a code', async () => {
    // Five minutes later, as far as the pace and the per-number limit can tell.
    await ctx.handle.db.delete(smsCodes).where(eq(smsCodes.phone, PHONE));
    await ctx.handle.db.delete(attemptCounters).where(eq(attemptCounters.subject, `1:${PHONE}`));
    await sendCode('smsNoLogin', MOBILE, { purpose: 'reset' });
    const code = await codeFor(PHONE);
    const weak = await post('resetByPhone', {
      newPassword: 'short',
      mobileNum: MOBILE,
      countryDialingCode: '55',
      verificationCode: code,
    });
    expect(weak.status).toBe(422);
    const phoneAddress = '10.31.0.1';
    const ok = await post(
      'resetByPhone',
      { newPassword: 'Recovered99', mobileNum: MOBILE, countryDialingCode: '55', verificationCode: code },
      phoneAddress,
    );
    expect(ok.status).toBe(200);
    // The phone code proved who is at this address, so the login from it needs no second code.
    const here = await login('Recovered99', phoneAddress);
    expect(here.status).toBe(200);
    expect(here.value.mustChangePassword).toBeNull();
    const elsewhere = await login('Recovered99');
    expect(elsewhere.code).toBe('NEW_ADDRESS_CHECK');
  });
});
