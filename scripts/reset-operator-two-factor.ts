/**
 * Turns off an operator's two-step verification (a lost phone) and ends their sessions; where it is
 * required, their next login asks them to enrol again:
 *   npm run operator:reset-2fa -- <username>
 */
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { auditLog, operatorSessions, operators } from '../server/db/schema';
import { openConfiguredDatabase } from './configured-database';

const [username] = process.argv.slice(2);
if (!username) {
  console.error('usage: npm run operator:reset-2fa -- <username>');
  process.exit(2);
}
const config = loadConfig();
const handle = await openConfiguredDatabase(config);
const done = await handle.db.transaction(async (tx) => {
  const [operator] = await tx
    .update(operators)
    .set({ totpSecret: null, totpPendingSecret: null })
    .where(eq(operators.username, username.toLowerCase()))
    .returning({ id: operators.id });
  if (!operator) return false;
  await tx
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(operatorSessions.operatorId, operator.id));
  // The change and its audit row commit together.
  await tx.insert(auditLog).values({
    operatorId: null,
    action: 'two_factor_reset',
    target: username.toLowerCase(),
    detail: { by: 'command line' },
  });
  return true;
});
await handle.close();
if (!done) {
  console.error(`no operator ${username}`);
  process.exit(1);
}
console.log(
  `two-step verification of ${username} turned off and their sessions ended; they enrol again at the next login`,
);
