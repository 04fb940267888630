import { createHmac, randomBytes } from 'node:crypto';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { z } from 'zod';
import { type AppDeps, buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type Database, type DatabaseHandle, openDatabase } from '../../server/db/client';
import { brands, memberSessions, members, operators } from '../../server/db/schema';
import { prepareInstallation } from '../../server/db/seed/install';
import { masterBox } from '../../server/lib/master-key';
import { SecretBox } from '../../server/lib/secret-box';
import { installationSecret } from '../../server/lib/secrets';
import { AccountsRepository } from '../../server/modules/accounts/accounts.repository';
import { hashPassword, hashToken, newToken } from '../../server/modules/accounts/credentials';
import type { BackofficeMembers } from '../../server/modules/backoffice/backoffice.service';
import { BrandRepository } from '../../server/modules/brand/brand.repository';
import { BrandService } from '../../server/modules/brand/brand.service';
import { GamesRepository } from '../../server/modules/games/games.repository';
import { GamesService } from '../../server/modules/games/games.service';
import { Ledger } from '../../server/modules/ledger/ledger';
import type { WithdrawalNeighbours } from '../../server/modules/payments/withdrawals.service';
import type { CountryLookup } from '../../server/modules/system/region';
import { VendorIntegrations } from '../../server/modules/wallet/vendor-integrations.service';
import { VendorWalletService } from '../../server/modules/wallet/vendor-wallet.service';
import { WalletRepository } from '../../server/modules/wallet/wallet.repository';
import { WalletService } from '../../server/modules/wallet/wallet.service';
import type { OperatorRole } from '../../src/api/contract/backoffice';
import { endpoints } from '../../src/api/endpoints';
import { paths } from '../../src/api/paths';

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
  /** The HTTP response itself, for what the envelope does not carry (cookies, headers, raw body). */
  raw: LightMyRequestResponse;
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
  options: {
    countryLookup?: CountryLookup;
    env?: Record<string, string>;
    /** The HTTP client third-party sign-in reaches providers with (tests/server/identity.test.ts). */
    identityFetch?: AppDeps['identityFetch'];
    /** Today for the age of 18 (tests/server/kyc.test.ts). */
    clock?: AppDeps['clock'];
    /**
     * When the brand asks for the identity. Files about other things start with 'off', so their
     * withdrawals are not stopped by the identity step; the KYC tests ask for 'withdrawal'.
     */
    kycAt?: 'registration' | 'withdrawal' | 'off';
  } = {},
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
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    STATIC_DIR: '/nonexistent',
    BRAND_CACHE_MS: '0',
    HUMAN_CHECK_COST: '1',
    // Rebate counts rounds as soon as they settle (tests/server/bet-records.test.ts).
    REBATE_DELAY_SECONDS: '0',
    // Most files send plain bodies; sealed-body.test.ts checks the sealed ones with this 'required'.
    ENCRYPTED_BODIES: 'optional',
    // The tests read codes from the demo's outbox view; a file may ask for production with SITE_MODE.
    SITE_MODE: 'demo',
    MASTER_KEY: masterKey.toString('base64'),
    ...options.env,
  });
  await prepareInstallation(handle.db, config, masterBox(masterKey));
  await handle.db.update(brands).set({ kycAt: options.kycAt ?? 'off' });
  const app = await buildApp({
    config,
    db: handle.db,
    masterKey,
    countryLookup: options.countryLookup ?? null,
    listen: handle.listen,
    ...(options.identityFetch ? { identityFetch: options.identityFetch } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
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
  const res = await app.inject({ url: endpoints.humanCheck.path });
  const challenge = (res.json() as { value: Challenge }).value;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A member's handle in the tests: who it is, how it logs in, and the session its registration opened. */
export interface Member {
  id: number;
  username: string;
  password: string;
  ip: string;
  token: string;
}

let fundSeq = 0;

/**
 * Credits a member's main wallet as a credited deposit does: one ledger movement of kind `deposit` from
 * the brand's clearing account to the member's main wallet (PaymentsService.settle moves the same), so
 * balances, the account record and the ledger check see real money; no deposit row or audit row is
 * written. Each call credits again. Returns the member's id, main account and balance after the credit.
 */
export async function fund(ctx: TestContext, member: { username: string }, amount: number) {
  const db = ctx.handle.db;
  const ledger = new Ledger(db);
  const [brand] = await db.select().from(brands).where(eq(brands.isDefault, true));
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.brandId, brand!.id), eq(members.username, member.username.toLowerCase())));
  if (!row) throw new Error(`fund: no member ${member.username}`);
  const main = await ledger.memberAccount(brand!.id, row.id, 'main', brand!.currency);
  const clearing = await ledger.houseAccount(brand!.id, 'clearing', brand!.currency);
  const moved = await ledger.post({
    brandId: brand!.id,
    key: `test:fund:${process.pid}:${++fundSeq}:${row.id}`,
    kind: 'deposit',
    postings: [
      { accountId: clearing, amount: -amount },
      { accountId: main, amount },
    ],
  });
  return { brandId: brand!.id, memberId: row.id, main, balance: moved.balances[main] ?? amount };
}

