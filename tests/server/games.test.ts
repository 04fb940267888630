import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountsRepository } from '../../server/modules/accounts/accounts.repository';
import { GamesRepository } from '../../server/modules/games/games.repository';
import { WinnerFeed } from '../../server/modules/games/winner-feed';
import { RoundsRepository } from '../../server/modules/wallet/rounds.repository';
import {
  connectVendor,
  createTestContext,
  databaseKinds,
  fund,
  launchTokenFor,
  newMember,
  type TestContext,
  vendorWalletCall,
} from './harness';

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
    // The book's own e-sports vendor (FBE, every installation) comes first, the demo's vendors after.
    expect(codes('ESPORTS')).toEqual(['FBE', 'AV', 'IMES']);
    expect(codes('COCKFIGHT')).toEqual(['DS88']);
    // A vendor is playable when it lists games; the categories whose games come later say so.
    const playable = (t: string) => menus.find((m) => m.gameType === t)!.vendors.map((v) => v.playable);
    expect(playable('RNG')).toEqual([true, true]);
    expect(playable('SPORTS')).toEqual([false, false]);
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
    expect(res.value.map((g) => g.gameName)).toEqual(['Golden Dragon', 'Sunrise Baccarat', "Pharaoh's Gold"]);
    for (const limit of ['0', '51', 'abc', '2.5']) {
      const bad = await popular({ limit });
      expect(bad.status, limit).toBe(422);
      expect(bad.code).toBe('VALIDATION_FAILED');
    }
  });

  it('feeds the winner board from real wins only, masked, newest first', async () => {
    const ranks = (query: Record<string, string>) => ctx.call('rankList', { query: query as never });
    // A new installation has no winners to show: nothing is made up.
    expect((await ranks({ gameCategory: 'ALL' })).value).toEqual([]);
    const secret = await connectVendor(ctx, 'NOVA');
    const winner = await newMember(ctx, { prefix: 'lucky' });
    await fund(ctx, winner, 50_000);
    const { token } = await launchTokenFor(ctx, winner, 'NOVA');
    const signed = async (action: 'bet' | 'win', body: object) => {
      const res = await vendorWalletCall(ctx, 'NOVA', secret, action, body);
      expect(res.statusCode).toBe(200);
    };
    const round = async (id: string, stake: number, payout: number) => {
      const base = { playerId: String(winner.id), roundId: id, gameCode: 'golden-dragon' };
      await signed('bet', { ...base, token, transactionId: `${id}-b`, amount: stake });
      await signed('win', { ...base, transactionId: `${id}-w`, amount: payout });
    };
    await round('big-1', 1_000, 25_000);
    await round('small-1', 1_000, 2_000);
    await round('big-2', 2_000, 50_000);
    const feed = new WinnerFeed(new GamesRepository(ctx.handle.db), {
      bigWins: (since, min, multiple) => new RoundsRepository(ctx.handle.db).bigWins(since, min, multiple),
      usernames: (ids) => new AccountsRepository(ctx.handle.db).usernames(ids),
    });
    expect(await feed.run()).toBe(2);
    // Run again: each win is posted once.
    expect(await feed.run()).toBe(0);
    const res = await ranks({ gameCategory: 'ALL', language: 'en', limitNum: '20' });
    expect(res.value.map((e) => e.vo.winAmount)).toEqual([50_000, 25_000]);
    expect(res.value[0]!.vo).toMatchObject({
      gameName: 'Golden Dragon',
      gameCategory: 'RNG',
      currency: 'FUN',
    });
    expect(res.value.every((e) => e.vo.account.includes('***') && e.vo.account !== winner.username)).toBe(
      true,
    );
    expect((await ranks({ gameCategory: 'LIVE' })).value).toEqual([]);
    expect((await ranks({ limitNum: '21' })).status).toBe(422);
    expect((await ranks({ gameCategory: 'POKER' })).status).toBe(422);
  });

  it("lists a vendor's games with the classification filters, name search and pages (token)", async () => {
    const member = await newMember(ctx, { prefix: 'browser' });
    const list = (query: Record<string, unknown>) =>
      ctx.call('gameList', { token: member.token, query: query as never });
    const nova = await list({ vassalage: 'NOVA' });
    expect(nova.value.items.map((g) => g.gameCode)).toEqual(['golden-dragon', 'neon-nights']);
    expect(nova.value.items[0]).toMatchObject({ status: 'active', rtp: '96.48', gameType: 'RNG' });
    expect(
      (await list({ vassalage: 'NOVA', classification: 'JP' })).value.items.map((g) => g.gameCode),
    ).toEqual(['golden-dragon']);
    expect((await list({ gameType: 'RNG', search: 'neon' })).value.items.map((g) => g.gameCode)).toEqual([
      'neon-nights',
    ]);
    // PT names are searched too, and LIKE wildcards are taken literally.
    expect((await list({ gameType: 'RNG', search: 'faraó' })).value.total).toBe(1);
    expect((await list({ gameType: 'RNG', search: '%' })).value.total).toBe(0);
    // Bingo (BG) only where language TY is supported.
    expect((await list({ classification: 'BG' })).value.total).toBe(0);
    const paged = await list({ gameType: 'RNG', page: 2, pageSize: 2 });
    expect(paged.value).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.value.items).toHaveLength(1);
    expect((await list({ page: 0 })).status).toBe(422);
    expect((await ctx.call('gameList', { query: { vassalage: 'NOVA' } as never })).status).toBe(401);
    const types = await ctx.call('vassGameTypes', { token: member.token, query: { vassalage: 'NOVA' } });
    expect(types.value).toEqual([
      { classification: 'ALL', count: 2 },
      { classification: 'JP', count: 1 },
    ]);
  });

  it('keeps favourites per member by nodeId', async () => {
    const member = await newMember(ctx, { prefix: 'fan' });
    const nova = await ctx.call('gameList', { token: member.token, query: { vassalage: 'NOVA' } as never });
    const nodeId = nova.value.items[1]!.nodeId;
    const added = await ctx.call('addFavourite', { token: member.token, body: { nodeId } });
    expect(added.value.nodeIds).toEqual([nodeId]);
    expect((await ctx.call('addFavourite', { token: member.token, body: { nodeId } })).value.nodeIds).toEqual(
      [nodeId],
    );
    const list = await ctx.call('favouriteGames', { token: member.token });
    expect(list.value.map((g) => g.gameCode)).toEqual(['neon-nights']);
    expect((await ctx.call('favouriteIds', { token: member.token })).value.nodeIds).toEqual([nodeId]);
    expect((await ctx.call('addFavourite', { token: member.token, body: { nodeId: 999_999 } })).code).toBe(
      'GAME_NOT_FOUND',
    );
    expect(
      (await ctx.call('addFavourite', { token: member.token, body: { nodeId: -1 } as never })).status,
    ).toBe(422);
    const removed = await ctx.call('removeFavourite', { token: member.token, query: { nodeId } });
    expect(removed.value.nodeIds).toEqual([]);
    expect((await ctx.call('favouriteIds', {})).status).toBe(401);
  });
});
