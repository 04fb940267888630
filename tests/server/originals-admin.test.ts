import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  databaseKinds,
  fund,
  type Member,
  newMember,
  newOperator,
  type TestContext,
} from './harness';

let seq = 0;
const rid = () => `adm-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

describe.each(databaseKinds)('in-house games in the back office on %s', (kind) => {
  let ctx: TestContext;
  let admin: { token: string };
  let support: { token: string };
  let player: Member;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    admin = await newOperator(ctx, 'admin');
    support = await newOperator(ctx, 'support');
    player = await newMember(ctx, { prefix: 'oadm' });
    await fund(ctx, player, 1_000_000);
    for (let i = 0; i < 5; i++)
      await ctx.call('originalsBet', {
        token: player.token,
        body: { game: 'dice', requestId: rid(), stake: 1_000, chance: 5_000, side: 'under' } as never,
      });
  });
  afterAll(() => ctx.close());

  it('shows each game with its theoretical return beside what its bets returned', async () => {
    const res = await ctx.call('adminOriginals', { token: support.token });
    expect(res.code).toBe('OK');
    const dice = res.value.games.find((g) => g.game === 'dice')!;
    expect(dice).toMatchObject({ enabled: true, edgeBp: 100, rtp: '99.00' });
    expect(dice.measured.bets).toBe(5);
    expect(dice.measured.stake).toBe(5_000);
    expect(dice.measured.rtp).toBe(((dice.measured.payout / 5_000) * 100).toFixed(2));
    expect(res.value.games.find((g) => g.game === 'keno')!.measured).toEqual({
      bets: 0,
      stake: 0,
      payout: 0,
      rtp: null,
    });
  });

  it('lets an admin change a game, audited; refuses bad limits and other roles', async () => {
    const body = {
      game: 'dice' as const,
      enabled: false,
      edgeBp: 150,
      minBet: 100,
      maxBet: 50_000,
      maxWin: 5_000_000,
    };
    expect((await ctx.call('updateOriginal', { token: support.token, body })).code).toBe('ROLE_FORBIDDEN');
    expect(
      (await ctx.call('updateOriginal', { token: admin.token, body: { ...body, edgeBp: 130 } })).code,
    ).toBe('VALIDATION_FAILED');
    expect(
      (await ctx.call('updateOriginal', { token: admin.token, body: { ...body, maxWin: 10_000 } })).code,
    ).toBe('LIMITS_INCONSISTENT');
    const res = await ctx.call('updateOriginal', { token: admin.token, body });
    expect(res.value.games.find((g) => g.game === 'dice')).toMatchObject({
      enabled: false,
      edgeBp: 150,
      rtp: '98.50',
    });
    const bet = await ctx.call('originalsBet', {
      token: player.token,
      body: { game: 'dice', requestId: rid(), stake: 1_000, chance: 5_000, side: 'under' } as never,
    });
    expect(bet.code).toBe('GAME_DISABLED');
    const audit = await ctx.call('auditLog', { token: admin.token });
    expect(audit.value.some((e) => e.action === 'originals_update')).toBe(true);
    await ctx.call('updateOriginal', { token: admin.token, body: { ...body, enabled: true } });
    const after = await ctx.call('originalsBet', {
      token: player.token,
      body: { game: 'dice', requestId: rid(), stake: 50, chance: 5_000, side: 'under' } as never,
    });
    expect(after.code).toBe('BET_BELOW_MIN');
    const played = await ctx.call('originalsBet', {
      token: player.token,
      body: { game: 'dice', requestId: rid(), stake: 1_000, chance: 5_000, side: 'under' } as never,
    });
    // Paid at the new edge: 1.97× rather than 1.98×.
    expect(played.value.payout === 0 || played.value.payout === 1_970).toBe(true);
    expect(played.value.params).toMatchObject({ edgeBp: 150 });
  });

  it("shows an operator a member's game recall with seeds and balances", async () => {
    const res = await ctx.call('adminRecall', {
      token: support.token,
      query: { username: player.username, game: 'dice' },
    });
    expect(res.value.rounds.length).toBeGreaterThanOrEqual(6);
    expect(res.value.rounds.length).toBeLessThanOrEqual(10);
    for (const r of res.value.rounds) {
      expect(r.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(r.balanceAfter! - r.balanceBefore!).toBe(r.payout - r.stake);
    }
    expect(
      (await ctx.call('adminRecall', { token: support.token, query: { username: 'nobody-here' } })).code,
    ).toBe('MEMBER_NOT_FOUND');
  });
});

describe.each(databaseKinds)('in-house games refuse what a fuzzer sent, on %s', (kind) => {
  let ctx: TestContext;
  let admin: { token: string };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    admin = await newOperator(ctx, 'admin');
  });
  afterAll(() => ctx.close());

  it('reads any period whose start is not after its end, and refuses one that is', async () => {
    for (const query of [{ from: 1_000 }, { to: 1_000 }, { from: 0, to: 0 }, { from: 1_000, to: 2_000 }]) {
      const res = await ctx.call('adminOriginals', { token: admin.token, query });
      expect(res.status, JSON.stringify(query)).toBe(200);
      expect(res.value.from).toBeLessThanOrEqual(res.value.to);
    }
    const backwards = await ctx.call('adminOriginals', {
      token: admin.token,
      query: { from: 2_000, to: 1_000 },
    });
    expect([backwards.status, backwards.code]).toEqual([422, 'RANGE_INVALID']);
  });

  it('refuses limits past the largest amount the site handles', async () => {
    const res = await ctx.call('updateOriginal', {
      token: admin.token,
      body: {
        game: 'dice',
        enabled: true,
        edgeBp: 100,
        minBet: 100,
        maxBet: 50_000,
        maxWin: Number.MAX_SAFE_INTEGER,
      },
    });
    expect(res.status).toBe(422);
  });

  it('leaves one rotation or a clear refusal when a member sends ten at once', async () => {
    const member = await newMember(ctx, { prefix: 'rot' });
    const before = (await ctx.call('originalsSeeds', { token: member.token })).value;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => ctx.call('rotateSeed', { token: member.token, body: {} })),
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const rotated = answers.filter((a) => a.code === 'OK');
    expect(rotated.length).toBeGreaterThanOrEqual(1);
    expect(new Set(answers.filter((a) => a.code !== 'OK').map((a) => `${a.status} ${a.code}`))).toEqual(
      new Set(rotated.length === 10 ? [] : ['409 SEEDS_ROTATING']),
    );
    // Each rotation revealed the pair active before it: the first one the pair the member saw.
    const after = (await ctx.call('originalsSeeds', { token: member.token })).value;
    expect(after.previous).toHaveLength(rotated.length);
    expect(after.previous.at(-1)!.serverSeedHash).toBe(before.active.serverSeedHash);
  });
});
