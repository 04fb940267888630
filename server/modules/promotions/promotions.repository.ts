import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { PromotionRule } from '../../../src/api/contract/promotions';
import type { EntryStatus } from '../../../src/promotions/lifecycle';
import type { Database } from '../../db/client';
import { bonuses, promotionApplicationImages, promotionEntries, promotionRules } from './promotions.tables';

export type RuleRow = typeof promotionRules.$inferSelect;
export type EntryRow = typeof promotionEntries.$inferSelect;
export type BonusRow = typeof bonuses.$inferSelect;
export type NewBonus = typeof bonuses.$inferInsert;

/** An entry moving to an earned status, with the budget it takes. */
export interface Earning {
  brandId: number;
  promotionId: number;
  memberId: number;
  /** The statuses it may come from (null: no entry yet, made now). */
  from: Array<EntryStatus | null>;
  to: EntryStatus;
  amount: number;
  depositId: number | null;
  depositAmount: number | null;
  claimBy: Date | null;
}

/** The promotions module's tables: each promotion's rule and budget, members' entries, bonuses. */
export class PromotionsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  rules(brandId: number): Promise<RuleRow[]> {
    return this.db.select().from(promotionRules).where(eq(promotionRules.brandId, brandId));
  }

  async rule(brandId: number, promotionId: number): Promise<RuleRow | null> {
    const [row] = await this.db
      .select()
      .from(promotionRules)
      .where(and(eq(promotionRules.brandId, brandId), eq(promotionRules.promotionId, promotionId)));
    return row ?? null;
  }

  /**
   * Sets a promotion's rule; a budget below what it has already given is refused by the check. Null when
   * `requestId` set it already (a retry): nothing written.
   */
  async saveRule(tx: Database, brandId: number, promotionId: number, rule: PromotionRule, requestId: string) {
    const [row] = await tx
      .insert(promotionRules)
      .values({ brandId, promotionId, rule, budget: rule.budget, requestId })
      .onConflictDoUpdate({
        target: promotionRules.promotionId,
        set: { rule, budget: rule.budget, requestId, updatedAt: sql`now()` },
        setWhere: sql`${promotionRules.requestId} IS DISTINCT FROM excluded.request_id`,
      })
      .returning();
    return row ?? null;
  }

  entries(memberId: number): Promise<EntryRow[]> {
    return this.db
      .select()
      .from(promotionEntries)
      .where(eq(promotionEntries.memberId, memberId))
      .orderBy(desc(promotionEntries.updatedAt));
  }

  async entry(promotionId: number, memberId: number): Promise<EntryRow | null> {
    const [row] = await this.db
      .select()
      .from(promotionEntries)
      .where(and(eq(promotionEntries.promotionId, promotionId), eq(promotionEntries.memberId, memberId)));
    return row ?? null;
  }

  /** A member's first step in a promotion (joined, applying); null when the member already has an entry. */
  async open(entry: { brandId: number; promotionId: number; memberId: number; status: EntryStatus }) {
    const [row] = await this.db.insert(promotionEntries).values(entry).onConflictDoNothing().returning();
    return row ?? null;
  }

  /**
   * An application: the entry (status applying, its remark) and its pictures in one transaction; null when
   * the member already has an entry in the promotion (nothing written).
   */
  async apply(
    entry: { brandId: number; promotionId: number; memberId: number; remark: string },
    images: Array<{ mime: string; data: Buffer }>,
  ) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(promotionEntries)
        .values({ ...entry, status: 'applying' })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      if (images.length > 0)
        await tx
          .insert(promotionApplicationImages)
          .values(images.map((image, i) => ({ entryId: row.id, sequence: i + 1, ...image })));
      return row;
    });
  }

  /** Applications waiting for the operator (oldest first), or those decided (newest first). */
  async applications(brandId: number, waiting: boolean, limit = 200) {
    const rows = await this.db
      .select()
      .from(promotionEntries)
      .where(
        and(
          eq(promotionEntries.brandId, brandId),
          waiting
            ? eq(promotionEntries.status, 'applying')
            : sql`${promotionEntries.remark} IS NOT NULL AND ${promotionEntries.status} <> 'applying'`,
        ),
      )
      .orderBy(waiting ? promotionEntries.id : desc(promotionEntries.updatedAt))
      .limit(limit);
    const counts =
      rows.length === 0
        ? []
        : await this.db
            .select({ entryId: promotionApplicationImages.entryId, n: sql<number>`count(*)::int` })
            .from(promotionApplicationImages)
            .where(
              inArray(
                promotionApplicationImages.entryId,
                rows.map((r) => r.id),
              ),
            )
            .groupBy(promotionApplicationImages.entryId);
    return rows.map((r) => ({ ...r, images: counts.find((c) => c.entryId === r.id)?.n ?? 0 }));
  }

  async entryById(brandId: number, id: number): Promise<EntryRow | null> {
    const [row] = await this.db
      .select()
      .from(promotionEntries)
      .where(and(eq(promotionEntries.brandId, brandId), eq(promotionEntries.id, id)));
    return row ?? null;
  }

  async applicationImage(entryId: number, sequence: number) {
    const [row] = await this.db
      .select({ mime: promotionApplicationImages.mime, data: promotionApplicationImages.data })
      .from(promotionApplicationImages)
      .where(
        and(
          eq(promotionApplicationImages.entryId, entryId),
          eq(promotionApplicationImages.sequence, sequence),
        ),
      );
    return row ?? null;
  }

  /** A refused application, in the caller's transaction; null when it was decided already. */
  async reject(tx: Database, entryId: number, decidedBy: number, note: string) {
    const [row] = await tx
      .update(promotionEntries)
      .set({ status: 'rejected', decidedBy, decisionNote: note, updatedAt: sql`now()` })
      .where(and(eq(promotionEntries.id, entryId), eq(promotionEntries.status, 'applying')))
      .returning();
    return row ?? null;
  }

  /** Who decided an approved application, in the transaction that approves it. */
  async markDecided(tx: Database, entryId: number, decidedBy: number, note: string) {
    await tx
      .update(promotionEntries)
      .set({ decidedBy, decisionNote: note })
      .where(eq(promotionEntries.id, entryId));
  }

  /**
   * Moves the member's entry to an earned status and takes its amount from the promotion's budget, in
   * the caller's transaction: null (nothing written) when the entry is not in a status it may come from,
   * 'budget' when the budget has no room left.
   */
  async earn(tx: Database, e: Earning): Promise<EntryRow | null | 'budget'> {
    const reserved = await tx
      .update(promotionRules)
      .set({ reserved: sql`${promotionRules.reserved} + ${e.amount}` })
      .where(
        and(
          eq(promotionRules.promotionId, e.promotionId),
          sql`(${promotionRules.budget} IS NULL OR ${promotionRules.reserved} + ${e.amount} <= ${promotionRules.budget})`,
        ),
      )
      .returning({ id: promotionRules.promotionId });
    if (reserved.length === 0) return 'budget';
    const values = {
      status: e.to,
      amount: e.amount,
      depositId: e.depositId,
      depositAmount: e.depositAmount,
      earnedAt: sql`now()`,
      claimBy: e.claimBy,
      updatedAt: sql`now()`,
      ...(e.to === 'issued' ? { claimedAt: sql`now()` } : {}),
    };
    const from = e.from.filter((s): s is EntryStatus => s !== null);
    if (e.from.includes(null)) {
      const [made] = await tx
        .insert(promotionEntries)
        .values({ brandId: e.brandId, promotionId: e.promotionId, memberId: e.memberId, ...values })
        .onConflictDoNothing()
        .returning();
      if (made) return made;
    }
    if (from.length === 0) return null;
    const [moved] = await tx
      .update(promotionEntries)
      .set(values)
      .where(
        and(
          eq(promotionEntries.promotionId, e.promotionId),
          eq(promotionEntries.memberId, e.memberId),
          inArray(promotionEntries.status, from),
        ),
      )
      .returning();
    return moved ?? null;
  }

  /** A claimable reward claimed (before its time ran out); null when it is not claimable any more. */
  async claim(tx: Database, entryId: number) {
    const [row] = await tx
      .update(promotionEntries)
      .set({ status: 'claimed', claimedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(promotionEntries.id, entryId),
          eq(promotionEntries.status, 'claimable'),
          sql`(${promotionEntries.claimBy} IS NULL OR ${promotionEntries.claimBy} > now())`,
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Rewards left unclaimed past their time: expired, and their amounts back in their budgets. */
  async expireClaims(): Promise<number> {
    const result = await this.db.execute(sql`
      WITH gone AS (
        UPDATE promotion_entries SET status = 'expired', updated_at = now()
        WHERE status = 'claimable' AND claim_by <= now()
        RETURNING promotion_id, amount
      ), back AS (
        UPDATE promotion_rules r SET reserved = r.reserved - g.total
        FROM (SELECT promotion_id, sum(amount)::bigint AS total FROM gone GROUP BY promotion_id) g
        WHERE r.promotion_id = g.promotion_id
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM gone`);
    return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  }

  /** Members who joined a promotion and still wait for its trigger. */
  async waiting(brandId: number, promotionIds: number[]): Promise<EntryRow[]> {
    if (promotionIds.length === 0) return [];
    return this.db
      .select()
      .from(promotionEntries)
      .where(
        and(
          eq(promotionEntries.brandId, brandId),
          inArray(promotionEntries.promotionId, promotionIds),
          eq(promotionEntries.status, 'joined'),
        ),
      );
  }

  // ---- bonuses ------------------------------------------------------------------------------------

  /** A new active bonus, in the transaction that moves its money; null when the member has one active. */
  async insertBonus(tx: Database, bonus: NewBonus): Promise<BonusRow | null> {
    const [row] = await tx
      .insert(bonuses)
      .values(bonus)
      .onConflictDoNothing({ target: bonuses.memberId, where: sql`status = 'active'` })
      .returning();
    return row ?? null;
  }

  bonusesOf(memberId: number, limit = 50): Promise<BonusRow[]> {
    return this.db
      .select()
      .from(bonuses)
      .where(eq(bonuses.memberId, memberId))
      .orderBy(desc(bonuses.id))
      .limit(limit);
  }

  async activeBonus(memberId: number): Promise<BonusRow | null> {
    const [row] = await this.db
      .select()
      .from(bonuses)
      .where(and(eq(bonuses.memberId, memberId), eq(bonuses.status, 'active')));
    return row ?? null;
  }

  async bonus(id: number): Promise<BonusRow | null> {
    const [row] = await this.db.select().from(bonuses).where(eq(bonuses.id, id));
    return row ?? null;
  }

  /** Active bonuses of a brand (the sweep), or only those past their expiry. */
  activeBonuses(brandId: number, expiredBy?: Date): Promise<BonusRow[]> {
    return this.db
      .select()
      .from(bonuses)
      .where(
        and(
          eq(bonuses.brandId, brandId),
          eq(bonuses.status, 'active'),
          ...(expiredBy ? [lte(bonuses.expiresAt, expiredBy)] : []),
        ),
      );
  }

  /** Closes an active bonus in the transaction that moves its money; null when it was closed already. */
  async closeBonus(
    tx: Database,
    id: number,
    to: 'completed' | 'forfeited' | 'expired',
    released: number,
    counted?: number,
  ) {
    const [row] = await tx
      .update(bonuses)
      .set({
        status: to,
        closedAt: sql`now()`,
        released,
        ...(counted === undefined ? {} : { counted }),
      })
      .where(and(eq(bonuses.id, id), eq(bonuses.status, 'active')))
      .returning();
    return row ?? null;
  }

  async saveCounted(id: number, counted: number) {
    await this.db
      .update(bonuses)
      .set({ counted })
      .where(and(eq(bonuses.id, id), eq(bonuses.status, 'active')));
  }

  // ---- back office --------------------------------------------------------------------------------

  /** Per promotion: entries by status and what its bonuses became (the cost report). */
  async stats(brandId: number) {
    const result = await this.db.execute(sql`
      SELECT r.promotion_id AS "promotionId",
             count(e.id) FILTER (WHERE e.id IS NOT NULL)::int AS joined,
             count(e.id) FILTER (WHERE e.earned_at IS NOT NULL)::int AS earned,
             count(e.id) FILTER (WHERE e.status IN ('claimed', 'issued'))::int AS claimed,
             coalesce(sum(e.amount) FILTER (WHERE e.status IN ('claimed', 'issued')), 0)::bigint AS granted,
             coalesce((SELECT sum(b.released) FROM bonuses b WHERE b.promotion_id = r.promotion_id AND b.status = 'completed'), 0)::bigint AS converted,
             coalesce((SELECT sum(b.released) FROM bonuses b WHERE b.promotion_id = r.promotion_id AND b.status = 'forfeited'), 0)::bigint AS forfeited,
             coalesce((SELECT sum(b.released) FROM bonuses b WHERE b.promotion_id = r.promotion_id AND b.status = 'expired'), 0)::bigint AS expired,
             (SELECT count(*) FROM bonuses b WHERE b.promotion_id = r.promotion_id AND b.status = 'active')::int AS "activeBonuses"
      FROM promotion_rules r
      LEFT JOIN promotion_entries e ON e.promotion_id = r.promotion_id
      WHERE r.brand_id = ${brandId}
      GROUP BY r.promotion_id`);
    type Row = Record<string, number | string>;
    return (result as unknown as { rows: Row[] }).rows.map((r) => ({
      promotionId: Number(r.promotionId),
      joined: Number(r.joined),
      earned: Number(r.earned),
      claimed: Number(r.claimed),
      granted: Number(r.granted),
      converted: Number(r.converted),
      forfeited: Number(r.forfeited),
      expired: Number(r.expired),
      activeBonuses: Number(r.activeBonuses),
    }));
  }
}
