import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Each run gets fresh embedded databases, so the seeded demo brand is exactly what the tests expect.
const runDir = path.join(os.tmpdir(), `e2e-${process.env.E2E_RUN_ID ?? process.pid}`);
const MAIN_PORT = Number(process.env.E2E_PORT ?? 4310);
const MAINTENANCE_PORT = MAIN_PORT + 1;

/**
 * With TEST_DATABASE_URL (as in CI), a third server runs on PostgreSQL; tests that read its database
 * find it in E2E_DATABASE_URL and its address in E2E_POSTGRES_URL.
 */
const POSTGRES_PORT = MAIN_PORT + 2;
if (process.env.TEST_DATABASE_URL && !process.env.E2E_DATABASE_URL) {
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = '/e2e_postgres';
  process.env.E2E_DATABASE_URL = url.toString();
  process.env.E2E_POSTGRES_URL = `http://127.0.0.1:${POSTGRES_PORT}`;
}

const server = (
  port: number,
  name: string,
  env: Record<string, string> = {},
  command = 'npx tsx server/main.ts',
) => ({
  command,
  url: `http://127.0.0.1:${port}/wps/system/status`,
  reuseExistingServer: false,
  timeout: 90_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(runDir, name),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    RATE_LIMIT_MAX: '100000',
    BRAND_CACHE_MS: '0',
    // An open page hears within a second that its login ended elsewhere.
    SOCKET_SESSION_CHECK_MS: '1000',
    // Each server runs its own demo game provider, beside it.
    DEMO_PROVIDER_PORT: String(port + 100),
    // Live tables deal every few seconds instead of every half minute.
    PROVIDER_TIMING_SCALE: '0.4',
    // Crash rounds take bets for 3 s instead of 7, so a walk waits less between rounds.
    CRASH_BETTING_MS: '3000',
    ...env,
  },
});

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  // Playwright empties its output folder at start; keep it apart from the other runners' results.
  outputDir: 'test-results/playwright',
  use: {
    baseURL: `http://127.0.0.1:${MAIN_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      testMatch: /layout\.spec\.ts/,
    },
  ],
  webServer: [
    server(MAIN_PORT, 'main'),
    // Also where operators must enrol in two-step verification, as in production.
    server(MAINTENANCE_PORT, 'maintenance', {
      MAINTENANCE_MODE: 'true',
      OPERATOR_TWO_FACTOR: 'required',
      DEMO_PROVIDER: 'false',
    }),
    ...(process.env.E2E_DATABASE_URL
      ? [server(POSTGRES_PORT, 'postgres', {}, 'npx tsx scripts/e2e-postgres-server.ts')]
      : []),
  ],
  metadata: { maintenanceURL: `http://127.0.0.1:${MAINTENANCE_PORT}` },
});
