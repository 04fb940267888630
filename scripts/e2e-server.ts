/**
 * One end-to-end server (e2e/worker-server.ts starts one per kind and Playwright worker): the same
 * server as `npm start`, which stops when the worker that started it is gone, however it ended.
 *
 * With E2E_DATABASE_URL, the server runs on PostgreSQL: a fresh database of that name beside
 * TEST_DATABASE_URL, the demo seeded into it. Tests that must look inside the database (a captcha's
 * stored hash, say) run against this one.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

// The worker talks to us over an IPC channel: when it closes, the worker has ended (even killed), and
// this server must not outlive it. SIGTERM runs the server's own shutdown (its demo provider too).
if (process.channel) {
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  process.channel.unref();
}

const url = process.env.E2E_DATABASE_URL;
if (url) {
  const name = new URL(url).pathname.slice(1);
  if (!/^e2e_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to recreate database ${name}`);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  process.env.DATABASE_URL = url;
  // A demo on PostgreSQL is asked for explicitly; its key is made for this run.
  process.env.SITE_MODE = 'demo';
  process.env.MASTER_KEY = randomBytes(32).toString('base64');
}
await import('../server/main');
