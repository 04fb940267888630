import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, loginCodes, memberAddresses, members } from '../../server/db/schema';
import type { NewAddressChallenge } from '../../src/api/contract/accounts';
import {
  createTestContext,
  databaseKinds,
  type Member,
  newMember,
  solveHumanCheck,
  type TestContext,
} from './harness';

describe.each(databaseKinds)('login from a new address on %s', (kind) => {
  let ctx: TestContext;
  /** Registered from 198.51.100.1, with a mobile and an email to send codes to. */
  let member: Member;
  /** Registered from 198.51.100.10, with an email only. */
  let emailOnly: Member;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    member = await newMember(ctx, {
      prefix: 'addr',
      ip: '198.51.100.1',
      mobile: '11955504321',
      email: 'new.address@aurora.example',
    });
    emailOnly = await newMember(ctx, {
      prefix: 'mail',
      ip: '198.51.100.10',
      email: 'downline.addr@aurora.example',
    });
  });
  afterAll(() => ctx.close());

  const login = async (who: Member, password: string, ip: string) => {
    const res = await ctx.call('login', {
      ip,
      language: 'en',
      body: { username: who.username, password, humanCheck: await solveHumanCheck(ctx.app) } as never,
    });
    return res as typeof res & { value: NewAddressChallenge };
  };
  /** Bodies may break the contract on purpose (a forged ticket, an unknown channel). */
  const sendCode = (body: Record<string, unknown>, ip: string) =>
    ctx.call('newAddressCode', { ip, language: 'en', body: body as never });
  const verify = (body: Record<string, unknown>, ip: string) =>
    ctx.call('newAddressVerify', { ip, language: 'en', body: body as never });
  const lastMessage = async (recipient: string) =>
    (await ctx.call('outbox', { query: { recipient } })).value[0];
  const codeIn = (text: string) => /(\d{6})/.exec(text)![1]!;

  it('trusts the first address, then asks a new one for a code by SMS and remembers it', async () => {
    const first = await login(member, member.password, '198.51.100.1');
    expect(first.status).toBe(200);
    expect((await login(member, member.password, '198.51.100.1')).status).toBe(200);

    const elsewhere = await login(member, member.password, '198.51.100.2');
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.code).toBe('NEW_ADDRESS_CHECK');
    expect(elsewhere.message).toMatch(/new location/);
    const { challenge, channels } = elsewhere.value;
    expect(channels).toEqual([
      { channel: 'sms', destination: '+55 •••••••4321' },
      { channel: 'email', destination: 'n•••@aurora.example' },
    ]);
    expect(elsewhere.value).not.toHaveProperty('token');

    const sent = await sendCode({ challenge, channel: 'sms' }, '198.51.100.2');
    expect(sent).toMatchObject({ status: 200, value: { expiredMinutes: 1 } });
    const message = await lastMessage('5511955504321');
    expect(message?.body).toMatch(/confirm a login from a new location is \d{6}/);
    const again = await sendCode({ challenge, channel: 'sms' }, '198.51.100.2');
    expect(again).toMatchObject({ status: 429, code: 'SMS_TOO_SOON' });

    const code = codeIn(message!.body);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await verify({ challenge, code: wrong }, '198.51.100.2')).code).toBe('SMS_CODE_INVALID');
    // The ticket is for the address that asked; another address cannot use it.
    expect((await verify({ challenge, code }, '198.51.100.3')).code).toBe('LOGIN_CHECK_EXPIRED');
    const ok = await verify({ challenge, code }, '198.51.100.2');
    expect(ok.status).toBe(200);
    expect(ok.value.user.account).toBe(member.username);
    expect(ok.value.token).toBeTruthy();
    expect((await verify({ challenge, code }, '198.51.100.2')).code).toBe('SMS_CODE_INVALID');

    expect((await login(member, member.password, '198.51.100.2')).status).toBe(200);
    const [row] = await ctx.handle.db.select().from(members).where(eq(members.username, member.username));
    const known = await ctx.handle.db
      .select()
      .from(memberAddresses)
      .where(eq(memberAddresses.memberId, row!.id));
    expect(known.map((a) => a.ip).sort()).toEqual(['198.51.100.1', '198.51.100.2']);
  });

  it('sends the code by email, stores it hashed, and refuses it after it expires', async () => {
    expect((await login(emailOnly, emailOnly.password, '198.51.100.10')).status).toBe(200);
    const asked = await login(emailOnly, emailOnly.password, '198.51.100.11');
    expect(asked.value.channels).toEqual([{ channel: 'email', destination: 'd•••@aurora.example' }]);
    const { challenge } = asked.value;
    expect((await sendCode({ challenge, channel: 'sms' }, '198.51.100.11')).code).toBe(
      'LOGIN_CHANNEL_UNAVAILABLE',
    );
    const sent = await sendCode({ challenge, channel: 'email' }, '198.51.100.11');
    expect(sent.status).toBe(200);
    const message = await lastMessage('downline.addr@aurora.example');
    expect(message).toMatchObject({
      channel: 'email',
      subject: 'Aurora Bet: confirm a login from a new location',
    });
    const code = codeIn(message!.body);
    const stored = await ctx.handle.db.select().from(loginCodes);
    expect(stored.some((c) => c.codeHash.includes(code))).toBe(false);

    await ctx.handle.db.update(loginCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await verify({ challenge, code }, '198.51.100.11')).code).toBe('SMS_CODE_EXPIRED');
  });

  it('refuses forged tickets and malformed input with clear codes', async () => {
    const forged = await verify(
      { challenge: 'eyJtZW1iZXJJZCI6MX0.forgedsignature', code: '123456' },
      '198.51.100.20',
    );
    expect(forged).toMatchObject({ status: 422, code: 'LOGIN_CHECK_EXPIRED' });
    const bad = await sendCode({ challenge: 'x', channel: 'fax' }, '198.51.100.20');
    expect(bad).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
  });

  it('a wrong password from a new address says nothing about the address', async () => {
    const res = await login(member, 'Wrong1234', '198.51.100.30');
    expect(res.code).toBe('INVALID_CREDENTIALS');
  });

  it('is skipped when the brand turns it off', async () => {
    await ctx.handle.db.update(brands).set({ newAddressCheck: false });
    try {
      expect((await login(member, member.password, '198.51.100.40')).status).toBe(200);
    } finally {
      await ctx.handle.db.update(brands).set({ newAddressCheck: true });
    }
  });
});
