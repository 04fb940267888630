/**
 * The end-to-end run's server on PostgreSQL: a fresh database beside TEST_DATABASE_URL, the demo seeded
 * into it, then the same server as `npm start`. Tests that must look inside the database (a captcha's
 * stored hash, say) run against this one.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const url = process.env.E2E_DATABASE_URL;
if (!url) throw new Error('E2E_DATABASE_URL is not set');
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
await import('../server/main');
