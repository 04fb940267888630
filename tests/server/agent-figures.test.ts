import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRollups, brands, memberDaily, vendorRounds } from '../../server/db/schema';
import { addDays, dayIn } from '../../server/lib/brand-days';
import type { Brand } from '../../server/modules/brand/brand.service';
import {
  connectVendor,
  createTestContext,
  databaseKinds,
  fund,
  launchTokenFor,
  type Member,
  newAgent,
  newOperator,
  type TestContext,
  vendorWalletCall,
} from './harness';

let seq = 0;
const rid = () => `fig-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * The agents' daily figures as the jobs keep them: the minute's run recomputes only what may have
 * changed, the hourly run whole days.
 */
describe.each(databaseKinds)('agent figures kept by the roll-up jobs on %s', (kind) => {
  let ctx: TestContext;
  let brand: Brand;
  let today: string;
  let agent: Member & { downline: Member[] };
  let alice: Member;
  let bob: Member;
  let secret: string;
  let token: string;
  let operator: string;

  const dice = async (who: Member, stake: number) => {
    const res = await ctx.call('originalsBet', {
      token: who.token,
      body: { game: 'dice', requestId: rid(), stake, chance: 4_950, side: 'over' } as never,
    });
    expect(res.code).toBe('OK');
    return res.value;
  };
  /** A live table's wallet call. */
  const vendorCall = async (action: 'bet' | 'win', body: object) => {
    const res = await vendorWalletCall(ctx, 'SUNL', secret, action, body);
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The member's rows, oldest day first. */
  const rows = async (who: Member) =>
    (await ctx.handle.db.select().from(memberDaily).where(eq(memberDaily.memberId, who.id))).sort((a, b) =>
      a.day < b.day ? -1 : 1,
    );
  const sum = async (who: Member, field: 'validBet' | 'openRounds') =>
    (await rows(who)).reduce((s, r) => s + r[field], 0);
  /** Ten minutes pass for these members' rounds: they fall out of any window of changes. */
  const tenMinutesPass = async () => {
    for (const who of [alice, bob])
      await ctx.handle.db
        .update(vendorRounds)
        .set({ createdAt: sql`created_at - interval '10 minutes'` })
        .where(eq(vendorRounds.memberId, who.id));
  };
  /** The team's figures over yesterday and today (a round made minutes ago may be of yesterday). */
  const team = async () => {
    const res = await ctx.call('agentTeamOverview', {
      token: agent.token,
      query: { from: addDays(today, -1), to: today },
    });
    expect(res.code).toBe('OK');
    return res.value.figures;
  };
  const lastRunAgo = async (ms: number) =>
    ctx.handle.db
      .update(agentRollups)
      .set({ ranAt: new Date(Date.now() - ms) })
      .where(eq(agentRollups.brandId, brand.id));

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    agent = await newAgent(ctx, { downline: 2 });
    [alice, bob] = agent.downline as [Member, Member];
    await fund(ctx, alice, 100_000);
    await fund(ctx, bob, 100_000);
    secret = await connectVendor(ctx, 'SUNL');
    token = (await launchTokenFor(ctx, bob, 'SUNL')).token;
    const [b] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    brand = { id: b!.id, timeZone: b!.timeZone, currency: b!.currency } as Brand;
    today = dayIn(new Date(), brand.timeZone);
    operator = (await newOperator(ctx, 'finance')).token;
  });
  afterAll(() => ctx.close());

  it("rewrites only the member-days that changed since the minute's last run", async () => {
    await dice(alice, 1_000);
    await dice(bob, 700);
    await tenMinutesPass();
    await ctx.app.agents.rollUpRecent([brand], 2);
    expect(await team()).toMatchObject({ validBet: 1_700, activeMembers: 2 });
    const bobBefore = await rows(bob);

    await dice(alice, 300);
    await ctx.app.agents.rollUpRecentChanges([brand]);
    expect(await team()).toMatchObject({ validBet: 2_000 });
    expect(await sum(alice, 'validBet')).toBe(1_300);
    // Bob did not play since: his day was neither read again nor written.
    expect(await rows(bob)).toEqual(bobBefore);
  });

  it('counts a round settled long after it was made, and stops looking once none is open', async () => {
    const round = rid();
    await vendorCall('bet', {
      token,
      playerId: String(bob.id),
      transactionId: `${round}-bet`,
      roundId: round,
      amount: 2_000,
      gameCode: 'baccarat-sunrise',
    });
    // Made long before any window of changes the minute's run looks at.
    await tenMinutesPass();
    await ctx.app.agents.rollUpRecent([brand], 2);
    expect(await sum(bob, 'openRounds')).toBe(1);
    const before = await team();

    await vendorCall('win', {
      playerId: String(bob.id),
      transactionId: `${round}-win`,
      roundId: round,
      amount: 3_000,
      gameCode: 'baccarat-sunrise',
    });
    await ctx.app.agents.rollUpRecentChanges([brand]);
    const after = await team();
    expect(after.validBet - before.validBet).toBe(2_000);
    expect(after.profit - before.profit).toBe(1_000);
    expect(await sum(bob, 'openRounds')).toBe(0);

    // Nothing open and nothing new: the next minute writes nothing of his.
    await tenMinutesPass();
    const settled = await rows(bob);
    await ctx.app.agents.rollUpRecentChanges([brand]);
    expect(await rows(bob)).toEqual(settled);
  });

  it('recomputes yesterday and today whole when the last run is over an hour old', async () => {
    await tenMinutesPass();
    await ctx.app.agents.rollUpRecent([brand], 2);
    // Figures written wrong (as by an older version) stay wrong while only changes are looked at…
    await ctx.handle.db.update(memberDaily).set({ validBet: 1 }).where(eq(memberDaily.memberId, alice.id));
    await ctx.app.agents.rollUpRecentChanges([brand]);
    expect(await sum(alice, 'validBet')).toBe((await rows(alice)).length);
    // …and are right again after a run that missed an hour.
    await lastRunAgo(2 * 3_600_000);
    await ctx.app.agents.rollUpRecentChanges([brand]);
    expect(await sum(alice, 'validBet')).toBe(1_300);
    const [run] = await ctx.handle.db.select().from(agentRollups).where(eq(agentRollups.brandId, brand.id));
    expect(run!.ranAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("lets the hourly and the minute's runs meet (two processes) and keeps the figures right", async () => {
    await dice(alice, 200);
    await dice(bob, 100);
    for (let i = 0; i < 5; i++) {
      await Promise.all([
        ctx.app.agents.rollUpRecent([brand], 7),
        ctx.app.agents.rollUpRecentChanges([brand]),
        ctx.app.agents.rollUpRecent([brand], 2),
      ]);
    }
    expect(await sum(alice, 'validBet')).toBe(1_500);
  });

  it('picks up a deposit credited since the last run', async () => {
    const before = await team();
    const created = await ctx.call('createDeposit', {
      token: alice.token,
      body: { method: 'pix', amount: 5_000, requestId: rid() } as never,
    });
    expect(created.code).toBe('OK');
    const decided = await ctx.call('decideDeposit', {
      token: operator,
      body: { reference: created.value.reference, decision: 'confirm', requestId: rid() },
    });
    expect(decided.status).toBe(200);
    await ctx.app.agents.rollUpRecentChanges([brand]);
    const after = await team();
    expect(after.deposits - before.deposits).toBe(5_000);
    expect(after.depositCount - before.depositCount).toBe(1);
  });
});
