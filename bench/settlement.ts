/**
 * Contract settlement and the agent centre at scale, in one process on the configured database (a fresh
 * embedded PGlite by default, PostgreSQL when DATABASE_URL is set; it writes there):
 *
 * 1. An agent tree of BENCH_MEMBERS members (default 100,000) in six levels: 10 top agents, then five
 *    agents under each agent for four levels (7,810 agents), and the players spread over the fifth level's
 *    agents. Every agent holds the four kinds of contract from its upline (the top ones from the house),
 *    each a little below its upline's rate, in force for 40 days; every agent has money to pay its team.
 * 2. BENCH_BETS settled rounds (default 1,000,000) by random players, spread over the last 8 days.
 * 3. Timed: the daily figures (agents.rollUp over the 8 days); the minute's job, as it was (yesterday and
 *    today whole) and as it is (only the member-days changed since, after BENCH_MINUTE_BETS new rounds);
 *    then the settlement job's work
 *    (settlement.settleDue: each kind's last complete period, dividends for each pay period), per kind, and
 *    a second run of it (which must bill and pay nothing).
 * 4. Timed: GET /api/agent/team/overview (7 days) through the app, BENCH_OVERVIEWS calls (default 400)
 *    over agents of every level, a top agent's team being 10,000 members; p50, p95, p99 and the slowest.
 * Then whether every ledger invariant holds.
 *   npm run bench:settlement
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_settlement npm run bench:settlement
 * Goals (docs/agents.md): every kind settled in under 30 s; team overview p99 under 200 ms on PostgreSQL.
 */
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { brands, memberSessions } from '../server/db/schema';
import { prepareInstallation } from '../server/db/seed/install';
import { addDays, dayIn, daysFrom } from '../server/lib/brand-days';
import { masterBox } from '../server/lib/master-key';
import { lastCompletePeriod } from '../server/modules/agents/periods';
import type { Brand } from '../server/modules/brand/brand.service';
import { Ledger } from '../server/modules/ledger/ledger';
import { checkLedger } from '../server/modules/ledger/ledger.check';
import { CONTRACT_KINDS, type ContractTerms, PAY_PERIODS } from '../src/api/contract/agents';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const BETS = Number(process.env.BENCH_BETS ?? 1_000_000);
const OVERVIEWS = Number(process.env.BENCH_OVERVIEWS ?? 400);
const AGENT_FUNDS = 1_000_000_000;
/** Agents per level: 10 at the top, five under each agent below. */
const AGENT_LEVELS = [10, 50, 250, 1_250, 6_250];
/** Each level's rate (basis points): below its upline's, as offers are capped. */
const RATES = [300, 250, 200, 150, 100];

const masterKey = createHash('sha256').update('aurora-bet settlement bench').digest();
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SITE_MODE: 'demo',
  JOBS: 'false',
  MASTER_KEY: masterKey.toString('base64'),
  ...process.env,
  DATA_DIR: path.join(os.tmpdir(), `bench-settlement-${process.pid}`),
});
const ms = (t0: number) => Math.round(performance.now() - t0);
const log = (...args: unknown[]) => console.log(...args);

const terms = (kind: (typeof CONTRACT_KINDS)[number], rateBp: number): ContractTerms =>
  kind === 'dividend'
    ? { kind, payPeriod: 'weekly', minActiveBet: 100, tiers: [{ minValidBet: 0, minActive: 0, rateBp }] }
    : {
        kind,
        salaryType: 'single_bet',
        minActiveBet: 100,
        tiers: [{ minValidBet: 0, minActive: 0, rateBp }],
      };

const handle = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.dataDir,
  poolSize: 8,
});
await handle.migrate();
await prepareInstallation(handle.db, config, masterBox(masterKey));
const db = handle.db;
const [brandRow] = await db.select().from(brands).where(eq(brands.isDefault, true));
const brand = brandRow as unknown as Brand;
const run = `s${process.pid}`;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
log(
  `database: ${config.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${MEMBERS.toLocaleString()} members, ${BETS.toLocaleString()} bets`,
);

