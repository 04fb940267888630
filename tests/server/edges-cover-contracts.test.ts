import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentContracts, auditLog, brands, games } from '../../server/db/schema';
import type { Brand } from '../../server/modules/brand/brand.service';
import type { ContractTerms } from '../../src/api/contract/agents';
import { createTestContext, databaseKinds, newAgent, newOperator, type TestContext } from './harness';

const daily = (rateBp: number): ContractTerms => ({
  kind: 'daily_salary',
  salaryType: 'single_bet',
  minActiveBet: 100,
  tiers: [{ minValidBet: 0, minActive: 0, rateBp }],
});

/**
 * Issue 26 item 7: a house contract's rate and the rebate may never pass the house edge. Checked when a
 * contract is offered (backoffice-agents.test.ts) and here when the games change under contracts already
 * given: an edge lowered, odds raised, a generous game switched on.
 */
describe.each(databaseKinds)('changes of the games under the house’s contracts on %s', (kind) => {
  let ctx: TestContext;
  let admin: string;
  let brandId: number;
  let rebates: Record<string, number>;
  const star2 = (win: number) => ({
    game: 'ssc5',
    betType: { code: 'ssc.star2', enabled: true, odds: { win }, minStake: 100, maxStake: 1_000_000 },
  });
  const dice = (edgeBp: number) => ({
    game: 'dice' as const,
    enabled: true,
    edgeBp,
    minBet: 10,
    maxBet: 1_000_000,
    maxWin: 10_000_000,
  });

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    admin = (await newOperator(ctx, 'admin')).token;
    const [brand] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    brandId = brand!.id;
    rebates = brand!.rebateRates;
    // The lotteries are on offer (at start the server's jobs set them up).
    await ctx.app.lottery.ensureCatalogue({
      id: brandId,
      currency: brand!.currency,
      timeZone: brand!.timeZone,
      maxAmount: brand!.maxAmount,
    } as Brand);
    // A top agent paid 0,20 % of its team's valid bets by the house (live casino allows 0,25 %).
    const agent = await newAgent(ctx, { downline: 0 });
    await ctx.handle.db.insert(agentContracts).values({
      brandId,
      kind: 'daily_salary',
      uplineId: null,
      memberId: agent.id,
      terms: daily(20),
      rateBp: 20,
      status: 'active',
      decidedAt: new Date(),
    });
  });
  afterAll(() => ctx.close());

  it('refuses lottery odds that leave the house less than its contracts pay, and takes odds that do not', async () => {
    // 99,90 % back on one bet type: the lottery would keep 0,10 %, less than 0,20 % and 1 % of rebate.
    const generous = await ctx.call('updateLottery', { token: admin, body: star2(9_990) });
    expect(generous.status).toBe(409);
    expect(generous.code).toBe('EDGE_BELOW_CONTRACT');
    expect(generous.message).toContain('0,10\u00a0%');
    expect(generous.message).not.toContain('ELOTT');
    // Nothing changed, nothing audited.
    const overview = await ctx.call('adminLotteries', { token: admin });
    const kept = overview.value.games
      .find((g) => g.code === 'ssc5')!
      .betTypes.find((b) => b.code === 'ssc.star2')!;
    expect(kept.odds.win).not.toBe(9_990);
    expect(
      await ctx.handle.db.select().from(auditLog).where(eq(auditLog.action, 'lottery_update')),
    ).toHaveLength(0);
    // 98 % back leaves the house 2 %: enough.
    expect((await ctx.call('updateLottery', { token: admin, body: star2(9_800) })).code).toBe('OK');
  });

  it('refuses an in-house edge lowered below what the contracts and the rebate take', async () => {
    // With 0,40 % of rebate on in-house games, 0,20 % of salary needs more than 0,60 % of edge.
    await ctx.handle.db
      .update(brands)
      .set({ rebateRates: { ...rebates, INHOUSE: 40 } })
      .where(eq(brands.id, brandId));
    try {
      const low = await ctx.call('updateOriginal', { token: admin, body: dice(50) });
      expect(low.code).toBe('EDGE_BELOW_CONTRACT');
      expect(low.message).toContain('Originais');
      expect((await ctx.call('updateOriginal', { token: admin, body: dice(75) })).code).toBe('OK');
      expect((await ctx.call('updateOriginal', { token: admin, body: dice(100) })).code).toBe('OK');
    } finally {
      await ctx.handle.db.update(brands).set({ rebateRates: rebates }).where(eq(brands.id, brandId));
    }
  });

  it('refuses switching on a game that gives back nearly all it takes, and lets one be switched off', async () => {
    const where = and(
      eq(games.brandId, brandId),
      eq(games.vendorCode, 'NOVA'),
      eq(games.gameCode, 'neon-nights'),
    );
    const [game] = await ctx.handle.db.select().from(games).where(where);
    await ctx.handle.db.update(games).set({ rtp: '99.90', active: false }).where(where);
    try {
      const on = await ctx.call('updateGame', {
        token: admin,
        body: { vendor: 'NOVA', gameCode: 'neon-nights', active: true },
      });
      expect(on.code).toBe('EDGE_BELOW_CONTRACT');
      const [after] = await ctx.handle.db.select().from(games).where(where);
      expect(after!.active).toBe(false);
    } finally {
      await ctx.handle.db.update(games).set({ rtp: game!.rtp, active: game!.active }).where(where);
    }
    const off = await ctx.call('updateGame', {
      token: admin,
      body: { vendor: 'NOVA', gameCode: 'neon-nights', active: false },
    });
    expect(off.code).toBe('OK');
    await ctx.call('updateGame', {
      token: admin,
      body: { vendor: 'NOVA', gameCode: 'neon-nights', active: true },
    });
  });

  it('lets a contract already past the edge block only changes that make it worse', async () => {
    // A contract from before the check: 3 % where live casino allows 0,25 %.
    const legacy = await newAgent(ctx, { downline: 0 });
    const [row] = await ctx.handle.db
      .insert(agentContracts)
      .values({
        brandId,
        kind: 'daily_salary',
        uplineId: null,
        memberId: legacy.id,
        terms: daily(300),
        rateBp: 300,
        status: 'active',
        decidedAt: new Date(),
      })
      .returning();
    try {
      // Raising an edge or lowering odds makes nothing worse.
      expect((await ctx.call('updateOriginal', { token: admin, body: dice(125) })).code).toBe('OK');
      expect((await ctx.call('updateLottery', { token: admin, body: star2(9_700) })).code).toBe('OK');
      // Odds that would leave the lottery less than live casino keeps now are refused.
      const worse = await ctx.call('updateLottery', { token: admin, body: star2(9_990) });
      expect(worse.code).toBe('EDGE_BELOW_CONTRACT');
    } finally {
      await ctx.handle.db.delete(agentContracts).where(eq(agentContracts.id, row!.id));
      await ctx.call('updateOriginal', { token: admin, body: dice(100) });
    }
  });
});
