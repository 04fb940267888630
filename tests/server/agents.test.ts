import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, members, memberTree } from '../../server/db/schema';
import { dayIn } from '../../server/lib/brand-days';
import type { Brand } from '../../server/modules/brand/brand.service';
import {
  createTestContext,
  databaseKinds,
  fund,
  type Member,
  newAgent,
  newMember,
  type TestContext,
} from './harness';

let seq = 0;
const rid = () => `agt-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

describe.each(databaseKinds)('the agent centre on %s', (kind) => {
  let ctx: TestContext;
  let brand: Brand;
  let today: string;
  /** top ─┬─ player
   *       └─ sub (agent) ── deep
   *  other (agent) ── stranger */
  let top: Member & { affiliateCode: string; downline: Member[] };
  let player: Member;
  let sub: Member & { affiliateCode: string; downline: Member[] };
  let deep: Member;
  let other: Member & { affiliateCode: string; downline: Member[] };
  let loner: Member;

  const treeOf = async (ancestor: Member) =>
    (
      await ctx.handle.db
        .select({ memberId: memberTree.memberId, depth: memberTree.depth })
        .from(memberTree)
        .where(eq(memberTree.ancestorId, ancestor.id))
    )
      .filter((r) => r.depth > 0)
      .map((r) => [r.memberId, r.depth])
      .sort((a, b) => a[0]! - b[0]!);
  const dice = (who: Member, stake: number) =>
    ctx.call('originalsBet', {
      token: who.token,
      body: { game: 'dice', requestId: rid(), stake, chance: 4_950, side: 'over' } as never,
    });
  const period = () => ({ from: today, to: today });
  const todayPreset = { preset: 'today' } as const;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    top = await newAgent(ctx, { downline: 1 });
    player = top.downline[0]!;
    sub = await newAgent(ctx, { downline: 1 });
    deep = sub.downline[0]!;
    // The sub-agent joins under the top agent after its own downline: the move takes the downline along.
    await ctx.handle.db.update(members).set({ parentId: top.id }).where(eq(members.id, sub.id));
    other = await newAgent(ctx, { downline: 1 });
    loner = await newMember(ctx, { prefix: 'loner' });
    const [row] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    // What the roll-up reads of a brand.
    brand = { id: row!.id, timeZone: row!.timeZone, currency: row!.currency } as Brand;
    today = dayIn(new Date(), brand.timeZone);
  });
  afterAll(() => ctx.close());

  it('keeps the whole tree below each agent, a moved member taking its downline along', async () => {
    expect(await treeOf(top)).toEqual(
      [
        [player.id, 1],
        [sub.id, 1],
        [deep.id, 2],
      ].sort((a, b) => a[0]! - b[0]!),
    );
    expect(await treeOf(sub)).toEqual([[deep.id, 1]]);
    // Nobody may be put under their own downline.
    await expect(
      ctx.handle.db.update(members).set({ parentId: deep.id }).where(eq(members.id, top.id)),
    ).rejects.toThrow();
    const [self] = await ctx.handle.db
      .select()
      .from(memberTree)
      .where(and(eq(memberTree.ancestorId, deep.id), eq(memberTree.memberId, deep.id)));
    expect(self?.depth).toBe(0);
  });

  it('shows the team figures of real play and money, after the figures are brought up to date', async () => {
    await fund(ctx, player, 100_000);
    await fund(ctx, deep, 100_000);
    const bets = [await dice(player, 1_000), await dice(player, 2_000), await dice(deep, 500)];
    expect(bets.every((b) => b.code === 'OK')).toBe(true);
    const profit = bets.reduce((s, b) => s + b.value.payout - b.value.stake, 0);

    const before = await ctx.call('agentTeamOverview', { token: top.token, query: period() });
    expect(before.code).toBe('OK');
    await ctx.app.agents.rollUp(brand, [today]);
    const res = await ctx.call('agentTeamOverview', { token: top.token, query: period() });
    expect(res.code).toBe('OK');
    expect(res.value.members).toEqual({ total: 3, direct: 2, agents: 1, joined: 3 });
    expect(res.value.figures).toMatchObject({ validBet: 3_500, stake: 3_500, profit, activeMembers: 2 });
    expect(res.value.balance).toBe(200_000 + profit);
    expect(res.value.byDay).toHaveLength(1);
    expect(res.value.byDay[0]).toMatchObject({ day: today, validBet: 3_500, joined: 3 });
    expect(res.value.updatedAt).toBeGreaterThan(Date.now() - 60_000);

    // The sub-agent sees only its own part of the tree.
    const mine = await ctx.call('agentTeamOverview', { token: sub.token, query: period() });
    expect(mine.value.members.total).toBe(1);
    expect(mine.value.figures.validBet).toBe(500);

    // The presets are days of the brand's calendar.
    const preset = await ctx.call('agentTeamOverview', { token: top.token, query: todayPreset });
    expect(preset.value).toMatchObject({ from: today, to: today, figures: res.value.figures });
    const week = await ctx.call('agentTeamOverview', { token: top.token, query: { preset: 'prev7' } });
    expect(week.value.byDay).toHaveLength(7);
    expect(week.value.to).toBe(today);
    const yesterday = await ctx.call('agentTeamOverview', {
      token: top.token,
      query: { preset: 'yesterday' },
    });
    expect(yesterday.value.figures.validBet).toBe(0);

    // A second run over the same day (the minute job's: yesterday and today) changes nothing.
    await ctx.app.agents.rollUpRecent([brand], 2);
    const again = await ctx.call('agentTeamOverview', { token: top.token, query: period() });
    expect(again.value.figures).toEqual(res.value.figures);
  });

  it('lists the downline newest first, direct or every level, with each member’s figures', async () => {
    const direct = await ctx.call('agentDownlineList', { token: top.token, query: period() as never });
    expect(direct.code).toBe('OK');
    expect(direct.value.items.map((i) => i.username).sort()).toEqual([player.username, sub.username].sort());
    const all = await ctx.call('agentDownlineList', {
      token: top.token,
      query: { ...period(), scope: 'all' } as never,
    });
    expect(all.value.total).toBe(3);
    const d = all.value.items.find((i) => i.username === deep.username)!;
    expect(d).toMatchObject({ depth: 2, upline: sub.username, isAgent: false, validBet: 500 });
    const s = all.value.items.find((i) => i.username === sub.username)!;
    expect(s).toMatchObject({ depth: 1, upline: top.username, isAgent: true, teamSize: 1 });
    const found = await ctx.call('agentDownlineList', {
      token: top.token,
      query: { ...period(), scope: 'all', q: deep.username.slice(0, 6).toUpperCase() } as never,
    });
    expect(found.value.items.map((i) => i.username)).toContain(deep.username);
    expect(found.value.items.every((i) => i.username.startsWith(deep.username.slice(0, 6)))).toBe(true);
    const past = await ctx.call('agentDownlineList', {
      token: top.token,
      query: { ...period(), scope: 'all', page: 9 } as never,
    });
    expect(past.value).toMatchObject({ items: [], total: 3 });
  });

  it("reports the team's rounds, each member's result and the team's account records, paged", async () => {
    const bets = await ctx.call('agentTeamBets', { token: top.token, query: period() as never });
    expect(bets.code).toBe('OK');
    expect(bets.value.total).toBe(3);
    expect(bets.value.items.map((b) => b.username).sort()).toEqual(
      [player.username, player.username, deep.username].sort(),
    );
    expect(bets.value.summary).toMatchObject({ stake: 3_500, validBet: 3_500 });
    // Newest first; one member by name; pages of the match.
    const times = bets.value.items.map((b) => b.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const deeps = await ctx.call('agentTeamBets', {
      token: top.token,
      query: { ...period(), username: deep.username.toUpperCase() } as never,
    });
    expect(deeps.value.items.map((b) => [b.username, b.stake])).toEqual([[deep.username, 500]]);
    const second = await ctx.call('agentTeamBets', {
      token: top.token,
      query: { ...period(), page: 2, pageSize: 2 } as never,
    });
    expect(second.value).toMatchObject({ total: 3, page: 2 });
    expect(second.value.items).toHaveLength(1);

    const profit = await ctx.call('agentMemberProfit', { token: top.token, query: period() as never });
    expect(profit.value.items.map((m) => m.username).sort()).toEqual([player.username, deep.username].sort());
    const results = profit.value.items.map((m) => m.profit);
    expect(results).toEqual([...results].sort((a, b) => a - b));
    expect(profit.value.items.find((m) => m.username === deep.username)).toMatchObject({
      depth: 2,
      rounds: 1,
      validBet: 500,
      deposits: 0,
    });
    expect(profit.value.summary.validBet).toBe(3_500);
    const byBets = await ctx.call('agentMemberProfit', {
      token: top.token,
      query: { ...period(), sort: 'validBet' } as never,
    });
    expect(byBets.value.items[0]!.username).toBe(player.username);

    // Account records follow the last line shown: two pages of two, then the last.
    const all = await ctx.call('agentTeamRecords', { token: top.token, query: period() as never });
    const ids = all.value.items.map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(5);
    expect(new Set(all.value.items.map((r) => r.username))).toEqual(
      new Set([player.username, deep.username]),
    );
    const first = await ctx.call('agentTeamRecords', {
      token: top.token,
      query: { ...period(), limit: 2 } as never,
    });
    expect(first.value.more).toBe(true);
    const next = await ctx.call('agentTeamRecords', {
      token: top.token,
      query: { ...period(), limit: 2, before: first.value.items.at(-1)!.id } as never,
    });
    expect([...first.value.items, ...next.value.items].map((r) => r.id)).toEqual(ids.slice(0, 4));
    const betsOnly = await ctx.call('agentTeamRecords', {
      token: top.token,
      query: { ...period(), type: 'bet', username: deep.username } as never,
    });
    expect(betsOnly.value.items.map((r) => [r.username, r.amount])).toEqual([[deep.username, -500]]);
  });

  it("exports a report whole as CSV, headed in the caller's language", async () => {
    const get = (url: string, lang: string) =>
      ctx.app.inject({ url, headers: { authorization: `Bearer ${top.token}`, 'x-site-language': lang } });
    const pt = await get(`/api/agent/team/bets.csv?from=${today}&to=${today}&pageSize=1`, 'pt');
    expect(pt.statusCode).toBe(200);
    expect(pt.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(pt.headers['content-disposition']).toContain('team-bets.csv');
    expect(pt.headers['x-export-rows']).toBe('3');
    const lines = pt.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Hora,Membro,Jogo,Rodada,Aposta,Aposta válida,Pagamento,Resultado,Situação');
    // Every round, not only the first page; amounts in currency units.
    expect(lines).toHaveLength(4);
    expect(lines.filter((l) => l.includes(`,${deep.username},`))[0]).toMatch(/,5,5,/);
    const en = await get(`/api/agent/team/profit.csv?preset=today`, 'en');
    expect(en.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Member,Level,Rounds,/);
    const downline = await get(`/api/agent/team/members.csv?preset=today&scope=all`, 'en');
    const rows = downline.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Member,Level,Upline,Joined,Team,Balance,Valid bet,Result,Deposits,Withdrawals');
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.startsWith(`${deep.username},`))).toMatch(
      new RegExp(`^${deep.username},2,${sub.username},`),
    );
    const records = await get(`/api/agent/team/records.csv?preset=today`, 'en');
    expect(records.body.trim().split('\r\n').length).toBeGreaterThanOrEqual(6);
    // The query is checked as the report's is.
    const bad = await get(`/api/agent/team/bets.csv?from=2026-01-01&to=2026-09-01`, 'en');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('never shows an agent another tree, its upline or itself', async () => {
    const theirs = await ctx.call('agentDownlineList', {
      token: other.token,
      query: { ...period(), scope: 'all' } as never,
    });
    expect(theirs.value.items.map((i) => i.username)).toEqual([other.downline[0]!.username]);
    // The sub-agent's view holds neither its upline nor its sibling.
    const subs = await ctx.call('agentDownlineList', {
      token: sub.token,
      query: { ...period(), scope: 'all', q: '' } as never,
    });
    expect(subs.value.items.map((i) => i.username)).toEqual([deep.username]);
    const upward = await ctx.call('agentDownlineList', {
      token: sub.token,
      query: { ...period(), scope: 'all', q: top.username } as never,
    });
    expect(upward.value.items).toEqual([]);
    const overview = await ctx.call('agentTeamOverview', { token: other.token, query: period() });
    expect(overview.value.figures.validBet).toBe(0);
  });

  it('answers players, bad periods and guests with their codes', async () => {
    expect((await ctx.call('agentTeamOverview', { token: loner.token, query: period() })).code).toBe(
      'AGENTS_ONLY',
    );
    expect(
      (await ctx.call('agentDownlineList', { token: player.token, query: period() as never })).code,
    ).toBe('AGENTS_ONLY');
    expect((await ctx.call('agentTeamOverview', { query: period() })).code).toBe('UNAUTHORIZED');
    const backwards = await ctx.call('agentTeamOverview', {
      token: top.token,
      query: { from: '2026-02-10', to: '2026-02-01' },
    });
    expect(backwards.code).toBe('VALIDATION_FAILED');
    const long = await ctx.call('agentTeamOverview', {
      token: top.token,
      query: { from: '2026-01-01', to: '2026-06-30' },
    });
    expect(long.code).toBe('VALIDATION_FAILED');
    const bad = await ctx.call('agentTeamOverview', {
      token: top.token,
      query: { from: 'yesterday', to: today },
    });
    expect(bad.code).toBe('VALIDATION_FAILED');
    // Shaped like a day but not one of the calendar.
    for (const from of ['2026-13-45', '2026-02-30'])
      expect(
        (await ctx.call('agentTeamOverview', { token: top.token, query: { from, to: today } })).code,
      ).toBe('VALIDATION_FAILED');
  });
});
