import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, customerService, regionRules } from '../../server/db/schema';
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
    const res = await ctx.call('systemStatus', { ip: '10.1.2.3' });
    expect(res).toMatchObject({
      status: 200,
      success: true,
      code: 'OK',
      value: { status: 0, ip: '10.1.2.3' },
    });
  });

  it('reports status 2 for an address inside a denied CIDR range and closes the API to it', async () => {
    const status = await ctx.call('systemStatus', { ip: '203.0.113.9' });
    expect(status.value).toMatchObject({ status: 2, ip: '203.0.113.9' });
    const games = await ctx.call('gameMenus', { ip: '203.0.113.9' });
    expect(games.status).toBe(403);
    expect(games.code).toBe('REGION_BLOCKED');
    expect(games.message).toBe('O acesso está restrito na sua localização ou IP.');
  });

  it('blocks exact IP rules, IPv4-mapped IPv6 callers and country rules', async () => {
    const brand = (await ctx.handle.db.select().from(brands))[0]!;
    await ctx.handle.db.insert(regionRules).values([
      { brandId: brand.id, kind: 'ip', value: '192.0.2.44' },
      { brandId: brand.id, kind: 'country', value: 'XX' },
    ]);
    const statusFrom = async (ip: string) => (await ctx.call('systemStatus', { ip })).value;
    expect(await statusFrom('192.0.2.44')).toMatchObject({ status: 2 });
    expect(await statusFrom('::ffff:192.0.2.44')).toMatchObject({ status: 2 });
    expect(await statusFrom('198.51.100.7')).toMatchObject({ status: 2 });
    expect(await statusFrom('192.0.2.45')).toMatchObject({ status: 0 });
    await ctx.handle.db.delete(regionRules).where(eq(regionRules.kind, 'ip'));
    await ctx.handle.db.delete(regionRules).where(eq(regionRules.kind, 'country'));
  });

  it('describes the brand in whitelabel: options, domains, resources, location and flags', async () => {
    const res = await ctx.call('whitelabel', { ip: '10.0.0.5' });
    const v = res.value as unknown as Record<string, unknown>;
    expect(res.status).toBe(200);
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
    // The demo publishes no app (its links pointed at files that did not exist): only its social links.
    expect((v.resources as Array<{ resourceType: string }>).map((r) => r.resourceType)).toEqual([
      'FACEBOOK',
      'INSTAGRAM',
      'TELEGRAM',
    ]);
    // The demo has no live chat: only channels that reach someone are listed.
    expect((v.customerService as Array<{ csType: string }>).map((c) => c.csType)).toEqual(['TELEGRAM']);
  });

  it('lists only customer-service channels that reach someone, never one back to the help page', async () => {
    const brand = (await ctx.handle.db.select().from(brands))[0]!;
    const title = { pt: 'Canal', en: 'Channel' };
    const added = await ctx.handle.db
      .insert(customerService)
      .values(
        [
          ['LIVECHAT', '/help#contact'],
          ['LIVECHAT', '/help'],
          ['LIVECHAT', 'javascript:alert(1)'],
          ['FAX', 'https://fax.example/'],
          ['LIVECHAT', 'https://chat.aurora.example/'],
          ['EMAIL', 'mailto:suporte@aurora.example'],
        ].map(([csType, url], i) => ({
          brandId: brand.id,
          csType: csType!,
          url: url!,
          title,
          sortOrder: 10 + i,
        })),
      )
      .returning({ id: customerService.id });
    try {
      const v = (await ctx.call('whitelabel')).value;
      expect(v.customerService.map((c) => c.url)).toEqual([
        'https://t.me/aurora_demo_support',
        'https://chat.aurora.example/',
        'mailto:suporte@aurora.example',
      ]);
    } finally {
      await ctx.handle.db.delete(customerService).where(
        inArray(
          customerService.id,
          added.map((a) => a.id),
        ),
      );
    }
  });

  it('lists the brand domains in domainRoute', async () => {
    const res = await ctx.call('domainRoute');
    expect(res.value).toContainEqual({
      host: 'agent.aurora.example',
      route: 'agent',
    });
  });

  it('serves the help centre per language and rejects an unsupported language with 422', async () => {
    const pt = await ctx.call('helpCenter', { query: { lang: 'pt', device: 'WEB' } });
    const en = await ctx.call('helpCenter', { query: { lang: 'en' } });
    expect(pt.value[0]?.title).toBe('Sobre este site');
    expect(en.value[0]?.title).toBe('About this site');
    expect(pt.value.every((s) => s.content.length > 0)).toBe(true);
    // The legal pages (tests/server/content-admin.test.ts edits them).
    expect(pt.value.filter((s) => s.kind === 'legal').map((s) => s.section)).toEqual([
      'responsible',
      'terms',
      'privacy',
      'complaints',
      'licence',
    ]);

    // Outside the contract on purpose: a language the site does not have, then none.
    const bad = await ctx.call('helpCenter', { query: { lang: 'xx' } as never, language: 'en' });
    expect(bad.status).toBe(422);
    const b = bad as unknown as { code: string; message: string; value: { issues: Array<{ path: string }> } };
    expect(b.code).toBe('VALIDATION_FAILED');
    expect(b.message).toMatch(/invalid/i);
    expect(b.value.issues[0]?.path).toBe('query.lang');
    const missing = await ctx.call('helpCenter');
    expect(missing.status).toBe(422);
  });

  it('remembers the chosen language in a cookie and answers errors in it', async () => {
    const res = await ctx.call('setLanguage', { body: { language: 'en' } });
    expect(res.status).toBe(200);
    const cookie = res.raw.cookies.find((c) => c.name === 'lang');
    expect(cookie).toMatchObject({ value: 'en', httpOnly: true });
    // A path no endpoint has, so the answer is the error in the caller's language.
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

    const bad = await ctx.call('setLanguage', { body: { language: 'fr' } as never });
    expect(bad.status).toBe(422);
    // A body that is not JSON at all, which ctx.call cannot send.
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
      const res = await ctx.call('systemStatus', { language: 'en' });
      expect(res.value).toMatchObject({ status: 1 });
      expect((res.value as { message?: string }).message).toMatch(/upgrading/);
      const wl = await ctx.call('whitelabel');
      expect(wl.value.maintenance).toBe(true);
      const games = await ctx.call('hotGames');
      expect(games.status).toBe(503);
      expect(games.code).toBe('MAINTENANCE');
    } finally {
      await setStatus(0);
    }
  });

  it('draws QR codes for app links and validates the text', async () => {
    // An image route, outside the JSON contract.
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
      expect((await ctx.call('systemStatus')).value).toMatchObject({ status: 1 });
      expect((await ctx.call('gameMenus')).status).toBe(503);
    } finally {
      await ctx.close();
    }
  });
});
