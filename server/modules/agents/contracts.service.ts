import {
  type ContractEvent,
  type ContractStatus,
  contractAllows,
  isInForce,
} from '../../../src/agents/contract-lifecycle';
import {
  CONTRACT_KINDS,
  type ContractKind,
  type ContractTerms,
  type ContractView,
  contractRate,
} from '../../../src/api/contract/agents';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../http/app-error';
import { isAgentType } from '../accounts/accounts.service';
import type { Brand } from '../brand/brand.service';
import type { MemberEvents } from '../events/member-events';
import type { AgentsRepository } from './agents.repository';
import type { ContractRow, ContractsRepository } from './contracts.repository';
import { categoryEdges, type EdgeSources, edgeShortfall, othersOf } from './house-edges';

/** What contracts ask of other modules (server/app.ts passes them in). */
export interface ContractPorts {
  memberByUsername(
    brandId: number,
    username: string,
  ): Promise<{ id: number; userType: number; parentId: number | null } | undefined>;
  usernames(ids: number[]): Promise<Map<number, string>>;
  /** The games on offer with what gives their edge (games, originals and lottery services). */
  edgeSources(brand: Brand): Promise<EdgeSources>;
}

type Caller = { id: number; userType: number; parentId: number | null };

/** A rate for a message: written in the caller's language when the answer is ("0,50%" in PT). */
const percent = (bp: number) => ({ percentBp: bp });

/**
 * Contracts between an agent and its direct downline (spec 3, 4.8): offered by the agent, answered by the
 * member in the contract dialog, ended by either side as the lifecycle allows
 * (src/agents/contract-lifecycle.ts, the one definition both the server and the dialog follow).
 */
export class ContractsService {
  constructor(
    private readonly repo: ContractsRepository,
    private readonly tree: AgentsRepository,
    private readonly ports: ContractPorts,
    private readonly events?: MemberEvents,
  ) {}

