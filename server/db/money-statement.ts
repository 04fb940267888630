import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/** The `out` value of a `SELECT fn(...) AS out` statement. */
export const outOf = <T>(result: unknown) => (result as { rows: Array<{ out: T }> }).rows[0]!.out;

/**
 * Runs a money function's statement and, when given, what must commit with it (an operator's audit row)
 * in the same transaction: both or neither. `alongside` is skipped when the function answers a replay.
 */
export async function runWithAlongside<T extends { replayed: boolean }>(
  db: Database,
  statement: SQL,
  alongside?: (tx: Database, out: T) => Promise<void>,
): Promise<T> {
  if (!alongside) return outOf<T>(await db.execute(statement));
  return db.transaction(async (tx) => {
    const out = outOf<T>(await tx.execute(statement));
    if (!out.replayed) await alongside(tx as unknown as Database, out);
    return out;
  });
}
