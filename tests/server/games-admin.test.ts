import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema';
import { paths } from '../../src/api/paths';
import {
  connectVendor,
  createTestContext,
  databaseKinds,
  fund,
  launchTokenFor,
  type Member,
  newMember,
  newOperator,
  type TestContext,
} from './harness';

describe.each(databaseKinds)('back office: vendors, games and rounds on %s', (kind) => {
  let ctx: TestContext;
  let admin: string;
  let support: string;
  let finance: string;
  let member: Member;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    admin = (await newOperator(ctx, 'admin')).token;
    support = (await newOperator(ctx, 'support')).token;
    finance = (await newOperator(ctx, 'finance')).token;
    member = await newMember(ctx, { prefix: 'gamer' });
    await fund(ctx, member, 50_000);
  });
  afterAll(() => ctx.close());

  const balanceCall = (vendor: string, secret: string) => {
    const raw = JSON.stringify({ playerId: String(member.id) });
    return ctx.app.inject({
      method: 'POST',
      url: paths.vendorBalance.path,
      headers: {
        'content-type': 'application/json',
        'x-vendor-code': vendor,
        'x-signature': createHmac('sha256', secret).update(raw).digest('hex'),
      },
      payload: raw,
    });
  };
  const audits = (action: string, target: string) =>
    ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.target, target)));

  it('connects a vendor, shows its secret once and audits it without the secret', async () => {
    const connected = await ctx.call('connectVendor', {
      token: admin,
      body: { vendor: 'NOVA', launchUrl: 'https://games.nova.example/launch', currencies: ['FUN'] } as never,
    });
    expect(connected.code).toBe('OK');
    const secret = connected.value.secret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect((await balanceCall('NOVA', secret)).statusCode).toBe(200);
    const [row] = await audits('vendor_connect', 'NOVA');
    expect(row?.detail).toMatchObject({ launchUrl: 'https://games.nova.example/launch', secretGiven: false });
    expect(JSON.stringify(row?.detail)).not.toContain(secret);
    const list = await ctx.call('adminVendors', { token: support });
    const nova = list.value.find((v) => v.vendor === 'NOVA')!;
    expect(nova).toMatchObject({ name: 'Nova Slots', categories: ['RNG'], games: 2 });
    expect(nova.connection).toMatchObject({
      active: true,
      mode: 'seamless',
      currencies: ['FUN'],
      opensIn: 'page',
    });
    expect(JSON.stringify(list.value)).not.toContain(secret);
  });

  it('rotates the secret: the old one stops signing, the new one works', async () => {
    const old = await connectVendor(ctx, 'LUXR', { launchUrl: 'https://lux.example/launch' });
    const rotated = await ctx.call('rotateVendorSecret', { token: admin, body: { vendor: 'LUXR' } });
    expect(rotated.code).toBe('OK');
    expect((await balanceCall('LUXR', old)).statusCode).toBe(401);
    expect((await balanceCall('LUXR', rotated.value.secret)).statusCode).toBe(200);
    expect(await audits('vendor_rotate', 'LUXR')).toHaveLength(1);
  });

  it('disconnects a vendor: its calls are refused and its games do not launch', async () => {
    const secret = await connectVendor(ctx, 'DEEP', { launchUrl: 'https://deep.example/launch' });
    const gone = await ctx.call('disconnectVendor', { token: admin, body: { vendor: 'DEEP' } });
    expect(gone.value.connection?.active).toBe(false);
    expect((await balanceCall('DEEP', secret)).statusCode).toBe(401);
    const launch = await ctx.call('launchGame', {
      token: member.token,
      body: { vassalage: 'DEEP', gameCode: 'ocean-king' } as never,
    });
    expect(launch.code).toBe('VENDOR_NOT_FOUND');
  });

  it('puts a vendor and a game in maintenance, hides and reorders games, with an audit row each', async () => {
    const down = await ctx.call('updateVendor', {
      token: admin,
      body: { vendor: 'SUNL', status: 'maintenance' },
    });
    expect(down.value.status).toBe('maintenance');
    const menus = await ctx.call('gameMenus');
    const sunl = menus.value.find((m) => m.gameType === 'LIVE')!.vendors.find((v) => v.vassalage === 'SUNL');
    expect(sunl?.status).toBe('maintenance');
    expect(
      (
        await ctx.call('launchGame', {
          token: member.token,
          body: { vassalage: 'SUNL', gameCode: 'baccarat-sunrise' } as never,
        })
      ).code,
    ).toBe('GAME_MAINTENANCE');
    await ctx.call('updateVendor', { token: admin, body: { vendor: 'SUNL', status: 'active' } });

    const hidden = await ctx.call('updateGame', {
      token: admin,
      body: { vendor: 'NOVA', gameCode: 'neon-nights', status: 'hidden', hotRank: null },
    });
    expect(hidden.value).toMatchObject({ status: 'hidden', hotRank: null });
    const list = await ctx.call('gameList', { token: member.token, query: { vassalage: 'NOVA' } as never });
    expect(list.value.items.map((g) => g.gameCode)).toEqual(['golden-dragon']);
    const renamed = await ctx.call('updateGame', {
      token: admin,
      body: {
        vendor: 'NOVA',
        gameCode: 'golden-dragon',
        names: { pt: 'Dragão de Ouro', en: 'Dragon of Gold' },
      },
    });
    expect(renamed.value.names).toEqual({ pt: 'Dragão de Ouro', en: 'Dragon of Gold' });
    const all = await ctx.call('adminGames', { token: support, query: { vendor: 'NOVA' } });
    expect(all.value.map((g) => [g.gameCode, g.status])).toEqual([
      ['golden-dragon', 'active'],
      ['neon-nights', 'hidden'],
    ]);
    expect(await audits('game_update', 'NOVA/neon-nights')).toHaveLength(1);
    expect(await audits('vendor_update', 'SUNL')).toHaveLength(2);
  });

  it('lets only admins change vendors and games, and answers bad input with its code', async () => {
    for (const token of [support, finance]) {
      expect(
        (await ctx.call('updateVendor', { token, body: { vendor: 'NOVA', status: 'hidden' } })).code,
      ).toBe('ROLE_FORBIDDEN');
      expect((await ctx.call('rotateVendorSecret', { token, body: { vendor: 'NOVA' } })).code).toBe(
        'ROLE_FORBIDDEN',
      );
    }
    expect((await ctx.call('adminVendors', { token: member.token })).status).toBe(401);
    const badUrl = await ctx.call('connectVendor', {
      token: admin,
      body: { vendor: 'ZETA', launchUrl: 'file:///etc/passwd' } as never,
    });
    expect(badUrl.code).toBe('VENDOR_URL_INVALID');
    expect(
      (
        await ctx.call('connectVendor', {
          token: admin,
          body: { vendor: 'zeta', launchUrl: 'https://z.example' } as never,
        })
      ).status,
    ).toBe(422);
    expect(
      (await ctx.call('updateVendor', { token: admin, body: { vendor: 'NOPE', status: 'hidden' } })).code,
    ).toBe('VENDOR_NOT_FOUND');
    expect(
      (
        await ctx.call('updateGame', {
          token: admin,
          body: { vendor: 'NOVA', gameCode: 'nope', active: false },
        })
      ).code,
    ).toBe('GAME_NOT_FOUND');
    expect((await ctx.call('rotateVendorSecret', { token: admin, body: { vendor: 'NOPE' } })).code).toBe(
      'VENDOR_NOT_FOUND',
    );
  });

  it('connects none of the in-house codes (BGS, the lotteries) as an external vendor, in either language', async () => {
    for (const vendor of ['BGS', 'LOTT', 'ELOTT', 'TCG_SEA', 'TCG_LOTTO_VN']) {
      const refused = await ctx.call('connectVendor', {
        token: admin,
        language: 'en',
        body: { vendor, launchUrl: 'https://attacker.example/launch' } as never,
      });
      expect(refused).toMatchObject({ status: 422, code: 'VENDOR_IN_HOUSE', value: null });
      expect(refused.message).toContain(`${vendor} is one of this site's own games`);
      expect((await ctx.call('rotateVendorSecret', { token: admin, body: { vendor } })).code).toBe(
        'VENDOR_IN_HOUSE',
      );
      expect(await audits('vendor_connect', vendor)).toHaveLength(0);
    }
    const pt = await ctx.call('connectVendor', {
      token: admin,
      language: 'pt',
      body: { vendor: 'BGS', launchUrl: 'https://attacker.example/launch' } as never,
    });
    expect(pt.message).toContain('BGS é um dos jogos do próprio site');
    // The path the CLI (`npm run vendor -- connect`) and the demo seed take.
    await expect(connectVendor(ctx, 'BGS')).rejects.toMatchObject({ code: 'VENDOR_IN_HOUSE' });
    const list = await ctx.call('adminVendors', { token: admin });
    expect(list.value.find((v) => v.vendor === 'BGS')?.connection ?? null).toBeNull();
  });

  it('answers an update with nothing to change, only unknown fields or an unknown game or vendor with a 4xx', async () => {
    const cases: Array<[Promise<{ status: number; code: string }>, number, string]> = [
      [
        ctx.call('updateGame', { token: admin, body: { vendor: 'NOVA', gameCode: 'golden-dragon' } }),
        422,
        'NOTHING_TO_CHANGE',
      ],
      [
        ctx.call('updateGame', { token: admin, body: { vendor: 'NOPE', gameCode: 'nope' } }),
        422,
        'NOTHING_TO_CHANGE',
      ],
      [
        ctx.call('updateGame', {
          token: admin,
          body: { vendor: 'NOPE', gameCode: 'nope', status: 'hidden' },
        }),
        404,
        'GAME_NOT_FOUND',
      ],
      [ctx.call('updateVendor', { token: admin, body: { vendor: 'NOVA' } }), 422, 'NOTHING_TO_CHANGE'],
      [
        ctx.call('updateVendor', {
          token: admin,
          body: { vendor: 'NOVA', extraField: 'x', owner: 1 } as never,
        }),
        422,
        'NOTHING_TO_CHANGE',
      ],
      [
        ctx.call('updateVendor', { token: admin, body: { vendor: 'NOPE', extraField: 'x' } as never }),
        422,
        'NOTHING_TO_CHANGE',
      ],
      [
        ctx.call('updateVendor', { token: admin, body: { vendor: 'NOPE', name: 'Nope' } }),
        404,
        'VENDOR_NOT_FOUND',
      ],
    ];
    for (const [answer, status, code] of cases) expect(await answer).toMatchObject({ status, code });
    expect(await audits('vendor_update', 'NOVA')).toHaveLength(0);
  });

  it('finds rounds by member and by the vendor round id, with their wallet movements', async () => {
    const secret = await connectVendor(ctx, 'NOVA');
    const { token } = await launchTokenFor(ctx, member, 'NOVA');
    const send = async (action: 'vendorBet' | 'vendorWin', body: object) => {
      const raw = JSON.stringify(body);
      await ctx.app.inject({
        method: 'POST',
        url: paths[action].path,
        headers: {
          'content-type': 'application/json',
          'x-vendor-code': 'NOVA',
          'x-signature': createHmac('sha256', secret).update(raw).digest('hex'),
        },
        payload: raw,
      });
    };
    const base = { playerId: String(member.id), roundId: 'look-1', gameCode: 'golden-dragon' };
    await send('vendorBet', { ...base, token, transactionId: 'look-1-b', amount: 1_000 });
    await send('vendorWin', { ...base, transactionId: 'look-1-w', amount: 3_000 });
    const byMember = await ctx.call('roundLookup', { token: support, query: { username: member.username } });
    expect(byMember.value[0]).toMatchObject({
      vendor: 'NOVA',
      roundId: 'look-1',
      username: member.username,
      stake: 1_000,
      payout: 3_000,
      status: 'settled',
    });
    expect(byMember.value[0]!.movements.map((m) => [m.type, m.amount])).toEqual([
      ['bet', -1_000],
      ['win', 3_000],
    ]);
    const byRound = await ctx.call('roundLookup', {
      token: admin,
      query: { vendor: 'NOVA', roundId: 'look-1' },
    });
    expect(byRound.value).toHaveLength(1);
    expect((await ctx.call('roundLookup', { token: admin, query: { username: 'nobody-here' } })).code).toBe(
      'MEMBER_NOT_FOUND',
    );
  });
});
