import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { humanChecksUsed } from './accounts.tables';

/** Solved human-check challenges, each accepted once until it expires. */
export class HumanChecksRepository {
  constructor(private readonly db: Database) {}

  /** Records a solved challenge; false when it was used before. Expired ones are dropped on the way. */
  async spend(signature: string, expiresAt: Date) {
    await this.db.delete(humanChecksUsed).where(lt(humanChecksUsed.expiresAt, new Date()));
    const used = await this.db
      .insert(humanChecksUsed)
      .values({ signature, expiresAt })
      .onConflictDoNothing()
      .returning();
    return used.length > 0;
  }
}
