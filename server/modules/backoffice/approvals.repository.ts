import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { approvalThresholds, moneyApprovals, operators } from './backoffice.tables';

export type ApprovalRow = typeof moneyApprovals.$inferSelect;
export type ApprovalKind = ApprovalRow['kind'];
export type ApprovalStatus = ApprovalRow['status'];

/** Money actions waiting for a second operator, and each brand's threshold (the back office's tables). */
export class ApprovalsRepository {
  constructor(private readonly db: Database) {}

  async threshold(brandId: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ threshold: approvalThresholds.threshold })
      .from(approvalThresholds)
      .where(eq(approvalThresholds.brandId, brandId));
    return row?.threshold;
  }

  /** Sets the threshold; `alongside` (its audit row) commits with it. */
  async setThreshold(brandId: number, threshold: number, alongside: (tx: Database) => Promise<void>) {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(approvalThresholds)
        .values({ brandId, threshold })
        .onConflictDoUpdate({
          target: approvalThresholds.brandId,
          set: { threshold, updatedAt: sql`now()` },
        });
      await alongside(tx as unknown as Database);
    });
  }

  /**
   * Files a request, or finds the one it repeats: the same operator's request id, or (for a withdrawal
   * or deposit) the request already waiting on it. `alongside` (its audit row) runs only for a new row.
   */
  async file(
    row: typeof moneyApprovals.$inferInsert,
    alongside: (tx: Database, saved: ApprovalRow) => Promise<void>,
  ): Promise<{ row: ApprovalRow; created: boolean }> {
    const created = await this.db.transaction(async (tx) => {
      const [saved] = await tx.insert(moneyApprovals).values(row).onConflictDoNothing().returning();
      if (saved) await alongside(tx as unknown as Database, saved);
      return saved;
    });
    if (created) return { row: created, created: true };
    const [mine] = await this.db
      .select()
      .from(moneyApprovals)
      .where(
        and(eq(moneyApprovals.requestedBy, row.requestedBy), eq(moneyApprovals.requestId, row.requestId)),
      );
    if (mine) return { row: mine, created: false };
    const [waiting] = await this.db
      .select()
      .from(moneyApprovals)
      .where(
        and(
          eq(moneyApprovals.brandId, row.brandId),
          eq(moneyApprovals.kind, row.kind),
          eq(moneyApprovals.target, row.target),
          eq(moneyApprovals.status, 'pending'),
        ),
      );
    // Decided between the insert and this read: the caller asks again.
    if (!waiting) return this.file(row, alongside);
    return { row: waiting, created: false };
  }

  async byId(brandId: number, id: number) {
    const [row] = await this.db
      .select()
      .from(moneyApprovals)
      .where(and(eq(moneyApprovals.brandId, brandId), eq(moneyApprovals.id, id)));
    return row;
  }

  /** Every request waiting on a withdrawal or deposit of the brand: target → approval id. */
  async pendingTargets(brandId: number, kind: ApprovalKind) {
    const rows = await this.db
      .select({ id: moneyApprovals.id, target: moneyApprovals.target })
      .from(moneyApprovals)
      .where(
        and(
          eq(moneyApprovals.brandId, brandId),
          eq(moneyApprovals.kind, kind),
          eq(moneyApprovals.status, 'pending'),
        ),
      );
    return new Map(rows.map((r) => [r.target, r.id]));
  }

  /** The brand's requests of one status, newest first, with who asked and who decided. */
  async list(brandId: number, status: ApprovalStatus, limit: number) {
    return this.named()
      .where(and(eq(moneyApprovals.brandId, brandId), eq(moneyApprovals.status, status)))
      .orderBy(desc(moneyApprovals.createdAt))
      .limit(limit);
  }

  /** One request with who asked and who decided. */
  async withNames(brandId: number, id: number) {
    const [row] = await this.named().where(
      and(eq(moneyApprovals.brandId, brandId), eq(moneyApprovals.id, id)),
    );
    return row;
  }

  private named() {
    const decider = sql<
      string | null
    >`(select o.username from operators o where o.id = ${moneyApprovals.decidedBy})`;
    return this.db
      .select({ approval: moneyApprovals, requester: operators.username, decider })
      .from(moneyApprovals)
      .innerJoin(operators, eq(operators.id, moneyApprovals.requestedBy))
      .$dynamic();
  }

  /**
   * Marks a waiting request decided, inside `tx` (the transaction of the money it lets move); false when
   * it was not waiting any more (another operator decided it first).
   */
  async decide(
    tx: Database,
    id: number,
    decision: {
      status: 'approved' | 'rejected';
      by: number;
      reason: string | null;
      result?: Record<string, unknown>;
    },
  ) {
    const rows = await tx
      .update(moneyApprovals)
      .set({
        status: decision.status,
        decidedBy: decision.by,
        decidedAt: sql`now()`,
        decisionReason: decision.reason,
        result: decision.result ?? null,
      })
      .where(and(eq(moneyApprovals.id, id), eq(moneyApprovals.status, 'pending')))
      .returning({ id: moneyApprovals.id });
    return rows.length === 1;
  }

  /** Runs `work` in one transaction (a rejection and its audit row). */
  transaction<T>(work: (tx: Database) => Promise<T>) {
    return this.db.transaction((tx) => work(tx as unknown as Database));
  }

  /** What the action answered, once it ran (kept for a retried approval). */
  async setResult(tx: Database, id: number, result: Record<string, unknown>) {
    await tx.update(moneyApprovals).set({ result }).where(eq(moneyApprovals.id, id));
  }
}
