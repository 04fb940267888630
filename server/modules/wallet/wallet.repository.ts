import { and, eq, isNull, sql } from 'drizzle-orm';
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

  integrations(brandId: number) {
    return this.db
      .select()
      .from(vendorIntegrations)
      .where(eq(vendorIntegrations.brandId, brandId))
      .orderBy(vendorIntegrations.vendorCode);
  }

  /** Connects a vendor, or reconnects it with new settings and secret; returns the row. */
  async saveIntegration(
    row: {
      brandId: number;
      vendorCode: string;
      secretCipher: string;
      launchUrl: string | null;
      mode: string;
      currencies: string[];
      opensIn: string;
      /** Left as it was on a reconnection when not given. */
      trialPlay?: boolean | undefined;
    },
    alongside?: (tx: Database) => Promise<void>,
  ) {
    const { trialPlay, ...fields } = row;
    return this.db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(vendorIntegrations)
        .values({ ...fields, active: true, trialPlay: trialPlay ?? false })
        .onConflictDoUpdate({
          target: [vendorIntegrations.brandId, vendorIntegrations.vendorCode],
          set: {
            secretCipher: row.secretCipher,
            launchUrl: row.launchUrl,
            mode: row.mode,
            currencies: row.currencies,
            opensIn: row.opensIn,
            ...(trialPlay !== undefined ? { trialPlay } : {}),
            active: true,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      await alongside?.(tx as unknown as Database);
      return saved!;
    });
  }

  async updateIntegration(
    brandId: number,
    vendorCode: string,
    set: { secretCipher?: string; active?: boolean },
    alongside?: (tx: Database) => Promise<void>,
  ) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(vendorIntegrations)
        .set({ ...set, updatedAt: sql`now()` })
        .where(and(eq(vendorIntegrations.brandId, brandId), eq(vendorIntegrations.vendorCode, vendorCode)))
        .returning();
      if (row) await alongside?.(tx as unknown as Database);
      return row;
    });
  }

  async saveLaunchToken(row: typeof launchTokens.$inferInsert) {
    await this.db.insert(launchTokens).values(row);
  }

  async launchToken(tokenHash: string) {
    const [row] = await this.launchTokenQuery.execute({ tokenHash });
    return row;
  }

  /** Marks a launch token traded for its player; false when it had been traded before. */
  async consumeLaunchToken(tokenHash: string) {
    const rows = await this.db
      .update(launchTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(launchTokens.tokenHash, tokenHash), isNull(launchTokens.usedAt)))
      .returning({ tokenHash: launchTokens.tokenHash });
    return rows.length > 0;
  }

  /** Withdraws a token whose launch failed, so it can never start a session. */
  async deleteLaunchToken(tokenHash: string) {
    await this.db.delete(launchTokens).where(eq(launchTokens.tokenHash, tokenHash));
  }

  /** Drops launch tokens long expired; wins and rollbacks never need them. */
  async pruneLaunchTokens(before: Date) {
    await this.db.delete(launchTokens).where(sql`${launchTokens.expiresAt} < ${before}`);
  }
}
