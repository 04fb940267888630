import type { Database } from '../../db/client';

/** One operator change as the audit trail keeps it: what, on what, why, and the values before and after. */
export interface AuditRecord {
  action: string;
  /** The member, operator, setting or object changed (a username, a code, a reference). */
  target?: string | undefined;
  /** The operator's reason, where the action asks for one. */
  reason?: string | undefined;
  before?: unknown;
  after?: unknown;
  /** Anything else worth keeping (never a secret). */
  detail?: Record<string, unknown>;
}

/**
 * The port the back-office module gives every module's back-office service: writes the record, stamped
 * with the operator, the brand and the address, inside `tx`, the transaction of the change it records,
 * so the change and its row commit together or not at all.
 */
export type WithAudit = (tx: Database, record: AuditRecord) => Promise<void>;
