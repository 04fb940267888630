import type { ChildProcess } from 'node:child_process';
import { buildApp } from './app';
import { assertProductionSettings, loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareInstallation } from './db/seed/install';
import { demoProviderPublicUrl, startDemoProvider } from './demo-provider';
import { masterBox, resolveMasterKey } from './lib/master-key';
import { MasterKeyMismatchError } from './lib/secrets';
import { openCountryLookup } from './modules/system/geoip';

const config = loadConfig();
try {
  assertProductionSettings(config);
} catch (error) {
  console.error(`\n  ${(error as Error).message}\n`);
  process.exit(1);
}
const handle = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.dataDir,
  poolSize: config.DATABASE_POOL_SIZE,
});
await handle.migrate();
const masterKey = resolveMasterKey(config);
let installation: Awaited<ReturnType<typeof prepareInstallation>>;
try {
  installation = await prepareInstallation(handle.db, config, masterBox(masterKey));
} catch (error) {
  console.error(`\n  ${(error as Error).message}\n`);
  await handle.close();
  process.exit(1);
}

const app = await buildApp({
  config,
  db: handle.db,
  masterKey,
  countryLookup: await openCountryLookup(config.GEOIP_DB),
  listen: handle.listen,
  jobs: true,
}).catch(async (error: unknown) => {
  if (!(error instanceof MasterKeyMismatchError)) throw error;
  console.error(`\n  ${error.message}\n`);
  await handle.close();
  process.exit(1);
});

let demoProvider: ChildProcess | null = null;
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  demoProvider?.kill('SIGTERM');
  // Stop taking requests, let those in flight finish, then release the database.
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await app.close();
  await handle.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.HOST, port: config.PORT });
const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
if (installation.demoProviderSecret) {
  demoProvider = startDemoProvider({
    port: config.DEMO_PROVIDER_PORT,
    publicUrl: demoProviderPublicUrl(config),
    operator: {
      code: 'AURORA',
      walletUrl: `http://127.0.0.1:${port}`,
      secret: installation.demoProviderSecret,
    },
    // The demo sign-in provider sends browsers back to this site's callback, at any of its addresses.
    identityClient: installation.demoIdentity && {
      ...installation.demoIdentity,
      redirectUris: [
        ...new Set(
          [
            `http://${shown}:${port}`,
            `http://127.0.0.1:${port}`,
            `http://localhost:${port}`,
            config.PUBLIC_URL,
          ]
            .filter((origin): origin is string => !!origin)
            .map((origin) => `${origin.replace(/\/+$/, '')}/api/auth/oidc/callback`),
        ),
      ],
    },
    log: app.log,
  });
}
console.log(`\n  Site ready at http://${shown}:${port}  (database: ${handle.kind}, API docs at /api/docs)\n`);
if (installation.mode === 'demo') {
  app.log.warn('DEMO MODE: public demo accounts and passwords, play money, a simulated payment gateway');
  console.log(
    [
      '  ┌─ DEMO MODE ──────────────────────────────────────────────────────────────────────────┐',
      '  │ Anyone can log in with the demo accounts and passwords printed in the README,        │',
      '  │ the payment gateway is simulated and /api/dev/outbox shows every code sent (to this  │',
      '  │ machine only). Never put real users or real money on it: see "Production mode" in    │',
      '  │ the README.                                                                          │',
      '  └──────────────────────────────────────────────────────────────────────────────────────┘',
      '',
    ].join('\n'),
  );
} else if (installation.needsFirstOperator) {
  console.log(
    '  No back-office operator yet. Create the first administrator with\n' +
      '    npm run operator:create -- <username> admin\n' +
      '  (same DATABASE_URL and MASTER_KEY), then log in at /backoffice and set up two-step verification.\n',
  );
}
