/**
 * Takes what only a demo may have out of a database, so production can start on it: the demo logins
 * (members and operators, whose passwords are public) are disabled and their sessions ended, and the
 * simulated payment gateway is switched off. Money and records stay as they are.
 *   npm run demo:remove
 */
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { removeDemo } from '../server/db/seed/install';

const config = loadConfig();
const handle = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.dataDir,
});
await handle.migrate();
const before = await removeDemo(handle.db);
await handle.close();
console.log(
  before.length > 0
    ? `removed: ${before.join('; ')}. Production can start on this database.`
    : 'nothing of the demo was left: production can start on this database.',
);
