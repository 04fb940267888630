/**
 * Load on the game-vendor wallet API, the money hot path: signed bet and win calls over HTTP, as a game
 * vendor's servers send them. The real server runs as its own process on the configured database (a fresh
 * embedded PGlite by default, PostgreSQL when DATABASE_URL is set; it writes there) and this process only
 * generates load. Prints, for 16 and 64 connections over 1,000 players chosen with a Zipf skew
 * (BENCH_SKEW) and for 64 connections on one hot player: operations per second and latency percentiles;
 * then the server's peak resident memory, pgbench TPC-B on the same PostgreSQL server as a reference
 * (when pgbench is installed), and whether every ledger invariant still holds:
 *   npm run bench:wallet   (BENCH_SECONDS per run, BENCH_RUNS per scenario, BENCH_SKEW, BENCH_ONLY=c16,c64,hot)
 * With BENCH_RUNS > 1 each scenario runs that many times on the same server and a median line follows:
 * on a shared 2-core machine one run can be a fifth off its neighbours.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { brands, members } from '../server/db/schema';
import { seedDemoBrand } from '../server/db/seed/seed';
import { masterBox, resolveMasterKey } from '../server/lib/master-key';
import { SecretBox } from '../server/lib/secret-box';
import { installationSecret } from '../server/lib/secrets';
import { AccountsRepository } from '../server/modules/accounts/accounts.repository';
import { GamesRepository } from '../server/modules/games/games.repository';
import { GamesService } from '../server/modules/games/games.service';
import { Ledger } from '../server/modules/ledger/ledger';
import { checkLedger } from '../server/modules/ledger/ledger.check';
import { VendorIntegrations } from '../server/modules/wallet/vendor-integrations.service';
import { VendorWalletService } from '../server/modules/wallet/vendor-wallet.service';
import { WalletRepository } from '../server/modules/wallet/wallet.repository';
import { WalletService } from '../server/modules/wallet/wallet.service';

/** The flags `npm start` gives node (package.json): a young generation large enough for a busy server. */
const START_NODE_ARGS = ['--max-semi-space-size=32'];
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const PLAYERS = 1_000;
/** Zipf exponent of the choice of player; 0 picks uniformly. */
const SKEW = Number(process.env.BENCH_SKEW ?? 0.8);
// An external demo vendor: the in-house codes (BGS, the lotteries) cannot be connected.
const VENDOR = 'NOVA';
const FUNDS = 1_000_000_000;

// The bench seeds the demo brand into its own database: it runs in demo mode with a key of its own, the
// same on every run so a second run can open what the first sealed.
const config = loadConfig({
  SITE_MODE: 'demo',
  MASTER_KEY: createHash('sha256').update('aurora-bet wallet bench').digest('base64'),
  ...process.env,
  DATA_DIR: path.join(os.tmpdir(), `bench-wallet-${process.pid}`),
});
const onPostgres = Boolean(config.DATABASE_URL);

// 1. Players, funded, each with a launch token; the vendor's secret to sign with.
async function prepare() {
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: onPostgres ? undefined : config.dataDir,
  });
  await handle.migrate();
  await seedDemoBrand(handle.db);
  const db = handle.db;
  const [brandRow] = await db.select().from(brands).where(eq(brands.isDefault, true));
  const brandId = brandRow!.id;
  const run = `b${process.pid}`;
  await db.execute(sql`INSERT INTO members (brand_id, username)
    SELECT ${brandId}, ${run} || '_' || g FROM generate_series(1, ${PLAYERS}) g ON CONFLICT DO NOTHING`);
  const players = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`${members.username} LIKE ${`${run}\\_%`}`)
    .orderBy(members.id);
  const ledger = new Ledger(db);
  const repo = new WalletRepository(db);
  const accounts = new AccountsRepository(db);
  const games = new GamesService(new GamesRepository(db));
  const wallets = new WalletService(ledger, {
    vendors: (id) => games.activeVendors(id),
    member: (id, memberId) => accounts.walletMember(id, memberId),
  });
  const box = new SecretBox(
    await installationSecret(db, masterBox(resolveMasterKey(config)), 'sealed-secrets-key'),
  );
  const vendorWallet = new VendorWalletService(ledger, wallets, repo, box);
  const { secret } = await new VendorIntegrations(repo, box).connect(brandId, {
    vendor: VENDOR,
    launchUrl: null,
    mode: 'seamless',
    currencies: [],
    opensIn: 'page',
  });
  const brand = { id: brandId, currency: brandRow!.currency, singleWallet: true } as Parameters<
    typeof wallets.account
  >[0];
  const clearing = await ledger.houseAccount(brandId, 'clearing', brandRow!.currency);
  const tokens: string[] = [];
  for (const p of players) {
    const account = await wallets.account(brand, p.id, 'main');
    await ledger.post({
      brandId,
      key: `${run}:fund:${p.id}`,
      kind: 'deposit',
      postings: [
        { accountId: clearing, amount: -FUNDS },
        { accountId: account, amount: FUNDS },
      ],
    });
    tokens.push((await vendorWallet.issueLaunchToken(brand, { id: p.id, userType: 0 }, VENDOR)).token);
  }
  await handle.close();
  return { run, secret, tokens, playerIds: players.map((p) => String(p.id)) };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

