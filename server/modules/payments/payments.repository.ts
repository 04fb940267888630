import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deposits, paymentMethods } from '../../db/schema';

export type DepositRow = typeof deposits.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

export class PaymentsRepository {
  constructor(private readonly db: Database) {}

  async methods(brandId: number) {
    return this.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.brandId, brandId), eq(paymentMethods.active, true)))
      .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.id));
  }

  async method(brandId: number, code: string) {
    const [row] = await this.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.brandId, brandId), eq(paymentMethods.code, code)));
    return row;
  }

  /** Creates the deposit, or returns the one this request already made. */
  async createDeposit(row: typeof deposits.$inferInsert): Promise<DepositRow> {
    const [created] = await this.db.insert(deposits).values(row).onConflictDoNothing().returning();
    if (created) return created;
    const [existing] = await this.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.memberId, row.memberId), eq(deposits.requestId, row.requestId)));
    return existing!;
  }

  async deposit(brandId: number, reference: string) {
    const [row] = await this.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.brandId, brandId), eq(deposits.reference, reference)));
    return row;
  }

  async memberDeposits(memberId: number, status: string | undefined, limit: number) {
    return this.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.memberId, memberId), status ? eq(deposits.status, status) : undefined))
      .orderBy(desc(deposits.createdAt), desc(deposits.id))
      .limit(limit);
  }
}
