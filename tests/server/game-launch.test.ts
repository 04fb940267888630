import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProvider, type Provider } from '../../provider/server';
import { games, gameVendors, members } from '../../server/db/schema';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import {
  connectVendor,
  createTestContext,
  databaseKinds,
  fund,
  type Member,
  newMember,
  type TestContext,
} from './harness';

const SECRET = 'provider-test-secret-0123456789abcdef';

/** The demo provider, run in this process on its own port: it reaches the site only over HTTP. */
async function startProvider(siteUrl: string, options: { duplicate?: boolean } = {}) {
  const provider = createProvider({
    publicUrl: 'http://127.0.0.1:0',
    operators: [{ code: 'AURORA', walletUrl: siteUrl, secret: SECRET }],
    delivery: { attempts: 3, timeoutMs: 4_000, backoffMs: 20, duplicate: options.duplicate ?? false },
  });
  await provider.listen(0, '127.0.0.1');
  return provider;
}

describe.each(databaseKinds)('game launch through the demo provider on %s', (kind) => {
  let ctx: TestContext;
  let provider: Provider;
  let siteUrl: string;
  let member: Member;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    siteUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    provider = await startProvider(siteUrl);
    for (const vendor of ['NOVA', 'SUNL', 'DEEP', 'DS88'])
      await connectVendor(ctx, vendor, { launchUrl: `${provider.url}/operator/launch`, secret: SECRET });
    member = await newMember(ctx, { prefix: 'player' });
    await fund(ctx, member, 100_000);
  });
  afterAll(async () => {
    await provider?.close();
    await ctx?.close();
  });

  const launch = (token: string | undefined, vassalage: string, gameCode?: string) =>
    ctx.call('launchGame', {
      ...(token ? { token } : {}),
      body: { vassalage, ...(gameCode ? { gameCode } : {}) } as never,
    });
  const sessionOf = (url: string) => new URL(url).pathname.split('/').pop()!;
  const providerCall = async (url: string, action: string, body?: object) => {
    const res = await fetch(`${provider.url}/api/${sessionOf(url)}/${action}`, {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const balance = async (m: Member) => (await ctx.call('walletBalance', { token: m.token })).value.balance;

  it('launches a slot at the provider, which plays it on the member wallet through the signed API', async () => {
    const launched = await launch(member.token, 'NOVA', 'golden-dragon');
    expect(launched.code).toBe('OK');
    expect(launched.value).toMatchObject({ opensIn: 'page', vassalage: 'NOVA', gameType: 'RNG' });
    const url = launched.value.url;
    expect(url.startsWith(`${provider.url}/play/`)).toBe(true);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/assets/slot.js');

    const state = await providerCall(url, 'state');
    expect(state.body.balance).toBe(100_000);
    let expected = 100_000;
    for (let i = 0; i < 12; i++) {
      const spin = await providerCall(url, 'spin', { stake: 200 });
      expect(spin.status).toBe(200);
      expected += -200 + (spin.body.win as number);
      expect(spin.body.balance).toBe(expected);
    }
    expect(await balance(member)).toBe(expected);
    // The launch is remembered for "recent games".
    const recent = await ctx.call('recentGames', { token: member.token });
    expect(recent.value.map((g) => g.gameCode)).toContain('golden-dragon');
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('answers GCS_gameLaunchFB with GAME_NOT_FOUND while the book has no competition to bet on', async () => {
    const fb = await ctx.call('launchFbSports', { token: member.token, body: {} as never });
    expect(fb.code).toBe('GAME_NOT_FOUND');
    expect((await ctx.call('launchFbSports', { body: {} as never })).status).toBe(401);
  });

  it('charges every spin, also after the player rotates the seeds (round ids never repeat)', async () => {
    const url = (await launch(member.token, 'NOVA', 'neon-nights')).value.url;
    const before = await balance(member);
    const first = await providerCall(url, 'spin', { stake: 200 });
    const rotated = await providerCall(url, 'seeds', { clientSeed: 'my-own-seed' });
    expect(rotated.status).toBe(200);
    const second = await providerCall(url, 'spin', { stake: 200 });
    expect(second.body.nonce).toBe(1);
    expect(second.body.roundId).not.toBe(first.body.roundId);
    const won = (first.body.win as number) + (second.body.win as number);
    expect(await balance(member)).toBe(before - 400 + won);
  });

  it('opens a vendor card straight into its first game', async () => {
    const launched = await launch(member.token, 'DS88');
    expect(launched.code).toBe('OK');
    expect(launched.value.gameCode).toBe('derby-live');
  });

  it('refuses guests, trial players and disabled accounts', async () => {
    expect((await launch(undefined, 'NOVA', 'golden-dragon')).status).toBe(401);
    const trial = (await ctx.call('freePlay', { body: {} })).value;
    expect((await launch(trial.token, 'NOVA', 'golden-dragon')).code).toBe('REAL_ACCOUNT_REQUIRED');
    const gone = await newMember(ctx, { prefix: 'gone' });
    await ctx.handle.db.update(members).set({ status: 'disabled' }).where(eq(members.id, gone.id));
    expect((await launch(gone.token, 'NOVA', 'golden-dragon')).code).toBe('ACCOUNT_DISABLED');
  });

  it('refuses unknown, hidden and maintenance games, each with its own message', async () => {
    expect((await launch(member.token, 'NOVA', 'no-such-game')).code).toBe('GAME_NOT_FOUND');
    expect((await launch(member.token, 'NOPE', 'golden-dragon')).code).toBe('GAME_NOT_FOUND');
    await ctx.handle.db.update(games).set({ status: 'hidden' }).where(eq(games.gameCode, 'neon-nights'));
    expect((await launch(member.token, 'NOVA', 'neon-nights')).code).toBe('GAME_NOT_FOUND');
    await ctx.handle.db.update(games).set({ status: 'maintenance' }).where(eq(games.gameCode, 'neon-nights'));
    const maintenance = await launch(member.token, 'NOVA', 'neon-nights');
    expect(maintenance.code).toBe('GAME_MAINTENANCE');
    expect(maintenance.status).toBe(503);
    await ctx.handle.db.update(games).set({ status: 'active' }).where(eq(games.gameCode, 'neon-nights'));
    await ctx.handle.db
      .update(gameVendors)
      .set({ status: 'maintenance' })
      .where(eq(gameVendors.code, 'DEEP'));
    expect((await launch(member.token, 'DEEP', 'ocean-king')).code).toBe('GAME_MAINTENANCE');
    await ctx.handle.db.update(gameVendors).set({ status: 'active' }).where(eq(gameVendors.code, 'DEEP'));
    expect(
      (await ctx.call('launchGame', { token: member.token, body: { vassalage: '' } as never })).status,
    ).toBe(422);
  });

  it('tells the member when the provider does not answer, and charges nothing', async () => {
    await connectVendor(ctx, 'LUXR', { launchUrl: 'http://127.0.0.1:9/operator/launch', secret: SECRET });
    const before = await balance(member);
    const down = await launch(member.token, 'LUXR', 'pharaoh-gold');
    expect(down.code).toBe('GAME_UNAVAILABLE');
    expect(down.status).toBe(503);
    expect(await balance(member)).toBe(before);
    // A vendor with currencies of its own refuses another currency.
    await ctx.handle.db.execute(
      sql`UPDATE vendor_integrations SET currencies = '{BRL}' WHERE vendor_code = 'DEEP'`,
    );
    expect((await launch(member.token, 'DEEP', 'ocean-king')).code).toBe('GAME_CURRENCY');
    await ctx.handle.db.execute(
      sql`UPDATE vendor_integrations SET currencies = '{}' WHERE vendor_code = 'DEEP'`,
    );
  });

  it('trades a launch token once: a replay or a forged launch gets nothing', async () => {
    // A launch request not signed with the shared secret is refused by the provider.
    const raw = JSON.stringify({
      token: 'x'.repeat(32),
      playerId: String(member.id),
      vendor: 'NOVA',
      gameCode: 'golden-dragon',
    });
    const forged = await fetch(`${provider.url}/operator/launch`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-operator': 'AURORA',
        'x-vendor-code': 'NOVA',
        'x-signature': createHmac('sha256', 'wrong').update(raw).digest('hex'),
      },
      body: raw,
    });
    expect(forged.status).toBe(401);
    // The provider's own authenticate of a launched token cannot be repeated.
    const launched = await launch(member.token, 'NOVA', 'golden-dragon');
    const session = provider.sessions.get(sessionOf(launched.value.url))!;
    const replay = await session.wallet.authenticate('NOVA', session.token).catch((e: { code: string }) => e);
    expect((replay as { code: string }).code).toBe('TOKEN_USED');
  });

  it('keeps the money exact when every callback arrives twice', async () => {
    const twice = await startProvider(siteUrl, { duplicate: true });
    try {
      for (const vendor of ['NOVA', 'DEEP'])
        await connectVendor(ctx, vendor, { launchUrl: `${twice.url}/operator/launch`, secret: SECRET });
      const player = await newMember(ctx, { prefix: 'twice' });
      await fund(ctx, player, 50_000);
      const url = (await launch(player.token, 'NOVA', 'neon-nights')).value.url;
      const sid = sessionOf(url);
      let expected = 50_000;
      for (let i = 0; i < 8; i++) {
        const res = await fetch(`${twice.url}/api/${sid}/spin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ stake: 400 }),
        });
        const spin = (await res.json()) as { win: number; balance: number };
        expected += spin.win - 400;
        expect(spin.balance).toBe(expected);
      }
      const fish = (await launch(player.token, 'DEEP', 'ocean-king')).value.url;
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${twice.url}/api/${sessionOf(fish)}/shoot`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ stake: 100, fish: 'minnow' }),
        });
        const shot = (await res.json()) as { win: number };
        expected += shot.win - 100;
      }
      expect(await balance(player)).toBe(expected);
      expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
    } finally {
      await twice.close();
      for (const vendor of ['NOVA', 'DEEP'])
        await connectVendor(ctx, vendor, { launchUrl: `${provider.url}/operator/launch`, secret: SECRET });
    }
  });
});
