/**
 * The whole game path under load: N simulated players each launch the demo slot through the site's API
 * (a signed server-to-server launch, a one-time token traded at the provider), then spin as fast as the
 * provider answers for a fixed time. The site and the demo provider run as their own processes exactly
 * as `npm start` runs them (the provider moves money only through the signed wallet API), on the
 * configured database (a fresh embedded PGlite by default, PostgreSQL when DATABASE_URL is set; it
 * writes there). Prints rounds per second, p50/p99 launch-to-first-spin and spin latency, and the ledger
 * check:
 *   npm run bench:games   (BENCH_PLAYERS, default 50; BENCH_SECONDS, default 20)
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { brands, memberSessions, members } from '../server/db/schema';
import { seedDemoBrand } from '../server/db/seed/seed';
import { hashToken } from '../server/modules/accounts/credentials';
import { Ledger } from '../server/modules/ledger/ledger';
import { checkLedger } from '../server/modules/ledger/ledger.check';

const PLAYERS = Math.max(1, Number(process.env.BENCH_PLAYERS ?? 50));
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 20);
const STAKE = 200;
const FUNDS = 100_000_000;

const config = loadConfig({
  SITE_MODE: 'demo',
  MASTER_KEY: createHash('sha256').update('aurora-bet games bench').digest('base64'),
  ...process.env,
  DATA_DIR: path.join(os.tmpdir(), `bench-games-${process.pid}`),
});
const onPostgres = Boolean(config.DATABASE_URL);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Players with a login session each and funds in their main wallet, written before the site starts. */
async function preparePlayers() {
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: onPostgres ? undefined : config.dataDir,
  });
  await handle.migrate();
  await seedDemoBrand(handle.db);
  const db = handle.db;
  const [brand] = await db.select().from(brands).where(eq(brands.isDefault, true));
  const run = `g${process.pid}`;
  await db.execute(sql`INSERT INTO members (brand_id, username)
    SELECT ${brand!.id}, ${run} || '_' || g FROM generate_series(1, ${PLAYERS}) g ON CONFLICT DO NOTHING`);
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`${members.username} LIKE ${`${run}\\_%`}`)
    .orderBy(members.id);
  const ledger = new Ledger(db);
  const clearing = await ledger.houseAccount(brand!.id, 'clearing', brand!.currency);
  const tokens: string[] = [];
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
    const token = randomBytes(24).toString('base64url');
    await db.insert(memberSessions).values({
      memberId: id,
      tokenHash: hashToken(token),
      loginType: 'bench',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    tokens.push(token);
  }
  await handle.close();
  return tokens;
}

async function startSite() {
  const port = await freePort();
  const providerPort = await freePort();
  const site = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      SITE_MODE: 'demo',
      MASTER_KEY: config.MASTER_KEY!,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: config.dataDir,
      LOG_LEVEL: 'warn',
      STATIC_DIR: '/nonexistent',
      RATE_LIMIT_MAX: '10000000',
      DEMO_PROVIDER_PORT: String(providerPort),
      DEMO_PROVIDER_PUBLIC_URL: `http://127.0.0.1:${providerPort}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const provider = `http://127.0.0.1:${providerPort}`;
  for (let i = 0; ; i++) {
    const up = await Promise.all([
      fetch(`${base}/wps/system/status`).then(
        (r) => r.ok,
        () => false,
      ),
      fetch(`${provider}/health`).then(
        (r) => r.ok,
        () => false,
      ),
    ]);
    if (up.every(Boolean)) break;
    if (i > 480) throw new Error('the site or the demo provider did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      site.once('exit', () => resolve());
      site.kill('SIGTERM');
    });
  return { base, stop };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;

async function player(
  base: string,
  token: string,
  until: number,
  out: { spins: number[]; firstSpin: number[]; errors: Map<string, number> },
) {
  const started = performance.now();
  const launched = await fetch(`${base}/wps/game/launchGame`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ vassalage: 'NOVA', gameCode: 'golden-dragon' }),
  }).then((r) => r.json() as Promise<{ code: string; value: { url: string } }>);
  if (launched.code !== 'OK') {
    out.errors.set(`launch ${launched.code}`, (out.errors.get(`launch ${launched.code}`) ?? 0) + 1);
    return;
  }
  const url = new URL(launched.value.url);
  const spinUrl = `${url.origin}/api/${url.pathname.split('/').pop()}/spin`;
  let first = true;
  while (performance.now() < until) {
    const t0 = performance.now();
    const res = await fetch(spinUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ stake: STAKE }),
    });
    await res.arrayBuffer();
    const t1 = performance.now();
    if (res.status !== 200) {
      out.errors.set(`spin ${res.status}`, (out.errors.get(`spin ${res.status}`) ?? 0) + 1);
      continue;
    }
    if (first) {
      out.firstSpin.push(t1 - started);
      first = false;
    }
    out.spins.push(t1 - t0);
  }
}

const tokens = await preparePlayers();
const site = await startSite();
try {
  const out = { spins: [] as number[], firstSpin: [] as number[], errors: new Map<string, number>() };
  const began = performance.now();
  const until = began + DURATION_S * 1000;
  await Promise.all(tokens.map((token) => player(site.base, token, until, out)));
  const elapsed = (performance.now() - began) / 1000;
  const spins = [...out.spins].sort((a, b) => a - b);
  const first = [...out.firstSpin].sort((a, b) => a - b);
  console.log(
    `\nbench:games on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${PLAYERS} players, ${DURATION_S} s`,
  );
  console.log(`  rounds:                 ${spins.length} (${(spins.length / elapsed).toFixed(1)} rounds/s)`);
  console.log(
    `  launch to first spin:   p50 ${percentile(first, 50).toFixed(0)} ms, p99 ${percentile(first, 99).toFixed(0)} ms`,
  );
  console.log(
    `  spin (bet, draw, win):  p50 ${percentile(spins, 50).toFixed(1)} ms, p99 ${percentile(spins, 99).toFixed(1)} ms`,
  );
  console.log(
    `  errors:                 ${out.errors.size ? JSON.stringify(Object.fromEntries(out.errors)) : 'none'}`,
  );
} finally {
  await site.stop();
}
const handle = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: onPostgres ? undefined : config.dataDir,
});
const check = await checkLedger(handle.db);
console.log(
  `  ledger check:           ${check.problems.length === 0 ? 'holds' : JSON.stringify(check.problems.slice(0, 5))}`,
);
await handle.close();
if (!onPostgres) rmSync(config.dataDir, { recursive: true, force: true });