/**
 * Logs a member in with its password through the contract (from its own address by default, so no
 * new-address code is asked) and returns the new session's token; throws unless the login succeeds.
 */
export async function loginMember(
  ctx: TestContext,
  member: { username: string; password: string; ip?: string },
  options: { ip?: string } = {},
) {
  const res = await ctx.call('login', {
    ...((options.ip ?? member.ip) ? { ip: options.ip ?? member.ip } : {}),
    body: {
      username: member.username,
      password: member.password,
      humanCheck: await solveHumanCheck(ctx.app),
    } as never,
  });
  if (res.status !== 200) throw new Error(`loginMember: ${res.code} ${res.message}`);
  return res.value.token;
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
  const answer = { status: res.statusCode, ...(res.json() as Omit<CallAnswer<N>, 'status' | 'raw'>) };
  // Not enumerable, so `toEqual` on an answer still compares the envelope only.
  return Object.defineProperty(answer, 'raw', { value: res, enumerable: false }) as CallAnswer<N>;
}

let memberSeq = 0;

/**
 * A member of the test's own, registered through the API from `ip` (so its logins from there need no
 * new-address code); no demo account is touched. `affiliateCode` registers it under that agent;
 * `email` and `mobile` (a Brazilian number, dialing code 55) give it channels for codes.
 */
export async function newMember(
  ctx: TestContext,
  options: {
    ip?: string;
    password?: string;
    email?: string;
    mobile?: string;
    prefix?: string;
    affiliateCode?: string;
  } = {},
): Promise<Member> {
  // The pid is padded: usernames are at least 6 characters, and `m7x1` from pid 1007 was refused.
  const username =
    `${options.prefix ?? 'm'}${String(process.pid % 1000).padStart(3, '0')}x${++memberSeq}`.slice(0, 16);
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
      ...(options.mobile ? { mobileNum: options.mobile, countryDialingCode: '55' } : {}),
      ...(options.affiliateCode ? { affiliateCode: options.affiliateCode } : {}),
    } as never,
  });
  if (res.status !== 200) throw new Error(`newMember: ${res.code} ${res.message}`);
  const [row] = await ctx.handle.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.username, username.toLowerCase()));
  return { id: row!.id, username: username.toLowerCase(), password, ip, token: res.value.token };
}

/**
 * An agent (user type 1) with its own invitation code, and `downline` members (default one) registered
 * through the API with that code, so they sit right below it in the tree. No call of the contract
 * makes an agent: an operator sets the type and code on the account, as the demo seed does, and that is
 * the one row written here.
 */
export async function newAgent(
  ctx: TestContext,
  options: { downline?: number; ip?: string; password?: string; email?: string; mobile?: string } = {},
): Promise<Member & { affiliateCode: string; downline: Member[] }> {
  const { downline: count = 1, ...rest } = options;
  const agent = await newMember(ctx, { prefix: 'agent', ...rest });
  const affiliateCode = `AG${process.pid % 1000}X${agent.id}`.toUpperCase();
  await ctx.handle.db.update(members).set({ userType: 1, affiliateCode }).where(eq(members.id, agent.id));
  const downline: Member[] = [];
  for (let i = 0; i < count; i++) downline.push(await newMember(ctx, { prefix: 'down', affiliateCode }));
  return { ...agent, affiliateCode, downline };
}

let crowdSeq = 0;

/**
 * Many members at once for load tests (a crash round's crowd): rows and one session each written straight
 * to the database, as a registration and login would leave them, without paying a password hash and a
 * human check per member. They have no password: they only ever act through their session token.
 */
export async function crowd(ctx: TestContext, count: number, prefix = 'crowd'): Promise<Member[]> {
  const db = ctx.handle.db;
  const [brand] = await db.select().from(brands).where(eq(brands.isDefault, true));
  const made = await db
    .insert(members)
    .values(
      Array.from({ length: count }, () => ({
        brandId: brand!.id,
        username: `${prefix}${process.pid % 1000}y${++crowdSeq}`.slice(0, 16).toLowerCase(),
      })),
    )
    .returning({ id: members.id, username: members.username });
  const tokens = made.map(() => newToken());
  await db.insert(memberSessions).values(
    made.map((m, i) => ({
      memberId: m.id,
      tokenHash: hashToken(tokens[i]!),
      loginType: 'password',
      expiresAt: new Date(Date.now() + 3_600_000),
    })),
  );
  return made.map((m, i) => ({
    id: m.id,
    username: m.username,
    password: '',
    ip: '10.92.0.1',
    token: tokens[i]!,
  }));
}

let operatorSeq = 0;

/**
 * A back-office operator of the test's own, created as `npm run operator:create` does (no call of the
 * contract creates operators) and logged in through the contract from `ip`. Returns its session token.
 */
