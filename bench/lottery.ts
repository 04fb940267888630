/**
 * Load on the lotteries: BENCH_LINES bet lines (default 100,000) on one draw from BENCH_MEMBERS members
 * (default 5,000), placed through the HTTP API of the real server (its own process, on the configured
 * database: a fresh embedded PGlite by default, PostgreSQL with DATABASE_URL) at BENCH_CONNECTIONS
 * connections (default 64), as slips of BENCH_SLIP_LINES lines (default 5: a player's slip holds several
 * lines, each its own ledger movement), then the draw's settlement. Prints lines accepted per second
 * with latency percentiles and errors; then, the server stopped and the draw's time brought forward, the
 * time the draw job's work takes (close, draw, settle every line) in this process, on the same database,
 * with lines won and paid; then the ledger check, and that every won line was paid exactly once.
 *
 *   npm run bench:lottery
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { brands, lotteryDraws, memberSessions, members } from '../server/db/schema';
import { seedDemoBrand } from '../server/db/seed/seed';
import { hashToken } from '../server/modules/accounts/credentials';
import { Ledger } from '../server/modules/ledger/ledger';
import { checkLedger } from '../server/modules/ledger/ledger.check';
import { paths } from '../src/api/paths';

const LINES = Math.max(1, Number(process.env.BENCH_LINES ?? 100_000));
const MEMBERS = Math.max(1, Number(process.env.BENCH_MEMBERS ?? 5_000));
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 64));
const SLIP_LINES = Math.max(1, Math.min(20, Number(process.env.BENCH_SLIP_LINES ?? 5)));
const GAME = process.env.BENCH_GAME ?? 'lhc';
const FUNDS = 1_000_000_000;

const masterKey = createHash('sha256').update('aurora-bet lottery bench').digest();
const config = loadConfig({
  SITE_MODE: 'demo',
  MASTER_KEY: masterKey.toString('base64'),
  ...process.env,
  DATA_DIR: path.join(os.tmpdir(), `bench-lottery-${process.pid}`),
});
const onPostgres = Boolean(config.DATABASE_URL);
const openBenchDatabase = () =>
  openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: onPostgres ? undefined : config.dataDir });

/** Mark Six lines of every kind, as players mix them on a slip. */
const LINE_KINDS = [
  { betType: 'lhc.special', selection: (i: number) => [[1 + (i % 49)]] },
  { betType: 'lhc.colour', selection: (i: number) => [[i % 3]] },
  { betType: 'lhc.zodiac', selection: (i: number) => [[i % 12]] },
  { betType: 'lhc.bsoe', selection: (i: number) => [[i % 4]] },
  { betType: 'lhc.special', selection: (i: number) => [[1 + ((i * 7) % 49), 1 + ((i * 7 + 1) % 49)]] },
];

