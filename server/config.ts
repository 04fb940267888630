import path from 'node:path';
import { z } from 'zod';
import { isTimeZone } from './lib/brand-days';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  /** Connections to PostgreSQL per process. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(16),
  /**
   * Vendor bets and wins that arrive together go to the database as one statement and one commit, up to
   * this many (1 sends each alone). Players are spread over LEDGER_BATCH_PARALLEL lanes, each running one
   * batch at a time.
   */
  LEDGER_BATCH_MAX: z.coerce.number().int().min(1).max(500).default(32),
  LEDGER_BATCH_PARALLEL: z.coerce.number().int().min(1).max(64).default(2),
  DATA_DIR: z.string().default('./data'),
  /**
   * Rebate counts rounds settled at least this long ago, so a round whose settling transaction was still
   * committing when a claim was read is counted by the next claim instead of being skipped.
   */
  REBATE_DELAY_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  /** In-house game bets (and mines moves) per address and minute: auto-bet sends one per answer. */
  ORIGINALS_BETS_PER_MINUTE: z.coerce.number().int().positive().default(1_200),
  /** Lottery slips a member's address may place per minute. */
  LOTTERY_SLIPS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Sports slips one member may send a minute. */
  SPORTS_SLIPS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Crash: how long a round takes bets, the pause after a crash, and rounds per hash chain. */
  CRASH_BETTING_MS: z.coerce.number().int().min(1_000).max(60_000).default(7_000),
  CRASH_PAUSE_MS: z.coerce.number().int().min(500).max(60_000).default(3_000),
  CRASH_CHAIN_LENGTH: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
  /**
   * Where a new crash chain's salt comes from: 'operator' (announced and entered in the back office;
   * production's default) or 'lottery' (the numbers of the brand's own next draw; the demo's default).
   */
  CRASH_SALT_SOURCE: z.enum(['operator', 'lottery']).optional(),
  /**
   * The built-in match simulator (docs/sports.md): 'on' schedules and plays matches of real competitions
   * for the sportsbook (the demo's default), 'off' leaves the book to the operator and a real feed
   * (production's default).
   */
  SPORTS_SIMULATOR: z.enum(['on', 'off']).optional(),
  /** Match seconds the simulator plays per real second: 6 plays 90 minutes in 15. */
  SPORTS_SIM_SPEED: z.coerce.number().min(1).max(600).default(6),
  /** Minutes between two simulated matches of one competition, for every competition (walks use 2). */
  SPORTS_SIM_CADENCE_MINUTES: z.coerce.number().int().min(1).max(240).optional(),
  /** How often a process asks whether the lottery draw that salts a waiting chain has been drawn. */
  CRASH_SALT_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** How long a game vendor has to answer a launch before the member is told it is unavailable. */
  VENDOR_LAUNCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  /**
   * The demo game provider (provider/): `npm start` runs it beside the site unless DEMO_PROVIDER=false,
   * and the demo seed connects it as the demo brand's vendors at DEMO_PROVIDER_URL.
   */
  DEMO_PROVIDER: z
    .string()
    .optional()
    .transform((v) => v === undefined || !['false', '0', 'no'].includes(v)),
  DEMO_PROVIDER_PORT: z.coerce.number().int().min(0).max(65535).default(7070),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which proxies in front may name the visitor in X-Forwarded-For. `true` trusts one hop (the reverse
   * proxy right in front: the address it saw), a number that many hops, or a list of proxy addresses and
   * CIDR ranges. Never the whole header: its left-most entries are whatever the client wrote.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): boolean | number | string => {
      if (v === undefined || v === '' || v === 'false' || v === '0' || v === 'no') return false;
      if (v === 'true' || v === 'yes') return 1;
      if (/^\d+$/.test(v)) return Number(v);
      if (/^[0-9a-fA-F.:/, ]+$/.test(v)) return v;
      ctx.addIssue({ code: 'custom', message: 'true, false, a number of hops, or proxy addresses/CIDRs' });
      return false;
    }),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  GEOIP_DB: z.string().optional(),
  /**
   * 'demo' seeds the demo brand with public accounts and passwords, its simulated payment gateway and the
   * outbox view; 'production' never does, and refuses to start with any of them or without MASTER_KEY.
   * Unset: demo on the embedded database (the two-command experience), production with DATABASE_URL.
   */
  SITE_MODE: z.enum(['demo', 'production']).optional(),
  /**
   * The key that encrypts this installation's own secrets and vendor secrets at rest: 32 random bytes in
   * base64 or hex (`openssl rand -base64 32`). Required in production; in demo mode one is generated into
   * DATA_DIR/master.key when unset.
   */
  MASTER_KEY: z
    .string()
    .regex(/^(?:[A-Za-z0-9+/_-]{43,}={0,2}|[0-9a-fA-F]{64,})$/, 'must be 32 random bytes in base64 or hex')
    .optional(),
  /**
   * The address visitors use (https://bet.example.com). With https, cookies are marked Secure whatever
   * proxy stands in front; the first brand of a new production database takes its host.
   */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Shows the SMS and email outbox at /api/dev/outbox (to loopback callers only) so a demo or a test can
   * read the codes it sent. Unset: on in demo mode. Refused in production.
   */
  OUTBOX_VIEW: z.enum(['true', 'false']).optional(),
  /** The first brand of a new production database: its name and currency (ISO 4217). */
  BRAND_NAME: z.string().min(1).max(80).default('My Site'),
  BRAND_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('BRL'),
  /** Its time zone (IANA): where its days, reports' and contracts' pay periods, begin. */
  BRAND_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'an IANA time zone, such as America/Sao_Paulo')
    .default('America/Sao_Paulo'),
  /**
   * Whether admin and finance operators must have two-step verification to use the back office. Unset:
   * required in production, optional in the demo (whose operators' passwords are public anyway).
   */
  OPERATOR_TWO_FACTOR: z.enum(['required', 'optional']).optional(),
  /**
   * Whether this process runs the scheduled and background jobs (server/jobs). Every process may: each job
   * runs once across all of them. `false` makes a process that only answers requests.
   */
  JOBS: z.enum(['true', 'false']).default('true'),
  /** How often an idle job worker asks for work, in seconds. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** SMS a brand may send per hour before sending stops and operators are alerted. */
  SMS_HOURLY_BUDGET: z.coerce.number().int().min(1).default(300),
  /** Puts every brand in maintenance (status 1) whatever the database says: for deploys and incidents. */
  MAINTENANCE_MODE: booleanFlag,
  STATIC_DIR: z.string().default('./dist'),
  /**
   * Whether login, registration and password bodies must arrive sealed (spec 'enc'). Browsers can only
   * seal on https or localhost; 'optional' also accepts plain JSON, for sites served over plain http.
   */
  ENCRYPTED_BODIES: z.enum(['required', 'optional']).default('required'),
  /** Hours a login lasts. */
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24),
  /**
   * How often an open member socket checks that its login still holds; one ended elsewhere (a logout, a
   * password change, a disabled account) is closed within this time.
   */
  SOCKET_SESSION_CHECK_MS: z.coerce.number().int().min(100).default(30_000),
  /** PBKDF2 iterations per attempt of the human check; the browser needs about 256 attempts. */
  HUMAN_CHECK_COST: z.coerce.number().int().min(1).default(5_000),
  /** How long brand settings and site content are cached per process; operator edits show up within this time. */
  BRAND_CACHE_MS: z.coerce.number().int().min(0).default(5_000),
});

