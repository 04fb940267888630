/**
 * Load on the in-house games (vendor BGS) through the member API, as browsers send it. The real server runs
 * as its own process on the configured database (a fresh embedded PGlite by default, PostgreSQL when
 * DATABASE_URL is set; it writes there) and this process only generates load. Members and their sessions
 * are written straight to the database beforehand, each funded by one deposit from the clearing account.
 *
 * 1. Dice: POST /api/originals/bet at 16 and 64 connections over BENCH_PLAYERS members (default 1,000),
 *    each connection playing its own members in turn so no two bets in flight are the same member's (a
 *    member's bets are served one after another), a new request id per bet, after a warm-up in which every
 *    member bets once. The load comes from wrk when it is installed (Debian's package; a third of autocannon's
 *    CPU per request on cores the server shares), else from autocannon (BENCH_LOADGEN=autocannon chooses it).
 *    Prints bets per second, latency percentiles, errors and CPU per bet (BENCH_ONLY=c1 adds one connection
 *    alone, for profiling), and on PostgreSQL pgbench TPC-B on the same server.
 * 2. Crash: BENCH_CRASH_ROUNDS rounds (default 3) of BENCH_CRASH_PLAYERS players (default 1,000), watched by
 *    BENCH_CRASH_WATCHERS sockets (default 1). The server's betting window is BENCH_CRASH_BETTING_MS
 *    (default 20,000); everyone bets in a round just opened, a third with an automatic cash-out at 1.5x,
 *    half cash out by hand at a random moment up to 2.5x, the rest hold. Prints per round the bets placed,
 *    cash-outs paid by hand and automatically, the lost bets and the settlement time after the bust: the
 *    last bet's settled_at − the round's crashed_at (started_at + bust_ms), read from the rows; beside it
 *    the moment a watcher polling the round every 50 ms saw it settled.
 * Then whether every ledger invariant holds and whether every member's bets used the nonces of their seed
 * pair without a gap or a repeat:
 *   npm run bench:originals   (BENCH_SECONDS per dice run, BENCH_RUNS per dice scenario,
 *                              BENCH_ONLY=c16,c64,crash, BENCH_NODE_ARGS for the server's node,
 *                              BENCH_SERVER_STDOUT=1 to see what it prints, e.g. with --trace-gc)
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import WebSocket from 'ws';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { brands, memberSessions, members } from '../server/db/schema';
import { seedDemoBrand } from '../server/db/seed/seed';
import { hashToken } from '../server/modules/accounts/credentials';
import { Ledger } from '../server/modules/ledger/ledger';
import { checkLedger } from '../server/modules/ledger/ledger.check';
import { bustTime } from '../server/modules/originals/crash.service';
import { CRASH_SOCKET_PATH, type CrashState } from '../src/api/contract/originals';
import { paths } from '../src/api/paths';
import { crashTimeOf } from '../src/originals/games/crash';
import { runWrk } from './wrk-run';

/** The flags `npm start` gives node (package.json): a young generation large enough for a busy server. */
const START_NODE_ARGS = ['--max-semi-space-size=32'];
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const PLAYERS = Math.max(1, Number(process.env.BENCH_PLAYERS ?? 1_000));
const CRASH_PLAYERS = Math.max(1, Number(process.env.BENCH_CRASH_PLAYERS ?? 1_000));
const CRASH_ROUNDS = Math.max(0, Number(process.env.BENCH_CRASH_ROUNDS ?? 3));
const CRASH_BETTING_MS = Number(process.env.BENCH_CRASH_BETTING_MS ?? 20_000);
/** Pages watching the round over the crash socket (the server pushes them the state as it changes). */
const CRASH_WATCHERS = Math.max(0, Number(process.env.BENCH_CRASH_WATCHERS ?? 1));
/** Bets placed at once when a crash round opens (the crowd arrives together). */
const CRASH_PARALLEL = 64;
/** How often the watcher asks for the crash round's state, and how often once it has crashed. */
const WATCH_MS = 100;
const WATCH_SETTLING_MS = 50;
const STAKE = 100;
const FUNDS = 1_000_000_000;
const ONLY = process.env.BENCH_ONLY?.split(',');
const wanted = (label: string) => !ONLY || ONLY.includes(label);

