import type { ContractKind, ContractTerms, ContractView } from '../../../src/api/contract/agents';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { startOfDay } from '../../lib/brand-days';
import type { ApprovalRow } from '../backoffice/approvals.repository';
import type { BackofficeService, OperatorContext } from '../backoffice/backoffice.service';
import type { ApprovalExecutor } from '../backoffice/money-approvals.service';
import type { ContractsService } from './contracts.service';
import type { PayPeriod } from './periods';
import type { SettlementService } from './settlement.service';

/** A re-run as its first operator asked for it (kept on its approval). */
interface RerunRequest {
  kind: ContractKind;
  payPeriod?: PayPeriod | undefined;
  day: string;
  hour: number;
  minute: number;
  periodKey: string;
  reason: string;
}

type TreeView = {
  id: number;
  parentId: number | null;
  username: string;
  userType: number;
  status: string;
  joinedAt: Date;
  teamSize: number;
  directCount: number;
  uplines: string[];
  downline: { username: string; userType: number; joinedAt: Date; teamSize: number }[];
};

/** What the back office's agent pages ask of the accounts and agents modules (server/app.ts wires them). */
export interface AgentsAdminPorts {
  treeView(brandId: number, username: string): Promise<TreeView | undefined>;
  memberId(brandId: number, username: string): Promise<number | undefined>;
  moveMember(
    brandId: number,
    memberId: number,
    uplineId: number | null,
    alongside: (tx: Database, oldParentId: number | null) => Promise<unknown>,
  ): Promise<{ oldParentId: number | null }>;
  contractsOf(memberId: number): Promise<ContractView[]>;
  usernameOf(memberId: number): Promise<string | undefined>;
  /** Ends a member's contracts with the upline it leaves (null: the house's, for a top agent). */
  endContractsWithUpline(
    tx: Database,
    memberId: number,
    uplineId: number | null,
  ): Promise<{ ended: number[]; announce: () => Promise<void> }>;
  isAgentType(userType: number): boolean;
  settlement: Pick<SettlementService, 'runs' | 'runBills' | 'rerun' | 'periodOf'>;
  contracts: Pick<
    ContractsService,
    'templates' | 'saveTemplate' | 'deleteTemplate' | 'offerFromHouse' | 'endFromHouse'
  >;
}

/**
 * The back office's agent pages: the agent tree (find a member, see its uplines, downline and contracts,
 * move it under another agent with its audit row in the same transaction), and settlement runs with their
 * bills and a re-run of a period.
 */
export class AgentsAdmin {
  constructor(
    private readonly backoffice: BackofficeService,
    private readonly ports: AgentsAdminPorts,
  ) {
    backoffice.approvals.provide('settlement', this.runApprovedRerun, this.finishRerun);
  }

  async tree(ctx: OperatorContext, query: { username: string }) {
    this.backoffice.require(ctx, 'agents.read');
    const view = await this.ports.treeView(ctx.brand.id, query.username);
    if (!view) throw new AppError('MEMBER_NOT_FOUND');
    return {
      member: {
        username: view.username,
        userType: view.userType,
        status: view.status,
        isAgent: this.ports.isAgentType(view.userType),
        joinedAt: view.joinedAt.getTime(),
        teamSize: view.teamSize,
      },
      uplines: view.uplines,
      downline: view.downline.map((d) => ({
        username: d.username,
        isAgent: this.ports.isAgentType(d.userType),
        joinedAt: d.joinedAt.getTime(),
        teamSize: d.teamSize,
      })),
      downlineTotal: view.directCount,
      contracts: await this.ports.contractsOf(view.id),
    };
  }

  /**
   * Moves a member and its downline under another agent (or to the top). Its contracts with the agent it
   * leaves end, or, for a top agent given an upline, its contracts with the house (only a top agent is
   * paid by the house); the offers it made of the kinds it no longer holds are withdrawn. The audit row
   * names both uplines, the reason and every contract ended; all in one transaction.
   */
  async move(ctx: OperatorContext, body: { username: string; upline: string; reason: string }) {
    this.backoffice.require(ctx, 'agents.manage');
    await this.relocate(ctx, body);
    return this.tree(ctx, { username: body.username });
  }

