import { defineConfig, devices } from '@playwright/test';

/*
 * Every worker starts its own servers on fresh databases (e2e/worker-server.ts, through the fixtures of
 * e2e/fixtures.ts): its site on PGlite, and on first use its site in maintenance mode and, with
 * TEST_DATABASE_URL (as in CI), its site on a fresh PostgreSQL database. So the seeded demo brand is
 * exactly what the walks expect, and two workers never share a database.
 *
 * Ports: E2E_PORT (4310) + 3 × the worker's number, +1 and +2 for the other two servers, each with its
 * demo game provider 100 above. The runner names the run for its workers' data directories.
 */
process.env.E2E_RUN_ID ??= String(process.pid);

/** Two workers in CI (a 2-core machine: one walk waits on the server while the other runs); PW_WORKERS overrides. */
const workers = process.env.PW_WORKERS ? Number(process.env.PW_WORKERS) : process.env.CI ? 2 : 1;

export default defineConfig({
  testDir: 'e2e',
  // A file's walks run in order in one worker (they may build on each other); files run side by side.
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  // Playwright empties its output folder at start; keep it apart from the other runners' results.
  outputDir: 'test-results/playwright',
  use: {
    // baseURL is this worker's own server (e2e/fixtures.ts).
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
});