// The bench seeds the demo brand into its own database: it runs in demo mode with a key of its own, the
// same on every run so a second run can open what the first sealed.
const config = loadConfig({
  SITE_MODE: 'demo',
  MASTER_KEY: createHash('sha256').update('aurora-bet originals bench').digest('base64'),
  ...process.env,
  DATA_DIR: path.join(os.tmpdir(), `bench-originals-${process.pid}`),
});
const onPostgres = Boolean(config.DATABASE_URL);
const openBenchDatabase = () =>
  openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: onPostgres ? undefined : config.dataDir });

// 1. Members with a session each and funds in their main wallet, written before the server starts.
async function prepare() {
  const handle = await openBenchDatabase();
  await handle.migrate();
  await seedDemoBrand(handle.db);
  const db = handle.db;
  const [brand] = await db.select().from(brands).where(eq(brands.isDefault, true));
  const run = `o${process.pid}`;
  const count = Math.max(PLAYERS, CRASH_PLAYERS);
  await db.execute(sql`INSERT INTO members (brand_id, username)
    SELECT ${brand!.id}, ${run} || '_' || g FROM generate_series(1, ${count}) g ON CONFLICT DO NOTHING`);
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
  return { run, tokens, memberIds: rows.map((r) => r.id) };
}
type Data = Awaited<ReturnType<typeof prepare>>;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

// 2. The real server, in its own process, with the per-address limits out of the way (all the load comes
// from one address) and a crash betting window long enough for the whole crowd.
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
        DEMO_PROVIDER: 'false',
        RATE_LIMIT_MAX: '10000000',
        ORIGINALS_BETS_PER_MINUTE: '10000000',
        CRASH_BETTING_MS: String(CRASH_BETTING_MS),
        // The crash chain salts itself from the brand's next SSC draw (a minute or two) instead of
        // waiting for an operator to enter one.
        CRASH_SALT_SOURCE: 'lottery',
      },
      stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
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
type Server = Awaited<ReturnType<typeof startServer>>;

// 3. Dice: each connection plays its own share of the members in turn.
const codes = new Map<string, number>();
/** Numbers the bets of the whole bench, so every request id is new. */
let sequence = 0;
const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
function codeOf(body: string) {
  try {
    return (JSON.parse(body) as { code?: string }).code ?? 'NO_CODE';
  } catch {
    return 'NOT_JSON';
  }
}

/**
 * The load generator: wrk (Debian's package) when it is on this machine, autocannon otherwise
 * (BENCH_LOADGEN=autocannon chooses it). Both send the same bets; wrk, written in C, takes about a third of
 * the CPU per request that autocannon does, and on a machine whose cores the server, the database and the
 * load share, that CPU is the server's.
 */
const useWrk = (() => {
  if (process.env.BENCH_LOADGEN === 'autocannon') return false;
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version prints its usage and exits 1: it is there.
    return (error as { status?: number }).status === 1;
  }
})();
const WRK_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'wrk/dice.lua');

type Load = {
  bets: number;
  codes: Map<string, number>;
  errors: number;
  latency: { p50: number; p90: number; p99: number; max: number };
  /** CPU seconds the load generator used. */
  cpu: number;
};

