import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentBills, agentContracts, brands, members, vendorRounds } from '../../server/db/schema';
import type { Brand } from '../../server/modules/brand/brand.service';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import type { ContractTerms } from '../../src/api/contract/agents';
import { createTestContext, databaseKinds, fund, type Member, newAgent, type TestContext } from './harness';

let seq = 0;
const rid = () => `stl-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

const daily = (tiers: ContractTerms['tiers']): ContractTerms => ({
  kind: 'daily_salary',
  salaryType: 'single_bet',
  minActiveBet: 100,
  tiers,
});

describe.each(databaseKinds)('contract settlement on %s', (kind) => {
  let ctx: TestContext;
  let brand: Brand;
  /** top ── sub (agent, holds a daily salary from top) ── player */
  let top: Member & { affiliateCode: string; downline: Member[] };
  let sub: Member & { affiliateCode: string; downline: Member[] };
  let player: Member;
  let stranger: Member;

  const balance = async (who: Member) =>
    (await ctx.call('walletBalance', { token: who.token })).value.balance;
  /** A period that began once both contracts were in force and holds every bet of the test. */
  let started: Date;
  const today = () => ({ key: `t-${started.getTime()}`, start: started, end: new Date(Date.now() + 1_000) });
  const bills = (who: Member) =>
    ctx.handle.db.select().from(agentBills).where(eq(agentBills.payeeId, who.id));

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const [row] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    brand = { id: row!.id, timeZone: row!.timeZone, currency: row!.currency } as Brand;
    top = await newAgent(ctx, { downline: 0 });
    sub = await newAgent(ctx, { downline: 1 });
    player = sub.downline[0]!;
    stranger = (await newAgent(ctx, { downline: 1 })).downline[0]!;
    await ctx.handle.db.update(members).set({ parentId: top.id }).where(eq(members.id, sub.id));
    // The house's contract with the top agent asks for more than this team bets: it pays nothing today.
    await ctx.handle.db.insert(agentContracts).values({
      brandId: brand.id,
      kind: 'daily_salary',
      uplineId: null,
      memberId: top.id,
      terms: daily([{ minValidBet: 1_000_000_000, minActive: 0, rateBp: 200 }]),
      rateBp: 200,
      status: 'active',
      decidedAt: new Date(Date.now() - 60_000),
    });
    const offer = await ctx.call('offerContract', {
      token: top.token,
      body: {
        username: sub.username,
        terms: daily([
          { minValidBet: 0, minActive: 0, rateBp: 100 },
          { minValidBet: 5_000, minActive: 1, rateBp: 150 },
        ]),
      },
    });
    expect(offer.code).toBe('OK');
    const accepted = await ctx.call('processDailySalContract', {
      token: sub.token,
      body: { contractId: offer.value.id, action: 'accept', endDownline: [] },
    });
    expect(accepted.value.status).toBe('active');
    // Timestamps come from the database clock: the period begins after it recorded the acceptance.
    await new Promise((r) => setTimeout(r, 20));
    started = new Date();
    await fund(ctx, player, 100_000);
    await fund(ctx, stranger, 100_000);
    for (const stake of [2_000, 3_000, 1_000]) {
      const bet = await ctx.call('originalsBet', {
        token: player.token,
        body: { game: 'dice', requestId: rid(), stake, chance: 5_000, side: 'over' } as never,
      });
      expect(bet.code).toBe('OK');
    }
    // A bet outside the tree counts for no one's contract.
    await ctx.call('originalsBet', {
      token: stranger.token,
      body: { game: 'dice', requestId: rid(), stake: 50_000, chance: 5_000, side: 'over' } as never,
    });
  });
  afterAll(() => ctx.close());

  it('records a bill its payer cannot cover as unpaid, and pays it once the payer has the money', async () => {
    const before = await balance(sub);
    const run = await ctx.app.settlement.settle(brand, 'daily_salary', today());
    expect(run).toMatchObject({ paid: 0, unpaid: 1 });
    const [bill] = await bills(sub);
    // 6,000 of valid bets by one active member: the second tier, 1.5 %.
    expect(bill).toMatchObject({ status: 'unpaid', amount: 90, payerId: top.id });
    expect(bill!.inputs).toMatchObject({
      team: { validBet: 6_000, active: 1 },
      tier: 1,
      rateBp: 150,
      base: 6_000,
    });
    const [house] = await bills(top);
    expect(house).toMatchObject({ status: 'nothing', amount: 0, payerId: null });
    expect(await balance(sub)).toBe(before);

    await fund(ctx, top, 50);
    expect(await ctx.app.settlement.retryUnpaid(brand)).toBe(0);
    await fund(ctx, top, 1_000);
    expect(await ctx.app.settlement.retryUnpaid(brand)).toBe(1);
    expect(await balance(sub)).toBe(before + 90);
    expect(await balance(top)).toBe(1_050 - 90);
    const [paid] = await bills(sub);
    expect(paid).toMatchObject({ status: 'paid', attempts: 3 });
  });

  it('pays each contract once per period, however often and in however many runs it is settled', async () => {
    const period = { ...today(), key: `${today().key}-again` };
    await fund(ctx, top, 1_000);
    const before = await balance(sub);
    const runs = await Promise.all([
      ctx.app.settlement.settle(brand, 'daily_salary', period),
      ctx.app.settlement.settle(brand, 'daily_salary', period),
    ]);
    expect(runs.reduce((n, r) => n + r.paid, 0)).toBe(1);
    await ctx.app.settlement.settle(brand, 'daily_salary', period);
    expect(await balance(sub)).toBe(before + 90);
    const rows = await ctx.handle.db
      .select()
      .from(agentBills)
      .where(and(eq(agentBills.payeeId, sub.id), eq(agentBills.periodKey, period.key)));
    expect(rows).toHaveLength(1);
  });

  it('shows the bills with their inputs to both sides and to no one else', async () => {
    const mine = await ctx.call('contractBills', { token: sub.token, query: { role: 'received' } as never });
    expect(mine.value.items[0]).toMatchObject({
      payer: top.username,
      payee: sub.username,
      kind: 'daily_salary',
      amount: 90,
      team: { validBet: 6_000, active: 1 },
      rateBp: 150,
    });
    const theirs = await ctx.call('contractBills', { token: top.token, query: { role: 'paid' } as never });
    expect(theirs.value.items.every((b) => b.payer === top.username)).toBe(true);
    expect(theirs.value.total).toBeGreaterThanOrEqual(2);
    const outsider = await ctx.call('contractBills', { token: stranger.token, query: {} as never });
    expect(outsider.value.items).toEqual([]);
  });

  it('pays nothing for a period that began before the contract was in force', async () => {
    const [contract] = await ctx.handle.db
      .select()
      .from(agentContracts)
      .where(eq(agentContracts.memberId, sub.id));
    const before = {
      key: 'before-acceptance',
      start: new Date(contract!.decidedAt!.getTime() - 1_000),
      end: new Date(),
    };
    expect(await ctx.app.settlement.settle(brand, 'daily_salary', before)).toMatchObject({
      paid: 0,
      unpaid: 0,
    });
  });

  it("adds the paid bills up in each side's revenue report, by kind and by day", async () => {
    const received = await ctx.call('agentRevenue', {
      token: sub.token,
      query: { preset: 'today' } as never,
    });
    expect(received.code).toBe('OK');
    expect(received.value.total).toEqual({ received: 180, paid: 0, net: 180, bills: 2 });
    expect(received.value.byKind.find((k) => k.kind === 'daily_salary')).toMatchObject({ received: 180 });
    expect(received.value.byKind.find((k) => k.kind === 'dividend')).toMatchObject({ received: 0, bills: 0 });
    expect(received.value.byDay.at(-1)).toMatchObject({ received: 180, net: 180 });
    const paid = await ctx.call('agentRevenue', { token: top.token, query: { preset: 'today' } as never });
    expect(paid.value.total).toEqual({ received: 0, paid: 180, net: -180, bills: 2 });
    // Yesterday nothing was paid; the report still lists the day.
    const yesterday = await ctx.call('agentRevenue', {
      token: sub.token,
      query: { preset: 'yesterday' } as never,
    });
    expect(yesterday.value.total.received).toBe(0);
    expect(yesterday.value.byDay).toHaveLength(1);
    const csv = await ctx.app.inject({
      url: '/api/agent/revenue.csv?preset=prev7',
      headers: { authorization: `Bearer ${sub.token}`, 'x-site-language': 'en' },
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(8);
    expect(lines.at(-1)).toMatch(/,1\.8,0,1\.8,2$/);
  });

  it('carries a dividend period the team won into the next, paying only on the loss beyond it', async () => {
    const agent = await newAgent(ctx, { downline: 1 });
    const member = agent.downline[0]!;
    const hour = 3_600_000;
    const base = Date.now() - 6 * hour;
    const [contract] = await ctx.handle.db
      .insert(agentContracts)
      .values({
        brandId: brand.id,
        kind: 'dividend',
        uplineId: null,
        memberId: agent.id,
        terms: {
          kind: 'dividend',
          payPeriod: 'weekly',
          minActiveBet: 100,
          tiers: [{ minValidBet: 0, minActive: 0, rateBp: 2_000 }],
        },
        rateBp: 2_000,
        status: 'active',
        decidedAt: new Date(base - hour),
      })
      .returning();
    // The team's rounds, one period each: won 20,000, then lost 50,000.
    const round = (at: number, stake: number, payout: number) =>
      ctx.handle.db.insert(vendorRounds).values({
        brandId: brand.id,
        vendorCode: 'NOVA',
        roundId: rid(),
        memberId: member.id,
        gameCode: 'golden-dragon',
        stake,
        payout,
        status: 'settled',
        createdAt: new Date(at),
        settledAt: new Date(at),
      });
    await round(base + 10 * 60_000, 10_000, 30_000);
    await round(base + hour + 10 * 60_000, 50_000, 0);
    const period = (n: number) => ({
      key: `carry-${contract!.id}-${n}`,
      start: new Date(base + n * hour),
      end: new Date(base + (n + 1) * hour),
    });
    const billOf = async (n: number) =>
      (
        await ctx.handle.db
          .select()
          .from(agentBills)
          .where(and(eq(agentBills.contractId, contract!.id), eq(agentBills.periodKey, period(n).key)))
      )[0]!;
    const before = await balance(agent);
    await ctx.app.settlement.settle(brand, 'dividend', period(0), 'weekly');
    expect(await billOf(0)).toMatchObject({ status: 'nothing', amount: 0, carryOut: 20_000 });
    await ctx.app.settlement.settle(brand, 'dividend', period(1), 'weekly');
    // 50,000 lost less the 20,000 won before: 20 % of 30,000.
    const second = await billOf(1);
    expect(second).toMatchObject({ status: 'paid', amount: 6_000, carryOut: 0 });
    expect(second.inputs).toMatchObject({ carryIn: 20_000, base: 30_000 });
    expect(await balance(agent)).toBe(before + 6_000);
  });

  it('keeps the ledger sound', async () => {
    const report = await checkLedger(ctx.handle.db);
    expect(report.problems).toEqual([]);
  });
});
