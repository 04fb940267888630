/**
 * The back office's dashboard over 10 M bets, on PostgreSQL (issue 27 item 7):
 *
 * 1. A fresh database of its own (`bench_reports` beside TEST_DATABASE_URL's, or on
 *    postgres://postgres@127.0.0.1:5432), migrated and seeded as the demo.
 * 2. Seeded with set-based SQL (generate_series): BENCH_MEMBERS members (default 100,000) registered over
 *    the last 60 days; BENCH_BETS settled rounds (default 10,000,000) over the last 30 days by players
 *    chosen with a skew (a few play a lot), each on the brand's vendors (a favourite most of the time);
 *    a deposit for about a third of the rounds' players and withdrawals.
 * 3. Timed: the jobs' work for the 30 days: the agents' member-days (agents.rollUp, what the minute's
 *    job keeps) and the reports' summaries (reports.refresh); then the 5-minute run (yesterday and today).
 * 4. Timed: GET /api/backoffice/reports/dashboard through the app as an operator, BENCH_CALLS times
 *    (default 40) for each period (30 days, 7 days, yesterday, today, a custom 30 days): p50, p99, slowest.
 * Prints the 30 days' figures. Goal: every period's p99 under 2 s.
 *   npm run bench:reports
 *   BENCH_BETS=1000000 npm run bench:reports
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { brands, operators } from '../server/db/schema';
import { prepareInstallation } from '../server/db/seed/install';
import { addDays, dayIn, daysFrom } from '../server/lib/brand-days';
import { masterBox } from '../server/lib/master-key';
import { hashPassword } from '../server/modules/accounts/credentials';
import type { Brand } from '../server/modules/brand/brand.service';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const BETS = Number(process.env.BENCH_BETS ?? 10_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 40);
/** Rounds per INSERT statement. */
const CHUNK = 1_000_000;

const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const admin = new URL(base);
admin.pathname = '/postgres';
const target = new URL(base);
target.pathname = '/bench_reports';

const ms = (t0: number) => Math.round(performance.now() - t0);
const log = (...args: unknown[]) => console.log(...args);
const money = (minor: number) =>
  (minor / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function onServer(...statements: string[]) {
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  for (const statement of statements) await client.query(statement);
  await client.end();
}
const drop = 'DROP DATABASE IF EXISTS bench_reports WITH (FORCE)';

await onServer(drop, 'CREATE DATABASE bench_reports');
const masterKey = createHash('sha256').update('aurora-bet reports bench').digest();
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SITE_MODE: 'demo',
  JOBS: 'false',
  STATIC_DIR: '/nonexistent',
  MASTER_KEY: masterKey.toString('base64'),
  DATABASE_URL: target.toString(),
});
const handle = await openDatabase({ databaseUrl: target.toString(), poolSize: 8 });
await handle.migrate();
await prepareInstallation(handle.db, config, masterBox(masterKey));
const db = handle.db;
const [brandRow] = await db.select().from(brands).where(eq(brands.isDefault, true));
const brand = brandRow as unknown as Brand;
const today = dayIn(new Date(), brand.timeZone);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// ---- seed -------------------------------------------------------------------------------------------
let t0 = performance.now();
await db.execute(sql`
  INSERT INTO members (brand_id, username, created_at)
  SELECT ${brand.id}, 'bench' || g, now() - (random() * interval '60 days')
  FROM generate_series(1, ${MEMBERS}) g`);
const [span] = rowsOf<{ lo: number; hi: number }>(
  await db.execute(sql`SELECT min(id) AS lo, max(id) AS hi FROM members WHERE username LIKE 'bench%'`),
);
const lo = Number(span!.lo);
const vendors = rowsOf<{ code: string }>(
  await db.execute(sql`SELECT DISTINCT code FROM game_vendors WHERE brand_id = ${brand.id} ORDER BY code`),
).map((r) => r.code);
log(`members: ${MEMBERS.toLocaleString('en')} in ${ms(t0)} ms; vendors: ${vendors.length}`);

t0 = performance.now();
const vendorArray = `{${vendors.join(',')}}`;
for (let done = 0; done < BETS; done += CHUNK) {
  const n = Math.min(CHUNK, BETS - done);
  // A skewed player (random()^3: a few play a lot), a favourite vendor (by player) 70 % of the time, a
  // stake of 1 to 100 and a payout of nothing, or up to twice the stake; made over the last 30 days.
  await db.execute(sql`
    INSERT INTO vendor_rounds (brand_id, vendor_code, round_id, member_id, game_code, stake, payout, refunded,
      status, created_at, settled_at)
    SELECT ${brand.id}, v.vendor, 'r' || (${done} + g), p.member, 'g1', s.stake,
           CASE WHEN random() < 0.55 THEN 0 ELSE (s.stake * random() * 2)::bigint END, 0, 'settled', t.at,
           t.at + interval '20 seconds'
    FROM generate_series(1, ${n}) g
    CROSS JOIN LATERAL (SELECT ${lo} + floor(${MEMBERS} * random() ^ 3)::int + g * 0 AS member) p
    CROSS JOIN LATERAL (SELECT (${vendorArray}::text[])[1 + CASE WHEN random() < 0.7
        THEN p.member % ${vendors.length} ELSE floor(random() * ${vendors.length})::int END] AS vendor) v
    CROSS JOIN LATERAL (SELECT (100 + floor(random() * 9900))::bigint + g * 0 AS stake) s
    CROSS JOIN LATERAL (SELECT now() - random() * interval '30 days' + g * interval '0' AS at) t`);
  log(`rounds: ${(done + n).toLocaleString('en')} (${ms(t0)} ms)`);
}
await db.execute(sql`
  INSERT INTO deposits (brand_id, member_id, method_code, amount, status, reference, request_id, created_at, updated_at)
  SELECT ${brand.id}, ${lo} + floor(${MEMBERS} * random() ^ 2)::int, 'pix', (2000 + floor(random() * 98000))::bigint,
         'credited', 'bd' || g, 'bd' || g, t.at, t.at + interval '1 minute'
  FROM generate_series(1, ${Math.round(BETS / 30)}) g
  CROSS JOIN LATERAL (SELECT now() - random() * interval '30 days' + g * interval '0' AS at) t`);
