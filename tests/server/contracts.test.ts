import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentContracts, brands, members } from '../../server/db/schema';
import type { ContractTerms } from '../../src/api/contract/agents';
import { createTestContext, databaseKinds, type Member, newAgent, type TestContext } from './harness';

type Agent = Member & { affiliateCode: string; downline: Member[] };

const salary = (rateBp: number, kind: ContractTerms['kind'] = 'daily_salary'): ContractTerms => ({
  kind,
  salaryType: 'single_bet',
  minActiveBet: 1_000,
  tiers: [{ minValidBet: 0, minActive: 0, rateBp }],
});
const dividend = (rateBp: number): ContractTerms => ({
  kind: 'dividend',
  payPeriod: 'weekly',
  minActiveBet: 1_000,
  tiers: [
    { minValidBet: 0, minActive: 0, rateBp: Math.max(1, rateBp - 100) },
    { minValidBet: 1_000_000, minActive: 3, rateBp },
  ],
});

describe.each(databaseKinds)('agent contracts on %s', (kind) => {
  let ctx: TestContext;
  /** top ─┬─ sub (agent) ── deep;   top ── player;   other ── stranger */
  let top: Agent;
  let player: Member;
  let sub: Agent;
  let deep: Member;
  let other: Agent;

  const offer = (who: Member, username: string, terms: ContractTerms) =>
    ctx.call('offerContract', { token: who.token, body: { username, terms } });
  const answer = (
    who: Member,
    contractId: number,
    action: 'accept' | 'reject' | 'terminate',
    endDownline: number[] = [],
    relay: 'processDailySalContract' | 'processDividendReq' = 'processDailySalContract',
  ) => ctx.call(relay, { token: who.token, body: { contractId, action, endDownline } });
  const pending = async (who: Member) =>
    (await ctx.call('consolidatedFunds', { token: who.token })).value.contractRequests;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    top = await newAgent(ctx, { downline: 1 });
    player = top.downline[0]!;
    sub = await newAgent(ctx, { downline: 1 });
    deep = sub.downline[0]!;
    await ctx.handle.db.update(members).set({ parentId: top.id }).where(eq(members.id, sub.id));
    other = await newAgent(ctx, { downline: 1 });
    // The top agent's own contracts are the house's: they cap what it may give.
    await houseContract(top, salary(200));
    await houseContract(top, dividend(3_000));
  });

  const houseContract = async (who: Member, terms: ContractTerms) => {
    const [brand] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    await ctx.handle.db.insert(agentContracts).values({
      brandId: brand!.id,
      kind: terms.kind,
      uplineId: null,
      memberId: who.id,
      terms,
      rateBp: Math.max(...terms.tiers.map((t) => t.rateBp)),
      status: 'active',
    });
  };
  afterAll(() => ctx.close());

  it('offers a contract to a direct downline, who sees it waiting with its funds', async () => {
    const res = await offer(top, sub.username, salary(100));
    expect(res.code).toBe('OK');
    expect(res.value).toMatchObject({
      status: 'offered',
      upline: top.username,
      member: sub.username,
      rateBp: 100,
    });
    expect((await pending(sub)).map((c) => c.id)).toEqual([res.value.id]);
    expect((await offer(top, sub.username, salary(90))).code).toBe('CONTRACT_PENDING');
  });

  it('lets an agent without a contract of a kind give none of it', async () => {
    const capped = await offer(other, other.downline[0]!.username, salary(10));
    expect(capped.code).toBe('CONTRACT_RATE_ABOVE_OWN');
    expect((await offer(top, player.username, salary(250))).code).toBe('CONTRACT_RATE_ABOVE_OWN');
  });

  it('refuses offers outside the direct downline, from players, above the agent’s own rate and with bad terms', async () => {
    expect((await offer(top, deep.username, salary(50))).code).toBe('CONTRACT_DIRECT_ONLY');
    expect((await offer(top, other.downline[0]!.username, salary(50))).code).toBe('NOT_IN_DOWNLINE');
    expect((await offer(sub, top.username, salary(50))).code).toBe('NOT_IN_DOWNLINE');
    expect((await offer(player, top.username, salary(50))).code).toBe('AGENTS_ONLY');
    // The sub-agent holds no salary contract yet: it has nothing to pass on.
    const capped = await offer(sub, deep.username, salary(50));
    expect(capped.code).toBe('CONTRACT_RATE_ABOVE_OWN');
    // The cap in the caller's language: Portuguese by default, English when asked.
    expect(capped.message).toContain('0,00\u00a0%');
    const inEnglish = await ctx.call('offerContract', {
      token: sub.token,
      language: 'en',
      body: { username: deep.username, terms: salary(50) },
    });
    expect(inEnglish.message).toContain('0.00%');
    const bad: Array<Partial<ContractTerms>> = [
      { ...salary(100), tiers: [{ minValidBet: 0, minActive: 0, rateBp: 0 }] },
      { ...salary(100), payPeriod: 'weekly' },
      { ...dividend(300), payPeriod: undefined },
      {
        ...salary(100),
        tiers: [
          { minValidBet: 100, minActive: 0, rateBp: 200 },
          { minValidBet: 50, minActive: 0, rateBp: 300 },
        ],
      },
    ];
    for (const terms of bad)
      expect((await offer(top, player.username, terms as ContractTerms)).code).toBe('VALIDATION_FAILED');
  });

  it('is accepted by the member only, through the relay call of its kind', async () => {
    const [waiting] = await pending(sub);
    expect((await answer(top, waiting!.id, 'accept')).code).toBe('CONTRACT_NOT_FOUND');
    expect((await answer(sub, waiting!.id, 'accept', [], 'processDividendReq')).code).toBe(
      'CONTRACT_NOT_FOUND',
    );
    const accepted = await answer(sub, waiting!.id, 'accept');
    expect(accepted.value).toMatchObject({ status: 'active' });
    expect(await pending(sub)).toEqual([]);
    expect((await answer(sub, waiting!.id, 'accept')).code).toBe('CONTRACT_NOT_ALLOWED');
    // Now the sub-agent may pass on up to its own rate.
    expect((await offer(sub, deep.username, salary(150))).code).toBe('CONTRACT_RATE_ABOVE_OWN');
    const passed = await offer(sub, deep.username, salary(100));
    expect(passed.code).toBe('OK');
    expect((await answer(deep, passed.value.id, 'accept')).value.status).toBe('active');
  });

  it('asks before a lower rate ends the contracts the member gave its own downline, then ends them', async () => {
    const lower = await offer(top, sub.username, salary(60));
    const first = await answer(sub, lower.value.id, 'accept');
    expect(first.code).toBe('CONTRACT_ENDS_DOWNLINE');
    const named = (
      first as unknown as { value: { contracts: Array<{ id: number; member: string; rateBp: number }> } }
    ).value.contracts;
    expect(named).toEqual([expect.objectContaining({ member: deep.username, rateBp: 100 })]);
    // Nothing changed while the member had not confirmed.
    expect((await pending(sub)).map((c) => c.id)).toEqual([lower.value.id]);

    const confirmed = await answer(
      sub,
      lower.value.id,
      'accept',
      named.map((c) => c.id),
    );
    expect(confirmed.value).toMatchObject({ status: 'active', rateBp: 60 });
    const mine = (await ctx.call('agentContracts', { token: sub.token })).value;
    const given = mine.given.find((c) => c.id === named[0]!.id)!;
    expect(given).toMatchObject({ status: 'terminated', endedReason: 'upline_rate' });
    expect(mine.held.filter((c) => c.kind === 'daily_salary').map((c) => c.status)).toEqual([
      'active',
      'superseded',
    ]);
  });

  it('ends by request and answer for the agent, at once for the member', async () => {
    const held = (await ctx.call('agentContracts', { token: sub.token })).value.held.find(
      (c) => c.status === 'active',
    )!;
    const asked = await ctx.call('terminateContract', { token: top.token, body: { contractId: held.id } });
    expect(asked.value.status).toBe('termination_requested');
    expect((await pending(sub)).map((c) => c.status)).toEqual(['termination_requested']);
    expect((await answer(sub, held.id, 'reject')).value.status).toBe('active');
    await ctx.call('terminateContract', { token: top.token, body: { contractId: held.id } });
    const ended = await answer(sub, held.id, 'accept');
    expect(ended.value).toMatchObject({ status: 'terminated', endedReason: 'terminated_by_agreement' });

    const again = await offer(top, sub.username, salary(80));
    await answer(sub, again.value.id, 'accept');
    const left = await answer(sub, again.value.id, 'terminate');
    expect(left.value).toMatchObject({ status: 'terminated', endedReason: 'terminated_by_member' });
  });

  it('lets the agent withdraw an unanswered offer, and no one else touch it', async () => {
    const made = await ctx.call('offerContract', {
      token: top.token,
      body: { username: player.username, terms: dividend(300) },
    });
    expect(made.code).toBe('OK');
    expect(
      (await ctx.call('withdrawContract', { token: other.token, body: { contractId: made.value.id } })).code,
    ).toBe('CONTRACT_NOT_FOUND');
    expect(
      (await ctx.call('terminateContract', { token: other.token, body: { contractId: made.value.id } })).code,
    ).toBe('CONTRACT_NOT_FOUND');
    expect((await answer(other, made.value.id, 'accept', [], 'processDividendReq')).code).toBe(
      'CONTRACT_NOT_FOUND',
    );
    const withdrawn = await ctx.call('withdrawContract', {
      token: top.token,
      body: { contractId: made.value.id },
    });
    expect(withdrawn.value.status).toBe('withdrawn');
    expect((await answer(player, made.value.id, 'accept', [], 'processDividendReq')).code).toBe(
      'CONTRACT_NOT_ALLOWED',
    );
    const theirs = (await ctx.call('agentContracts', { token: other.token })).value;
    expect([...theirs.given, ...theirs.held]).toEqual([]);
  });
  /** A fresh two-level team: house ── a (top agent, salary 200) ── b (agent) ── c (player). */
  const team = async () => {
    const a = await newAgent(ctx, { downline: 0 });
    const b = await newAgent(ctx, { downline: 1 });
    await ctx.handle.db.update(members).set({ parentId: a.id }).where(eq(members.id, b.id));
    await houseContract(a, salary(200));
    const given = await offer(a, b.username, salary(100));
    expect((await answer(b, given.value.id, 'accept')).value.status).toBe('active');
    return { a, b, c: b.downline[0]!, held: given.value.id };
  };

  it('withdraws the offers of an agent whose own contract ends: it has no rate left to give', async () => {
    const { b, c, held } = await team();
    const pass = await offer(b, c.username, salary(100));
    expect(pass.code).toBe('OK');
    // The agent leaves its own contract while its offer waits for the answer.
    expect((await answer(b, held, 'terminate')).value.status).toBe('terminated');
    expect(await pending(c)).toEqual([]);
    const given = (await ctx.call('agentContracts', { token: b.token })).value.given;
    expect(given.find((x) => x.id === pass.value.id)).toMatchObject({
      status: 'withdrawn',
      endedReason: 'upline_rate',
    });
    expect((await answer(c, pass.value.id, 'accept')).code).toBe('CONTRACT_NOT_ALLOWED');
    const [row] = await ctx.handle.db
      .select()
      .from(agentContracts)
      .where(eq(agentContracts.id, pass.value.id));
    expect(row!.status).toBe('withdrawn');

    // The same when the agent's upline ends it by agreement.
    const second = await team();
    const offered = await offer(second.b, second.c.username, salary(100));
    await ctx.call('terminateContract', { token: second.a.token, body: { contractId: second.held } });
    expect((await answer(second.b, second.held, 'accept')).value.status).toBe('terminated');
    expect((await answer(second.c, offered.value.id, 'accept')).code).toBe('CONTRACT_NOT_ALLOWED');
  });

  it('checks on acceptance that the offering agent still holds the rate it offered', async () => {
    const { b, c, held } = await team();
    const pass = await offer(b, c.username, salary(100));
    // However the agent's rate came down (here straight in the database, as a change no step announced),
    // the downline cannot take more than the agent holds.
    await ctx.handle.db
      .update(agentContracts)
      .set({ status: 'terminated', endedAt: new Date(), endedReason: 'terminated_by_member' })
      .where(eq(agentContracts.id, held));
    const late = await answer(c, pass.value.id, 'accept');
    expect(late.code).toBe('CONTRACT_OFFER_LAPSED');
    expect(late.message).toContain('0,00\u00a0%');
    const [row] = await ctx.handle.db
      .select()
      .from(agentContracts)
      .where(eq(agentContracts.id, pass.value.id));
    expect(row).toMatchObject({ status: 'withdrawn', endedReason: 'upline_rate' });
    expect(
      await ctx.handle.db.select().from(agentContracts).where(eq(agentContracts.memberId, c.id)),
    ).toEqual([expect.objectContaining({ status: 'withdrawn' })]);

    // A lower rate than offered is not enough either; the rate itself is.
    const again = await team();
    const high = await offer(again.b, again.c.username, salary(100));
    await ctx.handle.db.update(agentContracts).set({ rateBp: 50 }).where(eq(agentContracts.id, again.held));
    expect((await answer(again.c, high.value.id, 'accept')).code).toBe('CONTRACT_OFFER_LAPSED');
    await ctx.handle.db.update(agentContracts).set({ rateBp: 100 }).where(eq(agentContracts.id, again.held));
    const exact = await offer(again.b, again.c.username, salary(100));
    expect((await answer(again.c, exact.value.id, 'accept')).value.status).toBe('active');
  });
});
