/**
 * Takes what only a demo may have out of a database, so production can start on it: the demo logins
 * (members and operators, whose passwords are public) are disabled and their sessions ended, and the
 * simulated payment gateway is switched off. Money and records stay as they are.
 *   npm run demo:remove
 */
import { loadConfig } from '../server/config';
import { removeDemo } from '../server/db/seed/install';
import { openConfiguredDatabase } from './configured-database';

const config = loadConfig();
const handle = await openConfiguredDatabase(config);
const before = await removeDemo(handle.db);
await handle.close();
console.log(
  before.length > 0
    ? `removed: ${before.join('; ')}. Production can start on this database.`
    : 'nothing of the demo was left: production can start on this database.',
);
