import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, captchas, members } from '../../server/db/schema';
import type { LoginResult, MemberInfo, RegisterSettings } from '../../src/api/contract/accounts';
import { body, createTestContext, databaseKinds, solveHumanCheck, type TestContext } from './harness';

describe.each(databaseKinds)('accounts on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    // Each test logs in from its own address; the check of new addresses has its own file.
    await ctx.handle.db.update(brands).set({ newAddressCheck: false });
  });
  afterAll(() => ctx.close());

  let address = 0;
  /** Each test logs in from its own address, so per-address counters do not leak between tests. */
  const nextIp = () => `10.20.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

  const login = async (payload: Record<string, unknown>, options: { ip?: string; cookie?: string } = {}) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      remoteAddress: options.ip ?? nextIp(),
      payload: { humanCheck: await solveHumanCheck(ctx.app), ...payload },
      ...(options.cookie ? { cookies: { captcha_id: options.cookie } } : {}),
    });
    return { status: res.statusCode, ...body<LoginResult & { captchaRequired?: boolean }>(res) };
  };

  const info = (token: string) =>
    ctx.app.inject({ url: '/wps/member/info', headers: { authorization: `Bearer ${token}` } });

  /** Reads a captcha the way a person would: here by trying the 10,000 four-digit answers against its hash. */
  const solveCaptcha = async (id: string) => {
    const [row] = await ctx.handle.db.select().from(captchas).where(eq(captchas.id, id));
    for (let n = 0; n < 10_000; n++) {
      const answer = String(n).padStart(4, '0');
      if (createHash('sha256').update(`${id}:${answer}`).digest('hex') === row!.answerHash) return answer;
    }
    throw new Error('unsolvable captcha');
  };

  it('publishes the registration rules', async () => {
    const res = body<RegisterSettings>(await ctx.app.inject({ url: '/wps/system/setting/register' }));
    expect(res.value.fields.username).toMatchObject({
      enabled: true,
      required: true,
      minLength: 6,
      maxLength: 16,
      patternId: 2,
    });
    expect(res.value.fields.confirmPassword).toEqual(res.value.fields.password);
    expect(Object.keys(res.value.fields)).toHaveLength(17);
  });

  it('draws a PNG captcha and keeps its id in an http-only cookie', async () => {
    const res = await ctx.app.inject({ url: '/wps/captcha' });
    expect(res.statusCode).toBe(200);
    const image = body<string>(res).value;
    expect(image).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(image.split(',')[1]!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(res.cookies.find((c) => c.name === 'captcha_id')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    });
  });

  it('logs in, reports the first login once, serves member info and revokes the token on logout', async () => {
    const first = await login({ username: 'DemoMember', password: 'Demo1234' });
    expect(first.status).toBe(200);
    expect(first.value).toMatchObject({
      firstTimeLogin: true,
      passwordExpired: false,
      mustChangePassword: null,
    });
    expect(first.value.user).toMatchObject({ account: 'demomember', isAgent: false, isTrial: false });
    const second = await login({ username: 'demomember', password: 'Demo1234' });
    expect(second.value.firstTimeLogin).toBe(false);

    const me = await info(second.value.token);
    expect(me.statusCode).toBe(200);
    expect(body<MemberInfo>(me).value.account).toBe('demomember');

    const out = await ctx.app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { authorization: `Bearer ${second.value.token}` },
    });
    expect(out.statusCode).toBe(200);
    const after = await info(second.value.token);
    expect(after.statusCode).toBe(401);
    expect(body(after).code).toBe('SESSION_EXPIRED');
    // The other session is untouched.
    expect((await info(first.value.token)).statusCode).toBe(200);
  });

  it('refuses member routes without a token or with an unknown one', async () => {
    const none = await ctx.app.inject({ url: '/wps/member/info' });
    expect(none.statusCode).toBe(401);
    expect(body(none)).toMatchObject({ code: 'UNAUTHORIZED', message: 'Por favor, inicie sessão' });
    expect((await info('x'.repeat(43))).statusCode).toBe(401);
  });

  it('requires the human check for a username login, and accepts each solution once', async () => {
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'demomember', password: 'Demo1234' },
    });
    expect(missing.statusCode).toBe(422);
    expect(body(missing).code).toBe('HUMAN_CHECK_REQUIRED');
    const humanCheck = await solveHumanCheck(ctx.app);
    expect((await login({ username: 'demomember', password: 'Demo1234', humanCheck })).status).toBe(200);
    const replay = await login({ username: 'demomember', password: 'Demo1234', humanCheck });
    expect(replay.code).toBe('HUMAN_CHECK_REQUIRED');
    const forged = await login({ username: 'demomember', password: 'Demo1234', humanCheck: 'bm90IGpzb24=' });
    expect(forged.code).toBe('HUMAN_CHECK_REQUIRED');
  });

  it('asks for a captcha after three failures, checks it once, and pauses the account after ten', async () => {
    const ip = nextIp();
    const attempts: Array<{ code: string; value: unknown }> = [];
    for (let i = 0; i < 3; i++)
      attempts.push(await login({ username: 'demodownline', password: 'wrong-pass' }, { ip }));
    expect(attempts.map((a) => a.code)).toEqual([
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
    ]);
    expect(attempts.map((a) => (a.value as { captchaRequired: boolean }).captchaRequired)).toEqual([
      false,
      false,
      true,
    ]);

    const noCaptcha = await login({ username: 'demodownline', password: 'Player1234' }, { ip });
    expect(noCaptcha).toMatchObject({
      status: 422,
      code: 'CAPTCHA_REQUIRED',
      value: { captchaRequired: true },
    });

    const issued = await ctx.app.inject({ url: '/wps/captcha' });
    const id = issued.cookies.find((c) => c.name === 'captcha_id')!.value;
    const answer = await solveCaptcha(id);
    const wrong = String((Number(answer) + 1) % 10_000).padStart(4, '0');
    expect(
      (await login({ username: 'demodownline', password: 'Player1234', captcha: wrong }, { ip, cookie: id }))
        .code,
    ).toBe('CAPTCHA_INVALID');
    // A captcha is spent by any attempt: the right answer no longer works with it.
    expect(
      (await login({ username: 'demodownline', password: 'Player1234', captcha: answer }, { ip, cookie: id }))
        .code,
    ).toBe('CAPTCHA_INVALID');
    const fresh = await ctx.app.inject({ url: '/wps/captcha' });
    const freshId = fresh.cookies.find((c) => c.name === 'captcha_id')!.value;
    const ok = await login(
      { username: 'demodownline', password: 'Player1234', captcha: await solveCaptcha(freshId) },
      { ip, cookie: freshId },
    );
    expect(ok.status).toBe(200);
    // Success clears the account's failures: no captcha next time.
    expect((await login({ username: 'demodownline', password: 'Player1234' })).status).toBe(200);

    for (let i = 0; i < 10; i++) {
      const issuedN = await ctx.app.inject({ url: '/wps/captcha' });
      const n = issuedN.cookies.find((c) => c.name === 'captcha_id')!.value;
      await login(
        { username: 'demodownline', password: 'nope-nope', captcha: await solveCaptcha(n) },
        { cookie: n },
      );
    }
    const paused = await login({ username: 'demodownline', password: 'Player1234' });
    expect(paused).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
  });

  it('answers an unknown account like a wrong password', async () => {
    const res = await login({ username: 'nobody_here', password: 'Whatever1' });
    expect(res).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
  });

  it('forces a change for an expired password and for the brand weak default', async () => {
    const expired = await login({ username: 'demoexpired', password: 'Expired1234' });
    expect(expired.value).toMatchObject({ passwordExpired: true, mustChangePassword: 'expired' });
    const weak = await login({ username: 'demoweak', password: 'Welcome123' });
    expect(weak.value).toMatchObject({ mustChangePassword: 'weak' });
  });

  it('lets only agents log in from the agent page', async () => {
    const member = await login({ username: 'demomember', password: 'Demo1234', agentLogin: true });
    expect(member).toMatchObject({ status: 403, code: 'AGENTS_ONLY' });
    const agent = await login({ username: 'demoagent', password: 'Agent1234', agentLogin: true });
    expect(agent.value.user).toMatchObject({ isAgent: true, type: 1 });
  });

  it('checks invitation codes', async () => {
    expect(
      (await ctx.app.inject({ url: '/wps/agent/affiliate?code=aurora01&domain=localhost' })).statusCode,
    ).toBe(200);
    const bad = await ctx.app.inject({ url: '/wps/agent/affiliate?code=NOPE99' });
    expect(bad.statusCode).toBe(404);
    expect(body(bad)).toMatchObject({ code: 'INVALID_AFFILIATE', message: 'Código de convite inválido' });
    expect((await ctx.app.inject({ url: '/wps/agent/affiliate' })).statusCode).toBe(422);
  });

  describe('registration', () => {
    const register = async (payload: Record<string, unknown>, headers: Record<string, string> = {}) => {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/wps/member/register',
        remoteAddress: nextIp(),
        headers,
        payload: {
          humanCheck: await solveHumanCheck(ctx.app),
          password: 'Secret123',
          confirmPassword: 'Secret123',
          acceptTerms: true,
          login: true,
          ...payload,
        },
      });
      return {
        status: res.statusCode,
        ...body<LoginResult & { issues?: Array<{ path: string; message: string }> }>(res),
      };
    };

    it('registers, logs in and links the member under the inviting agent', async () => {
      const res = await register({
        username: 'newplayer1',
        affiliateCode: 'AURORA01',
        email: 'new@example.com',
      });
      expect(res.status).toBe(200);
      expect(res.value.user).toMatchObject({
        account: 'newplayer1',
        email: 'new@example.com',
        isTrial: false,
      });
      expect((await info(res.value.token)).statusCode).toBe(200);
      const [row] = await ctx.handle.db.select().from(members).where(eq(members.username, 'newplayer1'));
      const [agent] = await ctx.handle.db.select().from(members).where(eq(members.username, 'demoagent'));
      expect(row!.parentId).toBe(agent!.id);
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    });

    it('refuses a taken username whatever its case', async () => {
      const res = await register({ username: 'DEMOMEMBER' });
      expect(res).toMatchObject({ status: 409, code: 'USERNAME_TAKEN' });
    });

    it('explains each broken rule in the caller language, with the allowed range', async () => {
      const res = await register(
        { username: '1x', password: 'short', confirmPassword: 'other' },
        { 'accept-language': 'en' },
      );
      expect(res.status).toBe(422);
      const issues = (res.value as unknown as { issues: Array<{ path: string; message: string }> }).issues;
      expect(issues).toContainEqual({
        path: 'body.username',
        message: '6-16 characters: a letter first, then letters or digits.',
      });
      expect(issues).toContainEqual({
        path: 'body.password',
        message: '8-20 characters combining letters and digits.',
      });
      expect(issues).toContainEqual({
        path: 'body.confirmPassword',
        message: 'Incorrect confirmation input',
      });
    });

    it('requires accepting the terms and age, and a valid invitation code', async () => {
      expect((await register({ username: 'termsless1', acceptTerms: false })).status).toBe(422);
      const bad = await register({ username: 'badinvite1', affiliateCode: 'NOPE99' });
      expect(bad).toMatchObject({ status: 404, code: 'INVALID_AFFILIATE' });
      const [row] = await ctx.handle.db.select().from(members).where(eq(members.username, 'badinvite1'));
      expect(row).toBeUndefined();
    });

    it('requires the human check', async () => {
      expect((await register({ username: 'robotuser1', humanCheck: undefined })).code).toBe(
        'HUMAN_CHECK_REQUIRED',
      );
    });
  });

  it('shows logged-in members popups of executions A and F, never B', async () => {
    const { value } = await login({ username: 'demomember', password: 'Demo1234' });
    const res = await ctx.app.inject({
      url: '/wps/relay/MCSFE_getListAnnouncements?types=popup&execution=A,B,F',
      headers: { authorization: `Bearer ${value.token}` },
    });
    const popups = body<{ popups: Array<{ execution: string }> }>(res).value.popups;
    expect(popups.map((p) => p.execution).sort()).toEqual(['A', 'F']);
    // A dead token is simply a guest here.
    const stale = await ctx.app.inject({
      url: '/wps/relay/MCSFE_getListAnnouncements?types=popup&execution=A,B,F',
      headers: { authorization: `Bearer ${'x'.repeat(43)}` },
    });
    expect(
      body<{ popups: Array<{ execution: string }> }>(stale).value.popups.map((p) => p.execution),
    ).toEqual(['B', 'B']);
  });

  it('starts a trial account with no credentials', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: { platform: 'W' },
    });
    expect(res.statusCode).toBe(200);
    const value = body<LoginResult>(res).value;
    expect(value.user).toMatchObject({ type: 4, isTrial: true });
    expect((await info(value.token)).statusCode).toBe(200);
  });

  it('serves the member picture with its choices, and changes it for real accounts only', async () => {
    const icon = (method: 'GET' | 'PUT', token?: string, payload?: object) =>
      ctx.app.inject({
        method,
        url: '/wps/member/info/icon',
        ...(payload ? { payload } : {}),
        ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      });
    expect((await icon('GET')).statusCode).toBe(401);
    const { token } = (await login({ username: 'demoagent', password: 'Agent1234' })).value;
    const current = body<{ icon: number; url: string; choices: Array<{ id: number; url: string }> }>(
      await icon('GET', token),
    ).value;
    expect(current).toMatchObject({ icon: 1, url: '/art/icon/1.svg' });
    expect(current.choices).toHaveLength(12);

    const changed = await icon('PUT', token, { icon: 7 });
    expect(body(changed).value).toMatchObject({ icon: 7, url: '/art/icon/7.svg' });
    expect(body<MemberInfo>(await info(token)).value.icon).toBe(7);
    expect(body(await icon('PUT', token, { icon: 13 }))).toMatchObject({ code: 'ICON_NOT_FOUND' });
    expect((await icon('PUT', token, { icon: 'seven' })).statusCode).toBe(422);

    const svg = await ctx.app.inject({ url: '/art/icon/7.svg' });
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect((await ctx.app.inject({ url: '/art/icon/13.svg' })).statusCode).toBe(404);

    const trial = body<LoginResult>(
      await ctx.app.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: {} }),
    ).value;
    const refused = await icon('PUT', trial.token, { icon: 2 });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).code).toBe('REAL_ACCOUNT_REQUIRED');
  });
});

describe.each(databaseKinds)('password change on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  const login = async (username: string, password: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username, password, humanCheck: await solveHumanCheck(ctx.app) },
    });
    return body<LoginResult>(res);
  };
  const change = (token: string, payload: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/wps/member/password',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      payload,
    });

  it('replaces a weak password, ends every session and continues under a new token', async () => {
    const first = await login('demoweak', 'Welcome123');
    expect(first.value.mustChangePassword).toBe('weak');
    const other = await login('demoweak', 'Welcome123');
    const res = await change(first.value.token, {
      oldPassword: 'Welcome123',
      newPassword: 'Stronger456',
      confirmNewPassword: 'Stronger456',
    });
    expect(res.statusCode).toBe(200);
    const next = body<LoginResult>(res).value;
    expect(next.mustChangePassword).toBeNull();
    const me = (token: string) =>
      ctx.app.inject({ url: '/wps/member/info', headers: { authorization: `Bearer ${token}` } });
    expect((await me(next.token)).statusCode).toBe(200);
    expect(body(await me(first.value.token)).code).toBe('SESSION_EXPIRED');
    expect(body(await me(other.value.token)).code).toBe('SESSION_EXPIRED');
    expect((await login('demoweak', 'Stronger456')).value.mustChangePassword).toBeNull();
    expect((await login('demoweak', 'Welcome123')).code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a wrong old password, a mismatch, a rule break, the same password and the weak default', async () => {
    const { value } = await login('demoexpired', 'Expired1234');
    const wrongOld = await change(value.token, {
      oldPassword: 'nope',
      newPassword: 'Better4567',
      confirmNewPassword: 'Better4567',
    });
    expect(body(wrongOld).code).toBe('WRONG_OLD_PASSWORD');
    const mismatch = await change(value.token, {
      oldPassword: 'Expired1234',
      newPassword: 'Better4567',
      confirmNewPassword: 'Better4568',
    });
    expect(body<{ issues: unknown[] }>(mismatch).value.issues).toContainEqual({
      path: 'body.confirmNewPassword',
      message: 'Incorrect confirmation input',
    });
    const weakRule = await change(value.token, {
      oldPassword: 'Expired1234',
      newPassword: 'short',
      confirmNewPassword: 'short',
    });
    expect(weakRule.statusCode).toBe(422);
    const same = await change(value.token, {
      oldPassword: 'Expired1234',
      newPassword: 'Expired1234',
      confirmNewPassword: 'Expired1234',
    });
    expect(body(same).code).toBe('PASSWORD_NOT_CHANGED');
    const toDefault = await change(value.token, {
      oldPassword: 'Expired1234',
      newPassword: 'Welcome123',
      confirmNewPassword: 'Welcome123',
    });
    expect(body(toDefault).code).toBe('PASSWORD_NOT_CHANGED');
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/wps/member/password', payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe.each(databaseKinds)('remember me on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  const login = async (payload: Record<string, unknown>, cookies: Record<string, string> = {}) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      cookies,
      payload: { humanCheck: await solveHumanCheck(ctx.app), ...payload },
    });
    return { res, ...body<LoginResult>(res) };
  };

  it('issues an http-only one-day credential that logs in without the password, and forgets it when unticked', async () => {
    const first = await login({ username: 'demomember', password: 'Demo1234', remember: true });
    const cookie = first.res.cookies.find((c) => c.name === 'remember')!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/wps/session',
      maxAge: 86_400,
    });
    expect(first.res.body).not.toContain(cookie.value);

    const remembered = await login(
      { username: 'demomember', type: 'remember', remember: true },
      { remember: cookie.value },
    );
    expect(remembered.res.statusCode).toBe(200);
    expect(remembered.value.user.account).toBe('demomember');
    // Each use replaces the credential: the old one no longer works.
    const rotated = remembered.res.cookies.find((c) => c.name === 'remember')!;
    expect(rotated.value).not.toBe(cookie.value);
    expect((await login({ username: 'demomember', type: 'remember' }, { remember: cookie.value })).code).toBe(
      'REMEMBER_EXPIRED',
    );

    // It is bound to its account.
    expect((await login({ username: 'demoagent', type: 'remember' }, { remember: rotated.value })).code).toBe(
      'REMEMBER_EXPIRED',
    );

    const unticked = await login(
      { username: 'demomember', password: 'Demo1234', remember: false },
      { remember: rotated.value },
    );
    expect(unticked.res.cookies.find((c) => c.name === 'remember')?.value).toBe('');
    expect(
      (await login({ username: 'demomember', type: 'remember' }, { remember: rotated.value })).code,
    ).toBe('REMEMBER_EXPIRED');
  });

  it('stops working once the password changes, and asks for a password when none is given', async () => {
    const first = await login({ username: 'demoweak', password: 'Welcome123', remember: true });
    const cookie = first.res.cookies.find((c) => c.name === 'remember')!;
    await ctx.app.inject({
      method: 'POST',
      url: '/wps/member/password',
      headers: { authorization: `Bearer ${first.value.token}` },
      payload: { oldPassword: 'Welcome123', newPassword: 'Changed123', confirmNewPassword: 'Changed123' },
    });
    expect((await login({ username: 'demoweak', type: 'remember' }, { remember: cookie.value })).code).toBe(
      'REMEMBER_EXPIRED',
    );
    const empty = await login({ username: 'demoweak' });
    expect(empty.res.statusCode).toBe(422);
  });
});

describe.each(databaseKinds)('two-step verification on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  const login = async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'demomember', password: 'Demo1234', humanCheck: await solveHumanCheck(ctx.app) },
    });
    return body<LoginResult & { challenge?: string }>(res);
  };
  const post = (url: string, payload: Record<string, unknown>, token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });

  it('turns on with a code from the app, then asks for a fresh code after the password, once per code', async () => {
    const { TOTP, Secret } = await import('otpauth');
    const first = await login();
    const setup = body<{ secret: string; uri: string }>(
      await post('/api/member/two-factor/setup', {}, first.value.token),
    ).value;
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Aurora%20Bet:demomember\?/);
    const app = new TOTP({ secret: Secret.fromBase32(setup.secret), digits: 6, period: 30 });
    expect(
      body(await post('/api/member/two-factor/enable', { code: '000000' }, first.value.token)).code,
    ).toBe(app.generate() === '000000' ? 'OK' : 'TWO_FACTOR_INVALID');
    // Kept rather than regenerated: a 30 s boundary may pass between the steps of this test.
    const enablingCode = app.generate();
    const enabled = await post('/api/member/two-factor/enable', { code: enablingCode }, first.value.token);
    expect(body(enabled).value).toEqual({ enabled: true });

    const second = await login();
    expect(second.code).toBe('TWO_FACTOR_REQUIRED');
    const { challenge } = second.value as unknown as { challenge: string };
    // The code just used to turn it on cannot be used again.
    expect(body(await post('/api/session/two-factor', { challenge, code: enablingCode })).code).toBe(
      'TWO_FACTOR_INVALID',
    );
    const next = app.generate({ timestamp: Date.now() + 30_000 });
    const ok = await post('/api/session/two-factor', { challenge, code: next });
    expect(ok.statusCode).toBe(200);
    expect(body<LoginResult>(ok).value.user).toMatchObject({ account: 'demomember', twoFactor: true });
    expect(body(await post('/api/session/two-factor', { challenge, code: next })).code).toBe(
      'TWO_FACTOR_INVALID',
    );
    expect(body(await post('/api/session/two-factor', { challenge: `${challenge}x`, code: next })).code).toBe(
      'TWO_FACTOR_INVALID',
    );
  });
});
