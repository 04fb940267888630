import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../server/db/schema';
import { addDays, dayIn, startOfDay } from '../../server/lib/brand-days';
import { monthOf, periodMasks, WHOLE_MONTH } from '../../server/modules/agents/active-months';
import type { Brand } from '../../server/modules/brand/brand.service';
import { createTestContext, databaseKinds, type Member, newMember, type TestContext } from './harness';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
let seq = 0;

describe('month bitmaps of active days', () => {
  it('covers a period with its first and last months in part and the months between whole', () => {
    expect(periodMasks('2026-01-31', '2026-01-31')).toEqual([{ month: '2026-01-01', mask: 1 << 30 }]);
    expect(periodMasks('2026-01-01', '2026-01-01')).toEqual([{ month: '2026-01-01', mask: 1 }]);
    expect(periodMasks('2026-01-01', '2026-01-31')).toEqual([{ month: '2026-01-01', mask: WHOLE_MONTH }]);
    expect(periodMasks('2026-01-30', '2026-03-02')).toEqual([
      { month: '2026-01-01', mask: (1 << 29) | (1 << 30) },
      { month: '2026-02-01', mask: WHOLE_MONTH },
      { month: '2026-03-01', mask: 0b11 },
    ]);
    expect(periodMasks('2025-12-31', '2026-01-01')).toEqual([
      { month: '2025-12-01', mask: 1 << 30 },
      { month: '2026-01-01', mask: 1 },
    ]);
    expect(periodMasks('2026-02-02', '2026-02-01')).toEqual([]);
  });
});

/**
 * Active members over a period read from the roll-up's month bitmaps (member_active_months) must be the
 * members with a round on a day of the period (member_daily), each once, at the period's edges and across
 * a month's end; the minute's and the hour's runs keep the bitmaps as they rewrite member-days.
 */
