import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, regionRules } from '../../server/db/schema';
import { body, createTestContext, databaseKinds, type TestContext } from './harness';

describe.each(databaseKinds)('system routes on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { countryLookup: (ip) => (ip === '198.51.100.7' ? 'XX' : 'BR') });
  });
  afterAll(() => ctx.close());

  const setStatus = async (status: number) => {
    await ctx.handle.db.update(brands).set({ systemStatus: status });
  };

  it('reports status 0 and the caller IP when all is normal', async () => {
    const res = await ctx.app.inject({ url: '/wps/system/status', remoteAddress: '10.1.2.3' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ success: true, code: 'OK', value: { status: 0, ip: '10.1.2.3' } });
  });

  it('reports status 2 for an address inside a denied CIDR range and closes the API to it', async () => {
    const status = await ctx.app.inject({ url: '/wps/system/status', remoteAddress: '203.0.113.9' });
    expect(body(status).value).toMatchObject({ status: 2, ip: '203.0.113.9' });
    const games = await ctx.app.inject({ url: '/lgw/games/game_menus', remoteAddress: '203.0.113.9' });
    expect(games.statusCode).toBe(403);
    expect(body(games).code).toBe('REGION_BLOCKED');
    expect(body(games).message).toBe('O acesso está restrito na sua localização ou IP.');
  });

  it('blocks exact IP rules, IPv4-mapped IPv6 callers and country rules', async () => {
    const brand = (await ctx.handle.db.select().from(brands))[0]!;
    await ctx.handle.db.insert(regionRules).values([
      { brandId: brand.id, kind: 'ip', value: '192.0.2.44' },
      { brandId: brand.id, kind: 'country', value: 'XX' },
    ]);
    const exact = await ctx.app.inject({ url: '/wps/system/status', remoteAddress: '192.0.2.44' });
    expect(body(exact).value).toMatchObject({ status: 2 });
    const mapped = await ctx.app.inject({ url: '/wps/system/status', remoteAddress: '::ffff:192.0.2.44' });
    expect(body(mapped).value).toMatchObject({ status: 2 });
    const country = await ctx.app.inject({ url: '/wps/system/status', remoteAddress: '198.51.100.7' });
    expect(body(country).value).toMatchObject({ status: 2 });
    const other = await ctx.app.inject({ url: '/wps/system/status', remoteAddress: '192.0.2.45' });
    expect(body(other).value).toMatchObject({ status: 0 });
    await ctx.handle.db.delete(regionRules).where(eq(regionRules.kind, 'ip'));
    await ctx.handle.db.delete(regionRules).where(eq(regionRules.kind, 'country'));
  });

  it('describes the brand in whitelabel: options, domains, resources, location and flags', async () => {
    const res = await ctx.app.inject({ url: '/wps/system/whitelabel', remoteAddress: '10.0.0.5' });
    const v = body<Record<string, unknown>>(res).value;
    expect(res.statusCode).toBe(200);
    expect(v).toMatchObject({
      merchantCode: 'AURORA',
      platform: 'WEB',
      lotteryType: 'SEA',
      defaultLanguage: 'pt',
      supportedLanguages: ['pt', 'en'],
      location: { ip: '10.0.0.5', country: 'BR' },
      maintenance: false,
      regionRestricted: false,
    });
    expect(v.whitelabelVal).toMatchObject({ USERNAMEREG3: true, FREEPLAY3: true, PTSYS3: true });
    expect((v.resources as Array<{ resourceType: string }>).map((r) => r.resourceType)).toEqual([
      'FACEBOOK',
      'INSTAGRAM',
      'TELEGRAM',
      'MOBILECONFIG',
      'Android',
    ]);
    expect((v.customerService as Array<{ csType: string }>).map((c) => c.csType)).toEqual([
      'LIVECHAT',
      'TELEGRAM',
    ]);
  });

  it('lists the brand domains in domainRoute', async () => {
    const res = await ctx.app.inject({ url: '/wps/system/domainRoute' });
    expect(body<Array<{ host: string; route: string }>>(res).value).toContainEqual({
      host: 'agent.aurora.example',
      route: 'agent',
    });
  });

  it('serves the help centre per language and rejects an unsupported language with 422', async () => {
    const pt = body<Array<{ title: string; articles: unknown[] }>>(
      await ctx.app.inject({ url: '/wps/system/helpCenter?lang=pt&device=WEB' }),
    );
    const en = body<Array<{ title: string }>>(
      await ctx.app.inject({ url: '/wps/system/helpCenter?lang=en' }),
    );
    expect(pt.value[0]?.title).toBe('Sobre nós');
    expect(en.value[0]?.title).toBe('About us');
    expect(pt.value.every((s) => s.articles.length > 0)).toBe(true);

    const bad = await ctx.app.inject({
      url: '/wps/system/helpCenter?lang=xx',
      headers: { 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(422);
    const b = body<{ issues: Array<{ path: string; message: string }> }>(bad);
    expect(b.code).toBe('VALIDATION_FAILED');
    expect(b.message).toMatch(/invalid/i);
    expect(b.value.issues[0]?.path).toBe('query.lang');
    const missing = await ctx.app.inject({ url: '/wps/system/helpCenter' });
    expect(missing.statusCode).toBe(422);
  });

  it('remembers the chosen language in a cookie and answers errors in it', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/preferences/language',
      payload: { language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'lang');
    expect(cookie).toMatchObject({ value: 'en', httpOnly: true });
    const notFound = await ctx.app.inject({ url: '/wps/nothing', cookies: { lang: 'en' } });
    expect(body(notFound).message).toBe('Not found.');
    const pt = await ctx.app.inject({ url: '/wps/nothing' });
    expect(body(pt).message).toBe('Não encontrado.');
    // The page's own language outranks a saved cookie and the browser's preference.
    const page = await ctx.app.inject({
      url: '/wps/nothing',
      cookies: { lang: 'en' },
      headers: { 'x-site-language': 'pt', 'accept-language': 'en' },
    });
    expect(body(page).message).toBe('Não encontrado.');

    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/preferences/language',
      payload: { language: 'fr' },
    });
    expect(bad.statusCode).toBe(422);
    const notJson = await ctx.app.inject({
      method: 'PUT',
      url: '/api/preferences/language',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(notJson.statusCode).toBe(400);
    expect(body(notJson).code).toBe('BAD_REQUEST');
  });

  it('shows maintenance with its message and closes the rest of the API with 503', async () => {
    await setStatus(1);
    try {
      const res = await ctx.app.inject({ url: '/wps/system/status', headers: { 'accept-language': 'en' } });
      expect(body(res).value).toMatchObject({ status: 1 });
      expect((body(res).value as { message: string }).message).toMatch(/upgrading/);
      const wl = body<{ maintenance: boolean }>(await ctx.app.inject({ url: '/wps/system/whitelabel' }));
      expect(wl.value.maintenance).toBe(true);
      const games = await ctx.app.inject({ url: '/wps/relay/GCSGAME_hotGamesV2' });
      expect(games.statusCode).toBe(503);
      expect(body(games).code).toBe('MAINTENANCE');
    } finally {
      await setStatus(0);
    }
  });

  it('draws QR codes for app links and validates the text', async () => {
    const res = await ctx.app.inject({ url: '/api/qr.svg?text=https%3A%2F%2Faurora.example%2Fapp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
    expect((await ctx.app.inject({ url: '/api/qr.svg' })).statusCode).toBe(422);
  });
});

describe('maintenance switch', () => {
  it('MAINTENANCE_MODE puts the site in maintenance whatever the database says', async () => {
    const ctx = await createTestContext('pglite', { env: { MAINTENANCE_MODE: 'true' } });
    try {
      expect(body(await ctx.app.inject({ url: '/wps/system/status' })).value).toMatchObject({ status: 1 });
      expect((await ctx.app.inject({ url: '/lgw/games/game_menus' })).statusCode).toBe(503);
    } finally {
      await ctx.close();
    }
  });
});
