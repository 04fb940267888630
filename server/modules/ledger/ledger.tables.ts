import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../accounts/accounts.tables';
import { brands } from '../brand/brand.tables';

/**
 * Ledger accounts (see docs/money.md). A member's wallets keep a stored balance that changes only with a
 * posting, never below `floor`, and a version that counts their postings. House accounts (`floor` null)
 * are never updated on the hot path: their balance is the sum of their postings.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    /** null for the brand's own accounts. */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'restrict' }),
    /** 'main', 'vendor:<CODE>', 'hold' for members; 'house', 'clearing', 'bonus', 'commission' for the brand. */
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    /** Stored balances only: house accounts keep 0 here and are summed from their postings. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /** The lowest the stored balance may go; null marks a derived (house) account. */
    floor: bigint('floor', { mode: 'number' }),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_uq')
      .on(t.brandId, t.memberId, t.kind)
      .where(sql`member_id IS NOT NULL`),
    uniqueIndex('ledger_accounts_house_uq').on(t.brandId, t.kind).where(sql`member_id IS NULL`),
    // The last line of defence: whatever the code does, a stored balance never goes below its floor.
    check('ledger_accounts_floor_ck', sql`floor IS NULL OR balance >= floor`),
    // Far below 2^53, so every balance stays exact in JavaScript (MAX_BALANCE in src/api/contract/common.ts).
    check('ledger_accounts_bound_ck', sql`balance BETWEEN -100000000000000 AND 100000000000000`),
  ],
);

/** One movement of money: two or more postings that sum to zero, applied once per idempotency key. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** 'bet', 'win', 'rollback', 'deposit', 'withdrawal', 'transfer', 'adjustment', 'void' ... */
    kind: text('kind').notNull(),
    /** A fingerprint of the request: a replay must ask for exactly the same movement. */
    requestHash: text('request_hash').notNull(),
    /** What the movement answered (balances after it), returned as it was to any replay. */
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    /** A reversal names the movement it gives back; each movement is given back at most once. */
    reversesId: bigint('reverses_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_key_uq').on(t.brandId, t.idempotencyKey),
    uniqueIndex('ledger_transactions_reverses_uq').on(t.reversesId).where(sql`reverses_id IS NOT NULL`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign keys on the hot append-only table (migration 0017): only the ledger's functions write
    // here, after finding both rows; deletes are refused; `npm run ledger:check` verifies every posting.
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** For stored balances: the balance and version right after this posting (the account's chain). */
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    version: bigint('version', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    // Only stored balances have a chain; a derived account's postings carry no version.
    uniqueIndex('ledger_entries_chain_uq').on(t.accountId, t.version).where(sql`version IS NOT NULL`),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    // The hard limit of one posting (MAX_AMOUNT in src/api/contract/common.ts).
    check('ledger_entries_amount_ck', sql`amount BETWEEN -1000000000000 AND 1000000000000`),
  ],
);
