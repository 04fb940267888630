import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { assertProductionSettings, loadConfig } from '../../server/config';
import { type DatabaseHandle, openDatabase } from '../../server/db/client';
import { brands, members, operators, outbox, paymentMethods, serverSecrets } from '../../server/db/schema';
import { demoAccounts } from '../../server/db/seed/demo-accounts';
import { demoOperators } from '../../server/db/seed/demo-operators';
import { demoLeftovers, prepareInstallation, removeDemo } from '../../server/db/seed/install';
import { errorSerializer, redactUrl } from '../../server/http/log-redaction';
import { masterBox } from '../../server/lib/master-key';
import { installationSecret } from '../../server/lib/secrets';
import {
  callEndpoint,
  createScratchDatabase,
  createTestContext,
  databaseKinds,
  loginMember,
  newMember,
  solveHumanCheck,
  type TestContext,
} from './harness';

const productionEnv = (key: Buffer) => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  STATIC_DIR: '/nonexistent',
  BRAND_CACHE_MS: '0',
  HUMAN_CHECK_COST: '1',
  ENCRYPTED_BODIES: 'optional',
  SITE_MODE: 'production',
  MASTER_KEY: key.toString('base64'),
});

async function emptyDatabase(kind: 'pglite' | 'postgres') {
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    ({ databaseUrl, dropDatabase: drop } = await createScratchDatabase(process.env.TEST_DATABASE_URL!));
  }
  const handle = await openDatabase({ databaseUrl, poolSize: 4 });
  await handle.migrate();
  return { handle, drop };
}

