import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, crashRounds, lotteryDraws, lotteryGames, originalsBets } from '../../server/db/schema';
import type { Brand } from '../../server/modules/brand/brand.service';
import { bustTime } from '../../server/modules/originals/crash.service';
import { minesPayout } from '../../src/originals/games/mines';
import type { OriginalGame } from '../../src/originals/outcome';
import { roundReaching, saltChain } from './crash-rounds';
import {
  createTestContext,
  databaseKinds,
  fund,
  type Member,
  newMember,
  newOperator,
  type TestContext,
} from './harness';

/**
 * Issue 26, item 2: the rules a wager was accepted under are the rules it is paid under. An operator
 * lowering a game's max win while a mines game is open, or while a crash bet waits for its automatic
 * cash-out, changes only the games and bets that come after.
 */

let seq = 0;
const rid = () => `rules-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
const env = {
  CRASH_BETTING_MS: '60000',
  CRASH_PAUSE_MS: '500',
  CRASH_CHAIN_LENGTH: '400',
  CRASH_SALT_SOURCE: 'operator',
};

describe.each(databaseKinds)('rules in force when a wager is accepted, on %s', (kind) => {
  let ctx: TestContext;
  let brand: Brand;
  let admin: string;
  let player: Member;
  const balance = async () => (await ctx.call('walletBalance', { token: player.token })).value.balance;

  /** The operator lowers a game's max win (and its max bet with it) through the back office, audited. */
  async function lowerMaxWin(game: OriginalGame, maxWin: number) {
    const res = await ctx.call('updateOriginal', {
      token: admin,
      body: { game, enabled: true, edgeBp: 100, minBet: 10, maxBet: maxWin, maxWin },
    });
    expect(res.code).toBe('OK');
  }

  beforeAll(async () => {
    ctx = await createTestContext(kind, { env });
    const [row] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    brand = { id: row!.id, currency: row!.currency, maxAmount: row!.maxAmount, singleWallet: true } as Brand;
    admin = (await newOperator(ctx, 'admin')).token;
    await saltChain(ctx, brand, admin);
    player = await newMember(ctx, { prefix: 'rules' });
    await fund(ctx, player, 10_000_000);
  });
  afterAll(() => ctx.close());

  it('pays an open mines game under the max win it started with, and caps the next one at the new one', async () => {
    const stake = 100_000;
    const start = await ctx.call('minesStart', {
      token: player.token,
      body: { requestId: rid(), stake, mines: 3 },
    });
    expect(start.code).toBe('OK');
    const [bet] = await ctx.handle.db
      .select()
      .from(originalsBets)
      .where(eq(originalsBets.id, start.value.id));
    const mines = (bet!.outcome as { mines: number[] }).mines;
    const safe = [...Array(25).keys()].filter((t) => !mines.includes(t)).slice(0, 2);
    for (const tile of safe)
      expect(
        (await ctx.call('minesReveal', { token: player.token, body: { betId: start.value.id, tile } })).code,
      ).toBe('OK');
    const shown = minesPayout(stake, 3, 2, 100);
    expect(shown).toBeGreaterThan(stake);
    // The limit drops below what the open game shows.
    await lowerMaxWin('mines', stake);
    const before = await balance();
    const cashed = await ctx.call('minesCashout', { token: player.token, body: { betId: start.value.id } });
    expect(cashed.value.payout).toBe(shown);
    expect(await balance()).toBe(before + shown);

    // A game started after the change is paid under the new limit.
    const next = await ctx.call('minesStart', {
      token: player.token,
      body: { requestId: rid(), stake, mines: 3 },
    });
    const [nextBet] = await ctx.handle.db
      .select()
      .from(originalsBets)
      .where(eq(originalsBets.id, next.value.id));
    const nextMines = (nextBet!.outcome as { mines: number[] }).mines;
    for (const tile of [...Array(25).keys()].filter((t) => !nextMines.includes(t)).slice(0, 2))
      await ctx.call('minesReveal', { token: player.token, body: { betId: next.value.id, tile } });
    const capped = await ctx.call('minesCashout', { token: player.token, body: { betId: next.value.id } });
    expect(capped.value.payout).toBe(stake);
  });

  it('pays a lottery line at the odds it was placed with, after the operator lowered them', async () => {
    await ctx.app.lottery.ensureCatalogue(brand);
    await ctx.app.lottery.schedule(brand);
    // The test's clock: pk10's open draws move an hour on and the first keeps taking bets until closed here.
    const [game] = await ctx.handle.db.select().from(lotteryGames).where(eq(lotteryGames.code, 'pk10'));
    await ctx.handle.db.execute(sql`UPDATE lottery_draws SET opens_at = opens_at + interval '1 hour',
        closes_at = closes_at + interval '1 hour', draws_at = draws_at + interval '1 hour'
      WHERE game_id = ${game!.id} AND status IN ('scheduled', 'open') AND closes_at > now()`);
    await ctx.handle.db.execute(sql`UPDATE lottery_draws SET opens_at = now() - interval '1 second'
      WHERE id = (SELECT id FROM lottery_draws WHERE game_id = ${game!.id} AND status IN ('scheduled', 'open')
        AND closes_at > now() ORDER BY draws_at LIMIT 1)`);
    const draw = (await ctx.call('lotteryState', { token: player.token, query: { game: 'pk10' } })).value
      .upcoming[0]!;
    // Every car in first place: exactly one of the ten combinations wins, whatever is drawn.
    const placed = await ctx.call('placeSlip', {
      token: player.token,
      body: {
        requestId: rid(),
        game: 'pk10',
        draw: draw.number,
        lines: [
          {
            betType: 'pk10.position',
            selection: [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [], [], [], [], [], [], [], [], []],
            unit: 100,
            multiplier: 2,
          },
        ],
      },
    });
    expect(placed.code).toBe('OK');
    const lowered = await ctx.call('updateLottery', {
      token: admin,
      body: {
        game: 'pk10',
        betType: {
          code: 'pk10.position',
          enabled: true,
          odds: { win: 500 },
          minStake: 10,
          maxStake: 1_000_000,
        },
      },
    });
    expect(lowered.code).toBe('OK');
    await ctx.handle.db
      .update(lotteryDraws)
      .set({ closesAt: sql`now() - interval '2 seconds'`, drawsAt: sql`now() - interval '1 second'` })
      .where(and(eq(lotteryDraws.gameId, game!.id), eq(lotteryDraws.number, draw.number)));
    for (let i = 0; i < 3; i++) await ctx.app.lottery.advance();
    const mine = (await ctx.call('myLotteryLines', { token: player.token, query: { game: 'pk10' } })).value;
    const line = mine.lines.find((l) => l.draw === draw.number)!;
    expect(line.status).toBe('won');
    // One winning combination of 100 × 2 at the odds in force when placed (9.75), not the new ones (5.00).
    expect(line.payout).toBe(1_950);
  });

  it('pays a crash bet at its automatic cash-out under the max win it was placed with', async () => {
    // A round that reaches 2.00×, taking bets.
    const round = await roundReaching(ctx, brand, 200);
    const stake = 200_000;
    const before = await balance();
    const bet = await ctx.call('crashBet', {
      token: player.token,
      body: { requestId: rid(), stake, autoCashout: 200 },
    });
    expect(bet.code).toBe('OK');
    await lowerMaxWin('crash', 100_000);
    const set = (values: Record<string, unknown>) =>
      ctx.handle.db.update(crashRounds).set(values).where(eq(crashRounds.id, round.id));
    await set({ bettingEndsAt: sql`clock_timestamp() - interval '1 millisecond'` });
    await ctx.app.crash.tick(brand);
    await set({ startedAt: sql`clock_timestamp() - ${bustTime(200) + 5} * interval '1 millisecond'` });
    await ctx.app.crash.tick(brand);
    expect(await balance()).toBe(before - stake + 2 * stake);
  });
});
