import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameItem, GameMenu, RankEntry, VendorCard } from '../../src/api/contract/games';
import { body, createTestContext, databaseKinds, type TestContext } from './harness';

describe.each(databaseKinds)('game routes on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  it('returns game menus in server order with the spec vendors', async () => {
    const res = await ctx.app.inject({ url: '/lgw/games/game_menus' });
    expect(res.statusCode).toBe(200);
    const menus = body<GameMenu[]>(res).value;
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
    const all = body<VendorCard[]>(
      await ctx.app.inject({ url: '/wps/relay/GCSGAME_newGameVendor?platform=html5-desktop' }),
    );
    expect(all.value[0]).toMatchObject({ vassalage: 'TCG_SEA', gameType: 'LOTT', status: 'active' });
    expect(all.value.find((v) => v.vassalage === 'NOVA')).toMatchObject({
      isGame: 'VASSALAGE',
      accountTypeName: 'Nova Slots',
    });
    const esports = body<VendorCard[]>(
      await ctx.app.inject({ url: '/wps/relay/GCSGAME_newGameVendor?gameType=ESPORTS' }),
    );
    expect(esports.value.every((v) => v.gameType === 'ESPORTS')).toBe(true);
    const bad = await ctx.app.inject({ url: '/wps/relay/GCSGAME_newGameVendor?platform=vr' });
    expect(bad.statusCode).toBe(422);
  });

  it('returns hot games by rank, named in the caller language', async () => {
    const pt = body<GameItem[]>(
      await ctx.app.inject({ url: '/wps/relay/GCSGAME_hotGamesV2?platforms=flash,html5-desktop' }),
    );
    expect(pt.value[0]).toMatchObject({
      gameCode: 'golden-dragon',
      gameName: 'Dragão Dourado',
      vassalage: 'NOVA',
    });
    const en = body<GameItem[]>(
      await ctx.app.inject({
        url: '/wps/relay/GCSGAME_hotGamesV2',
        headers: { 'accept-language': 'en-GB,en;q=0.9' },
      }),
    );
    expect(en.value[0]?.gameName).toBe('Golden Dragon');
    const flashOnly = body<GameItem[]>(
      await ctx.app.inject({ url: '/wps/relay/GCSGAME_hotGamesV2?platforms=flash' }),
    );
    expect(flashOnly.value).toEqual([]);
    expect(
      (await ctx.app.inject({ url: '/wps/relay/GCSGAME_hotGamesV2?platforms=toaster' })).statusCode,
    ).toBe(422);
  });

  it('returns popular games up to the limit and rejects a bad limit', async () => {
    const res = body<GameItem[]>(await ctx.app.inject({ url: '/lgw/games/popular?limit=3&lang=en' }));
    expect(res.value.map((g) => g.gameName)).toEqual(["Pharaoh's Gold", 'Golden Dragon', 'Baccarat Squeeze']);
    for (const limit of ['0', '51', 'abc', '2.5']) {
      const bad = await ctx.app.inject({ url: `/lgw/games/popular?limit=${limit}` });
      expect(bad.statusCode, limit).toBe(422);
      expect(body(bad).code).toBe('VALIDATION_FAILED');
    }
  });

  it('returns at most 20 winners, newest first, with masked accounts and integer amounts', async () => {
    const res = body<RankEntry[]>(
      await ctx.app.inject({
        url: '/wps/relay/GCSGAME_getRankList?gameCategory=ALL&language=pt&limitNum=20',
      }),
    );
    expect(res.value).toHaveLength(20);
    const times = res.value.map((e) => e.vo.wonAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(res.value[0]!.vo).toMatchObject({ account: 'ma***88', winAmount: 1284000, currency: 'FUN' });
    expect(res.value.every((e) => Number.isInteger(e.vo.winAmount) && !e.vo.account.includes('marcos'))).toBe(
      true,
    );
    const live = body<RankEntry[]>(
      await ctx.app.inject({ url: '/wps/relay/GCSGAME_getRankList?gameCategory=LIVE' }),
    );
    expect(live.value.length).toBeGreaterThan(0);
    expect(live.value.every((e) => e.vo.gameCategory === 'LIVE')).toBe(true);
    expect((await ctx.app.inject({ url: '/wps/relay/GCSGAME_getRankList?limitNum=21' })).statusCode).toBe(
      422,
    );
    expect(
      (await ctx.app.inject({ url: '/wps/relay/GCSGAME_getRankList?gameCategory=POKER' })).statusCode,
    ).toBe(422);
  });
});