// 1. The tree, level by level (the closure table is kept by its trigger), and the agents' contracts.
let t0 = performance.now();
const levels: number[][] = [];
const agentCount = AGENT_LEVELS.reduce((a, b) => a + b, 0);
const players = Math.max(0, MEMBERS - agentCount);
for (const [level, count] of [...AGENT_LEVELS, players].entries()) {
  const parents = level === 0 ? null : levels[level - 1]!;
  const per = parents ? Math.ceil(count / parents.length) : 0;
  const userType = level < AGENT_LEVELS.length ? 2 : 0;
  const inserted = await db.execute(sql`
    INSERT INTO members (brand_id, username, user_type, parent_id, created_at)
    SELECT ${brand.id}, ${`${run}l${level}_`} || g, ${userType},
           ${parents ? sql`(${`{${parents.join(',')}}`}::integer[])[1 + (g - 1) / ${per}]` : sql`NULL::integer`},
           now() - interval '40 days'
    FROM generate_series(1, ${count}) g
    RETURNING id`);
  levels.push(rows<{ id: number }>(inserted).map((r) => Number(r.id)));
}
const agents = levels.slice(0, AGENT_LEVELS.length).flat();
const playerIds = levels[AGENT_LEVELS.length]!;
for (const [level, ids] of levels.slice(0, AGENT_LEVELS.length).entries()) {
  await db.execute(sql`
    INSERT INTO agent_contracts (brand_id, kind, upline_id, member_id, terms, rate_bp, status, offered_at, decided_at)
    SELECT ${brand.id}, k.kind, m.parent_id, m.id, k.terms, ${RATES[level]!}, 'active',
           now() - interval '40 days', now() - interval '40 days'
    FROM members m
    CROSS JOIN (VALUES ${sql.join(
      CONTRACT_KINDS.map((k) => sql`(${k}, ${JSON.stringify(terms(k, RATES[level]!))}::jsonb)`),
      sql`, `,
    )}) AS k(kind, terms)
    WHERE m.id = ANY(${`{${ids.join(',')}}`}::integer[])`);
}
const ledger = new Ledger(db);
const clearing = await ledger.houseAccount(brand.id, 'clearing', brand.currency);
for (const id of agents) {
  const account = await ledger.memberAccount(brand.id, id, 'main', brand.currency);
  await ledger.post({
    brandId: brand.id,
    key: `${run}:fund:${id}`,
    kind: 'deposit',
    postings: [
      { accountId: clearing, amount: -AGENT_FUNDS },
      { accountId: account, amount: AGENT_FUNDS },
    ],
  });
}
const [counts] = rows<{ members: number; closure: number; contracts: number }>(
  await db.execute(sql`SELECT
    (SELECT count(*) FROM members WHERE username LIKE ${`${run}l%`})::int AS members,
    (SELECT count(*) FROM member_tree)::int AS closure,
    (SELECT count(*) FROM agent_contracts WHERE status = 'active')::int AS contracts`),
);
log(
  `tree: ${counts!.members.toLocaleString()} members (${agents.length.toLocaleString()} agents), ` +
    `${counts!.closure.toLocaleString()} closure rows, ${counts!.contracts.toLocaleString()} contracts; ` +
    `agents funded (${ms(t0).toLocaleString()} ms)`,
);

// 2. The rounds: settled, by random players, over the last 8 days.
t0 = performance.now();
const CHUNK = 200_000;
for (let done = 0; done < BETS; done += CHUNK) {
  const n = Math.min(CHUNK, BETS - done);
  await db.execute(sql`
    INSERT INTO vendor_rounds (brand_id, vendor_code, round_id, member_id, game_code, stake, payout, refunded,
                               status, created_at, settled_at)
    SELECT ${brand.id}, 'BENCH', ${run} || '-' || (${done} + g), p.ids[1 + floor(random() * array_length(p.ids, 1))::int],
           'bench', s.stake, CASE WHEN random() < 0.48 THEN s.stake * 2 ELSE 0 END, 0, 'settled', s.at, s.at
    FROM generate_series(1, ${n}) g
    CROSS JOIN (SELECT ${`{${playerIds.join(',')}}`}::integer[] AS ids) p
    CROSS JOIN LATERAL (SELECT (100 + floor(random() * 9900))::bigint + g * 0 AS stake,
                               now() - random() * interval '8 days' + g * interval '0' AS at) s`);
}
await db.execute(sql`ANALYZE`);
log(`rounds: ${BETS.toLocaleString()} inserted (${ms(t0).toLocaleString()} ms)`);

const app = await buildApp({ config, db, masterKey, countryLookup: null, listen: handle.listen });
await app.ready();

// 3. The figures, then the settlement job's work, per kind; then the same again (nothing more to do).
const today = dayIn(new Date(), brand.timeZone);
t0 = performance.now();
await app.agents.rollUp(brand, daysFrom(addDays(today, -8), today));
log(`daily figures, 9 days: ${ms(t0).toLocaleString()} ms`);