  private async views(rows: ContractRow[]): Promise<ContractView[]> {
    const ids = rows.flatMap((r) => (r.uplineId === null ? [r.memberId] : [r.uplineId, r.memberId]));
    const names = await this.ports.usernames([...new Set(ids)]);
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind as ContractKind,
      status: r.status as ContractStatus,
      upline: r.uplineId === null ? null : (names.get(r.uplineId) ?? ''),
      member: names.get(r.memberId) ?? '',
      terms: r.terms as ContractTerms,
      rateBp: r.rateBp,
      offeredAt: r.offeredAt.getTime(),
      decidedAt: r.decidedAt?.getTime() ?? null,
      endedAt: r.endedAt?.getTime() ?? null,
      endedReason: r.endedReason,
    }));
  }

  /**
   * The most an agent may give of a kind: the rate of its own contract of that kind in force (from its
   * upline, or from the house for a top agent); nothing without one.
   */
  private async ownCap(agent: { id: number }, kind: string) {
    return (await this.repo.inForce(agent.id, kind))?.rateBp ?? 0;
  }

  /**
   * What the house cannot afford in these terms: a category the contract counts on which its rate, the
   * house's other contracts in force with the same agent (of other kinds: one of the same kind is replaced)
   * and the category's rebate give away more than the house edge (docs/agents.md "The house edge"); null
   * if none.
   */
  private async houseEdgeShortfall(brand: Brand, terms: ContractTerms, agentId?: number) {
    const others =
      agentId === undefined
        ? []
        : (await this.repo.held(agentId)).filter(
            (c) => c.uplineId === null && c.kind !== terms.kind && isInForce(c.status as ContractStatus),
          );
    const edges = await categoryEdges(await this.ports.edgeSources(brand));
    return edgeShortfall(terms, edges, brand.rebateRates ?? {}, othersOf(others));
  }

  private edgeRefusal(short: NonNullable<Awaited<ReturnType<ContractsService['houseEdgeShortfall']>>>) {
    return new AppError('CONTRACT_ABOVE_HOUSE_EDGE', {
      category: { text: `titles.${short.category}` },
      edge: percent(short.edgeBp),
      rebate: percent(short.rebateBp),
      rate: percent(Math.max(0, short.mostBp)),
    });
  }

  /**
   * Refuses a change of the games on offer (an edge lowered, odds raised, a game switched on) that would
   * leave one of the house's contracts with a top agent, offered or in force, paying more than the house
   * keeps: `change` gives the games as they would be. The operator ends or lowers the contract first. A
   * contract already past the edge (made before this check, or by a rebate raised since) blocks only a
   * change that makes it worse, not every other change of the games.
   */
  async checkEdgesCover(brand: Brand, change: (sources: EdgeSources) => EdgeSources) {
    const contracts = (await this.repo.houseContracts(brand.id)).filter(
      (c) => c.status === 'offered' || isInForce(c.status as ContractStatus),
    );
    if (contracts.length === 0) return;
    const sources = await this.ports.edgeSources(brand);
    const [now, after] = await Promise.all([categoryEdges(sources), categoryEdges(change(sources))]);
    const rebates = brand.rebateRates ?? {};
    for (const c of contracts) {
      // As when it was offered: beside the agent's other kinds in force (one of its own kind it replaces).
      const others = othersOf(
        contracts.filter(
          (o) => o.memberId === c.memberId && o.kind !== c.kind && isInForce(o.status as ContractStatus),
        ),
      );
      const terms = c.terms as ContractTerms;
      const short = edgeShortfall(terms, after, rebates, others);
      if (!short) continue;
      const before = edgeShortfall(terms, now, rebates, others);
      if (before && before.mostBp <= short.mostBp) continue;
      const agent = (await this.ports.usernames([c.memberId])).get(c.memberId) ?? '';
      throw new AppError('EDGE_BELOW_CONTRACT', {
        agent,
        category: { text: `titles.${short.category}` },
        edge: percent(short.edgeBp),
        rebate: percent(short.rebateBp),
        rate: percent(c.rateBp),
      });
    }
  }

  private async checkHouseEdge(brand: Brand, terms: ContractTerms, agentId?: number) {
    const short = await this.houseEdgeShortfall(brand, terms, agentId);
    if (short) throw this.edgeRefusal(short);
  }

  async offer(brand: Brand, agent: Caller, body: { username: string; terms: ContractTerms }) {
    if (!isAgentType(agent.userType)) throw new AppError('AGENTS_ONLY');
    const member = await this.ports.memberByUsername(brand.id, body.username);
    const depth = member ? await this.tree.depthBelow(agent.id, member.id) : null;
    if (!member || depth === null) throw new AppError('NOT_IN_DOWNLINE');
    if (depth !== 1) throw new AppError('CONTRACT_DIRECT_ONLY');
    const rateBp = contractRate(body.terms);
    const cap = await this.ownCap(agent, body.terms.kind);
    if (rateBp > cap) throw new AppError('CONTRACT_RATE_ABOVE_OWN', { rate: percent(cap) });
    const row = await this.repo.insertOffer({
      brandId: brand.id,
      kind: body.terms.kind,
      uplineId: agent.id,
      memberId: member.id,
      terms: body.terms,
      rateBp,
    });
    if (!row) throw new AppError('CONTRACT_PENDING');
    await this.events?.publish(member.id, { type: 'contract', contractId: row.id, status: 'offered' });
    return (await this.views([row]))[0]!;
  }

  /** The agent's own rate per kind: the most it may offer (registerCenter shows it beside the defaults). */
  async caps(agent: Caller) {
    const entries = await Promise.all(
      CONTRACT_KINDS.map(async (kind) => [kind, await this.ownCap(agent, kind)] as const),
    );
    return Object.fromEntries(entries) as Record<ContractKind, number>;
  }

  /** What the agent's invitation carries, and its caps. */
  async invitationDefaults(agent: Caller) {
    if (!isAgentType(agent.userType)) throw new AppError('AGENTS_ONLY');
    const [defaults, caps] = await Promise.all([this.repo.invitationTerms(agent.id), this.caps(agent)]);
    return { defaults: defaults as ContractTerms[], caps };
  }

  /** Sets the contracts the agent's invitation carries; each at most the agent's own rate of its kind. */
  async setInvitationDefaults(agent: Caller, defaults: ContractTerms[]) {
    if (!isAgentType(agent.userType)) throw new AppError('AGENTS_ONLY');
    const caps = await this.caps(agent);
    for (const terms of defaults) {
      const cap = caps[terms.kind];
      if (contractRate(terms) > cap) throw new AppError('CONTRACT_RATE_ABOVE_OWN', { rate: percent(cap) });
    }
    await this.repo.replaceInvitationTerms(agent.id, defaults);
    return this.invitationDefaults(agent);
  }

  /**
   * A member joined directly under `agentId` (registered with its code, or opened by it): it is offered
   * the contracts the agent's invitation carries, each still within the agent's own rate (one the agent
   * may no longer give is skipped). Answers how many were offered.
   */
  async offerInvitationTerms(brand: Brand, agentId: number, memberId: number) {
    const defaults = (await this.repo.invitationTerms(agentId)) as ContractTerms[];
    let offered = 0;
    for (const terms of defaults) {
      const rateBp = contractRate(terms);
      if (rateBp > (await this.ownCap({ id: agentId }, terms.kind))) continue;
      const row = await this.repo.insertOffer({
        brandId: brand.id,
        kind: terms.kind,
        uplineId: agentId,
        memberId,
        terms,
        rateBp,
      });
      if (row) offered++;
    }
    return offered;
  }

  /** One step of the lifecycle on a contract the caller is a side of. */
  private async step(
    caller: { id: number },
    contractId: number,
    event: (side: 'upline' | 'downline') => ContractEvent,
    reason?: string,
  ) {
    const row = await this.repo.byId(contractId);
    const side = row?.uplineId === caller.id ? 'upline' : row?.memberId === caller.id ? 'downline' : null;
    if (!row || !side) throw new AppError('CONTRACT_NOT_FOUND');
    const to = contractAllows(row.status as ContractStatus, event(side));
    if (!to) throw new AppError('CONTRACT_NOT_ALLOWED');
    const moved = await this.repo.move(row.id, row.status, to, reason);
    if (!moved) throw new AppError('CONTRACT_NOT_ALLOWED');
    const other = side === 'upline' ? row.memberId : row.uplineId;
    if (other !== null)
      await this.events?.publish(other, { type: 'contract', contractId: row.id, status: to });
    await this.announceWithdrawn(moved.withdrawn);
    return (await this.views([moved.row]))[0]!;
  }

  /** Tells each member whose offer was withdrawn because its agent's own contract ended. */
  private async announceWithdrawn(rows: ContractRow[]) {
    for (const r of rows)
      await this.events?.publish(r.memberId, { type: 'contract', contractId: r.id, status: 'withdrawn' });
  }

  /** The agent takes back an offer not yet answered. */
  withdraw(agent: Caller, contractId: number) {
    return this.step(agent, contractId, (by) => ({ type: 'WITHDRAW', by }), 'withdrawn');
  }

  /** The agent asks to end a contract (or takes its request back); the member answers. */
  requestTermination(agent: Caller, contractId: number) {
    return this.step(agent, contractId, (by) => ({ type: 'TERMINATE', by }));
  }

  /** The member's answer (the relay calls of spec 7.2 carry it): accept, reject, or end a contract. */
  async answer(
    brand: Brand,
    member: Caller,
    kind: ContractKind,
    body: { contractId: number; action: 'accept' | 'reject' | 'terminate'; endDownline: number[] },
  ) {
    const row = await this.repo.byId(body.contractId);
    if (!row || row.memberId !== member.id || row.brandId !== brand.id || row.kind !== kind)
      throw new AppError('CONTRACT_NOT_FOUND');
    const status = row.status as ContractStatus;
    if (body.action === 'terminate')
      return this.step(member, row.id, (by) => ({ type: 'TERMINATE', by }), 'terminated_by_member');
    if (status === 'termination_requested') {
      const type = body.action === 'accept' ? 'ACCEPT_TERMINATION' : 'REJECT_TERMINATION';
      return this.step(member, row.id, (by) => ({ type, by }), 'terminated_by_agreement');
    }
    if (body.action === 'reject')
      return this.step(member, row.id, (by) => ({ type: 'REJECT', by }), 'rejected');
    if (!contractAllows(status, { type: 'ACCEPT', by: 'downline' }))
      throw new AppError('CONTRACT_NOT_ALLOWED');
    // The house's offer is checked again: an edge lowered or a rebate raised since it was made counts now.
    if (row.uplineId === null) {
      const short = await this.houseEdgeShortfall(brand, row.terms as ContractTerms, row.memberId);
      if (short) {
        await this.repo.lapse(row, 'house_edge');
        throw this.edgeRefusal(short);
      }
    }
    const done = await this.repo.accept(row, body.endDownline);
    if (!done) throw new AppError('CONTRACT_NOT_ALLOWED');
    if ('conflicts' in done) {
      throw new AppError('CONTRACT_ENDS_DOWNLINE', {}, { contracts: await this.views(done.conflicts) });
    }
    if ('lapsed' in done) {
      if (row.uplineId !== null)
        await this.events?.publish(row.uplineId, {
          type: 'contract',
          contractId: row.id,
          status: 'withdrawn',
        });
      throw new AppError('CONTRACT_OFFER_LAPSED', { rate: percent(done.heldBp) });
    }
    if (row.uplineId !== null)
      await this.events?.publish(row.uplineId, { type: 'contract', contractId: row.id, status: 'active' });
    await this.announceWithdrawn(done.withdrawn);
    return (await this.views([done.accepted]))[0]!;
  }

  async ofAgent(agent: Caller) {
    if (!isAgentType(agent.userType)) throw new AppError('AGENTS_ONLY');
    const [given, held] = await Promise.all([this.repo.given(agent.id), this.repo.held(agent.id)]);
    return { given: await this.views(given), held: await this.views(held) };
  }

  /** Requests waiting for the member's answer (the contract dialog). */
  async pending(memberId: number) {
    return this.views(await this.repo.pendingFor(memberId));
  }

  /** Contracts in force held by the member (settlement and the member's own view). */
  async heldInForce(memberId: number) {
    return (await this.views(await this.repo.held(memberId))).filter((c) => isInForce(c.status));
  }

  /** Every contract the member holds or gives, newest first (the back office's agent tree). */
  async ofMember(memberId: number) {
    const [given, held] = await Promise.all([this.repo.given(memberId), this.repo.held(memberId)]);
    return (await this.views([...held, ...given])).sort((a, b) => b.offeredAt - a.offeredAt);
  }

  /**
   * A member left `uplineId` (moved in the back office; null: a top agent leaving the house for an
   * upline): its contracts with it end, in the move's `tx`. Answers the ids of the contracts ended, and a
   * function that tells the members whose offers went with them, to call once the move has committed.
   */
  async endWithUpline(tx: Database, memberId: number, uplineId: number | null) {
    const { ended, offers } = await this.repo.endWithUpline(tx, memberId, uplineId);
    return { ended: [...ended, ...offers.map((o) => o.id)], announce: () => this.announceWithdrawn(offers) };
  }

  /** The brand's templates for an agent's offer form, each kind's default first. */
  async templatesFor(brand: Brand, agent: Caller) {
    if (!isAgentType(agent.userType)) throw new AppError('AGENTS_ONLY');
    return (await this.templates(brand.id)).sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  }

  // ---- the house's side (the back office) ------------------------------------------------------------

  async templates(brandId: number) {
    return (await this.repo.templates(brandId)).map((t) => ({
      id: t.id,
      name: t.name,
      kind: t.kind as ContractKind,
      terms: t.terms as ContractTerms,
      isDefault: t.isDefault,
      updatedAt: t.updatedAt.getTime(),
    }));
  }

  /** Writes a template; its terms must leave the house its edge, as the house's offers from it must. */
  async saveTemplate(
    brand: Brand,
    body: { id?: number | undefined; name: string; terms: ContractTerms; isDefault: boolean },
    alongside: (tx: Database) => Promise<unknown>,
  ) {
    const brandId = brand.id;
    await this.checkHouseEdge(brand, body.terms);
    try {
      const saved = await this.repo.saveTemplate(brandId, { ...body, kind: body.terms.kind }, alongside);
      if (!saved) throw new AppError('TEMPLATE_NOT_FOUND');
    } catch (error) {
      if (isUniqueViolation(error, 'contract_templates_name_uq')) throw new AppError('TEMPLATE_NAME_TAKEN');
      throw error;
    }
    return this.templates(brandId);
  }

  async deleteTemplate(brandId: number, id: number, alongside: (tx: Database) => Promise<unknown>) {
    if (!(await this.repo.deleteTemplate(brandId, id, alongside))) throw new AppError('TEMPLATE_NOT_FOUND');
    return this.templates(brandId);
  }

  /**
   * The house offers a top agent (an agent with no upline) a contract from a template; the agent answers
   * in its contract dialog. Paid from the commission account once accepted.
   */
  async offerFromHouse(
    brand: Brand,
    member: { id: number; userType: number; parentId: number | null },
    templateId: number,
    alongside: (tx: Database) => Promise<unknown>,
  ) {
    if (!isAgentType(member.userType) || member.parentId !== null)
      throw new AppError('HOUSE_TOP_AGENTS_ONLY');
    const template = await this.repo.template(brand.id, templateId);
    if (!template) throw new AppError('TEMPLATE_NOT_FOUND');
    const terms = template.terms as ContractTerms;
    await this.checkHouseEdge(brand, terms, member.id);
    const row = await this.repo.insertHouseOffer(
      { brandId: brand.id, kind: terms.kind, memberId: member.id, terms, rateBp: contractRate(terms) },
      alongside,
    );
    if (!row) throw new AppError('CONTRACT_PENDING');
    await this.events?.publish(member.id, { type: 'contract', contractId: row.id, status: 'offered' });
    return row;
  }

  async endFromHouse(brand: Brand, contractId: number, alongside: (tx: Database) => Promise<unknown>) {
    const ended = await this.repo.endHouse(brand.id, contractId, alongside);
    if (!ended) throw new AppError('CONTRACT_NOT_FOUND');
    const { row, withdrawn } = ended;
    await this.events?.publish(row.memberId, {
      type: 'contract',
      contractId: row.id,
      status: row.status as ContractStatus,
    });
    await this.announceWithdrawn(withdrawn);
    return row;
  }
}