export async function newOperator(
  ctx: TestContext,
  role: OperatorRole | (string & {}) = 'admin',
  options: { ip?: string; password?: string } = {},
) {
  const username = `op${process.pid % 1000}x${++operatorSeq}${role}`;
  const password = options.password ?? 'Operator12345';
  const [row] = await ctx.handle.db
    .insert(operators)
    .values({ username, passwordHash: await hashPassword(password), role })
    .returning({ id: operators.id });
  const ip = options.ip ?? `10.91.${operatorSeq % 250}.1`;
  const res = await ctx.call('operatorLogin', { ip, body: { username, password } });
  if (res.status !== 200) throw new Error(`newOperator: ${res.code} ${res.message}`);
  return { id: row!.id, username, password, role, ip, token: res.value.token };
}

/** What a WithdrawalsService built by a test asks of the brand and accounts modules, read from `db`. */
export function withdrawalNeighbours(db: Database): WithdrawalNeighbours {
  const brandService = new BrandService(new BrandRepository(db));
  const accounts = new AccountsRepository(db);
  return {
    rules: (brandId) => brandService.withdrawalRules(brandId),
    confirmMinutes: () => brandService.confirmMinutes(),
    usernames: (ids) => accounts.usernames(ids),
    savePaymentPasswordHash: (memberId, hash) => accounts.savePaymentPasswordHash(memberId, hash),
  };
}

/** What a BackofficeService built by a test asks of the accounts module, read from `db`. */
export function backofficeMembers(db: Database): BackofficeMembers {
  const accounts = new AccountsRepository(db);
  return {
    byUsername: (brandId, username) => accounts.findMember(brandId, username),
    usernames: (ids) => accounts.usernames(ids),
  };
}

/** The wallet's vendor side, built on the test database as the app builds it. */
async function vendorSide(ctx: TestContext) {
  const db = ctx.handle.db;
  const ledger = new Ledger(db);
  const repo = new WalletRepository(db);
  const box = new SecretBox(await installationSecret(db, masterBox(ctx.masterKey), 'sealed-secrets-key'));
  const vendorWallet = new VendorWalletService(
    ledger,
    new WalletService(ledger, {
      vendors: (brandId) => new GamesService(new GamesRepository(db)).activeVendors(brandId),
      member: (brandId, memberId) => new AccountsRepository(db).walletMember(brandId, memberId),
    }),
    repo,
    box,
  );
  const [brand] = await db.select().from(brands).where(eq(brands.isDefault, true));
  return { vendorWallet, integrations: new VendorIntegrations(repo, box), brandId: brand!.id };
}

/**
 * Connects a game vendor to the default brand as an operator would, returning the signing secret the
 * vendor gets once. With `launchUrl`, members can launch its games. An external vendor by default: the
 * in-house codes (BGS, the lotteries) cannot be connected.
 */
export async function connectVendor(
  ctx: TestContext,
  vendor = 'NOVA',
  options: {
    launchUrl?: string;
    secret?: string;
    opensIn?: 'page' | 'window';
    mode?: 'seamless' | 'transfer';
    trialPlay?: boolean;
  } = {},
): Promise<string> {
  const { integrations, brandId } = await vendorSide(ctx);
  const { secret } = await integrations.connect(brandId, {
    vendor,
    launchUrl: options.launchUrl ?? null,
    mode: options.mode ?? 'seamless',
    currencies: [],
    opensIn: options.opensIn ?? 'page',
    secret: options.secret,
    trialPlay: options.trialPlay ?? false,
  });
  return secret;
}

/** A vendor's wallet call (bet, win or rollback), signed with its secret as the provider sends it. */
export function vendorWalletCall(
  ctx: TestContext,
  vendor: string,
  secret: string,
  action: 'bet' | 'win' | 'rollback',
  body: object,
) {
  const raw = JSON.stringify(body);
  const name = ({ bet: 'vendorBet', win: 'vendorWin', rollback: 'vendorRollback' } as const)[action];
  return ctx.app.inject({
    method: 'POST',
    url: paths[name].path,
    headers: {
      'content-type': 'application/json',
      'x-vendor-code': vendor,
      'x-signature': createHmac('sha256', secret).update(raw).digest('hex'),
    },
    payload: raw,
  });
}

/** A launch token as a launch hands it to the vendor (the browser never sees one). */
export async function launchTokenFor(
  ctx: TestContext,
  member: { id: number },
  vendor = 'NOVA',
  gameCode?: string,
): Promise<{ token: string; playerId: string }> {
  const { vendorWallet, brandId } = await vendorSide(ctx);
  const [brand] = await ctx.handle.db.select().from(brands).where(eq(brands.id, brandId));
  return vendorWallet.issueLaunchToken(
    { id: brandId, currency: brand!.currency } as Parameters<VendorWalletService['issueLaunchToken']>[0],
    { id: member.id, userType: 0 },
    vendor,
    gameCode,
  );
}