async function prepare() {
  const handle = await openBenchDatabase();
  await handle.migrate();
  await seedDemoBrand(handle.db);
  const db = handle.db;
  const [brand] = await db.select().from(brands).where(eq(brands.isDefault, true));
  const run = `l${process.pid}`;
  await db.execute(sql`INSERT INTO members (brand_id, username)
    SELECT ${brand!.id}, ${run} || '_' || g FROM generate_series(1, ${MEMBERS}) g ON CONFLICT DO NOTHING`);
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`${members.username} LIKE ${`${run}\\_%`}`)
    .orderBy(members.id);
  const ledger = new Ledger(db);
  const clearing = await ledger.houseAccount(brand!.id, 'clearing', brand!.currency);
  for (const { id } of rows) {
    const account = await ledger.memberAccount(brand!.id, id, 'main', brand!.currency);
    await ledger.post({
      brandId: brand!.id,
      key: `${run}:fund:${id}`,
      kind: 'deposit',
      postings: [
        { accountId: clearing, amount: -FUNDS },
        { accountId: account, amount: FUNDS },
      ],
    });
  }
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  await db.insert(memberSessions).values(
    rows.map((m, i) => ({
      memberId: m.id,
      tokenHash: hashToken(tokens[i]!),
      loginType: 'bench',
      expiresAt: new Date(Date.now() + 6 * 3_600_000),
    })),
  );
  await handle.close();
  return { run, tokens };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function startServer() {
  const port = await freePort();
  const server = spawn(process.execPath, ['--max-semi-space-size=32', '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      SITE_MODE: config.mode,
      MASTER_KEY: masterKey.toString('base64'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: config.dataDir,
      LOG_LEVEL: 'warn',
      STATIC_DIR: '/nonexistent',
      DEMO_PROVIDER: 'false',
      RATE_LIMIT_MAX: '10000000',
      LOTTERY_SLIPS_PER_MINUTE: '10000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/wps/system/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 240) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  return { base, stop };
}

async function main() {
  console.log(
    `lottery bench on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${LINES} lines on one ${GAME} draw, ${MEMBERS} members, ${CONNECTIONS} connections, ${SLIP_LINES} lines a slip`,
  );
  const data = await prepare();
  const server = await startServer();
  const state = (await (
    await fetch(`${server.base}${paths.lotteryState.path}?game=${GAME}`, {
      headers: { authorization: `Bearer ${data.tokens[0]}` },
    })
  ).json()) as { value: { upcoming: Array<{ number: string; closesAt: number }> } };
  const draw = state.value.upcoming[0]!;
  console.log(`draw ${draw.number}, closes in ${Math.round((draw.closesAt - Date.now()) / 60_000)} min`);

  const slips = Math.ceil(LINES / SLIP_LINES);
  const codes = new Map<string, number>();
  let sequence = 0;
  let slots = 0;
  const started = Date.now();
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    amount: slips,
    setupClient: (client) => {
      // Connection k plays members k, k + connections, …: no two slips in flight are one member's.
      const slot = slots++ % CONNECTIONS;
      const share = data.tokens.filter((_, i) => i % CONNECTIONS === slot);
      let turn = 0;
      client.setRequests([
        {
          method: 'POST',
          path: paths.placeSlip.path,
          setupRequest: (request) => {
            const n = ++sequence;
            const token = share[turn++ % share.length]!;
            const lines = Array.from({ length: SLIP_LINES }, (_, j) => {
              const kind = LINE_KINDS[(n + j) % LINE_KINDS.length]!;
              return {
                betType: kind.betType,
                selection: kind.selection(n * SLIP_LINES + j),
                unit: 100,
                multiplier: 1,
              };
            });
            return {
              ...request,
              body: JSON.stringify({
                requestId: `${data.run}-${String(n).padStart(8, '0')}`,
                game: GAME,
                draw: draw.number,
                lines,
              }),
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            };
          },
          onResponse: (_status, body) => {
            let code = 'NOT_JSON';
            try {
              const answer = JSON.parse(body) as { code?: string; message?: string };
              code = answer.code ?? 'NO_CODE';
              if (code !== 'OK' && !codes.has(code)) console.log(`first ${code}: ${answer.message}`);
            } catch {}
            codes.set(code, (codes.get(code) ?? 0) + 1);
          },
        },
      ]);
    },
  });
  const seconds = (Date.now() - started) / 1000;
  await server.stop();
  const accepted = (codes.get('OK') ?? 0) * SLIP_LINES;
  console.log(
    `placing: ${accepted} lines in ${seconds.toFixed(1)} s = ${Math.round(accepted / seconds)} lines/s ` +
      `(${Math.round((codes.get('OK') ?? 0) / seconds)} slips/s); slip latency p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms; answers ${JSON.stringify(Object.fromEntries(codes))}`,
  );

  // The draw's time comes: the job's work (close, draw, settle) timed in this process.
  const handle = await openBenchDatabase();
  await handle.db
    .update(lotteryDraws)
    .set({ closesAt: sql`now() - interval '2 seconds'`, drawsAt: sql`now() - interval '1 second'` })
    .where(eq(lotteryDraws.number, draw.number));
  const app = await buildApp({
    config,
    db: handle.db,
    masterKey,
    countryLookup: null,
    listen: handle.listen,
  });
  await app.ready();
  const t0 = performance.now();
  await app.lottery.advance();
  const settleMs = performance.now() - t0;
  const [row] = await handle.db.select().from(lotteryDraws).where(eq(lotteryDraws.number, draw.number));
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const counts = rowsOf<{ status: string; n: number; paid: string }>(
    await handle.db.execute(sql`SELECT status, count(*)::int AS n, coalesce(sum(payout), 0)::text AS paid
      FROM lottery_bets WHERE draw_id = ${row!.id} GROUP BY status ORDER BY status`),
  );
  const wins = rowsOf<{ n: number }>(
    await handle.db.execute(sql`SELECT count(*)::int AS n FROM ledger_transactions t
      JOIN lottery_bets b ON t.idempotency_key = 'lot:' || b.id || ':win' WHERE b.draw_id = ${row!.id}`),
  );
  const won = counts.find((c) => c.status === 'won')?.n ?? 0;
  console.log(
    `settlement: draw ${row!.status} in ${Math.round(settleMs)} ms (drawn ${row!.drawnAt?.toISOString()}, settled ${row!.settledAt?.toISOString()}); ` +
      `lines ${counts.map((c) => `${c.status} ${c.n}`).join(', ')}; paid ${counts.find((c) => c.status === 'won')?.paid ?? 0}`,
  );
  console.log(
    `won lines ${won}, win movements ${wins[0]!.n}: ${won === wins[0]!.n ? 'each paid once' : 'MISMATCH'}`,
  );
  const check = await checkLedger(handle.db);
  console.log(`ledger check: ${check.ok ? 'ok' : JSON.stringify(check)}`);
  await app.close();
  await handle.close();
  if (!check.ok || won !== wins[0]!.n) process.exitCode = 1;
}

await main();
