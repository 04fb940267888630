import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sportsFixtures } from '../../server/db/schema';
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
const rid = () => `sbo-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

const CLUBS = ['Flamengo', 'Palmeiras', 'Botafogo', 'Cruzeiro', 'Bahia'];

/**
 * Outrights (issue 28, item 2): an operator's outright with a winner and a top-2 market, bet on by
 * members, refused where it must be, settled on standings with a dead heat across the last paid place
 * and a non-runner void, corrected, and called off; each change audited.
 */
describe.each(databaseKinds)('sportsbook outrights on %s', (kind) => {
  let ctx: TestContext;
  let trader: Operator;
  let player: Member;
  type Operator = Awaited<ReturnType<typeof newOperator>>;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    trader = await newOperator(ctx, 'risk');
    player = await newMember(ctx, { prefix: 'sbo' });
    await fund(ctx, player, 1_000_000);
  });
  afterAll(() => ctx.close());

  const balance = async (who: Member) =>
    (await ctx.call('walletBalance', { token: who.token })).value.balance;
  const winner = (f: AdminSportsFixture) =>
    f.markets.find((m) => m.spec.type === 'outright' && m.spec.places === 1)!;
  const top2 = (f: AdminSportsFixture) =>
    f.markets.find((m) => m.spec.type === 'outright' && m.spec.places === 2)!;
  const single = (who: Member, marketId: number, key: string, price: number, stake: number) =>
    ctx.call('placeSportsSlip', {
      token: who.token,
      body: { requestId: rid(), kind: 'singles', legs: [{ marketId, key, price }], stake },
    });
  const create = (extra: Record<string, unknown> = {}) =>
    ctx.call('createSportsOutright', {
      token: trader.token,
      body: {
        sport: 'football',
        competition: { namePt: 'Copa do Nordeste', nameEn: 'Northeast Cup', country: 'BR' },
        name: 'Copa do Nordeste 2027',
        closesAt: Date.now() + 7 * 86_400_000,
        competitors: CLUBS,
        markets: [
          {
            places: 1,
            prices: {
              Flamengo: 30_000,
              Palmeiras: 35_000,
              Botafogo: 60_000,
              Cruzeiro: 80_000,
              Bahia: 120_000,
            },
          },
          {
            places: 2,
            prices: {
              Flamengo: 16_000,
              Palmeiras: 18_000,
              Botafogo: 20_000,
              Cruzeiro: 30_000,
              Bahia: 45_000,
            },
          },
        ],
        requestId: rid(),
        ...extra,
      } as never,
    });
  const standings = (id: number, groups: string[][], nonRunners?: string[], reason?: string) =>
    ctx.call('resultSportsFixture', {
      token: trader.token,
      body: {
        id,
        result: { sport: 'outright', standings: groups, ...(nonRunners ? { nonRunners } : {}) },
        ...(reason ? { reason } : {}),
        requestId: rid(),
      },
    });

  it('refuses an outright with the same competitor twice, too many places, a past close or one price', async () => {
    const twice = await create({ competitors: ['Flamengo', 'Flamengo', 'Bahia'] });
    expect([twice.status, twice.code]).toEqual([422, 'SPORTS_OUTRIGHT_INVALID']);
    const allPlaces = await create({
      competitors: ['Flamengo', 'Bahia'],
      markets: [{ places: 2, prices: { Flamengo: 11_000, Bahia: 11_000 } }],
    });
    expect(allPlaces.code).toBe('SPORTS_OUTRIGHT_INVALID');
    expect((await create({ closesAt: Date.now() - 1_000 })).code).toBe('SPORTS_OUTRIGHT_INVALID');
    const lonely = await create({ markets: [{ places: 1, prices: { Flamengo: 30_000 } }] });
    expect(lonely.code).toBe('SPORTS_NO_PRICES');
  });

  it('enters an outright once per request id; members find it in the lobby and bet on it', async () => {
    const requestId = rid();
    const made = await create({ requestId });
    expect(made.code).toBe('OK');
    expect((await create({ requestId })).value.id).toBe(made.value.id);
    const f = made.value;
    expect(f).toMatchObject({ kind: 'outright', home: 'Copa do Nordeste 2027', away: '', marketCount: 2 });
    expect(winner(f).outcomes.map((o) => o.key)).toEqual(CLUBS);
    const lobby = (await ctx.call('sportsLobby', { query: { kind: 'sports' } })).value;
    const card = lobby.outrights.find((o) => o.id === f.id)!;
    expect(card).toMatchObject({ kind: 'outright', home: 'Copa do Nordeste 2027', marketCount: 2 });
    // The card's headline market is the winner's.
    expect(card.main!.spec).toMatchObject({ type: 'outright', places: 1 });
    expect(lobby.soon.some((s) => s.id === f.id)).toBe(false);
    expect(lobby.competitions.find((c) => c.name === 'Copa do Nordeste')).toMatchObject({ fixtures: 1 });
    const page = (await ctx.call('sportsCompetition', { query: { id: card.competition.id } })).value;
    expect(page.outrights.map((o) => o.id)).toEqual([f.id]);
    expect(page.fixtures).toEqual([]);

    const before = await balance(player);
    expect((await single(player, winner(f).id, 'Flamengo', 30_000, 1_000)).code).toBe('OK');
    expect((await single(player, top2(f).id, 'Botafogo', 20_000, 1_000)).code).toBe('OK');
    expect((await single(player, top2(f).id, 'Cruzeiro', 30_000, 1_000)).code).toBe('OK');
    expect((await single(player, winner(f).id, 'Bahia', 120_000, 1_000)).code).toBe('OK');
    expect(await balance(player)).toBe(before - 4_000);
    // Two legs of one outright are related: a double on them is refused.
    const related = await ctx.call('placeSportsSlip', {
      token: player.token,
      body: {
        requestId: rid(),
        kind: 'accumulator',
        legs: [
          { marketId: winner(f).id, key: 'Flamengo', price: 30_000 },
          { marketId: top2(f).id, key: 'Palmeiras', price: 18_000 },
        ],
        stake: 1_000,
      },
    });
    expect(related.code).toBe('SLIP_RELATED_LEGS');
    // An outright is never live: marking it so is refused.
    const live = await ctx.call('liveSportsFixture', {
      token: trader.token,
      body: { id: f.id, score: [0, 0], requestId: rid() },
    });
    expect(live.code).toBe('SPORTS_NOT_CHANGEABLE');

    // Standings that cannot settle it: a name not in it, a competitor twice, too few placed for the top 2.
    expect((await standings(f.id, [['Flamengo'], ['Sport']])).code).toBe('SPORTS_STANDINGS_INVALID');
    expect((await standings(f.id, [['Flamengo'], ['Flamengo']])).code).toBe('SPORTS_STANDINGS_INVALID');
    expect((await standings(f.id, [['Flamengo']])).code).toBe('SPORTS_STANDINGS_INVALID');
    expect(await balance(player)).toBe(before - 4_000);

    // Flamengo first; Botafogo and Cruzeiro tied for second: a dead heat of two for one paid place;
    // Bahia withdrew before the start: void.
    const settled = await standings(f.id, [['Flamengo'], ['Botafogo', 'Cruzeiro'], ['Palmeiras']], ['Bahia']);
    expect(settled.code).toBe('OK');
    expect(settled.value.status).toBe('ended');
    expect(top2(settled.value).outcomes.map((o) => [o.key, o.result])).toEqual([
      ['Flamengo', 'win'],
      ['Palmeiras', 'lose'],
      ['Botafogo', 'dead-heat'],
      ['Cruzeiro', 'dead-heat'],
      ['Bahia', 'void'],
    ]);
    // 3.000 on Flamengo; half of each top-2 stake at its price (1.000 and 1.500); Bahia's stake back.
    expect(await balance(player)).toBe(before - 4_000 + 3_000 + 1_000 + 1_500 + 1_000);
    const mine = (await ctx.call('mySportsBets', { token: player.token, query: { status: 'settled' } })).value
      .bets;
    const botafogo = mine.find((b) => b.legs[0]!.key === 'Botafogo')!;
    expect(botafogo).toMatchObject({ status: 'won', payout: 1_000 });
    expect(botafogo.legs[0]).toMatchObject({ home: 'Copa do Nordeste 2027', away: '', result: 'dead-heat' });
    const settledCard = (await ctx.call('sportsResults', { query: { kind: 'sports' } })).value.fixtures.find(
      (x) => x.id === f.id,
    )!;
    expect(settledCard.winners).toEqual(['Flamengo']);

    // Corrected: Palmeiras won, Flamengo second. Flamengo's win and the dead heats are taken back;
    // Palmeiras had no bet; Bahia stays void.
    const corrected = await standings(
      f.id,
      [['Palmeiras'], ['Flamengo'], ['Botafogo'], ['Cruzeiro']],
      ['Bahia'],
      'Título decidido no tribunal',
    );
    expect(corrected.code).toBe('OK');
    expect(await balance(player)).toBe(before - 4_000 + 1_000);
    const [row] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sports_result_correct'), like(auditLog.target, `#${f.id} %`)))
      .orderBy(asc(auditLog.id));
    expect(row!.target).toBe(`#${f.id} Copa do Nordeste 2027`);
    expect(row!.detail).toMatchObject({ reason: 'Título decidido no tribunal' });
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('takes no bet once betting closed, and voids every bet when the outright is called off', async () => {
    const f = (await create()).value;
    const before = await balance(player);
    expect((await single(player, winner(f).id, 'Palmeiras', 35_000, 2_000)).code).toBe('OK');
    // Betting closes at its time (moved into the past here rather than waited for).
    await ctx.handle.db
      .update(sportsFixtures)
      .set({ startsAt: new Date(Date.now() - 1_000) })
      .where(eq(sportsFixtures.id, f.id));
    const late = await single(player, winner(f).id, 'Palmeiras', 35_000, 2_000);
    expect([late.status, late.code]).toEqual([409, 'MARKET_CLOSED']);
    const lobby = (await ctx.call('sportsLobby', { query: { kind: 'sports' } })).value;
    expect(lobby.outrights.some((o) => o.id === f.id)).toBe(false);

    const cancelled = await ctx.call('cancelSportsFixture', {
      token: trader.token,
      body: { id: f.id, reason: 'Torneio cancelado pela federação', requestId: rid() },
    });
    expect(cancelled.value).toMatchObject({
      status: 'cancelled',
      voidReason: 'Torneio cancelado pela federação',
    });
    expect(winner(cancelled.value).outcomes.every((o) => o.result === 'void')).toBe(true);
    expect(await balance(player)).toBe(before);
    const audits = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sports_outright_create'), like(auditLog.target, `#${f.id} %`)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.operatorId).toBe(trader.id);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });
});
