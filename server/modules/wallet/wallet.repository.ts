import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  gameVendors,
  launchTokens,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  members,
  vendorIntegrations,
} from '../../db/schema';

/** The wallet's reads and writes outside the ledger itself: vendors, their keys, launch tokens. */
export class WalletRepository {
  // The vendor wallet API looks these up thousands of times a minute: built once, planned once.
  private readonly memberQuery;
  private readonly launchTokenQuery;

  constructor(private readonly db: Database) {
    this.memberQuery = db
      .select({ id: members.id, userType: members.userType, status: members.status })
      .from(members)
      .where(
        and(eq(members.brandId, sql.placeholder('brandId')), eq(members.id, sql.placeholder('memberId'))),
      )
      .prepare('wallet_member');
    this.launchTokenQuery = db
      .select()
      .from(launchTokens)
      .where(eq(launchTokens.tokenHash, sql.placeholder('tokenHash')))
      .prepare('wallet_launch_token');
  }

  /** The brand's game vendors, one line per code, in menu order. */
  async vendors(brandId: number) {
    const rows = await this.db
      .select({ code: gameVendors.code, name: gameVendors.name })
      .from(gameVendors)
      .where(and(eq(gameVendors.brandId, brandId), eq(gameVendors.status, 'active')))
      .orderBy(asc(gameVendors.sortOrder), asc(gameVendors.id));
    const seen = new Set<string>();
    return rows.filter((r) => !seen.has(r.code) && seen.add(r.code));
  }

  /** Stored balances of all a member's wallets, by kind. */
  async memberBalances(memberId: number) {
    const rows = await this.db
      .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.memberId, memberId));
    return new Map(rows.map((r) => [r.kind, r.balance]));
  }

  async integration(brandId: number, vendorCode: string) {
    const [row] = await this.db
      .select()
      .from(vendorIntegrations)
      .where(and(eq(vendorIntegrations.brandId, brandId), eq(vendorIntegrations.vendorCode, vendorCode)));
    return row;
  }

  async saveIntegration(brandId: number, vendorCode: string, secretCipher: string) {
    await this.db
      .insert(vendorIntegrations)
      .values({ brandId, vendorCode, secretCipher })
      .onConflictDoNothing();
  }

  async saveLaunchToken(row: typeof launchTokens.$inferInsert) {
    await this.db.insert(launchTokens).values(row);
  }

  async launchToken(tokenHash: string) {
    const [row] = await this.launchTokenQuery.execute({ tokenHash });
    return row;
  }

  async member(brandId: number, memberId: number) {
    const [row] = await this.memberQuery.execute({ brandId, memberId });
    return row;
  }

  /** A member's postings, newest first, with the movement each belongs to. */
  async records(
    memberId: number,
    filter: { kinds?: string[]; from?: Date; to?: Date; before?: number; limit: number },
  ) {
    return this.db
      .select({
        id: ledgerEntries.id,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
        createdAt: ledgerEntries.createdAt,
        wallet: ledgerAccounts.kind,
        kind: ledgerTransactions.kind,
        meta: ledgerTransactions.meta,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(
        and(
          eq(ledgerAccounts.memberId, memberId),
          filter.kinds ? inArray(ledgerTransactions.kind, filter.kinds) : undefined,
          filter.from ? gte(ledgerEntries.createdAt, filter.from) : undefined,
          filter.to ? lte(ledgerEntries.createdAt, filter.to) : undefined,
          filter.before ? lt(ledgerEntries.id, filter.before) : undefined,
        ),
      )
      .orderBy(desc(ledgerEntries.id))
      .limit(filter.limit);
  }

  /** Drops launch tokens long expired; wins and rollbacks never need them. */
  async pruneLaunchTokens(before: Date) {
    await this.db.delete(launchTokens).where(sql`${launchTokens.expiresAt} < ${before}`);
  }
}
