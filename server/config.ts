import path from 'node:path';
import { z } from 'zod';

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag,
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  GEOIP_DB: z.string().optional(),
  DEMO_SEED: booleanFlag,
  /**
   * Shows the SMS and email outbox at /api/dev/outbox so a demo or a test can read the codes it sent.
   * Unset: on for the embedded database (the demo), off with DATABASE_URL. Never turn it on with real users.
   */
  OUTBOX_VIEW: z.enum(['true', 'false']).optional(),
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

export type Config = z.infer<typeof configSchema> & { dataDir: string; staticDir: string };

/** Parses the environment once; a bad variable stops the process with a readable list of problems. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return {
    ...parsed.data,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    staticDir: path.resolve(parsed.data.STATIC_DIR),
  };
}
