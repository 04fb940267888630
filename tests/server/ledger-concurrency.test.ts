import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db/client';
import { brands, ledgerTransactions } from '../../server/db/schema';
import { seedDemoBrand } from '../../server/db/seed/seed';
import { Ledger } from '../../server/modules/ledger/ledger';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import { createScratchDatabase } from './harness';

// Row locks never wait on PGlite (one connection), so these run on a real PostgreSQL server only.
const baseUrl = process.env.TEST_DATABASE_URL;

const PLAYERS = 1_000;
const START_BALANCE = 5_000;

/** Player ranks drawn with P(k) proportional to 1/k^1.1: a few players take most of the traffic. */
function zipf(n: number, s = 1.1, random = Math.random) {
  const weights = Array.from({ length: n }, (_, k) => 1 / (k + 1) ** s);
  const total = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  const cdf = weights.map((w) => (acc += w / total));
  return () => {
    const r = random();
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** Runs the tasks keeping `width` of them in flight, in order of start. */
async function inFlight<T>(tasks: Array<() => Promise<T>>, width: number) {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

const outcome = (promise: Promise<{ replayed: boolean; original?: number | 'missing' }>) =>
  promise.then(
    (r) => ({ code: 'OK', replayed: r.replayed, original: r.original }),
    (e: { code?: string; message?: string }) => ({
      code: e.code ?? e.message ?? 'ERR',
      replayed: false,
      original: undefined,
    }),
  );

describe.skipIf(!baseUrl)('ledger under concurrency and faults on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let url: string;
  let drop: () => Promise<void>;
  let ledger: Ledger;
  let brandId: number;
  let house: number;
  let clearing: number;
  let wallets: number[];

  beforeAll(async () => {
    const scratch = await createScratchDatabase(baseUrl!);
    url = scratch.databaseUrl;
    drop = scratch.dropDatabase;
    handle = await openDatabase({ databaseUrl: url, poolSize: 64 });
    await handle.migrate();
    await seedDemoBrand(handle.db);
    const [brand] = await handle.db.select().from(brands);
    brandId = brand!.id;
    await handle.db.execute(sql`INSERT INTO members (brand_id, username)
      SELECT ${brandId}, 'load' || g FROM generate_series(1, ${PLAYERS}) g`);
    await handle.db.execute(sql`INSERT INTO ledger_accounts (brand_id, member_id, kind, currency, floor)
      SELECT ${brandId}, id, 'main', 'BRL', 0 FROM members WHERE username LIKE 'load%'`);
    ledger = new Ledger(handle.db);
    house = await ledger.houseAccount(brandId, 'house', 'BRL');
    clearing = await ledger.houseAccount(brandId, 'clearing', 'BRL');
    const rows = (await handle.db.execute(sql`SELECT a.id FROM ledger_accounts a JOIN members m
      ON m.id = a.member_id WHERE m.username LIKE 'load%' ORDER BY m.id`)) as unknown as {
      rows: Array<{ id: string }>;
    };
    wallets = rows.rows.map((r) => Number(r.id));
    await inFlight(
      wallets.map(
        (account, i) => () =>
          ledger.post({
            brandId,
            key: `fund:${i}`,
            kind: 'deposit',
            postings: [
              { accountId: clearing, amount: -START_BALANCE },
              { accountId: account, amount: START_BALANCE },
            ],
          }),
      ),
      32,
    );
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  const bet = (account: number, amount: number, key: string) =>
    ledger.post({
      brandId,
      key,
      kind: 'bet',
      postings: [
        { accountId: account, amount: -amount },
        { accountId: house, amount },
      ],
    });

  it('lets exactly as many of 50 concurrent debits through as the balance covers, ending at the floor', async () => {
    const hot = wallets[0]!;
    const before = await ledger.balance(hot);
    expect(before).toBe(START_BALANCE);
    // 50 debits of 230 against 5,000: 21 fit (4,830), then 170 is left, less than one more.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => outcome(bet(hot, 230, `hot:${i}`))),
    );
    expect(results.filter((r) => r.code === 'OK')).toHaveLength(21);
    expect(results.filter((r) => r.code === 'INSUFFICIENT_FUNDS')).toHaveLength(29);
    expect(await ledger.balance(hot)).toBe(170);
    await bet(hot, 170, 'hot:last');
    expect(await ledger.balance(hot)).toBe(0);
    expect((await checkLedger(handle.db)).problems).toEqual([]);
  });

  it('keeps every invariant with 256 mixed operations in flight over 1,000 players (Zipf), duplicates and early rollbacks', async () => {
    const pick = zipf(PLAYERS - 1); // ranks 0..998, players 1..999
    type Op = { kind: 'bet' | 'win' | 'replay' | 'rollback'; player: number; amount: number; key: string };
    const ops: Op[] = [];
    const movements: Op[] = [];
    for (let i = 0; i < 3_000; i++) {
      const r = Math.random();
      const player = pick() + 1; // wallet 0 is the hot player of the other test
      const amount = 1 + Math.floor(Math.random() * 400);
      if (r < 0.5) movements.push({ kind: 'bet', player, amount, key: `mix:bet:${i}` });
      else if (r < 0.7) movements.push({ kind: 'win', player, amount, key: `mix:win:${i}` });
      if (r < 0.7) ops.push(movements.at(-1)!);
      else if (r < 0.85 && movements.length > 0)
        ops.push({ ...movements[Math.floor(Math.random() * movements.length)]!, kind: 'replay' });
      // A rollback may name a bet that comes later, or one that never comes.
      else
        ops.push({
          kind: 'rollback',
          player,
          amount: 0,
          key: `mix:bet:${i + Math.floor(Math.random() * 40) - 20}`,
        });
    }
    const byKey = new Map(movements.map((o) => [o.key, o]));
    const balancesBefore = new Map<number, number>();
    for (const w of wallets) balancesBefore.set(w, START_BALANCE);
    balancesBefore.set(wallets[0]!, 0);

    const run = (op: Op) => {
      const target = op.kind === 'replay' ? (byKey.get(op.key) ?? op) : op;
      const account = wallets[target.player]!;
      if (op.kind === 'rollback') {
        return outcome(ledger.reverse({ brandId, targetKey: op.key, key: `rb:${op.key}` }));
      }
      if (target.kind === 'win' || (op.kind === 'replay' && target.key.includes(':win:'))) {
        return outcome(
          ledger.post({
            brandId,
            key: target.key,
            kind: 'win',
            postings: [
              { accountId: house, amount: -target.amount },
              { accountId: account, amount: target.amount },
            ],
          }),
        );
      }
      return outcome(bet(account, target.amount, target.key));
    };
    // A retryable answer wrote nothing; the caller sends the same request again, as a vendor would.
    const withRetries = async (op: Op) => {
      for (let attempt = 1; ; attempt++) {
        const result = await run(op);
        if (result.code !== 'TRY_AGAIN' || attempt === 5) return result;
      }
    };
    const results = await inFlight(
      ops.map((op) => () => withRetries(op)),
      256,
    );

    // What the answers say must be exactly what the balances show.
    const expected = new Map(balancesBefore);
    const add = (player: number, delta: number) => {
      const w = wallets[player]!;
      expected.set(w, expected.get(w)! + delta);
    };
    results.forEach((result, i) => {
      const op = ops[i]!;
      if (result.code !== 'OK' || result.replayed || op.kind === 'rollback') return;
      const target = op.kind === 'replay' ? (byKey.get(op.key) ?? op) : op;
      add(target.player, target.key.includes(':win:') ? target.amount : -target.amount);
    });
    // A rollback that found its bet gave it back, whichever finished first in the list.
    results.forEach((result, i) => {
      const op = ops[i]!;
      if (op.kind !== 'rollback' || result.code !== 'OK' || result.replayed) return;
      if (typeof result.original === 'number') add(byKey.get(op.key)!.player, byKey.get(op.key)!.amount);
    });
    const allowed = ['OK', 'INSUFFICIENT_FUNDS', 'TRANSACTION_VOIDED', 'ALREADY_REVERSED'];
    expect([...new Set(results.map((r) => r.code))].filter((c) => !allowed.includes(c))).toEqual([]);
    const actual = (await handle.db.execute(
      sql`SELECT id, balance FROM ledger_accounts WHERE floor IS NOT NULL`,
    )) as unknown as {
      rows: Array<{ id: string; balance: string }>;
    };
    for (const row of actual.rows) {
      const id = Number(row.id);
      if (expected.has(id)) expect([id, Number(row.balance)]).toEqual([id, expected.get(id)]);
    }
    const report = await checkLedger(handle.db);
    expect(report.problems).toEqual([]);
  }, 120_000);

  it('leaves nothing behind when a connection dies mid-transaction, and the retry applies once', async () => {
    const account = wallets[PLAYERS - 1]!;
    const before = await ledger.balance(account);
    const victim = new pg.Client({ connectionString: url });
    await victim.connect();
    victim.on('error', () => {});
    const { rows } = await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await victim.query('BEGIN');
    await victim.query(
      `SELECT ledger_post($1, 'fault:kill', 'bet', 'x', '{}'::jsonb, ARRAY[$2, $3]::bigint[], ARRAY[-100, 100]::bigint[])`,
      [brandId, account, house],
    );
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await admin.end();
    await expect(victim.query('COMMIT')).rejects.toThrow();
    await victim.end().catch(() => {});

    expect(
      await handle.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, 'fault:kill')),
    ).toEqual([]);
    expect(await ledger.balance(account)).toBe(before);
    expect((await bet(account, 100, 'fault:kill')).replayed).toBe(false);
    expect((await bet(account, 100, 'fault:kill')).replayed).toBe(true);
    expect(await ledger.balance(account)).toBe(before - 100);
    expect((await checkLedger(handle.db)).problems).toEqual([]);
  });

  it('answers TRY_AGAIN on a statement timeout with nothing written, and the retry applies once', async () => {
    const account = wallets[PLAYERS - 2]!;
    const before = await ledger.balance(account);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [account]);

    const impatient = await openDatabase({
      databaseUrl: `${url}?options=-c%20statement_timeout%3D300`,
      poolSize: 1,
    });
    const hurried = new Ledger(impatient.db);
    const code = await hurried
      .post({
        brandId,
        key: 'fault:timeout',
        kind: 'bet',
        postings: [
          { accountId: account, amount: -100 },
          { accountId: house, amount: 100 },
        ],
      })
      .then(
        () => 'OK',
        (e: { code?: string }) => e.code,
      );
    expect(code).toBe('TRY_AGAIN');
    await holder.query('ROLLBACK');
    await holder.end();
    expect(
      await handle.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, 'fault:timeout')),
    ).toEqual([]);

    expect((await bet(account, 100, 'fault:timeout')).replayed).toBe(false);
    expect((await bet(account, 100, 'fault:timeout')).replayed).toBe(true);
    expect(await ledger.balance(account)).toBe(before - 100);
    await impatient.close();
    expect((await checkLedger(handle.db)).problems).toEqual([]);
  });
});
