import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProvider, type Provider } from '../../provider/server';
import { brands, crashRounds, memberDaily, memberSessions, members } from '../../server/db/schema';
import type { Brand } from '../../server/modules/brand/brand.service';
import { Ledger } from '../../server/modules/ledger/ledger';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import { bustTime } from '../../server/modules/originals/crash.service';
import { RoundsRepository } from '../../server/modules/wallet/rounds.repository';
import { TRIAL_GRANT, TRIAL_TOP_UP_BELOW, TRIAL_TOP_UPS } from '../../src/api/contract/trial';
import { minesPayout } from '../../src/originals/games/mines';
import { roundReaching, saltChain } from './crash-rounds';
import {
  connectVendor,
  createTestContext,
  databaseKinds,
  fund,
  type Member,
  newMember,
  newOperator,
  type TestContext,
} from './harness';

/**
 * Trial play (FREEPLAY3, issue 26 "What a new player saw"): a trial account plays the in-house games and
 * the demo provider's games with trial money moved through the ledger against the brand's `trial`
 * account, never its `house`; it does nothing else with it; its rounds are not business; and when the
 * trial ends the account closes and its trial money goes back.
 */

const SECRET = 'provider-trial-secret-0123456789abcdef';
let seq = 0;
const rid = () => `trial-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
const env = {
  CRASH_BETTING_MS: '60000',
  CRASH_PAUSE_MS: '500',
  CRASH_CHAIN_LENGTH: '400',
  CRASH_SALT_SOURCE: 'operator',
};

type Trial = { token: string; id: number; username: string };

describe.each(databaseKinds)('trial play on %s', (kind) => {
  let ctx: TestContext;
  let brand: Brand;
  let admin: string;
  let provider: Provider;
  let real: Member;

  /** The sum of the postings of one of the brand's own accounts (0 when it has none yet). */
  const houseBalance = async (house: 'house' | 'trial') => {
    const result = await ctx.handle.db.execute(sql`
      SELECT coalesce(sum(e.amount), 0)::bigint AS total
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.brand_id = ${brand.id} AND a.member_id IS NULL AND a.kind = ${house}`);
    return Number((result as unknown as { rows: Array<{ total: string }> }).rows[0]!.total);
  };
  const startTrial = async (): Promise<Trial> => {
    const res = await ctx.call('freePlay', { ip: `10.81.${++seq % 250}.9`, body: {} });
    expect(res.code).toBe('OK');
    return { token: res.value.token, id: res.value.user.id, username: res.value.user.account };
  };
  const balance = async (who: { token: string }) =>
    (await ctx.call('walletBalance', { token: who.token })).value.balance;
  const dice = (who: { token: string }, stake: number) =>
    ctx.call('originalsBet', {
      token: who.token,
      body: { game: 'dice', requestId: rid(), stake, chance: 4_950, side: 'over' } as never,
    });
  const limbo = (who: { token: string }, stake: number, target: number) =>
    ctx.call('originalsBet', {
      token: who.token,
      body: { game: 'limbo', requestId: rid(), stake, target } as never,
    });
  /** Takes trial money out of a trial wallet as if it had been lost (down to `left`). */
  const drain = async (who: Trial, left: number) => {
    const ledger = new Ledger(ctx.handle.db);
    await ledger.transfer({
      brand,
      key: `test:drain:${rid()}`,
      kind: 'bet',
      from: { memberId: who.id, wallet: 'main' },
      to: { house: 'trial' },
      amount: (await balance(who)) - left,
    });
  };
  const measuredBets = async (game: string) => {
    const res = await ctx.call('adminOriginals', { token: admin });
    return res.value.games.find((g) => g.game === game)!.measured.bets;
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind, { env });
    const [row] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    brand = { id: row!.id, currency: row!.currency, maxAmount: row!.maxAmount, singleWallet: true } as Brand;
    admin = (await newOperator(ctx, 'admin')).token;
    await saltChain(ctx, brand, admin);
    const siteUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    provider = createProvider({
      publicUrl: 'http://127.0.0.1:0',
      operators: [{ code: 'AURORA', walletUrl: siteUrl, secret: SECRET }],
      delivery: { attempts: 3, timeoutMs: 4_000, backoffMs: 20, duplicate: false },
    });
    await provider.listen(0, '127.0.0.1');
    const launchUrl = `${provider.url}/operator/launch`;
    // NOVA takes trial players (as the demo seed connects the demo provider); SUNL does not; DEEP does
    // but plays from a wallet of its own (transfer mode), which trial money cannot fill.
    await connectVendor(ctx, 'NOVA', { launchUrl, secret: SECRET, trialPlay: true });
    await connectVendor(ctx, 'SUNL', { launchUrl, secret: SECRET });
    await connectVendor(ctx, 'DEEP', { launchUrl, secret: SECRET, trialPlay: true, mode: 'transfer' });
    real = await newMember(ctx, { prefix: 'trialreal' });
    await fund(ctx, real, 1_000_000);
  });
  afterAll(async () => {
    await provider?.close();
    await ctx?.close();
  });

  it('starts a trial with trial money from the brand trial account, shown as the trial wallet', async () => {
    const trialBefore = await houseBalance('trial');
    const houseBefore = await houseBalance('house');
    const trial = await startTrial();
    expect(await balance(trial)).toBe(TRIAL_GRANT);
    const wallet = await ctx.call('trialWallet', { token: trial.token });
    expect(wallet.value).toMatchObject({
      balance: TRIAL_GRANT,
      grant: TRIAL_GRANT,
      topUpsLeft: TRIAL_TOP_UPS,
      canTopUp: false,
      currency: brand.currency,
    });
    expect(wallet.value.endsAt).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(await houseBalance('trial')).toBe(trialBefore - TRIAL_GRANT);
    expect(await houseBalance('house')).toBe(houseBefore);
    // A real member has no trial wallet.
    expect((await ctx.call('trialWallet', { token: real.token })).code).toBe('TRIAL_ONLY');
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('plays dice with trial money: the same game, against the trial account, never the house', async () => {
    const trial = await startTrial();
    const houseBefore = await houseBalance('house');
    const trialBefore = await houseBalance('trial');
    let expected = TRIAL_GRANT;
    const outcomes = new Set<boolean>();
    for (let i = 0; i < 24; i++) {
      const bet = await dice(trial, 1_000);
      expect(bet.code).toBe('OK');
      expected += bet.value.payout - 1_000;
      outcomes.add(bet.value.payout > 0);
    }
    // It won and it lost (one side of 24 bets at 49.5 % has a chance of 2 in 30 million).
    expect(outcomes).toEqual(new Set([true, false]));
    expect(await balance(trial)).toBe(expected);
    expect(await houseBalance('house')).toBe(houseBefore);
    expect(await houseBalance('trial')).toBe(trialBefore - (expected - TRIAL_GRANT));
    // Its bets are in its own list, not in the public feed of the brand's bets.
    const mine = await ctx.call('originalsRecent', {
      token: trial.token,
      query: { scope: 'mine', game: 'dice' } as never,
    });
    expect(mine.value.items.length).toBeGreaterThan(0);
    const all = await ctx.call('originalsRecent', {
      query: { scope: 'all', game: 'dice', limit: 50 } as never,
    });
    expect(all.value.items.some((b) => mine.value.items.some((m) => m.id === b.id))).toBe(false);
    // The seeds and the fairness are the member's as for anyone: the revealed seed verifies the bets.
    const seeds = await ctx.call('originalsSeeds', { token: trial.token });
    expect(seeds.value.active.nonce).toBe(24);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('plays mines with trial money: the stake and the cash-out move against the trial account', async () => {
    const trial = await startTrial();
    const houseBefore = await houseBalance('house');
    const trialBefore = await houseBalance('trial');
    const start = await ctx.call('minesStart', {
      token: trial.token,
      body: { requestId: rid(), stake: 1_000, mines: 3 },
    });
    expect(start.code).toBe('OK');
    // The server knows where the mines are; the test reads them to pick a safe tile.
    const { rows } = (await ctx.handle.db.execute(
      sql`SELECT outcome FROM originals_bets WHERE id = ${start.value.id}`,
    )) as unknown as { rows: { outcome: { mines: number[] } }[] };
    const safe = [...Array(25).keys()].find((t) => !rows[0]!.outcome.mines.includes(t))!;
    expect(
      (await ctx.call('minesReveal', { token: trial.token, body: { betId: start.value.id, tile: safe } }))
        .code,
    ).toBe('OK');
    const cashed = await ctx.call('minesCashout', { token: trial.token, body: { betId: start.value.id } });
    expect(cashed.code).toBe('OK');
    const payout = cashed.value.payout;
    // One safe tile of 22 with 3 mines: a little more than the stake back.
    expect(payout).toBeGreaterThan(1_000);
    expect(payout).toBeLessThan(minesPayout(1_000, 3, 1, 0) + 1);
    expect(await balance(trial)).toBe(TRIAL_GRANT - 1_000 + payout);
    expect(await houseBalance('house')).toBe(houseBefore);
    expect(await houseBalance('trial')).toBe(trialBefore + 1_000 - payout);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('plays crash with trial money: the bet and the automatic cash-out move against the trial account', async () => {
    const trial = await startTrial();
    const round = await roundReaching(ctx, brand, 200);
    const houseBefore = await houseBalance('house');
    const trialBefore = await houseBalance('trial');
    const bet = await ctx.call('crashBet', {
      token: trial.token,
      body: { requestId: rid(), stake: 10_000, autoCashout: 150 },
    });
    expect(bet.code).toBe('OK');
    expect(await balance(trial)).toBe(TRIAL_GRANT - 10_000);
    const set = (values: Record<string, unknown>) =>
      ctx.handle.db.update(crashRounds).set(values).where(eq(crashRounds.id, round.id));
    await set({ bettingEndsAt: sql`clock_timestamp() - interval '1 millisecond'` });
    await ctx.app.crash.tick(brand);
    await set({ startedAt: sql`clock_timestamp() - ${bustTime(150) + 5} * interval '1 millisecond'` });
    await ctx.app.crash.tick(brand);
    expect(await balance(trial)).toBe(TRIAL_GRANT + 5_000);
    expect(await houseBalance('house')).toBe(houseBefore);
    expect(await houseBalance('trial')).toBe(trialBefore - 5_000);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it("plays the demo provider's slot with trial money; other vendors and transfer-mode ones stay closed", async () => {
    const trial = await startTrial();
    const houseBefore = await houseBalance('house');
    const trialBefore = await houseBalance('trial');
    const launched = await ctx.call('launchGame', {
      token: trial.token,
      body: { vassalage: 'NOVA', gameCode: 'golden-dragon' } as never,
    });
    expect(launched.code).toBe('OK');
    const session = new URL(launched.value.url).pathname.split('/').pop()!;
    let expected = TRIAL_GRANT;
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${provider.url}/api/${session}/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ stake: 500 }),
      });
      expect(res.status).toBe(200);
      const spin = (await res.json()) as { win: number; balance: number };
      expected += spin.win - 500;
      expect(spin.balance).toBe(expected);
    }
    expect(await balance(trial)).toBe(expected);
    expect(await houseBalance('house')).toBe(houseBefore);
    expect(await houseBalance('trial')).toBe(trialBefore - (expected - TRIAL_GRANT));
    for (const vassalage of ['SUNL', 'DEEP']) {
      const refused = await ctx.call('launchGame', { token: trial.token, body: { vassalage } as never });
      expect(refused.code).toBe('REAL_ACCOUNT_REQUIRED');
    }
    // A real member launches the vendor a trial account may not.
    expect(
      (await ctx.call('launchGame', { token: real.token, body: { vassalage: 'SUNL' } as never })).code,
    ).toBe('OK');
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('lets an operator say in the back office whether a vendor takes trial accounts', async () => {
    const trial = await startTrial();
    const connect = (trialPlay: boolean) =>
      ctx.call('connectVendor', {
        token: admin,
        body: {
          vendor: 'LUXR',
          launchUrl: `${provider.url}/operator/launch`,
          secret: SECRET,
          trialPlay,
        } as never,
      });
    const luxr = async () =>
      (await ctx.call('adminVendors', { token: admin })).value.find((v) => v.vendor === 'LUXR')!.connection;
    const play = () =>
      ctx.call('launchGame', {
        token: trial.token,
        body: { vassalage: 'LUXR', gameCode: 'pharaoh-gold' } as never,
      });
    expect((await connect(true)).code).toBe('OK');
    expect(await luxr()).toMatchObject({ trialPlay: true });
    expect((await play()).code).toBe('OK');
    expect((await connect(false)).code).toBe('OK');
    expect(await luxr()).toMatchObject({ trialPlay: false });
    expect((await play()).code).toBe('REAL_ACCOUNT_REQUIRED');
  });

  it('refuses everything else a real account does with money: deposit, withdrawal, transfers, lottery, rebate', async () => {
    const trial = await startTrial();
    const t = trial.token;
    const refusals = await Promise.all([
      ctx.call('createDeposit', {
        token: t,
        body: { method: 'pix', amount: 5_000, requestId: rid() } as never,
      }),
      ctx.call('withdrawSetup', { token: t }),
      ctx.call('requestWithdrawal', {
        token: t,
        body: { bankAccountId: 1, amount: 5_000, paymentPassword: '246810', requestId: rid() } as never,
      }),
      ctx.call('walletTransfer', {
        token: t,
        body: { vendor: 'DEEP', direction: 'in', amount: 1_000, requestId: rid() } as never,
      }),
      ctx.call('transferUpline', {
        token: t,
        body: { amount: 1_000, paymentPassword: '246810', requestId: rid() } as never,
      }),
      ctx.call('placeSlip', {
        token: t,
        body: {
          requestId: rid(),
          game: 'ssc1',
          draw: '1',
          lines: [{ betType: 'ssc.star5', selection: [[1], [2], [3], [4], [5]], unit: 100, multiplier: 1 }],
        } as never,
      }),
      ctx.call('rebate', { token: t }),
      ctx.call('claimRebate', { token: t }),
    ]);
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(res.code).toBe('REAL_ACCOUNT_REQUIRED');
    }
    // In the caller's language.
    const en = await ctx.call('claimRebate', { token: t, language: 'en' });
    expect(en.message).toMatch(/real account/);
    expect(await balance(trial)).toBe(TRIAL_GRANT);
  });

  it('tops the trial balance back up only once it runs low, a few times, once per click', async () => {
    const trial = await startTrial();
    const early = await ctx.call('trialTopUp', { token: trial.token });
    expect(early.code).toBe('TRIAL_TOP_UP_NOT_YET');
    expect(early.status).toBe(409);
    for (let n = 1; n <= TRIAL_TOP_UPS; n++) {
      await drain(trial, TRIAL_TOP_UP_BELOW - 1);
      expect((await ctx.call('trialWallet', { token: trial.token })).value.canTopUp).toBe(true);
      // Two clicks at once move the money once (whichever way their reads interleave with the move).
      const [a, b] = await Promise.all([
        ctx.call('trialTopUp', { token: trial.token }),
        ctx.call('trialTopUp', { token: trial.token }),
      ]);
      expect([a.code, b.code]).toContain('OK');
      expect(await balance(trial)).toBe(TRIAL_GRANT);
      expect((await ctx.call('trialWallet', { token: trial.token })).value.topUpsLeft).toBe(
        TRIAL_TOP_UPS - n,
      );
    }
    await drain(trial, 0);
    const spent = await ctx.call('trialTopUp', { token: trial.token });
    expect(spent.code).toBe('TRIAL_TOP_UP_LIMIT');
    expect(await balance(trial)).toBe(0);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it("leaves trial money out of the business figures: agents' daily figures, settlement, winner board, measured returns", async () => {
    const since = new Date(Date.now() - 1_000);
    const trial = await startTrial();
    const diceBefore = await measuredBets('dice');
    const limboBefore = await measuredBets('limbo');
    for (let i = 0; i < 6; i++) expect((await dice(trial, 1_000)).code).toBe('OK');
    // Limbo at 6.00×: a win pays six times the stake, a big win for the board (a miss in all 100 has a
    // chance below 1 in 10 million).
    for (let i = 0; i < 100; i++) expect((await limbo(trial, 1_000, 600)).code).toBe('OK');
    // A real member's bet counts, as before.
    expect((await dice(real, 1_000)).code).toBe('OK');
    const rounds = new RoundsRepository(ctx.handle.db);
    const bigTrialRounds = await ctx.handle.db.execute(sql`
      SELECT count(*)::int AS n FROM vendor_rounds WHERE member_id = ${trial.id} AND payout >= stake * 5`);
    expect(Number((bigTrialRounds as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBeGreaterThan(
      0,
    );
    expect((await rounds.bigWins(since, 2_000, 5)).some((w) => w.memberId === trial.id)).toBe(false);
    const day = { from: new Date(Date.now() - 86_400_000), to: new Date(Date.now() + 60_000) };
    const totals = await rounds.memberTotals(brand.id, day.from, day.to);
    expect(totals.some((r) => r.memberId === trial.id)).toBe(false);
    expect(totals.some((r) => r.memberId === real.id)).toBe(true);
    const daily = await rounds.dailyTotals(brand.id, day.from, day.to, 'UTC');
    expect(daily.some((r) => r.memberId === trial.id)).toBe(false);
    await ctx.app.agents.rollUpRecent([{ ...brand, timeZone: 'UTC' } as Brand], 2);
    const figures = await ctx.handle.db.select().from(memberDaily).where(eq(memberDaily.memberId, trial.id));
    expect(figures).toEqual([]);
    expect(await measuredBets('dice')).toBe(diceBefore + 1);
    expect(await measuredBets('limbo')).toBe(limboBefore);
  });

  it('ends a trial after its hours: the account closes, its session ends and its trial money goes back', async () => {
    const trial = await startTrial();
    expect((await dice(trial, 1_000)).code).toBe('OK');
    const left = await balance(trial);
    const live = await startTrial();
    const trialBefore = await houseBalance('trial');
    await ctx.handle.db
      .update(members)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(members.id, trial.id));
    const run = await ctx.app.trials.end();
    expect(run.ended).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.handle.db.select().from(members).where(eq(members.id, trial.id));
    expect(row!.status).toBe('closed');
    const sessions = await ctx.handle.db
      .select()
      .from(memberSessions)
      .where(eq(memberSessions.memberId, trial.id));
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await ctx.call('walletBalance', { token: trial.token })).status).toBe(401);
    expect(await houseBalance('trial')).toBe(trialBefore + left);
    const wallet = await ctx.handle.db.execute(sql`
      SELECT balance FROM ledger_accounts WHERE member_id = ${trial.id} AND kind = 'main'`);
    expect(Number((wallet as unknown as { rows: Array<{ balance: string }> }).rows[0]!.balance)).toBe(0);
    // Run again: nothing more moves; the trial still going keeps its money.
    const again = await ctx.app.trials.end();
    expect(again).toEqual({ ended: 0, returned: 0 });
    expect(await houseBalance('trial')).toBe(trialBefore + left);
    expect(await balance(live)).toBe(TRIAL_GRANT);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });
});