/** wrk's run, its threads playing the members as autocannon's connections do (bench/wrk/dice.lua). */
async function wrkLoad(
  server: Server,
  data: Data,
  opts: { connections: number; seconds: number; label: string },
) {
  const tokens = path.join(config.dataDir, 'tokens.txt');
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(tokens, `${data.tokens.slice(0, PLAYERS).join('\n')}\n`);
  const label = `${data.run}-${opts.label}-${++sequence}`;
  let run: Awaited<ReturnType<typeof runWrk<WrkBets>>>;
  try {
    run = await runWrk<WrkBets>({
      script: WRK_SCRIPT,
      base: server.base,
      connections: opts.connections,
      seconds: opts.seconds,
      args: (threads) => [tokens, String(threads), label],
    });
  } finally {
    rmSync(tokens, { force: true });
  }
  const { result: r, cpu } = run;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    bets: r.codes.OK ?? 0,
    codes: new Map(Object.entries(r.codes)),
    errors: r.errors + Object.entries(r.codes).reduce((n, [c, k]) => (c.startsWith('HTTP_') ? n + k : n), 0),
    latency: { p50: round(r.p50), p90: round(r.p90), p99: round(r.p99), max: round(r.max) },
    cpu,
  } satisfies Load;
}

/** What bench/wrk/dice.lua prints at its end. */
interface WrkBets {
  requests: number;
  errors: number;
  codes: Record<string, number>;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** autocannon's run: each connection plays its own share of the members in turn. */
async function autocannonLoad(
  server: Server,
  data: Data,
  opts: { connections: number; seconds: number; label: string },
): Promise<Load> {
  const counted = new Map<string, number>();
  const ownBefore = process.cpuUsage();
  let slots = 0;
  const result = await autocannon({
    url: server.base,
    connections: opts.connections,
    duration: opts.seconds,
    setupClient: (client) => {
      // Connection k plays members k, k + connections, k + 2·connections, … one after another.
      const slot = slots++ % opts.connections;
      const share = data.tokens.slice(0, PLAYERS).filter((_, i) => i % opts.connections === slot);
      let turn = 0;
      client.setRequests([
        {
          method: 'POST',
          path: paths.originalsBet.path,
          setupRequest: (request) => {
            const n = ++sequence;
            const token = share[turn++ % share.length]!;
            const body = JSON.stringify({
              game: 'dice',
              requestId: `${data.run}-${opts.label}-${n}`,
              stake: STAKE,
              chance: 4_950,
              side: n % 2 ? 'under' : 'over',
            });
            return {
              ...request,
              body,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            };
          },
          onResponse: (_status, body) => bump(counted, codeOf(body)),
        },
      ]);
    },
  });
  const own = process.cpuUsage(ownBefore);
  return {
    bets: counted.get('OK') ?? 0,
    codes: counted,
    errors: result.errors + result.timeouts + result.non2xx,
    latency: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    cpu: (own.user + own.system) / 1e6,
  };
}

async function dice(
  server: Server,
  data: Data,
  opts: { connections: number; seconds: number; label: string },
) {
  const cpuBefore = server.cpuSeconds();
  const load = useWrk ? await wrkLoad(server, data, opts) : await autocannonLoad(server, data, opts);
  const cpuAfter = server.cpuSeconds();
  for (const [code, n] of load.codes) codes.set(code, (codes.get(code) ?? 0) + n);
  const bets = load.bets;
  const refused = [...load.codes].filter(([c]) => c !== 'OK').map(([c, n]) => `${c} ${n}`);
  let databaseSeconds = 0;
  for (const [pid, seconds] of cpuAfter.database)
    databaseSeconds += seconds - (cpuBefore.database.get(pid) ?? 0);
  // Milliseconds of CPU per bet, by who spent them, on a machine all three share.
  const perBet = (seconds: number) => ((seconds * 1000) / Math.max(bets, 1)).toFixed(3);
  const generator = `load generator (${useWrk ? 'wrk' : 'autocannon'}) ${perBet(load.cpu)}`;
  return {
    label: opts.label,
    connections: opts.connections,
    cpu: onPostgres
      ? `CPU ms/bet: server ${perBet(cpuAfter.server - cpuBefore.server)}, database ${perBet(databaseSeconds)}, ${generator}`
      : `CPU ms/bet: server with its embedded database ${perBet(cpuAfter.server - cpuBefore.server)}, ${generator}`,
    betsPerSecond: Math.round(bets / opts.seconds),
    errors: load.errors,
    refused,
    latency: load.latency,
  };
}

// 4. Crash: a crowd in one round.
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;

type Round = NonNullable<CrashState['round']>;

/** The server's clock (the database's) as this process reckons it from one look at the state. */
let clockOffset = 0;
async function look(base: string): Promise<CrashState> {
  const sent = Date.now();
  const res = await fetch(`${base}${paths.crashState.path}`);
  const { value } = (await res.json()) as { value: CrashState };
  const received = Date.now();
  clockOffset = value.serverNow - (sent + received) / 2;
  return value;
}
const serverNow = () => Date.now() + clockOffset;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function post(base: string, url: string, token: string, body: unknown) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: string; value: { id: number } | null };
}

