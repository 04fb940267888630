import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../server/db/schema';
import { seedDemoBrand } from '../../server/db/seed/seed';
import { endpoints } from '../../src/api/endpoints';
import { body, createTestContext, databaseKinds, type TestContext } from './harness';

describe.each(databaseKinds)('application on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { RATE_LIMIT_MAX: '30' } });
  });
  afterAll(() => ctx.close());

  it('seeds the demo brand once, however often it is asked', async () => {
    expect(await seedDemoBrand(ctx.handle.db)).toBe(false);
    expect(await ctx.handle.db.select().from(brands)).toHaveLength(1);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    // Outside the contract on purpose: a path no endpoint has.
    const res = await ctx.app.inject({ url: '/lgw/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ success: false, code: 'NOT_FOUND', message: 'Não encontrado.', value: null });
  });

  it('sets security headers', async () => {
    const res = (await ctx.call('systemStatus')).raw;
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    // The same on an error answer and on the wallet API that game vendors call.
    const vendor = (await ctx.call('vendorBet', { body: {} as never })).raw;
    expect(vendor.statusCode).toBeGreaterThanOrEqual(400);
    expect(vendor.headers['x-content-type-options']).toBe('nosniff');
    expect(vendor.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
  });

  it('publishes the OpenAPI document with every contract path', async () => {
    // The document itself is not a call of the contract.
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const p of [
      '/wps/system/status',
      '/wps/system/whitelabel',
      '/wps/system/domainRoute',
      '/wps/system/helpCenter',
      '/lgw/games/game_menus',
      '/wps/relay/GCSGAME_newGameVendor',
      '/wps/relay/GCSGAME_hotGamesV2',
      '/lgw/games/popular',
      '/wps/relay/MCSFE_getListAnnouncements',
      '/wps/relay/GCSGAME_getRankList',
      '/wps/relay/CBS_modelList',
      '/api/vendor/wallet/authenticate',
      '/api/vendor/wallet/bet',
      '/api/vendor/wallet/win',
      '/api/vendor/wallet/rollback',
      '/wps/relay/GCS_walletTransfer',
      '/api/payments/notify',
    ]) {
      expect(paths).toContain(p);
    }
    // And every other path of the contract.
    for (const endpoint of Object.values(endpoints)) expect(paths).toContain(endpoint.path);
  });

  it('draws artwork as SVG and refuses odd names', async () => {
    // Artwork is served as files, outside the contract, and odd names are hostile input.
    for (const url of [
      '/art/vendor/NOVA.svg',
      '/art/game/RNG-golden-dragon.svg',
      '/art/banner/LIVE-tables.svg',
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.body.startsWith('<svg')).toBe(true);
    }
    expect((await ctx.app.inject({ url: '/art/vendor/..%2Fetc.svg' })).statusCode).toBe(422);
    expect((await ctx.app.inject({ url: '/art/poster/x.svg' })).statusCode).toBe(422);
  });

  it("draws a vendor's badge with its name, not its code, and the catalogue asks for it so", async () => {
    const named = await ctx.app.inject({ url: '/art/vendor/TCG_SEA.svg?label=Sea%20Lottery' });
    expect(named.body).toContain('Sea Lottery');
    expect(named.body).not.toContain('TCG');
    // A long name takes two lines; markup in a name is text, not markup.
    const long = await ctx.app.inject({
      url: `/art/vendor/GDKL.svg?label=${encodeURIComponent('Golden <b>Deck</b> Live')}`,
    });
    expect(long.body).not.toContain('<b>');
    expect(long.body).toContain('&#60;b&#62;Deck');
    expect(long.body.match(/<tspan/g)).toHaveLength(2);
    expect((await ctx.app.inject({ url: `/art/vendor/X.svg?label=${'a'.repeat(41)}` })).statusCode).toBe(422);

    const vendors = await ctx.call('vendorList', { query: { platform: 'html5-desktop' } });
    const sea = (
      vendors.value as Array<{ vassalage: string; iconUrl: string; images: { DEFAULT: string } }>
    ).find((v) => v.vassalage === 'TCG_SEA')!;
    expect(sea.iconUrl).toBe('/art/vendor/TCG_SEA.svg?label=Sea%20Lottery');
    expect(sea.images.DEFAULT).toContain('label=Sea%20Lottery');
  });

  it('limits the request rate per address with a 429 envelope and retry-after', async () => {
    let last = await ctx.call('systemStatus', { ip: '10.9.9.9' });
    for (let i = 0; i < 40 && last.status !== 429; i++) {
      last = await ctx.call('systemStatus', { ip: '10.9.9.9' });
    }
    expect(last.status).toBe(429);
    expect(last.code).toBe('RATE_LIMITED');
    expect(Number(last.raw.headers['retry-after'])).toBeGreaterThan(0);
    const other = await ctx.call('systemStatus', { ip: '10.9.9.10' });
    expect(other.status).toBe(200);
  });
});
