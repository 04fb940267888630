import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agentContracts, agentInvitationTerms } from './agents.tables';

export type ContractRow = typeof agentContracts.$inferSelect;

const IN_FORCE = ['active', 'termination_requested'];

/** Conditional status changes: each applies only if the contract is still in the status it was read in. */
export class ContractsRepository {
  constructor(private readonly db: Database) {}

  async insertOffer(offer: {
    brandId: number;
    kind: string;
    uplineId: number;
    memberId: number;
    terms: unknown;
    rateBp: number;
  }): Promise<ContractRow | null> {
    const [row] = await this.db
      .insert(agentContracts)
      .values({ ...offer, status: 'offered' })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  async byId(id: number): Promise<ContractRow | undefined> {
    const [row] = await this.db.select().from(agentContracts).where(eq(agentContracts.id, id));
    return row;
  }

  /** The member's contract of this kind in force, if any. */
  async inForce(memberId: number, kind: string): Promise<ContractRow | undefined> {
    const [row] = await this.db
      .select()
      .from(agentContracts)
      .where(
        and(
          eq(agentContracts.memberId, memberId),
          eq(agentContracts.kind, kind),
          inArray(agentContracts.status, IN_FORCE),
        ),
      );
    return row;
  }

  given(uplineId: number, limit = 200) {
    return this.db
      .select()
      .from(agentContracts)
      .where(eq(agentContracts.uplineId, uplineId))
      .orderBy(desc(agentContracts.id))
      .limit(limit);
  }

  held(memberId: number, limit = 200) {
    return this.db
      .select()
      .from(agentContracts)
      .where(eq(agentContracts.memberId, memberId))
      .orderBy(desc(agentContracts.id))
      .limit(limit);
  }

  /** Requests waiting for the member's answer: offers, and terminations its upline asked for. */
  pendingFor(memberId: number) {
    return this.db
      .select()
      .from(agentContracts)
      .where(
        and(
          eq(agentContracts.memberId, memberId),
          inArray(agentContracts.status, ['offered', 'termination_requested']),
        ),
      )
      .orderBy(desc(agentContracts.id));
  }

  /** Moves one contract from `from` to `to`; null when it was no longer in `from`. */
  async move(id: number, from: string, to: string, ended?: string): Promise<ContractRow | null> {
    const final = ['rejected', 'withdrawn', 'terminated', 'superseded'].includes(to);
    const [row] = await this.db
      .update(agentContracts)
      .set({
        status: to,
        ...(from === 'offered' ? { decidedAt: sql`now()` } : {}),
        ...(final ? { endedAt: sql`now()`, endedReason: ended ?? to } : {}),
      })
      .where(and(eq(agentContracts.id, id), eq(agentContracts.status, from)))
      .returning();
    return row ?? null;
  }

  /**
   * Accepts an offer in one transaction: the contracts the member gave its own downline of the same kind
   * at a higher rate end (those in force terminated, offers withdrawn) if the member named every one of
   * them, else nothing changes and they are answered; the member's contract of that kind in force is
   * superseded; the offer becomes active.
   */
  async accept(
    offer: ContractRow,
    endDownline: number[],
  ): Promise<{ accepted: ContractRow } | { conflicts: ContractRow[] } | null> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(agentContracts)
        .where(and(eq(agentContracts.id, offer.id), eq(agentContracts.status, 'offered')))
        .for('update');
      if (!locked) return null;
      const conflicts = await tx
        .select()
        .from(agentContracts)
        .where(
          and(
            eq(agentContracts.uplineId, offer.memberId),
            eq(agentContracts.kind, offer.kind),
            gt(agentContracts.rateBp, offer.rateBp),
            or(inArray(agentContracts.status, IN_FORCE), eq(agentContracts.status, 'offered')),
          ),
        )
        .for('update');
      const agreed = new Set(endDownline);
      if (conflicts.some((c) => !agreed.has(c.id))) return { conflicts };
      for (const c of conflicts) {
        await tx
          .update(agentContracts)
          .set({
            status: c.status === 'offered' ? 'withdrawn' : 'terminated',
            endedAt: sql`now()`,
            endedReason: 'upline_rate',
            ...(c.status === 'offered' ? { decidedAt: sql`now()` } : {}),
          })
          .where(and(eq(agentContracts.id, c.id), eq(agentContracts.status, c.status)));
      }
      await tx
        .update(agentContracts)
        .set({ status: 'superseded', endedAt: sql`now()`, endedReason: 'replaced' })
        .where(
          and(
            eq(agentContracts.memberId, offer.memberId),
            eq(agentContracts.kind, offer.kind),
            inArray(agentContracts.status, IN_FORCE),
          ),
        );
      const [accepted] = await tx
        .update(agentContracts)
        .set({ status: 'active', decidedAt: sql`now()` })
        .where(eq(agentContracts.id, offer.id))
        .returning();
      return { accepted: accepted! };
    });
  }

  /**
   * A member moved away from `uplineId`: its contracts with that upline end (in force: terminated; an
   * offer not yet answered: withdrawn), in `tx`, the move's transaction.
   */
  async endWithUpline(tx: Database, memberId: number, uplineId: number) {
    const ours = and(eq(agentContracts.memberId, memberId), eq(agentContracts.uplineId, uplineId));
    const ended = await tx
      .update(agentContracts)
      .set({ status: 'terminated', endedAt: sql`now()`, endedReason: 'moved' })
      .where(and(ours, inArray(agentContracts.status, IN_FORCE)))
      .returning({ id: agentContracts.id });
    const withdrawn = await tx
      .update(agentContracts)
      .set({ status: 'withdrawn', endedAt: sql`now()`, endedReason: 'moved' })
      .where(and(ours, eq(agentContracts.status, 'offered')))
      .returning({ id: agentContracts.id });
    return [...ended, ...withdrawn].map((r) => r.id);
  }

  /** The contracts an agent's invitation carries. */
  async invitationTerms(agentId: number) {
    const rows = await this.db
      .select()
      .from(agentInvitationTerms)
      .where(eq(agentInvitationTerms.agentId, agentId))
      .orderBy(agentInvitationTerms.kind);
    return rows.map((r) => r.terms);
  }

  /** Replaces what an agent's invitation carries, in one transaction. */
  async replaceInvitationTerms(agentId: number, terms: Array<{ kind: string }>) {
    await this.db.transaction(async (tx) => {
      await tx.delete(agentInvitationTerms).where(eq(agentInvitationTerms.agentId, agentId));
      if (terms.length > 0)
        await tx.insert(agentInvitationTerms).values(terms.map((t) => ({ agentId, kind: t.kind, terms: t })));
    });
  }
}
