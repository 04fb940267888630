import type { Database } from '../../db/client';
import { LedgerRepository } from './ledger.repository';

export interface LedgerReport {
  ok: boolean;
  counts: { accounts: number; transactions: number; entries: number };
  problems: string[];
}

/** Verifies every invariant of the ledger on the database (npm run ledger:check). */
export async function checkLedger(db: Database): Promise<LedgerReport> {
  const repo = new LedgerRepository(db);
  const problems: string[] = [];
  for (const { invariant, id, detail } of await repo.invariantViolations()) {
    problems.push(`${invariant}: ${id} (${detail})`);
  }
  return { ok: problems.length === 0, counts: await repo.counts(), problems };
}
