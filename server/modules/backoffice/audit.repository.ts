import { desc, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog, operators } from './backoffice.tables';

export interface AuditEntry {
  operatorId: number | null;
  brandId: number | null;
  action: string;
  target?: string | undefined;
  detail?: Record<string, unknown>;
  ip: string | null;
}

/** The append-only audit trail (a trigger refuses updates and deletes). */
export class AuditRepository {
  constructor(private readonly db: Database) {}

  /**
   * Writes one entry; `executor` is the transaction of the action it records when there is one, so the
   * action and its entry commit together or not at all.
   */
  async insert(entry: AuditEntry, executor: Database = this.db) {
    await executor.insert(auditLog).values({
      operatorId: entry.operatorId,
      brandId: entry.brandId,
      action: entry.action,
      target: entry.target ?? null,
      detail: entry.detail ?? {},
      ip: entry.ip,
    });
  }

  /** The brand's entries and the installation's own, newest first. */
  async trail(brandId: number, limit: number) {
    return this.db
      .select({ entry: auditLog, operator: operators.username })
      .from(auditLog)
      .leftJoin(operators, eq(operators.id, auditLog.operatorId))
      .where(or(eq(auditLog.brandId, brandId), isNull(auditLog.brandId)))
      .orderBy(desc(auditLog.id))
      .limit(limit);
  }
}