describe.each(databaseKinds)('a real installation (production mode) on %s', (kind) => {
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;
  let app: FastifyInstance;
  const key = randomBytes(32);
  beforeAll(async () => {
    ({ handle, drop } = await emptyDatabase(kind));
    const config = loadConfig(productionEnv(key));
    const report = await prepareInstallation(handle.db, config, masterBox(key));
    expect(report).toEqual({ mode: 'production', createdBrand: true, needsFirstOperator: true });
    app = await buildApp({ config, db: handle.db, masterKey: key, listen: handle.listen });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
    await drop?.();
  });

  it('starts with one empty brand: no demo accounts, operators, payment methods or content', async () => {
    const rows = await handle.db.select().from(brands);
    expect(rows.map((b) => [b.merchantCode, b.siteName, b.currency])).toEqual([['MAIN', 'My Site', 'BRL']]);
    expect(await handle.db.select().from(members)).toEqual([]);
    expect(await handle.db.select().from(operators)).toEqual([]);
    expect(await handle.db.select().from(paymentMethods)).toEqual([]);
    // A second start (or a second process) creates nothing more.
    const again = await prepareInstallation(handle.db, loadConfig(productionEnv(key)), masterBox(key));
    expect(again.createdBrand).toBe(false);
    expect(await handle.db.select().from(brands)).toHaveLength(1);
  });

  it('serves no outbox view, no simulated gateway, and tells the site it is not a demo', async () => {
    const outboxRes = await callEndpoint(app, 'outbox', { query: { recipient: '5511987654321' } });
    expect(outboxRes.status).toBe(404);
    // The simulated gateway's checkout page is HTML, outside the contract.
    expect((await app.inject({ url: '/pay/sim/ABC?t=x' })).statusCode).toBe(404);
    const whitelabel = await callEndpoint(app, 'whitelabel');
    expect(whitelabel.value.demo).toBe(false);
  });

  it('a new member finds no way to pay in until the operator adds one', async () => {
    const res = await callEndpoint(app, 'register', {
      body: {
        username: `real${kind}`,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        acceptTerms: true,
        humanCheck: await solveHumanCheck(app),
      } as never,
    });
    expect(res.status, res.message).toBe(200);
    const methods = await callEndpoint(app, 'depositMethods', { token: res.value.token });
    expect(methods.value).toEqual([]);
  });

  it('keeps its own secrets sealed under the master key', async () => {
    const rows = await handle.db.select().from(serverSecrets);
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) expect(row.value.startsWith('mk1.')).toBe(true);
    const box = masterBox(key);
    const value = await installationSecret(handle.db, box, 'pay-ticket');
    expect(rows.find((r) => r.name === 'pay-ticket')!.value).not.toContain(value);
    // Another key cannot open them: the server says so instead of inventing new ones.
    await expect(installationSecret(handle.db, masterBox(randomBytes(32)), 'pay-ticket')).rejects.toThrow(
      /another master key/,
    );
  });

  it('seals a secret an older version kept in plain text', async () => {
    await handle.db.insert(serverSecrets).values({ name: 'legacy-plain', value: 'plain-old-value' });
    expect(await installationSecret(handle.db, masterBox(key), 'legacy-plain')).toBe('plain-old-value');
    const [row] = await handle.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'legacy-plain'));
    expect(row!.value.startsWith('mk1.')).toBe(true);
    expect(await installationSecret(handle.db, masterBox(key), 'legacy-plain')).toBe('plain-old-value');
  });

  it('never keeps the text of what it sends, only a hash', async () => {
    const [brand] = await handle.db.select().from(brands);
    await handle.db.insert(members).values({
      brandId: brand!.id,
      username: `phone${kind}`,
      countryDialingCode: '55',
      mobile: '11911112222',
    });
    await handle.db.execute(
      sql`INSERT INTO site_options (brand_id, code, enabled) VALUES (${brand!.id}, 'MOBILEVERCODELOGIN3', true)`,
    );
    const res = await callEndpoint(app, 'smsNoLogin', {
      body: {
        mobileNum: '11911112222',
        countryDialingCode: '55',
        purpose: 'login',
        humanCheck: await solveHumanCheck(app),
      } as never,
    });
    expect(res.status).toBe(200);
    const rows = await handle.db.select().from(outbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).toBeNull();
    expect(rows[0]!.bodyHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('production settings', () => {
  const env = { NODE_ENV: 'test', SITE_MODE: 'production' };
  it('refuse to start without a master key or with the outbox view', () => {
    expect(() => assertProductionSettings(loadConfig(env))).toThrow(/MASTER_KEY/);
    const withKey = { ...env, MASTER_KEY: randomBytes(32).toString('base64') };
    expect(() => assertProductionSettings(loadConfig({ ...withKey, OUTBOX_VIEW: 'true' }))).toThrow(
      /OUTBOX_VIEW/,
    );
    expect(() => assertProductionSettings(loadConfig({ ...withKey, SPORTS_SIMULATOR: 'on' }))).toThrow(
      /SPORTS_SIMULATOR/,
    );
    expect(() => assertProductionSettings(loadConfig(withKey))).not.toThrow();
  });

  it('are the default on a database server, the demo on the embedded one', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db' }).mode).toBe('production');
    expect(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db' }).outboxView).toBe(false);
    expect(loadConfig({}).mode).toBe('demo');
    expect(loadConfig({}).outboxView).toBe(true);
  });

  it('mark cookies Secure when the public address is https', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://bet.example.com' }).secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://bet.example.com' }).secureCookies).toBe(false);
  });
});

describe('logs', () => {
  it('never carry a token or a code from the address', () => {
    expect(redactUrl('/?token=abc&lang=pt')).toBe('/?token=[redacted]&lang=pt');
    expect(redactUrl('/pay/sim/R1?t=ticket')).toBe('/pay/sim/R1?t=[redacted]');
    expect(redactUrl('/x?handoff=h1&code=1234')).toBe('/x?handoff=[redacted]&code=[redacted]');
    expect(redactUrl('/plain')).toBe('/plain');
  });

  it('never carry the parameters of a failed query', () => {
    const error = new Error('Failed query: select 1 where password = $1\nparams: Secret123,4242');
    error.stack = `${error.message}\n    at somewhere (file.ts:1:1)`;
    const logged = errorSerializer(error);
    expect(JSON.stringify(logged)).not.toContain('Secret123');
    expect(logged.stack).toContain('at somewhere');
  });
});

describe.each(databaseKinds)('the demo (demo mode) on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  it('says it is a demo', async () => {
    const whitelabel = await ctx.call('whitelabel');
    expect(whitelabel.value.demo).toBe(true);
  });

  const outboxOf = (recipient: string, options: { ip?: string; headers?: Record<string, string> } = {}) =>
    ctx.call('outbox', { query: { recipient }, ...options });

  it('shows its outbox to this machine only, sealed at rest', async () => {
    await newMember(ctx, { prefix: 'outbox', mobile: '11955507777' });
    const res = await ctx.call('smsNoLogin', {
      body: {
        mobileNum: '11955507777',
        countryDialingCode: '55',
        purpose: 'login',
        humanCheck: await solveHumanCheck(ctx.app),
      } as never,
    });
    expect(res.status).toBe(200);
    const local = await outboxOf('5511955507777');
    const code = /\b(\d{6})\b/.exec(local.value[0]!.body)![1]!;
    const [row] = await ctx.handle.db.select().from(outbox).orderBy(sql`id desc`).limit(1);
    expect(row!.body).not.toContain(code);
    expect(row!.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    // From another machine, or through a proxy that speaks for one, there is nothing there.
    expect((await outboxOf('5511955507777', { ip: '198.51.100.7' })).status).toBe(404);
    expect((await outboxOf('5511955507777', { headers: { 'x-forwarded-for': '198.51.100.7' } })).status).toBe(
      404,
    );
  });

  it('forgets what it sent once the message has expired', async () => {
    await ctx.handle.db.update(outbox).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await outboxOf('5511955507777')).value).toEqual([]);
    const member = await newMember(ctx, { prefix: 'forgets', email: 'forgets@aurora.example' });
    const sent = await ctx.call('forgotByEmail', {
      body: { username: member.username, email: 'forgets@aurora.example' } as never,
    });
    expect(sent.status).toBe(200);
    const kept = await ctx.handle.db.select().from(outbox).where(sql`body IS NOT NULL`);
    expect(kept.every((m) => m.expiresAt!.getTime() > Date.now())).toBe(true);
  });

  it('a production server on a copy of it never offers the simulated gateway', async () => {
    const app = await buildApp({
      config: loadConfig(productionEnv(ctx.masterKey)),
      db: ctx.handle.db,
      masterKey: ctx.masterKey,
    });
    await app.ready();
    try {
      const member = await newMember(ctx, { prefix: 'copy' });
      // Logged in on the production server itself.
      const production = {
        ...ctx,
        app,
        call: ((name, options) => callEndpoint(app, name, options)) as TestContext['call'],
      };
      const token = await loginMember(production, member);
      const methods = await production.call('depositMethods', { token });
      expect(methods.value.map((m) => m.code)).toEqual(['pix']);
      const res = await production.call('createDeposit', {
        token,
        body: { method: 'sim-gateway', amount: 1_000_000, requestId: `printer-${kind}` } as never,
      });
      expect(res.status).toBe(404);
      expect(res.code).toBe('PAYMENT_METHOD_NOT_FOUND');
      expect((await production.call('outbox', { query: { recipient: '5511955507777' } })).status).toBe(404);
    } finally {
      await app.close();
    }
  });
  // This one is about the demo's own public accounts (the seed's), so it logs in with them on purpose.
  it('refuses to become production while demo logins or the simulated gateway remain, until removed', async () => {
    const demoMember = demoAccounts.find((a) => a.username === 'demomember')!;
    const demoAdmin = demoOperators.find((o) => o.role === 'admin')!;
    const production = () =>
      prepareInstallation(ctx.handle.db, loadConfig(productionEnv(ctx.masterKey)), masterBox(ctx.masterKey));
    await expect(production()).rejects.toThrow(
      /demo sign-in provider \(Aurora Demo ID\).*demo game provider's connections \(NOVA.*demo members .*demomember.*demo operators .*demoadmin.*simulated/,
    );
    await expect(production()).rejects.toThrow(/npm run demo:remove/);
    const token = await loginMember(ctx, demoMember);
    const removed = await removeDemo(ctx.handle.db);
    expect(removed).toHaveLength(5);
    expect(await demoLeftovers(ctx.handle.db)).toEqual([]);
    // The public logins no longer open anything, and the sessions they had are over.
    const info = await ctx.call('memberInfo', { token });
    expect(info.status).toBeGreaterThanOrEqual(401);
    const operator = await ctx.call('operatorLogin', {
      body: { username: demoAdmin.username, password: demoAdmin.password },
    });
    expect(operator.status).toBe(401);
    await expect(production()).resolves.toMatchObject({ mode: 'production', createdBrand: false });
  });
});

