import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityProvider } from '../../provider/identity';
import { brands, members } from '../../server/db/schema';
import { demoLeftovers, removeDemo } from '../../server/db/seed/install';
import { SecretBox } from '../../server/lib/secret-box';
import { IdentityRepository } from '../../server/modules/identity/identity.repository';
import { IdentityService } from '../../server/modules/identity/identity.service';
import { paths } from '../../src/api/paths';
import { createTestContext, databaseKinds, newOperator, type TestContext } from './harness';

const SITE = 'http://localhost';
const CALLBACK = `${SITE}${paths.oidcCallback.path}`;

/** The demo sign-in provider ("Aurora Demo ID", provider/identity.ts) on 127.0.0.1, as `npm start` runs it. */
async function startDemoId(client: { clientId: string; secret: string; redirectUris: string[] }) {
  let handle: (req: never, res: never, url: URL) => Promise<boolean> = async () => false;
  const server: Server = createServer((req, res) => {
    void handle(req as never, res as never, new URL(req.url ?? '/', 'http://x')).then((done) => {
      if (!done) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp = await createIdentityProvider({ publicUrl, clients: [client] });
  handle = idp.handle as never;
  return { issuer: idp.issuer, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const cookieOf = (res: { headers: Record<string, unknown> }, name: string) => {
  const raw = res.headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const line = lines.find((l: string) => l.startsWith(`${name}=`));
  return line ? line.split(';')[0]!.slice(name.length + 1) : undefined;
};

describe.each(databaseKinds)('the demo sign-in provider (Aurora Demo ID) on %s', (kind) => {
  let ctx: TestContext;
  let idp: Awaited<ReturnType<typeof startDemoId>>;
  const client = { clientId: 'walk-site', secret: 'walk-secret-0123456789abcdef', redirectUris: [CALLBACK] };

  beforeAll(async () => {
    idp = await startDemoId(client);
    ctx = await createTestContext(kind);
    const admin = (await newOperator(ctx, 'admin')).token;
    const saved = await ctx.call('saveIdentityProvider', {
      token: admin,
      body: {
        code: 'demo-walk',
        displayName: 'Demo Walk',
        issuer: idp.issuer,
        clientId: client.clientId,
        clientSecret: client.secret,
        scopes: 'openid profile',
      },
    });
    expect(saved.code).toBe('OK');
  });
  afterAll(async () => {
    await ctx?.close();
    await idp?.close();
  });

  it('is seeded for the demo brand: its button is in the whitelabel', async () => {
    const wl = await ctx.call('whitelabel');
    expect(wl.value.signIn).toContainEqual({ code: 'aurora-demo', name: 'Aurora Demo ID' });
  });

  /** The site's start, the provider's page (name typed, approved or cancelled), the site's callback. */
  async function walk(name: string, decision: 'approve' | 'cancel', lang: 'pt' | 'en' = 'pt') {
    const started = await ctx.app.inject({
      url: `${paths.oidcStart.path.replace(':provider', 'demo-walk')}?returnTo=/`,
      headers: { host: 'localhost', 'x-site-language': lang },
    });
    const browser = cookieOf(started, 'oidc_browser')!;
    const authorize = started.headers.location as string;
    const page = await fetch(authorize);
    const html = await page.text();
    expect(html).toContain('Aurora Demo ID');
    expect(html).toContain(lang === 'en' ? 'DEMO sign-in provider' : 'Provedor de login de DEMONSTRAÇÃO');
    const form = new URLSearchParams(new URL(authorize).searchParams);
    form.set('name', name);
    form.set('decision', decision);
    const approved = await fetch(`${idp.issuer}/authorize`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const back = new URL(approved.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(CALLBACK);
    const res = await ctx.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { host: 'localhost', cookie: `oidc_browser=${browser}` },
    });
    return { res, done: cookieOf(res, 'oidc_done') };
  }

  it('signs a visitor in by the name typed at its page; the same name is the same member again', async () => {
    const first = await walk('Zé Demo', 'approve');
    expect(first.res.headers.location).toBe('/?signin=external');
    const login = await ctx.call('oidcComplete', {
      headers: { host: 'localhost', cookie: `oidc_done=${first.done}` },
    });
    expect(login.code).toBe('OK');
    const [row] = await ctx.handle.db.select().from(members).where(eq(members.id, login.value.user.id));
    expect(row).toMatchObject({ nickname: 'Zé Demo', passwordHash: null });
    const again = await walk('zé demo', 'approve', 'en');
    const second = await ctx.call('oidcComplete', {
      headers: { host: 'localhost', cookie: `oidc_done=${again.done}` },
    });
    expect(second.value.user.id).toBe(login.value.user.id);
  });

  it('verifies a mobile number at registration with its phone page (the demo says no SMS is sent)', async () => {
    const admin = (await newOperator(ctx, 'admin')).token;
    const saved = await ctx.call('saveIdentityProvider', {
      token: admin,
      body: {
        code: 'demo-phone-walk',
        displayName: 'Demo Phone',
        issuer: idp.issuer,
        clientId: client.clientId,
        clientSecret: client.secret,
        scopes: 'openid',
        purpose: 'phone',
      },
    });
    expect(saved.code).toBe('OK');
    expect((await ctx.call('whitelabel')).value.phoneVerifier).toEqual({
      code: 'demo-phone-walk',
      name: 'Demo Phone',
    });
    const started = await ctx.app.inject({
      url: paths.oidcStart.path.replace(':provider', 'demo-phone-walk'),
      headers: { host: 'localhost' },
    });
    const authorize = started.headers.location as string;
    const html = await (await fetch(authorize)).text();
    expect(html).toContain('nenhum SMS é enviado');
    expect(html).toContain('name="phone"');
    const form = new URLSearchParams(new URL(authorize).searchParams);
    form.set('phone', '+55 (21) 98888-7766');
    form.set('decision', 'approve');
    const approved = await fetch(`${idp.issuer}/authorize`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const back = new URL(approved.headers.get('location')!);
    const res = await ctx.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { host: 'localhost', cookie: `oidc_browser=${cookieOf(started, 'oidc_browser')}` },
    });
    expect(res.headers.location).toBe('/phone-verified');
    const proof = await ctx.call('oidcPhoneProof', {
      headers: { host: 'localhost', cookie: `oidc_done=${cookieOf(res, 'oidc_done')}` },
    });
    expect(proof.value).toMatchObject({ countryDialingCode: '55', mobileNum: '21988887766' });
  });

  it('a visitor who cancels comes back with the refusal', async () => {
    const cancelled = await walk('Nobody', 'cancel');
    expect(cancelled.res.headers.location).toBe('/?signin_error=SIGN_IN_DENIED');
  });

  it('checks what a real provider checks: the exact redirect URI, the client secret, PKCE and single-use codes', async () => {
    const bad = await fetch(
      `${idp.issuer}/authorize?${new URLSearchParams({ client_id: client.clientId, redirect_uri: 'https://evil.example/cb', response_type: 'code', scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`,
    );
    expect(bad.status).toBe(400);
    const plain = await fetch(
      `${idp.issuer}/authorize?${new URLSearchParams({ client_id: client.clientId, redirect_uri: CALLBACK, response_type: 'code', scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'plain', state: 's' })}`,
      { redirect: 'manual' },
    );
    expect(plain.headers.get('location')).toContain('error=invalid_request');
    const token = (body: Record<string, string>) =>
      fetch(`${idp.issuer}/token`, { method: 'POST', body: new URLSearchParams(body) });
    expect(
      (
        await token({
          grant_type: 'authorization_code',
          client_id: client.clientId,
          client_secret: 'wrong',
          code: 'x',
        })
      ).status,
    ).toBe(401);
    const code = await (async () => {
      const form = new URLSearchParams({
        client_id: client.clientId,
        redirect_uri: CALLBACK,
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        name: 'Pkce',
        decision: 'approve',
      });
      const res = await fetch(`${idp.issuer}/authorize`, { method: 'POST', body: form, redirect: 'manual' });
      return new URL(res.headers.get('location')!).searchParams.get('code')!;
    })();
    const base = {
      grant_type: 'authorization_code',
      client_id: client.clientId,
      client_secret: client.secret,
      redirect_uri: CALLBACK,
      code,
    };
    expect((await token({ ...base, code_verifier: 'not-the-verifier' })).status).toBe(400);
    // Spent by the failed try: a code is used once, right or wrong.
    expect(
      (await token({ ...base, code_verifier: 'dBjftJeZ4CVP-mB0unHg8YlIEqE8XLc0bV3Z5fRaXkQ' })).status,
    ).toBe(400);
  });
});

describe('the demo sign-in provider never reaches production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
  });
  afterAll(() => ctx?.close());

  it('is a leftover production refuses, is not listed without plain-http issuers, and demo:remove turns it off', async () => {
    expect(await demoLeftovers(ctx.handle.db)).toContain('the demo sign-in provider (Aurora Demo ID)');
    const [brand] = await ctx.handle.db.select().from(brands).where(eq(brands.merchantCode, 'AURORA'));
    // A production site's identity module (plain-http issuers refused) neither lists it nor starts it.
    const production = new IdentityService(
      new IdentityRepository(ctx.handle.db),
      new SecretBox('unused'),
      {
        create: async () => ({ id: 0 }),
        startSession: async () => ({}) as never,
        isActive: async () => true,
      },
      { allowHttp: false, cacheMs: 0 },
    );
    expect(await production.publicProviders(brand!.id)).toEqual({ signIn: [], phoneVerifier: null });
    await expect(
      production.start(brand as never, 'aurora-demo', { origin: SITE, lang: 'pt' }, undefined),
    ).rejects.toMatchObject({ code: 'SIGN_IN_PROVIDER_NOT_FOUND' });
    await removeDemo(ctx.handle.db);
    expect(await demoLeftovers(ctx.handle.db)).not.toContain('the demo sign-in provider (Aurora Demo ID)');
    expect((await ctx.call('whitelabel')).value.signIn).toEqual([]);
  });
});
