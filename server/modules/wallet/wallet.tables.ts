import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../accounts/accounts.tables';
import { brands } from '../brand/brand.tables';

/** A game vendor's access to the wallet API: its HMAC secret, encrypted with the installation's key. */
export const vendorIntegrations = pgTable(
  'vendor_integrations',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    vendorCode: text('vendor_code').notNull(),
    secretCipher: text('secret_cipher').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.vendorCode] })],
);

/** Tokens a game is launched with; the vendor trades one for the player and bets with it. */
export const launchTokens = pgTable(
  'launch_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    brandId: integer('brand_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    vendorCode: text('vendor_code').notNull(),
    gameCode: text('game_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('launch_tokens_member_idx').on(t.memberId)],
);

/** Game rounds a vendor opened with a bet: a win must name one of them. */
export const vendorRounds = pgTable(
  'vendor_rounds',
  {
    brandId: integer('brand_id').notNull(),
    vendorCode: text('vendor_code').notNull(),
    roundId: text('round_id').notNull(),
    memberId: integer('member_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.vendorCode, t.roundId] })],
);
