/**
 * Load on the sportsbook (issue 28), its two goals: pre-match bets placed per second at 64 connections
 * (≥ 1,000 bets/s with p99 under 150 ms on PostgreSQL) and 100,000 legs settled in under 10 s.
 *
 * The real server runs as its own process on the configured database (a fresh embedded PGlite by default,
 * PostgreSQL with DATABASE_URL; it writes there), with the simulator off and the per-address and per-member
 * slip limits out of the way; the book's liability caps are raised (a `sports_limits` row '*') so they
 * refuse nothing either. Beforehand, written straight to the database: BENCH_MEMBERS members (default
 * 5,000), each with a session and funds in their main wallet, and BENCH_FIXTURES football fixtures (default
 * 200) of the catalogue's three competitions, kicking off three hours ahead, with the template's markets
 * priced from the match model (`priceMarkets`), entered through `SportsFeed.apply` as an operator does.
 *
 * 1. Placing: POST /api/sports/slip at BENCH_CONNECTIONS (default 64) for BENCH_SECONDS (default 30),
 *    after a warm-up in which every member places one slip and three seconds of full load. Each
 *    connection plays its own members in turn (no two slips of a member in flight); each slip has a new
 *    request id, the prices on the board and accept 'any': 70 % singles of one leg, 10 % singles of two
 *    legs (two bets), 20 % accumulators of 2 or 3 legs on different fixtures (prices up to 5.00), stakes
 *    1,00 to 50,00. The load comes from wrk when it is installed (`apt-get install wrk`; a third of
 *    autocannon's CPU per request on cores the server shares), else from autocannon (BENCH_LOADGEN=autocannon
 *    chooses it). Prints bets per second (a slip of singles holds several bets), slips and legs per second,
 *    p50/p97.5/p99 slip latency, the answers by status and code, CPU per bet and the load average.
 * 2. Filling: more slips through the same API (autocannon, not timed for the goal) until the book holds
 *    BENCH_LEGS legs (default 100,000).
 * 3. Settling: the server stopped, a result for every fixture through `SportsSettlement.settleFixture` in
 *    this process, on the same database, BENCH_SETTLE_PARALLEL fixtures at a time (default 2: results at
 *    full time come together, and a feed's handler applies different fixtures' results at once), timed
 *    whole and per step (markets and legs given their factors, bets read, payments prepared,
 *    sports_settle). Prints the legs and bets settled and the time.
 * The planner's statistics are taken (ANALYZE) after the warm-up (on PostgreSQL) and before settling, as
 * autovacuum keeps them on a running server (a CI configuration may turn it off).
 * Then the checks: every bet settled with the payout computed here from its legs' prices and the results
 * (src/sports/settle.ts and payout.ts, apart from the server's path), every paid bet paid exactly once and
 * the money moved equal to those payouts, every member's balance = funds − stakes + payouts, and the
 * ledger check.
 *
 *   DATABASE_URL=postgres://… npm run bench:sports   (BENCH_MEMBERS, BENCH_FIXTURES, BENCH_CONNECTIONS,
 *                                                    BENCH_SECONDS, BENCH_LEGS, BENCH_LOADGEN,
 *                                                    BENCH_SETTLE_PARALLEL,
 *                                                    BENCH_NODE_ARGS for the server's node)
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { brands, memberSessions, members, sportsLimits, sportsMarkets } from '../server/db/schema';
import { seedDemoBrand } from '../server/db/seed/seed';
import { hashToken } from '../server/modules/accounts/credentials';
import type { Brand } from '../server/modules/brand/brand.service';
import { Ledger } from '../server/modules/ledger/ledger';
import { checkLedger } from '../server/modules/ledger/ledger.check';
import { paths } from '../src/api/paths';
import { matchupModel } from '../src/sports/football-model';
import { type MarketSpec, marketTemplate, outcomeKeys } from '../src/sports/model';
import { linePayout } from '../src/sports/payout';
import { priceMarkets } from '../src/sports/pricing';
import { type FootballResult, settleMarket } from '../src/sports/settle';
import { BR_SERIE_A, COPA_LIBERTADORES, type FootballCompetition, PREMIER_LEAGUE } from '../src/sports/teams';
import { runWrk } from './wrk-run';

const MEMBERS = Math.max(1, Number(process.env.BENCH_MEMBERS ?? 5_000));
const FIXTURES = Math.max(3, Number(process.env.BENCH_FIXTURES ?? 200));
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 64));
const SECONDS = Math.max(1, Number(process.env.BENCH_SECONDS ?? 30));
const LEGS = Math.max(0, Number(process.env.BENCH_LEGS ?? 100_000));
const SETTLE_PARALLEL = Math.max(1, Number(process.env.BENCH_SETTLE_PARALLEL ?? 2));
/** Every member starts with 10.000.000,00: no slip is refused for want of money. */
const FUNDS = 1_000_000_000;
/** The caps raised out of the way (MAX_AMOUNT, the most one movement may move). */
const NO_CAP = 1_000_000_000_000;
/** Accumulators take prices up to 5.00, as players build them (and under the maximum payout). */
const ACCA_MAX_PRICE = 50_000;
const COMPETITIONS: FootballCompetition[] = [BR_SERIE_A, COPA_LIBERTADORES, PREMIER_LEAGUE];

