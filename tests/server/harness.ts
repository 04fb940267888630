import { randomBytes } from 'node:crypto';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { z } from 'zod';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type DatabaseHandle, openDatabase } from '../../server/db/client';
import { brands, members } from '../../server/db/schema';
import { prepareInstallation } from '../../server/db/seed/install';
import { masterBox } from '../../server/lib/master-key';
import { SecretBox } from '../../server/lib/secret-box';
import { installationSecret } from '../../server/lib/secrets';
import { Ledger } from '../../server/modules/ledger/ledger';
import type { CountryLookup } from '../../server/modules/system/region';
import { VendorWalletService } from '../../server/modules/wallet/vendor-wallet.service';
import { WalletRepository } from '../../server/modules/wallet/wallet.repository';
import { WalletService } from '../../server/modules/wallet/wallet.service';
import { endpoints } from '../../src/api/endpoints';

export type DatabaseKind = 'pglite' | 'postgres';

/** Every server test runs on the embedded database, and on PostgreSQL too when CI provides one. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

type Endpoint = keyof typeof endpoints;
type Part<N extends Endpoint, K extends 'body' | 'query'> =
  (typeof endpoints)[N] extends Record<K, infer S> ? (S extends z.ZodType ? z.input<S> : never) : never;

/** A typed call of one endpoint of the wire contract, as a client would make it. */
export interface CallOptions<N extends Endpoint> {
  body?: Part<N, 'body'>;
  query?: Part<N, 'query'>;
  token?: string;
  /** The caller's address (each test picks its own, so per-address limits stay apart). */
  ip?: string;
  language?: 'pt' | 'en';
  headers?: Record<string, string>;
}

export interface CallAnswer<N extends Endpoint> {
  status: number;
  success: boolean;
  code: string;
  message: string;
  value: z.output<(typeof endpoints)[N]['value']>;
}

export interface TestContext {
  app: FastifyInstance;
  handle: DatabaseHandle;
  masterKey: Buffer;
  /** Calls an endpoint by its contract name: `ctx.call('requestWithdrawal', { body, token })`. */
  call<N extends Endpoint>(name: N, options?: CallOptions<N>): Promise<CallAnswer<N>>;
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
  const masterKey = randomBytes(32);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    STATIC_DIR: '/nonexistent',
    BRAND_CACHE_MS: '0',
    HUMAN_CHECK_COST: '1',
    // Most files send plain bodies; sealed-body.test.ts checks the sealed ones with this 'required'.
    ENCRYPTED_BODIES: 'optional',
    // The tests read codes from the demo's outbox view; a file may ask for production with SITE_MODE.
    SITE_MODE: 'demo',
    MASTER_KEY: masterKey.toString('base64'),
    ...options.env,
  });
  await prepareInstallation(handle.db, config, masterBox(masterKey));
  const app = await buildApp({
    config,
    db: handle.db,
    masterKey,
    countryLookup: options.countryLookup ?? null,
    listen: handle.listen,
  });
  await app.ready();
  return {
    app,
    handle,
    masterKey,
    call: (name, options) => callEndpoint(app, name, options),
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

/** Puts money in a member's main wallet as a deposit would: clearing → main, once per key. */
export async function fundMember(ctx: TestContext, username: string, amount: number) {
  const db = ctx.handle.db;
  const ledger = new Ledger(db);
  const [brand] = await db.select().from(brands).where(eq(brands.isDefault, true));
  const [member] = await db.select().from(members).where(eq(members.username, username));
  const main = await ledger.memberAccount(brand!.id, member!.id, 'main', brand!.currency);
  const clearing = await ledger.houseAccount(brand!.id, 'clearing', brand!.currency);
  await ledger.post({
    brandId: brand!.id,
    key: `test:fund:${username}:${amount}`,
    kind: 'deposit',
    postings: [
      { accountId: clearing, amount: -amount },
      { accountId: main, amount },
    ],
  });
  return { brandId: brand!.id, memberId: member!.id, main };
}

/** Logs a member in (from a known address) and returns the session token. */
export async function loginMember(ctx: TestContext, username: string, password: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username, password, humanCheck: await solveHumanCheck(ctx.app) },
  });
  return body<{ token: string }>(res).value.token;
}

/** One call of the contract through the app, with the envelope unpacked and the status kept. */
export async function callEndpoint<N extends Endpoint>(
  app: FastifyInstance,
  name: N,
  options: CallOptions<N> = {},
): Promise<CallAnswer<N>> {
  const endpoint = endpoints[name];
  const query = options.query
    ? `?${new URLSearchParams(
        Object.entries(options.query as Record<string, unknown>)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      )}`
    : '';
  const res = await app.inject({
    method: endpoint.method,
    url: `${endpoint.path}${query}`,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.language ? { 'accept-language': options.language } : {}),
      ...options.headers,
    },
  });
  return { status: res.statusCode, ...(res.json() as Omit<CallAnswer<N>, 'status'>) };
}

let memberSeq = 0;

/**
 * A member of the test's own, registered through the API from `ip` (so its logins from there need no
 * new-address code); no demo account is touched.
 */
export async function newMember(
  ctx: TestContext,
  options: { ip?: string; password?: string; email?: string; prefix?: string } = {},
) {
  const username = `${options.prefix ?? 'm'}${process.pid % 1000}x${++memberSeq}`.slice(0, 16);
  const password = options.password ?? 'Secret123';
  const ip = options.ip ?? `10.90.${memberSeq % 250}.1`;
  const res = await ctx.call('register', {
    ip,
    body: {
      username,
      password,
      confirmPassword: password,
      acceptTerms: true,
      humanCheck: await solveHumanCheck(ctx.app),
      ...(options.email ? { email: options.email } : {}),
    } as never,
  });
  if (res.status !== 200) throw new Error(`newMember: ${res.code} ${res.message}`);
  return { username, password, ip, token: (res.value as { token: string }).token };
}

/**
 * Connects a game vendor to the default brand as an operator would, returning the signing secret the
 * vendor gets once.
 */
export async function connectVendor(ctx: TestContext, vendor = 'BGS'): Promise<string> {
  const db = ctx.handle.db;
  const ledger = new Ledger(db);
  const repo = new WalletRepository(db);
  const vendors = new VendorWalletService(
    ledger,
    new WalletService(ledger, repo),
    repo,
    new SecretBox(await installationSecret(db, masterBox(ctx.masterKey), 'sealed-secrets-key')),
  );
  const [brand] = await db.select().from(brands).where(eq(brands.isDefault, true));
  return (await vendors.connect(brand!.id, vendor))!;
}