// 2. The real server, in its own process.
async function startServer() {
  const port = await freePort();
  // The server runs as `npm start` runs it (package.json); BENCH_NODE_ARGS passes more flags to its
  // node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(
    process.execPath,
    [...START_NODE_ARGS, ...nodeArgs, '--import', 'tsx', 'server/main.ts'],
    {
      env: {
        ...process.env,
        SITE_MODE: config.mode,
        ...(config.MASTER_KEY ? { MASTER_KEY: config.MASTER_KEY } : {}),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: config.dataDir,
        LOG_LEVEL: 'warn',
        STATIC_DIR: '/nonexistent',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
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
  const peakMemoryMb = () => {
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  };
  /**
   * CPU seconds used so far by the server process and by each PostgreSQL process on this machine (by
   * pid: a process that ends between two readings, an autovacuum worker say, must not count negative).
   */
  const cpuSeconds = () => {
    const hz = 100;
    const ticks = (pid: string) => {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return Number(fields[11]) + Number(fields[12]);
      } catch {
        return 0;
      }
    };
    const database = new Map<string, number>();
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres')
          database.set(pid, ticks(pid) / hz);
      } catch {
        // The process ended meanwhile.
      }
    }
    return { server: ticks(String(server.pid)) / hz, database };
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  return { base, peakMemoryMb, cpuSeconds, stop };
}

// 3. Rounds: each connection sends a bet, then a win in the same round.
const codes = new Map<string, number>();
/** Numbers the rounds of the whole bench, so a repeated scenario sends new rounds, not replays. */
let sequence = 0;
function count(body: string) {
  const code = (JSON.parse(body) as { code: string }).code;
  codes.set(code, (codes.get(code) ?? 0) + 1);
}

async function load(
  server: Awaited<ReturnType<typeof startServer>>,
  data: Awaited<ReturnType<typeof prepare>>,
  opts: { connections: number; seconds: number; pick: () => number; label: string },
) {
  const headers = { 'content-type': 'application/json', 'x-vendor-code': VENDOR };
  const sign = (raw: string) => createHmac('sha256', data.secret).update(raw).digest('hex');
  type Context = { player?: number; round?: string };
  const before = codes.get('OK') ?? 0;
  const cpuBefore = server.cpuSeconds();
  const ownBefore = process.cpuUsage();
  const result = await autocannon({
    url: server.base,
    connections: opts.connections,
    duration: opts.seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/vendor/wallet/bet',
        setupRequest: (request, context: Context) => {
          const i = opts.pick();
          const n = ++sequence;
          context.player = i;
          context.round = `${data.run}-${opts.label}-${n}`;
          const body = JSON.stringify({
            token: data.tokens[i],
            playerId: data.playerIds[i],
            roundId: context.round,
            transactionId: `${context.round}-b`,
            amount: 100,
          });
          return { ...request, body, headers: { ...headers, 'x-signature': sign(body) } };
        },
        onResponse: (_status, body) => count(body),
      },
      {
        method: 'POST',
        path: '/api/vendor/wallet/win',
        setupRequest: (request, context: Context) => {
          const body = JSON.stringify({
            playerId: data.playerIds[context.player!],
            roundId: context.round,
            transactionId: `${context.round}-w`,
            amount: 1 + Math.floor(Math.random() * 199),
          });
          return { ...request, body, headers: { ...headers, 'x-signature': sign(body) } };
        },
        onResponse: (_status, body) => count(body),
      },
    ],
  });
  const cpuAfter = server.cpuSeconds();
  const own = process.cpuUsage(ownBefore);
  const ops = (codes.get('OK') ?? 0) - before;
  let databaseSeconds = 0;
  for (const [pid, seconds] of cpuAfter.database)
    databaseSeconds += seconds - (cpuBefore.database.get(pid) ?? 0);
  // Milliseconds of CPU per operation, by who spent them, on a machine all three share.
  const perOp = (seconds: number) => ((seconds * 1000) / Math.max(ops, 1)).toFixed(3);
  return {
    label: opts.label,
    cpu: onPostgres
      ? `CPU ms/op: server ${perOp(cpuAfter.server - cpuBefore.server)}, database ${perOp(databaseSeconds)}, load generator ${perOp((own.user + own.system) / 1e6)}`
      : `CPU ms/op: server with its embedded database ${perOp(cpuAfter.server - cpuBefore.server)}, load generator ${perOp((own.user + own.system) / 1e6)}`,
    opsPerSecond: Math.round(ops / opts.seconds),
    requestsPerSecond: Math.round(result.requests.total / opts.seconds),
    latency: result.latency,
  };
}