export type SiteMode = 'demo' | 'production';

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  staticDir: string;
  /** SITE_MODE resolved: demo on the embedded database unless told otherwise, production on a server. */
  mode: SiteMode;
  /** Whether /api/dev/outbox answers (loopback callers only). */
  outboxView: boolean;
  /** Cookies carry Secure when the public address is https. */
  secureCookies: boolean;
  /** Admin and finance operators need two-step verification. */
  operatorTwoFactor: boolean;
};

/** Parses the environment once; a bad variable stops the process with a readable list of problems. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const data = parsed.data;
  const mode: SiteMode = data.SITE_MODE ?? (data.DATABASE_URL ? 'production' : 'demo');
  const outboxView = data.OUTBOX_VIEW ? data.OUTBOX_VIEW === 'true' : mode === 'demo';
  return {
    ...data,
    dataDir: path.resolve(data.DATA_DIR),
    staticDir: path.resolve(data.STATIC_DIR),
    mode,
    outboxView,
    secureCookies: data.PUBLIC_URL?.startsWith('https:') ?? false,
    operatorTwoFactor:
      (data.OPERATOR_TWO_FACTOR ?? (mode === 'production' ? 'required' : 'optional')) === 'required',
  };
}

/**
 * What stops a production server from starting (the command-line tools need neither): a missing master
 * key, the outbox view, which shows every code and password the site sends, or the match simulator, whose
 * matches are drawn as they play and are not provably fair: real money is never staked on them.
 */
export function assertProductionSettings(config: Config) {
  if (config.mode !== 'production') return;
  const problems = [
    ...(config.MASTER_KEY ? [] : ['  MASTER_KEY: required in production (openssl rand -base64 32)']),
    ...(config.outboxView
      ? ['  OUTBOX_VIEW: the outbox view shows codes and passwords; never in production']
      : []),
    ...(config.SPORTS_SIMULATOR === 'on'
      ? [
          "  SPORTS_SIMULATOR: simulated matches are for the demo; a real book takes the operator's and a feed's",
        ]
      : []),
  ];
  if (problems.length > 0) {
    throw new Error(`Invalid configuration for SITE_MODE=production:\n${problems.join('\n')}`);
  }
}
