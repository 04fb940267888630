import { randomBytes } from 'node:crypto';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type DatabaseHandle, openDatabase } from '../../server/db/client';
import { seedDemoAccounts } from '../../server/db/seed/demo-accounts';
import { seedDemoBrand } from '../../server/db/seed/seed';
import type { CountryLookup } from '../../server/modules/system/region';

export type DatabaseKind = 'pglite' | 'postgres';

/** Every server test runs on the embedded database, and on PostgreSQL too when CI provides one. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestContext {
  app: FastifyInstance;
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database for one test file: in memory for PGlite, a scratch database on
 * the PostgreSQL server so files can run in parallel against it.
 */
export async function createTestContext(
  kind: DatabaseKind,
  options: { countryLookup?: CountryLookup; env?: Record<string, string> } = {},
): Promise<TestContext> {
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (kind === 'postgres') {
    ({ databaseUrl, dropDatabase } = await createScratchDatabase(process.env.TEST_DATABASE_URL!));
  }
  const handle = await openDatabase({ databaseUrl, poolSize: 4 });
  await handle.migrate();
  await seedDemoBrand(handle.db);
  await seedDemoAccounts(handle.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    STATIC_DIR: '/nonexistent',
    BRAND_CACHE_MS: '0',
    HUMAN_CHECK_COST: '1',
    ...options.env,
  });
  const app = await buildApp({
    config,
    db: handle.db,
    countryLookup: options.countryLookup ?? null,
    outboxView: true,
  });
  await app.ready();
  return {
    app,
    handle,
    async close() {
      await app.close();
      await handle.close();
      await dropDatabase?.();
    },
  };
}

/** Reads an envelope answer. */
export function body<T = unknown>(res: { json(): unknown }) {
  return res.json() as { success: boolean; code: string; message: string; value: T };
}

/** Creates an empty database beside the one TEST_DATABASE_URL names, and a way to drop it. */
export async function createScratchDatabase(baseUrl: string) {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    async dropDatabase() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Solves the human check as the browser widget does, returning the payload a form sends. */
export async function solveHumanCheck(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ url: '/api/human-check/challenge' });
  const challenge = (res.json() as { value: Challenge }).value;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
