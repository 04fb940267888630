import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, sportsFixtures } from '../../server/db/schema';
import type { Brand } from '../../server/modules/brand/brand.service';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import { SportsRepository } from '../../server/modules/sports/sports.repository';
import { DEFAULT_SIMULATOR, SportsSimulator } from '../../server/modules/sports/sports-simulator';
import { CATALOGUE } from '../../src/sports/teams';
import { createTestContext, databaseKinds, fund, newMember, type TestContext } from './harness';

let seq = 0;
const rid = () => `sim-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

describe.each(databaseKinds)('the match simulator on %s', (kind) => {
  let ctx: TestContext;
  let brand: Brand;
  /** The test's clock: matches start and run when the test moves it. */
  let now = Date.now();
  let sim: SportsSimulator;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const [row] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    brand = {
      id: row!.id,
      currency: row!.currency,
      timeZone: row!.timeZone,
      maxAmount: row!.maxAmount,
    } as Brand;
    sim = new SportsSimulator(
      new SportsRepository(ctx.handle.db),
      ctx.app.sportsFeed,
      // Two hours ahead, 600 match seconds a second: a football match plays in 10 s of the test's clock.
      { ...DEFAULT_SIMULATOR, horizonMs: 2 * 3_600_000, speed: 600, suspendMs: 0 },
      undefined,
      () => now,
    );
  });
  afterAll(() => ctx.close());

  it('schedules each competition once per slot, Brazilian football first, priced with the margin', async () => {
    const made = await sim.schedule([brand]);
    expect(made).toBeGreaterThan(CATALOGUE.length);
    expect(await sim.schedule([brand])).toBe(0);
    const lobby = (await ctx.call('sportsLobby', { query: { kind: 'sports' } })).value;
    expect(lobby.competitions[0]!.name).toBe('Brasileirão Série A');
    const card = lobby.soon[0]!;
    expect(card.main!.outcomes).toHaveLength(3);
    // The book's margin: the three prices' inverses add up to more than 1 (and not absurdly more).
    const overround = card.main!.outcomes.reduce((n, o) => n + 10_000 / o.price!, 0);
    expect(overround).toBeGreaterThan(1.02);
    expect(overround).toBeLessThan(1.12);
    const esports = (await ctx.call('sportsLobby', { query: { kind: 'esports' } })).value;
    expect(esports.soon.length).toBeGreaterThan(0);
    expect(esports.soon.every((f) => f.bestOf !== null)).toBe(true);
  });

  it('plays a match live with events and prices that move, then settles the bets on its result', async () => {
    const lobby = (await ctx.call('sportsLobby', { query: { kind: 'sports' } })).value;
    const first = lobby.soon.find((f) => f.competition.name === 'Brasileirão Série A')!;
    const member = await newMember(ctx, { prefix: 'sim' });
    await fund(ctx, member, 100_000);
    const detail = (await ctx.call('sportsFixture', { query: { id: first.id } })).value.fixture;
    const m1x2 = detail.markets.find((m) => m.spec.type === '1x2')!;
    const over = detail.markets.find((m) => m.spec.type === 'over_under' && m.spec.lineQ === 10)!;
    for (const [market, key] of [
      [m1x2, 'home'],
      [m1x2, 'away'],
      [over, 'over'],
      [over, 'under'],
    ] as const) {
      const placed = await ctx.call('placeSportsSlip', {
        token: member.token,
        body: {
          requestId: rid(),
          kind: 'singles',
          legs: [{ marketId: market.id, key, price: market.outcomes.find((o) => o.key === key)!.price! }],
          stake: 1_000,
        },
      });
      expect(placed.code).toBe('OK');
    }
    expect((await ctx.call('walletBalance', { token: member.token })).value.balance).toBe(96_000);

    // Kick-off, then 10 minutes of match time.
    now = first.startsAt + 1;
    await sim.tick([brand]);
    now += 1_000;
    await sim.tick([brand]);
    const live = (await ctx.call('sportsFixture', { query: { id: first.id } })).value.fixture;
    expect(live.status).toBe('live');
    expect(live.live!.minute).toBeGreaterThanOrEqual(9);
    expect(live.live!.phase).toBe('first_half');

    // An operator suspends the event in the back office: the simulator plays on but keeps it suspended.
    const [running] = await ctx.handle.db
      .select()
      .from(sportsFixtures)
      .where(eq(sportsFixtures.id, first.id));
    const externalId = running!.externalId!;
    await ctx.app.sportsFeed.apply(brand, 'simulator', { type: 'suspend', externalId, suspended: true });
    for (let i = 0; i < 3; i++) {
      now += 200;
      await sim.tick([brand]);
    }
    expect((await ctx.call('sportsFixture', { query: { id: first.id } })).value.fixture.suspended).toBe(true);
    await ctx.app.sportsFeed.apply(brand, 'simulator', { type: 'suspend', externalId, suspended: false });

    // The rest of the match: it ends, and every bet settles on its result.
    for (let i = 0; i < 30; i++) {
      now += 1_000;
      await sim.tick([brand]);
    }
    const [row] = await ctx.handle.db.select().from(sportsFixtures).where(eq(sportsFixtures.id, first.id));
    expect(row!.status).toBe('ended');
    expect(row!.result).toMatchObject({ sport: 'football', status: 'finished' });
    const bets = (await ctx.call('mySportsBets', { token: member.token, query: { status: 'settled' } })).value
      .bets;
    expect(bets).toHaveLength(4);
    // Exactly one of over/under 2,5 won; at most one of home/away.
    const won = bets.filter((b) => b.status === 'won').map((b) => b.legs[0]!.key);
    expect(won.filter((k) => k === 'over' || k === 'under')).toHaveLength(1);
    expect(won.filter((k) => k === 'home' || k === 'away').length).toBeLessThanOrEqual(1);
    const ended = (await ctx.call('sportsFixture', { query: { id: first.id } })).value.fixture;
    expect(ended.live!.events.some((e) => e.type === 'full_time')).toBe(true);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it("offers each competition's outright priced from plays of the competition, and settles it on one more at its close", async () => {
    const lobby = (await ctx.call('sportsLobby', { query: { kind: 'sports' } })).value;
    expect(lobby.outrights.map((o) => o.competition.name)).toEqual([
      'Brasileirão Série A',
      'Copa Libertadores',
      'Premier League',
    ]);
    const br = lobby.outrights[0]!;
    expect(br).toMatchObject({ kind: 'outright', home: 'Brasileirão Série A 2026', marketCount: 2 });
    expect(br.startsAt).toBeGreaterThan(now + 3_600_000);
    const esports = (await ctx.call('sportsLobby', { query: { kind: 'esports' } })).value;
    expect(esports.outrights).toHaveLength(4);
    // Scheduling again makes no second outright of the period.
    await sim.schedule([brand]);
    expect((await ctx.call('sportsLobby', { query: { kind: 'sports' } })).value.outrights).toHaveLength(3);

    const detail = (await ctx.call('sportsFixture', { query: { id: br.id } })).value.fixture;
    const win = detail.markets.find((m) => m.spec.type === 'outright' && m.spec.places === 1)!;
    const top4 = detail.markets.find((m) => m.spec.type === 'outright' && m.spec.places === 4)!;
    const member = await newMember(ctx, { prefix: 'simo' });
    await fund(ctx, member, 100_000);
    const offered = win.outcomes.filter((o) => o.price !== null);
    for (const o of offered.slice(0, 3)) {
      const placed = await ctx.call('placeSportsSlip', {
        token: member.token,
        body: {
          requestId: rid(),
          kind: 'singles',
          legs: [{ marketId: win.id, key: o.key, price: o.price! }],
          stake: 1_000,
        },
      });
      expect(placed.code).toBe('OK');
    }
    const fav = top4.outcomes.find((o) => o.key === offered[0]!.key)!;
    const placed = await ctx.call('placeSportsSlip', {
      token: member.token,
      body: {
        requestId: rid(),
        kind: 'singles',
        legs: [{ marketId: top4.id, key: fav.key, price: fav.price! }],
        stake: 1_000,
      },
    });
    expect(placed.code).toBe('OK');

    // Its close (moved into the test clock's past): one tick plays the competition and settles every bet.
    await ctx.handle.db
      .update(sportsFixtures)
      .set({ startsAt: new Date(now - 1_000) })
      .where(eq(sportsFixtures.id, br.id));
    await sim.tick([brand]);
    await sim.tick([brand]);
    const [row] = await ctx.handle.db.select().from(sportsFixtures).where(eq(sportsFixtures.id, br.id));
    expect(row!.status).toBe('ended');
    expect(row!.resultVersion).toBe(1);
    const result = row!.result as { sport: string; standings: string[][] };
    expect(result.sport).toBe('outright');
    expect(result.standings.flat().sort()).toEqual(win.outcomes.map((o) => o.key).sort());
    const bets = (await ctx.call('mySportsBets', { token: member.token, query: { status: 'settled' } })).value
      .bets;
    expect(bets).toHaveLength(4);
    // A winner bet won exactly when its team finished first (tied on points, goal difference and goals: a dead heat).
    const champion = result.standings[0]!;
    for (const b of bets.filter((x) => x.legs[0]!.marketId === win.id))
      expect(b.status === 'won').toBe(champion.includes(b.legs[0]!.key));
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });
});
