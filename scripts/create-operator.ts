/**
 * Creates a back-office operator on the configured database and prints a generated password once:
 *   npm run operator:create -- <username> <admin|finance|support|content|risk>
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../server/config';
import { operators } from '../server/db/schema';
import { hashPassword } from '../server/modules/accounts/credentials';
import {
  BUILT_IN_ROLES,
  movesMoney,
  BUILT_IN_ROLE_CODES as OPERATOR_ROLES,
  type BuiltInRole as OperatorRole,
} from '../src/api/contract/permissions';
import { openConfiguredDatabase } from './configured-database';

const [username, role] = process.argv.slice(2);
if (!username || !/^[a-z0-9_.-]{3,64}$/.test(username) || !OPERATOR_ROLES.includes(role as OperatorRole)) {
  console.error('usage: npm run operator:create -- <username> <admin|finance|support|content|risk>');
  process.exit(2);
}
const config = loadConfig();
const handle = await openConfiguredDatabase(config);
const password = randomBytes(12).toString('base64url');
const created = await handle.db
  .insert(operators)
  .values({ username, passwordHash: await hashPassword(password), role: role as OperatorRole })
  .onConflictDoNothing()
  .returning({ id: operators.id });
await handle.close();
if (created.length === 0) {
  console.error(`operator ${username} already exists`);
  process.exit(1);
}
console.log(`operator ${username} (${role}) created; password, shown once: ${password}`);
if (movesMoney(BUILT_IN_ROLES[role as OperatorRole])) {
  console.log('At the first login at /backoffice they scan a QR code to turn on two-step verification.');
}