// The minute's job: yesterday and today whole (as it ran before), then only what changed since its last
// run, after BENCH_MINUTE_BETS new rounds (default 10,000: 600,000 an hour).
const MINUTE_BETS = Number(process.env.BENCH_MINUTE_BETS ?? 10_000);
t0 = performance.now();
await app.agents.rollUpRecent([brand], 2);
log(`minute's figures, yesterday and today whole: ${ms(t0).toLocaleString()} ms`);
await db.execute(sql`
  INSERT INTO vendor_rounds (brand_id, vendor_code, round_id, member_id, game_code, stake, payout, refunded,
                             status, created_at, settled_at)
  SELECT ${brand.id}, 'BENCH', ${run} || '-minute-' || g, p.ids[1 + floor(random() * array_length(p.ids, 1))::int],
         'bench', 100, CASE WHEN random() < 0.48 THEN 200 ELSE 0 END, 0, 'settled', now(), now()
  FROM generate_series(1, ${MINUTE_BETS}) g
  CROSS JOIN (SELECT ${`{${playerIds.join(',')}}`}::integer[] AS ids) p`);
t0 = performance.now();
await app.agents.rollUpRecentChanges([brand]);
log(
  `minute's figures, only what changed (${MINUTE_BETS.toLocaleString()} new rounds): ${ms(t0).toLocaleString()} ms`,
);

async function settleAll(label: string) {
  const now = new Date();
  const started = performance.now();
  const lines: string[] = [];
  for (const kind of CONTRACT_KINDS) {
    const kindStart = performance.now();
    let bills = 0;
    let paid = 0;
    let unpaid = 0;
    const keys: string[] = [];
    for (const payPeriod of kind === 'dividend' ? PAY_PERIODS : [undefined]) {
      const period = lastCompletePeriod(kind, payPeriod, now, brand.timeZone);
      keys.push(period.key);
      const r = await app.settlement.settle(brand, kind, period, payPeriod);
      bills += r.bills;
      paid += r.paid;
      unpaid += r.unpaid;
    }
    lines.push(
      `  ${kind.padEnd(16)} ${ms(kindStart).toLocaleString().padStart(7)} ms  ${bills.toLocaleString()} bills, ${paid.toLocaleString()} paid, ${unpaid} unpaid (${keys.join(', ')})`,
    );
  }
  const retried = await app.settlement.retryUnpaid(brand);
  log(`${label}: ${ms(started).toLocaleString()} ms in all (unpaid retried and paid: ${retried})`);
  for (const line of lines) log(line);
}
await settleAll('settlement, every kind');
await settleAll('settlement run again');

// 4. Team overview through the app, for agents of every level (a session each).
const sample = [
  ...levels[0]!,
  ...levels[1]!.slice(0, 20),
  ...levels[2]!.slice(0, 20),
  ...levels[3]!.slice(0, 20),
  ...levels[4]!.slice(0, 20),
];
const tokens = new Map<number, string>();
await db.insert(memberSessions).values(
  sample.map((memberId) => {
    const token = randomBytes(32).toString('base64url');
    tokens.set(memberId, token);
    return {
      memberId,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      loginType: 'bench',
      expiresAt: new Date(Date.now() + 3_600_000),
    };
  }),
);
const times: number[] = [];
const byLevel = new Map<number, number[]>();
for (let i = 0; i < OVERVIEWS; i++) {
  const level = i % 5;
  const pool = level === 0 ? levels[0]! : sample.filter((id) => levels[level]!.includes(id));
  const who = pool[i % pool.length]!;
  const started = performance.now();
  const res = await app.inject({
    url: '/api/agent/team/overview?preset=prev7',
    headers: { authorization: `Bearer ${tokens.get(who)}` },
  });
  const took = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`overview: ${res.statusCode} ${res.body.slice(0, 200)}`);
  if (i >= 10) {
    times.push(took);
    byLevel.set(level, [...(byLevel.get(level) ?? []), took]);
  }
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const f = (x: number) => `${x.toFixed(1)} ms`;
log(
  `team overview (7 days), ${times.length} calls: p50 ${f(pct(times, 50))}, p95 ${f(pct(times, 95))}, ` +
    `p99 ${f(pct(times, 99))}, max ${f(Math.max(...times))}`,
);
for (const [level, xs] of [...byLevel].sort((a, b) => a[0] - b[0])) {
  const team = level === 0 ? MEMBERS / 10 : Math.round(MEMBERS / AGENT_LEVELS[level]!);
  log(
    `  level ${level + 1} (about ${team.toLocaleString()} members below): p50 ${f(pct(xs, 50))}, p99 ${f(pct(xs, 99))}`,
  );
}

const report = await checkLedger(db);
log(
  `ledger: ${report.problems.length === 0 ? 'every invariant holds' : `${report.problems.length} problems`}`,
);
await app.close();
await handle.close();
process.exit(report.problems.length === 0 ? 0 : 1);
