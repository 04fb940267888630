import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { riskFlagNotes, riskFlags, riskRules, withdrawalHolds } from './risk.tables';

export type FlagRow = typeof riskFlags.$inferSelect;
export type HoldRow = typeof withdrawalHolds.$inferSelect;
export type NoteRow = typeof riskFlagNotes.$inferSelect;
export type RulesRow = Omit<typeof riskRules.$inferSelect, 'brandId' | 'updatedAt'>;

/** A finding as the scan raises it. */
export interface RaisedFlag {
  brandId: number;
  memberId: number;
  kind: string;
  subject: string;
  others: number[];
  evidence: Record<string, string | number>;
  size: number;
}

type Alongside = (tx: Database) => Promise<void>;

/** The risk module's tables: flags and their notes, withdrawal holds, each brand's thresholds. */
export class RiskRepository {
  constructor(private readonly db: Database) {}

  /**
   * Raises the flags, or brings those already raised up to date: an open one takes the new figures; a
   * decided one opens again only when its group grew past the size it had, and keeps quiet otherwise, so
   * the scan can run as often as it likes. Answers how many were raised for the first time.
   */
  async raise(flags: RaisedFlag[]): Promise<number> {
    if (flags.length === 0) return 0;
    const result = await this.db
      .insert(riskFlags)
      .values(flags)
      .onConflictDoUpdate({
        target: [riskFlags.brandId, riskFlags.kind, riskFlags.subject],
        set: {
          memberId: sql`excluded.member_id`,
          others: sql`excluded.others`,
          evidence: sql`excluded.evidence`,
          size: sql`GREATEST(${riskFlags.size}, excluded.size)`,
          status: sql`CASE WHEN excluded.size > ${riskFlags.size} THEN 'open' ELSE ${riskFlags.status} END`,
          decision: sql`CASE WHEN excluded.size > ${riskFlags.size} THEN NULL ELSE ${riskFlags.decision} END`,
          // Opened again: it goes to the top of the queue as a new finding would.
          raisedAt: sql`CASE WHEN excluded.size > ${riskFlags.size} THEN now() ELSE ${riskFlags.raisedAt} END`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`excluded.size > ${riskFlags.size}
          OR (${riskFlags.status} = 'open'
              AND (${riskFlags.evidence} IS DISTINCT FROM excluded.evidence
                   OR ${riskFlags.others} IS DISTINCT FROM excluded.others))`,
      })
      .returning({ inserted: sql<boolean>`xmax = 0` });
    return result.filter((r) => r.inserted).length;
  }

  async flags(
    brandId: number,
    filter: { closed: boolean; kind?: string | undefined; memberId?: number | undefined },
    limit: number,
  ): Promise<FlagRow[]> {
    return this.db
      .select()
      .from(riskFlags)
      .where(
        and(
          eq(riskFlags.brandId, brandId),
          filter.closed ? ne(riskFlags.status, 'open') : eq(riskFlags.status, 'open'),
          filter.kind ? eq(riskFlags.kind, filter.kind) : undefined,
          filter.memberId !== undefined
            ? sql`(${riskFlags.memberId} = ${filter.memberId} OR ${riskFlags.others} @> ${JSON.stringify([filter.memberId])}::jsonb)`
            : undefined,
        ),
      )
      .orderBy(filter.closed ? desc(riskFlags.decidedAt) : desc(riskFlags.raisedAt), desc(riskFlags.id))
      .limit(limit);
  }

  /** Open flags about the member, or with the member among a group's accounts. */
  async openCount(memberId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(riskFlags)
      .where(
        and(
          eq(riskFlags.status, 'open'),
          sql`(${riskFlags.memberId} = ${memberId} OR ${riskFlags.others} @> ${JSON.stringify([memberId])}::jsonb)`,
        ),
      );
    return row?.n ?? 0;
  }

  async flag(brandId: number, id: number): Promise<FlagRow | undefined> {
    const [row] = await this.db
      .select()
      .from(riskFlags)
      .where(and(eq(riskFlags.brandId, brandId), eq(riskFlags.id, id)));
    return row;
  }

  async notes(flagIds: number[]): Promise<NoteRow[]> {
    if (flagIds.length === 0) return [];
    return this.db
      .select()
      .from(riskFlagNotes)
      .where(inArray(riskFlagNotes.flagId, flagIds))
      .orderBy(asc(riskFlagNotes.id));
  }

  async addNote(
    flagId: number,
    note: { operatorId: number; operatorName: string; text: string },
    alongside: Alongside,
  ) {
    await this.db.transaction(async (tx) => {
      await tx.insert(riskFlagNotes).values({ flagId, ...note });
      await alongside(tx);
    });
  }

  /**
   * Closes an open flag with the decision inside `tx`; false when it was not open any more (another
   * operator decided it first).
   */
  async decide(
    tx: Database,
    brandId: number,
    id: number,
    decision: { status: 'cleared' | 'actioned'; decision: string; operatorId: number; operatorName: string },
  ): Promise<boolean> {
    const rows = await tx
      .update(riskFlags)
      .set({
        status: decision.status,
        decision: decision.decision,
        decidedBy: decision.operatorId,
        decidedByName: decision.operatorName,
        decidedAt: sql`now()`,
      })
      .where(and(eq(riskFlags.brandId, brandId), eq(riskFlags.id, id), eq(riskFlags.status, 'open')))
      .returning({ id: riskFlags.id });
    return rows.length === 1;
  }

  /** Runs `work` in a transaction of this module's database (a decision with its audit row). */
  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async hold(memberId: number, db: Database = this.db): Promise<HoldRow | undefined> {
    const [row] = await db.select().from(withdrawalHolds).where(eq(withdrawalHolds.memberId, memberId));
    return row;
  }

  async holds(brandId: number): Promise<HoldRow[]> {
    return this.db
      .select()
      .from(withdrawalHolds)
      .where(eq(withdrawalHolds.brandId, brandId))
      .orderBy(desc(withdrawalHolds.placedAt));
  }

  async heldAmong(memberIds: number[]): Promise<Set<number>> {
    if (memberIds.length === 0) return new Set();
    const rows = await this.db
      .select({ memberId: withdrawalHolds.memberId })
      .from(withdrawalHolds)
      .where(inArray(withdrawalHolds.memberId, memberIds));
    return new Set(rows.map((r) => r.memberId));
  }

  /** Places the hold inside `tx`; the hold that stood already when there was one. */
  async placeHold(tx: Database, hold: typeof withdrawalHolds.$inferInsert): Promise<HoldRow | null> {
    const [placed] = await tx.insert(withdrawalHolds).values(hold).onConflictDoNothing().returning();
    return placed ? null : ((await this.hold(hold.memberId, tx)) ?? null);
  }

  /** Lifts the hold inside `tx`; the hold lifted, or undefined when there was none. */
  async liftHold(tx: Database, memberId: number): Promise<HoldRow | undefined> {
    const [lifted] = await tx
      .delete(withdrawalHolds)
      .where(eq(withdrawalHolds.memberId, memberId))
      .returning();
    return lifted;
  }

  async rules(brandId: number): Promise<RulesRow | undefined> {
    const [row] = await this.db
      .select({
        accountsPerAddress: riskRules.accountsPerAddress,
        accountsPerDevice: riskRules.accountsPerDevice,
        lowPlayPercent: riskRules.lowPlayPercent,
        bigWinAmount: riskRules.bigWinAmount,
      })
      .from(riskRules)
      .where(eq(riskRules.brandId, brandId));
    return row;
  }

  async saveRules(brandId: number, rules: RulesRow, alongside: Alongside) {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(riskRules)
        .values({ brandId, ...rules })
        .onConflictDoUpdate({ target: riskRules.brandId, set: { ...rules, updatedAt: sql`now()` } });
      await alongside(tx);
    });
  }
}
