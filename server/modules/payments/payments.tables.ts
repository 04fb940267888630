import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../accounts/accounts.tables';
import { brands, type LocalizedText } from '../brand/brand.tables';

/** How members of a brand can pay in: a bank transfer the operator confirms, or an online gateway. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /**
     * 'bank_transfer' (the member transfers, an operator confirms), 'gateway' (an online checkout that
     * notifies the site) or 'pix' (a PIX "copia e cola" code and its QR, confirmed by the PIX provider's
     * notification or by an operator).
     */
    kind: text('kind').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    /** Limits per deposit, in minor units. */
    minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
    /** Bank details shown to the member (bank, holder, account, PIX key...), or the gateway's name. */
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    /** A gateway's notification secret, encrypted like vendor secrets. */
    secretCipher: text('secret_cipher'),
    /**
     * A 'pix' method's gateway adapter (pix-gateway.ts): the provider that makes the charge and notifies its
     * payment ('sim', the simulated one, in demo mode only); null: the brand's own PIX key, an operator
     * confirms the money arrived.
     */
    provider: text('provider'),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('payment_methods_brand_code_uq').on(t.brandId, t.code)],
);

/** A member's deposit from request to credit (see src/api/contract/payments.ts for its lifecycle). */
export const deposits = pgTable(
  'deposits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    methodCode: text('method_code').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    /** What the member quotes on a bank transfer, and the public id of the deposit. */
    reference: text('reference').notNull(),
    /** The page's own id for the request, so a retried submit makes one deposit. */
    requestId: text('request_id').notNull(),
    gatewayReference: text('gateway_reference'),
    /** A PIX deposit's charge: the "copia e cola" BR Code, its txid and when the provider lets it expire. */
    pix: jsonb('pix').$type<{ brCode: string; txid: string; expiresAt: number | null }>(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    reason: text('reason'),
    decidedBy: integer('decided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deposits_reference_uq').on(t.brandId, t.reference),
    uniqueIndex('deposits_request_uq').on(t.memberId, t.requestId),
    index('deposits_member_idx').on(t.memberId, t.createdAt),
    index('deposits_status_idx').on(t.brandId, t.status, t.createdAt),
    // The agents' daily figures read credited deposits by the time they were credited.
    index('deposits_credited_idx').on(t.brandId, t.updatedAt).where(sql`status = 'credited'`),
  ],
);

/** Where a member's withdrawals are paid. */
export const memberBankAccounts = pgTable(
  'member_bank_accounts',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    /** The account number, or the PIX key as the DICT stores it (src/api/pix-key.ts). */
    accountNumber: text('account_number').notNull(),
    /** A PIX key's type (cpf, email, phone, random); null for a bank account. */
    pixKeyType: text('pix_key_type', { enum: ['cpf', 'email', 'phone', 'random'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('member_bank_accounts_member_idx').on(t.memberId)],
);

/** A member's withdrawal: money held at request, paid or released by the operator, then confirmed. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    reference: text('reference').notNull(),
    requestId: text('request_id').notNull(),
    /** The bank account as it was when the member asked (it may be removed later). */
    bank: jsonb('bank').$type<Record<string, string>>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    /** How the member answered after payment: received, not_received, all_received, or auto. */
    confirmation: text('confirmation'),
    proof: text('proof'),
    /**
     * Why the withdrawal was held for an operator's review (status 'review') instead of the queue: e.g.
     * { reason: 'holder_name', holderName, fullName } (server/modules/kyc/holder-name.ts).
     */
    review: jsonb('review').$type<Record<string, string>>(),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawals_reference_uq').on(t.brandId, t.reference),
    uniqueIndex('withdrawals_request_uq').on(t.memberId, t.requestId),
    index('withdrawals_member_idx').on(t.memberId, t.createdAt),
    index('withdrawals_status_idx').on(t.brandId, t.status, t.createdAt),
    // The agents' daily figures read paid withdrawals by the time they were paid.
    index('withdrawals_paid_idx').on(t.brandId, t.decidedAt).where(sql`status = 'paid'`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Pictures a member attaches when a paid withdrawal did not arrive (spec 9: png or jpg, 5 MB, 3 at most). */
export const withdrawalProofs = pgTable(
  'withdrawal_proofs',
  {
    id: serial('id').primaryKey(),
    withdrawalId: bigint('withdrawal_id', { mode: 'number' })
      .notNull()
      .references(() => withdrawals.id),
    mime: text('mime').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('withdrawal_proofs_withdrawal_idx').on(t.withdrawalId)],
);