const masterKey = createHash('sha256').update('aurora-bet sports bench').digest();
const config = loadConfig({
  SITE_MODE: 'demo',
  MASTER_KEY: masterKey.toString('base64'),
  ...process.env,
  SPORTS_SIMULATOR: 'off',
  DATA_DIR: path.join(os.tmpdir(), `bench-sports-${process.pid}`),
});
const onPostgres = Boolean(config.DATABASE_URL);
const openBenchDatabase = () =>
  openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: onPostgres ? undefined : config.dataDir });
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ms = (t0: number) => performance.now() - t0;

/** A small seeded generator (mulberry32): the same slips and results on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function poisson(lambda: number, rnd: () => number) {
  let k = 0;
  let p = Math.exp(-lambda);
  let s = p;
  const u = rnd();
  while (u > s) {
    k++;
    p *= lambda / k;
    s += p;
  }
  return k;
}

interface Outcome {
  marketId: number;
  key: string;
  price: number;
}
/** Each fixture's markets with their offered outcomes, as the board shows them. */
type Book = Array<{ id: number; externalId: string; markets: Outcome[][]; short: Outcome[][] }>;

interface Slip {
  kind: 'singles' | 'accumulator';
  stake: number;
  legs: Array<{ marketId: number; key: string; price: number }>;
}

/** The slips players send: mostly singles, some accumulators of different fixtures. */
function slipMaker(book: Book, seed: number) {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const fixtures = (n: number) => {
    const chosen = new Set<number>();
    while (chosen.size < n) chosen.add(Math.floor(rnd() * book.length));
    return [...chosen].map((i) => book[i]!);
  };
  const leg = (o: Outcome) => ({ marketId: o.marketId, key: o.key, price: o.price });
  return (): Slip => {
    const r = rnd();
    const stake = 100 * (1 + Math.floor(rnd() * 50));
    if (r < 0.7) return { kind: 'singles', stake, legs: fixtures(1).map((f) => leg(pick(pick(f.markets)))) };
    if (r < 0.8) return { kind: 'singles', stake, legs: fixtures(2).map((f) => leg(pick(pick(f.markets)))) };
    return {
      kind: 'accumulator',
      stake,
      legs: fixtures(r < 0.9 ? 2 : 3).map((f) => leg(pick(pick(f.short)))),
    };
  };
}

