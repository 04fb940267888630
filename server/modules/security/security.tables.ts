import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempts counted atomically per subject (an account's logins, its two-step codes, its payment password,
 * an operator's logins, a brand's SMS sends): each attempt takes its number in one statement before it is
 * checked, so a burst cannot slip past a limit. The count restarts when its window has passed.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    attempts: integer('attempts').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.subject] })],
);
