import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentContracts, brands, members } from '../../server/db/schema';
import type { ContractTerms } from '../../src/api/contract/agents';
import { paths } from '../../src/api/paths';
import { createTestContext, databaseKinds, fund, type Member, newAgent, type TestContext } from './harness';

type Agent = Member & { affiliateCode: string; downline: Member[] };

const salary = (rateBp: number): ContractTerms => ({
  kind: 'daily_salary',
  salaryType: 'single_bet',
  minActiveBet: 100,
  tiers: [{ minValidBet: 0, minActive: 0, rateBp }],
});

/**
 * Every agent route is scoped to the caller's own downline (issue: "an agent sees only its own tree"):
 * for each one, an agent tries to read or act on a member of another agent's tree and on its own upline.
 * The list of routes is checked against the contract, so a new agent route needs its case here.
 */
const AGENT_ROUTES = [
  'agentInvitation',
  'contractTemplates',
  'setInvitationDefaults',
  'openDownline',
  'agentTeamBets',
  'agentMemberProfit',
  'agentTeamRecords',
  'agentRevenue',
  'agentNotices',
  'transferDownline',
  'downlineMembers',
  'agentTeamOverview',
  'agentDownlineList',
  'agentContracts',
  'contractBills',
  'offerContract',
  'withdrawContract',
  'terminateContract',
  'processDividendReq',
  'processDailySalContract',
  'processContractHourSalary',
  'processRealTimeSalaryContract',
] as const;

