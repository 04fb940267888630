/** npm run ledger:check: verifies the ledger's invariants on the configured database; exits 1 with a report. */
import { loadConfig } from '../server/config';
import { checkLedger } from '../server/modules/ledger/ledger.check';
import { openConfiguredDatabase } from './configured-database';

const config = loadConfig();
const handle = await openConfiguredDatabase(config);
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
