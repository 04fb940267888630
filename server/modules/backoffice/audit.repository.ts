import { and, desc, eq, gte, ilike, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
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

  /** The brand's entries and the installation's own that match, newest first, a page at a time. */
  async search(
    brandId: number,
    filter: {
      operator?: string | undefined;
      target?: string | undefined;
      action?: string | undefined;
      from?: Date | undefined;
      to?: Date | undefined;
      before?: number | undefined;
    },
    limit: number,
  ) {
    const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where: Array<SQL | undefined> = [
      or(eq(auditLog.brandId, brandId), isNull(auditLog.brandId)),
      filter.operator ? eq(operators.username, filter.operator.toLowerCase()) : undefined,
      filter.target ? ilike(auditLog.target, like(filter.target)) : undefined,
      filter.action ? eq(auditLog.action, filter.action) : undefined,
      filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
      filter.to ? lte(auditLog.createdAt, filter.to) : undefined,
      filter.before ? lt(auditLog.id, filter.before) : undefined,
    ];
    return this.db
      .select({ entry: auditLog, operator: operators.username })
      .from(auditLog)
      .leftJoin(operators, eq(operators.id, auditLog.operatorId))
      .where(and(...where))
      .orderBy(desc(auditLog.id))
      .limit(limit);
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
