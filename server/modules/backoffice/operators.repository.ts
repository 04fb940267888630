import { and, asc, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

type Alongside = (tx: Database) => Promise<void>;

import { operatorRoles, operatorSessions, operators } from './backoffice.tables';

export type OperatorRow = typeof operators.$inferSelect;

/** Operators' accounts, their two-step secrets and their sessions (apart from members'). */
export class OperatorsRepository {
  constructor(private readonly db: Database) {}

  async byUsername(username: string) {
    const [row] = await this.db.select().from(operators).where(eq(operators.username, username));
    return row;
  }

  async byId(id: number) {
    const [row] = await this.db.select().from(operators).where(eq(operators.id, id));
    return row;
  }

  /** A new session, and the operator's last login time. */
  async startSession(operatorId: number, tokenHash: string, ip: string, expiresAt: Date) {
    await this.db.insert(operatorSessions).values({ tokenHash, operatorId, ip, expiresAt });
    await this.db.update(operators).set({ lastLoginAt: sql`now()` }).where(eq(operators.id, operatorId));
  }

  async session(tokenHash: string) {
    const [found] = await this.db
      .select({ session: operatorSessions, operator: operators })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(eq(operatorSessions.tokenHash, tokenHash));
    return found;
  }

  async revokeSession(tokenHash: string) {
    await this.db
      .update(operatorSessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(operatorSessions.tokenHash, tokenHash));
  }

  /** The permissions of a brand's custom role, or undefined when it has none by that code. */
  async customRole(brandId: number, code: string): Promise<string[] | undefined> {
    const [row] = await this.db
      .select({ permissions: operatorRoles.permissions })
      .from(operatorRoles)
      .where(and(eq(operatorRoles.brandId, brandId), eq(operatorRoles.code, code)));
    return row?.permissions;
  }

  /** The brand's operators and the installation-wide ones, with their live sessions counted. */
  async list(brandId: number) {
    const live = this.db
      .select({ operatorId: operatorSessions.operatorId, n: count().as('n') })
      .from(operatorSessions)
      .where(and(isNull(operatorSessions.revokedAt), gt(operatorSessions.expiresAt, sql`now()`)))
      .groupBy(operatorSessions.operatorId)
      .as('live');
    return this.db
      .select({ operator: operators, sessions: sql<number>`coalesce(${live.n}, 0)::int` })
      .from(operators)
      .leftJoin(live, eq(live.operatorId, operators.id))
      .where(or(eq(operators.brandId, brandId), isNull(operators.brandId)))
      .orderBy(asc(operators.username));
  }

  /** Adds an operator; undefined when the username is taken. */
  async insert(row: typeof operators.$inferInsert, alongside: (tx: Database, id: number) => Promise<void>) {
    return this.db.transaction(async (tx) => {
      const [saved] = await tx.insert(operators).values(row).onConflictDoNothing().returning();
      if (saved) await alongside(tx as unknown as Database, saved.id);
      return saved;
    });
  }

  /**
   * Changes an operator and ends its sessions (its rights changed: it logs in again under them), the
   * audit row in the same transaction.
   */
  async change(
    id: number,
    set: Partial<Pick<OperatorRow, 'role' | 'status' | 'passwordHash' | 'totpSecret' | 'totpPendingSecret'>>,
    alongside: Alongside,
  ) {
    return this.db.transaction(async (tx) => {
      const [saved] = await tx.update(operators).set(set).where(eq(operators.id, id)).returning();
      await tx
        .update(operatorSessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(operatorSessions.operatorId, id), isNull(operatorSessions.revokedAt)));
      if (saved) await alongside(tx as unknown as Database);
      return saved;
    });
  }

  /** Active admins of the brand (or of every brand): the last one may not be disabled or demoted. */
  async activeAdmins(brandId: number) {
    const [row] = await this.db
      .select({ n: count() })
      .from(operators)
      .where(
        and(
          eq(operators.role, 'admin'),
          eq(operators.status, 'active'),
          or(eq(operators.brandId, brandId), isNull(operators.brandId)),
        ),
      );
    return row?.n ?? 0;
  }

  /** Live sessions of the brand's operators (or of one of them), newest first. */
  sessions(brandId: number, operatorId?: number) {
    return this.db
      .select({ session: operatorSessions, username: operators.username })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(
        and(
          isNull(operatorSessions.revokedAt),
          gt(operatorSessions.expiresAt, sql`now()`),
          or(eq(operators.brandId, brandId), isNull(operators.brandId)),
          operatorId === undefined ? undefined : eq(operators.id, operatorId),
        ),
      )
      .orderBy(desc(operatorSessions.createdAt))
      .limit(500);
  }

  /** Ends one live session named by the start of its hash, with its audit row; the ended row or undefined. */
  async revokeByPrefix(
    brandId: number,
    prefix: string,
    alongside: (tx: Database, username: string) => Promise<void>,
  ) {
    return this.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ tokenHash: operatorSessions.tokenHash, username: operators.username })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(
          and(
            sql`left(${operatorSessions.tokenHash}, 12) = ${prefix}`,
            isNull(operatorSessions.revokedAt),
            or(eq(operators.brandId, brandId), isNull(operators.brandId)),
          ),
        );
      if (!found) return undefined;
      await tx
        .update(operatorSessions)
        .set({ revokedAt: sql`now()` })
        .where(eq(operatorSessions.tokenHash, found.tokenHash));
      await alongside(tx as unknown as Database, found.username);
      return found;
    });
  }

  customRoles(brandId: number) {
    return this.db
      .select()
      .from(operatorRoles)
      .where(eq(operatorRoles.brandId, brandId))
      .orderBy(asc(operatorRoles.code));
  }

  /** Operators holding each role code. */
  async roleCounts(brandId: number) {
    const rows = await this.db
      .select({ role: operators.role, n: count() })
      .from(operators)
      .where(or(eq(operators.brandId, brandId), isNull(operators.brandId)))
      .groupBy(operators.role);
    return new Map(rows.map((r) => [r.role, r.n]));
  }

  /** Adds or changes a custom role, its audit row in the same transaction; the row before, if any. */
  async saveRole(
    row: { brandId: number; code: string; name: string; permissions: string[] },
    alongside: (tx: Database, before: typeof operatorRoles.$inferSelect | undefined) => Promise<void>,
  ) {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(operatorRoles)
        .where(and(eq(operatorRoles.brandId, row.brandId), eq(operatorRoles.code, row.code)))
        .for('update');
      await tx
        .insert(operatorRoles)
        .values(row)
        .onConflictDoUpdate({
          target: [operatorRoles.brandId, operatorRoles.code],
          set: { name: row.name, permissions: row.permissions, updatedAt: sql`now()` },
        });
      await alongside(tx as unknown as Database, before);
      return before;
    });
  }

  /** Removes a custom role nobody holds; false when it is held or does not exist. */
  async deleteRole(brandId: number, code: string, alongside: Alongside) {
    return this.db.transaction(async (tx) => {
      const [held] = await tx
        .select({ n: count() })
        .from(operators)
        .where(and(eq(operators.role, code), or(eq(operators.brandId, brandId), isNull(operators.brandId))));
      if ((held?.n ?? 0) > 0) return 'held' as const;
      const gone = await tx
        .delete(operatorRoles)
        .where(and(eq(operatorRoles.brandId, brandId), eq(operatorRoles.code, code)))
        .returning({ id: operatorRoles.id });
      if (gone.length === 0) return 'missing' as const;
      await alongside(tx as unknown as Database);
      return 'deleted' as const;
    });
  }

  /** Spends a two-step time step: true only the first time a step (or a later one) is used. */
  async spendStep(operatorId: number, step: number) {
    const spent = await this.db
      .update(operators)
      .set({ totpLastStep: step })
      .where(and(eq(operators.id, operatorId), sql`coalesce(${operators.totpLastStep}, -1) < ${step}`))
      .returning({ id: operators.id });
    return spent.length > 0;
  }

  async setPendingSecret(operatorId: number, stored: string) {
    await this.db.update(operators).set({ totpPendingSecret: stored }).where(eq(operators.id, operatorId));
  }

  /** Turns the pending secret on, if it is still the one the code was checked against. */
  async enableSecret(operatorId: number, pending: string, step: number) {
    const done = await this.db
      .update(operators)
      .set({ totpSecret: pending, totpPendingSecret: null, totpLastStep: step })
      .where(and(eq(operators.id, operatorId), eq(operators.totpPendingSecret, pending)))
      .returning({ id: operators.id });
    return done.length > 0;
  }
}
