import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../server/db/schema';
import { Ledger, type MovementResult } from '../../server/modules/ledger/ledger';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import { createTestContext, databaseKinds, type TestContext } from './harness';

const PLAYERS = 200;
const START = 5_000;
const VENDOR = 'BGS';

type Outcome = { code: string; result?: MovementResult };
const outcome = (promise: Promise<MovementResult>): Promise<Outcome> =>
  promise.then(
    (result) => ({ code: 'OK', result }),
    (e: { code?: string; message?: string }) => ({ code: e.code ?? e.message ?? 'ERR' }),
  );

/** Vendor bets and wins sent together, as a busy game vendor sends them: they share batches. */
describe.each(databaseKinds)('batched vendor movements on %s', (kind) => {
  let ctx: TestContext;
  let ledger: Ledger;
  let brandId: number;
  let house: number;
  let players: { member: number; wallet: number }[];

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const db = ctx.handle.db;
    ledger = new Ledger(db, { maxItems: 16, lanes: 3 });
    const [brand] = await db.select().from(brands);
    brandId = brand!.id;
    await db.execute(sql`INSERT INTO members (brand_id, username)
      SELECT ${brandId}, 'batch' || g FROM generate_series(1, ${PLAYERS}) g`);
    const rows = (await db.execute(
      sql`SELECT id FROM members WHERE username LIKE 'batch%' ORDER BY id`,
    )) as unknown as {
      rows: { id: number }[];
    };
    const clearing = await ledger.houseAccount(brandId, 'clearing', 'BRL');
    house = await ledger.houseAccount(brandId, 'house', 'BRL');
    players = [];
    for (const { id } of rows.rows) {
      const wallet = await ledger.memberAccount(brandId, Number(id), 'main', 'BRL');
      await ledger.post({
        brandId,
        key: `batch:fund:${id}`,
        kind: 'deposit',
        postings: [
          { accountId: clearing, amount: -START },
          { accountId: wallet, amount: START },
        ],
      });
      players.push({ member: Number(id), wallet });
    }
  }, 120_000);
  afterAll(() => ctx?.close());

  const bet = (p: { member: number; wallet: number }, amount: number, tx: string, round = `r-${tx}`) =>
    ledger.postInRound(
      {
        brandId,
        key: `v:${VENDOR}:bet:${tx}`,
        kind: 'bet',
        postings: [
          { accountId: p.wallet, amount: -amount },
          { accountId: house, amount },
        ],
      },
      { vendor: VENDOR, roundId: round, memberId: p.member },
    );
  const win = (p: { member: number; wallet: number }, amount: number, tx: string, round: string) =>
    ledger.postInRound(
      {
        brandId,
        key: `v:${VENDOR}:win:${tx}`,
        kind: 'win',
        postings: [
          { accountId: house, amount: -amount },
          { accountId: p.wallet, amount },
        ],
      },
      { vendor: VENDOR, roundId: round, memberId: p.member },
    );

  it('lets exactly as many of 50 concurrent bets through as the balance covers, ending at the floor', async () => {
    const hot = players[0]!;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => outcome(bet(hot, 230, `hot${i}`))),
    );
    expect(results.filter((r) => r.code === 'OK')).toHaveLength(21);
    expect(results.filter((r) => r.code === 'INSUFFICIENT_FUNDS')).toHaveLength(29);
    expect(await ledger.balance(hot.wallet)).toBe(170);
    // Each caller got its own movement's balance back, and they step down 230 at a time.
    const seen = results.flatMap((r) => (r.result ? [r.result.balances[hot.wallet]!] : []));
    expect(seen.sort((a, b) => b - a)).toEqual(Array.from({ length: 21 }, (_, i) => START - 230 * (i + 1)));
  });

  it('answers each item of a batch on its own: refusals, replays and unknown rounds do not spoil the rest', async () => {
    const [a, b, c] = [players[1]!, players[2]!, players[3]!];
    const results = await Promise.all([
      outcome(bet(a, 100, 'mix-a1', 'mix-ra')),
      outcome(bet(a, 100, 'mix-a1', 'mix-ra')), // the same transaction twice in one batch
      outcome(bet(b, START + 1, 'mix-b1')), // more than the balance
      outcome(win(c, 50, 'mix-c1', 'no-such-round')),
      outcome(bet(c, 300, 'mix-c2', 'mix-rc')),
      outcome(win(a, 700, 'mix-a2', 'mix-ra')),
    ]);
    expect(results.map((r) => r.code)).toEqual([
      'OK',
      'OK',
      'INSUFFICIENT_FUNDS',
      'ROUND_NOT_FOUND',
      'OK',
      'OK',
    ]);
    expect([results[0]!.result!.replayed, results[1]!.result!.replayed].sort()).toEqual([false, true]);
    expect(results[0]!.result!.transactionId).toBe(results[1]!.result!.transactionId);
    expect(await ledger.balance(a.wallet)).toBe(START - 100 + 700);
    expect(await ledger.balance(b.wallet)).toBe(START);
    expect(await ledger.balance(c.wallet)).toBe(START - 300);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('gives back what a refused or replayed item wrote: its round, its debit, its version', async () => {
    const [d, e] = [players[5]!, players[6]!];
    expect((await outcome(bet(d, START - 40, 'back-d1', 'back-rd'))).code).toBe('OK');
    await ledger.reverse({ brandId, targetKey: `v:${VENDOR}:bet:back-d9`, key: 'back-void' });
    const version = async (wallet: number) =>
      Number(
        (
          (await ctx.handle.db.execute(
            sql`SELECT version FROM ledger_accounts WHERE id = ${wallet}`,
          )) as unknown as { rows: { version: string }[] }
        ).rows[0]!.version,
      );
    const before = await version(d.wallet);
    const results = await Promise.all([
      outcome(bet(d, START - 40, 'back-d1', 'back-rd')), // a retry the wallet could no longer pay
      outcome(bet(d, 10, 'back-d1', 'back-rd')), // the same transaction id with another amount
      outcome(bet(d, 20, 'back-d2', 'back-rd2')), // pays: the wallet holds 40
      outcome(bet(d, 500, 'back-d3', 'back-rd3')), // does not pay, so round back-rd3 is not opened
      outcome(win(d, 5, 'back-d3w', 'back-rd3')),
      outcome(bet(d, 1, 'back-d9', 'back-rd9')), // rolled back before it came
      outcome(bet(e, 1, 'back-e1', 'back-rd')), // another player's round
    ]);
    expect(results.map((r) => r.code)).toEqual([
      'OK',
      'IDEMPOTENCY_CONFLICT',
      'OK',
      'INSUFFICIENT_FUNDS',
      'ROUND_NOT_FOUND',
      'TRANSACTION_VOIDED',
      'ROUND_MISMATCH',
    ]);
    expect(results[0]!.result).toMatchObject({ replayed: true, balances: { [d.wallet]: 40 } });
    expect(await ledger.balance(d.wallet)).toBe(20);
    expect(await ledger.balance(e.wallet)).toBe(START);
    expect(await version(d.wallet)).toBe(before + 1);
    const rounds = (await ctx.handle.db.execute(
      sql`SELECT round_id FROM vendor_rounds WHERE round_id LIKE 'back-%' ORDER BY round_id`,
    )) as unknown as { rows: { round_id: string }[] };
    expect(rounds.rows.map((r) => r.round_id)).toEqual(['back-rd', 'back-rd2']);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('keeps every invariant with rounds over many players in flight at once, the answers matching the balances', async () => {
    const expected = new Map(players.map((p) => [p.wallet, 0]));
    const plays = Array.from({ length: 600 }, (_, i) => ({
      player: players[10 + Math.floor(Math.random() ** 2 * (PLAYERS - 10))]!,
      stake: 1 + Math.floor(Math.random() * 900),
      prize: Math.floor(Math.random() * 1_200),
      i,
    }));
    // Each round is a bet then, if it was taken, a win (sometimes sent twice, as a vendor retries).
    const rounds = await Promise.all(
      plays.map(async ({ player, stake, prize, i }) => {
        const placed = await outcome(bet(player, stake, `z${i}`, `zr${i}`));
        if (placed.code !== 'OK') return { player, delta: 0, placed: placed.code };
        const paid = await Promise.all(
          (i % 5 === 0 ? [0, 1] : [0]).map(() => outcome(win(player, prize, `zw${i}`, `zr${i}`))),
        );
        expect(paid.map((p) => p.code)).toEqual(paid.map(() => 'OK'));
        expect(paid.filter((p) => p.result!.replayed)).toHaveLength(paid.length - 1);
        return { player, delta: prize - stake, placed: placed.code };
      }),
    );
    expect(rounds.filter((r) => !['OK', 'INSUFFICIENT_FUNDS'].includes(r.placed))).toEqual([]);
    for (const r of rounds) expected.set(r.player.wallet, expected.get(r.player.wallet)! + r.delta);
    for (const p of players.slice(10)) {
      expect([p.member, await ledger.balance(p.wallet)]).toEqual([p.member, START + expected.get(p.wallet)!]);
    }
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  }, 120_000);

  it('sends each item alone when the batch statement itself fails, writing nothing twice', async () => {
    const p = players[4]!;
    await ctx.handle.db.execute(sql`ALTER FUNCTION vendor_batch RENAME TO vendor_batch_away`);
    try {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => outcome(bet(p, 10, `away${i % 5}`, `away-r${i % 5}`))),
      );
      expect(results.map((r) => r.code)).toEqual(results.map(() => 'OK'));
      expect(results.filter((r) => r.result!.replayed)).toHaveLength(5);
    } finally {
      await ctx.handle.db.execute(sql`ALTER FUNCTION vendor_batch_away RENAME TO vendor_batch`);
    }
    expect(await ledger.balance(p.wallet)).toBe(START - 50);
    expect((await outcome(bet(p, 10, 'after-rename'))).code).toBe('OK');
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });
});
