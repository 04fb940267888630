import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Messages the default SMS and email providers "send": kept here so flows work anywhere and tests can read them. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    /**
     * The text, sealed with the installation's master key, kept only in demo mode (the outbox view) and
     * only until `expires_at`; null otherwise. `body_hash` stays, so a delivery can be proven later.
     */
    body: text('body'),
    bodyHash: text('body_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_recipient_idx').on(t.recipient, t.createdAt),
    index('outbox_expires_idx').on(t.expiresAt).where(sql`body IS NOT NULL`),
  ],
);