describe.each(databaseKinds)('active members over a period on %s', (kind) => {
  let ctx: TestContext;
  let brand: Brand;
  let today: string;
  /** The last day of a month and the first of the next, both weeks ago. */
  let monthEnd: string;
  let nextMonth: string;
  let onlyEnd: Member;
  let onlyStart: Member;
  let both: Member;
  let mid: Member;

  /** A settled (or open) round of `who` at noon of `day` in the brand's zone, or now. */
  const round = async (who: Member, day: string | null, status: 'settled' | 'open' = 'settled') => {
    const at = day ? new Date(startOfDay(day, brand.timeZone).getTime() + 12 * 3_600_000) : new Date();
    const id = `act-${process.pid}-${++seq}`;
    await ctx.handle.db.execute(sql`
      INSERT INTO vendor_rounds (brand_id, vendor_code, round_id, member_id, game_code, stake, payout, status,
        created_at, settled_at)
      VALUES (${brand.id}, 'SUNL', ${id}, ${who.id}, 'g1', 1000, 0, ${status}, ${at.toISOString()}::timestamptz,
        ${status === 'settled' ? at.toISOString() : null}::timestamptz)`);
    return id;
  };
  /** The reference: distinct members with a round that day in member_daily over [from, to]. */
  const distinct = async (from: string, to: string) =>
    Number(
      rowsOf<{ n: number }>(
        await ctx.handle.db.execute(sql`
          SELECT count(DISTINCT member_id)::int AS n FROM member_daily
          WHERE brand_id = ${brand.id} AND day BETWEEN ${from}::date AND ${to}::date AND rounds > 0`),
      )[0]!.n,
    );
  /** Which of our members the bitmaps count over [from, to], and that the count is the reference's. */
  const active = async (from: string, to: string) => {
    const n = await ctx.app.agents.brandActiveMembers(brand.id, from, to);
    expect([from, to, n]).toEqual([from, to, await distinct(from, to)]);
    const ids = new Set(await ctx.app.agents.brandActiveMemberIds(brand.id, from, to));
    expect(ids.size).toBe(n);
    const names = { onlyEnd, onlyStart, both, mid };
    return Object.entries(names)
      .filter(([, m]) => ids.has(m.id))
      .map(([name]) => name)
      .sort();
  };
  const bitmap = async (who: Member, month: string) =>
    rowsOf<{ days: number }>(
      await ctx.handle.db.execute(sql`
        SELECT days FROM member_active_months WHERE member_id = ${who.id} AND month = ${month}::date`),
    )[0]?.days ?? null;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const [b] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    brand = b as unknown as Brand;
    today = dayIn(new Date(), brand.timeZone);
    const earlier = monthOf(addDays(today, -45));
    nextMonth = monthOf(addDays(earlier, 40));
    monthEnd = addDays(nextMonth, -1);
    [onlyEnd, onlyStart, both, mid] = [
      await newMember(ctx, { prefix: 'act' }),
      await newMember(ctx, { prefix: 'act' }),
      await newMember(ctx, { prefix: 'act' }),
      await newMember(ctx, { prefix: 'act' }),
    ];
    await round(onlyEnd, monthEnd);
    await round(onlyStart, nextMonth);
    await round(both, monthEnd);
    await round(both, nextMonth);
    await round(both, nextMonth);
    await round(mid, addDays(monthEnd, -10));
    // The hour's run, a day at a time as over a catch-up, and then both days at once again.
    for (const day of [addDays(monthEnd, -10), monthEnd, nextMonth])
      await ctx.app.agents.rollUp(brand, [day]);
    await ctx.app.agents.rollUp(brand, [monthEnd, nextMonth]);
  }, 120_000);
  afterAll(() => ctx.close());

  it('counts a member active only on the first or only on the last day of the period', async () => {
    expect(await active(monthEnd, monthEnd)).toEqual(['both', 'onlyEnd']);
    expect(await active(nextMonth, addDays(nextMonth, 5))).toEqual(['both', 'onlyStart']);
    expect(await active(addDays(monthEnd, -10), monthEnd)).toEqual(['both', 'mid', 'onlyEnd']);
    expect(await active(addDays(monthEnd, -9), monthEnd)).toEqual(['both', 'onlyEnd']);
    expect(await active(addDays(monthEnd, -20), addDays(monthEnd, -11))).toEqual([]);
    expect(await active(addDays(nextMonth, 1), addDays(nextMonth, 9))).toEqual([]);
  });

  it('counts each member once over a period across a month boundary', async () => {
    expect(await active(addDays(monthEnd, -3), addDays(nextMonth, 3))).toEqual([
      'both',
      'onlyEnd',
      'onlyStart',
    ]);
    expect(await active(addDays(monthEnd, -40), today)).toEqual(['both', 'mid', 'onlyEnd', 'onlyStart']);
    expect(await bitmap(both, monthOf(monthEnd))).toBe(1 << (Number(monthEnd.slice(8)) - 1));
    expect(await bitmap(both, nextMonth)).toBe(1);
  });

  it("clears a day that has no round any more when the hour's run rewrites it", async () => {
    await ctx.handle.db.execute(sql`DELETE FROM vendor_rounds WHERE member_id = ${onlyStart.id}`);
    await ctx.app.agents.rollUp(brand, [nextMonth]);
    expect(await bitmap(onlyStart, nextMonth)).toBeNull();
    expect(await bitmap(both, nextMonth)).toBe(1);
    expect(await active(addDays(monthEnd, -3), addDays(nextMonth, 3))).toEqual(['both', 'onlyEnd']);
  });

  it("sets and clears today's bit as the minute's run rewrites only the member-days that changed", async () => {
    const month = monthOf(today);
    const bit = 1 << (Number(today.slice(8)) - 1);
    const before = await bitmap(both, nextMonth);
    const open = await round(mid, null, 'open');
    await ctx.app.agents.rollUpChanges(brand, new Date(Date.now() - 60_000));
    expect(await bitmap(mid, month)).toBe(bit);
    expect(await active(today, today)).toEqual(['mid']);
    // Its round, still open, is looked at again by the next minute's run; it is gone (as if never made).
    await ctx.handle.db.execute(sql`DELETE FROM vendor_rounds WHERE round_id = ${open}`);
    await ctx.app.agents.rollUpChanges(brand, new Date(Date.now() - 60_000));
    expect(await bitmap(mid, month)).toBeNull();
    expect(await active(today, today)).toEqual([]);
    // Other members' months were left as they were.
    expect(await bitmap(both, nextMonth)).toBe(before);
    expect(await active(addDays(monthEnd, -10), monthEnd)).toEqual(['both', 'mid', 'onlyEnd']);
  });
});
