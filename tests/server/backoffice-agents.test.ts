import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentBills,
  agentContracts,
  auditLog,
  brands,
  members,
  moneyApprovals,
} from '../../server/db/schema';
import { demoHouseContracts } from '../../server/db/seed/demo-accounts';
import { dayIn } from '../../server/lib/brand-days';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import type { ContractTerms } from '../../src/api/contract/agents';
import {
  createTestContext,
  databaseKinds,
  fund,
  type Member,
  newAgent,
  newOperator,
  type TestContext,
} from './harness';

type Agent = Member & { affiliateCode: string; downline: Member[] };
const daily = (rateBp: number): ContractTerms => ({
  kind: 'daily_salary',
  salaryType: 'single_bet',
  minActiveBet: 100,
  tiers: [{ minValidBet: 0, minActive: 0, rateBp }],
});

describe.each(databaseKinds)('the back office’s agent pages on %s', (kind) => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof newOperator>>;
  let support: Awaited<ReturnType<typeof newOperator>>;
  /** Second operators: the re-runs the admin asks for wait for one of them. */
  let approver: Awaited<ReturnType<typeof newOperator>>;
  let finance: Awaited<ReturnType<typeof newOperator>>;
  /** top ── sub (agent, daily salary from top) ── player;   rival (agent) */
  let top: Agent;
  let sub: Agent;
  let player: Member;
  let rival: Agent;
  let brandId: number;
  let timeZone: string;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    admin = await newOperator(ctx, 'admin');
    support = await newOperator(ctx, 'support');
    approver = await newOperator(ctx, 'admin');
    finance = await newOperator(ctx, 'finance');
    const [brand] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    brandId = brand!.id;
    timeZone = brand!.timeZone;
    top = await newAgent(ctx, { downline: 0 });
    sub = await newAgent(ctx, { downline: 1 });
    player = sub.downline[0]!;
    rival = await newAgent(ctx, { downline: 0 });
    await ctx.handle.db.update(members).set({ parentId: top.id }).where(eq(members.id, sub.id));
    await ctx.handle.db.insert(agentContracts).values({
      brandId,
      kind: 'daily_salary',
      uplineId: null,
      memberId: top.id,
      terms: daily(300),
      rateBp: 300,
      status: 'active',
      decidedAt: new Date(Date.now() - 3 * 86_400_000),
    });
    // The sub-agent's salary from top has been in force since before yesterday.
    await ctx.handle.db.insert(agentContracts).values({
      brandId,
      kind: 'daily_salary',
      uplineId: top.id,
      memberId: sub.id,
      terms: daily(100),
      rateBp: 100,
      status: 'active',
      decidedAt: new Date(Date.now() - 3 * 86_400_000),
    });
  });
  afterAll(() => ctx.close());

  it('shows a member’s uplines, direct downline and contracts', async () => {
    const res = await ctx.call('adminTree', { token: admin.token, query: { username: sub.username } });
    expect(res.code).toBe('OK');
    expect(res.value.member).toMatchObject({ username: sub.username, isAgent: true, teamSize: 1 });
    expect(res.value.uplines).toEqual([top.username]);
    expect(res.value.downline.map((d) => d.username)).toEqual([player.username]);
    expect(res.value.contracts.map((c) => [c.upline, c.member, c.status])).toEqual([
      [top.username, sub.username, 'active'],
    ]);
    const missing = await ctx.call('adminTree', { token: admin.token, query: { username: 'nobody-here' } });
    expect(missing.code).toBe('MEMBER_NOT_FOUND');
  });

  let seq = 0;
  const rid = () => `rerun-${kind}-${++seq}`.padEnd(12, '0');
  const rerun = (token: string, body: Record<string, unknown>) =>
    ctx.call('rerunSettlement', {
      token,
      body: { kind: 'daily_salary', reason: 'Liquidação perdida', requestId: rid(), ...body } as never,
    });
  const decide = (token: string, id: number, decision: 'approve' | 'reject', reason?: string) =>
    ctx.call('decideMoneyApproval', {
      token,
      body: { id, decision, requestId: rid(), ...(reason ? { reason } : {}) },
    });
  const billsOf = async (periodKey: string) =>
    (await ctx.handle.db.select().from(agentBills).where(eq(agentBills.periodKey, periodKey))).filter(
      (b) => b.kind === 'daily_salary' && (b.payeeId === sub.id || b.payeeId === top.id),
    );
  const rerunAudits = async (approval: number) =>
    (await ctx.handle.db.select().from(auditLog).where(eq(auditLog.action, 'settlement_rerun'))).filter(
      (r) => (r.detail as { approval?: number }).approval === approval,
    );

  it('settles a finished period again only when a second operator approves, without paying anyone twice', async () => {
    // Yesterday's bets would be a day old; a period today is not over, and is refused.
    const today = dayIn(new Date(), timeZone);
    expect((await rerun(admin.token, { day: today, hour: 0, minute: 0 })).code).toBe('PERIOD_NOT_OVER');
    expect((await rerun(support.token, { day: '2026-01-01' })).code).toBe('ROLE_FORBIDDEN');
    expect((await rerun(admin.token, { kind: 'dividend', day: '2026-01-01' })).code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await rerun(admin.token, { day: '2026-13-45' })).code).toBe('VALIDATION_FAILED');
    expect((await rerun(admin.token, { day: '2026-01-01', reason: '' })).code).toBe('VALIDATION_FAILED');

    // The brand's yesterday: in the hours when UTC has already moved to the next day, UTC's yesterday is
    // still the brand's today, a period not over.
    const yesterday = dayIn(new Date(Date.now() - 86_400_000), timeZone);
    const requestId = rid();
    const asked = await rerun(admin.token, { day: yesterday, hour: 12, minute: 0, requestId });
    expect(asked.code).toBe('OK');
    expect(asked.value.approval).toMatchObject({
      kind: 'settlement',
      target: `daily_salary:${yesterday}`,
      amount: 0,
      status: 'pending',
      requestedBy: admin.username,
      detail: { kind: 'daily_salary', periodKey: yesterday, reason: 'Liquidação perdida' },
      result: null,
    });
    const id = asked.value.approval.id;
    // Nothing ran: the request waits on the Approvals page.
    expect(await billsOf(yesterday)).toHaveLength(0);
    // The lost answer sent again, and another operator asking for the same period, find the same request.
    expect(
      (await rerun(admin.token, { day: yesterday, hour: 12, minute: 0, requestId })).value.approval.id,
    ).toBe(id);
    expect((await rerun(approver.token, { day: yesterday, hour: 18, minute: 30 })).value.approval.id).toBe(
      id,
    );
    const listed = await ctx.call('moneyApprovals', { token: support.token, query: { status: 'pending' } });
    expect(listed.value.find((a) => a.id === id)).toMatchObject({ kind: 'settlement' });

    // Its requester cannot approve it; a role without 'money.approve' neither.
    expect((await decide(admin.token, id, 'approve')).code).toBe('APPROVAL_OWN_REQUEST');
    expect((await decide(support.token, id, 'approve')).code).toBe('ROLE_FORBIDDEN');
    expect(await billsOf(yesterday)).toHaveLength(0);

    const approved = await decide(approver.token, id, 'approve');
    expect(approved.code).toBe('OK');
    // Both contracts were in force the whole day: one bill each (nothing bet, nothing due).
    expect(approved.value).toMatchObject({
      status: 'approved',
      decidedBy: approver.username,
      result: { periodKey: yesterday, bills: 2, paid: 0 },
    });
    expect(await billsOf(yesterday)).toHaveLength(2);
    // The run's audit row is the approver's, naming the request and who asked.
    const [audit] = await rerunAudits(id);
    expect(audit).toMatchObject({ operatorId: approver.id, target: 'daily_salary' });
    expect(audit!.detail).toMatchObject({ periodKey: yesterday, requestedBy: admin.id });

    // Run again (a new request, approved): what is billed is not billed twice.
    const second = (await rerun(approver.token, { day: yesterday, hour: 18, minute: 30 })).value.approval;
    expect(second.id).not.toBe(id);
    const again = await decide(admin.token, second.id, 'approve');
    expect(again.value.result).toMatchObject({ periodKey: yesterday, bills: 0, paid: 0 });
    expect(await billsOf(yesterday)).toHaveLength(2);

    const runs = await ctx.call('settlementRuns', {
      token: support.token,
      query: { kind: 'daily_salary' } as never,
    });
    const run = runs.value.items.find((r) => r.periodKey === yesterday)!;
    expect(run).toMatchObject({ kind: 'daily_salary', nothing: run.bills, paidAmount: 0 });
    const bills = await ctx.call('runBills', {
      token: support.token,
      query: { kind: 'daily_salary', periodKey: yesterday } as never,
    });
    expect(bills.value.items.map((b) => b.payee)).toEqual(
      expect.arrayContaining([sub.username, top.username]),
    );
    const trail = await ctx.call('auditLog', { token: admin.token });
    expect(trail.value.filter((e) => e.action === 'settlement_rerun').length).toBeGreaterThanOrEqual(2);
  });

  it('runs a re-run once when two operators approve it at the same moment', async () => {
    const day = dayIn(new Date(Date.now() - 2 * 86_400_000), timeZone);
    const id = (await rerun(admin.token, { day })).value.approval.id;
    const answers = await Promise.all([
      decide(approver.token, id, 'approve'),
      decide(finance.token, id, 'approve'),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual(['APPROVAL_STATE', 'OK']);
    expect(await rerunAudits(id)).toHaveLength(1);
    expect(await billsOf(day)).toHaveLength(2);
  });

  it('finishes a re-run cut short after its approval when the approver sends the approval again', async () => {
    const day = dayIn(new Date(Date.now() - 4 * 86_400_000), timeZone);
    const id = (await rerun(admin.token, { day })).value.approval.id;
    // As the approval's own transaction leaves it when the run after it fails half way.
    await ctx.handle.db
      .update(moneyApprovals)
      .set({ status: 'approved', decidedBy: approver.id, decidedAt: new Date(), result: {} })
      .where(eq(moneyApprovals.id, id));
    expect((await decide(finance.token, id, 'approve')).code).toBe('APPROVAL_STATE');
    const finished = await decide(approver.token, id, 'approve');
    expect(finished.value).toMatchObject({ status: 'approved', result: { periodKey: day } });
    // Kept: sent once more, it answers the same and runs nothing.
    const again = await decide(approver.token, id, 'approve');
    expect(again.value.result).toEqual(finished.value.result);
  });

  it('runs nothing on a rejected re-run, which needs a reason', async () => {
    const day = dayIn(new Date(Date.now() - 3 * 86_400_000), timeZone);
    const id = (await rerun(admin.token, { day })).value.approval.id;
    expect((await decide(approver.token, id, 'reject')).code).toBe('REASON_REQUIRED');
    const rejected = await decide(approver.token, id, 'reject', 'Período já conferido');
    expect(rejected.value).toMatchObject({ status: 'rejected', decisionReason: 'Período já conferido' });
    expect((await decide(finance.token, id, 'approve')).code).toBe('APPROVAL_STATE');
    expect(await rerunAudits(id)).toHaveLength(0);
    expect(await billsOf(day)).toHaveLength(0);
  });

  it('moves a member with its downline under another agent, ends its contracts with the old one, in one audited step', async () => {
    await fund(ctx, top, 1_000);
    const refused = await ctx.call('moveMember', {
      token: support.token,
      body: { username: sub.username, upline: rival.username, reason: 'support may not' },
    });
    expect(refused.code).toBe('ROLE_FORBIDDEN');
    // Under its own downline: refused, nothing changed.
    const cycle = await ctx.call('moveMember', {
      token: admin.token,
      body: { username: sub.username, upline: player.username, reason: 'into its own team' },
    });
    expect(cycle.code).toBe('UPLINE_NOT_AGENT');
    await ctx.handle.db.update(members).set({ userType: 2 }).where(eq(members.id, player.id));
    const loop = await ctx.call('moveMember', {
      token: admin.token,
      body: { username: sub.username, upline: player.username, reason: 'into its own team' },
    });
    expect(loop.code).toBe('MOVE_CREATES_CYCLE');
    await ctx.handle.db.update(members).set({ userType: 0 }).where(eq(members.id, player.id));
    const self = await ctx.call('moveMember', {
      token: admin.token,
      body: { username: sub.username, upline: sub.username, reason: 'under itself' },
    });
    expect(self.code).toBe('MOVE_CREATES_CYCLE');
    expect(
      (await ctx.call('adminTree', { token: admin.token, query: { username: sub.username } })).value.uplines,
    ).toEqual([top.username]);

    const moved = await ctx.call('moveMember', {
      token: admin.token,
      body: { username: sub.username, upline: rival.username, reason: 'agent asked to change teams' },
    });
    expect(moved.code).toBe('OK');
    expect(moved.value.uplines).toEqual([rival.username]);
    expect(moved.value.contracts[0]).toMatchObject({
      upline: top.username,
      status: 'terminated',
      endedReason: 'moved',
    });
    // The player came along: it is in the rival's tree now, and no longer in top's.
    const player_ = await ctx.call('adminTree', { token: admin.token, query: { username: player.username } });
    expect(player_.value.uplines).toEqual([rival.username, sub.username]);
    const topTeam = await ctx.call('agentTeamOverview', { token: top.token, query: { preset: 'today' } });
    expect(topTeam.value.members.total).toBe(0);
    const rivalTeam = await ctx.call('agentTeamOverview', { token: rival.token, query: { preset: 'today' } });
    expect(rivalTeam.value.members.total).toBe(2);
    const audit = await ctx.call('auditLog', { token: admin.token });
    const row = audit.value.find((e) => e.action === 'agent_tree_move');
    expect(row).toMatchObject({ target: sub.username });
    expect(JSON.stringify(row)).toContain('agent asked to change teams');
    // To the top of the tree.
    const topLevel = await ctx.call('moveMember', {
      token: admin.token,
      body: { username: sub.username, upline: '', reason: 'becomes a top agent' },
    });
    expect(topLevel.value.uplines).toEqual([]);
  });

  it('keeps contract templates, offers one to a top agent from the house, and ends it, each step audited', async () => {
    const hourly = (rateBp: number): ContractTerms => ({
      kind: 'hourly_salary',
      salaryType: 'single_bet',
      minActiveBet: 100,
      tiers: [{ minValidBet: 0, minActive: 0, rateBp }],
    });
    const first = await ctx.call('saveTemplate', {
      token: admin.token,
      body: { name: `Hourly ${kind} A`, terms: hourly(10), isDefault: true },
    });
    expect(first.code).toBe('OK');
    const second = await ctx.call('saveTemplate', {
      token: admin.token,
      body: { name: `Hourly ${kind} B`, terms: hourly(20), isDefault: true },
    });
    const mine = second.value.filter((t) => t.name.startsWith(`Hourly ${kind}`));
    // One default per kind: the newer took the older's place.
    expect(mine.map((t) => [t.name, t.isDefault])).toEqual([
      [`Hourly ${kind} A`, false],
      [`Hourly ${kind} B`, true],
    ]);
    const taken = await ctx.call('saveTemplate', {
      token: admin.token,
      body: { name: `Hourly ${kind} A`, terms: hourly(15), isDefault: false },
    });
    expect(taken.code).toBe('TEMPLATE_NAME_TAKEN');
    expect(
      (
        await ctx.call('saveTemplate', {
          token: support.token,
          body: { name: 'x', terms: hourly(1), isDefault: false },
        })
      ).code,
    ).toBe('ROLE_FORBIDDEN');
    // Agents start their offers from the templates, the defaults first.
    const forAgents = await ctx.call('contractTemplates', { token: top.token });
    expect(forAgents.value[0]!.isDefault).toBe(true);
    expect((await ctx.call('contractTemplates', { token: player.token })).code).toBe('AGENTS_ONLY');

    const template = mine.find((t) => t.isDefault)!;
    // Only an agent at the top of the tree deals with the house.
    const notTop = await ctx.call('offerHouseContract', {
      token: admin.token,
      body: { username: player.username, templateId: template.id },
    });
    expect(notTop.code).toBe('HOUSE_TOP_AGENTS_ONLY');
    const offered = await ctx.call('offerHouseContract', {
      token: admin.token,
      body: { username: rival.username, templateId: template.id },
    });
    expect(offered.code).toBe('OK');
    const offer = offered.value.contracts.find((c) => c.kind === 'hourly_salary')!;
    expect(offer).toMatchObject({ upline: null, status: 'offered', rateBp: 20 });
    const waiting = (await ctx.call('consolidatedFunds', { token: rival.token })).value.contractRequests;
    expect(waiting.map((c) => c.id)).toContain(offer.id);
    const accepted = await ctx.call('processContractHourSalary', {
      token: rival.token,
      body: { contractId: offer.id, action: 'accept', endDownline: [] },
    });
    expect(accepted.value.status).toBe('active');
    const ended = await ctx.call('endHouseContract', {
      token: admin.token,
      body: { contractId: offer.id, reason: 'programme closed' },
    });
    expect(ended.value.contracts.find((c) => c.id === offer.id)).toMatchObject({
      status: 'terminated',
      endedReason: 'ended_by_house',
    });
    // A contract the house does not pay is not the house's to end.
    const [agentPaid] = await ctx.handle.db
      .select()
      .from(agentContracts)
      .where(eq(agentContracts.memberId, sub.id));
    expect(
      (
        await ctx.call('endHouseContract', {
          token: admin.token,
          body: { contractId: agentPaid!.id, reason: 'not ours' },
        })
      ).code,
    ).toBe('CONTRACT_NOT_FOUND');
    const removed = await ctx.call('deleteTemplate', { token: admin.token, body: { id: template.id } });
    expect(removed.value.some((t) => t.id === template.id)).toBe(false);
    const audit = (await ctx.call('auditLog', { token: admin.token })).value.map((e) => e.action);
    for (const action of [
      'contract_template_save',
      'house_contract_offer',
      'house_contract_end',
      'contract_template_delete',
    ])
      expect(audit).toContain(action);
  });

  it('ends the house’s contracts of a top agent moved under another agent, with its offers, in the audited move', async () => {
    const lone = await newAgent(ctx, { downline: 1 });
    const [salary] = await ctx.handle.db
      .insert(agentContracts)
      .values({
        brandId,
        kind: 'daily_salary',
        uplineId: null,
        memberId: lone.id,
        terms: daily(20),
        rateBp: 20,
        status: 'active',
        decidedAt: new Date(),
      })
      .returning();
    const [waiting] = await ctx.handle.db
      .insert(agentContracts)
      .values({
        brandId,
        kind: 'hourly_salary',
        uplineId: null,
        memberId: lone.id,
        terms: { ...daily(20), kind: 'hourly_salary' },
        rateBp: 20,
        status: 'offered',
      })
      .returning();
    const passed = await ctx.call('offerContract', {
      token: lone.token,
      body: { username: lone.downline[0]!.username, terms: daily(20) },
    });
    expect(passed.code).toBe('OK');

    const moved = await ctx.call('moveMember', {
      token: admin.token,
      body: { username: lone.username, upline: rival.username, reason: 'joins the rival team' },
    });
    expect(moved.code).toBe('OK');
    expect(moved.value.uplines).toEqual([rival.username]);
    const byId = new Map(moved.value.contracts.map((c) => [c.id, c]));
    // Only a top agent is paid by the house: under an agent, its house contracts end.
    expect(byId.get(salary!.id)).toMatchObject({ upline: null, status: 'terminated', endedReason: 'moved' });
    expect(byId.get(waiting!.id)).toMatchObject({ upline: null, status: 'withdrawn', endedReason: 'moved' });
    // It holds no salary now: the offer it made of one goes too.
    expect(byId.get(passed.value.id)).toMatchObject({ status: 'withdrawn', endedReason: 'upline_rate' });
    const audit = await ctx.call('auditLog', { token: admin.token });
    const row = audit.value.find((e) => e.action === 'agent_tree_move' && e.target === lone.username);
    expect(JSON.stringify(row)).toContain('joins the rival team');
    const ended = row!.detail.endedContracts as number[];
    expect([...ended].sort((x, y) => x - y)).toEqual(
      [salary!.id, waiting!.id, passed.value.id].sort((x, y) => x - y),
    );
  });

  it('refuses templates and house offers whose rate and the rebate give away more than the house edge', async () => {
    const dividend = (rateBp: number): ContractTerms => ({
      kind: 'dividend',
      payPeriod: 'weekly',
      minActiveBet: 100,
      tiers: [{ minValidBet: 0, minActive: 0, rateBp }],
    });
    const save = (name: string, terms: ContractTerms) =>
      ctx.call('saveTemplate', {
        token: admin.token,
        body: { name: `${name} ${kind}`, terms, isDefault: false },
      });
    // The demo's first contract: 1 % of valid bets. Live baccarat keeps 1.06 % and pays 0.8 % of rebate.
    const washed = await save('Daily 1%', daily(100));
    expect(washed.code).toBe('CONTRACT_ABOVE_HOUSE_EDGE');
    // In the operator's language: the category by its name and the rates in its number format.
    expect(washed.message).toContain('Cassino ao vivo');
    expect(washed.message).toContain('0,25\u00a0%');
    expect(washed.message).not.toContain('LIVE');
    const inEnglish = await ctx.call('saveTemplate', {
      token: admin.token,
      language: 'en',
      body: { name: `Daily 1% en ${kind}`, terms: daily(100), isDefault: false },
    });
    expect(inEnglish.message).toContain('Live casino');
    expect(inEnglish.message).toContain('0.25%');
    expect((await save('Daily 0.26%', daily(26))).code).toBe('CONTRACT_ABOVE_HOUSE_EDGE');
    expect((await save('Daily 0.25%', daily(25))).code).toBe('OK');
    // A dividend shares the team's net loss, on average the edge: 24.52 % of it plus the rebate fits.
    expect((await save('Dividend 30%', dividend(3_000))).code).toBe('CONTRACT_ABOVE_HOUSE_EDGE');
    expect((await save('Dividend 24.53%', dividend(2_453))).code).toBe('CONTRACT_ABOVE_HOUSE_EDGE');
    expect((await save('Dividend 24.52%', dividend(2_452))).code).toBe('OK');
    // The house's contracts with one agent count the same valid bets: they are added up. What the demo
    // seeds passes together; a third salary finds only what they leave.
    const demo = await newAgent(ctx, { downline: 0 });
    for (const c of demoHouseContracts) {
      const saved = await save(`Demo ${c.kind}`, c.terms as ContractTerms);
      expect(saved.code).toBe('OK');
      const template = saved.value.find((t) => t.name === `Demo ${c.kind} ${kind}`)!;
      const offered = await ctx.call('offerHouseContract', {
        token: admin.token,
        body: { username: demo.username, templateId: template.id },
      });
      expect(offered.code).toBe('OK');
      const id = offered.value.contracts.find((x) => x.kind === c.kind && x.status === 'offered')!.id;
      const relay = c.kind === 'dividend' ? 'processDividendReq' : 'processDailySalContract';
      const accepted = await ctx.call(relay, {
        token: demo.token,
        body: { contractId: id, action: 'accept', endDownline: [] },
      });
      expect(accepted.value.status).toBe('active');
    }
    const hourly = { ...daily(25), kind: 'hourly_salary' } as ContractTerms;
    const third = await save('Hourly 0.25%', hourly);
    expect(third.code).toBe('OK');
    const stacked = await ctx.call('offerHouseContract', {
      token: admin.token,
      body: {
        username: demo.username,
        templateId: third.value.find((t) => t.name === `Hourly 0.25% ${kind}`)!.id,
      },
    });
    // Baccarat: 1.06 % less 0.8 % of rebate, 0.1 % of salary and 10 % of the loss leaves 0.054 %.
    expect(stacked.code).toBe('CONTRACT_ABOVE_HOUSE_EDGE');
    expect(stacked.message).toContain('0,05\u00a0%');

    // The check is made with the edges and rebates of the moment: an offer made, then a rebate raised
    // (in-house games keep 1 %; a 0.9 % rebate leaves 0.09 %), is refused when accepted, and withdrawn.
    const templates = (await ctx.call('contractTemplates', { token: top.token })).value;
    const fine = templates.find((t) => t.name === `Daily 0.25% ${kind}`)!;
    const agent = await newAgent(ctx, { downline: 0 });
    const offered = await ctx.call('offerHouseContract', {
      token: admin.token,
      body: { username: agent.username, templateId: fine.id },
    });
    expect(offered.code).toBe('OK');
    const offer = offered.value.contracts.find((c) => c.status === 'offered')!;
    const [brand] = await ctx.handle.db.select().from(brands).where(eq(brands.id, brandId));
    const rebates = brand!.rebateRates;
    await ctx.handle.db
      .update(brands)
      .set({ rebateRates: { ...rebates, INHOUSE: 90 } })
      .where(eq(brands.id, brandId));
    try {
      const late = await ctx.call('processDailySalContract', {
        token: agent.token,
        body: { contractId: offer.id, action: 'accept', endDownline: [] },
      });
      expect(late.code).toBe('CONTRACT_ABOVE_HOUSE_EDGE');
      expect(late.message).toContain('Nos jogos de Originais');
      const [row] = await ctx.handle.db.select().from(agentContracts).where(eq(agentContracts.id, offer.id));
      expect(row).toMatchObject({ status: 'withdrawn', endedReason: 'house_edge' });
      const again = await ctx.call('offerHouseContract', {
        token: admin.token,
        body: { username: agent.username, templateId: fine.id },
      });
      expect(again.code).toBe('CONTRACT_ABOVE_HOUSE_EDGE');
    } finally {
      await ctx.handle.db.update(brands).set({ rebateRates: rebates }).where(eq(brands.id, brandId));
    }
  });

  it('keeps the ledger sound', async () => {
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });
});
