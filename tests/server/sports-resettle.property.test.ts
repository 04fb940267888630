import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, sportsBets, sportsExposure } from '../../server/db/schema';
import type { Brand } from '../../server/modules/brand/brand.service';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import type { FeedMarket } from '../../server/modules/sports/sports-feed';
import { betOutcome } from '../../server/modules/sports/sports-settlement.service';
import { type MarketSpec, outcomeKeys } from '../../src/sports/model';
import { type FootballResult, settleOutcome } from '../../src/sports/settle';
import { createTestContext, databaseKinds, fund, type Member, newMember, type TestContext } from './harness';

let seq = 0;
const rid = () => `sbp-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

const SPECS: MarketSpec[] = [
  { type: '1x2' },
  { type: 'asian_handicap', lineQ: -1 },
  { type: 'asian_handicap', lineQ: 3 },
  { type: 'over_under', stat: 'goals', lineQ: 9 },
  { type: 'btts' },
  { type: 'correct_score' },
];
const price = (spec: MarketSpec, i: number) => 12_000 + ((i * 7_919 + spec.type.length * 131) % 60_000);
const MARKETS: FeedMarket[] = SPECS.map((spec) => ({
  spec,
  prices: Object.fromEntries(outcomeKeys(spec).map((k, i) => [k, price(spec, i)])),
}));

const score = fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 }));
const result = fc.record({ ht: score, ft: score }).map(
  ({ ht, ft }): FootballResult => ({
    sport: 'football',
    status: 'finished',
    ht: [Math.min(ht[0], ft[0]), Math.min(ht[1], ft[1])],
    ft,
    corners: [4, 5],
    cards: [1, 2],
  }),
);
/** What happens to a fixture's result before its final one: corrected, or withdrawn. */
const step = fc.oneof(
  result.map((r) => ({ kind: 'result' as const, r })),
  fc.constant({ kind: 'withdraw' as const }),
);

describe.each(databaseKinds)('sports settlement under corrections on %s', (kind) => {
  let ctx: TestContext;
  let brand: Brand;
  let fixtureNo = 0;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const [row] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    brand = {
      id: row!.id,
      currency: row!.currency,
      timeZone: row!.timeZone,
      maxAmount: row!.maxAmount,
    } as Brand;
  });
  afterAll(() => ctx.close());

  const newFixture = async () => {
    const externalId = `p-${process.pid}-${++fixtureNo}`;
    const row = await ctx.app.sportsFeed.apply(brand, 'operator', {
      type: 'fixture',
      externalId,
      competition: { code: 'prop', sport: 'football', namePt: 'Teste', nameEn: 'Test', country: null },
      home: `Casa ${fixtureNo}`,
      away: `Fora ${fixtureNo}`,
      startsAt: Date.now() + 3_600_000,
      markets: MARKETS,
    });
    const detail = (await ctx.call('sportsFixture', { query: { id: row!.id } })).value.fixture;
    return { id: row!.id, externalId, markets: detail.markets };
  };

  it('ends where one settle on the final result would, whatever results came and went before, and pays once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { minLength: 3, maxLength: 6 }),
        fc.array(step, { maxLength: 3 }),
        fc.array(step, { maxLength: 3 }),
        result,
        result,
        async (picks, historyA, historyB, finalA, finalB) => {
          const member: Member = await newMember(ctx, { prefix: 'sbp' });
          await fund(ctx, member, 1_000_000);
          const a = await newFixture();
          const b = await newFixture();
          const choose = (f: typeof a, n: number, k: number) => {
            const m = f.markets[n % f.markets.length]!;
            const o = m.outcomes[k % m.outcomes.length]!;
            return { marketId: m.id, key: o.key, price: o.price! };
          };
          // Singles on either fixture, and a double across both.
          for (const [i, [n, k, which]] of picks.entries()) {
            const leg = choose(which % 2 === 0 ? a : b, n, k);
            const placed = await ctx.call('placeSportsSlip', {
              token: member.token,
              body: { requestId: rid(), kind: 'singles', legs: [leg], stake: 1_000 + i * 10 },
            });
            expect(placed.code).toBe('OK');
          }
          const [n1, k1] = picks[0]!;
          const [n2, k2] = picks[1]!;
          const double = await ctx.call('placeSportsSlip', {
            token: member.token,
            body: {
              requestId: rid(),
              kind: 'accumulator',
              legs: [choose(a, n1, k1), choose(b, n2, k2)],
              stake: 777,
            },
          });
          expect(double.code).toBe('OK');

          const apply = async (
            externalId: string,
            x: { kind: 'result'; r: FootballResult } | { kind: 'withdraw' },
          ) => {
            if (x.kind === 'result') {
              await ctx.app.sportsFeed.apply(brand, 'operator', { type: 'result', externalId, result: x.r });
            } else {
              const fixture = await ctx.app.sportsFeed.apply(brand, 'operator', {
                type: 'withdraw_result',
                externalId,
              });
              expect(fixture).toBeTruthy();
            }
          };
          for (const s of historyA) await apply(a.externalId, s);
          for (const s of historyB) await apply(b.externalId, s);
          await ctx.app.sportsFeed.apply(brand, 'operator', {
            type: 'result',
            externalId: a.externalId,
            result: finalA,
          });
          await ctx.app.sportsFeed.apply(brand, 'operator', {
            type: 'result',
            externalId: b.externalId,
            result: finalB,
          });

          // What one settle on the final results pays, computed from the core alone.
          const rows = await ctx.handle.db
            .select()
            .from(sportsBets)
            .where(eq(sportsBets.memberId, member.id));
          const specOf = new Map(
            [...a.markets, ...b.markets].map((m) => [m.id, { spec: m.spec, fixture: m }]),
          );
          const legs = await ctx.app.sports.views(brand, rows, 'en');
          let expected = 1_000_000;
          for (const bet of legs) {
            const row = rows.find((r) => r.id === bet.id)!;
            expected -= row.stake;
            const paid = betOutcome(
              row,
              bet.legs.map((l) => ({
                price: l.price,
                factor: settleOutcome(
                  specOf.get(l.marketId)!.spec as MarketSpec,
                  l.key,
                  a.markets.some((m) => m.id === l.marketId) ? finalA : finalB,
                ),
              })),
            );
            expected += paid.payout;
            expect(row.status).toBe(paid.status);
            expect(row.payout).toBe(paid.payout);
          }
          const balance = (await ctx.call('walletBalance', { token: member.token })).value.balance;
          expect(balance).toBe(expected);
          // The same final result again moves nothing.
          await ctx.app.sportsFeed.apply(brand, 'operator', {
            type: 'result',
            externalId: a.externalId,
            result: finalA,
          });
          expect((await ctx.call('walletBalance', { token: member.token })).value.balance).toBe(expected);
          // Every bet settled: none holds any of the book's exposure on either fixture, whatever reopened
          // and settled again on the way (the event and member rows are by fixture, the outcome rows by market).
          const refs = [a.id, b.id, ...a.markets.map((m) => m.id), ...b.markets.map((m) => m.id)];
          const exposure = await ctx.handle.db
            .select()
            .from(sportsExposure)
            .where(inArray(sportsExposure.ref, refs));
          expect(exposure.filter((e) => e.liability !== 0)).toEqual([]);
        },
      ),
      { numRuns: 6, seed: 2811 },
    );
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  }, 120_000);
});
