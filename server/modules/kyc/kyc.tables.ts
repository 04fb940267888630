import { customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../accounts/accounts.tables';
import { brands } from '../brand/brand.tables';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Identity documents a member uploads (png, jpg or pdf, 5 MB, the type read from the bytes), kept in the
 * database as withdrawal proofs are, and an operator's decision on each. An erasure (LGPD) drops the
 * file and keeps the row: that a document was checked, when and by whom, is the record the law asks for.
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** id_front, id_back, selfie, address (src/api/contract/kyc.ts). */
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** The file; null once erased. */
    data: bytea('data'),
    /** pending, approved, rejected. */
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    decidedBy: integer('decided_by'),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kyc_documents_member_idx').on(t.memberId, t.createdAt),
    index('kyc_documents_queue_idx').on(t.brandId, t.status, t.createdAt),
  ],
);

/** Members whose personal data an operator erased (LGPD art. 18 VI): when, and by whom. */
export const memberErasures = pgTable('member_erasures', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  brandId: integer('brand_id').notNull(),
  operatorId: integer('operator_id'),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
});
