import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { auditLog, brands, crashBets, crashRounds } from '../../server/db/schema';
import type { Brand } from '../../server/modules/brand/brand.service';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import { bustTime } from '../../server/modules/originals/crash.service';
import { crashMultiplierAt, crashPoint, nextInChain } from '../../src/originals/games/crash';
import { withOutcome } from './crash-rounds';
import {
  createTestContext,
  crowd,
  databaseKinds,
  fund,
  type Member,
  newMember,
  newOperator,
  type TestContext,
} from './harness';

let seq = 0;
const rid = () => `crash-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
// Windows never close by the wall clock here (60 s): each test closes them itself, so a busy machine
// cannot close one under a bet the test is still placing.
const env = {
  CRASH_BETTING_MS: '60000',
  CRASH_PAUSE_MS: '500',
  CRASH_CHAIN_LENGTH: '400',
  CRASH_SALT_SOURCE: 'operator',
};

describe.each(databaseKinds)('crash on %s', (kind) => {
  let ctx: TestContext;
  let brand: Brand;
  const balance = async (who: Member) =>
    (await ctx.call('walletBalance', { token: who.token })).value.balance;
  const latest = async () => {
    const [row] = await ctx.handle.db.select().from(crashRounds).orderBy(sql`id DESC`).limit(1);
    return withOutcome(ctx, row!);
  };
  /** Moves the round's clock: its window closed, or its start `ms` ago (the database's clock decides). */
  const closeWindow = (id: number) =>
    ctx.handle.db
      .update(crashRounds)
      .set({ bettingEndsAt: sql`clock_timestamp() - interval '1 millisecond'` })
      .where(eq(crashRounds.id, id));
  const startedAgo = (id: number, ms: number) =>
    ctx.handle.db
      .update(crashRounds)
      .set({ startedAt: sql`clock_timestamp() - ${ms} * interval '1 millisecond'` })
      .where(eq(crashRounds.id, id));
  const settleNow = async (id: number) => {
    const round = await withOutcome(
      ctx,
      (await ctx.handle.db.select().from(crashRounds).where(eq(crashRounds.id, id)))[0]!,
    );
    if (round.status === 'running') await startedAgo(id, round.bustMs + 1_000);
    await ctx.app.crash.tick(brand);
    await ctx.handle.db
      .update(crashRounds)
      .set({ crashedAt: sql`clock_timestamp() - interval '10 seconds'` })
      .where(eq(crashRounds.id, id));
    await ctx.app.crash.tick(brand);
  };
  /** Opens rounds until one will go at least to `atLeast` (hundredths), ending the others unplayed. */
  const roundReaching = async (atLeast: number) => {
    for (;;) {
      const last = await latest().catch(() => null);
      if (last && last.status !== 'settled') await closeWindow(last.id);
      if (last?.status === 'settled')
        await ctx.handle.db
          .update(crashRounds)
          .set({ crashedAt: sql`clock_timestamp() - interval '10 seconds'` })
          .where(eq(crashRounds.id, last.id));
      await ctx.app.crash.tick(brand);
      const round = await latest();
      if (round.status === 'betting' && round.bust >= atLeast) return round;
      if (round.status === 'betting') await closeWindow(round.id);
      await ctx.app.crash.tick(brand);
      await settleNow(round.id);
    }
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind, { env });
    const [row] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    brand = { id: row!.id, currency: row!.currency, maxAmount: row!.maxAmount, singleWallet: true } as Brand;
  });
  afterAll(() => ctx.close());

  it('publishes the chain first, plays no round before its announced salt is entered, and every round hashes back to it', async () => {
    await ctx.app.crash.tick(brand);
    const waiting = await ctx.call('crashState');
    expect(waiting.value.chain).toMatchObject({ salt: null, saltSource: null, saltAt: null });
    expect(waiting.value.round).toBeNull();
    await ctx.app.crash.tick(brand);
    expect((await ctx.call('crashState')).value.round).toBeNull();

    // Only an admin, only after naming the source, only once, and audited.
    const admin = (await newOperator(ctx, 'admin')).token;
    const support = (await newOperator(ctx, 'support')).token;
    const chainId = (await ctx.call('adminOriginals', { token: admin })).value.chains[0]!.id;
    const source = 'Bitcoin block 930,000: its hash, as any block explorer shows it';
    expect(
      (await ctx.call('enterCrashSalt', { token: admin, body: { chainId, salt: 'abcd1234' } })).code,
    ).toBe('CRASH_SALT_NOT_ANNOUNCED');
    expect((await ctx.call('announceCrashSalt', { token: support, body: { chainId, source } })).code).toBe(
      'ROLE_FORBIDDEN',
    );
    expect((await ctx.call('announceCrashSalt', { token: admin, body: { chainId, source } })).code).toBe(
      'OK',
    );
    expect(
      (
        await ctx.call('announceCrashSalt', {
          token: admin,
          body: { chainId, source: `${source} (changed)` },
        })
      ).code,
    ).toBe('CRASH_SALT_ANNOUNCED');
    const announced = (await ctx.call('crashState')).value.chain!;
    expect(announced).toMatchObject({ salt: null, saltSource: source });
    expect(announced.saltAnnouncedAt).toBeGreaterThan(0);
    await ctx.app.crash.tick(brand);
    expect((await ctx.call('crashState')).value.round).toBeNull();
    const salt = '00000000000000000001a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7';
    expect((await ctx.call('enterCrashSalt', { token: admin, body: { chainId, salt } })).code).toBe('OK');
    expect(
      (await ctx.call('enterCrashSalt', { token: admin, body: { chainId, salt: 'other-1' } })).code,
    ).toBe('CRASH_SALT_ENTERED');
    const audit = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} IN ('crash_salt_announce', 'crash_salt_enter')`);
    expect(audit.map((a) => a.action).sort()).toEqual(['crash_salt_announce', 'crash_salt_enter']);

    await ctx.app.crash.tick(brand);
    const state = await ctx.call('crashState');
    expect(state.value.chain).toMatchObject({ salt, saltSource: source });
    expect(state.value.chain!.saltAt!).toBeGreaterThanOrEqual(announced.saltAnnouncedAt!);
    expect(state.value.chain?.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(state.value.round).toMatchObject({ status: 'betting', index: 1, bust: null, hash: null });
    const round = await latest();
    await closeWindow(round.id);
    await ctx.app.crash.tick(brand);
    await settleNow(round.id);
    const after = await ctx.call('crashState');
    const { hash, bust } = after.value.history[0]!;
    expect(nextInChain(hash)).toBe(state.value.chain!.commitment);
    expect(bust).toBe(crashPoint(hash, state.value.chain!.salt!, 100));
  });

  it('takes bets only in the window, one per member and round, and answers a retry with the same bet', async () => {
    const round = await roundReaching(200);
    const a = await newMember(ctx, { prefix: 'crasha' });
    await fund(ctx, a, 10_000);
    const requestId = rid();
    const bet = await ctx.call('crashBet', { token: a.token, body: { requestId, stake: 1_000 } });
    expect(bet.value).toMatchObject({ roundId: round.id, stake: 1_000, status: 'active' });
    expect(await balance(a)).toBe(9_000);
    const again = await ctx.call('crashBet', { token: a.token, body: { requestId, stake: 1_000 } });
    expect(again.value.id).toBe(bet.value.id);
    expect(await balance(a)).toBe(9_000);
    expect(
      (await ctx.call('crashBet', { token: a.token, body: { requestId: rid(), stake: 500 } })).code,
    ).toBe('CRASH_ALREADY_BET');
    expect((await ctx.call('crashBet', { token: a.token, body: { requestId: rid(), stake: 5 } })).code).toBe(
      'BET_BELOW_MIN',
    );
    expect((await ctx.call('crashCashout', { token: a.token, body: { betId: bet.value.id } })).code).toBe(
      'CRASH_NOT_STARTED',
    );
    await closeWindow(round.id);
    const late = await newMember(ctx, { prefix: 'crashl' });
    await fund(ctx, late, 10_000);
    expect(
      (await ctx.call('crashBet', { token: late.token, body: { requestId: rid(), stake: 100 } })).code,
    ).toBe('CRASH_BETTING_CLOSED');
    expect(await balance(late)).toBe(10_000);
    await ctx.app.crash.tick(brand);
    expect((await latest()).status).toBe('running');
    // Cashed out 40 ms into the round (whatever the test's own pace): paid at the multiplier of that moment.
    await startedAgo(round.id, 40);
    const cashed = await ctx.call('crashCashout', { token: a.token, body: { betId: bet.value.id } });
    expect(cashed.code).toBe('OK');
    const [row] = await ctx.handle.db.select().from(crashBets).where(eq(crashBets.id, bet.value.id));
    expect(row!.cashoutMs).toBeLessThan(round.bustMs);
    expect(cashed.value.multiplier).toBe(crashMultiplierAt(row!.cashoutMs!));
    expect(cashed.value.payout).toBe(Math.floor((1_000 * cashed.value.multiplier) / 100));
    expect(await balance(a)).toBe(9_000 + cashed.value.payout);
    expect((await ctx.call('crashCashout', { token: a.token, body: { betId: bet.value.id } })).code).toBe(
      'CRASH_CASHED_OUT',
    );
    await settleNow(round.id);
  });

  it('pays an automatic cash-out at its own multiplier and settles the rest lost', async () => {
    const round = await roundReaching(200);
    const auto = await newMember(ctx, { prefix: 'crashu' });
    const high = await newMember(ctx, { prefix: 'crashh' });
    const idle = await newMember(ctx, { prefix: 'crashi' });
    for (const m of [auto, high, idle]) await fund(ctx, m, 10_000);
    await ctx.call('crashBet', {
      token: auto.token,
      body: { requestId: rid(), stake: 1_000, autoCashout: 150 },
    });
    await ctx.call('crashBet', {
      token: high.token,
      body: { requestId: rid(), stake: 1_000, autoCashout: round.bust + 1 },
    });
    await ctx.call('crashBet', { token: idle.token, body: { requestId: rid(), stake: 1_000 } });
    await closeWindow(round.id);
    await ctx.app.crash.tick(brand);
    await startedAgo(round.id, bustTime(150) + 5);
    await ctx.app.crash.tick(brand);
    expect(await balance(auto)).toBe(9_000 + 1_500);
    const refused = await ctx.call('crashCashout', {
      token: idle.token,
      body: { betId: (await ctx.call('crashState', { token: idle.token })).value.mine!.id },
    });
    expect(refused.code).toBe('OK');
    await settleNow(round.id);
    expect(await balance(high)).toBe(9_000);
    expect((await latest()).status).toBe('settled');
    const bets = await ctx.handle.db.select().from(crashBets).where(eq(crashBets.roundId, round.id));
    expect(bets.every((b) => b.status !== 'active')).toBe(true);
  });

  it('refuses a cash-out after the bust and moves nothing', async () => {
    const round = await roundReaching(101);
    const late = await newMember(ctx, { prefix: 'crashz' });
    await fund(ctx, late, 10_000);
    const bet = await ctx.call('crashBet', { token: late.token, body: { requestId: rid(), stake: 1_000 } });
    await closeWindow(round.id);
    await ctx.app.crash.tick(brand);
    await startedAgo(round.id, round.bustMs + 20);
    expect((await ctx.call('crashCashout', { token: late.token, body: { betId: bet.value.id } })).code).toBe(
      'CRASH_BUSTED',
    );
    await settleNow(round.id);
    expect(await balance(late)).toBe(9_000);
  });

  it('settles 200 players cashing out around the bust, each exactly once and rightly', async () => {
    const players = await crowd(ctx, 200);
    for (const p of players) await fund(ctx, p, 5_000);
    const round = await roundReaching(200);
    const bets = await Promise.all(
      players.map((p, i) =>
        ctx.call('crashBet', { token: p.token, body: { requestId: rid(), stake: 100 + i } }),
      ),
    );
    expect(bets.filter((b) => b.code !== 'OK').map((b) => b.code)).toEqual([]);
    await closeWindow(round.id);
    await ctx.app.crash.tick(brand);
    // The cash-outs arrive in the last few tens of milliseconds before the bust and just after it.
    await startedAgo(round.id, round.bustMs - 25);
    const answers = await Promise.all(
      players.map((p, i) => ctx.call('crashCashout', { token: p.token, body: { betId: bets[i]!.value.id } })),
    );
    expect(answers.filter((a) => a.code !== 'OK' && a.code !== 'CRASH_BUSTED').map((a) => a.code)).toEqual(
      [],
    );
    await settleNow(round.id);
    const rows = await ctx.handle.db.select().from(crashBets).where(eq(crashBets.roundId, round.id));
    for (const [i, p] of players.entries()) {
      const row = rows.find((r) => r.memberId === p.id)!;
      const stake = 100 + i;
      if (row.status === 'cashed') {
        expect(row.cashoutMs!).toBeLessThan(round.bustMs);
        expect(row.multiplier).toBe(crashMultiplierAt(row.cashoutMs!));
        expect(row.payout).toBe(Math.floor((stake * row.multiplier) / 100));
        expect(answers[i]!.code).toBe('OK');
      } else {
        expect(row.status).toBe('lost');
        expect(row.payout).toBe(0);
        expect(answers[i]!.code).toBe('CRASH_BUSTED');
      }
      expect(await balance(p)).toBe(5_000 - stake + row.payout);
    }
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  }, 120_000);

  it('settles a round in flight from its committed outcome after a restart', async () => {
    const round = await roundReaching(101);
    const p = await newMember(ctx, { prefix: 'crashr' });
    await fund(ctx, p, 10_000);
    await ctx.call('crashBet', {
      token: p.token,
      body: { requestId: rid(), stake: 1_000, autoCashout: 101 },
    });
    await closeWindow(round.id);
    await ctx.app.crash.tick(brand);
    // The process stops with the round running; another one starts on the same database.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      STATIC_DIR: '/nonexistent',
      BRAND_CACHE_MS: '0',
      SITE_MODE: 'demo',
      MASTER_KEY: ctx.masterKey.toString('base64'),
      ...env,
    });
    const second = await buildApp({ config, db: ctx.handle.db, masterKey: ctx.masterKey });
    try {
      await startedAgo(round.id, round.bustMs + 1_000);
      await second.crash.tick(brand);
      await ctx.handle.db
        .update(crashRounds)
        .set({ crashedAt: sql`clock_timestamp() - interval '10 seconds'` })
        .where(eq(crashRounds.id, round.id));
      await second.crash.tick(brand);
    } finally {
      await second.close();
    }
    expect((await latest()).id).toBeGreaterThanOrEqual(round.id);
    const [row] = await ctx.handle.db.select().from(crashBets).where(eq(crashBets.memberId, p.id));
    // The round reaches 1.01× (a bust of exactly 1.01× too: a cash-out is reached when bust ≥ target).
    expect(row).toMatchObject({ status: 'cashed', multiplier: 101, payout: 1_010 });
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });
});
