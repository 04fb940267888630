import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agentContracts, agentInvitationTerms, contractTemplates } from './agents.tables';

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

  /** The house's contracts with top agents that pay or may pay: offered or in force. */
  houseContracts(brandId: number) {
    return this.db
      .select()
      .from(agentContracts)
      .where(
        and(
          eq(agentContracts.brandId, brandId),
          isNull(agentContracts.uplineId),
          inArray(agentContracts.status, ['offered', ...IN_FORCE]),
        ),
      );
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

  /**
   * Moves one contract from `from` to `to`; null when it was no longer in `from`. A contract that ends
   * takes with it the offers its member made of that kind (they were within the rate it no longer holds),
   * in the same transaction; they are answered in `withdrawn`.
   */
  async move(
    id: number,
    from: string,
    to: string,
    ended?: string,
  ): Promise<{ row: ContractRow; withdrawn: ContractRow[] } | null> {
    const final = ['rejected', 'withdrawn', 'terminated', 'superseded'].includes(to);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(agentContracts)
        .set({
          status: to,
          ...(from === 'offered' ? { decidedAt: sql`now()` } : {}),
          ...(final ? { endedAt: sql`now()`, endedReason: ended ?? to } : {}),
        })
        .where(and(eq(agentContracts.id, id), eq(agentContracts.status, from)))
        .returning();
      if (!row) return null;
      const withdrawn =
        to === 'terminated' && IN_FORCE.includes(from)
          ? await this.withdrawOffersOf(tx, row.memberId, row.kind)
          : [];
      return { row, withdrawn };
    });
  }

  /**
   * The offers an agent made of a kind and not yet answered are withdrawn (reason `upline_rate`): its own
   * contract of that kind ended, so it holds no rate to give. In `tx`, the transaction that ended it.
   */
  withdrawOffersOf(tx: Database, agentId: number, kind: string) {
    return tx
      .update(agentContracts)
      .set({ status: 'withdrawn', decidedAt: sql`now()`, endedAt: sql`now()`, endedReason: 'upline_rate' })
      .where(
        and(
          eq(agentContracts.uplineId, agentId),
          eq(agentContracts.kind, kind),
          eq(agentContracts.status, 'offered'),
        ),
      )
      .returning();
  }

  /** Withdraws an offer that can no longer be accepted (reason given); null when it was answered already. */
  async lapse(offer: ContractRow, reason: string) {
    const [row] = await this.db
      .update(agentContracts)
      .set({ status: 'withdrawn', decidedAt: sql`now()`, endedAt: sql`now()`, endedReason: reason })
      .where(and(eq(agentContracts.id, offer.id), eq(agentContracts.status, 'offered')))
      .returning();
    return row ?? null;
  }

  /**
   * Accepts an offer in one transaction. An agent's offer stands only while the agent still holds at least
   * its rate of that kind (its contract is locked first, as ending it does, so the two wait for each other):
   * otherwise the offer is withdrawn (reason `upline_rate`) and answered `lapsed`. The contracts the member
   * gave its own downline of the same kind at a higher rate end (those in force terminated, offers
   * withdrawn) if the member named every one of them, else nothing changes and they are answered; the
   * member's contract of that kind in force is superseded; the offer becomes active.
   */
  async accept(
    offer: ContractRow,
    endDownline: number[],
  ): Promise<
    | { accepted: ContractRow; withdrawn: ContractRow[] }
    | { conflicts: ContractRow[] }
    | { lapsed: ContractRow; heldBp: number }
    | null
  > {
    return this.db.transaction(async (tx) => {
      let heldBp: number | null = null;
      if (offer.uplineId !== null) {
        const [held] = await tx
          .select({ rateBp: agentContracts.rateBp })
          .from(agentContracts)
          .where(
            and(
              eq(agentContracts.memberId, offer.uplineId),
              eq(agentContracts.kind, offer.kind),
              inArray(agentContracts.status, IN_FORCE),
            ),
          )
          .for('update');
        heldBp = held?.rateBp ?? 0;
      }
      // The member's own contract of the kind next: locks go down the tree, a contract in force before an
      // offer, as every step that ends contracts takes them, so two steps wait for each other, never deadlock.
      await tx
        .select({ id: agentContracts.id })
        .from(agentContracts)
        .where(
          and(
            eq(agentContracts.memberId, offer.memberId),
            eq(agentContracts.kind, offer.kind),
            inArray(agentContracts.status, IN_FORCE),
          ),
        )
        .for('update');
      const [locked] = await tx
        .select()
        .from(agentContracts)
        .where(and(eq(agentContracts.id, offer.id), eq(agentContracts.status, 'offered')))
        .for('update');
      if (!locked) return null;
      if (heldBp !== null && heldBp < locked.rateBp) {
        const [lapsed] = await tx
          .update(agentContracts)
          .set({
            status: 'withdrawn',
            decidedAt: sql`now()`,
            endedAt: sql`now()`,
            endedReason: 'upline_rate',
          })
          .where(eq(agentContracts.id, locked.id))
          .returning();
        return { lapsed: lapsed!, heldBp };
      }
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
      const withdrawn: ContractRow[] = [];
      for (const c of conflicts) {
        // A downline whose contract ends holds no rate to give: its own offers of the kind go with it.
        if (c.status !== 'offered') withdrawn.push(...(await this.withdrawOffersOf(tx, c.memberId, c.kind)));
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
      return { accepted: accepted!, withdrawn };
    });
  }

  /**
   * A member moved away from `uplineId` (null: the house, whose contracts a top agent holds until it has
   * an upline): its contracts with it end (in force: terminated; an offer not yet answered: withdrawn),
   * and so do the offers the member made of the kinds it no longer holds, in `tx`, the move's transaction.
   */
  async endWithUpline(tx: Database, memberId: number, uplineId: number | null) {
    const ours = and(
      eq(agentContracts.memberId, memberId),
      uplineId === null ? isNull(agentContracts.uplineId) : eq(agentContracts.uplineId, uplineId),
    );
    const ended = await tx
      .update(agentContracts)
      .set({ status: 'terminated', endedAt: sql`now()`, endedReason: 'moved' })
      .where(and(ours, inArray(agentContracts.status, IN_FORCE)))
      .returning({ id: agentContracts.id, kind: agentContracts.kind });
    const withdrawn = await tx
      .update(agentContracts)
      .set({ status: 'withdrawn', decidedAt: sql`now()`, endedAt: sql`now()`, endedReason: 'moved' })
      .where(and(ours, eq(agentContracts.status, 'offered')))
      .returning({ id: agentContracts.id });
    const offers: ContractRow[] = [];
    for (const c of ended) offers.push(...(await this.withdrawOffersOf(tx, memberId, c.kind)));
    return { ended: [...ended, ...withdrawn].map((r) => r.id), offers };
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

  /** The brand's contract templates, by kind then name. */
  templates(brandId: number) {
    return this.db
      .select()
      .from(contractTemplates)
      .where(eq(contractTemplates.brandId, brandId))
      .orderBy(contractTemplates.kind, contractTemplates.name);
  }

  async template(brandId: number, id: number) {
    const [row] = await this.db
      .select()
      .from(contractTemplates)
      .where(and(eq(contractTemplates.brandId, brandId), eq(contractTemplates.id, id)));
    return row;
  }

  /**
   * Writes a template (new without `id`) with `alongside` in the same transaction; a default one takes the
   * place of its kind's previous default. Answers false when no template has that id.
   */
  async saveTemplate(
    brandId: number,
    t: { id?: number | undefined; name: string; kind: string; terms: unknown; isDefault: boolean },
    alongside: (tx: Database) => Promise<unknown>,
  ) {
    return this.db.transaction(async (tx) => {
      if (t.isDefault)
        await tx
          .update(contractTemplates)
          .set({ isDefault: false })
          .where(and(eq(contractTemplates.brandId, brandId), eq(contractTemplates.kind, t.kind)));
      const values = {
        name: t.name,
        kind: t.kind,
        terms: t.terms,
        isDefault: t.isDefault,
        updatedAt: new Date(),
      };
      const saved = t.id
        ? await tx
            .update(contractTemplates)
            .set(values)
            .where(and(eq(contractTemplates.brandId, brandId), eq(contractTemplates.id, t.id)))
            .returning({ id: contractTemplates.id })
        : await tx
            .insert(contractTemplates)
            .values({ brandId, ...values })
            .returning({ id: contractTemplates.id });
      if (saved.length === 0) return false;
      await alongside(tx);
      return true;
    });
  }

  async deleteTemplate(brandId: number, id: number, alongside: (tx: Database) => Promise<unknown>) {
    return this.db.transaction(async (tx) => {
      const gone = await tx
        .delete(contractTemplates)
        .where(and(eq(contractTemplates.brandId, brandId), eq(contractTemplates.id, id)))
        .returning({ id: contractTemplates.id });
      if (gone.length === 0) return false;
      await alongside(tx);
      return true;
    });
  }

  /** The house's offer to a top agent, with `alongside` in its transaction; null when one is waiting. */
  async insertHouseOffer(
    offer: { brandId: number; kind: string; memberId: number; terms: unknown; rateBp: number },
    alongside: (tx: Database) => Promise<unknown>,
  ) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(agentContracts)
        .values({ ...offer, uplineId: null, status: 'offered' })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      await alongside(tx);
      return row;
    });
  }

  /** The house ends a contract of its own: in force, terminated; an offer, withdrawn. Null when neither. */
  async endHouse(brandId: number, id: number, alongside: (tx: Database) => Promise<unknown>) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(agentContracts)
        .set({
          status: sql`CASE WHEN ${agentContracts.status} = 'offered' THEN 'withdrawn' ELSE 'terminated' END`,
          endedAt: sql`now()`,
          endedReason: 'ended_by_house',
        })
        .where(
          and(
            eq(agentContracts.id, id),
            eq(agentContracts.brandId, brandId),
            sql`${agentContracts.uplineId} IS NULL`,
            inArray(agentContracts.status, ['offered', ...IN_FORCE]),
          ),
        )
        .returning();
      if (!row) return null;
      const withdrawn =
        row.status === 'terminated' ? await this.withdrawOffersOf(tx, row.memberId, row.kind) : [];
      await alongside(tx);
      return { row, withdrawn };
    });
  }
}
