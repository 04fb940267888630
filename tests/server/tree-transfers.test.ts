import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../server/db/schema';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import {
  createTestContext,
  databaseKinds,
  fund,
  type Member,
  newAgent,
  newMember,
  type TestContext,
} from './harness';

describe.each(databaseKinds)('transfers in the agent tree on %s', (kind) => {
  let ctx: TestContext;
  /** An agent, the one player of its downline, and a member outside any tree. */
  let agent: Member;
  let downline: Member;
  let outsider: Member;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const tree = await newAgent(ctx, { downline: 1 });
    agent = tree;
    downline = tree.downline[0]!;
    outsider = await newMember(ctx, { prefix: 'outside' });
    for (const who of [agent, downline, outsider]) {
      await fund(ctx, who, 50_000);
      const set = await ctx.call('paymentPassword', {
        token: who.token,
        body: { password: '224466', loginPassword: who.password },
      });
      expect(set.status).toBe(200);
    }
  });
  afterAll(() => ctx.close());

  let address = 0;
  const ip = () => `10.80.0.${++address}`;
  const up = (who: Member, body: { amount: number; paymentPassword: string; requestId: string }) =>
    ctx.call('transferUpline', { ip: ip(), token: who.token, body });
  const down = (
    who: Member,
    body: { username: string; amount: number; paymentPassword: string; requestId: string },
  ) => ctx.call('transferDownline', { ip: ip(), token: who.token, body });
  const balance = async (who: Member) =>
    (await ctx.call('walletBalance', { token: who.token })).value.balance;

  it('sends a member’s money to the agent above, once per request', async () => {
    const payload = { amount: 7_000, paymentPassword: '224466', requestId: `up-1-${kind}` };
    const sent = await up(downline, payload);
    expect(sent.value).toMatchObject({ to: agent.username, balance: 43_000 });
    await up(downline, payload);
    expect(await balance(downline)).toBe(43_000);
    expect(await balance(agent)).toBe(57_000);
    expect((await up(outsider, { ...payload, requestId: `up-2-${kind}` })).code).toBe('NO_UPLINE');
    expect(
      (await up(downline, { ...payload, paymentPassword: '000000', requestId: `up-3-${kind}` })).code,
    ).toBe('PAYMENT_PASSWORD_WRONG');
    expect((await up(downline, { ...payload, amount: 1_000_000, requestId: `up-4-${kind}` })).code).toBe(
      'INSUFFICIENT_FUNDS',
    );
    expect((await up(downline, { ...payload, amount: -1, requestId: `up-5-${kind}` })).code).toBe(
      'AMOUNT_NEGATIVE',
    );
  });

  it('lets an agent pay players of its downline only', async () => {
    const pay = (who: Member, username: string, requestId: string) =>
      down(who, { username, amount: 2_500, paymentPassword: '224466', requestId });
    expect((await pay(agent, downline.username, `down-1-${kind}`)).value).toMatchObject({
      to: downline.username,
      balance: 54_500,
    });
    expect(await balance(downline)).toBe(45_500);
    expect((await pay(agent, outsider.username, `down-2-${kind}`)).code).toBe('NOT_IN_DOWNLINE');
    expect((await pay(downline, agent.username, `down-3-${kind}`)).code).toBe('AGENTS_ONLY');
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('tells the transfer page who is above and whether the member may pay downwards', async () => {
    const setup = (token?: string) =>
      ctx.call('treeTransferSetup', { ip: ip(), ...(token ? { token } : {}) });
    expect((await setup(downline.token)).value).toEqual({
      upline: agent.username,
      canPayDownline: false,
      hasPaymentPassword: true,
      balance: await balance(downline),
      currency: 'FUN',
    });
    expect((await setup(agent.token)).value).toMatchObject({ upline: null, canPayDownline: true });
    expect((await setup()).status).toBe(401);
  });

  it('finds players anywhere below the agent, nearest first, with a literal username prefix', async () => {
    const db = ctx.handle.db;
    const [parent] = await db.select().from(members).where(eq(members.username, downline.username));
    // Usernames with '_' cannot be registered; an operator's import can hold them, so they are written here.
    const deep = `${downline.username}_deep`;
    const xdeep = `${downline.username}xdeep`;
    await db.insert(members).values([
      { brandId: parent!.brandId, username: deep, parentId: parent!.id, nickname: 'Deep' },
      { brandId: parent!.brandId, username: xdeep, parentId: parent!.id },
    ]);
    const list = async (q: string) =>
      (await ctx.call('downlineMembers', { ip: ip(), token: agent.token, query: { q } })).value;
    expect((await list('')).items).toEqual([
      { username: downline.username, nickname: null, depth: 1 },
      { username: deep, nickname: 'Deep', depth: 2 },
      { username: xdeep, nickname: null, depth: 2 },
    ]);
    // '_' is a LIKE wildcard; here it is only the character the agent typed.
    expect((await list(`${downline.username.toUpperCase()}_`)).items.map((i) => i.username)).toEqual([deep]);
    expect((await list('nobody')).items).toEqual([]);
    expect((await ctx.call('downlineMembers', { ip: ip(), token: downline.token })).code).toBe('AGENTS_ONLY');
    expect(
      (await ctx.call('downlineMembers', { ip: ip(), token: agent.token, query: { q: 'x'.repeat(65) } }))
        .code,
    ).toBe('VALIDATION_FAILED');

    const before = await balance(agent);
    const paid = await down(agent, {
      username: deep,
      amount: 1_000,
      paymentPassword: '224466',
      requestId: `down-deep-${kind}`,
    });
    expect(paid.value).toMatchObject({ to: deep, balance: before - 1_000 });
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });
});