function zipfPicker(n: number, s: number) {
  const weights = Array.from({ length: n }, (_, k) => 1 / (k + 1) ** s);
  const total = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  const cdf = weights.map((w) => (acc += w / total));
  return () => {
    const r = Math.random();
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

/** TPC-B (pgbench's default script) on a scratch database of the same server, for scale. */
async function pgbenchReference(seconds: number) {
  if (!config.DATABASE_URL) return null;
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const url = new URL(config.DATABASE_URL);
  const scratch = `bench_pgbench_${process.pid}`;
  const admin = new pg.Client({ connectionString: config.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${scratch}`);
  const target = new URL(url);
  target.pathname = `/${scratch}`;
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', '8', target.toString()], { stdio: 'ignore' });
    const out = execFileSync(
      'pgbench',
      ['-n', '-M', 'prepared', '-c', '64', '-j', '2', '-T', String(seconds), target.toString()],
      { encoding: 'utf8' },
    );
    return Math.round(Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
    await admin.end();
  }
}

const data = await prepare();
const server = await startServer();
const spread = zipfPicker(PLAYERS, SKEW);
// A warm-up at full load: compiled code, the whole connection pool open, filled caches.
await load(server, data, { connections: 64, seconds: 4, pick: spread, label: 'warm' });
const scenarios = [
  { connections: 16, seconds: DURATION_S, pick: spread, label: 'c16' },
  { connections: 64, seconds: DURATION_S, pick: spread, label: 'c64' },
  { connections: 64, seconds: DURATION_S, pick: () => 0, label: 'hot' },
].filter((s) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(',').includes(s.label));
const results = [];
for (const scenario of scenarios) {
  for (let run = 0; run < RUNS; run++) results.push(await load(server, data, scenario));
}
const memoryMb = server.peakMemoryMb();
await server.stop();

const tpcb = await pgbenchReference(DURATION_S);
const check = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: onPostgres ? undefined : config.dataDir,
});
const report = await checkLedger(check.db);
await check.close();
if (!onPostgres) rmSync(config.dataDir, { recursive: true, force: true });

const names: Record<string, string> = {
  c16: `16 connections, ${PLAYERS} players (Zipf ${SKEW})`,
  c64: `64 connections, ${PLAYERS} players (Zipf ${SKEW})`,
  hot: '64 connections, one hot player',
};
console.log(
  `wallet bench on ${onPostgres ? 'PostgreSQL' : 'PGlite'}, ${DURATION_S} s per line, a bet and a win per round, server in its own process (batches of up to ${config.LEDGER_BATCH_MAX} in ${config.LEDGER_BATCH_PARALLEL} lanes)`,
);
for (const r of results) {
  const l = r.latency;
  console.log(
    `  ${names[r.label]!.padEnd(42)} ${String(r.opsPerSecond).padStart(6)} ops/s   p50 ${l.p50} ms  p99 ${l.p99} ms  max ${l.max} ms`,
  );
  console.log(`  ${''.padEnd(42)} ${r.cpu}`);
}
if (RUNS > 1) {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`  median of ${RUNS} runs:`);
  for (const scenario of scenarios) {
    const runs = results.filter((r) => r.label === scenario.label);
    const ops = runs.map((r) => r.opsPerSecond);
    console.log(
      `  ${names[scenario.label]!.padEnd(42)} ${String(median(ops)).padStart(6)} ops/s   p50 ${median(runs.map((r) => r.latency.p50))} ms  p99 ${median(runs.map((r) => r.latency.p99))} ms  (runs ${Math.min(...ops)}–${Math.max(...ops)} ops/s)`,
    );
  }
}
console.log(`  server peak memory: ${memoryMb} MB`);
if (tpcb !== null) {
  const best = Math.max(...results.map((r) => r.opsPerSecond));
  console.log(
    `  pgbench TPC-B, 64 clients, same server: ${tpcb} tps (wallet ops / TPC-B = ${(best / tpcb).toFixed(2)})`,
  );
}
console.log(`  answers: ${[...codes].map(([c, n]) => `${c} ${n}`).join(', ')}`);
console.log(`  ledger: ${report.ok ? 'every invariant holds' : `${report.problems.length} problem(s)`}`);
process.exit(report.ok && [...codes.keys()].every((c) => c === 'OK') ? 0 : 1);
