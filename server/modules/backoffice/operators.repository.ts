import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
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