describe.each(databaseKinds)('agent routes stay inside the agent’s tree on %s', (kind) => {
  let ctx: TestContext;
  /** top ── sub (agent) ── mine;   rival (agent) ── theirs */
  let top: Agent;
  let sub: Agent;
  let mine: Member;
  let rival: Agent;
  let theirs: Member;
  let rivalContract: number;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    top = await newAgent(ctx, { downline: 0 });
    sub = await newAgent(ctx, { downline: 1 });
    mine = sub.downline[0]!;
    await ctx.handle.db.update(members).set({ parentId: top.id }).where(eq(members.id, sub.id));
    rival = await newAgent(ctx, { downline: 1 });
    theirs = rival.downline[0]!;
    const [brand] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    for (const holder of [top, rival, sub]) {
      await ctx.handle.db.insert(agentContracts).values({
        brandId: brand!.id,
        kind: 'daily_salary',
        uplineId: null,
        memberId: holder.id,
        terms: salary(300),
        rateBp: 300,
        status: 'active',
        decidedAt: new Date(),
      });
    }
    const offered = await ctx.call('offerContract', {
      token: rival.token,
      body: { username: theirs.username, terms: salary(100) },
    });
    rivalContract = offered.value.id;
    for (const who of [sub, rival]) {
      await fund(ctx, who, 10_000);
      await ctx.call('paymentPassword', {
        token: who.token,
        body: { password: '224466', loginPassword: who.password },
      });
    }
  });
  afterAll(() => ctx.close());

  it('covers every agent route of the contract', () => {
    const agentPaths = Object.entries(paths)
      .filter(([, p]) => /^\/api\/(agent|contracts)\/|MCS2_process|MCSFE_process/.test(p.path))
      .map(([name]) => name)
      .sort();
    expect(agentPaths).toEqual([...AGENT_ROUTES].sort());
  });

  it('reads nothing of another tree or of the upline', async () => {
    for (const q of [theirs.username, top.username]) {
      const picker = await ctx.call('downlineMembers', {
        token: sub.token,
        query: { q, limit: 10 } as never,
      });
      expect(picker.value.items).toEqual([]);
      const list = await ctx.call('agentDownlineList', {
        token: sub.token,
        query: { preset: 'today', scope: 'all', q } as never,
      });
      expect(list.value.items).toEqual([]);
    }
    const overview = await ctx.call('agentTeamOverview', { token: sub.token, query: { preset: 'today' } });
    expect(overview.value.members.total).toBe(1);
    const contracts = (await ctx.call('agentContracts', { token: sub.token })).value;
    expect([...contracts.given, ...contracts.held].every((c) => c.member !== theirs.username)).toBe(true);
    // The invitation code is the agent's own; a player has none to hand out.
    const code = (await ctx.call('agentInvitation', { token: sub.token })).value.code;
    expect(code).toBe(sub.affiliateCode);
    expect((await ctx.call('agentInvitation', { token: mine.token })).code).toBe('AGENTS_ONLY');
    // An agent made without a code gets one on first use, and keeps it.
    await ctx.handle.db
      .update(members)
      .set({ userType: 2, affiliateCode: null })
      .where(eq(members.id, mine.id));
    const made = (await ctx.call('agentInvitation', { token: mine.token })).value.code;
    expect(made).toMatch(/^[A-Z2-9]{8}$/);
    expect((await ctx.call('agentInvitation', { token: mine.token })).value.code).toBe(made);
    await ctx.handle.db.update(members).set({ userType: 0 }).where(eq(members.id, mine.id));
    const bills = await ctx.call('contractBills', { token: sub.token, query: {} as never });
    expect(bills.value.items.every((b) => b.payee === sub.username || b.payer === sub.username)).toBe(true);
  });

  it('reports nothing of another tree or of the upline, by name or in the totals', async () => {
    const bet = (who: Member) =>
      ctx.call('originalsBet', {
        token: who.token,
        body: {
          game: 'dice',
          requestId: `az-${kind}-${who.id}`,
          stake: 100,
          chance: 4_950,
          side: 'over',
        } as never,
      });
    for (const who of [mine, theirs, top]) {
      await fund(ctx, who, 1_000);
      expect((await bet(who)).code).toBe('OK');
    }
    const [brandRow] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    const { dayIn } = await import('../../server/lib/brand-days');
    await ctx.app.agents.rollUp(brandRow as never, [dayIn(new Date(), brandRow!.timeZone)]);
    const today = { preset: 'today' } as const;

    const bets = await ctx.call('agentTeamBets', { token: sub.token, query: today as never });
    expect(bets.value.items.map((b) => b.username)).toEqual([mine.username]);
    const records = await ctx.call('agentTeamRecords', { token: sub.token, query: today as never });
    expect(new Set(records.value.items.map((r) => r.username))).toEqual(new Set([mine.username]));
    const profit = await ctx.call('agentMemberProfit', { token: sub.token, query: today as never });
    expect(profit.value.items.map((m) => m.username)).toEqual([mine.username]);
    expect(profit.value.summary.validBet).toBe(100);
    for (const username of [theirs.username, top.username, sub.username]) {
      const one = { ...today, username };
      expect(
        (await ctx.call('agentTeamBets', { token: sub.token, query: one as never })).value.items,
      ).toEqual([]);
      expect(
        (await ctx.call('agentTeamRecords', { token: sub.token, query: one as never })).value.items,
      ).toEqual([]);
      const named = await ctx.call('agentMemberProfit', {
        token: sub.token,
        query: { ...today, q: username } as never,
      });
      expect(named.value.items).toEqual([]);
    }
    // The exports are scoped the same way.
    const csv = await ctx.app.inject({
      url: `${paths.agentTeamBets.path}.csv?preset=today`,
      headers: { authorization: `Bearer ${sub.token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(mine.username);
    expect(csv.body).not.toContain(theirs.username);
    expect(csv.body).not.toContain(top.username);
    // A player has no team to report on.
    for (const name of [
      'agentTeamBets',
      'agentMemberProfit',
      'agentTeamRecords',
      'agentRevenue',
      'agentNotices',
    ] as const) {
      const res = await ctx.call(name, { token: mine.token, query: today as never });
      expect(res.code, name).toBe('AGENTS_ONLY');
    }
    const playerCsv = await ctx.app.inject({
      url: `${paths.agentTeamRecords.path}.csv?preset=today`,
      headers: { authorization: `Bearer ${mine.token}` },
    });
    expect(playerCsv.statusCode).toBe(403);
  });

  it('acts on no member of another tree and not on the upline', async () => {
    const body = (username: string, requestId: string) => ({
      username,
      amount: 100,
      paymentPassword: '224466',
      requestId,
    });
    for (const [i, target] of [theirs, top].entries()) {
      expect(
        (
          await ctx.call('transferDownline', {
            token: sub.token,
            body: body(target.username, `x-${kind}-${i}`),
          })
        ).code,
      ).toBe('NOT_IN_DOWNLINE');
      expect(
        (
          await ctx.call('offerContract', {
            token: sub.token,
            body: { username: target.username, terms: salary(50) },
          })
        ).code,
      ).toBe('NOT_IN_DOWNLINE');
    }
    // Another agent's contract: neither its agent's actions nor its member's answers reach it.
    const id = { contractId: rivalContract };
    expect((await ctx.call('withdrawContract', { token: sub.token, body: id })).code).toBe(
      'CONTRACT_NOT_FOUND',
    );
    expect((await ctx.call('terminateContract', { token: sub.token, body: id })).code).toBe(
      'CONTRACT_NOT_FOUND',
    );
    for (const relay of [
      'processDividendReq',
      'processDailySalContract',
      'processContractHourSalary',
      'processRealTimeSalaryContract',
    ] as const) {
      const answer = await ctx.call(relay, {
        token: mine.token,
        body: { ...id, action: 'accept', endDownline: [] },
      });
      expect(answer.code).toBe('CONTRACT_NOT_FOUND');
    }
    // The contract is still waiting for its own member.
    const waiting = (await ctx.call('consolidatedFunds', { token: theirs.token })).value.contractRequests;
    expect(waiting.map((c) => c.id)).toEqual([rivalContract]);
  });
});
