/**
 * Load on the public content API a home page calls. Starts the real server as its own process on the
 * configured database (a fresh embedded PGlite by default, PostgreSQL when DATABASE_URL is set), then
 * prints requests per second, latency percentiles and the server's peak resident memory:
 *   npm run bench:content            (BENCH_SECONDS, BENCH_CONNECTIONS to change the load)
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
const dataDir = path.join(os.tmpdir(), `bench-content-${process.pid}`);
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    STATIC_DIR: '/nonexistent',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (
    await fetch(`${base}/wps/system/status`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 120) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 500));
}
const peakMemoryMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

const targets = [
  '/wps/system/status',
  '/wps/system/whitelabel',
  '/lgw/games/game_menus',
  '/wps/relay/GCSGAME_hotGamesV2?platforms=flash,html5-desktop',
  '/wps/relay/MCSFE_getListAnnouncements?types=banner,notice,promotion&bannerGroup=w_home',
  '/wps/relay/GCSGAME_getRankList?gameCategory=ALL&limitNum=20',
];

console.log(
  `database: ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}; ${CONNECTIONS} connections, ${DURATION_S}s per endpoint`,
);
console.log(
  'endpoint'.padEnd(64),
  'req/s'.padStart(8),
  'p50 ms'.padStart(7),
  'p99 ms'.padStart(7),
  'errors'.padStart(7),
);
for (const target of targets) {
  const r = await autocannon({ url: base + target, connections: CONNECTIONS, duration: DURATION_S });
  console.log(
    target.slice(0, 64).padEnd(64),
    Math.round(r.requests.average).toString().padStart(8),
    r.latency.p50.toString().padStart(7),
    r.latency.p99.toString().padStart(7),
    (r.errors + r.non2xx).toString().padStart(7),
  );
}
console.log(`server peak resident memory: ${peakMemoryMb()} MB`);
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });
