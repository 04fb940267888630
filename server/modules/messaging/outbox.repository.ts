import { and, desc, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outbox } from './messaging.tables';

/** Every message the site sent, with a keyed hash of its text and, in the demo only, the sealed text. */
export class OutboxRepository {
  constructor(private readonly db: Database) {}

  async insert(message: typeof outbox.$inferInsert) {
    await this.db.insert(outbox).values(message);
  }

  /** Erases the texts whose readable time is over; how many. */
  async eraseExpiredBodies() {
    const erased = await this.db
      .update(outbox)
      .set({ body: null })
      .where(and(isNotNull(outbox.body), lt(outbox.expiresAt, sql`now()`)))
      .returning({ id: outbox.id });
    return erased.length;
  }

  /** The latest messages to a recipient whose text is still readable, newest first. */
  readable(brandId: number, recipient: string, limit: number) {
    return this.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.brandId, brandId),
          eq(outbox.recipient, recipient),
          isNotNull(outbox.body),
          gt(outbox.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(outbox.id))
      .limit(limit);
  }
}
