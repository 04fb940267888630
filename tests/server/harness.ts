import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type DatabaseHandle, openDatabase } from '../../server/db/client';
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
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    STATIC_DIR: '/nonexistent',
    BRAND_CACHE_MS: '0',
    ...options.env,
  });
  const app = await buildApp({ config, db: handle.db, countryLookup: options.countryLookup ?? null });
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