await db.execute(sql`
  INSERT INTO withdrawals (brand_id, member_id, reference, request_id, bank, amount, status, decided_at, created_at, updated_at)
  SELECT ${brand.id}, ${lo} + floor(${MEMBERS} * random() ^ 2)::int, 'bw' || g, 'bw' || g, '{}'::jsonb,
         (5000 + floor(random() * 95000))::bigint, 'paid', t.at + interval '1 hour', t.at, t.at + interval '1 hour'
  FROM generate_series(1, ${Math.round(BETS / 100)}) g
  CROSS JOIN LATERAL (SELECT now() - random() * interval '30 days' + g * interval '0' AS at) t`);
await db.execute(sql`ANALYZE`);
log(`seeded ${BETS.toLocaleString('en')} rounds, deposits and withdrawals in ${ms(t0)} ms`);

// ---- the jobs ---------------------------------------------------------------------------------------
const app = await buildApp({ config, db, masterKey, countryLookup: null, listen: handle.listen });
await app.ready();
const days = daysFrom(addDays(today, -30), today);
t0 = performance.now();
for (const day of days) await app.agents.rollUp(brand, [day]);
log(`agents' member-days (30 days, agents.rollUp a day at a time): ${ms(t0)} ms`);
t0 = performance.now();
await app.reports.refresh(brand, days);
log(`reports' summaries (30 days, reports.refresh): ${ms(t0)} ms`);
t0 = performance.now();
await app.reports.refreshRecent([brand]);
log(`the 5-minute run (yesterday and today): ${ms(t0)} ms`);

// ---- the dashboard ----------------------------------------------------------------------------------
const password = 'Operator12345';
await db
  .insert(operators)
  .values({ username: 'benchadmin', passwordHash: await hashPassword(password), role: 'admin' });
const login = await app.inject({
  method: 'POST',
  url: '/api/backoffice/login',
  payload: { username: 'benchadmin', password },
  remoteAddress: '10.77.0.1',
});
const token = (login.json() as { value: { token: string } }).value?.token;
if (!token) throw new Error(`operator login failed: ${login.body}`);

const periods: Array<[string, string]> = [
  ['30 days', 'preset=prev30'],
  ['7 days', 'preset=prev7'],
  ['yesterday', 'preset=yesterday'],
  ['today', 'preset=today'],
  ['custom 30 days', `from=${addDays(today, -30)}&to=${addDays(today, -1)}`],
];
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
let worst = 0;
let figures: Record<string, unknown> | null = null;
for (const [name, query] of periods) {
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    const res = await app.inject({
      url: `/api/backoffice/reports/dashboard?${query}`,
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: '10.77.0.1',
    });
    times.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (i === 0 && name === '30 days') figures = (res.json() as { value: Record<string, unknown> }).value;
  }
  times.sort((a, b) => a - b);
  const p99 = quantile(times, 0.99);
  worst = Math.max(worst, p99);
  log(
    `dashboard ${name.padEnd(15)} p50 ${quantile(times, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, slowest ${times.at(-1)!.toFixed(1)} ms (${CALLS} calls)`,
  );
}
const totals = (figures as { totals: Record<string, number> } | null)?.totals;
if (totals) {
  log('30 days:');
  for (const key of [
    'ggr',
    'ngr',
    'stake',
    'payout',
    'bonuses',
    'depositAmount',
    'withdrawalAmount',
    'firstDepositAmount',
  ])
    log(`  ${key.padEnd(20)} ${money(totals[key]!)}`);
  for (const key of ['bets', 'deposits', 'withdrawals', 'firstDeposits', 'newMembers', 'activeMembers'])
    log(`  ${key.padEnd(20)} ${totals[key]!.toLocaleString('pt-BR')}`);
}
log(`goal: p99 < 2000 ms: ${worst < 2_000 ? 'met' : 'MISSED'} (worst p99 ${worst.toFixed(1)} ms)`);
await app.close();
await handle.close();
// BENCH_KEEP=1 leaves the database to look at.
if (!process.env.BENCH_KEEP) await onServer(drop);
