import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { brands, originalsSeeds, originalsSettings } from '../../server/db/schema';
import { isUniqueViolation } from '../../server/db/unique-violation';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import { commitmentOf } from '../../src/originals/fair';
import { diceWins } from '../../src/originals/games/dice';
import { minesPayout } from '../../src/originals/games/mines';
import { drawOutcome } from '../../src/originals/outcome';
import {
  callEndpoint,
  createTestContext,
  crowd,
  databaseKinds,
  fund,
  type Member,
  newMember,
  type TestContext,
} from './harness';

let seq = 0;
const rid = () => `req-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

describe.each(databaseKinds)('in-house games on %s', (kind) => {
  let ctx: TestContext;
  let player: Member;

  const balance = async (who: Member) =>
    (await ctx.call('walletBalance', { token: who.token })).value.balance;
  const dice = (who: Member, stake: number, extra: Record<string, unknown> = {}) =>
    ctx.call('originalsBet', {
      token: who.token,
      body: { game: 'dice', requestId: rid(), stake, chance: 4_950, side: 'over', ...extra } as never,
    });
  const setGame = async (game: string, values: Partial<typeof originalsSettings.$inferInsert>) => {
    const [brand] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    await ctx.handle.db
      .insert(originalsSettings)
      .values({
        brandId: brand!.id,
        game,
        currency: brand!.currency,
        edgeBp: 100,
        minBet: 10,
        maxBet: 1_000_000,
        maxWin: 100_000_000,
        ...values,
      })
      .onConflictDoUpdate({
        target: [originalsSettings.brandId, originalsSettings.game, originalsSettings.currency],
        set: values,
      });
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    player = await newMember(ctx, { prefix: 'orig' });
    await fund(ctx, player, 1_000_000);
  });
  afterAll(() => ctx.close());

  it('publishes each game with its edge, limits, return and the plinko and keno tables', async () => {
    const res = await ctx.call('originalsSettings');
    expect(res.code).toBe('OK');
    expect(res.value.games.map((g) => g.game)).toEqual(['dice', 'limbo', 'plinko', 'mines', 'keno', 'crash']);
    expect(res.value.games[0]).toMatchObject({ enabled: true, edgeBp: 100, rtp: '99.00' });
    expect(res.value.plinko['16:high']).toHaveLength(17);
    expect(res.value.keno['10:classic']).toHaveLength(11);
  });

  it('commits to a server seed before the first bet and shows only its hash', async () => {
    const seeds = await ctx.call('originalsSeeds', { token: player.token });
    expect(seeds.value.active.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(seeds.value.active.nonce).toBe(0);
    expect(JSON.stringify(seeds.value)).not.toContain('serverSeed"');
  });

  it('plays a dice bet through the ledger as a BGS round, drawn from the committed seed', async () => {
    const before = await balance(player);
    const seeds = (await ctx.call('originalsSeeds', { token: player.token })).value.active;
    const res = await dice(player, 1_000);
    expect(res.code).toBe('OK');
    const bet = res.value;
    expect(bet).toMatchObject({
      game: 'dice',
      stake: 1_000,
      nonce: seeds.nonce,
      clientSeed: seeds.clientSeed,
    });
    expect(bet.serverSeedHash).toBe(seeds.serverSeedHash);
    const roll = bet.outcome.roll as number;
    const won = diceWins(roll, { chance: 4_950, side: 'over' });
    expect(bet.payout).toBe(won ? 2_000 : 0);
    expect(bet.balance).toBe(before - 1_000 + bet.payout);
    expect(await balance(player)).toBe(bet.balance);

    const records = await ctx.call('betRecords', { token: player.token, query: { vassalage: 'BGS' } });
    expect(records.value.items[0]).toMatchObject({
      roundId: `dice-${bet.id}`,
      gameType: 'INHOUSE',
      stake: 1_000,
      payout: bet.payout,
      status: 'settled',
    });
  });

  it('answers a retried request with the same bet and moves nothing again', async () => {
    const requestId = rid();
    const body = { game: 'dice', requestId, stake: 500, chance: 5_000, side: 'under' } as never;
    const first = await ctx.call('originalsBet', { token: player.token, body });
    const after = await balance(player);
    const again = await ctx.call('originalsBet', { token: player.token, body });
    expect(again.value).toEqual(first.value);
    expect(await balance(player)).toBe(after);
    // The retry took no nonce: the next bet draws with the one after the first's.
    expect((await dice(player, 100)).value.nonce).toBe(first.value.nonce + 1);
    // A retry is answered with its bet even when the wallet could no longer pay that stake: the whole
    // balance (up to the maximum bet) is staked at 2 % until the wallet is empty, then the last bet is
    // sent again.
    const spent = await newMember(ctx, { prefix: 'retry' });
    await fund(ctx, spent, 500);
    let lost: { body: never; value: unknown } | undefined;
    for (let i = 0; i < 40 && (await balance(spent)) > 0; i++) {
      const stake = Math.min(await balance(spent), 1_000_000);
      const allIn = { game: 'dice', requestId: rid(), stake, chance: 200, side: 'under' };
      const res = await ctx.call('originalsBet', { token: spent.token, body: allIn as never });
      expect(res.code).toBe('OK');
      lost = { body: allIn as never, value: res.value };
    }
    expect(await balance(spent)).toBe(0);
    const retried = await ctx.call('originalsBet', { token: spent.token, body: lost!.body });
    expect(retried.value).toEqual(lost!.value);
  });

  it('refuses bad stakes with their own codes and moves nothing', async () => {
    const before = await balance(player);
    const nonce = (await ctx.call('originalsSeeds', { token: player.token })).value.active.nonce;
    expect((await dice(player, 5)).code).toBe('BET_BELOW_MIN');
    expect((await dice(player, 2_000_000)).code).toBe('BET_ABOVE_MAX');
    expect((await dice(player, 10.5)).code).toBe('AMOUNT_NOT_INTEGER');
    expect((await dice(player, -100)).code).toBe('AMOUNT_NEGATIVE');
    expect((await dice(player, 0)).code).toBe('AMOUNT_ZERO');
    expect((await dice(player, 100, { chance: 9_900 })).code).toBe('VALIDATION_FAILED');
    // 0.01 % pays 9,900×: 100,000 could win 990,000,000, past the 100,000,000 maximum win.
    expect((await dice(player, 100_000, { chance: 1 })).code).toBe('WIN_ABOVE_MAX');
    const poor = await newMember(ctx, { prefix: 'poor' });
    await fund(ctx, poor, 50);
    const broke = await dice(poor, 100);
    expect(broke.status).toBe(409);
    expect(broke.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balance(poor)).toBe(50);
    expect((await ctx.call('originalsSeeds', { token: poor.token })).value.active.nonce).toBe(0);
    expect(await balance(player)).toBe(before);
    expect((await ctx.call('originalsSeeds', { token: player.token })).value.active.nonce).toBe(nonce);
  });

  it('stops the next bet of a session ended since its last one, wherever it was ended, and moves nothing', async () => {
    // The bet route remembers a session it found live and has the wager's own statement confirm it:
    // a session ended by another server process (only the database knows) must stop the very next bet.
    const mainBalance = async (who: Member) => {
      const rows = await ctx.handle.db.execute<{ balance: string }>(
        sql`SELECT balance FROM ledger_accounts WHERE member_id = ${who.id} AND kind = 'main'`,
      );
      return Number((rows as unknown as { rows: { balance: string }[] }).rows[0]!.balance);
    };
    const betsOf = async (who: Member) => {
      const rows = await ctx.handle.db.execute<{ n: string }>(
        sql`SELECT count(*) AS n FROM originals_bets WHERE member_id = ${who.id}`,
      );
      return Number((rows as unknown as { rows: { n: string }[] }).rows[0]!.n);
    };
    const cases = [
      { end: `UPDATE member_sessions SET revoked_at = now() WHERE member_id = $1`, code: 'SESSION_EXPIRED' },
      { end: `UPDATE member_sessions SET expires_at = now() WHERE member_id = $1`, code: 'SESSION_EXPIRED' },
      { end: `UPDATE members SET status = 'disabled' WHERE id = $1`, code: 'ACCOUNT_DISABLED' },
    ];
    for (const { end, code } of cases) {
      const who = await newMember(ctx, { prefix: 'gone' });
      await fund(ctx, who, 10_000);
      expect((await dice(who, 100)).code).toBe('OK');
      const before = await mainBalance(who);
      await ctx.handle.db.execute(sql.raw(end.replace('$1', String(who.id))));
      const refused = await dice(who, 100);
      expect(refused.code).toBe(code);
      expect(await mainBalance(who)).toBe(before);
      expect(await betsOf(who)).toBe(1);
    }
    // Logged out on this server: refused as well, and so is every later bet.
    const who = await newMember(ctx, { prefix: 'gone' });
    await fund(ctx, who, 10_000);
    expect((await dice(who, 100)).code).toBe('OK');
    expect((await ctx.call('logout', { token: who.token })).code).toBe('OK');
    expect((await dice(who, 100)).code).toBe('SESSION_EXPIRED');
    expect((await dice(who, 100)).code).toBe('SESSION_EXPIRED');
    expect(await betsOf(who)).toBe(1);
  });

  it('has the database refuse a second bet on a seed and nonce already used', async () => {
    // The service takes a nonce only once (originals_batch moves it under a guard); the unique index is
    // the last line: whatever writes a bet row, one nonce of one seed draws one outcome.
    const who = await newMember(ctx, { prefix: 'nonce' });
    await fund(ctx, who, 10_000);
    expect((await dice(who, 100)).code).toBe('OK');
    const again = ctx.handle.db.execute(
      sql`INSERT INTO originals_bets (brand_id, member_id, request_id, game, seed_id, nonce, stake, payout,
            multiplier, params, outcome, status)
          SELECT brand_id, member_id, request_id || '-again', game, seed_id, nonce, stake, payout, multiplier,
            params, outcome, status
          FROM originals_bets WHERE member_id = ${who.id}`,
    );
    const refused = await again.then(
      () => null,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(refused, 'originals_bets_seed_nonce_uq')).toBe(true);
  });

  it('refuses a game the operator switched off', async () => {
    await setGame('limbo', { enabled: false });
    const res = await ctx.call('originalsBet', {
      token: player.token,
      body: { game: 'limbo', requestId: rid(), stake: 100, target: 200 } as never,
    });
    expect(res.code).toBe('GAME_DISABLED');
    await setGame('limbo', { enabled: true });
  });

  it('plays limbo, plinko and keno, each paying what its table says', async () => {
    const limbo = await ctx.call('originalsBet', {
      token: player.token,
      body: { game: 'limbo', requestId: rid(), stake: 1_000, target: 150 } as never,
    });
    const result = limbo.value.outcome.result as number;
    expect(limbo.value.payout).toBe(result >= 150 ? 1_500 : 0);

    const tables = (await ctx.call('originalsSettings')).value;
    const plinko = await ctx.call('originalsBet', {
      token: player.token,
      body: { game: 'plinko', requestId: rid(), stake: 1_000, rows: 12, risk: 'medium' } as never,
    });
    const bin = plinko.value.outcome.bin as number;
    expect((plinko.value.outcome.path as number[]).reduce((a, b) => a + b, 0)).toBe(bin);
    expect(plinko.value.payout).toBe(Math.floor((1_000 * tables.plinko['12:medium']![bin]!) / 100));

    const picks = [1, 5, 9, 13, 40];
    const keno = await ctx.call('originalsBet', {
      token: player.token,
      body: { game: 'keno', requestId: rid(), stake: 1_000, picks, risk: 'high' } as never,
    });
    const drawn = keno.value.outcome.drawn as number[];
    expect(new Set(drawn).size).toBe(10);
    const hits = picks.filter((p) => drawn.includes(p)).length;
    expect(keno.value.payout).toBe(Math.floor((1_000 * tables.keno['5:high']![hits]!) / 100));

    const repeated = await ctx.call('originalsBet', {
      token: player.token,
      body: { game: 'keno', requestId: rid(), stake: 100, picks: [3, 3], risk: 'low' } as never,
    });
    expect(repeated.code).toBe('PICKS_REPEATED');
  });

  it('plays mines: reveal, cash out once, and nothing after the end', async () => {
    const before = await balance(player);
    const start = await ctx.call('minesStart', {
      token: player.token,
      body: { requestId: rid(), stake: 1_000, mines: 3 },
    });
    expect(start.code).toBe('OK');
    expect(start.value.minesAt).toBeNull();
    expect(await balance(player)).toBe(before - 1_000);
    const second = await ctx.call('minesStart', {
      token: player.token,
      body: { requestId: rid(), stake: 100, mines: 3 },
    });
    expect(second.code).toBe('GAME_IN_PROGRESS');
    expect((await ctx.call('rotateSeed', { token: player.token, body: {} })).code).toBe('GAME_IN_PROGRESS');

    // The server knows where the mines are; the test reads them from the database to pick safe tiles.
    const { rows } = (await ctx.handle.db.execute(
      `SELECT outcome FROM originals_bets WHERE id = ${start.value.id}` as never,
    )) as unknown as { rows: { outcome: { mines: number[] } }[] };
    const mines = rows[0]!.outcome.mines;
    const safe = [...Array(25).keys()].filter((t) => !mines.includes(t));
    const one = await ctx.call('minesReveal', {
      token: player.token,
      body: { betId: start.value.id, tile: safe[0]! },
    });
    expect(one.value).toMatchObject({ revealed: [safe[0]], status: 'open' });
    expect(
      (
        await ctx.call('minesReveal', {
          token: player.token,
          body: { betId: start.value.id, tile: safe[0]! },
        })
      ).code,
    ).toBe('TILE_REVEALED');
    await ctx.call('minesReveal', { token: player.token, body: { betId: start.value.id, tile: safe[1]! } });
    const current = await ctx.call('minesCurrent', { token: player.token });
    expect(current.value.game?.revealed).toEqual([safe[0], safe[1]]);

    const cashed = await ctx.call('minesCashout', { token: player.token, body: { betId: start.value.id } });
    const payout = minesPayout(1_000, 3, 2, 100);
    expect(cashed.value).toMatchObject({ status: 'settled', payout, minesAt: mines });
    expect(await balance(player)).toBe(before - 1_000 + payout);
    expect(
      (await ctx.call('minesCashout', { token: player.token, body: { betId: start.value.id } })).code,
    ).toBe('GAME_NOT_OPEN');
    expect(
      (
        await ctx.call('minesReveal', {
          token: player.token,
          body: { betId: start.value.id, tile: safe[2]! },
        })
      ).code,
    ).toBe('GAME_NOT_OPEN');
    expect(await balance(player)).toBe(before - 1_000 + payout);
  });

  it('ends a mines game on a mine with nothing paid', async () => {
    const start = await ctx.call('minesStart', {
      token: player.token,
      body: { requestId: rid(), stake: 200, mines: 24 },
    });
    const { rows } = (await ctx.handle.db.execute(
      `SELECT outcome FROM originals_bets WHERE id = ${start.value.id}` as never,
    )) as unknown as { rows: { outcome: { mines: number[] } }[] };
    const hit = await ctx.call('minesReveal', {
      token: player.token,
      body: { betId: start.value.id, tile: rows[0]!.outcome.mines[0]! },
    });
    expect(hit.value).toMatchObject({ status: 'settled', payout: 0 });
    expect((await ctx.call('minesCurrent', { token: player.token })).value.game).toBeNull();
  });

  it('keeps an open mines game across a restart: another process picks it up and plays it on', async () => {
    const start = await ctx.call('minesStart', {
      token: player.token,
      body: { requestId: rid(), stake: 300, mines: 1 },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      STATIC_DIR: '/nonexistent',
      BRAND_CACHE_MS: '0',
      SITE_MODE: 'demo',
      MASTER_KEY: ctx.masterKey.toString('base64'),
    });
    const second = await buildApp({ config, db: ctx.handle.db, masterKey: ctx.masterKey });
    try {
      const current = await callEndpoint(second, 'minesCurrent', { token: player.token });
      expect(current.value.game).toMatchObject({ id: start.value.id, status: 'open', revealed: [] });
      const { rows } = (await ctx.handle.db.execute(
        `SELECT outcome FROM originals_bets WHERE id = ${start.value.id}` as never,
      )) as unknown as { rows: { outcome: { mines: number[] } }[] };
      const safe = [...Array(25).keys()].find((t) => !rows[0]!.outcome.mines.includes(t))!;
      await callEndpoint(second, 'minesReveal', {
        token: player.token,
        body: { betId: start.value.id, tile: safe },
      });
      const cashed = await callEndpoint(second, 'minesCashout', {
        token: player.token,
        body: { betId: start.value.id },
      });
      expect(cashed.value).toMatchObject({ status: 'settled', payout: minesPayout(300, 1, 1, 100) });
    } finally {
      await second.close();
    }
  });

  it('rotating reveals the seed, and every bet of the old pair is reproduced from it', async () => {
    const recall = await ctx.call('originalsRecall', { token: player.token });
    expect(recall.value.rounds.length).toBeGreaterThan(3);
    expect(recall.value.rounds.every((r) => r.serverSeed === null)).toBe(true);
    // The next server seed was committed before the player chose the client seed that plays with it.
    const before = (await ctx.call('originalsSeeds', { token: player.token })).value.active;
    const rotated = await ctx.call('rotateSeed', {
      token: player.token,
      body: { clientSeed: 'my-own-seed' },
    });
    expect(rotated.value.active).toMatchObject({
      clientSeed: 'my-own-seed',
      nonce: 0,
      serverSeedHash: before.nextServerSeedHash,
    });
    const revealed = rotated.value.revealed!;
    expect(commitmentOf(revealed.serverSeed)).toBe(before.serverSeedHash);
    const now = (await ctx.call('originalsSeeds', { token: player.token })).value.active;
    expect(now.serverSeedHash).toBe(before.nextServerSeedHash);
    expect(now.nextServerSeedHash).not.toBe(before.nextServerSeedHash);
    expect(now.nextServerSeedHash).toMatch(/^[0-9a-f]{64}$/);
    const after = await ctx.call('originalsRecall', { token: player.token });
    for (const round of after.value.rounds) {
      expect(round.serverSeed).toBe(revealed.serverSeed);
      const params = round.params as { rows?: number; mines?: number; edgeBp: number };
      const input =
        round.game === 'plinko'
          ? { game: 'plinko' as const, rows: params.rows! }
          : round.game === 'mines'
            ? { game: 'mines' as const, mines: params.mines! }
            : round.game === 'limbo'
              ? { game: 'limbo' as const, edgeBp: params.edgeBp }
              : { game: round.game as 'dice' | 'keno' };
      const again = drawOutcome(
        { serverSeed: round.serverSeed!, clientSeed: round.clientSeed, nonce: round.nonce },
        input,
      );
      expect({ ...round.outcome, game: round.game }).toEqual(again);
      expect(round.balanceAfter! - round.balanceBefore!).toBe(round.payout - round.stake);
    }
    expect(
      (await ctx.call('rotateSeed', { token: player.token, body: { clientSeed: 'bad:seed' } })).code,
    ).toBe('VALIDATION_FAILED');
  });

  it('gives concurrent bets of one member consecutive nonces, each drawn once', async () => {
    const racer = await newMember(ctx, { prefix: 'race' });
    await fund(ctx, racer, 100_000);
    const bets = await Promise.all(Array.from({ length: 16 }, () => dice(racer, 100)));
    expect(bets.every((b) => b.code === 'OK')).toBe(true);
    expect(bets.map((b) => b.value.nonce).sort((a, b) => a - b)).toEqual([...Array(16).keys()]);
    const [seed] = await ctx.handle.db
      .select()
      .from(originalsSeeds)
      .where(and(eq(originalsSeeds.memberId, racer.id)));
    expect(seed!.nonce).toBe(16);
    const paid = bets.reduce((s, b) => s + b.value.payout - 100, 0);
    expect(await balance(racer)).toBe(100_000 + paid);
  });

  it('answers each of many members betting at once as if each bet alone', async () => {
    const players = await crowd(ctx, 12, 'batch');
    await Promise.all(players.map((m, i) => fund(ctx, m, i === 0 ? 50 : 10_000)));
    // This process knows the second player's pair at nonce 1; another process then took nonce 1.
    expect((await dice(players[1]!, 100)).value.nonce).toBe(0);
    await ctx.handle.db
      .update(originalsSeeds)
      .set({ nonce: sql`${originalsSeeds.nonce} + 1` })
      .where(eq(originalsSeeds.memberId, players[1]!.id));
    const retried = { game: 'dice', requestId: rid(), stake: 100, chance: 5_000, side: 'over' } as never;
    const first = await ctx.call('originalsBet', { token: players[2]!.token, body: retried });
    const before = await Promise.all(players.map(balance));

    // Sent newest member first: the batch takes them in the other order, and each answer must still
    // reach its own member.
    const answers: Array<Awaited<ReturnType<typeof dice>>> = [];
    await Promise.all(
      [...players.keys()].reverse().map(async (i) => {
        const m = players[i]!;
        answers[i] =
          i === 2 ? await ctx.call('originalsBet', { token: m.token, body: retried }) : await dice(m, 100);
      }),
    );
    expect(answers[0]!.code).toBe('INSUFFICIENT_FUNDS');
    expect(answers[1]!.value.nonce).toBe(2);
    expect(answers[2]!.value).toEqual(first.value);
    for (const [i, answer] of answers.entries()) {
      if (i === 0 || i === 2) {
        expect(await balance(players[i]!)).toBe(before[i]);
        continue;
      }
      expect(answer.code).toBe('OK');
      if (i > 2) expect(answer.value.nonce).toBe(0);
      const roll = answer.value.outcome.roll as number;
      expect(answer.value.payout).toBe(diceWins(roll, { chance: 4_950, side: 'over' }) ? 200 : 0);
      expect(answer.value.balance).toBe(before[i]! - 100 + answer.value.payout);
      expect(await balance(players[i]!)).toBe(answer.value.balance);
    }
    const [poorSeed] = await ctx.handle.db
      .select()
      .from(originalsSeeds)
      .where(eq(originalsSeeds.memberId, players[0]!.id));
    expect(poorSeed?.nonce ?? 0).toBe(0);
  });

  it('lists recent bets: everyone masked, the member whole', async () => {
    const all = await ctx.call('originalsRecent', { query: { scope: 'all', game: 'dice' } });
    expect(all.value.items.length).toBeGreaterThan(0);
    expect(all.value.items.some((i) => i.player === player.username)).toBe(false);
    const mine = await ctx.call('originalsRecent', { token: player.token, query: { scope: 'mine' } });
    expect(mine.value.items.every((i) => i.player === player.username)).toBe(true);
  });

  it('earns rebate at the in-house rate on the settled stakes, as any vendor round', async () => {
    const rebater = await newMember(ctx, { prefix: 'rebate' });
    await fund(ctx, rebater, 100_000);
    for (let i = 0; i < 4; i++) await dice(rebater, 10_000);
    const summary = await ctx.call('rebate', { token: rebater.token });
    const inhouse = summary.value.categories.find((c) => c.gameType === 'INHOUSE');
    // 40,000 of valid bets at 0.1 %.
    expect(inhouse?.amount).toBe(40);
  });

  it('keeps the ledger sound', async () => {
    const report = await checkLedger(ctx.handle.db);
    expect(report.problems).toEqual([]);
  });
});