  /**
   * The move itself, for a caller whose route has checked its own permission (the member page's change
   * of agent, members.manage). The audit row holds the uplines before and after by name.
   */
  async relocate(ctx: OperatorContext, body: { username: string; upline: string; reason: string }) {
    const view = await this.ports.treeView(ctx.brand.id, body.username);
    if (!view) throw new AppError('MEMBER_NOT_FOUND');
    const memberId = view.id;
    const oldUpline = view.uplines.at(-1) ?? null;
    let uplineId: number | null = null;
    if (body.upline) {
      uplineId = (await this.ports.memberId(ctx.brand.id, body.upline)) ?? null;
      if (uplineId === null) throw new AppError('UPLINE_NOT_AGENT');
    }
    let announce = async () => {};
    await this.ports.moveMember(ctx.brand.id, memberId, uplineId, async (tx, oldParentId) => {
      const left =
        oldParentId !== uplineId ? await this.ports.endContractsWithUpline(tx, memberId, oldParentId) : null;
      announce = left?.announce ?? announce;
      await this.backoffice.audit(
        {
          operatorId: ctx.operator.id,
          brandId: ctx.brand.id,
          action: 'agent_tree_move',
          target: body.username,
          detail: {
            from: oldParentId,
            to: uplineId,
            toUsername: body.upline || null,
            reason: body.reason,
            before: { upline: oldParentId === null ? null : oldUpline },
            after: { upline: body.upline || null },
            endedContracts: left?.ended ?? [],
          },
          ip: ctx.ip,
        },
        tx,
      );
    });
    await announce();
  }

  async runs(
    ctx: OperatorContext,
    query: { kind?: ContractKind | undefined; page: number; pageSize: number },
  ) {
    this.backoffice.require(ctx, 'agents.read');
    return this.ports.settlement.runs(ctx.brand, query);
  }

  async runBills(
    ctx: OperatorContext,
    query: { kind: ContractKind; periodKey: string; page: number; pageSize: number },
  ) {
    this.backoffice.require(ctx, 'agents.read');
    return this.ports.settlement.runBills(ctx.brand, query);
  }

  /** The instant a re-run names: the day, hour and minute of the brand's calendar. */
  private instant(ctx: OperatorContext, body: { day: string; hour: number; minute: number }) {
    return new Date(
      startOfDay(body.day, ctx.brand.timeZone).getTime() + (body.hour * 60 + body.minute) * 60_000,
    );
  }

  /**
   * Asks for a period to be settled again. It moves agents' money, whatever it comes to, so it is filed
   * for a second operator (four eyes) and runs only when one with 'money.approve' approves it. The
   * period must be over; a request already waiting on the same kind and period is the one answered.
   */
  async rerun(
    ctx: OperatorContext,
    body: {
      kind: ContractKind;
      payPeriod?: PayPeriod | undefined;
      day: string;
      hour: number;
      minute: number;
      reason: string;
      requestId: string;
    },
  ) {
    this.backoffice.require(ctx, 'money.adjust');
    const at = this.instant(ctx, body);
    const period = this.ports.settlement.periodOf(ctx.brand, body.kind, body.payPeriod, at);
    if (period.end.getTime() > Date.now()) throw new AppError('PERIOD_NOT_OVER');
    const request: RerunRequest = {
      kind: body.kind,
      ...(body.payPeriod ? { payPeriod: body.payPeriod } : {}),
      day: body.day,
      hour: body.hour,
      minute: body.minute,
      periodKey: period.key,
      reason: body.reason,
    };
    const approval = await this.backoffice.approvals.request(ctx, {
      kind: 'settlement',
      target: `${body.kind}:${period.key}`,
      amount: 0,
      request: { ...request },
      requestId: body.requestId,
    });
    return { approval };
  }

