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

  describe('by the holder name of a bank account (spec 2.7)', () => {
    const byName = (body: Record<string, unknown>, ip: string, language: 'pt' | 'en' = 'en') =>
      ctx.call('newAddressHolder', { ip, language, body: body as never });
    const addBank = (who: Member, accountName: string) =>
      ctx.call('addBankAccount', {
        token: who.token,
        ip: who.ip,
        body: { bankName: 'Banco Aurora', accountName, accountNumber: `0001-${Date.now() % 100000}` },
      });

    it('is offered only to a member with a bank account, and a name that matches opens the session', async () => {
      const holder = await newMember(ctx, {
        prefix: 'holder',
        ip: '198.51.100.50',
        email: 'h@aurora.example',
      });
      // No bank account yet: only the email is offered, and a name is refused before any try is counted.
      const before = await login(holder, holder.password, '198.51.100.51');
      expect(before.value).toMatchObject({ holderName: false });
      const none = await byName(
        { challenge: before.value.challenge, holderName: 'José da Silva' },
        '198.51.100.51',
      );
      expect(none).toMatchObject({ status: 422, code: 'LOGIN_CHANNEL_UNAVAILABLE' });

      expect((await addBank(holder, 'José  da Silva')).status).toBe(200);
      const asked = await login(holder, holder.password, '198.51.100.52');
      expect(asked.value).toMatchObject({ holderName: true });
      expect(asked.value.channels).toEqual([{ channel: 'email', destination: 'h•••@aurora.example' }]);
      // The names are never part of the answer.
      expect(JSON.stringify(asked.value)).not.toMatch(/silva/i);

      const wrong = await byName(
        { challenge: asked.value.challenge, holderName: 'Maria da Silva' },
        '198.51.100.52',
        'pt',
      );
      expect(wrong).toMatchObject({ status: 422, code: 'HOLDER_NAME_MISMATCH' });
      expect(wrong.message).toMatch(/não confere com o titular/);
      // Another address cannot use the ticket, even with the right name.
      const moved = await byName(
        { challenge: asked.value.challenge, holderName: 'José da Silva' },
        '198.51.100.59',
      );
      expect(moved.code).toBe('LOGIN_CHECK_EXPIRED');
      // Case, accents and spacing aside.
      const ok = await byName(
        { challenge: asked.value.challenge, holderName: '  JOSE DA   silva ' },
        '198.51.100.52',
      );
      expect(ok.status).toBe(200);
      expect(ok.value.user.account).toBe(holder.username);
      expect(ok.value.token).toBeTruthy();
      // The address is known from now on.
      expect((await login(holder, holder.password, '198.51.100.52')).status).toBe(200);
      const sessions = await ctx.call('loginHistory', { token: ok.value.token, query: { limit: 5 } });
      expect(sessions.value.map((s) => s.loginType)).toContain('new-address');
    });

    it('lets a member with neither mobile nor email but a bank account in only by the name', async () => {
      const bare = await newMember(ctx, { prefix: 'bare', ip: '198.51.100.60' });
      expect((await addBank(bare, 'Ana Souza')).status).toBe(200);
      const asked = await login(bare, bare.password, '198.51.100.61');
      expect(asked).toMatchObject({ status: 401, code: 'NEW_ADDRESS_CHECK' });
      expect(asked.value).toMatchObject({ channels: [], holderName: true });
      const ok = await byName({ challenge: asked.value.challenge, holderName: 'ana souza' }, '198.51.100.61');
      expect(ok.status).toBe(200);
    });

    it('counts wrong names per member: past five, even the right one is refused until the window ends', async () => {
      const guessed = await newMember(ctx, {
        prefix: 'guess',
        ip: '198.51.100.70',
        email: 'g@aurora.example',
      });
      expect((await addBank(guessed, 'Carla Pereira')).status).toBe(200);
      const asked = await login(guessed, guessed.password, '198.51.100.71');
      const { challenge } = asked.value;
      // Five wrong names at once are five tries, not five first tries.
      const burst = await Promise.all(
        ['Carla', 'Pereira', 'Carla Perez', 'C Pereira', 'Karla Pereira'].map((holderName) =>
          byName({ challenge, holderName }, '198.51.100.71'),
        ),
      );
      expect(burst.map((r) => r.code)).toEqual(Array(5).fill('HOLDER_NAME_MISMATCH'));
      const spent = await byName({ challenge, holderName: 'Carla Pereira' }, '198.51.100.71');
      expect(spent).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
      // A new ticket does not start the count again: it is the member's.
      const again = await login(guessed, guessed.password, '198.51.100.72');
      const still = await byName(
        { challenge: again.value.challenge, holderName: 'Carla Pereira' },
        '198.51.100.72',
      );
      expect(still.code).toBe('TOO_MANY_ATTEMPTS');
      // The code by email still works.
      expect(
        (await sendCode({ challenge: again.value.challenge, channel: 'email' }, '198.51.100.72')).status,
      ).toBe(200);
      const code = codeIn((await lastMessage('g@aurora.example'))!.body);
      expect((await verify({ challenge: again.value.challenge, code }, '198.51.100.72')).status).toBe(200);
    });
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
