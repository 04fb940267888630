/**
 * Load on the game-vendor wallet API, the money hot path: signed bet and win calls over HTTP for 1,000
 * players chosen with a Zipf skew (BENCH_SKEW), as a game vendor's servers would send them. The server runs in this
 * process on the configured database (a fresh embedded PGlite by default, PostgreSQL when DATABASE_URL is
 * set; it writes there). Prints rounds and requests per second, latency percentiles, the answers by code,
 * and whether every ledger invariant still holds:
 *   npm run bench:wallet            (BENCH_SECONDS, BENCH_CONNECTIONS to change the load)
 */
import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { brands, members } from '../server/db/schema';
import { seedDemoBrand } from '../server/db/seed/seed';
import { SecretBox } from '../server/lib/secret-box';
import { installationSecret } from '../server/lib/secrets';
import { Ledger } from '../server/modules/ledger/ledger';
import { checkLedger } from '../server/modules/ledger/ledger.check';
import { VendorWalletService } from '../server/modules/wallet/vendor-wallet.service';
import { WalletRepository } from '../server/modules/wallet/wallet.repository';
import { WalletService } from '../server/modules/wallet/wallet.service';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const PLAYERS = 1_000;
/**
 * Zipf exponent of the choice of player; 0 picks uniformly. A high skew piles bets on a few rows: each
 * waits for the previous one's commit (a disk flush), which then bounds throughput, not the server.
 */
const SKEW = Number(process.env.BENCH_SKEW ?? 0.8);
const VENDOR = 'BGS';

const dataDir = path.join(os.tmpdir(), `bench-wallet-${process.pid}`);
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '100000000',
  STATIC_DIR: '/nonexistent',
  DATA_DIR: dataDir,
});
const handle = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.dataDir,
  poolSize: Math.min(CONNECTIONS, 32),
});
await handle.migrate();
await seedDemoBrand(handle.db);
const db = handle.db;
const [brandRow] = await db.select().from(brands).where(eq(brands.isDefault, true));
const brandId = brandRow!.id;

// Players, each funded once.
const run = `b${process.pid}`;
await db.execute(sql`INSERT INTO members (brand_id, username)
  SELECT ${brandId}, ${run} || '_' || g FROM generate_series(1, ${PLAYERS}) g ON CONFLICT DO NOTHING`);
const players = await db
  .select({ id: members.id })
  .from(members)
  .where(sql`${members.username} LIKE ${`${run}\\_%`}`);
const ledger = new Ledger(db);
const repo = new WalletRepository(db);
const wallets = new WalletService(ledger, repo);
const vendorWallet = new VendorWalletService(
  ledger,
  wallets,
  repo,
  new SecretBox(await installationSecret(db, 'sealed-secrets-key')),
);
await vendorWallet.connect(brandId, VENDOR);
const secret = (await vendorWallet.secretOf(brandId, VENDOR))!;
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
      { accountId: clearing, amount: -10_000_000 },
      { accountId: account, amount: 10_000_000 },
    ],
  });
  tokens.push((await vendorWallet.issueLaunchToken(brand, { id: p.id, userType: 0 }, VENDOR)).token);
}

const app = await buildApp({ config, db });
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;
const headers = { 'content-type': 'application/json', 'x-vendor-code': VENDOR };

const weights = players.map((_, k) => 1 / (k + 1) ** SKEW);
const total = weights.reduce((a, b) => a + b, 0);
let acc = 0;
const cdf = weights.map((w) => (acc += w / total));
const pick = () => {
  const r = Math.random();
  const i = cdf.findIndex((c) => c >= r);
  return i < 0 ? players.length - 1 : i;
};

const codes = new Map<string, number>();
const sign = (raw: string) => createHmac('sha256', secret).update(raw).digest('hex');
let sequence = 0;
type Context = { player?: number; round?: number };
// Each connection plays rounds: a bet, then a win in the same round (autocannon cycles the two).
const result = await autocannon({
  url: base,
  connections: CONNECTIONS,
  duration: DURATION_S,
  requests: [
    {
      method: 'POST',
      path: '/api/vendor/wallet/bet',
      setupRequest: (request, context: Context) => {
        const i = pick();
        const n = ++sequence;
        context.player = i;
        context.round = n;
        const body = JSON.stringify({
          token: tokens[i],
          playerId: String(players[i]!.id),
          roundId: `${run}-r${n}`,
          transactionId: `${run}-b${n}`,
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
          playerId: String(players[context.player!]!.id),
          roundId: `${run}-r${context.round}`,
          transactionId: `${run}-w${context.round}`,
          amount: 1 + Math.floor(Math.random() * 199),
        });
        return { ...request, body, headers: { ...headers, 'x-signature': sign(body) } };
      },
      onResponse: (_status, body) => count(body),
    },
  ],
});
function count(body: string) {
  const code = (JSON.parse(body) as { code: string }).code;
  codes.set(code, (codes.get(code) ?? 0) + 1);
}
const requests = result.requests.total;
const seconds = DURATION_S;
const rounds = (codes.get('OK') ?? 0) / 2;

await app.close();
const report = await checkLedger(db);
await handle.close();
if (!config.DATABASE_URL) rmSync(dataDir, { recursive: true, force: true });

console.log(
  `wallet bench on ${config.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${CONNECTIONS} connections, ${DURATION_S} s, ${PLAYERS} players (Zipf ${SKEW})`,
);
console.log(`  rounds (bet + win): ${Math.round(rounds / seconds)} /s`);
console.log(`  requests:           ${Math.round(requests / seconds)} /s`);
const l = result.latency;
console.log(`  latency ms:         p50 ${l.p50}  p90 ${l.p90}  p99 ${l.p99}  max ${l.max}`);
console.log(`  answers:            ${[...codes].map(([c, n]) => `${c} ${n}`).join(', ')}`);
console.log(
  `  ledger:             ${report.ok ? 'every invariant holds' : `${report.problems.length} problem(s)`}`,
);
process.exit(report.ok ? 0 : 1);
