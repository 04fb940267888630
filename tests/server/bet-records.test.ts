import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import { paths } from '../../src/api/paths';
import {
  connectVendor,
  createTestContext,
  databaseKinds,
  fund,
  launchTokenFor,
  type Member,
  newMember,
  type TestContext,
} from './harness';

describe.each(databaseKinds)('betting record, profit and loss, rebate on %s', (kind) => {
  let ctx: TestContext;
  const secrets: Record<string, string> = {};
  let member: Member;
  let other: Member;
  const tokens: Record<string, string> = {};

  /** A vendor's signed wallet call, as the provider sends it. */
  const vendorCall = async (vendor: string, action: 'bet' | 'win' | 'rollback', body: object) => {
    const raw = JSON.stringify(body);
    const res = await ctx.app.inject({
      method: 'POST',
      url: paths[`vendor${action[0]!.toUpperCase()}${action.slice(1)}` as 'vendorBet'].path,
      headers: {
        'content-type': 'application/json',
        'x-vendor-code': vendor,
        'x-signature': createHmac('sha256', secrets[vendor]!).update(raw).digest('hex'),
      },
      payload: raw,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const bet = (vendor: string, round: string, amount: number, game: string, who = member) =>
    vendorCall(vendor, 'bet', {
      token: tokens[`${vendor}:${who.id}`],
      playerId: String(who.id),
      transactionId: `${round}-bet-${amount}`,
      roundId: round,
      amount,
      gameCode: game,
    });
  const win = (vendor: string, round: string, amount: number, game: string, who = member) =>
    vendorCall(vendor, 'win', {
      playerId: String(who.id),
      transactionId: `${round}-win`,
      roundId: round,
      amount,
      gameCode: game,
    });

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    for (const vendor of ['NOVA', 'SUNL', 'DEEP']) secrets[vendor] = await connectVendor(ctx, vendor);
    member = await newMember(ctx, { prefix: 'bettor' });
    other = await newMember(ctx, { prefix: 'other' });
    await fund(ctx, member, 1_000_000);
    await fund(ctx, other, 100_000);
    for (const who of [member, other])
      for (const vendor of ['NOVA', 'SUNL', 'DEEP'])
        tokens[`${vendor}:${who.id}`] = (await launchTokenFor(ctx, who, vendor)).token;

    // A slot round won, a slot round lost (a win of 0 settles it), a baccarat round with two bets and
    // a win, a fish shot refunded (cancelled), and a slot round still open.
    await bet('NOVA', 's-1', 2_000, 'golden-dragon');
    await win('NOVA', 's-1', 9_000, 'golden-dragon');
    await bet('NOVA', 's-2', 1_000, 'neon-nights');
    await win('NOVA', 's-2', 0, 'neon-nights');
    await bet('SUNL', 'b-1', 5_000, 'baccarat-sunrise');
    await bet('SUNL', 'b-1', 1_000, 'baccarat-sunrise');
    await win('SUNL', 'b-1', 10_000, 'baccarat-sunrise');
    await bet('DEEP', 'f-1', 500, 'ocean-king');
    await vendorCall('DEEP', 'rollback', {
      playerId: String(member.id),
      transactionId: 'f-1-rb',
      betTransactionId: 'f-1-bet-500',
      roundId: 'f-1',
    });
    await bet('NOVA', 's-3', 400, 'golden-dragon');
    // Someone else's round, which never shows in this member's records.
    await bet('NOVA', 'o-1', 700, 'golden-dragon', other);
    await win('NOVA', 'o-1', 0, 'golden-dragon', other);
  });
  afterAll(() => ctx.close());

  it('lists every round of the member, newest first, with its game, category, stake, payout and status', async () => {
    const list = await ctx.call('betRecords', { token: member.token });
    expect(list.code).toBe('OK');
    expect(list.value.total).toBe(5);
    const byRound = Object.fromEntries(list.value.items.map((r) => [r.roundId, r]));
    expect(byRound['s-1']).toMatchObject({
      gameName: 'Dragão Dourado',
      gameType: 'RNG',
      stake: 2_000,
      payout: 9_000,
      net: 7_000,
      validBet: 2_000,
      status: 'settled',
    });
    expect(byRound['s-2']).toMatchObject({ stake: 1_000, payout: 0, net: -1_000, status: 'settled' });
    expect(byRound['b-1']).toMatchObject({
      gameType: 'LIVE',
      stake: 6_000,
      payout: 10_000,
      status: 'settled',
    });
    expect(byRound['f-1']).toMatchObject({
      stake: 500,
      refunded: 500,
      net: 0,
      validBet: 0,
      status: 'cancelled',
    });
    expect(byRound['s-3']).toMatchObject({ stake: 400, validBet: 0, status: 'open' });
    expect(list.value.items[0]!.roundId).toBe('s-3');
    expect(list.value.summary).toEqual({ stake: 9_900, payout: 19_000, validBet: 9_000, net: 9_600 });
  });

  it('filters by category, vendor, status and date, and pages', async () => {
    const live = await ctx.call('betRecords', { token: member.token, query: { gameType: 'LIVE' } });
    expect(live.value.items.map((r) => r.roundId)).toEqual(['b-1']);
    const nova = await ctx.call('betRecords', { token: member.token, query: { vassalage: 'NOVA' } });
    expect(nova.value.total).toBe(3);
    const dragon = await ctx.call('betRecords', {
      token: member.token,
      query: { vassalage: 'NOVA', gameCode: 'golden-dragon' },
    });
    expect(dragon.value.items.map((r) => r.roundId)).toEqual(['s-3', 's-1']);
    const open = await ctx.call('betRecords', { token: member.token, query: { status: 'open' } });
    expect(open.value.items.map((r) => r.roundId)).toEqual(['s-3']);
    const future = await ctx.call('betRecords', {
      token: member.token,
      query: { from: Date.now() + 60_000 },
    });
    expect(future.value.total).toBe(0);
    const page2 = await ctx.call('betRecords', { token: member.token, query: { page: 2, pageSize: 2 } });
    expect(page2.value.items).toHaveLength(2);
    expect(page2.value.total).toBe(5);
    const bad = await ctx.call('betRecords', { token: member.token, query: { page: 0 } as never });
    expect(bad.status).toBe(422);
    expect((await ctx.call('betRecords', {})).status).toBe(401);
  });

  it("shows a round's wallet movements, and never another member's round", async () => {
    const round = await ctx.call('betRound', {
      token: member.token,
      query: { vassalage: 'SUNL', roundId: 'b-1' },
    });
    expect(round.value.movements.map((m) => [m.type, m.amount])).toEqual([
      ['bet', -5_000],
      ['bet', -1_000],
      ['win', 10_000],
    ]);
    const cancelled = await ctx.call('betRound', {
      token: member.token,
      query: { vassalage: 'DEEP', roundId: 'f-1' },
    });
    expect(cancelled.value.movements.map((m) => m.amount)).toEqual([-500, 500]);
    const foreign = await ctx.call('betRound', {
      token: member.token,
      query: { vassalage: 'NOVA', roundId: 'o-1' },
    });
    expect(foreign.code).toBe('ROUND_NOT_FOUND');
    expect(foreign.status).toBe(404);
  });

  it('adds up profit and loss per category and per day', async () => {
    const profit = await ctx.call('personalProfit', {
      token: member.token,
      query: { from: Date.now() - 86_400_000, to: Date.now() + 60_000, tzOffset: -180 },
    });
    expect(profit.value.total).toMatchObject({ rounds: 5, stake: 9_900, payout: 19_000, net: 9_600 });
    const byCategory = Object.fromEntries(profit.value.byCategory.map((c) => [c.gameType, c]));
    expect(byCategory.RNG).toMatchObject({ rounds: 3, stake: 3_400, payout: 9_000, validBet: 3_000 });
    expect(byCategory.LIVE).toMatchObject({ rounds: 1, net: 4_000 });
    expect(byCategory.FISH).toMatchObject({ rounds: 1, net: 0, validBet: 0 });
    expect(profit.value.byDay.reduce((sum, d) => sum + d.net, 0)).toBe(9_600);
    const tooLong = await ctx.call('personalProfit', {
      token: member.token,
      query: { from: 0, to: Date.now() },
    });
    expect(tooLong.code).toBe('RANGE_TOO_LONG');
    expect(tooLong.status).toBe(422);
  });

  it('earns rebate on valid bets at the category rates and pays it once', async () => {
    const summary = await ctx.call('rebate', { token: member.token });
    // RNG 3,000 × 1.2 % = 36; LIVE 6,000 × 0.8 % = 48; the refunded fish shot earns nothing.
    const byCategory = Object.fromEntries(summary.value.categories.map((c) => [c.gameType, c.amount]));
    expect(byCategory).toMatchObject({ RNG: 36, LIVE: 48 });
    expect(summary.value.amount).toBe(84);
    const before = (await ctx.call('walletBalance', { token: member.token })).value.balance;
    const [a, b] = await Promise.all([
      ctx.call('claimRebate', { token: member.token }),
      ctx.call('claimRebate', { token: member.token }),
    ]);
    const codes = [a.code, b.code].sort();
    expect(codes[0]).toBe('OK');
    expect(['REBATE_CLAIMED', 'REBATE_NOTHING']).toContain(codes[1]);
    const after = (await ctx.call('walletBalance', { token: member.token })).value.balance;
    expect(after - before).toBe(84);
    expect((await ctx.call('claimRebate', { token: member.token })).code).toBe('REBATE_NOTHING');
    const again = await ctx.call('rebate', { token: member.token });
    expect(again.value.amount).toBe(0);
    expect(again.value.lastClaim?.amount).toBe(84);
    // The open round settles later: only it earns rebate now.
    await win('NOVA', 's-3', 0, 'golden-dragon');
    expect((await ctx.call('rebate', { token: member.token })).value.amount).toBe(4);
    // The account record shows the rebate and the game movements with their round.
    const records = await ctx.call('accountRecords', { token: member.token, query: { type: 'bonus' } });
    expect(records.value.items.map((r) => r.type)).toContain('rebate');
    const games = await ctx.call('accountRecords', { token: member.token, query: { type: 'win' } });
    // (A win of 0 moves nothing, so the newest win line is the baccarat one.)
    expect(games.value.items[0]!.detail).toMatchObject({
      vendor: 'SUNL',
      round: 'b-1',
      game: 'baccarat-sunrise',
    });
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });
});
