import { and, desc, eq, gt, isNull, lt, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { smsCodes } from './accounts.tables';

/** One-time codes sent by SMS or e-mail, stored hashed. */
export class SmsCodesRepository {
  constructor(private readonly db: Database) {}

  /** When the recipient was last sent a code since `since`, if they were. */
  async lastSentSince(brandId: number, recipient: string, since: Date) {
    const [recent] = await this.db
      .select({ last: max(smsCodes.createdAt) })
      .from(smsCodes)
      .where(
        and(eq(smsCodes.brandId, brandId), eq(smsCodes.phone, recipient), gt(smsCodes.createdAt, since)),
      );
    return recent?.last ?? null;
  }

  async insert(code: typeof smsCodes.$inferInsert) {
    const [row] = await this.db.insert(smsCodes).values(code).returning({ id: smsCodes.id });
    return row!.id;
  }

  async delete(id: number) {
    await this.db.delete(smsCodes).where(eq(smsCodes.id, id));
  }

  /** The recipient's newest unspent code for a purpose. */
  async latestUnspent(brandId: number, recipient: string, purpose: string) {
    const [latest] = await this.db
      .select({ id: smsCodes.id, expiresAt: smsCodes.expiresAt })
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.brandId, brandId),
          eq(smsCodes.phone, recipient),
          eq(smsCodes.purpose, purpose),
          isNull(smsCodes.usedAt),
        ),
      )
      .orderBy(desc(smsCodes.id))
      .limit(1);
    return latest;
  }

  /**
   * Counts a try and spends the code if `hash` matches, in one statement (a burst of guesses gets
   * `maxAttempts` tries in all). True when the code was spent.
   */
  async tryCode(id: number, hash: string, maxAttempts: number) {
    const [tried] = await this.db
      .update(smsCodes)
      .set({
        attempts: sql`${smsCodes.attempts} + 1`,
        usedAt: sql`CASE WHEN ${smsCodes.codeHash} = ${hash} THEN now() END`,
      })
      .where(
        and(
          eq(smsCodes.id, id),
          isNull(smsCodes.usedAt),
          lt(smsCodes.attempts, maxAttempts),
          gt(smsCodes.expiresAt, sql`now()`),
        ),
      )
      .returning({ usedAt: smsCodes.usedAt });
    return !!tried?.usedAt;
  }
}
