import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Secrets this installation generates for itself on first start (human-check HMAC keys and such). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