  /**
   * A re-run a second operator approved: run now, as the approver. The run is many transactions (one per
   * bill), so the approval is marked first, in one transaction with the approver's `settlement_rerun`
   * audit row: no money moves without both on record, and an operator approving at the same moment finds
   * it decided and runs nothing. A run cut short leaves nothing half done (each bill commits with its
   * money, under its own key); the approver's same approval sent again finishes it (`finishRerun`).
   */
  private readonly runApprovedRerun: ApprovalExecutor = async (ctx, approval, alongside) => {
    const request = approval.request as unknown as RerunRequest;
    await this.backoffice.approvals.transaction(async (tx) => {
      await this.rerunAudit(ctx, approval, request)(tx);
      await alongside(tx, {});
    });
    return this.settle(ctx, approval, request);
  };

  /**
   * The approver's same approval sent again after a run cut short (its answer lost, a failure half way):
   * the run is safe to repeat, so it runs again until its outcome is kept on the approval.
   */
  private readonly finishRerun = async (ctx: OperatorContext, approval: ApprovalRow) => {
    if (approval.result && 'periodKey' in approval.result) return;
    await this.settle(ctx, approval, approval.request as unknown as RerunRequest);
  };

  private async settle(ctx: OperatorContext, approval: ApprovalRow, request: RerunRequest) {
    const result = await this.ports.settlement.rerun(
      ctx.brand,
      request.kind,
      request.payPeriod,
      this.instant(ctx, request),
    );
    await this.backoffice.approvals.recordResult(approval.id, result);
    return result;
  }

  private rerunAudit(ctx: OperatorContext, approval: ApprovalRow, request: RerunRequest) {
    return (tx: Database) =>
      this.backoffice.audit(
        {
          operatorId: ctx.operator.id,
          brandId: ctx.brand.id,
          action: 'settlement_rerun',
          target: request.kind,
          detail: { ...request, approval: approval.id, requestedBy: approval.requestedBy },
          ip: ctx.ip,
        },
        tx,
      );
  }

  // ---- contract templates and the house's contracts with top agents ------------------------------------

  private auditing(ctx: OperatorContext, action: string, target: string, detail: Record<string, unknown>) {
    return (tx: Database) =>
      this.backoffice.audit(
        { operatorId: ctx.operator.id, brandId: ctx.brand.id, action, target, detail, ip: ctx.ip },
        tx,
      );
  }

  async templates(ctx: OperatorContext) {
    this.backoffice.require(ctx, 'agents.read');
    return this.ports.contracts.templates(ctx.brand.id);
  }

  async saveTemplate(
    ctx: OperatorContext,
    body: { id?: number | undefined; name: string; terms: ContractTerms; isDefault: boolean },
  ) {
    this.backoffice.require(ctx, 'agents.manage');
    return this.ports.contracts.saveTemplate(
      ctx.brand,
      body,
      this.auditing(ctx, 'contract_template_save', body.name, { ...body }),
    );
  }

  async deleteTemplate(ctx: OperatorContext, body: { id: number }) {
    this.backoffice.require(ctx, 'agents.manage');
    return this.ports.contracts.deleteTemplate(
      ctx.brand.id,
      body.id,
      this.auditing(ctx, 'contract_template_delete', String(body.id), {}),
    );
  }

  /** The house offers a top agent a contract from a template (audited with the offer). */
  async offerHouseContract(ctx: OperatorContext, body: { username: string; templateId: number }) {
    this.backoffice.require(ctx, 'agents.manage');
    const view = await this.ports.treeView(ctx.brand.id, body.username);
    if (!view) throw new AppError('MEMBER_NOT_FOUND');
    await this.ports.contracts.offerFromHouse(
      ctx.brand,
      view,
      body.templateId,
      this.auditing(ctx, 'house_contract_offer', body.username, { templateId: body.templateId }),
    );
    return this.tree(ctx, { username: body.username });
  }

  async endHouseContract(ctx: OperatorContext, body: { contractId: number; reason: string }) {
    this.backoffice.require(ctx, 'agents.manage');
    const row = await this.ports.contracts.endFromHouse(
      ctx.brand,
      body.contractId,
      this.auditing(ctx, 'house_contract_end', String(body.contractId), { reason: body.reason }),
    );
    const view = (await this.ports.usernameOf(row.memberId)) ?? '';
    return this.tree(ctx, { username: view });
  }
}
