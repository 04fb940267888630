import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseKinds, type TestContext } from './harness';

describe.each(databaseKinds)('game routes on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  it('returns game menus in server order with the spec vendors', async () => {
    const res = await ctx.call('gameMenus');
    expect(res.status).toBe(200);
    const menus = res.value;
    expect(menus.map((m) => m.gameType)).toEqual([
      'LOTT',
      'LIVE',
      'SPORTS',
      'FISH',
      'RNG',
      'PVP',
      'ESPORTS',
      'COCKFIGHT',
      'ELOTT',
      'INHOUSE',
    ]);
    const codes = (t: string) => menus.find((m) => m.gameType === t)!.vendors.map((v) => v.vassalage);
    expect(codes('ESPORTS')).toEqual(['AV', 'IMES', 'IA', 'AI', 'TF']);
    expect(codes('COCKFIGHT')).toEqual(['DS88', 'DIG', 'WGB']);
    expect(codes('INHOUSE')).toEqual(['BGS']);
    expect(codes('LOTT')).toEqual(['TCG_SEA', 'TCG_LOTTO_VN', 'LOTT']);
    expect(codes('SPORTS')).toContain('FB');
    expect(menus.find((m) => m.gameType === 'RNG')!.useGameListCenter).toBe(true);
  });

  it('lists vendors flat in server order and filters by game type', async () => {
    // Queries may break the contract on purpose (an unknown platform).
    const vendors = (query: Record<string, string>) => ctx.call('vendorList', { query: query as never });
    const all = await vendors({ platform: 'html5-desktop' });
    expect(all.value[0]).toMatchObject({ vassalage: 'TCG_SEA', gameType: 'LOTT', status: 'active' });
    expect(all.value.find((v) => v.vassalage === 'NOVA')).toMatchObject({
      isGame: 'VASSALAGE',
      accountTypeName: 'Nova Slots',
    });
    const esports = await vendors({ gameType: 'ESPORTS' });
    expect(esports.value.every((v) => v.gameType === 'ESPORTS')).toBe(true);
    const bad = await vendors({ platform: 'vr' });
    expect(bad.status).toBe(422);
  });

  it('returns hot games by rank, named in the caller language', async () => {
    const hot = (query?: Record<string, string>, headers?: Record<string, string>) =>
      ctx.call('hotGames', { ...(query ? { query: query as never } : {}), ...(headers ? { headers } : {}) });
    const pt = await hot({ platforms: 'flash,html5-desktop' });
    expect(pt.value[0]).toMatchObject({
      gameCode: 'golden-dragon',
      gameName: 'Dragão Dourado',
      vassalage: 'NOVA',
    });
    const en = await hot(undefined, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(en.value[0]?.gameName).toBe('Golden Dragon');
    const flashOnly = await hot({ platforms: 'flash' });
    expect(flashOnly.value).toEqual([]);
    expect((await hot({ platforms: 'toaster' })).status).toBe(422);
  });

  it('returns popular games up to the limit and rejects a bad limit', async () => {
    const popular = (query: Record<string, string>) => ctx.call('popularGames', { query: query as never });
    const res = await popular({ limit: '3', lang: 'en' });
    expect(res.value.map((g) => g.gameName)).toEqual(["Pharaoh's Gold", 'Golden Dragon', 'Baccarat Squeeze']);
    for (const limit of ['0', '51', 'abc', '2.5']) {
      const bad = await popular({ limit });
      expect(bad.status, limit).toBe(422);
      expect(bad.code).toBe('VALIDATION_FAILED');
    }
  });

  it('returns at most 20 winners, newest first, with masked accounts and integer amounts', async () => {
    const ranks = (query: Record<string, string>) => ctx.call('rankList', { query: query as never });
    const res = await ranks({ gameCategory: 'ALL', language: 'pt', limitNum: '20' });
    expect(res.value).toHaveLength(20);
    const times = res.value.map((e) => e.vo.wonAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(res.value[0]!.vo).toMatchObject({ account: 'ma***88', winAmount: 1284000, currency: 'FUN' });
    expect(res.value.every((e) => Number.isInteger(e.vo.winAmount) && !e.vo.account.includes('marcos'))).toBe(
      true,
    );
    const live = await ranks({ gameCategory: 'LIVE' });
    expect(live.value.length).toBeGreaterThan(0);
    expect(live.value.every((e) => e.vo.gameCategory === 'LIVE')).toBe(true);
    expect((await ranks({ limitNum: '21' })).status).toBe(422);
    expect((await ranks({ gameCategory: 'POKER' })).status).toBe(422);
  });
});