// 1. Members with a session each and funds, the book's caps raised, the fixtures: before the server starts.
async function prepare() {
  const handle = await openBenchDatabase();
  await handle.migrate();
  await seedDemoBrand(handle.db);
  const db = handle.db;
  const [brandRow] = await db.select().from(brands).where(eq(brands.isDefault, true));
  const brand = brandRow as unknown as Brand;
  const run = `s${process.pid}`;
  await db.execute(sql`INSERT INTO members (brand_id, username)
    SELECT ${brand.id}, ${run} || '_' || g FROM generate_series(1, ${MEMBERS}) g ON CONFLICT DO NOTHING`);
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`${members.username} LIKE ${`${run}\\_%`}`)
    .orderBy(members.id);
  const ledger = new Ledger(db);
  const clearing = await ledger.houseAccount(brand.id, 'clearing', brand.currency);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < rows.length; i = next++) {
        const { id } = rows[i]!;
        const account = await ledger.memberAccount(brand.id, id, 'main', brand.currency);
        await ledger.post({
          brandId: brand.id,
          key: `${run}:fund:${id}`,
          kind: 'deposit',
          postings: [
            { accountId: clearing, amount: -FUNDS },
            { accountId: account, amount: FUNDS },
          ],
        });
      }
    }),
  );
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  for (let i = 0; i < rows.length; i += 1_000) {
    await db.insert(memberSessions).values(
      rows.slice(i, i + 1_000).map((m, j) => ({
        memberId: m.id,
        tokenHash: hashToken(tokens[i + j]!),
        loginType: 'bench',
        expiresAt: new Date(Date.now() + 6 * 3_600_000),
      })),
    );
  }
  await db
    .insert(sportsLimits)
    .values({
      brandId: brand.id,
      sport: '*',
      minStake: 100,
      maxStake: 1_000_000,
      maxPayout: 50_000_000,
      marketLiability: NO_CAP,
      eventLiability: NO_CAP,
      memberEventLiability: NO_CAP,
      betDelayMs: 5_000,
    })
    .onConflictDoUpdate({
      target: [sportsLimits.brandId, sportsLimits.sport],
      set: { marketLiability: NO_CAP, eventLiability: NO_CAP, memberEventLiability: NO_CAP },
    });

  // The fixtures, through the feed as the operator enters them, priced from the match model.
  const app = await buildApp({ config, db, masterKey, countryLookup: null, listen: handle.listen });
  await app.ready();
  const specs = marketTemplate('football');
  const rnd = random(28);
  const fixtures: Array<{ id: number; externalId: string; model: { home: number; away: number } }> = [];
  const kickOff = Date.now() + 3 * 3_600_000;
  for (let i = 0; i < FIXTURES; i++) {
    const c = COMPETITIONS[i % COMPETITIONS.length]!;
    const h = Math.floor(rnd() * c.teams.length);
    const a = (h + 1 + Math.floor(rnd() * (c.teams.length - 1))) % c.teams.length;
    const model = matchupModel(c.teams[h]!, c.teams[a]!, c.goals);
    const externalId = `${run}-${i + 1}`;
    const row = await app.sportsFeed.apply(brand, 'operator', {
      type: 'fixture',
      externalId,
      competition: {
        code: c.id,
        sport: 'football',
        namePt: c.name.pt,
        nameEn: c.name.en,
        country: c.country,
        priority: c.country === 'BR' ? 0 : 10,
      },
      home: c.teams[h]!.name,
      away: c.teams[a]!.name,
      startsAt: kickOff + i * 60_000,
      markets: priceMarkets('football', model, null, specs, 600).map((p) => ({
        spec: p.spec,
        prices: p.prices,
      })),
    });
    fixtures.push({ id: row!.id, externalId, model });
  }
  await app.close();
  const marketRows = await db
    .select()
    .from(sportsMarkets)
    .where(
      inArray(
        sportsMarkets.fixtureId,
        fixtures.map((f) => f.id),
      ),
    );
  const book: Book = fixtures.map((f) => {
    const mine = marketRows.filter((m) => m.fixtureId === f.id && m.status === 'open');
    const outcomes = mine
      .map((m) =>
        Object.entries(m.prices)
          .filter((e): e is [string, number] => typeof e[1] === 'number')
          .map(([key, price]) => ({ marketId: m.id, key, price })),
      )
      .filter((o) => o.length > 0);
    return {
      id: f.id,
      externalId: f.externalId,
      markets: outcomes,
      short: outcomes.map((o) => o.filter((x) => x.price <= ACCA_MAX_PRICE)).filter((o) => o.length > 0),
    };
  });
  await handle.close();
  return {
    run,
    brand,
    tokens,
    memberIds: rows.map((r) => r.id),
    fixtures,
    book,
    markets: marketRows.length,
    specs: new Map(marketRows.map((m) => [m.id, m.spec as MarketSpec])),
  };
}
type Data = Awaited<ReturnType<typeof prepare>>;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

// 2. The real server, in its own process, with the limits out of the way (all the load comes from one
// address, and a few members send many slips a minute).
async function startServer() {
  const port = await freePort();
  // As `npm start` runs it (package.json); BENCH_NODE_ARGS passes more flags to its node, e.g.
  // "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(
    process.execPath,
    ['--max-semi-space-size=32', ...nodeArgs, '--import', 'tsx', 'server/main.ts'],
    {
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
        SPORTS_SIMULATOR: 'off',
        RATE_LIMIT_MAX: '10000000',
        SPORTS_SLIPS_PER_MINUTE: '10000000',
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
  /**
   * CPU seconds used so far by the server process and by each PostgreSQL process on this machine (by pid:
   * a process that ends between two readings, an autovacuum worker say, must not count negative).
   */
  const cpuSeconds = () => {
    const ticks = (pid: string) => {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        return 0;
      }
    };
    const database = new Map<string, number>();
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') database.set(pid, ticks(pid));
      } catch {
        // The process ended meanwhile.
      }
    }
    return { server: ticks(String(server.pid)), database };
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  return { base, cpuSeconds, stop };
}
type Server = Awaited<ReturnType<typeof startServer>>;