/** Auto at 1.5x for a third, by hand at a random moment for half, holding to the end for the rest. */
const roleOf = (i: number) => (i % 6 < 2 ? 'auto' : i % 6 < 5 ? 'hand' : 'hold');
const AUTO_AT = 150;
/** By-hand cash-outs come at a random moment between 0.2 s and the time of 2.5x. */
const HAND_LATEST_MS = crashTimeOf(250);

async function crashRound(base: string, data: Data, used: Set<number>) {
  // A round just opened: at least three quarters of its window ahead.
  let round: Round | null = null;
  for (const started = Date.now(); ; ) {
    const state = await look(base);
    const r = state.round;
    if (
      r?.status === 'betting' &&
      !used.has(r.id) &&
      r.bettingEndsAt - state.serverNow >= CRASH_BETTING_MS * 0.75
    ) {
      round = r;
      break;
    }
    if (Date.now() - started > 240_000) throw new Error('no crash round opened in 4 minutes');
    await sleep(200);
  }
  used.add(round.id);
  let pushes = 0;
  const sockets = await Promise.all(
    Array.from(
      { length: CRASH_WATCHERS },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(`${base.replace('http', 'ws')}${CRASH_SOCKET_PATH}`);
          socket.on('message', () => pushes++);
          socket.once('open', () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );

  // Everyone bets, CRASH_PARALLEL at a time.
  const answers = new Map<string, number>();
  const betIds = new Map<number, number>();
  const betLatency: number[] = [];
  const betsFrom = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CRASH_PARALLEL }, async () => {
      for (let i = next++; i < CRASH_PLAYERS; i = next++) {
        const t0 = performance.now();
        const answer = await post(base, paths.crashBet.path, data.tokens[i]!, {
          requestId: `${data.run}-crash-${round.id}-${i}`,
          stake: STAKE,
          ...(roleOf(i) === 'auto' ? { autoCashout: AUTO_AT } : {}),
        });
        betLatency.push(performance.now() - t0);
        bump(answers, `bet ${answer.code}`);
        if (answer.code === 'OK') betIds.set(i, answer.value!.id);
      }
    }),
  );
  const betsSeconds = (Date.now() - betsFrom) / 1000;
  if (serverNow() > round.bettingEndsAt)
    console.warn('  (the betting window closed before every bet was in)');

  // The start, then the by-hand cash-outs at their moments, until the bust.
  let state = await look(base);
  while (state.round?.id === round.id && state.round.status === 'betting') {
    await sleep(Math.min(WATCH_MS, state.round.bettingEndsAt - state.serverNow + 5));
    state = await look(base);
  }
  const startedAt = state.round?.id === round.id ? state.round.startedAt! : null;
  const cashouts: Promise<void>[] = [];
  const timers: NodeJS.Timeout[] = [];
  if (startedAt !== null) {
    for (const [i, betId] of betIds) {
      if (roleOf(i) !== 'hand') continue;
      const moment = 200 + Math.random() * (HAND_LATEST_MS - 200);
      timers.push(
        setTimeout(
          () => {
            cashouts.push(
              post(base, paths.crashCashout.path, data.tokens[i]!, { betId }).then((a) => {
                bump(answers, `cash-out ${a.code}`);
              }),
            );
          },
          startedAt + moment - serverNow(),
        ),
      );
    }
  }
  while (state.round?.id === round.id && state.round.status === 'running') {
    await sleep(WATCH_MS);
    state = await look(base);
  }
  // Past the bust nobody clicks any more.
  for (const t of timers) clearTimeout(t);
  let seenSettled: number | null = null;
  let bust: number | null = state.round?.id === round.id ? state.round.bust : null;
  while (state.round?.id === round.id && state.round.status !== 'settled') {
    await sleep(WATCH_SETTLING_MS);
    state = await look(base);
    bust = state.round?.id === round.id ? state.round.bust : bust;
  }
  if (state.round?.id === round.id) seenSettled = state.serverNow;
  await Promise.all(cashouts);
  for (const socket of sockets) socket.close();
  const seenAfterBust =
    seenSettled !== null && startedAt !== null && bust !== null
      ? seenSettled - (startedAt + bustTime(bust))
      : null;
  const sorted = betLatency.sort((a, b) => a - b);
  return {
    roundId: round.id,
    answers,
    betsPerSecond: Math.round(betIds.size / betsSeconds),
    betP50: percentile(sorted, 50),
    betP99: percentile(sorted, 99),
    seenAfterBust,
    pushes,
  };
}

