import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, identityProviders, identitySignIns, members } from '../../server/db/schema';
import { paths } from '../../src/api/paths';
import { startTestProvider, type TestUser, walkProvider } from '../support/oidc-test-provider';
import { createTestContext, databaseKinds, newMember, newOperator, type TestContext } from './harness';

const SITE = 'http://localhost';
const CALLBACK = `${SITE}${paths.oidcCallback.path}`;
const CLIENT = {
  clientId: 'aurora-site',
  secret: 'client-secret-for-tests-0123456789',
  redirectUris: [CALLBACK],
};
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const startPath = (code: string) => paths.oidcStart.path.replace(':provider', code);

/** Cookies a response sets, by name. */
function setCookies(res: { headers: Record<string, unknown> }) {
  const raw = res.headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return new Map(
    lines.map((line: string) => {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      return [pair!.slice(0, at), { value: pair!.slice(at + 1), line }] as const;
    }),
  );
}

describe.each(databaseKinds)('third-party sign-in through OpenID Connect on %s', (kind) => {
  let ctx: TestContext;
  let op: Awaited<ReturnType<typeof startTestProvider>>;
  let admin: string;
  /** What the next token answer gets changed to (wrong audience, wrong issuer), once. */
  let tamper: Record<string, unknown> | null = null;

  beforeAll(async () => {
    op = await startTestProvider(CLIENT);
    ctx = await createTestContext(kind, {
      identityFetch: async (url, options) => {
        const res = await fetch(url, options as RequestInit);
        if (!tamper || !url.endsWith('/token')) return res;
        const changes = tamper;
        tamper = null;
        const answer = (await res.json()) as { id_token: string };
        answer.id_token = await op.resign(answer.id_token, changes);
        return new Response(JSON.stringify(answer), {
          status: res.status,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    admin = (await newOperator(ctx, 'admin')).token;
    const saved = await ctx.call('saveIdentityProvider', {
      token: admin,
      body: {
        code: 'test-op',
        displayName: 'Test ID',
        issuer: op.issuer,
        clientId: CLIENT.clientId,
        clientSecret: CLIENT.secret,
      },
    });
    expect(saved.code).toBe('OK');
  });
  afterAll(async () => {
    await ctx?.close();
    await op?.close();
  });

  /** A browser: its own cookie for the sign-in routes. */
  const browser = () => ({ key: '' });

  async function start(b: { key: string }, query: Record<string, string> = {}, code = 'test-op') {
    const res = await ctx.app.inject({
      url: `${startPath(code)}?${new URLSearchParams(query)}`,
      headers: { host: 'localhost', ...(b.key ? { cookie: `oidc_browser=${b.key}` } : {}) },
    });
    const cookie = setCookies(res).get('oidc_browser');
    if (cookie) b.key = cookie.value;
    return res;
  }

  async function callback(b: { key: string }, url: string) {
    const u = new URL(url);
    return ctx.app.inject({
      url: `${u.pathname}${u.search}`,
      headers: { host: 'localhost', ...(b.key ? { cookie: `oidc_browser=${b.key}` } : {}) },
    });
  }

  async function complete(done: string | undefined, language: 'pt' | 'en' = 'pt') {
    return ctx.call('oidcComplete', {
      language,
      headers: { host: 'localhost', ...(done ? { cookie: `oidc_done=${done}` } : {}) },
    });
  }

  /** The whole walk: start, the provider's pages, the callback, the page's completion. */
  async function signIn(user: TestUser | 'deny' | 'error', query = {}) {
    op.next = user;
    const b = browser();
    const started = await start(b, query);
    expect(started.statusCode).toBe(303);
    const back = await walkProvider(started.headers.location as string, CALLBACK);
    const res = await callback(b, back);
    return { b, back, res, done: setCookies(res).get('oidc_done')?.value };
  }

  it('lists the enabled provider in the whitelabel (code and name only)', async () => {
    const wl = await ctx.call('whitelabel');
    expect(wl.value.signIn).toContainEqual({ code: 'test-op', name: 'Test ID' });
    expect(JSON.stringify(wl.value)).not.toContain(CLIENT.secret);
  });

  it('starts with PKCE S256, state and nonce, and binds the sign-in to the browser with an HttpOnly cookie', async () => {
    const b = browser();
    const res = await start(b, { returnTo: '/promotions?x=1' });
    expect(res.statusCode).toBe(303);
    const to = new URL(res.headers.location as string);
    expect(to.origin).toBe(op.issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(to.searchParams.get('state')).toBeTruthy();
    expect(to.searchParams.get('nonce')).toBeTruthy();
    expect(to.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(to.searchParams.get('scope')).toBe('openid email profile');
    const cookie = setCookies(res).get('oidc_browser')!.line;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth\/oidc/);
  });

  it('first sign-in makes a member without a password and logs it in; the second finds the same member', async () => {
    const first = await signIn(
      { sub: 'alice-1', email: 'alice@example.org', email_verified: true, name: 'Alice Doe' },
      { returnTo: '/promotions' },
    );
    expect(first.res.statusCode).toBe(303);
    // No token and no code in the address: only the marker.
    expect(first.res.headers.location).toBe('/promotions?signin=external');
    const doneCookie = setCookies(first.res).get('oidc_done')!.line;
    expect(doneCookie).toMatch(/HttpOnly/i);
    const login = await complete(first.done);
    expect(login.code).toBe('OK');
    expect(login.value.mustChangePassword).toBeNull();
    expect(login.value.passwordExpired).toBe(false);
    expect(login.value.user.account).toMatch(/^test\d{8}$/);
    const [row] = await ctx.handle.db.select().from(members).where(eq(members.id, login.value.user.id));
    expect(row).toMatchObject({ passwordHash: null, email: 'alice@example.org', nickname: 'Alice Doe' });
    const info = await ctx.call('memberInfo', { token: login.value.token });
    expect(info.value.account).toBe(login.value.user.account);

    // The completion cookie is single use.
    expect((await complete(first.done)).code).toBe('SIGN_IN_EXPIRED');

    const second = await signIn({ sub: 'alice-1', email: 'alice@example.org', email_verified: true });
    const again = await complete(second.done);
    expect(again.code).toBe('OK');
    expect(again.value.user.id).toBe(login.value.user.id);
  });

  it('refuses a replayed state and a callback from another browser (login CSRF)', async () => {
    const first = await signIn({ sub: 'bob-1' });
    expect(first.res.headers.location).toBe('/?signin=external');
    // The same answer again: the state was used.
    const replay = await callback(first.b, first.back);
    expect(replay.headers.location).toBe('/?signin_error=SIGN_IN_STATE_INVALID');
    expect(setCookies(replay).has('oidc_done')).toBe(false);

    // An attacker's sign-in answer opened in the victim's browser (no cookie, or its own cookie).
    op.next = { sub: 'attacker' };
    const attacker = browser();
    const started = await start(attacker, { returnTo: '/deposit' });
    const back = await walkProvider(started.headers.location as string, CALLBACK);
    const victim = { key: 'victim-browser-key-000000000000' };
    const refused = await callback(victim, back);
    expect(refused.headers.location).toBe('/deposit?signin_error=SIGN_IN_STATE_INVALID');
    expect(setCookies(refused).has('oidc_done')).toBe(false);
    // Used up: the attacker's own browser cannot use it afterwards either.
    expect((await callback(attacker, back)).headers.location).toBe('/?signin_error=SIGN_IN_STATE_INVALID');
    const noCookie = await callback(browser(), back);
    expect(noCookie.headers.location).toBe('/?signin_error=SIGN_IN_STATE_INVALID');
  });

  it('refuses an expired sign-in', async () => {
    op.next = { sub: 'carol-1' };
    const b = browser();
    const started = await start(b);
    const back = await walkProvider(started.headers.location as string, CALLBACK);
    await ctx.handle.db
      .update(identitySignIns)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(identitySignIns.stateHash, sha256(new URL(back).searchParams.get('state')!)));
    expect((await callback(b, back)).headers.location).toBe('/?signin_error=SIGN_IN_EXPIRED');
  });

  it('refuses an ID token with another nonce, issuer or audience', async () => {
    op.next = { sub: 'dave-1' };
    const b = browser();
    const started = await start(b);
    const back = await walkProvider(started.headers.location as string, CALLBACK);
    const state = new URL(back).searchParams.get('state')!;
    await ctx.handle.db
      .update(identitySignIns)
      .set({ nonce: 'another-nonce' })
      .where(eq(identitySignIns.stateHash, sha256(state)));
    expect((await callback(b, back)).headers.location).toBe('/?signin_error=SIGN_IN_TOKEN_INVALID');

    tamper = { aud: 'another-client' };
    const wrongAudience = await signIn({ sub: 'dave-1' });
    expect(wrongAudience.res.headers.location).toBe('/?signin_error=SIGN_IN_TOKEN_INVALID');
    tamper = { iss: 'https://issuer.invalid' };
    const wrongIssuer = await signIn({ sub: 'dave-1' });
    expect(wrongIssuer.res.headers.location).toBe('/?signin_error=SIGN_IN_TOKEN_INVALID');
    // Nobody was made for dave.
    const rows = await ctx.handle.db.select().from(members).where(sql`${members.username} like 'test%'`);
    expect(rows.every((m) => m.nickname !== 'dave')).toBe(true);
    tamper = null;
  });

  it("shows the provider's refusal and errors as codes the page translates", async () => {
    const denied = await signIn('deny', { returnTo: '/register' });
    expect(denied.res.headers.location).toBe('/register?signin_error=SIGN_IN_DENIED');
    const failed = await signIn('error');
    expect(failed.res.headers.location).toBe('/?signin_error=SIGN_IN_PROVIDER_ERROR');
    const unknown = await start(browser(), { returnTo: '/x' }, 'nope');
    expect(unknown.headers.location).toBe('/x?signin_error=SIGN_IN_PROVIDER_NOT_FOUND');
    // Back to another site? Never: the page is on this one.
    const offsite = await start(browser(), { returnTo: 'https://evil.example/' }, 'nope');
    expect(offsite.headers.location).toBe('/?signin_error=SIGN_IN_PROVIDER_NOT_FOUND');
    const protocolRelative = await start(browser(), { returnTo: '//evil.example/' }, 'nope');
    expect(protocolRelative.headers.location).toBe('/?signin_error=SIGN_IN_PROVIDER_NOT_FOUND');
    // The messages exist in both languages.
    expect((await complete(undefined, 'pt')).message).toMatch(/expirou/);
    expect((await complete(undefined, 'en')).message).toMatch(/expired/);
  });

  it('refuses a locked or disabled member', async () => {
    const first = await signIn({ sub: 'erin-1' });
    const login = await complete(first.done);
    await ctx.handle.db
      .update(members)
      .set({ status: 'disabled' })
      .where(eq(members.id, login.value.user.id));
    const again = await signIn({ sub: 'erin-1' });
    expect(again.res.headers.location).toBe('/?signin_error=ACCOUNT_DISABLED');
    expect(again.done).toBeUndefined();
  });

  it('never links an existing password account by its email; the email goes to nobody twice', async () => {
    const existing = await newMember(ctx, { email: 'frank@example.org' });
    const first = await signIn({ sub: 'frank-1', email: 'FRANK@example.org', email_verified: true });
    const login = await complete(first.done);
    expect(login.value.user.id).not.toBe(existing.id);
    const [row] = await ctx.handle.db.select().from(members).where(eq(members.id, login.value.user.id));
    expect(row!.email).toBeNull();
    // An unverified email is not stored either.
    const unverified = await complete(
      (await signIn({ sub: 'gina-1', email: 'gina@example.org', email_verified: false })).done,
    );
    const [gina] = await ctx.handle.db.select().from(members).where(eq(members.id, unverified.value.user.id));
    expect(gina!.email).toBeNull();
  });

  it('asks a member with two-step verification for a code after the provider; never a password change', async () => {
    const { TOTP, Secret } = await import('otpauth');
    const first = await complete((await signIn({ sub: 'tess-1' })).done);
    const token = first.value.token;
    const setup = (await ctx.call('twoFactorSetup', { token })).value;
    const app = new TOTP({ secret: Secret.fromBase32(setup.secret), digits: 6, period: 30 });
    expect((await ctx.call('twoFactorEnable', { token, body: { code: app.generate() } })).code).toBe('OK');
    // Long after the brand's password age, with forcing on: no password, so nothing to change.
    await ctx.handle.db
      .update(members)
      .set({ passwordChangedAt: sql`now() - interval '400 days'` })
      .where(eq(members.id, first.value.user.id));

    const again = await complete((await signIn({ sub: 'tess-1' })).done);
    expect(again.code).toBe('TWO_FACTOR_REQUIRED');
    const challenge = (again.value as unknown as { challenge: string }).challenge;
    const wrong = await ctx.call('twoFactorLogin', { body: { challenge, code: '000000' } });
    expect(wrong.code).toBe(app.generate() === '000000' ? 'OK' : 'TWO_FACTOR_INVALID');
    const ok = await ctx.call('twoFactorLogin', {
      body: { challenge, code: app.generate({ timestamp: Date.now() + 30_000 }) },
    });
    expect(ok.code).toBe('OK');
    expect(ok.value.user.id).toBe(first.value.user.id);
    expect(ok.value.mustChangePassword).toBeNull();
    expect(ok.value.passwordExpired).toBe(false);
  });

  it('joins the downline of the affiliate code the sign-in carried', async () => {
    const agent = await newMember(ctx, { prefix: 'agent' });
    await ctx.handle.db
      .update(members)
      .set({ userType: 1, affiliateCode: 'OIDCAG01' })
      .where(eq(members.id, agent.id));
    const first = await signIn({ sub: 'hank-1' }, { affiliateCode: 'OIDCAG01' });
    const login = await complete(first.done);
    const [row] = await ctx.handle.db.select().from(members).where(eq(members.id, login.value.user.id));
    expect(row!.parentId).toBe(agent.id);
  });

  it('keeps the client secret sealed and never sends it back; audits changes without it', async () => {
    const [stored] = await ctx.handle.db
      .select()
      .from(identityProviders)
      .where(eq(identityProviders.code, 'test-op'));
    expect(stored!.clientSecretSealed).not.toContain(CLIENT.secret);
    const list = await ctx.call('adminIdentityProviders', { token: admin, headers: { host: 'localhost' } });
    expect(list.value).toContainEqual(
      expect.objectContaining({ code: 'test-op', secretSet: true, redirectUri: CALLBACK, enabled: true }),
    );
    expect(JSON.stringify(list.value)).not.toContain(CLIENT.secret);

    // Edit without the secret keeps it; the audit row holds before and after, never the secret.
    const edited = await ctx.call('saveIdentityProvider', {
      token: admin,
      body: { code: 'test-op', displayName: 'Test ID 2', issuer: op.issuer, clientId: CLIENT.clientId },
    });
    expect(edited.value.displayName).toBe('Test ID 2');
    expect(JSON.stringify(edited.value)).not.toContain(CLIENT.secret);
    const audits = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'identity_provider_save'), eq(auditLog.target, 'test-op')));
    expect(audits.length).toBe(2);
    expect(audits[1]!.detail).toMatchObject({
      before: { displayName: 'Test ID' },
      after: { displayName: 'Test ID 2' },
      secretChanged: false,
    });
    expect(JSON.stringify(audits)).not.toContain(CLIENT.secret);
    const trail = await ctx.call('auditLog', { token: admin });
    expect(JSON.stringify(trail.value)).not.toContain(CLIENT.secret);
    // Still signs in with the kept secret.
    expect((await complete((await signIn({ sub: 'ivy-1' })).done)).code).toBe('OK');

    // Disabled: gone from the whitelabel, start and callback refuse it.
    const off = await ctx.call('setIdentityProviderEnabled', {
      token: admin,
      body: { code: 'test-op', enabled: false },
    });
    expect(off.value.enabled).toBe(false);
    expect((await ctx.call('whitelabel')).value.signIn).not.toContainEqual(
      expect.objectContaining({ code: 'test-op' }),
    );
    expect((await start(browser())).headers.location).toBe('/?signin_error=SIGN_IN_PROVIDER_NOT_FOUND');
    const [disable] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'identity_provider_disable'));
    expect(disable!.detail).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    await ctx.call('setIdentityProviderEnabled', { token: admin, body: { code: 'test-op', enabled: true } });
  });

  it('asks for the secret when adding, refuses a taken code for another operator role, and support cannot edit', async () => {
    const noSecret = await ctx.call('saveIdentityProvider', {
      token: admin,
      body: { code: 'google', displayName: 'Google', issuer: 'https://accounts.google.com', clientId: 'x' },
    });
    expect(noSecret.code).toBe('VALIDATION_FAILED');
    const support = (await newOperator(ctx, 'support')).token;
    const refused = await ctx.call('saveIdentityProvider', {
      token: support,
      body: {
        code: 'google',
        displayName: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'x',
        clientSecret: 'y',
      },
    });
    expect(refused.code).toBe('ROLE_FORBIDDEN');
    const bad = await ctx.call('saveIdentityProvider', {
      token: admin,
      body: {
        code: 'Bad Code!',
        displayName: 'x',
        issuer: 'https://a.example',
        clientId: 'x',
        clientSecret: 'y',
      },
    });
    expect(bad.code).toBe('VALIDATION_FAILED');
  });
});

describe('third-party sign-in in production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', {
      env: { SITE_MODE: 'production', OPERATOR_TWO_FACTOR: 'optional' },
    });
  });
  afterAll(() => ctx?.close());

  it('refuses a plain-http issuer and lists nothing the demo has', async () => {
    const admin = (await newOperator(ctx, 'admin')).token;
    const http = await ctx.call('saveIdentityProvider', {
      token: admin,
      body: {
        code: 'local',
        displayName: 'Local',
        issuer: 'http://127.0.0.1:7070/id',
        clientId: 'x',
        clientSecret: 'y',
      },
    });
    expect(http.code).toBe('IDENTITY_PROVIDER_HTTPS');
    expect((await ctx.call('whitelabel')).value.signIn).toEqual([]);
  });
});
