import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brands } from '../../server/db/schema';
import type { Brand } from '../../server/modules/brand/brand.service';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import type { AdminSportsFixture } from '../../src/api/contract/backoffice-sports';
import {
  createTestContext,
  databaseKinds,
  fund,
  type Member,
  newMember,
  newOperator,
  type TestContext,
} from './harness';

let seq = 0;
const rid = () => `sba-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

type Operator = Awaited<ReturnType<typeof newOperator>>;

/**
 * The operator's book in the back office (issue 28, item 8): a fixture entered with its prices, bet on by
 * a member, suspended and resumed, its exposure, settled, corrected, withdrawn, a market voided with the
 * reason the member reads, a fixture called off, margins and limits; who may do what, and an audit row
 * for every change.
 */
describe.each(databaseKinds)('sportsbook back office on %s', (kind) => {
  let ctx: TestContext;
  let trader: Operator;
  let support: Operator;
  let player: Member;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    trader = await newOperator(ctx, 'risk');
    support = await newOperator(ctx, 'support');
    player = await newMember(ctx, { prefix: 'sba' });
    await fund(ctx, player, 1_000_000);
  });
  afterAll(() => ctx.close());

  const balance = async (who: Member) =>
    (await ctx.call('walletBalance', { token: who.token })).value.balance;
  const place = (who: Member, legs: Array<{ marketId: number; key: string; price: number }>, stake: number) =>
    ctx.call('placeSportsSlip', {
      token: who.token,
      body: { requestId: rid(), kind: 'singles', legs, stake } as never,
    });
  const audits = (action: string, target?: string) =>
    ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), target ? like(auditLog.target, `${target}%`) : undefined))
      // In the order they were written: a table read without an order comes back in any.
      .orderBy(asc(auditLog.id));
  const market = (f: AdminSportsFixture, type: string) => f.markets.find((m) => m.spec.type === type)!;
  const priceOf = (f: AdminSportsFixture, type: string, key: string) =>
    market(f, type).outcomes.find((o) => o.key === key)!.price!;

  /** A football fixture of a new competition (or `competitionId`), an hour from now, with typed prices. */
  const create = async (
    home: string,
    away: string,
    extra: Record<string, unknown> = {},
    token = trader.token,
  ) =>
    ctx.call('createSportsFixture', {
      token,
      body: {
        sport: 'football',
        competition: { namePt: 'Copa do Operador', nameEn: "Operator's Cup", country: 'br' },
        home,
        away,
        startsAt: Date.now() + 3_600_000,
        markets: [
          { spec: { type: '1x2' }, prices: { home: 21_000, draw: 34_000, away: 36_000 } },
          { spec: { type: 'btts' }, prices: { yes: 18_000, no: 20_000 } },
          { spec: { type: 'over_under', stat: 'goals', lineQ: 10 }, prices: { over: 19_000, under: 19_000 } },
          // Not in the template (a line of 7.5 goals): not offered.
          { spec: { type: 'over_under', stat: 'goals', lineQ: 30 }, prices: { over: 50_000, under: 11_000 } },
        ],
        requestId: rid(),
        ...extra,
      } as never,
    });

  it('keeps reading to sports.read and trading to sports.manage', async () => {
    const content = await newOperator(ctx, 'content');
    expect((await ctx.call('adminSportsFixtures', { token: content.token, query: {} })).code).toBe(
      'ROLE_FORBIDDEN',
    );
    expect((await ctx.call('adminSportsFixtures', { token: support.token, query: {} })).code).toBe('OK');
    expect((await ctx.call('adminSportsLimits', { token: support.token })).code).toBe('OK');
    const refused = await create('Bangu', 'Madureira', {}, support.token);
    expect([refused.status, refused.code]).toEqual([403, 'ROLE_FORBIDDEN']);
    const limits = await ctx.call('saveSportsLimits', {
      token: support.token,
      body: {
        sport: '*',
        limits: {
          minStake: 100,
          maxStake: 100,
          maxPayout: 100,
          marketLiability: 0,
          eventLiability: 0,
          memberEventLiability: 0,
          betDelayMs: 0,
        },
        reason: 'not allowed',
        requestId: rid(),
      },
    });
    expect(limits.code).toBe('ROLE_FORBIDDEN');
    expect(await audits('sports_fixture_create', '#')).toEqual([]);
  });

  it('enters a fixture with typed prices once per request id, and a member bets on it', async () => {
    const requestId = rid();
    const first = await create('Flamengo', 'Palmeiras', { requestId });
    expect(first.code).toBe('OK');
    const f = first.value;
    expect(f).toMatchObject({
      sport: 'football',
      competition: 'Copa do Operador',
      status: 'scheduled',
      source: 'operator',
      suspended: false,
      marketCount: 3,
    });
    expect(f.markets.map((m) => m.spec.type).sort()).toEqual(['1x2', 'btts', 'over_under']);
    expect(priceOf(f, '1x2', 'draw')).toBe(34_000);
    const again = await create('Flamengo', 'Palmeiras', { requestId });
    expect(again.value.id).toBe(f.id);
    expect(await audits('sports_fixture_create', `#${f.id} `)).toHaveLength(1);

    // The member's page shows it with the operator's prices; a bet goes through.
    const seen = (await ctx.call('sportsFixture', { query: { id: f.id } })).value.fixture;
    expect(seen.competition.name).toBe('Copa do Operador');
    const before = await balance(player);
    const bet = await place(player, [{ marketId: market(f, '1x2').id, key: 'home', price: 21_000 }], 10_000);
    expect(bet.code).toBe('OK');
    expect(await balance(player)).toBe(before - 10_000);

    // A second fixture of the same competition, picked by id.
    const competitions = (await ctx.call('adminSportsCompetitions', { token: trader.token })).value
      .competitions;
    const cup = competitions.find((c) => c.nameEn === "Operator's Cup")!;
    expect(cup).toMatchObject({ sport: 'football', country: 'BR', source: 'operator', marginBp: 600 });
    const second = await create('Vasco', 'Botafogo', { competition: undefined, competitionId: cup.id });
    expect(second.value.competitionId).toBe(cup.id);
  });

  it('suspends and resumes a fixture and a market, reprices, and shows the liability of the bets', async () => {
    const f = (await create('Grêmio', 'Internacional')).value;
    const m1x2 = market(f, '1x2');
    const suspended = await ctx.call('suspendSportsFixture', {
      token: trader.token,
      body: { id: f.id, suspended: true, requestId: rid() },
    });
    expect(suspended.value.suspended).toBe(true);
    expect((await place(player, [{ marketId: m1x2.id, key: 'home', price: 21_000 }], 1_000)).code).toBe(
      'MARKET_SUSPENDED',
    );
    await ctx.call('suspendSportsFixture', {
      token: trader.token,
      body: { id: f.id, suspended: false, requestId: rid() },
    });
    expect((await place(player, [{ marketId: m1x2.id, key: 'home', price: 21_000 }], 1_000)).code).toBe('OK');

    const btts = market(f, 'btts');
    const off = await ctx.call('suspendSportsMarket', {
      token: trader.token,
      body: { marketId: btts.id, suspended: true, requestId: rid() },
    });
    expect(market(off.value, 'btts').status).toBe('suspended');
    expect((await place(player, [{ marketId: btts.id, key: 'yes', price: 18_000 }], 1_000)).code).toBe(
      'MARKET_SUSPENDED',
    );
    await ctx.call('suspendSportsMarket', {
      token: trader.token,
      body: { marketId: btts.id, suspended: false, requestId: rid() },
    });

    // New prices: the member's slip at the old one is refused with the new one.
    const repriced = await ctx.call('priceSportsMarket', {
      token: trader.token,
      body: { marketId: m1x2.id, prices: { home: 19_500, draw: 35_000, away: 40_000 }, requestId: rid() },
    });
    expect(priceOf(repriced.value, '1x2', 'home')).toBe(19_500);
    expect((await place(player, [{ marketId: m1x2.id, key: 'home', price: 21_000 }], 1_000)).code).toBe(
      'PRICE_CHANGED',
    );
    const big = await place(player, [{ marketId: m1x2.id, key: 'away', price: 40_000 }], 5_000);
    expect(big.code).toBe('OK');

    // Exposure: 1.000 at 2,10 on home (1.100 beyond the stake), 5.000 at 4,00 on away (15.000).
    const top = (await ctx.call('adminSportsExposure', { token: support.token })).value;
    expect(top.events.find((e) => e.id === f.id)).toMatchObject({ liability: 16_100, stake: 6_000, bets: 2 });
    const event = (await ctx.call('adminSportsEventExposure', { token: support.token, query: { id: f.id } }))
      .value;
    const outcomes = event.markets.find((m) => m.id === m1x2.id)!.outcomes;
    expect(outcomes).toEqual([
      { key: 'home', price: 19_500, liability: 1_100, stake: 1_000, bets: 1 },
      { key: 'draw', price: 35_000, liability: 0, stake: 0, bets: 0 },
      { key: 'away', price: 40_000, liability: 15_000, stake: 5_000, bets: 1 },
    ]);
    // The markets with the most liability first.
    expect(event.markets[0]!.id).toBe(m1x2.id);
    const listed = (await ctx.call('adminSportsFixtures', { token: support.token, query: { q: 'grêmio' } }))
      .value.fixtures;
    expect(listed.map((x) => [x.id, x.liability, x.bets])).toEqual([[f.id, 16_100, 2]]);

    const target = `#${f.id} `;
    expect(await audits('sports_fixture_suspend', target)).toHaveLength(1);
    expect(await audits('sports_fixture_resume', target)).toHaveLength(1);
    expect(await audits('sports_market_suspend', target)).toHaveLength(1);
    expect(await audits('sports_market_resume', target)).toHaveLength(1);
    const [prices] = await audits('sports_prices', target);
    expect(prices!.detail).toMatchObject({
      before: { home: 21_000, draw: 34_000, away: 36_000 },
      after: { home: 19_500, draw: 35_000, away: 40_000 },
    });
    // The same suspension sent again changes nothing and records nothing.
    await ctx.call('suspendSportsFixture', {
      token: trader.token,
      body: { id: f.id, suspended: false, requestId: rid() },
    });
    expect(await audits('sports_fixture_resume', target)).toHaveLength(1);
  });

  it('settles two fixtures whose results arrive at once: a double across both is paid once', async () => {
    const member = await newMember(ctx, { prefix: 'sbpar' });
    await fund(ctx, member, 100_000);
    const a = (await create('Bahia', 'Vitória')).value;
    const b = (await create('Ceará', 'Fortaleza')).value;
    const legA = { marketId: market(a, '1x2').id, key: 'home', price: 21_000 };
    const legB = { marketId: market(b, '1x2').id, key: 'home', price: 21_000 };
    const double = await ctx.call('placeSportsSlip', {
      token: member.token,
      body: { requestId: rid(), kind: 'accumulator', legs: [legA, legB], stake: 10_000 } as never,
    });
    const singles = await place(member, [legA, legB], 10_000);
    expect([double.code, singles.code]).toEqual(['OK', 'OK']);
    expect(await balance(member)).toBe(70_000);

    const result = {
      sport: 'football' as const,
      status: 'finished' as const,
      ht: [1, 0] as [number, number],
      ft: [2, 0] as [number, number],
      corners: [5, 4] as [number, number],
      cards: [1, 3] as [number, number],
    };
    const settled = await Promise.all(
      [a, b].map((f) =>
        ctx.call('resultSportsFixture', {
          token: trader.token,
          body: { id: f.id, result, requestId: rid() },
        }),
      ),
    );
    expect(settled.map((r) => r.code)).toEqual(['OK', 'OK']);
    // The double pays 10.000 × 2,10 × 2,10 = 44.100 once, each single 21.000.
    expect(await balance(member)).toBe(70_000 + 44_100 + 2 * 21_000);
    const bets = (await ctx.call('mySportsBets', { token: member.token, query: { status: 'settled' } })).value
      .bets;
    expect(bets.map((x) => [x.kind, x.status, x.payout]).sort()).toEqual([
      ['accumulator', 'won', 44_100],
      ['single', 'won', 21_000],
      ['single', 'won', 21_000],
    ]);
    const top = (await ctx.call('adminSportsExposure', { token: support.token })).value.events;
    for (const f of [a, b]) expect(top.find((e) => e.id === f.id)?.liability ?? 0).toBe(0);
  });

  it('marks a fixture live, settles it, corrects and withdraws the result, each in the log with its operator', async () => {
    const member = await newMember(ctx, { prefix: 'sbas' });
    await fund(ctx, member, 100_000);
    const f = (await create('Santos', 'Corinthians')).value;
    const home = await place(member, [{ marketId: market(f, '1x2').id, key: 'home', price: 21_000 }], 10_000);
    const over = await place(
      member,
      [{ marketId: market(f, 'over_under').id, key: 'over', price: 19_000 }],
      10_000,
    );
    expect([home.code, over.code]).toEqual(['OK', 'OK']);
    expect(await balance(member)).toBe(80_000);
    // The book's liability on the event: 11.000 beyond the stake on home at 2,10, 9.000 on over at 1,90.
    const exposed = async () =>
      (await ctx.call('adminSportsExposure', { token: support.token })).value.events.find(
        (e) => e.id === f.id,
      )?.liability ?? 0;
    expect(await exposed()).toBe(20_000);

    const live = await ctx.call('liveSportsFixture', {
      token: trader.token,
      body: { id: f.id, score: [1, 0], minute: 23, requestId: rid() },
    });
    expect(live.value).toMatchObject({ status: 'live', score: [1, 0] });
    expect(live.value.live!.events).toEqual([{ at: 23, type: 'goal', side: 'home', detail: '1-0' }]);
    // The list puts what is live first, then what is to come.
    const all = (await ctx.call('adminSportsFixtures', { token: support.token, query: {} })).value.fixtures;
    expect(all[0]).toMatchObject({ id: f.id, status: 'live' });
    expect(all[1]!.status).toBe('scheduled');

    // 2-1: home and over 2.5 win: 21.000 + 19.000.
    const result = {
      sport: 'football' as const,
      status: 'finished' as const,
      ht: [1, 0] as [number, number],
      ft: [2, 1] as [number, number],
      corners: [6, 3] as [number, number],
      cards: [2, 2] as [number, number],
    };
    const settled = await ctx.call('resultSportsFixture', {
      token: trader.token,
      body: { id: f.id, result, requestId: rid() },
    });
    expect(settled.value).toMatchObject({ status: 'ended', hasResult: true, score: [2, 1] });
    expect(market(settled.value, '1x2').outcomes.map((o) => o.result)).toEqual(['win', 'lose', 'lose']);
    expect(await balance(member)).toBe(80_000 + 21_000 + 19_000);
    // Settled, the bets hold nothing of the book's exposure any more.
    expect(await exposed()).toBe(0);
    // Sent again (a retry): nothing moves, nothing is recorded twice.
    await ctx.call('resultSportsFixture', {
      token: trader.token,
      body: { id: f.id, result, requestId: rid() },
    });
    expect(await balance(member)).toBe(120_000);

    // A correction: 0-1. Both bets lost: what they were paid is taken back.
    const corrected = await ctx.call('resultSportsFixture', {
      token: trader.token,
      body: {
        id: f.id,
        result: { ...result, ht: [0, 0], ft: [0, 1] },
        reason: 'Gol anulado pelo VAR depois do jogo',
        requestId: rid(),
      },
    });
    expect(corrected.value.score).toEqual([0, 1]);
    expect(await balance(member)).toBe(80_000);
    // Withdrawn: the bets are open again; then the right result once more.
    const withdrawn = await ctx.call('withdrawSportsResult', {
      token: trader.token,
      body: { id: f.id, reason: 'Resultado lançado no jogo errado', requestId: rid() },
    });
    expect(withdrawn.value.hasResult).toBe(false);
    const open = (await ctx.call('mySportsBets', { token: member.token, query: { status: 'open' } })).value
      .bets;
    expect(open).toHaveLength(2);
    // Open again, the bets hold their liability again: the exposure view shows it, then settling takes it off.
    expect(await exposed()).toBe(20_000);
    await ctx.call('resultSportsFixture', {
      token: trader.token,
      body: { id: f.id, result, requestId: rid() },
    });
    expect(await balance(member)).toBe(120_000);
    expect(await exposed()).toBe(0);

    const log = (
      await ctx.call('adminSportsSettlements', { token: support.token, query: { fixtureId: f.id } })
    ).value.entries;
    expect(log.map((e) => [e.action, e.operator])).toEqual([
      ['settle', trader.username],
      ['rollback', trader.username],
      ['resettle', trader.username],
      ['settle', trader.username],
    ]);
    expect(log[2]).toMatchObject({
      bets: 2,
      clawedBack: 40_000,
      reason: 'Gol anulado pelo VAR depois do jogo',
    });
    const target = `#${f.id} `;
    expect(await audits('sports_live', target)).toHaveLength(1);
    expect(await audits('sports_result', target)).toHaveLength(2);
    const [correction] = await audits('sports_result_correct', target);
    expect(correction!.detail).toMatchObject({
      reason: 'Gol anulado pelo VAR depois do jogo',
      before: { ft: [2, 1] },
      after: { ft: [0, 1] },
    });
    expect(await audits('sports_result_withdraw', target)).toHaveLength(1);

    // Bets by member, by id and by fixture, with their legs.
    const byMember = (
      await ctx.call('adminSportsBets', { token: support.token, query: { username: member.username } })
    ).value.bets;
    expect(byMember.map((b) => b.status)).toEqual(['won', 'won']);
    expect(byMember[0]).toMatchObject({
      username: member.username,
      legs: [{ home: 'Santos', away: 'Corinthians' }],
    });
    const byId = (
      await ctx.call('adminSportsBets', { token: support.token, query: { id: home.value.bets[0]!.id } })
    ).value.bets;
    expect(byId.map((b) => b.id)).toEqual([home.value.bets[0]!.id]);
    const byFixture = (
      await ctx.call('adminSportsBets', { token: support.token, query: { fixtureId: f.id } })
    ).value.bets;
    expect(byFixture).toHaveLength(2);

    // An ended fixture takes no prices or suspension.
    const late = await ctx.call('priceSportsMarket', {
      token: trader.token,
      body: { marketId: market(f, 'btts').id, prices: { yes: 17_000, no: 21_000 }, requestId: rid() },
    });
    expect(late.code).toBe('SPORTS_NOT_CHANGEABLE');
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('adds a market the fixture did not offer, once; refuses one of another sport, a bad line, one price or a duplicate', async () => {
    const f = (await create('Ceará', 'Fortaleza')).value;
    const corners = { type: 'over_under' as const, stat: 'corners' as const, lineQ: 38 };
    const add = (spec: unknown, prices: Record<string, number>, requestId = rid()) =>
      ctx.call('addSportsMarket', {
        token: trader.token,
        body: { fixtureId: f.id, spec: spec as never, prices, requestId },
      });
    expect((await add({ type: 'match_winner' }, { home: 19_000, away: 19_000 })).code).toBe(
      'SPORTS_MARKET_INVALID',
    );
    expect((await add({ ...corners, lineQ: 0 }, { over: 19_000, under: 19_000 })).code).toBe(
      'SPORTS_MARKET_INVALID',
    );
    expect((await add(corners, { over: 19_000 })).code).toBe('SPORTS_NO_PRICES');
    const requestId = rid();
    const added = await add(corners, { over: 18_500, under: 19_500 }, requestId);
    expect(added.code).toBe('OK');
    const m = added.value.markets.find((x) => x.spec.type === 'over_under' && x.spec.stat === 'corners')!;
    expect(m).toMatchObject({ status: 'open', manual: false });
    expect(m.outcomes.map((o) => o.price)).toEqual([18_500, 19_500]);
    // The same again (a retry) answers the same; other prices for it are a change of prices, not an add.
    expect((await add(corners, { over: 18_500, under: 19_500 }, requestId)).value.markets).toHaveLength(
      added.value.markets.length,
    );
    expect((await add(corners, { over: 17_000, under: 21_000 })).code).toBe('SPORTS_MARKET_EXISTS');
    const member = await newMember(ctx, { prefix: 'sbam' });
    await fund(ctx, member, 10_000);
    expect((await place(member, [{ marketId: m.id, key: 'over', price: 18_500 }], 1_000)).code).toBe('OK');
    expect(await audits('sports_market_add', `#${f.id} `)).toHaveLength(1);
  });

  it("holds a feed's market at the operator's prices until given back; the feed still suspends it", async () => {
    const [row] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    const brand = { id: row!.id, currency: row!.currency, maxAmount: row!.maxAmount } as Brand;
    const externalId = `feed-${rid()}`;
    const feedPrices = (home: number, status: 'open' | 'suspended' = 'open') =>
      ctx.app.sportsFeed.apply(brand, 'feedx', {
        type: 'prices',
        externalId,
        markets: [{ spec: { type: '1x2' }, prices: { home, draw: 34_000, away: 36_000 }, status }],
      });
    const made = await ctx.app.sportsFeed.apply(brand, 'feedx', {
      type: 'fixture',
      externalId,
      competition: {
        code: 'feedx-cup',
        sport: 'football',
        namePt: 'Copa Feed',
        nameEn: 'Feed Cup',
        country: null,
      },
      home: 'Sport',
      away: 'Náutico',
      startsAt: Date.now() + 3_600_000,
      markets: [{ spec: { type: '1x2' }, prices: { home: 21_000, draw: 34_000, away: 36_000 } }],
    });
    const detail = async () =>
      (await ctx.call('adminSportsFixture', { token: support.token, query: { id: made!.id } })).value;
    const m1x2 = market(await detail(), '1x2');
    expect(m1x2.manual).toBe(false);
    await feedPrices(22_000);
    expect(priceOf(await detail(), '1x2', 'home')).toBe(22_000);

    const priced = await ctx.call('priceSportsMarket', {
      token: trader.token,
      body: { marketId: m1x2.id, prices: { home: 25_000, draw: 34_000, away: 36_000 }, requestId: rid() },
    });
    expect(market(priced.value, '1x2')).toMatchObject({ manual: true });
    // The feed moves on: the operator's price holds; its suspension still applies.
    await feedPrices(19_000);
    expect(priceOf(await detail(), '1x2', 'home')).toBe(25_000);
    await feedPrices(19_000, 'suspended');
    expect(market(await detail(), '1x2')).toMatchObject({ status: 'suspended', manual: true });
    await feedPrices(19_000);
    expect(priceOf(await detail(), '1x2', 'home')).toBe(25_000);

    // Given back: the feed's next prices apply again.
    const back = await ctx.call('priceSportsMarket', {
      token: trader.token,
      body: { marketId: m1x2.id, prices: {}, follow: true, requestId: rid() },
    });
    expect(market(back.value, '1x2').manual).toBe(false);
    await feedPrices(18_500);
    expect(priceOf(await detail(), '1x2', 'home')).toBe(18_500);
    expect(await audits('sports_prices_follow', `#${made!.id} `)).toHaveLength(1);
  });

  it('voids a market with the reason the member reads, and calls a fixture off', async () => {
    const member = await newMember(ctx, { prefix: 'sbav' });
    await fund(ctx, member, 50_000);
    const f = (await create('Bahia', 'Vitória')).value;
    const btts = market(f, 'btts');
    expect((await place(member, [{ marketId: btts.id, key: 'yes', price: 18_000 }], 5_000)).code).toBe('OK');
    expect(
      (await place(member, [{ marketId: market(f, '1x2').id, key: 'draw', price: 34_000 }], 5_000)).code,
    ).toBe('OK');
    expect(await balance(member)).toBe(40_000);
    const reason = 'Mercado aberto com a cotação errada';
    const voided = await ctx.call('voidSportsMarket', {
      token: trader.token,
      body: { marketId: btts.id, reason, requestId: rid() },
    });
    expect(market(voided.value, 'btts')).toMatchObject({ status: 'void', voidReason: reason });
    expect(await balance(member)).toBe(45_000);
    const seen = (await ctx.call('sportsFixture', { query: { id: f.id } })).value.fixture;
    expect(seen.markets.find((m) => m.id === btts.id)).toMatchObject({ status: 'void', voidReason: reason });
    const mine = (await ctx.call('mySportsBets', { token: member.token, query: { status: 'all' } })).value
      .bets;
    expect(mine.find((b) => b.legs[0]!.marketId === btts.id)).toMatchObject({
      status: 'void',
      payout: 5_000,
    });

    const cancelled = await ctx.call('cancelSportsFixture', {
      token: trader.token,
      body: { id: f.id, reason: 'Jogo adiado pela federação', requestId: rid() },
    });
    expect(cancelled.value).toMatchObject({ status: 'cancelled', voidReason: 'Jogo adiado pela federação' });
    expect(await balance(member)).toBe(50_000);
    expect((await ctx.call('sportsFixture', { query: { id: f.id } })).value.fixture.voidReason).toBe(
      'Jogo adiado pela federação',
    );
    // A result on a fixture called off is refused; the cancellation sent again answers as it did.
    const result = await ctx.call('resultSportsFixture', {
      token: trader.token,
      body: {
        id: f.id,
        result: {
          sport: 'football',
          status: 'finished',
          ht: [0, 0],
          ft: [1, 0],
          corners: [0, 0],
          cards: [0, 0],
        },
        requestId: rid(),
      },
    });
    expect(result.code).toBe('SPORTS_NOT_CHANGEABLE');
    const target = `#${f.id} `;
    const [voidRow] = await audits('sports_market_void', target);
    expect(voidRow!.detail).toMatchObject({ reason, market: btts.id, bets: 1, paid: 5_000 });
    expect(await audits('sports_fixture_cancel', target)).toHaveLength(1);
    const log = (
      await ctx.call('adminSportsSettlements', { token: support.token, query: { fixtureId: f.id } })
    ).value.entries;
    expect(log.map((e) => [e.action, e.operator, e.reason])).toEqual([
      ['settle', trader.username, 'Jogo adiado pela federação'],
      ['void', trader.username, reason],
    ]);
  });

  it('prices an e-sports fixture from a model with its margin, and checks its result', async () => {
    const made = await ctx.call('createSportsFixture', {
      token: trader.token,
      body: {
        sport: 'cs2',
        competition: { namePt: 'Liga do Operador', nameEn: "Operator's League", country: null },
        home: 'FURIA',
        away: 'MIBR',
        startsAt: Date.now() + 3_600_000,
        bestOf: 3,
        model: { home: 1_600, away: 1_500 },
        requestId: rid(),
      },
    });
    expect(made.code).toBe('OK');
    const f = made.value;
    expect(f.bestOf).toBe(3);
    const winner = market(f, 'match_winner').outcomes;
    const [h, a] = winner.map((o) => o.price!);
    expect(h!).toBeLessThan(a!);
    // The competition's 6 % margin: the fair book is 100 %, this one a little above it (rounded down).
    const book = 10_000 / h! + 10_000 / a!;
    expect(book).toBeGreaterThan(1.05);
    expect(book).toBeLessThan(1.08);
    const badModel = await ctx.call('createSportsFixture', {
      token: trader.token,
      body: {
        sport: 'football',
        competition: { namePt: 'X', nameEn: 'X' },
        home: 'A',
        away: 'B',
        startsAt: Date.now() + 3_600_000,
        model: { home: 40, away: 1 },
        requestId: rid(),
      },
    });
    expect(badModel.code).toBe('SPORTS_MODEL_INVALID');
    const map = (winner: 'home' | 'away') => ({
      winner,
      finished: true,
      stat: [13, 7] as [number, number],
      firstBlood: null,
    });
    // Three maps won by one side in a best of 3: the match was over after two.
    const tooMany = await ctx.call('resultSportsFixture', {
      token: trader.token,
      body: {
        id: f.id,
        result: {
          sport: 'cs2',
          status: 'finished',
          scheduledBestOf: 3,
          bestOf: 3,
          maps: [map('home'), map('home'), map('home')],
        },
        requestId: rid(),
      },
    });
    expect(tooMany.code).toBe('SPORTS_RESULT_INVALID');
    const football = await ctx.call('resultSportsFixture', {
      token: trader.token,
      body: {
        id: f.id,
        result: {
          sport: 'football',
          status: 'finished',
          ht: [0, 0],
          ft: [1, 0],
          corners: [0, 0],
          cards: [0, 0],
        },
        requestId: rid(),
      },
    });
    expect(football.code).toBe('SPORTS_RESULT_INVALID');
    const ok = await ctx.call('resultSportsFixture', {
      token: trader.token,
      body: {
        id: f.id,
        result: {
          sport: 'cs2',
          status: 'finished',
          scheduledBestOf: 3,
          bestOf: 3,
          maps: [map('away'), map('home'), map('home')],
        },
        requestId: rid(),
      },
    });
    expect(ok.value).toMatchObject({ status: 'ended', score: [2, 1] });
    expect(market(ok.value, 'match_winner').outcomes.map((o) => o.result)).toEqual(['win', 'lose']);
  });

  it('changes a margin and the limits, which refuse a stake over them, each audited', async () => {
    const cup = (await ctx.call('adminSportsCompetitions', { token: trader.token })).value.competitions.find(
      (c) => c.nameEn === "Operator's Cup",
    )!;
    const saved = await ctx.call('saveSportsCompetition', {
      token: trader.token,
      body: {
        id: cup.id,
        marginBp: 450,
        enabled: true,
        reason: 'Campeonato com muito volume',
        requestId: rid(),
      },
    });
    expect(saved.value.competitions.find((c) => c.id === cup.id)!.marginBp).toBe(450);
    const [margin] = await audits('sports_competition');
    expect(margin!.detail).toMatchObject({ before: { marginBp: 600 }, after: { marginBp: 450 } });

    const f = (await create('Ceará', 'Fortaleza')).value;
    const limits = {
      minStake: 100,
      maxStake: 5_000,
      maxPayout: 1_000_000,
      marketLiability: 10_000_000,
      eventLiability: 10_000_000,
      memberEventLiability: 10_000_000,
      betDelayMs: 8_000,
    };
    const inconsistent = await ctx.call('saveSportsLimits', {
      token: trader.token,
      body: {
        sport: 'football',
        limits: { ...limits, minStake: 6_000 },
        reason: 'Limite novo',
        requestId: rid(),
      },
    });
    expect(inconsistent.code).toBe('LIMITS_INCONSISTENT');
    const set = await ctx.call('saveSportsLimits', {
      token: trader.token,
      body: { sport: 'football', limits, reason: 'Limite menor no futebol', requestId: rid() },
    });
    expect(set.value.limits.find((l) => l.sport === 'football')).toMatchObject({
      own: true,
      maxStake: 5_000,
    });
    const leg = [{ marketId: market(f, '1x2').id, key: 'home', price: 21_000 }];
    const over = await place(player, leg, 6_000);
    expect(over.code).toBe('STAKE_TOO_HIGH');
    expect(over.message).toContain('50,00');
    expect((await place(player, leg, 5_000)).code).toBe('OK');

    // Back to every sport's limits: the stake goes through.
    const removed = await ctx.call('saveSportsLimits', {
      token: trader.token,
      body: { sport: 'football', limits: null, reason: 'Volta ao padrão', requestId: rid() },
    });
    expect(removed.value.limits.find((l) => l.sport === 'football')!.own).toBe(false);
    expect((await place(player, leg, 6_000)).code).toBe('OK');
    const rows = await audits('sports_limits', 'football');
    expect(rows.map((r) => (r.detail as { after: unknown }).after)).toEqual([limits, null]);
  });

  it('has an audit row for every kind of change', async () => {
    const kinds = [
      'sports_fixture_create',
      'sports_prices',
      'sports_prices_follow',
      'sports_market_add',
      'sports_market_suspend',
      'sports_market_resume',
      'sports_fixture_suspend',
      'sports_fixture_resume',
      'sports_live',
      'sports_result',
      'sports_result_correct',
      'sports_result_withdraw',
      'sports_fixture_cancel',
      'sports_market_void',
      'sports_competition',
      'sports_limits',
    ];
    for (const action of kinds) {
      const rows = await audits(action);
      expect([action, rows.length > 0]).toEqual([action, true]);
      expect(rows.every((r) => r.operatorId === trader.id)).toBe(true);
    }
  });
});