/** Each round's bets as the database settled them; the settlement time from the rows' own clocks. */
async function crashFigures(db: Awaited<ReturnType<typeof openBenchDatabase>>['db'], roundIds: number[]) {
  const out = [];
  for (const id of roundIds) {
    const [round] = (
      (await db.execute(sql`SELECT bust, bust_ms, status,
        (extract(epoch from started_at) * 1000)::float8 AS started_ms,
        (extract(epoch from crashed_at) * 1000)::float8 AS crashed_ms
        FROM crash_rounds WHERE id = ${id}`)) as unknown as {
        rows: { bust: number; status: string; started_ms: number; crashed_ms: number }[];
      }
    ).rows;
    const bets = (
      (await db.execute(sql`SELECT status, auto_cashout,
        (extract(epoch from settled_at) * 1000)::float8 AS settled_ms
        FROM crash_bets WHERE round_id = ${id}`)) as unknown as {
        rows: { status: string; auto_cashout: number | null; settled_ms: number | null }[];
      }
    ).rows;
    const crashed = Number(round!.crashed_ms);
    const settledTimes = bets.map((b) => Number(b.settled_ms ?? Number.NaN));
    const last = Math.max(...settledTimes);
    const autos = bets.filter((b) => b.status === 'cashed' && b.auto_cashout !== null);
    // How long after the multiplier reached their target the automatic cash-outs were paid.
    const autoLag = autos
      .map((b) => Number(b.settled_ms) - (Number(round!.started_ms) + bustTime(b.auto_cashout!)))
      .sort((a, b) => a - b);
    out.push({
      id,
      bust: round!.bust,
      status: round!.status,
      bets: bets.length,
      byHand: bets.filter((b) => b.status === 'cashed' && b.auto_cashout === null).length,
      automatic: autos.length,
      lost: bets.filter((b) => b.status === 'lost').length,
      active: bets.filter((b) => b.status === 'active').length,
      settleMs: last - crashed,
      autoLagP50: percentile(autoLag, 50),
      autoLagMax: autoLag.at(-1) ?? Number.NaN,
    });
  }
  return out;
}

/** Every bet of the run's members drew with the next nonce of its seed pair: none skipped, none twice. */
async function nonceGaps(db: Awaited<ReturnType<typeof openBenchDatabase>>['db'], memberIds: number[]) {
  const result = (await db.execute(sql`SELECT count(*)::int AS pairs,
      coalesce(sum(bets), 0)::int AS bets,
      count(*) FILTER (WHERE bets <> nonce OR (bets > 0 AND (lo <> 0 OR hi <> bets - 1 OR distinct_nonces <> bets)))::int AS gaps
    FROM (SELECT s.id, s.nonce, count(b.id) AS bets, min(b.nonce) AS lo, max(b.nonce) AS hi,
            count(DISTINCT b.nonce) AS distinct_nonces
          FROM originals_seeds s LEFT JOIN originals_bets b ON b.seed_id = s.id
          WHERE s.member_id IN (SELECT unnest(${`{${memberIds.join(',')}}`}::int[]))
          GROUP BY s.id, s.nonce) per_pair`)) as unknown as {
    rows: { pairs: number; bets: number; gaps: number }[];
  };
  return result.rows[0]!;
}