/** What one run of load placed and how it was answered. */
interface Load {
  slips: number;
  bets: number;
  legs: number;
  seconds: number;
  /** Answers by `<HTTP status> <code>`. */
  codes: Map<string, number>;
  errors: number;
  latency: { p50: number; p975: number; p99: number; max: number };
  /** CPU seconds the load generator used. */
  cpu: number;
}

/**
 * The load generator: wrk (Debian's package) when it is on this machine, autocannon otherwise
 * (BENCH_LOADGEN=autocannon chooses it). Both send the same kind of slips; wrk, written in C, takes about a
 * third of the CPU per request that autocannon does, and here that CPU is the server's and the database's.
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
const WRK_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'wrk/sports.lua');

/** autocannon: each connection plays its own share of the members in turn; for a time or a number of slips. */
async function autocannonLoad(
  server: Server,
  data: Data,
  opts: { prefix: string; seed: number; seconds?: number; slips?: number },
): Promise<Load> {
  const codes = new Map<string, number>();
  const next = slipMaker(data.book, opts.seed);
  const ownBefore = process.cpuUsage();
  let sequence = 0;
  let slots = 0;
  let slips = 0;
  let bets = 0;
  let legs = 0;
  const started = performance.now();
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    ...(opts.slips ? { amount: opts.slips } : { duration: opts.seconds ?? SECONDS }),
    setupClient: (client) => {
      // Connection k plays members k, k + connections, …: no two slips in flight are one member's.
      const slot = slots++ % CONNECTIONS;
      const share = data.tokens.filter((_, i) => i % CONNECTIONS === slot);
      let turn = 0;
      client.setRequests([
        {
          method: 'POST',
          path: paths.placeSportsSlip.path,
          setupRequest: (request) => {
            const token = share[turn++ % share.length]!;
            return {
              ...request,
              body: JSON.stringify({ requestId: `${opts.prefix}-${++sequence}`, accept: 'any', ...next() }),
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            };
          },
          onResponse: (status, body) => {
            let code = 'NOT_JSON';
            try {
              const answer = JSON.parse(body) as {
                code?: string;
                message?: string;
                value?: { bets?: Array<{ legs: unknown[] }> };
              };
              code = answer.code ?? 'NO_CODE';
              if (code === 'OK' && answer.value?.bets) {
                slips++;
                bets += answer.value.bets.length;
                for (const b of answer.value.bets) legs += b.legs.length;
              }
              const key = `${status} ${code}`;
              if (code !== 'OK' && !codes.has(key)) console.log(`  first ${key}: ${answer.message}`);
            } catch {}
            const key = `${status} ${code}`;
            codes.set(key, (codes.get(key) ?? 0) + 1);
          },
        },
      ]);
    },
  });
  const own = process.cpuUsage(ownBefore);
  return {
    slips,
    bets,
    legs,
    seconds: opts.slips ? ms(started) / 1000 : result.duration,
    codes,
    errors: result.errors + result.timeouts,
    latency: {
      p50: result.latency.p50,
      p975: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    cpu: (own.user + own.system) / 1e6,
  };
}

/** wrk's run, its threads playing the members as autocannon's connections do (bench/wrk/sports.lua). */
async function wrkLoad(
  server: Server,
  data: Data,
  opts: { prefix: string; seed: number; seconds: number },
): Promise<Load> {
  mkdirSync(config.dataDir, { recursive: true });
  const tokens = path.join(config.dataDir, 'tokens.txt');
  const slips = path.join(config.dataDir, 'slips.txt');
  writeFileSync(tokens, `${data.tokens.join('\n')}\n`);
  const next = slipMaker(data.book, opts.seed);
  const lines = Array.from({ length: 50_000 }, () => {
    const s = next();
    return `${s.kind}\t${s.stake}\t${JSON.stringify(s.legs)}`;
  });
  writeFileSync(slips, `${lines.join('\n')}\n`);
  let run: Awaited<ReturnType<typeof runWrk<WrkSlips>>>;
  try {
    run = await runWrk<WrkSlips>({
      script: WRK_SCRIPT,
      base: server.base,
      connections: CONNECTIONS,
      seconds: opts.seconds,
      args: (threads) => [tokens, String(threads), opts.prefix, slips],
    });
  } finally {
    rmSync(tokens, { force: true });
    rmSync(slips, { force: true });
  }
  const { result: r, cpu } = run;
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    slips: r.codes['200 OK'] ?? 0,
    bets: r.bets,
    legs: r.legs,
    seconds: r.durationUs / 1e6,
    codes: new Map(Object.entries(r.codes)),
    errors: r.errors,
    latency: { p50: round(r.p50), p975: round(r.p975), p99: round(r.p99), max: round(r.max) },
    cpu,
  };
}

