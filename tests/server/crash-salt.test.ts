import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, crashRounds, lotteryDraws, lotteryGames } from '../../server/db/schema';
import type { Brand } from '../../server/modules/brand/brand.service';
import { CRASH_SALT_LOTTERY, drawNumbersText } from '../../server/modules/originals/crash.service';
import { crashPoint } from '../../src/originals/games/crash';
import { withOutcome } from './crash-rounds';
import { createTestContext, databaseKinds, newOperator, type TestContext } from './harness';

/**
 * Issue 26, item 5, as the demo runs it: a new crash chain is published naming the brand's own next
 * lottery draw as its salt's source, plays no round until that draw is drawn, and then takes the draw's
 * numbers as its salt by itself; nobody, operators included, can type a salt for it.
 */
const env = {
  CRASH_BETTING_MS: '60000',
  CRASH_CHAIN_LENGTH: '400',
  CRASH_SALT_SOURCE: 'lottery',
  CRASH_SALT_POLL_MS: '0',
};

describe.each(databaseKinds)("a crash chain salted by the site's own lottery draw, on %s", (kind) => {
  let ctx: TestContext;
  let brand: Brand;

  beforeAll(async () => {
    ctx = await createTestContext(kind, { env });
    const [row] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    brand = { ...row!, singleWallet: true } as unknown as Brand;
    await ctx.app.lottery.ensureCatalogue(brand);
    await ctx.app.lottery.schedule(brand);
  });
  afterAll(() => ctx.close());

  it('waits for the draw it named, then plays with its numbers as the salt', async () => {
    await ctx.app.crash.tick(brand);
    const chain = (await ctx.call('crashState')).value.chain!;
    const named = /^lottery:ssc1:([0-9-]+)$/.exec(chain.saltSource ?? '');
    expect(named, chain.saltSource ?? 'no source').not.toBeNull();
    expect(chain.salt).toBeNull();
    const number = named![1]!;
    const [game] = await ctx.handle.db
      .select()
      .from(lotteryGames)
      .where(eq(lotteryGames.code, CRASH_SALT_LOTTERY));
    const [draw] = await ctx.handle.db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameId, game!.id), eq(lotteryDraws.number, number)));
    // The draw named was still taking bets: its numbers did not exist when the chain was published.
    expect(draw!.status).toMatch(/^(scheduled|open)$/);
    expect(draw!.closesAt.getTime()).toBeGreaterThan(chain.saltAnnouncedAt!);

    const admin = (await newOperator(ctx, 'admin')).token;
    const chainId = (await ctx.call('adminOriginals', { token: admin })).value.chains[0]!.id;
    expect(
      (await ctx.call('enterCrashSalt', { token: admin, body: { chainId, salt: 'chosen-by-me' } })).code,
    ).toBe('CRASH_SALT_AUTOMATIC');
    expect(
      (
        await ctx.call('announceCrashSalt', {
          token: admin,
          body: { chainId, source: 'another source, please' },
        })
      ).code,
    ).toBe('CRASH_SALT_ANNOUNCED');
    await ctx.app.crash.tick(brand);
    expect((await ctx.call('crashState')).value.round).toBeNull();

    // The draw's time comes: it closes and is drawn.
    await ctx.handle.db
      .update(lotteryDraws)
      .set({ closesAt: sql`now() - interval '2 seconds'`, drawsAt: sql`now() - interval '1 second'` })
      .where(eq(lotteryDraws.id, draw!.id));
    await ctx.app.lottery.advance();
    await ctx.app.lottery.advance();
    const drawn = await ctx.call('lotteryDraw', { query: { game: CRASH_SALT_LOTTERY, number } });
    expect(drawn.value.status).toMatch(/^(drawn|settled)$/);
    const salt = drawNumbersText(drawn.value.result!);
    expect(salt).toMatch(/^\d-\d-\d-\d-\d$/);

    await ctx.app.crash.tick(brand);
    const state = (await ctx.call('crashState')).value;
    expect(state.chain).toMatchObject({ salt, saltSource: chain.saltSource });
    expect(state.round).toMatchObject({ index: 1, status: 'betting' });
    const [row] = await ctx.handle.db.select().from(crashRounds).where(eq(crashRounds.id, state.round!.id));
    const round = await withOutcome(ctx, row!);
    expect(round.bust).toBe(crashPoint(round.hash, salt, 100));
  });
});
