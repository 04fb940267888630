/**
 * Load on the public content API a home page calls. Starts the real server as its own process on the
 * configured database (a fresh embedded PGlite by default, PostgreSQL when DATABASE_URL is set), then
 * prints requests per second, latency percentiles and the server's peak resident memory:
 *   npm run bench:content            (BENCH_SECONDS, BENCH_CONNECTIONS to change the load)
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startSiteServer } from './site-server';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

const server = await startSiteServer('content', {
  RATE_LIMIT_MAX: '100000000',
  STATIC_DIR: '/nonexistent',
});
const { base } = server;
const peakMemoryMb = () => {
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
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
await server.stop();