/** What bench/wrk/sports.lua prints at its end. */
interface WrkSlips {
  durationUs: number;
  errors: number;
  codes: Record<string, number>;
  bets: number;
  legs: number;
  p50: number;
  p975: number;
  p99: number;
  max: number;
}

async function post(base: string, token: string, body: unknown) {
  const res = await fetch(`${base}${paths.placeSportsSlip.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: string; value: { bets: Array<{ legs: unknown[] }> } | null };
}

// 3. The results: a plausible score for every fixture from its own model.
function resultsOf(data: Data) {
  const rnd = random(2026);
  return new Map(
    data.fixtures.map((f) => {
      const ft: [number, number] = [poisson(f.model.home, rnd), poisson(f.model.away, rnd)];
      const half = (goals: number) => Array.from({ length: goals }).filter(() => rnd() < 0.45).length;
      const result: FootballResult = {
        sport: 'football',
        status: 'finished',
        ht: [half(ft[0]), half(ft[1])],
        ft,
        corners: [poisson(5.6, rnd), poisson(4.6, rnd)],
        cards: [poisson(2.2, rnd), poisson(2.4, rnd)],
      };
      return [f.id, result];
    }),
  );
}

async function settle(data: Data) {
  const handle = await openBenchDatabase();
  const db = handle.db;
  const app = await buildApp({ config, db, masterKey, countryLookup: null, listen: handle.listen });
  await app.ready();
  const results = resultsOf(data);
  // The book grew from a few thousand bets to the full load since the last statistics.
  await db.execute(sql`ANALYZE`);
  // Time per step: the settlement's own calls to its repository and the ledger, wrapped.
  const steps = new Map<string, { ms: number; calls: number }>();
  const inner = app.sportsSettlement as unknown as {
    repo: Record<string, unknown>;
    ledger: Record<string, unknown>;
  };
  const wrap = (target: Record<string, unknown>, name: string, label: string) => {
    const f = target[name] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (!f) return;
    target[name] = async (...args: unknown[]) => {
      const t0 = performance.now();
      try {
        return await f.apply(target, args);
      } finally {
        const s = steps.get(label) ?? { ms: 0, calls: 0 };
        s.ms += ms(t0);
        s.calls++;
        steps.set(label, s);
      }
    };
  };
  wrap(inner.repo, 'settleMarkets', "a fixture's markets and their legs given factors (settleMarkets)");
  wrap(inner.repo, 'settleMarket', 'a market and its legs given factors (settleMarket)');
  wrap(inner.repo, 'readyBets', 'bets ready read with their legs (readyBets)');
  wrap(inner.ledger, 'prepareHousePayments', 'payments prepared (ledger.prepareHousePayments)');
  wrap(inner.repo, 'settle', 'bets settled and paid (sports_settle)');
  for (const name of ['fixture', 'updateFixture', 'markets', 'logSettlement'])
    wrap(inner.repo, name, 'fixture read and written, markets read, log');

  const t0 = performance.now();
  let paid = 0;
  let bets = 0;
  // SETTLE_PARALLEL fixtures at a time, as results at full time come in together and the feed's handler
  // applies those of different fixtures at once (SportsFeed: one fixture's messages in order).
  const queue = [...data.fixtures];
  await Promise.all(
    Array.from({ length: SETTLE_PARALLEL }, async () => {
      for (let f = queue.shift(); f; f = queue.shift()) {
        const out = await app.sportsSettlement.settleFixture(data.brand, f.id, results.get(f.id)!);
        bets += out.bets;
        paid += out.paid;
      }
    }),
  );
  const settleMs = ms(t0);
  await app.close();
  return { handle, results, settleMs, steps, bets, paid };
}

// 4. The checks: payouts computed here, each paid once, balances, the ledger.
async function check(data: Data, settled: Awaited<ReturnType<typeof settle>>) {
  const db = settled.handle.db;
  const like = `${data.run}-%`;
  const betRows = rowsOf<{
    id: number;
    member_id: number;
    stake: number;
    open_stake: number;
    status: string;
    payout: number;
  }>(
    await db.execute(sql`SELECT id::int, member_id, stake::float8 AS stake, open_stake::float8 AS open_stake,
      status, payout::float8 AS payout FROM sports_bets WHERE request_id LIKE ${like}`),
  );
  const legRows = rowsOf<{
    bet_id: number;
    fixture_id: number;
    market_id: number;
    outcome_key: string;
    price: number;
    f_den: number | null;
  }>(
    await db.execute(sql`SELECT l.bet_id::int, l.fixture_id::int, l.market_id::int, l.outcome_key, l.price,
      l.f_den FROM sports_bet_legs l JOIN sports_bets b ON b.id = l.bet_id WHERE b.request_id LIKE ${like}
      ORDER BY l.bet_id, l.leg_no`),
  );
  const legsOf = new Map<number, typeof legRows>();
  for (const l of legRows) legsOf.set(l.bet_id, [...(legsOf.get(l.bet_id) ?? []), l]);
  const factors = new Map<string, ReturnType<typeof settleMarket>>();
  const factorOf = (marketId: number, fixtureId: number) => {
    const id = `${marketId}`;
    let f = factors.get(id);
    if (!f) {
      const spec = data.specs.get(marketId)!;
      f = settleMarket(spec, outcomeKeys(spec), settled.results.get(fixtureId)!);
      factors.set(id, f);
    }
    return f;
  };
  let expectedPaid = 0;
  let expectedPaidBets = 0;
  let wrongBets = 0;
  const expectedBalance = new Map<number, number>(data.memberIds.map((id) => [id, FUNDS]));
  const byStatus = new Map<string, number>();
  for (const b of betRows) {
    byStatus.set(b.status, (byStatus.get(b.status) ?? 0) + 1);
    const legs = (legsOf.get(b.id) ?? []).map((l) => ({
      price: l.price,
      factor: factorOf(l.market_id, l.fixture_id)[l.outcome_key]!,
    }));
    const payout = linePayout(b.open_stake, legs);
    const allVoid = legs.every((l) => l.factor.win === 0 && l.factor.void === l.factor.den);
    const status = payout === 0 ? 'lost' : allVoid ? 'void' : 'won';
    if (payout !== Number(b.payout) || status !== b.status) wrongBets++;
    if (payout > 0) {
      expectedPaid += payout;
      expectedPaidBets++;
    }
    expectedBalance.set(b.member_id, expectedBalance.get(b.member_id)! - Number(b.stake) + payout);
  }
  const [moved] = rowsOf<{ movements: number; bets: number; amount: number }>(
    await db.execute(sql`SELECT count(DISTINCT t.id)::int AS movements,
        count(DISTINCT split_part(t.idempotency_key, ':', 2))::int AS bets,
        coalesce(sum(e.amount) FILTER (WHERE a.member_id IS NOT NULL), 0)::float8 AS amount
      FROM ledger_transactions t
      JOIN ledger_entries e ON e.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.brand_id = ${data.brand.id} AND t.idempotency_key LIKE 'sb:%:settle:%'
        AND split_part(t.idempotency_key, ':', 2)::bigint IN (SELECT id FROM sports_bets WHERE request_id LIKE ${like})`),
  );
  const balances = rowsOf<{ member_id: number; balance: number }>(
    await db.execute(sql`SELECT member_id, balance::float8 AS balance FROM ledger_accounts
      WHERE kind = 'main' AND member_id IN (SELECT unnest(${`{${data.memberIds.join(',')}}`}::int[]))`),
  );
  const wrongBalances = balances.filter((r) => Number(r.balance) !== expectedBalance.get(r.member_id)).length;
  const ledger = await checkLedger(db);
  return {
    bets: betRows.length,
    legs: legRows.length,
    legsSettled: legRows.filter((l) => l.f_den !== null).length,
    byStatus,
    wrongBets,
    expectedPaid,
    expectedPaidBets,
    moved: moved!,
    wrongBalances,
    balances: balances.length,
    ledger,
  };
}

async function main() {
  const on = onPostgres ? 'PostgreSQL' : 'PGlite';
  console.log(
    `sports bench on ${on}: ${MEMBERS} members, ${FIXTURES} football fixtures, ${CONNECTIONS} connections for ${SECONDS} s (${useWrk ? 'wrk' : 'autocannon'}), then ${LEGS} legs settled`,
  );
  const loadBefore = os.loadavg()[0]!;
  let t0 = performance.now();
  const data = await prepare();
  console.log(
    `prepared in ${(ms(t0) / 1000).toFixed(1)} s: ${data.tokens.length} members funded with sessions, ${data.fixtures.length} fixtures with ${data.markets} markets`,
  );
  const server = await startServer();

  // Warm-up: every member places a slip (the server learns their wallet), then full load for a while.
  let placedBets = 0;
  let placedLegs = 0;
  const warm = slipMaker(data.book, 1);
  let next = 0;
  const warmCodes = new Map<string, number>();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let i = next++; i < data.tokens.length; i = next++) {
        const answer = await post(server.base, data.tokens[i]!, {
          requestId: `${data.run}-w-${i}`,
          accept: 'any',
          ...warm(),
        });
        warmCodes.set(answer.code, (warmCodes.get(answer.code) ?? 0) + 1);
        for (const b of answer.value?.bets ?? []) {
          placedBets++;
          placedLegs += b.legs.length;
        }
      }
    }),
  );
  const warmLoad = useWrk
    ? await wrkLoad(server, data, { prefix: `${data.run}-x`, seed: 2, seconds: 3 })
    : await autocannonLoad(server, data, { prefix: `${data.run}-x`, seed: 2, seconds: 3 });
  placedBets += warmLoad.bets;
  placedLegs += warmLoad.legs;
  console.log(
    `warm-up: ${data.tokens.length} slips one per member (${[...warmCodes].map(([c, n]) => `${c} ${n}`).join(', ')}), then 3 s of load`,
  );

  // Statistics for the planner, as a running server's autovacuum keeps them (this machine's PostgreSQL runs
  // with autovacuum off): the tables were empty when the warm-up began. PGlite is the server's own here.
  if (onPostgres) {
    const h = await openBenchDatabase();
    const [setting] = rowsOf<{ autovacuum: string }>(await h.db.execute(sql`SHOW autovacuum`));
    await h.db.execute(sql`ANALYZE`);
    await h.close();
    console.log(`statistics taken after the warm-up (this server's autovacuum: ${setting?.autovacuum})`);
  }

  // 1. Placing, measured.
  const loads: number[] = [];
  const sampler = setInterval(() => loads.push(os.loadavg()[0]!), 1_000);
  const cpuBefore = server.cpuSeconds();
  const measured = useWrk
    ? await wrkLoad(server, data, { prefix: `${data.run}-m`, seed: 3, seconds: SECONDS })
    : await autocannonLoad(server, data, { prefix: `${data.run}-m`, seed: 3, seconds: SECONDS });
  const cpuAfter = server.cpuSeconds();
  clearInterval(sampler);
  placedBets += measured.bets;
  placedLegs += measured.legs;
  let databaseSeconds = 0;
  for (const [pid, seconds] of cpuAfter.database)
    databaseSeconds += seconds - (cpuBefore.database.get(pid) ?? 0);
  const perBet = (seconds: number) => ((seconds * 1000) / Math.max(measured.bets, 1)).toFixed(2);
  const rate = (n: number) => Math.round(n / measured.seconds);
  const refused = [...measured.codes].filter(([c]) => !c.startsWith('2'));
  const l = measured.latency;
  console.log(
    `\nplacing (${useWrk ? 'wrk' : 'autocannon'}, ${CONNECTIONS} connections, ${measured.seconds.toFixed(1)} s): ${rate(measured.bets)} bets/s ` +
      `(${rate(measured.slips)} slips/s, ${rate(measured.legs)} legs/s; ${measured.bets} bets)   ` +
      `(goal on PostgreSQL: ≥ 1,000 bets/s with p99 < 150 ms at 64 connections)`,
  );
  console.log(
    `  slip latency p50 ${l.p50} ms, p97.5 ${l.p975} ms, p99 ${l.p99} ms, max ${l.max} ms; socket errors ${measured.errors}`,
  );
  console.log(
    `  answers: ${[...measured.codes].map(([c, n]) => `${c} ${n}`).join(', ')}; non-2xx: ${refused.length ? refused.map(([c, n]) => `${c} ${n}`).join(', ') : 'none'}`,
  );
  console.log(
    onPostgres
      ? `  CPU ms/bet: server ${perBet(cpuAfter.server - cpuBefore.server)}, database (every postgres process here) ${perBet(databaseSeconds)}, load generator ${perBet(measured.cpu)}`
      : `  CPU ms/bet: server with its embedded database ${perBet(cpuAfter.server - cpuBefore.server)}, load generator ${perBet(measured.cpu)}`,
  );
  const loadMean = loads.reduce((a, b) => a + b, 0) / Math.max(loads.length, 1);
  console.log(
    `  machine: ${os.cpus().length} cores; load average ${loadBefore.toFixed(2)} before the bench, during the run mean ${loadMean.toFixed(2)} max ${Math.max(...loads).toFixed(2)} (this bench's own processes included)`,
  );

  // 2. Filling the book to LEGS legs through the same API.
  t0 = performance.now();
  for (let round = 0; placedLegs < LEGS && round < 5; round++) {
    const slips = Math.ceil((LEGS - placedLegs) / 1.4);
    const fill = await autocannonLoad(server, data, {
      prefix: `${data.run}-f${round}`,
      seed: 10 + round,
      slips,
    });
    placedBets += fill.bets;
    placedLegs += fill.legs;
  }
  if (ms(t0) > 1) {
    console.log(
      `filled to ${placedLegs} legs (${placedBets} bets) through the API in ${(ms(t0) / 1000).toFixed(1)} s`,
    );
  }
  await server.stop();

  // 3. Settling.
  const settled = await settle(data);
  const c = await check(data, settled);
  console.log(
    `\nsettling: ${data.fixtures.length} results through SportsSettlement.settleFixture, ${SETTLE_PARALLEL === 1 ? 'one after another' : `${SETTLE_PARALLEL} fixtures at a time`}: ` +
      `${c.legsSettled} legs, ${settled.bets} bets settled in ${(settled.settleMs / 1000).toFixed(2)} s ` +
      `(${Math.round(c.legsSettled / (settled.settleMs / 1000))} legs/s)   (goal: 100,000 legs in < 10 s)`,
  );
  for (const [label, s] of settled.steps)
    console.log(
      `  ${label}: ${(s.ms / 1000).toFixed(2)} s in ${s.calls} calls${SETTLE_PARALLEL > 1 ? ' (summed over the fixtures at a time)' : ''}`,
    );
  console.log(
    `  bets ${c.bets} (${[...c.byStatus].map(([s, n]) => `${s} ${n}`).join(', ')}), legs ${c.legs}; paid ${settled.paid} by the settlement's count`,
  );
  console.log(
    `  computed here: ${c.expectedPaidBets} bets pay ${c.expectedPaid}; bets whose status or payout differ: ${c.wrongBets}`,
  );
  const paidOnce = c.moved.movements === c.expectedPaidBets && c.moved.bets === c.expectedPaidBets;
  console.log(
    `  ledger: ${c.moved.movements} settlement movements for ${c.moved.bets} bets, ${c.moved.amount} to members: ` +
      `${paidOnce && c.moved.amount === c.expectedPaid ? 'every paid bet paid exactly once, the money moved equals the payouts' : 'MISMATCH'}`,
  );
  console.log(
    `  balances: ${c.balances - c.wrongBalances} of ${c.balances} members hold funds − stakes + payouts${c.wrongBalances ? ` (${c.wrongBalances} DIFFER)` : ''}`,
  );
  console.log(
    `  ledger check: ${c.ledger.counts.accounts} accounts, ${c.ledger.counts.transactions} transactions, ${c.ledger.counts.entries} postings; ${c.ledger.ok ? 'every invariant holds' : `${c.ledger.problems.length} problem(s): ${c.ledger.problems.slice(0, 5).join('; ')}`}`,
  );
  await settled.handle.close();
  rmSync(config.dataDir, { recursive: true, force: true });
  const clean =
    c.ledger.ok &&
    c.wrongBets === 0 &&
    c.wrongBalances === 0 &&
    paidOnce &&
    c.moved.amount === c.expectedPaid &&
    c.legsSettled === c.legs &&
    (c.byStatus.get('open') ?? 0) === 0 &&
    c.bets >= placedBets;
  // A run of wrk or autocannon that ends on time leaves slips in flight: placed, their answers not read.
  console.log(
    `  bets in the book ${c.bets}, answered as placed ${placedBets}${c.bets >= placedBets ? ` (${c.bets - placedBets} placed by slips in flight when a timed run stopped)` : ': MISSING'}`,
  );
  process.exit(clean ? 0 : 1);
}

await main();
