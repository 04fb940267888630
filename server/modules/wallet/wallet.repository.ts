import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { launchTokens, vendorIntegrations } from './wallet.tables';

/** The vendor wallet's own rows: vendors' keys and launch tokens (balances and postings are the ledger's). */
export class WalletRepository {
  // The vendor wallet API looks this up thousands of times a minute: built once, planned once.
  private readonly launchTokenQuery;

  constructor(private readonly db: Database) {
    this.launchTokenQuery = db
      .select()
      .from(launchTokens)
      .where(eq(launchTokens.tokenHash, sql.placeholder('tokenHash')))
      .prepare('wallet_launch_token');
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

  /** Drops launch tokens long expired; wins and rollbacks never need them. */
  async pruneLaunchTokens(before: Date) {
    await this.db.delete(launchTokens).where(sql`${launchTokens.expiresAt} < ${before}`);
  }
}
