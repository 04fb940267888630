import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attemptCounters } from './security.tables';

/** The attempt counters' SQL: every change is one statement, so concurrent attempts get distinct numbers. */
export class AttemptsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Counts one more attempt and returns its number within the current window; a window that has passed
   * starts again at 1. The row lock of the upsert serialises a burst: twenty requests get 1 to 20.
   */
  async take(scope: string, subject: string, windowMs: number): Promise<number> {
    const windowOver = sql`${attemptCounters.windowStartedAt} <= now() - make_interval(secs => ${windowMs / 1000})`;
    const [row] = await this.db
      .insert(attemptCounters)
      .values({ scope, subject, attempts: 1 })
      .onConflictDoUpdate({
        target: [attemptCounters.scope, attemptCounters.subject],
        set: {
          attempts: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${attemptCounters.attempts} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${windowOver} THEN now() ELSE ${attemptCounters.windowStartedAt} END`,
        },
      })
      .returning({ attempts: attemptCounters.attempts });
    return row!.attempts;
  }

  /** Hands back an attempt that was never checked (a missing captcha), never below zero. */
  async giveBack(scope: string, subject: string) {
    await this.db
      .update(attemptCounters)
      .set({ attempts: sql`greatest(${attemptCounters.attempts} - 1, 0)` })
      .where(and(eq(attemptCounters.scope, scope), eq(attemptCounters.subject, subject)));
  }

  async reset(scope: string, subject: string) {
    await this.db
      .delete(attemptCounters)
      .where(and(eq(attemptCounters.scope, scope), eq(attemptCounters.subject, subject)));
  }

  /** How many attempts the current window holds (0 when it has passed). */
  async current(scope: string, subject: string, windowMs: number): Promise<number> {
    const [row] = await this.db
      .select({ attempts: attemptCounters.attempts })
      .from(attemptCounters)
      .where(
        and(
          eq(attemptCounters.scope, scope),
          eq(attemptCounters.subject, subject),
          sql`${attemptCounters.windowStartedAt} > now() - make_interval(secs => ${windowMs / 1000})`,
        ),
      );
    return row?.attempts ?? 0;
  }

  /** Counters whose window ended more than a day ago (every window is shorter): they count nothing. */
  async purgeStale(): Promise<number> {
    const gone = await this.db
      .delete(attemptCounters)
      .where(sql`${attemptCounters.windowStartedAt} < now() - interval '1 day'`)
      .returning({ scope: attemptCounters.scope });
    return gone.length;
  }
}
