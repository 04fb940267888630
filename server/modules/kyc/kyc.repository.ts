import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { kycDocuments, memberErasures } from './kyc.tables';

/** Advisory lock space for one member's uploads (the second key is the member id). */
const UPLOADS_LOCK = 0x6b796364;

const listed = {
  id: kycDocuments.id,
  memberId: kycDocuments.memberId,
  kind: kycDocuments.kind,
  status: kycDocuments.status,
  reason: kycDocuments.reason,
  mime: kycDocuments.mime,
  size: kycDocuments.size,
  decidedByName: kycDocuments.decidedByName,
  createdAt: kycDocuments.createdAt,
  decidedAt: kycDocuments.decidedAt,
};
export type DocumentRow = {
  id: number;
  memberId: number;
  kind: string;
  status: string;
  reason: string | null;
  mime: string;
  size: number;
  decidedByName: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

/** Identity documents and erasures (the kyc module's tables). */
export class KycRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stores documents unless the member would have more than `maxPending` waiting. Uploads sent at once
   * take turns on a lock held until commit: each counts what the one before it stored.
   */
  async addDocuments(
    brandId: number,
    memberId: number,
    kind: string,
    files: Array<{ mime: string; data: Buffer }>,
    check: (pending: number) => void,
  ) {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${UPLOADS_LOCK}::integer, ${memberId}::integer)`);
      const [waiting] = await tx
        .select({ n: count() })
        .from(kycDocuments)
        .where(and(eq(kycDocuments.memberId, memberId), eq(kycDocuments.status, 'pending')));
      check(waiting?.n ?? 0);
      return tx
        .insert(kycDocuments)
        .values(
          files.map((f) => ({ brandId, memberId, kind, mime: f.mime, size: f.data.length, data: f.data })),
        )
        .returning({ id: kycDocuments.id });
    });
  }

  documentsOf(memberId: number): Promise<DocumentRow[]> {
    return this.db
      .select(listed)
      .from(kycDocuments)
      .where(eq(kycDocuments.memberId, memberId))
      .orderBy(desc(kycDocuments.createdAt), desc(kycDocuments.id));
  }

  /** A brand's documents in a status, oldest first (the review queue). */
  queue(brandId: number, status: string, limit: number): Promise<DocumentRow[]> {
    return this.db
      .select(listed)
      .from(kycDocuments)
      .where(and(eq(kycDocuments.brandId, brandId), eq(kycDocuments.status, status)))
      .orderBy(status === 'pending' ? asc(kycDocuments.createdAt) : desc(kycDocuments.decidedAt))
      .limit(limit);
  }

  async document(brandId: number, id: number): Promise<DocumentRow | undefined> {
    const [row] = await this.db
      .select(listed)
      .from(kycDocuments)
      .where(and(eq(kycDocuments.brandId, brandId), eq(kycDocuments.id, id)));
    return row;
  }

  /** A document's file, for the operator of its brand (undefined when there is none, or it was erased). */
  async file(brandId: number, id: number) {
    const [row] = await this.db
      .select({ mime: kycDocuments.mime, data: kycDocuments.data })
      .from(kycDocuments)
      .where(and(eq(kycDocuments.brandId, brandId), eq(kycDocuments.id, id)));
    return row?.data ? { mime: row.mime, data: row.data } : undefined;
  }

  /**
   * Decides a pending document and runs `alongside` (the audit row) in the same transaction; undefined
   * when it is not pending any more (another operator decided first).
   */
  async decide(
    brandId: number,
    id: number,
    decision: {
      status: 'approved' | 'rejected';
      reason: string | null;
      operatorId: number;
      operatorName: string;
    },
    alongside: (tx: Database, row: DocumentRow) => Promise<void>,
  ) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(kycDocuments)
        .set({
          status: decision.status,
          reason: decision.reason,
          decidedBy: decision.operatorId,
          decidedByName: decision.operatorName,
          decidedAt: sql`now()`,
        })
        .where(
          and(eq(kycDocuments.brandId, brandId), eq(kycDocuments.id, id), eq(kycDocuments.status, 'pending')),
        )
        .returning(listed);
      if (row) await alongside(tx as unknown as Database, row);
      return row;
    });
  }

  /** Whether each member has an approved document. */
  async approvedMembers(memberIds: number[]) {
    if (memberIds.length === 0) return new Set<number>();
    const rows = await this.db
      .selectDistinct({ memberId: kycDocuments.memberId })
      .from(kycDocuments)
      .where(and(inArray(kycDocuments.memberId, memberIds), eq(kycDocuments.status, 'approved')));
    return new Set(rows.map((r) => r.memberId));
  }

  /** In the erasure's transaction: the files go (the rows and decisions stay), and the erasure is recorded. */
  async eraseFiles(tx: Database, brandId: number, memberId: number, operatorId: number) {
    await tx.update(kycDocuments).set({ data: null }).where(eq(kycDocuments.memberId, memberId));
    await tx.insert(memberErasures).values({ memberId, brandId, operatorId }).onConflictDoNothing();
  }

  async erasedAt(memberId: number) {
    const [row] = await this.db
      .select({ at: memberErasures.erasedAt })
      .from(memberErasures)
      .where(eq(memberErasures.memberId, memberId));
    return row?.at ?? null;
  }
}
