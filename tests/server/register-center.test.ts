import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentContracts, brands, members } from '../../server/db/schema';
import type { ContractTerms } from '../../src/api/contract/agents';
import {
  createTestContext,
  databaseKinds,
  type Member,
  newAgent,
  newMember,
  solveHumanCheck,
  type TestContext,
} from './harness';

const salary = (rateBp: number): ContractTerms => ({
  kind: 'daily_salary',
  salaryType: 'single_bet',
  minActiveBet: 100,
  tiers: [{ minValidBet: 0, minActive: 0, rateBp }],
});

describe.each(databaseKinds)('the register centre on %s', (kind) => {
  let ctx: TestContext;
  let agent: Member & { affiliateCode: string; downline: Member[] };
  let n = 0;
  const name = (p: string) => `${p}${process.pid % 1000}r${++n}`;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    agent = await newAgent(ctx, { downline: 0 });
    const [brand] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    await ctx.handle.db.insert(agentContracts).values({
      brandId: brand!.id,
      kind: 'daily_salary',
      uplineId: null,
      memberId: agent.id,
      terms: salary(200),
      rateBp: 200,
      status: 'active',
      decidedAt: new Date(),
    });
  });
  afterAll(() => ctx.close());

  it('keeps the contracts the invitation carries, each within the agent’s own rate', async () => {
    const start = await ctx.call('agentInvitation', { token: agent.token });
    expect(start.value).toMatchObject({ code: agent.affiliateCode, defaults: [] });
    expect(start.value.caps).toMatchObject({ daily_salary: 200, dividend: 0 });
    const tooHigh = await ctx.call('setInvitationDefaults', {
      token: agent.token,
      body: { defaults: [salary(250)] },
    });
    expect(tooHigh.code).toBe('CONTRACT_RATE_ABOVE_OWN');
    const twice = await ctx.call('setInvitationDefaults', {
      token: agent.token,
      body: { defaults: [salary(100), salary(150)] },
    });
    expect(twice.code).toBe('VALIDATION_FAILED');
    const set = await ctx.call('setInvitationDefaults', {
      token: agent.token,
      body: { defaults: [salary(150)] },
    });
    expect(set.code).toBe('OK');
    expect(set.value.defaults).toEqual([salary(150)]);
  });

  it('offers them to whoever registers with the agent’s code', async () => {
    const joined = await newMember(ctx, { affiliateCode: agent.affiliateCode, prefix: 'inv' });
    const waiting = (await ctx.call('consolidatedFunds', { token: joined.token })).value.contractRequests;
    expect(waiting.map((c) => [c.kind, c.rateBp, c.upline, c.status])).toEqual([
      ['daily_salary', 150, agent.username, 'offered'],
    ]);
    // Without a code, nobody is offered anything.
    const alone = await newMember(ctx, { prefix: 'solo' });
    expect((await ctx.call('consolidatedFunds', { token: alone.token })).value.contractRequests).toEqual([]);
  });

  it('opens a player or an agent account in the direct downline, which changes its password at first login', async () => {
    const username = name('open');
    const opened = await ctx.call('openDownline', {
      token: agent.token,
      body: { username, password: 'Opened123', confirmPassword: 'Opened123', type: 'player' },
    });
    expect(opened.code).toBe('OK');
    expect(opened.value).toEqual({ username, isAgent: false, offered: 1 });
    const [row] = await ctx.handle.db.select().from(members).where(eq(members.username, username));
    expect(row).toMatchObject({ parentId: agent.id, userType: 0, mustChangePassword: true });
    const login = await ctx.call('login', {
      body: { username, password: 'Opened123', humanCheck: await solveHumanCheck(ctx.app) } as never,
    });
    expect(login.value).toMatchObject({ mustChangePassword: expect.anything() });

    const sub = await ctx.call('openDownline', {
      token: agent.token,
      body: { username: name('subag'), password: 'Opened123', confirmPassword: 'Opened123', type: 'agent' },
    });
    expect(sub.value.isAgent).toBe(true);
    const list = await ctx.call('agentDownlineList', {
      token: agent.token,
      query: { preset: 'today' } as never,
    });
    expect(list.value.items.map((i) => i.username)).toEqual(
      expect.arrayContaining([username, sub.value.username]),
    );

    const taken = await ctx.call('openDownline', {
      token: agent.token,
      body: { username, password: 'Opened123', confirmPassword: 'Opened123', type: 'player' },
    });
    expect(taken.code).toBe('USERNAME_TAKEN');
    const bad = await ctx.call('openDownline', {
      token: agent.token,
      body: { username: 'x', password: 'short', confirmPassword: 'other', type: 'player' },
    });
    expect(bad.code).toBe('VALIDATION_FAILED');
    expect((bad.value as unknown as { issues: { path: string }[] }).issues.map((i) => i.path).sort()).toEqual(
      ['body.confirmPassword', 'body.password', 'body.username'],
    );
    // A player opens no accounts.
    const player = await newMember(ctx, { prefix: 'plain' });
    const refused = await ctx.call('openDownline', {
      token: player.token,
      body: { username: name('nope'), password: 'Opened123', confirmPassword: 'Opened123', type: 'player' },
    });
    expect(refused.code).toBe('AGENTS_ONLY');
  });
});
