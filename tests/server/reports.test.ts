import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../server/db/schema';
import { addDays, dayIn, daysFrom, startOfDay } from '../../server/lib/brand-days';
import type { Brand } from '../../server/modules/brand/brand.service';
import {
  connectVendor,
  createTestContext,
  databaseKinds,
  launchTokenFor,
  type Member,
  newMember,
  newOperator,
  type TestContext,
  vendorWalletCall,
} from './harness';

let seq = 0;
const rid = () => `rep-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The back office's report figures against the ledger: a month of activity (registrations, deposits, bets
 * and wins, withdrawals, bonuses) made through the real routes, each day's moved back to that day, then the
 * reports job; every day's figures must equal the ledger's sums to the cent.
 */
describe.each(databaseKinds)('reports on %s', (kind) => {
  let ctx: TestContext;
  let brand: Brand;
  let admin: string;
  let secret: string;
  let today: string;
  const members: Member[] = [];

  const ok = <T extends { code: string; message: string }>(res: T) => {
    expect(res.code, res.message).toBe('OK');
    return res;
  };
  const deposit = async (who: Member, amount: number) => {
    const created = ok(
      await ctx.call('createDeposit', {
        token: who.token,
        ip: who.ip,
        body: { method: 'pix', amount, requestId: rid() } as never,
      }),
    );
    ok(
      await ctx.call('decideDeposit', {
        token: admin,
        body: { reference: created.value.reference, decision: 'confirm', requestId: rid() },
      }),
    );
  };
  const round = async (who: Member, stake: number, win: number | null) => {
    const id = rid();
    const { token } = await launchTokenFor(ctx, who, 'SUNL');
    const bet = await vendorWalletCall(ctx, 'SUNL', secret, 'bet', {
      token,
      playerId: String(who.id),
      transactionId: `${id}-bet`,
      roundId: id,
      amount: stake,
      gameCode: 'baccarat-sunrise',
    });
    expect(bet.statusCode, bet.body).toBe(200);
    if (win === null) return;
    const paid = await vendorWalletCall(ctx, 'SUNL', secret, 'win', {
      playerId: String(who.id),
      transactionId: `${id}-win`,
      roundId: id,
      amount: win,
      gameCode: 'baccarat-sunrise',
    });
    expect(paid.statusCode, paid.body).toBe(200);
  };
  const dice = async (who: Member, stake: number) =>
    ok(
      await ctx.call('originalsBet', {
        token: who.token,
        ip: who.ip,
        body: { game: 'dice', requestId: rid(), stake, chance: 4_950, side: 'over' } as never,
      }),
    );
  const withdraw = async (who: Member, amount: number) => {
    const banks = ok(await ctx.call('withdrawSetup', { token: who.token, ip: who.ip })).value.bankAccounts;
    let bankId = banks[0]?.id;
    if (!bankId) {
      ok(
        await ctx.call('paymentPassword', {
          token: who.token,
          ip: who.ip,
          body: { password: '112233', loginPassword: who.password },
        }),
      );
      const added = ok(
        await ctx.call('addBankAccount', {
          token: who.token,
          ip: who.ip,
          body: { bankName: 'Banco Demo', accountName: 'Report Member', accountNumber: `000${who.id}111` },
        }),
      );
      bankId = added.value[0]!.id;
    }
    const requested = ok(
      await ctx.call('requestWithdrawal', {
        token: who.token,
        ip: who.ip,
        body: { bankAccountId: bankId, amount, paymentPassword: '112233', requestId: rid() },
      }),
    );
    ok(
      await ctx.call('decideWithdrawal', {
        token: admin,
        body: { reference: requested.value.reference, decision: 'approve', requestId: rid() },
      }),
    );
  };
  const adjust = async (who: Member, amount: number, category: 'bonus' | 'correction') =>
    ok(
      await ctx.call('adjustBalance', {
        token: admin,
        body: { username: who.username, amount, reason: 'Report test', category, requestId: rid() } as never,
      }),
    );

  /**
   * Moves everything made since `start` (by the database's clock) to noon of `day` in the brand's zone,
   * keeping the seconds between: rounds, postings, movements, deposits, withdrawals, registrations. The
   * ledger's postings refuse updates; the test lifts that for the move.
   */
  const moveTo = async (start: Date, day: string) => {
    const target = new Date(startOfDay(day, brand.timeZone).getTime() + 12 * 3_600_000);
    const shift = sql`(${target.toISOString()}::timestamptz + (created_at - ${start.toISOString()}::timestamptz))`;
    const since = sql`created_at >= ${start.toISOString()}::timestamptz`;
    const db = ctx.handle.db;
    await db.execute(sql`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_kept`);
    await db.execute(sql`UPDATE ledger_entries SET created_at = ${shift} WHERE ${since}`);
    await db.execute(sql`ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_kept`);
    await db.execute(sql`UPDATE ledger_transactions SET created_at = ${shift} WHERE ${since}`);
    const moved = (column: string) =>
      sql`${sql.raw(column)} = ${target.toISOString()}::timestamptz + (${sql.raw(column)} - ${start.toISOString()}::timestamptz)`;
    await db.execute(
      sql`UPDATE vendor_rounds SET ${moved('settled_at')}, created_at = ${shift} WHERE ${since}`,
    );
    await db.execute(sql`UPDATE deposits SET ${moved('updated_at')}, created_at = ${shift} WHERE ${since}`);
    await db.execute(
      sql`UPDATE withdrawals SET ${moved('updated_at')}, ${moved('decided_at')}, created_at = ${shift} WHERE ${since}`,
    );
    await db.execute(
      sql`UPDATE member_tree SET ${moved('joined_at')} WHERE joined_at >= ${start.toISOString()}::timestamptz`,
    );
    await db.execute(sql`UPDATE members SET created_at = ${shift} WHERE ${since}`);
  };
  const clock = async () =>
    new Date(
      rowsOf<{ at: string }>(await ctx.handle.db.execute(sql`SELECT clock_timestamp()::text AS at`))[0]!.at,
    );

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const [b] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    brand = b as unknown as Brand;
    today = dayIn(new Date(), brand.timeZone);
    admin = (await newOperator(ctx, 'admin')).token;
    secret = await connectVendor(ctx, 'SUNL');

    // A month: a registration most days, the first deposits of the new, bets and wins (lost rounds, a
    // round still open), in-house dice, withdrawals, a bonus and a correction.
    for (let back = 29; back >= 1; back -= 2) {
      const day = addDays(today, -back);
      const start = await clock();
      const joined = await newMember(ctx, { prefix: 'rep' });
      members.push(joined);
      await deposit(joined, 50_000 + back * 101);
      const older = members[Math.floor(back / 3) % members.length]!;
      if (older !== joined) await deposit(older, 12_345);
      await round(joined, 1_000 + back, back % 3 === 0 ? 0 : 2_500);
      await round(older, 777, back % 4 === 0 ? null : 1_554);
      await dice(joined, 300 + back);
      if (back % 5 === 0) await withdraw(older, 6_321);
      if (back % 7 === 0) await adjust(joined, 999, 'bonus');
      if (back === 9) await adjust(older, -123, 'correction');
      await moveTo(start, day);
    }
    await ctx.app.reports.rebuild(brand, addDays(today, -30), today);
  }, 240_000);
  afterAll(() => ctx.close());

  /** The ledger's own sums per day of the brand, straight from the postings. */
  const ledgerDays = async (from: string, to: string) => {
    const result = await ctx.handle.db.execute(sql`
      SELECT (e.created_at AT TIME ZONE ${brand.timeZone})::date::text AS day,
        coalesce(sum(e.amount) FILTER (WHERE a.kind = 'house'), 0)::bigint AS ggr,
        coalesce(-sum(e.amount) FILTER (WHERE a.kind = 'clearing' AND t.kind = 'deposit'), 0)::bigint AS deposits,
        count(DISTINCT t.id) FILTER (WHERE a.kind = 'clearing' AND t.kind = 'deposit')::int AS "depositCount",
        coalesce(sum(e.amount) FILTER (WHERE a.kind = 'clearing' AND t.kind = 'withdrawal'), 0)::bigint AS withdrawals,
        coalesce(-sum(e.amount) FILTER (WHERE a.kind = 'bonus'), 0)::bigint AS bonus,
        coalesce(-sum(e.amount) FILTER (WHERE a.kind = 'adjustment'), 0)::bigint AS adjustment,
        coalesce(-sum(e.amount) FILTER (WHERE a.kind = 'rebate'), 0)::bigint AS rebate
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE a.brand_id = ${brand.id} AND a.member_id IS NULL
        AND (e.created_at AT TIME ZONE ${brand.timeZone})::date BETWEEN ${from}::date AND ${to}::date
      GROUP BY 1`);
    return new Map(
      rowsOf<Record<string, string | number>>(result).map((r) => [
        String(r.day),
        {
          ggr: Number(r.ggr),
          depositAmount: Number(r.deposits),
          deposits: Number(r.depositCount),
          withdrawalAmount: Number(r.withdrawals),
          bonus: Number(r.bonus),
          adjustment: Number(r.adjustment),
          rebate: Number(r.rebate),
        },
      ]),
    );
  };

  it("equals the ledger's sums to the cent, day by day and over the month", async () => {
    const from = addDays(today, -30);
    const res = ok(await ctx.call('adminReportDashboard', { token: admin, query: { from, to: today } }));
    const ledger = await ledgerDays(from, today);
    const zero = {
      ggr: 0,
      depositAmount: 0,
      deposits: 0,
      withdrawalAmount: 0,
      bonus: 0,
      adjustment: 0,
      rebate: 0,
    };
    expect(res.value.days.map((d) => d.day)).toEqual(daysFrom(from, today));
    let active = 0;
    for (const d of res.value.days) {
      const l = ledger.get(d.day) ?? zero;
      expect({ day: d.day, ...l }).toEqual({
        day: d.day,
        ggr: d.ggr,
        depositAmount: d.depositAmount,
        deposits: d.deposits,
        withdrawalAmount: d.withdrawalAmount,
        bonus: d.bonus,
        adjustment: d.adjustment,
        rebate: d.rebate,
      });
      expect(d.ngr).toBe(d.ggr - d.bonus - d.rebate - d.adjustment);
      if (d.day < today) active += d.activeMembers;
    }
    expect(active).toBeGreaterThan(20);
    const sum = (pick: (l: typeof zero) => number) => [...ledger.values()].reduce((s, l) => s + pick(l), 0);
    expect(res.value.totals).toMatchObject({
      ggr: sum((l) => l.ggr),
      depositAmount: sum((l) => l.depositAmount),
      withdrawalAmount: sum((l) => l.withdrawalAmount),
      bonuses: sum((l) => l.bonus + l.adjustment + l.rebate),
    });
    expect(res.value.totals.ngr).toBe(res.value.totals.ggr - res.value.totals.bonuses);
    // The vendors and categories add up to the days' betting figures.
    const stake = res.value.vendors.reduce((s, v) => s + v.stake, 0);
    expect(stake).toBe(res.value.totals.stake);
    expect(res.value.categories.reduce((s, c) => s + c.ggr, 0)).toBe(res.value.totals.ggr);
    expect(res.value.vendors.map((v) => v.vendor)).toEqual(expect.arrayContaining(['SUNL', 'BGS']));
    expect(res.value.categories.map((c) => c.category)).toContain('INHOUSE');
  });

  it('counts registrations, first deposits and players as their owners record them', async () => {
    const from = addDays(today, -30);
    const res = ok(await ctx.call('adminReportDays', { token: admin, query: { from, to: today } }));
    const counts = async (query: ReturnType<typeof sql>) =>
      new Map(
        rowsOf<{ day: string; n: number; amount: string | number | null }>(
          await ctx.handle.db.execute(query),
        ).map((r) => [String(r.day), { n: Number(r.n), amount: Number(r.amount ?? 0) }]),
      );
    const tz = brand.timeZone;
    const joined = await counts(sql`
      SELECT (created_at AT TIME ZONE ${tz})::date::text AS day, count(*)::int AS n, 0 AS amount FROM members
      WHERE brand_id = ${brand.id} AND user_type <> 4 GROUP BY 1`);
    const firsts = await counts(sql`
      SELECT (updated_at AT TIME ZONE ${tz})::date::text AS day, count(*)::int AS n, sum(amount) AS amount FROM (
        SELECT DISTINCT ON (member_id) member_id, updated_at, amount FROM deposits
        WHERE brand_id = ${brand.id} AND status = 'credited' ORDER BY member_id, updated_at, id) f GROUP BY 1`);
    const players = await counts(sql`
      SELECT (created_at AT TIME ZONE ${tz})::date::text AS day, count(DISTINCT member_id)::int AS n, 0 AS amount
      FROM vendor_rounds WHERE brand_id = ${brand.id} GROUP BY 1`);
    for (const d of res.value) {
      expect([d.day, d.newMembers]).toEqual([d.day, joined.get(d.day)?.n ?? 0]);
      expect([d.day, d.firstDeposits, d.firstDepositAmount]).toEqual([
        d.day,
        firsts.get(d.day)?.n ?? 0,
        firsts.get(d.day)?.amount ?? 0,
      ]);
      expect([d.day, d.activeMembers]).toEqual([d.day, players.get(d.day)?.n ?? 0]);
    }
    expect(res.value.reduce((s, d) => s + d.newMembers, 0)).toBeGreaterThanOrEqual(15);
    // Over a period, each player once (the agents' month bitmaps of active days), across a month's end too.
    for (const [from, to] of [
      [addDays(today, -30), today],
      [addDays(today, -12), addDays(today, -3)],
      [addDays(today, -1), today],
    ] as const) {
      const period = ok(await ctx.call('adminReportDashboard', { token: admin, query: { from, to } }));
      const [distinct] = rowsOf<{ n: number }>(
        await ctx.handle.db.execute(sql`
          SELECT count(DISTINCT member_id)::int AS n FROM vendor_rounds WHERE brand_id = ${brand.id}
            AND (created_at AT TIME ZONE ${tz})::date BETWEEN ${from}::date AND ${to}::date`),
      );
      expect([from, to, period.value.totals.activeMembers]).toEqual([from, to, Number(distinct!.n)]);
    }
  });

  it('keeps retention by registration week', async () => {
    const res = ok(await ctx.call('adminReportCohorts', { token: admin, query: { preset: 'today' } }));
    expect(res.value).toHaveLength(8);
    const total = res.value.reduce((s, c) => s + c.members, 0);
    expect(total).toBeGreaterThan(0);
    // Members of earlier weeks bet again later (the older members play on later days).
    expect(res.value.some((c) => c.retained.some((r) => r.members > 0))).toBe(true);
    for (const c of res.value) for (const r of c.retained) expect(r.members).toBeLessThanOrEqual(c.members);
  });

  it('exports each table as CSV, and only to operators who may read reports', async () => {
    const from = addDays(today, -30);
    const csv = await ctx.app.inject({
      url: `/api/backoffice/reports/days.csv?from=${from}&to=${today}`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'pt' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Dia,Novos membros,/);
    expect(lines).toHaveLength(32);
    for (const table of ['vendors', 'categories', 'cohorts']) {
      const res = await ctx.app.inject({
        url: `/api/backoffice/reports/${table}.csv?preset=prev30`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect([table, res.statusCode]).toEqual([table, 200]);
    }
    const content = (await newOperator(ctx, 'content')).token;
    expect(
      (await ctx.call('adminReportDashboard', { token: content, query: { preset: 'today' } })).code,
    ).toBe('ROLE_FORBIDDEN');
    const denied = await ctx.app.inject({
      url: '/api/backoffice/reports/vendors.csv?preset=today',
      headers: { authorization: `Bearer ${content}` },
    });
    expect(denied.statusCode).toBe(403);
    const finance = (await newOperator(ctx, 'finance')).token;
    expect(
      (await ctx.call('adminReportDashboard', { token: finance, query: { preset: 'yesterday' } })).code,
    ).toBe('OK');
  });

  it('writes the figures from the scheduled run, not from the read', async () => {
    const before = ok(
      await ctx.call('adminReportDashboard', { token: admin, query: { preset: 'today' } }),
    ).value;
    const who = members.at(-1)!;
    await dice(who, 500);
    const unchanged = ok(
      await ctx.call('adminReportDashboard', { token: admin, query: { preset: 'today' } }),
    ).value;
    expect(unchanged.totals.stake).toBe(before.totals.stake);
    await ctx.app.agents.rollUp(brand, [today]);
    await ctx.app.reports.refreshRecent([brand]);
    const after = ok(
      await ctx.call('adminReportDashboard', { token: admin, query: { preset: 'today' } }),
    ).value;
    expect(after.totals.stake - before.totals.stake).toBe(500);
    expect(after.totals.activeMembers).toBeGreaterThanOrEqual(1);
    expect(after.updatedAt).toBeGreaterThanOrEqual(before.updatedAt ?? 0);
  });
});