/** TPC-B (pgbench's default script) on a scratch database of the same server, for scale. */
async function pgbenchReference(seconds: number) {
  if (!config.DATABASE_URL) return null;
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const scratch = `bench_pgbench_${process.pid}`;
  const admin = new pg.Client({ connectionString: config.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${scratch}`);
  const target = new URL(config.DATABASE_URL);
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

// The machine may be shared: what else was running shows in the load average beside the figures.
const loadBefore = os.loadavg()[0]!;
const data = await prepare();
const server = await startServer();
const results: Awaited<ReturnType<typeof dice>>[] = [];
// One connection (BENCH_ONLY=c1) shows a bet's cost with nothing in its way: for profiling.
const scenarios = [
  { connections: 1, seconds: DURATION_S, label: 'c1' },
  { connections: 16, seconds: DURATION_S, label: 'c16' },
  { connections: 64, seconds: DURATION_S, label: 'c64' },
].filter((s) => (s.label === 'c1' ? ONLY?.includes('c1') : wanted(s.label)));
if (scenarios.length > 0) {
  // A warm-up: every member bets once (the server reads or makes its seed pair and wallet on its first bet
  // and keeps them), then full load for a few seconds (compiled code, the whole connection pool open).
  let next = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      for (let i = next++; i < PLAYERS; i = next++)
        await post(server.base, paths.originalsBet.path, data.tokens[i]!, {
          game: 'dice',
          requestId: `${data.run}-first-${i}`,
          stake: STAKE,
          chance: 4_950,
          side: 'under',
        });
    }),
  );
  await dice(server, data, { connections: 64, seconds: 3, label: 'warm' });
  for (const scenario of scenarios)
    for (let run = 0; run < RUNS; run++) results.push(await dice(server, data, scenario));
}
const rounds: Awaited<ReturnType<typeof crashRound>>[] = [];
if (wanted('crash')) {
  const used = new Set<number>();
  for (let r = 0; r < CRASH_ROUNDS; r++) rounds.push(await crashRound(server.base, data, used));
}
const memoryMb = server.peakMemoryMb();
await server.stop();

const loadAfter = os.loadavg()[0]!;
const tpcb = results.length > 0 ? await pgbenchReference(DURATION_S) : null;
const check = await openBenchDatabase();
const ledger = await checkLedger(check.db);
const nonces = await nonceGaps(check.db, data.memberIds);
const crash = await crashFigures(
  check.db,
  rounds.map((r) => r.roundId),
);
await check.close();
// The bench's own folder: the embedded database, or on PostgreSQL only what the server and wrk kept there.
rmSync(config.dataDir, { recursive: true, force: true });

const on = onPostgres ? 'PostgreSQL' : 'PGlite';
const goalDice = '(goal on PostgreSQL: ≥ 3,000 bets/s with p99 ≤ 30 ms at 64 connections)';
if (results.length > 0) {
  console.log(
    `\noriginals bench on ${on}: dice through POST ${paths.originalsBet.path}, ${DURATION_S} s per line, ${PLAYERS} members, each connection its own members in turn, server in its own process`,
  );
  for (const r of results) {
    const l = r.latency;
    console.log(
      `  ${`${r.connections} connections`.padEnd(16)} ${String(r.betsPerSecond).padStart(6)} bets/s   p50 ${l.p50} ms  p90 ${l.p90} ms  p99 ${l.p99} ms  max ${l.max} ms  errors ${r.errors}${r.refused.length ? ` (refused: ${r.refused.join(', ')})` : ''}${r.connections === 64 ? `   ${goalDice}` : ''}`,
    );
    console.log(`  ${''.padEnd(16)} ${r.cpu}`);
  }
  if (RUNS > 1) {
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(`  median of ${RUNS} runs:`);
    for (const scenario of scenarios) {
      const runs = results.filter((r) => r.label === scenario.label);
      const bets = runs.map((r) => r.betsPerSecond);
      console.log(
        `  ${`${scenario.connections} connections`.padEnd(16)} ${String(median(bets)).padStart(6)} bets/s   p50 ${median(runs.map((r) => r.latency.p50))} ms  p99 ${median(runs.map((r) => r.latency.p99))} ms  (runs ${Math.min(...bets)}–${Math.max(...bets)} bets/s)`,
      );
    }
  }
}
if (rounds.length > 0) {
  console.log(
    `\ncrash on ${on}: ${CRASH_PLAYERS} players per round, betting window ${CRASH_BETTING_MS} ms, ${CRASH_WATCHERS} socket watcher(s); a third auto at ${(AUTO_AT / 100).toFixed(2)}x, half by hand at a random moment up to 2.50x, the rest hold`,
  );
  console.log('  (goal: 1,000 players settled within 1 s of the bust)');
  for (const [i, r] of rounds.entries()) {
    const f = crash[i]!;
    const answers = [...r.answers].map(([c, n]) => `${c} ${n}`).join(', ');
    const fmt = (ms: number | null) => (ms === null || Number.isNaN(ms) ? 'n/a' : `${Math.round(ms)} ms`);
    console.log(
      `  round ${f.id}: bust ${(f.bust / 100).toFixed(2)}x, players ${CRASH_PLAYERS}, bets placed ${f.bets} (${r.betsPerSecond} bets/s, p50 ${r.betP50.toFixed(1)} ms, p99 ${r.betP99.toFixed(1)} ms)`,
    );
    console.log(
      `    cash-outs paid by hand ${f.byHand}, automatic cash-outs paid ${f.automatic}, lost ${f.lost}${f.active ? `, STILL ACTIVE ${f.active}` : ''}; round ${f.status}`,
    );
    console.log(
      `    settlement after the bust: ${fmt(f.settleMs)} (last settled_at − crashed_at); a watcher polling every ${WATCH_SETTLING_MS} ms saw it settled at ${fmt(r.seenAfterBust)}`,
    );
    if (f.automatic > 0)
      console.log(
        `    automatic cash-outs paid after their multiplier was reached: p50 ${fmt(f.autoLagP50)}, max ${fmt(f.autoLagMax)}`,
      );
    console.log(
      `    answers: ${answers}${CRASH_WATCHERS ? `; ${CRASH_WATCHERS} socket watcher(s) got ${r.pushes} pushes` : ''}`,
    );
  }
}
console.log(`\n  server peak memory: ${memoryMb} MB`);
console.log(
  `  machine: ${os.cpus().length} cores, load average ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after (this bench's own processes included)`,
);
if (tpcb !== null) {
  const best = Math.max(...results.map((r) => r.betsPerSecond));
  console.log(
    `  pgbench TPC-B, 64 clients, same server: ${tpcb} tps (dice bets / TPC-B = ${(best / tpcb).toFixed(2)})`,
  );
}
if (results.length > 0) console.log(`  dice answers: ${[...codes].map(([c, n]) => `${c} ${n}`).join(', ')}`);
console.log(
  `  nonces: ${nonces.bets} bets over ${nonces.pairs} seed pairs, ${nonces.gaps === 0 ? 'no gap and no nonce used twice' : `${nonces.gaps} pair(s) with a gap or a repeat`}`,
);
console.log(
  `  ledger: ${ledger.counts.accounts} accounts, ${ledger.counts.transactions} transactions, ${ledger.counts.entries} postings; ${ledger.ok ? 'every invariant holds' : `${ledger.problems.length} problem(s): ${ledger.problems.slice(0, 5).join('; ')}`}`,
);
const clean =
  ledger.ok &&
  results.every((r) => r.errors === 0) &&
  nonces.gaps === 0 &&
  [...codes.keys()].every((c) => c === 'OK') &&
  crash.every((f) => f.active === 0 && f.status === 'settled');
process.exit(clean ? 0 : 1);
