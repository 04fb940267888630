import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoAccounts } from './db/seed/demo-accounts';
import { seedDemoOperators } from './db/seed/demo-operators';
import { seedDemoPayments } from './db/seed/demo-payments';
import { seedDemoBrand, shouldSeedDemo } from './db/seed/seed';
import { openCountryLookup } from './modules/system/geoip';

const config = loadConfig();
const handle = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.dataDir,
  poolSize: config.DATABASE_POOL_SIZE,
});
await handle.migrate();
if (await shouldSeedDemo(handle.db, handle.kind, config.DEMO_SEED)) {
  await seedDemoBrand(handle.db);
  // The demo's simulated payment gateway belongs to the demo brand only.
  await seedDemoPayments(handle.db);
}
// Demo logins exist only where nobody runs real money: the embedded database, or on request.
if (handle.kind === 'pglite' || config.DEMO_SEED) {
  await seedDemoAccounts(handle.db);
  await seedDemoOperators(handle.db);
}

const app = await buildApp({
  config,
  db: handle.db,
  countryLookup: await openCountryLookup(config.GEOIP_DB),
  outboxView: config.OUTBOX_VIEW ? config.OUTBOX_VIEW === 'true' : handle.kind === 'pglite',
  listen: handle.listen,
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
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
console.log(`\n  Site ready at http://${shown}:${port}  (database: ${handle.kind}, API docs at /api/docs)\n`);
