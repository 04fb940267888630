/** npm run ledger:check: verifies the ledger's invariants on the configured database; exits 1 with a report. */
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { checkLedger } from '../server/modules/ledger/ledger.check';

const config = loadConfig();
const handle = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.dataDir,
});
await handle.migrate();
const report = await checkLedger(handle.db);
await handle.close();
const { accounts, transactions, entries } = report.counts;
console.log(`ledger: ${accounts} accounts, ${transactions} transactions, ${entries} postings`);
if (report.ok) {
  console.log('ledger: every invariant holds');
} else {
  console.error(`ledger: ${report.problems.length} problem(s)`);
  for (const problem of report.problems) console.error(`  - ${problem}`);
  process.exit(1);
}
