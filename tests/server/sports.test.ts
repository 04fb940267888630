import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, sportsBets, sportsLimits, vendorRounds } from '../../server/db/schema';
import type { Brand } from '../../server/modules/brand/brand.service';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import type { FeedMarket } from '../../server/modules/sports/sports-feed';
import type { FootballResult } from '../../src/sports/settle';
import { createTestContext, databaseKinds, fund, type Member, newMember, type TestContext } from './harness';

let seq = 0;
const rid = () => `sb-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

const football = (ft: [number, number], ht: [number, number] = [0, 0]): FootballResult => ({
  sport: 'football',
  status: 'finished',
  ht,
  ft,
  corners: [5, 4],
  cards: [2, 1],
});

/** A fixture's markets as the operator (or a feed) prices them. */
const MARKETS: FeedMarket[] = [
  { spec: { type: '1x2' }, prices: { home: 21_000, draw: 34_000, away: 36_000 } },
  { spec: { type: 'asian_handicap', lineQ: -1 }, prices: { home: 19_500, away: 19_500 } },
  { spec: { type: 'over_under', stat: 'goals', lineQ: 10 }, prices: { over: 19_000, under: 19_000 } },
  { spec: { type: 'btts' }, prices: { yes: 18_000, no: 20_000 } },
];

describe.each(databaseKinds)('sportsbook on %s', (kind) => {
  let ctx: TestContext;
  let brand: Brand;
  let player: Member;
  let fixtureNo = 0;

  const balance = async (who: Member) =>
    (await ctx.call('walletBalance', { token: who.token })).value.balance;

  /** A new fixture of the operator's, starting in an hour, with MARKETS; answers its id and markets. */
  const newFixture = async (home = 'Flamengo', away = 'Palmeiras', startsIn = 3_600_000) => {
    const externalId = `t-${process.pid}-${++fixtureNo}`;
    const row = await ctx.app.sportsFeed.apply(brand, 'operator', {
      type: 'fixture',
      externalId,
      competition: {
        code: 'br-serie-a',
        sport: 'football',
        namePt: 'Brasileirão Série A',
        nameEn: 'Brazilian Série A',
        country: 'BR',
        priority: 1,
      },
      home,
      away,
      startsAt: Date.now() + startsIn,
      markets: MARKETS,
    });
    const detail = (await ctx.call('sportsFixture', { query: { id: row!.id } })).value.fixture;
    const market = (type: string) => detail.markets.find((m) => m.spec.type === type)!;
    return { id: row!.id, externalId, detail, market };
  };

  const place = (who: Member, body: Record<string, unknown>) =>
    ctx.call('placeSportsSlip', { token: who.token, body: { requestId: rid(), ...body } as never });

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const [row] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    brand = {
      id: row!.id,
      currency: row!.currency,
      timeZone: row!.timeZone,
      maxAmount: row!.maxAmount,
    } as Brand;
    player = await newMember(ctx, { prefix: 'sb' });
    await fund(ctx, player, 1_000_000);
  });
  afterAll(() => ctx.close());

  it('shows a fixture on the board with its markets, and takes a single once per request id', async () => {
    const f = await newFixture();
    const lobby = (await ctx.call('sportsLobby', { query: { kind: 'sports' } })).value;
    const card = lobby.soon.find((c) => c.id === f.id)!;
    expect(card).toMatchObject({ home: 'Flamengo', away: 'Palmeiras', status: 'scheduled' });
    expect(card.competition.name).toBe('Brasileirão Série A');
    expect(card.main!.outcomes).toEqual([
      { key: 'home', price: 21_000 },
      { key: 'draw', price: 34_000 },
      { key: 'away', price: 36_000 },
    ]);
    expect(lobby.competitions.find((c) => c.name === 'Brasileirão Série A')).toBeTruthy();

    const m = f.market('1x2');
    const before = await balance(player);
    const body = {
      requestId: rid(),
      kind: 'singles',
      legs: [{ marketId: m.id, key: 'home', price: 21_000 }],
      stake: 10_000,
    };
    const first = await place(player, body);
    expect(first.code).toBe('OK');
    expect(first.value.bets).toHaveLength(1);
    expect(first.value.bets[0]).toMatchObject({
      kind: 'single',
      status: 'open',
      stake: 10_000,
      potentialPayout: 21_000,
      reference: `S${first.value.bets[0]!.id}`,
    });
    expect(first.value.balance).toBe(before - 10_000);
    const retry = await place(player, body);
    expect(retry.value.bets.map((b) => b.id)).toEqual(first.value.bets.map((b) => b.id));
    expect(await balance(player)).toBe(before - 10_000);
    const [round] = await ctx.handle.db
      .select()
      .from(vendorRounds)
      .where(eq(vendorRounds.roundId, `S${first.value.bets[0]!.id}`));
    expect(round).toMatchObject({ vendorCode: 'FB', stake: 10_000, status: 'open', gameCode: 'football' });
  });

  it('opens the book through GCS_gameLaunchFB, and lists a competition and the results', async () => {
    const f = await newFixture('Juventude', 'Sport');
    const fb = await ctx.call('launchFbSports', { token: player.token, body: {} as never });
    expect(fb.value).toMatchObject({
      url: '/fbSport',
      opensIn: 'route',
      vassalage: 'FB',
      gameType: 'SPORTS',
    });
    const esports = await ctx.call('launchGame', { token: player.token, body: { vassalage: 'FBE' } });
    // No e-sports competition yet: the e-sports book has nothing to open.
    expect(esports.code).toBe('GAME_NOT_FOUND');
    // Opened, the book is among the member's recent games, and it can be kept among the favourites from
    // its lobby, which names its catalogue entry; it is still not a tile among the sports games.
    const recent = (await ctx.call('recentGames', { token: player.token, query: { limit: 10 } as never }))
      .value;
    expect(recent[0]).toMatchObject({
      vassalage: 'FB',
      gameCode: 'sportsbook',
      gameName: 'Apostas esportivas',
    });
    const lobby = (await ctx.call('sportsLobby', { token: player.token, query: { kind: 'sports' } })).value;
    expect(lobby.nodeId).toBe(recent[0]!.nodeId);
    const kept = await ctx.call('addFavourite', { token: player.token, body: { nodeId: lobby.nodeId! } });
    expect(kept.value.nodeIds).toContain(lobby.nodeId);
    const favourites = (
      await ctx.call('favouriteGames', { token: player.token, query: { limit: 10 } as never })
    ).value;
    expect(favourites.map((g) => g.gameCode)).toEqual(['sportsbook']);
    const listed = (await ctx.call('gameList', { token: player.token, query: { vassalage: 'FB' } as never }))
      .value;
    expect(listed.items.map((g) => g.gameCode)).not.toContain('sportsbook');
    await ctx.call('removeFavourite', { token: player.token, query: { nodeId: lobby.nodeId! } });

    const competition = f.detail.competition;
    const page = (await ctx.call('sportsCompetition', { query: { id: competition.id } })).value;
    expect(page.competition.name).toBe('Brasileirão Série A');
    expect(page.fixtures.map((x) => x.id)).toContain(f.id);
    expect((await ctx.call('sportsCompetition', { query: { id: 999_999 } })).code).toBe(
      'SPORTS_COMPETITION_NOT_FOUND',
    );
    expect((await ctx.call('sportsFixture', { query: { id: 999_999 } })).code).toBe(
      'SPORTS_FIXTURE_NOT_FOUND',
    );

    await ctx.app.sportsFeed.apply(brand, 'operator', {
      type: 'result',
      externalId: f.externalId,
      result: football([3, 1]),
    });
    const results = (await ctx.call('sportsResults', { query: { kind: 'sports' } })).value.fixtures;
    expect(results.find((x) => x.id === f.id)).toMatchObject({ status: 'ended', home: 'Juventude' });
    expect((await ctx.call('sportsResults', { query: { kind: 'esports' } })).value.fixtures).toEqual([]);
  });

  it('takes 50 identical slips sent at once once', async () => {
    const f = await newFixture('Corinthians', 'São Paulo');
    const before = await balance(player);
    const body = {
      requestId: rid(),
      kind: 'singles',
      legs: [{ marketId: f.market('btts').id, key: 'yes', price: 18_000 }],
      stake: 1_000,
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => place(player, body)));
    expect(answers.every((a) => a.code === 'OK')).toBe(true);
    expect(new Set(answers.map((a) => a.value.bets[0]!.id)).size).toBe(1);
    expect(await balance(player)).toBe(before - 1_000);
  });

  it('refuses a stale price unless the member accepts the move, and names the prices now', async () => {
    const f = await newFixture('Grêmio', 'Internacional');
    await ctx.app.sportsFeed.apply(brand, 'operator', {
      type: 'prices',
      externalId: f.externalId,
      markets: [{ spec: { type: '1x2' }, prices: { home: 20_000, draw: 35_000, away: 37_000 } }],
    });
    const m = f.market('1x2');
    const stale = await place(player, {
      kind: 'singles',
      legs: [{ marketId: m.id, key: 'home', price: 21_000 }],
      stake: 1_000,
    });
    expect(stale.code).toBe('PRICE_CHANGED');
    expect(stale.status).toBe(409);
    expect((stale.value as unknown as { legs: unknown[] }).legs).toEqual([
      { marketId: m.id, key: 'home', price: 20_000 },
    ]);
    // Better only: a lower price is still refused; a higher one is taken at the new price.
    const worse = await place(player, {
      kind: 'singles',
      accept: 'better',
      legs: [{ marketId: m.id, key: 'home', price: 21_000 }],
      stake: 1_000,
    });
    expect(worse.code).toBe('PRICE_CHANGED');
    const better = await place(player, {
      kind: 'singles',
      accept: 'better',
      legs: [{ marketId: m.id, key: 'away', price: 36_000 }],
      stake: 1_000,
    });
    expect(better.code).toBe('OK');
    expect(better.value.bets[0]!.legs[0]!.price).toBe(37_000);
    const any = await place(player, {
      kind: 'singles',
      accept: 'any',
      legs: [{ marketId: m.id, key: 'home', price: 21_000 }],
      stake: 1_000,
    });
    expect(any.value.bets[0]!.legs[0]!.price).toBe(20_000);
  });

  it('refuses related legs, 21 legs, a suspended market and a started fixture, writing nothing', async () => {
    const f = await newFixture('Bahia', 'Vitória');
    const before = await balance(player);
    const related = await place(player, {
      kind: 'accumulator',
      legs: [
        { marketId: f.market('1x2').id, key: 'home', price: 21_000 },
        { marketId: f.market('btts').id, key: 'yes', price: 18_000 },
      ],
      stake: 1_000,
    });
    expect(related.code).toBe('SLIP_RELATED_LEGS');
    const many = await place(player, {
      kind: 'accumulator',
      legs: Array.from({ length: 21 }, () => ({ marketId: f.market('1x2').id, key: 'home', price: 21_000 })),
      stake: 1_000,
    });
    expect(many.code).toBe('SLIP_TOO_MANY_LEGS');

    await ctx.app.sportsFeed.apply(brand, 'operator', {
      type: 'suspend',
      externalId: f.externalId,
      suspended: true,
    });
    const suspended = await place(player, {
      kind: 'singles',
      legs: [{ marketId: f.market('1x2').id, key: 'home', price: 21_000 }],
      stake: 1_000,
    });
    expect(suspended.code).toBe('MARKET_SUSPENDED');
    await ctx.app.sportsFeed.apply(brand, 'operator', {
      type: 'suspend',
      externalId: f.externalId,
      suspended: false,
    });

    // The kick-off passed but no one marked it live yet: a slow request after the start is refused.
    await ctx.handle.db.execute(
      sql`UPDATE sports_fixtures SET starts_at = now() - interval '1 second' WHERE id = ${f.id}`,
    );
    const fresh = (await ctx.call('sportsFixture', { query: { id: f.id } })).value.fixture;
    const late = await place(player, {
      kind: 'singles',
      legs: [
        {
          marketId: fresh.markets.find((m) => m.spec.type === '1x2')!.id,
          key: 'home',
          price: fresh.main!.outcomes[0]!.price,
        },
      ],
      stake: 1_000,
    });
    expect(late.code).toBe('MARKET_CLOSED');
    expect(await balance(player)).toBe(before);
  });

  it('refuses a stake over the maximum payout with the stake that fits', async () => {
    const f = await newFixture('Fortaleza', 'Ceará');
    await ctx.handle.db
      .insert(sportsLimits)
      .values({
        brandId: brand.id,
        sport: 'football',
        minStake: 100,
        maxStake: 1_000_000,
        maxPayout: 100_000,
        marketLiability: 10_000_000,
        eventLiability: 10_000_000,
        memberEventLiability: 10_000_000,
        betDelayMs: 8_000,
      })
      .onConflictDoNothing();
    ctx.app.sports.limitsChanged();
    const over = await place(player, {
      kind: 'singles',
      legs: [{ marketId: f.market('1x2').id, key: 'away', price: 36_000 }],
      stake: 30_000,
    });
    expect(over.code).toBe('STAKE_TOO_HIGH');
    // 100.000 / 3,60 = 27.777,77…: the most that pays at most 1.000,00 is 277,77.
    expect(over.message).toContain('277,77');
    const fits = await place(player, {
      kind: 'singles',
      legs: [{ marketId: f.market('1x2').id, key: 'away', price: 36_000 }],
      stake: 27_777,
    });
    expect(fits.code).toBe('OK');
    await ctx.handle.db.delete(sportsLimits).where(eq(sportsLimits.brandId, brand.id));
    ctx.app.sports.limitsChanged();
  });

  it('holds a member-event liability cap under 20 slips sent at once', async () => {
    const f = await newFixture('Ponte Preta', 'Guarani');
    const member = await newMember(ctx, { prefix: 'sbb' });
    await fund(ctx, member, 1_000_000);
    // Each single of 1.000 at 2,10 adds 1.100 of liability: a cap of 5.000 takes four of them.
    await ctx.handle.db.insert(sportsLimits).values({
      brandId: brand.id,
      sport: 'football',
      minStake: 100,
      maxStake: 1_000_000,
      maxPayout: 10_000_000,
      marketLiability: 10_000_000,
      eventLiability: 10_000_000,
      memberEventLiability: 5_000,
      betDelayMs: 8_000,
    });
    ctx.app.sports.limitsChanged();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        place(member, {
          kind: 'singles',
          legs: [{ marketId: f.market('1x2').id, key: 'home', price: 21_000 }],
          stake: 1_000,
        }),
      ),
    );
    expect(answers.filter((a) => a.code === 'OK')).toHaveLength(4);
    expect(answers.filter((a) => a.code !== 'OK').every((a) => a.code === 'STAKE_TOO_HIGH')).toBe(true);
    expect(await balance(member)).toBe(1_000_000 - 4_000);
    await ctx.handle.db.delete(sportsLimits).where(eq(sportsLimits.brandId, brand.id));
    ctx.app.sports.limitsChanged();
  });

  it('settles on the result, corrects it by the difference, and a rollback then settle equals one settle', async () => {
    const f = await newFixture('Santos', 'Botafogo');
    const other = await newFixture('Cruzeiro', 'Atlético-MG');
    const member = await newMember(ctx, { prefix: 'sbs' });
    await fund(ctx, member, 100_000);
    const single = await place(member, {
      kind: 'singles',
      legs: [{ marketId: f.market('asian_handicap').id, key: 'home', price: 19_500 }],
      stake: 10_000,
    });
    expect(single.code).toBe('OK');
    const double = await place(member, {
      kind: 'accumulator',
      legs: [
        { marketId: f.market('1x2').id, key: 'home', price: 21_000 },
        { marketId: other.market('over_under').id, key: 'over', price: 19_000 },
      ],
      stake: 10_000,
    });
    expect(double.code).toBe('OK');
    expect(await balance(member)).toBe(80_000);

    // Santos 1-0: AH −0.25 home wins in full; 1x2 home wins; the double waits for the other fixture.
    await ctx.app.sportsFeed.apply(brand, 'operator', {
      type: 'result',
      externalId: f.externalId,
      result: football([1, 0]),
    });
    expect(await balance(member)).toBe(80_000 + 19_500);
    const open = (await ctx.call('mySportsBets', { token: member.token, query: { status: 'open' } })).value
      .bets;
    expect(open.map((b) => b.id)).toEqual([double.value.bets[0]!.id]);
    expect(open[0]!.legs[0]!.result).toBe('win');

    // Cruzeiro 2-1 (3 goals, over 2.5): the double pays 10.000 × 2,10 × 1,90 = 39.900.
    await ctx.app.sportsFeed.apply(brand, 'operator', {
      type: 'result',
      externalId: other.externalId,
      result: football([2, 1]),
    });
    const settled = 80_000 + 19_500 + 39_900;
    expect(await balance(member)).toBe(settled);

    // A correction: Santos 0-0. The single's AH −0.25 becomes a half-lose (5.000 back), the double lost.
    await ctx.app.sportsFeed.apply(brand, 'operator', {
      type: 'result',
      externalId: f.externalId,
      result: football([0, 0]),
    });
    expect(await balance(member)).toBe(80_000 + 5_000);
    // Withdrawn, then the right result again: where one settle would have ended.
    await ctx.app.sportsFeed.apply(brand, 'operator', { type: 'withdraw_result', externalId: f.externalId });
    expect(await balance(member)).toBe(80_000);
    await ctx.app.sportsFeed.apply(brand, 'operator', {
      type: 'result',
      externalId: f.externalId,
      result: football([1, 0]),
    });
    expect(await balance(member)).toBe(settled);
    const rows = await ctx.handle.db.select().from(sportsBets).where(eq(sportsBets.memberId, member.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['won', 'won']);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('cashes out half of a bet, pays 20 parallel takes of one quote once, and refuses while suspended', async () => {
    const f = await newFixture('Vasco', 'Fluminense');
    const member = await newMember(ctx, { prefix: 'sbc' });
    await fund(ctx, member, 100_000);
    const bet = (
      await place(member, {
        kind: 'singles',
        legs: [{ marketId: f.market('1x2').id, key: 'home', price: 21_000 }],
        stake: 10_000,
      })
    ).value.bets[0]!;
    // The price shortens to 1,50: the bet is worth 10.000 × 2,10 / 1,50 = 14.000, less 5 %: 13.300.
    await ctx.app.sportsFeed.apply(brand, 'operator', {
      type: 'prices',
      externalId: f.externalId,
      markets: [{ spec: { type: '1x2' }, prices: { home: 15_000, draw: 40_000, away: 60_000 } }],
    });
    const quote = (
      await ctx.call('cashOutQuote', { token: member.token, body: { betId: bet.id, share: 5_000 } })
    ).value;
    expect(quote).toMatchObject({ stakePart: 5_000, amount: 6_650 });
    const takes = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.call('cashOut', { token: member.token, body: { quoteId: quote.quoteId, requestId: rid() } }),
      ),
    );
    expect(takes.filter((t) => t.code === 'OK')).toHaveLength(1);
    expect(takes.filter((t) => t.code !== 'OK').every((t) => t.code === 'CASHOUT_QUOTE_EXPIRED')).toBe(true);
    expect(await balance(member)).toBe(90_000 + 6_650);
    const after = (await ctx.call('sportsBet', { token: member.token, query: { id: bet.id } })).value;
    expect(after).toMatchObject({
      status: 'open',
      openStake: 5_000,
      cashedOut: 6_650,
      potentialPayout: 10_500,
    });

    await ctx.app.sportsFeed.apply(brand, 'operator', {
      type: 'suspend',
      externalId: f.externalId,
      suspended: true,
    });
    const refused = await ctx.call('cashOutQuote', { token: member.token, body: { betId: bet.id } });
    expect(refused.code).toBe('CASHOUT_UNAVAILABLE');
    await ctx.app.sportsFeed.apply(brand, 'operator', {
      type: 'suspend',
      externalId: f.externalId,
      suspended: false,
    });

    // The rest rides to the result: a win pays 5.000 × 2,10 on top of the cash-out.
    await ctx.app.sportsFeed.apply(brand, 'operator', {
      type: 'result',
      externalId: f.externalId,
      result: football([2, 0]),
    });
    expect(await balance(member)).toBe(90_000 + 6_650 + 10_500);
    const [round] = await ctx.handle.db
      .select()
      .from(vendorRounds)
      .where(eq(vendorRounds.roundId, `S${bet.id}`));
    expect(round).toMatchObject({ stake: 10_000, payout: 6_650 + 10_500, status: 'settled' });
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('takes an accumulator of a live leg and a pre-match leg after the delay', async () => {
    const live = await newFixture('Paysandu', 'Remo', 60_000);
    const later = await newFixture('Goiás', 'Vila Nova');
    const member = await newMember(ctx, { prefix: 'sbm' });
    await fund(ctx, member, 10_000);
    await ctx.app.sportsFeed.apply(brand, 'operator', {
      type: 'live',
      externalId: live.externalId,
      live: {
        phase: 'first_half',
        minute: 5,
        score: [0, 0],
        map: null,
        mapScore: null,
        corners: [0, 0],
        cards: [0, 0],
        events: [],
      },
    });
    const bet = (
      await place(member, {
        kind: 'accumulator',
        legs: [
          { marketId: live.market('1x2').id, key: 'home', price: 21_000 },
          { marketId: later.market('btts').id, key: 'yes', price: 18_000 },
        ],
        stake: 1_000,
      })
    ).value.bets[0]!;
    expect(bet.status).toBe('pending');
    await ctx.handle.db.execute(sql`UPDATE sports_bets SET accepts_at = now() WHERE id = ${bet.id}`);
    await ctx.app.sports.decideDue();
    expect((await ctx.call('sportsBet', { token: member.token, query: { id: bet.id } })).value.status).toBe(
      'open',
    );
  });

  it('holds an in-play bet for its delay, then takes it, or gives the stake back when the market moved', async () => {
    const f = await newFixture('Sport', 'Náutico', 60_000);
    const member = await newMember(ctx, { prefix: 'sbl' });
    await fund(ctx, member, 100_000);
    await ctx.app.sportsFeed.apply(brand, 'operator', {
      type: 'live',
      externalId: f.externalId,
      live: {
        phase: 'first_half',
        minute: 10,
        score: [0, 0],
        map: null,
        mapScore: null,
        corners: [0, 0],
        cards: [0, 0],
        events: [],
      },
    });
    const m = f.market('1x2');
    const kept = (
      await place(member, {
        kind: 'singles',
        legs: [{ marketId: m.id, key: 'home', price: 21_000 }],
        stake: 1_000,
      })
    ).value.bets[0]!;
    expect(kept.status).toBe('pending');
    expect(kept.acceptsAt! - Date.now()).toBeGreaterThan(6_000);
    const moved = (
      await place(member, {
        kind: 'singles',
        legs: [{ marketId: m.id, key: 'draw', price: 34_000 }],
        stake: 2_000,
      })
    ).value.bets[0]!;
    expect(await balance(member)).toBe(97_000);
    // A goal: new prices while both wait (the draw shortened, the home price went up).
    await ctx.app.sportsFeed.apply(brand, 'operator', {
      type: 'prices',
      externalId: f.externalId,
      markets: [{ spec: { type: '1x2' }, prices: { home: 21_000, draw: 30_000, away: 40_000 } }],
    });
    await ctx.handle.db.execute(
      sql`UPDATE sports_bets SET accepts_at = now() WHERE member_id = ${member.id}`,
    );
    expect(await ctx.app.sports.decideDue()).toBeGreaterThanOrEqual(2);
    const now = (id: number) => ctx.call('sportsBet', { token: member.token, query: { id } });
    expect((await now(kept.id)).value.status).toBe('open');
    expect((await now(moved.id)).value).toMatchObject({ status: 'rejected', rejectReason: 'PRICE_CHANGED' });
    expect(await balance(member)).toBe(99_000);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });
});
