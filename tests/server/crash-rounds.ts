import { eq, sql } from 'drizzle-orm';
import { crashRounds } from '../../server/db/schema';
import { masterBox } from '../../server/lib/master-key';
import { SecretBox } from '../../server/lib/secret-box';
import { installationSecret } from '../../server/lib/secrets';
import type { Brand } from '../../server/modules/brand/brand.service';
import type { RoundOutcome, RoundRow } from '../../server/modules/originals/crash.repository';
import type { TestContext } from './harness';

/**
 * A crash round's row with its outcome, as only the server sees it while the round is in play: the
 * tests play against the bust, which the row keeps sealed until the round has crashed.
 */
export async function withOutcome(ctx: TestContext, round: RoundRow): Promise<RoundRow & RoundOutcome> {
  if (round.hash !== null && round.bust !== null && round.bustMs !== null)
    return { ...round, hash: round.hash, bust: round.bust, bustMs: round.bustMs };
  const box = new SecretBox(
    await installationSecret(ctx.handle.db, masterBox(ctx.masterKey), 'sealed-secrets-key'),
  );
  return { ...round, ...(JSON.parse(box.open(round.outcomeCipher!)) as RoundOutcome) };
}

/**
 * Readies the brand's crash chain as an operator does on a real site: the first look at the game
 * publishes it waiting for its salt, then an admin announces the salt's source and enters its value.
 * Needs CRASH_SALT_SOURCE=operator. Answers the salt.
 */
export async function saltChain(ctx: TestContext, brand: Brand, adminToken: string, salt = 'block-000000a1') {
  await ctx.app.crash.tick(brand);
  const pending = (await ctx.call('adminOriginals', { token: adminToken })).value.chains.find(
    (c) => c.salt === null,
  );
  if (!pending) return null;
  await ctx.call('announceCrashSalt', {
    token: adminToken,
    body: { chainId: pending.id, source: 'The hash of a block mined after this chain was published' },
  });
  const entered = await ctx.call('enterCrashSalt', {
    token: adminToken,
    body: { chainId: pending.id, salt },
  });
  if (entered.code !== 'OK') throw new Error(`saltChain: ${entered.code} ${entered.message}`);
  return salt;
}

/**
 * Plays the brand's crash rounds through (each ended at once by moving its times back) until one taking
 * bets will reach `atLeast` (hundredths), and answers it with its outcome. With `unseen`, also one whose
 * bust no earlier round had, so any sight of that number is a sight of this round.
 */
export async function roundReaching(ctx: TestContext, brand: Brand, atLeast: number, unseen = false) {
  const seen = new Set<number>();
  for (;;) {
    await ctx.app.crash.tick(brand);
    const [row] = await ctx.handle.db.select().from(crashRounds).orderBy(sql`id DESC`).limit(1);
    const round = await withOutcome(ctx, row!);
    if (round.status === 'betting' && round.bust >= atLeast && !(unseen && seen.has(round.bust)))
      return round;
    seen.add(round.bust);
    const set = (values: Record<string, unknown>) =>
      ctx.handle.db.update(crashRounds).set(values).where(eq(crashRounds.id, round.id));
    await set({ bettingEndsAt: sql`clock_timestamp() - interval '1 millisecond'` });
    await ctx.app.crash.tick(brand);
    await set({ startedAt: sql`clock_timestamp() - interval '1 hour'` });
    await ctx.app.crash.tick(brand);
    await set({ crashedAt: sql`clock_timestamp() - interval '1 hour'` });
    await ctx.app.crash.tick(brand);
  }
}