describe.each(databaseKinds)('behind a proxy, with an https address, on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, {
      env: { TRUST_PROXY: 'true', PUBLIC_URL: 'https://bet.example.com' },
    });
  });
  afterAll(() => ctx.close());

  const visitorIp = async (forwarded: string) =>
    (await ctx.call('whitelabel', { headers: { 'x-forwarded-for': forwarded } })).value.location.ip;

  it('takes the address the proxy saw, never what the client wrote before it', async () => {
    expect(await visitorIp('198.51.100.20')).toBe('198.51.100.20');
    expect(await visitorIp('203.0.113.9, 198.51.100.21')).toBe('198.51.100.21');
  });

  it('answers a forwarded address that is not an address without a 500', async () => {
    expect(await visitorIp('not-an-ip')).toBe('127.0.0.1');
    const member = await newMember(ctx, { prefix: 'proxied' });
    const res = await ctx.call('login', {
      headers: { 'x-forwarded-for': 'not-an-ip' },
      body: {
        username: member.username,
        password: 'Wrong1234',
        humanCheck: await solveHumanCheck(ctx.app),
      } as never,
    });
    expect(res.status).toBe(401);
  });

  it('marks every cookie Secure, though the request reached it over http', async () => {
    const captcha = (await ctx.call('captcha')).raw;
    expect(String(captcha.headers['set-cookie'])).toMatch(/captcha_id=.*; Secure/);
    const language = (await ctx.call('setLanguage', { body: { language: 'en' } })).raw;
    expect(String(language.headers['set-cookie'])).toMatch(/lang=en.*; Secure/);
  });

  it('ignores hostile cookies instead of failing on them', async () => {
    const member = await newMember(ctx, { prefix: 'cookies' });
    for (const value of ['a%00b', '%ED%A0%80', 'x'.repeat(3000)]) {
      const res = await ctx.call('login', {
        headers: { cookie: `captcha_id=${value}; remember=${value}` },
        body: {
          username: member.username,
          password: 'Wrong1234',
          captcha: '1234',
          humanCheck: await solveHumanCheck(ctx.app),
        } as never,
      });
      expect(res.status).toBeLessThan(500);
    }
  });
});
