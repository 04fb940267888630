import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseKinds, newMember, solveHumanCheck, type TestContext } from './harness';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe.each(databaseKinds)('Minha conta: profile and recent logins on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  /** A password login of the member from its own address, with a browser of the test's choosing. */
  const login = async (member: { username: string; password: string; ip: string }, userAgent: string) => {
    const res = await ctx.call('login', {
      ip: member.ip,
      headers: { 'user-agent': userAgent },
      body: {
        username: member.username,
        password: member.password,
        humanCheck: await solveHumanCheck(ctx.app),
      } as never,
    });
    expect(res.status).toBe(200);
    return res.value.token;
  };

  it('shows the member their own profile, and nobody without a session', async () => {
    const member = await newMember(ctx, { prefix: 'prof', email: 'prof@aurora.example', ip: '10.70.0.1' });
    const res = await ctx.call('memberProfile', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.value).toMatchObject({
      account: member.username,
      nickname: null,
      realName: null,
      email: 'prof@aurora.example',
      mobile: null,
      lastLoginIp: '10.70.0.1',
    });
    expect(res.value.createdAt).toBeGreaterThan(Date.now() - 60_000);
    expect((await ctx.call('memberProfile')).code).toBe('UNAUTHORIZED');
  });

  it('changes the nickname, and writes the real name once', async () => {
    const member = await newMember(ctx, { prefix: 'nick', ip: '10.70.0.2' });
    const named = await ctx.call('updateProfile', {
      token: member.token,
      body: { nickname: '  Sortudo  ', realName: 'Maria da Silva' },
    });
    expect(named.status).toBe(200);
    expect(named.value).toMatchObject({ nickname: 'Sortudo', realName: 'Maria da Silva' });

    // The nickname changes again, and an empty one clears it; the real name stays.
    const cleared = await ctx.call('updateProfile', { token: member.token, body: { nickname: '' } });
    expect(cleared.value).toMatchObject({ nickname: null, realName: 'Maria da Silva' });

    const again = await ctx.call('updateProfile', {
      token: member.token,
      body: { realName: 'Outra Pessoa' },
    });
    expect(again).toMatchObject({ status: 409, code: 'REAL_NAME_LOCKED' });
    expect(again.message).toBe('O nome completo já foi informado. Para corrigi-lo, fale com o suporte.');
    expect((await ctx.call('memberProfile', { token: member.token })).value.realName).toBe('Maria da Silva');
  });

  it('refuses a real name that breaks the rule and a nickname too long, field by field', async () => {
    const member = await newMember(ctx, { prefix: 'bad', ip: '10.70.0.3' });
    const short = await ctx.call('updateProfile', {
      token: member.token,
      body: { realName: 'M' },
      language: 'en',
    });
    expect(short).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    expect(short.value).toMatchObject({ issues: [{ path: 'body.realName' }] });
    const long = await ctx.call('updateProfile', { token: member.token, body: { nickname: 'x'.repeat(21) } });
    expect(long).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    expect((await ctx.call('memberProfile', { token: member.token })).value.realName).toBeNull();
  });

  it('writes the birthday and nationality once, and changes or clears address, Telegram and Zalo', async () => {
    const member = await newMember(ctx, { prefix: 'facts', ip: '10.70.0.6' });
    const first = await ctx.call('updateProfile', {
      token: member.token,
      body: {
        birthday: '1990-02-28',
        nationality: 'br',
        address: '  Rua das Flores, 12, São Paulo  ',
        telegram: '@sortudo_90',
        zalo: '+84901234567',
      },
    });
    expect(first.status).toBe(200);
    expect(first.value).toMatchObject({
      birthday: '1990-02-28',
      nationality: 'BR',
      address: 'Rua das Flores, 12, São Paulo',
      telegram: '@sortudo_90',
      zalo: '+84901234567',
    });
    // Contacts change freely; an empty one clears it; absent ones stay.
    const changed = await ctx.call('updateProfile', {
      token: member.token,
      body: { telegram: '5511987654321', zalo: '' },
    });
    expect(changed.value).toMatchObject({
      telegram: '5511987654321',
      zalo: null,
      address: 'Rua das Flores, 12, São Paulo',
      birthday: '1990-02-28',
    });
    // The identity facts do not change once given, in either language.
    for (const [body, language] of [
      [{ birthday: '1991-03-01' }, 'pt'],
      [{ nationality: 'PT' }, 'en'],
    ] as const) {
      const locked = await ctx.call('updateProfile', { token: member.token, body, language });
      expect(locked).toMatchObject({ status: 409, code: 'PROFILE_FIELD_LOCKED' });
      expect(locked.message).toMatch(language === 'pt' ? /fale com o suporte/ : /talk to support/);
    }
    const stored = (await ctx.call('memberProfile', { token: member.token })).value;
    expect(stored).toMatchObject({ birthday: '1990-02-28', nationality: 'BR', telegram: '5511987654321' });
  });

  it('refuses a birthday that is no date, in the future or under 18, an unknown country and bad contacts', async () => {
    const member = await newMember(ctx, { prefix: 'factsbad', ip: '10.70.0.7' });
    const today = new Date().toISOString().slice(0, 10);
    const seventeen = `${Number(today.slice(0, 4)) - 17}${today.slice(4)}`;
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [{ birthday: '2001-02-30' }, 'body.birthday', /real date/],
      [{ birthday: '30/01/1990' }, 'body.birthday', /real date/],
      [{ birthday: tomorrow }, 'body.birthday', /future/],
      [{ birthday: seventeen }, 'body.birthday', /18 or older/],
      [{ nationality: 'XX' }, 'body.nationality', /from the list/],
      [{ telegram: 'ab' }, 'body.telegram', /Telegram username/],
      [{ zalo: 'zalo-me' }, 'body.zalo', /Zalo/],
    ];
    for (const [body, path, message] of cases) {
      const res = await ctx.call('updateProfile', { token: member.token, body, language: 'en' });
      expect(res, JSON.stringify(body)).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
      const issues = (res.value as unknown as { issues: Array<{ path: string; message: string }> }).issues;
      expect(issues).toEqual([{ path, message: expect.stringMatching(message) }]);
    }
    // Every problem at once, in Portuguese by default; nothing is written.
    const all = await ctx.call('updateProfile', {
      token: member.token,
      body: { birthday: tomorrow, nationality: 'XX', address: 'Rua 1', zalo: 'x' },
    });
    const issues = (all.value as unknown as { issues: Array<{ path: string; message: string }> }).issues;
    expect(issues.map((i) => i.path)).toEqual(['body.birthday', 'body.nationality', 'body.zalo']);
    expect(issues[0]!.message).toBe('A data de nascimento não pode estar no futuro.');
    const stored = (await ctx.call('memberProfile', { token: member.token })).value;
    expect(stored).toMatchObject({ birthday: null, nationality: null, address: null, zalo: null });
    // An address longer than 200 characters is refused by the contract itself.
    const long = await ctx.call('updateProfile', { token: member.token, body: { address: 'x'.repeat(201) } });
    expect(long).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
  });

  it('lets a trial account read but not write a profile', async () => {
    const trial = await ctx.call('freePlay', { ip: '10.70.0.4', body: {} });
    expect(trial.status).toBe(200);
    const token = trial.value.token;
    expect((await ctx.call('memberProfile', { token })).status).toBe(200);
    expect((await ctx.call('updateProfile', { token, body: { nickname: 'Visitante' } })).code).toBe(
      'REAL_ACCOUNT_REQUIRED',
    );
  });

  it('lists the member’s own logins newest first, with address and browser, this one marked', async () => {
    const member = await newMember(ctx, { prefix: 'hist', ip: '10.70.0.5' });
    const other = await newMember(ctx, { prefix: 'else', ip: '10.70.0.6' });
    const phone = await login(member, PHONE_UA);
    const desktop = await login(member, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36');

    const seen = await ctx.call('loginHistory', { token: phone });
    expect(seen.status).toBe(200);
    expect(seen.value.map((l) => l.loginType)).toEqual(['username', 'username', 'register']);
    expect(seen.value.every((l) => l.ip === '10.70.0.5')).toBe(true);
    const [latest, byPhone, registered] = seen.value;
    expect(latest).toMatchObject({
      current: false,
      active: true,
      userAgent: expect.stringContaining('Linux'),
    });
    expect(byPhone).toMatchObject({ current: true, active: true, userAgent: PHONE_UA });
    expect(registered!.current).toBe(false);
    expect(latest!.createdAt).toBeGreaterThanOrEqual(byPhone!.createdAt);

    // Asked from the other session, that one is the current one; an ended session says so.
    await ctx.call('logout', { token: phone });
    const fromDesktop = await ctx.call('loginHistory', { token: desktop });
    expect(fromDesktop.value.map((l) => [l.current, l.active])).toEqual([
      [true, true],
      [false, false],
      [false, true],
    ]);

    // Only the member's own sessions, as many as asked for.
    const otherSeen = await ctx.call('loginHistory', { token: other.token });
    expect(otherSeen.value).toHaveLength(1);
    expect(otherSeen.value[0]).toMatchObject({ ip: '10.70.0.6', current: true, loginType: 'register' });
    const one = await ctx.call('loginHistory', { token: desktop, query: { limit: 1 } });
    expect(one.value).toHaveLength(1);
    expect(one.value[0]!.current).toBe(true);
  });

  it('keeps the list within bounds and behind a session', async () => {
    const member = await newMember(ctx, { prefix: 'bound', ip: '10.70.0.7' });
    for (const limit of [0, 51]) {
      const res = await ctx.call('loginHistory', { token: member.token, query: { limit } });
      expect(res).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    }
    expect((await ctx.call('loginHistory')).status).toBe(401);
  });

  it('shows the sessions a password change ended as ended', async () => {
    const member = await newMember(ctx, { prefix: 'pwd', ip: '10.70.0.8' });
    const changed = await ctx.call('changePassword', {
      token: member.token,
      ip: member.ip,
      body: { oldPassword: member.password, newPassword: 'Changed456', confirmNewPassword: 'Changed456' },
    });
    expect(changed.status).toBe(200);
    const seen = await ctx.call('loginHistory', { token: changed.value.token });
    expect(seen.value.map((l) => [l.loginType, l.current, l.active])).toEqual([
      ['password-change', true, true],
      ['register', false, false],
    ]);
  });
});
