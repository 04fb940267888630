import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import {
  type ApprovalKind,
  type ApprovalRow,
  type ApprovalStatus,
  ApprovalsRepository,
} from './approvals.repository';
import type { WithAudit } from './audit-port';
import type { OperatorContext } from './backoffice.service';

/** A brand with no threshold of its own: 1.000,00 in a currency of two decimals. */
export const DEFAULT_APPROVAL_THRESHOLD = 100_000;

/**
 * Runs an approved request as the approving operator: moves the money with `alongside` (the approval
 * marked approved, and its audit rows) in the same transaction, keyed by the approval so that a retried
 * approval moves nothing twice. Answers what the action answered.
 */
export type ApprovalExecutor = (
  ctx: OperatorContext,
  approval: ApprovalRow,
  alongside: (tx: Database, result: Record<string, unknown>) => Promise<void>,
) => Promise<Record<string, unknown>>;

/** Finishes an approved action that runs after its approval was marked, when it did not finish. */
export type ApprovalResumer = (ctx: OperatorContext, approval: ApprovalRow) => Promise<void>;

export interface ApprovalView {
  id: number;
  kind: ApprovalKind;
  target: string;
  amount: number;
  detail: Record<string, unknown>;
  status: ApprovalStatus;
  requestedBy: string;
  requestedAt: number;
  decidedBy: string | null;
  decidedAt: number | null;
  decisionReason: string | null;
  result: Record<string, unknown> | null;
}

/**
 * Four eyes on money: a manual credit or debit, paying a withdrawal or confirming a deposit at or above
 * the brand's threshold, and any settlement re-run, waits for a second operator with 'money.approve'.
 * Nobody approves their own request (checked here and by the table's constraint).
 */
export class MoneyApprovals {
  constructor(
    private readonly repo: ApprovalsRepository,
    private readonly audit: (ctx: OperatorContext) => WithAudit,
    private readonly executors: Partial<Record<ApprovalKind, ApprovalExecutor>>,
  ) {}

  static over(
    db: Database,
    audit: (ctx: OperatorContext) => WithAudit,
    executors: Partial<Record<ApprovalKind, ApprovalExecutor>>,
  ) {
    return new MoneyApprovals(new ApprovalsRepository(db), audit, executors);
  }

  /** Runs again what an approval marked approved but did not finish (its action is many transactions). */
  private readonly resumers: Partial<Record<ApprovalKind, ApprovalResumer>> = {};

  /**
   * The executor of a kind another service runs (a settlement re-run: the agents' pages, built later),
   * and, for an action that runs after its approval is marked, how the approver's same decision sent
   * again finishes it when it was cut short.
   */
  provide(kind: ApprovalKind, executor: ApprovalExecutor, resume?: ApprovalResumer) {
    this.executors[kind] = executor;
    if (resume) this.resumers[kind] = resume;
  }

  /**
   * Runs `work` in one transaction: an executor whose action is many transactions (a settlement run,
   * one per bill) marks its approval, with the audit rows, in one of its own before the action starts.
   */
  transaction<T>(work: (tx: Database) => Promise<T>) {
    return this.repo.transaction(work);
  }

  /** Keeps what such an action answered once it has run, on its approval. */
  async recordResult(id: number, result: Record<string, unknown>) {
    await this.repo.transaction((tx) => this.repo.setResult(tx, id, result));
  }

  async threshold(brandId: number) {
    return (await this.repo.threshold(brandId)) ?? DEFAULT_APPROVAL_THRESHOLD;
  }

  /**
   * Whether this action must wait for a second operator: at or above the brand's threshold (a credit
   * or a debit alike). A brand that wants every manual credit approved sets the threshold to 0.
   */
  async needed(brandId: number, amount: number) {
    return Math.abs(amount) >= (await this.threshold(brandId));
  }

  /** Files the request (or finds the one it repeats) and answers it as the queue shows it. */
  async request(
    ctx: OperatorContext,
    input: {
      kind: ApprovalKind;
      target: string;
      amount: number;
      request: Record<string, unknown>;
      requestId: string;
    },
  ): Promise<ApprovalView> {
    const { row } = await this.repo.file(
      {
        brandId: ctx.brand.id,
        kind: input.kind,
        target: input.target,
        amount: input.amount,
        request: input.request,
        requestedBy: ctx.operator.id,
        requestId: input.requestId,
      },
      (tx, saved) =>
        this.audit(ctx)(tx, {
          action: 'approval_requested',
          target: input.target,
          reason: typeof input.request.reason === 'string' ? input.request.reason : undefined,
          detail: { approval: saved.id, kind: input.kind, amount: input.amount, requestId: input.requestId },
        }),
    );
    return this.answer(ctx, row.id);
  }

  /** The requests waiting on the brand's withdrawals or deposits, by reference (the queues show them). */
  pending(ctx: OperatorContext, kind: 'withdrawal' | 'deposit') {
    return this.repo.pendingTargets(ctx.brand.id, kind);
  }

  async list(ctx: OperatorContext, status: ApprovalStatus = 'pending') {
    const rows = await this.repo.list(ctx.brand.id, status, 200);
    return rows.map((r) => view(r.approval, r.requester, r.decider));
  }

  /**
   * Approves (the action runs now, as this operator, with the approval in its transaction) or rejects
   * (nothing moves). The same decision sent again by the same operator answers as the first did.
   */
  async decide(
    ctx: OperatorContext,
    body: { id: number; decision: 'approve' | 'reject'; reason?: string | undefined; requestId: string },
  ) {
    const row = await this.repo.byId(ctx.brand.id, body.id);
    if (!row) throw new AppError('APPROVAL_NOT_FOUND');
    if (row.requestedBy === ctx.operator.id) throw new AppError('APPROVAL_OWN_REQUEST');
    const wanted = body.decision === 'approve' ? 'approved' : 'rejected';
    if (row.status !== 'pending') {
      if (row.status === wanted && row.decidedBy === ctx.operator.id) {
        // The approver's lost answer, or an action cut short after its approval: finished now.
        const resume = this.resumers[row.kind];
        if (wanted === 'approved' && resume) await resume(ctx, row);
        return this.answer(ctx, row.id);
      }
      throw new AppError('APPROVAL_STATE');
    }
    if (body.decision === 'reject') {
      if (!body.reason) throw new AppError('REASON_REQUIRED');
      await this.repo.transaction(async (tx) => {
        if (
          !(await this.repo.decide(tx, row.id, {
            status: 'rejected',
            by: ctx.operator.id,
            reason: body.reason!,
          }))
        )
          throw new AppError('APPROVAL_STATE');
        await this.audit(ctx)(tx, {
          action: 'approval_rejected',
          target: row.target,
          reason: body.reason,
          detail: { approval: row.id, kind: row.kind, amount: row.amount, requestId: body.requestId },
        });
      });
      return this.answer(ctx, row.id);
    }
    const execute = this.executors[row.kind];
    if (!execute) throw new Error(`no executor for ${row.kind} approvals`);
    await execute(ctx, row, async (tx, result) => {
      if (
        !(await this.repo.decide(tx, row.id, {
          status: 'approved',
          by: ctx.operator.id,
          reason: body.reason ?? null,
          result,
        }))
      )
        throw new AppError('APPROVAL_STATE');
      await this.audit(ctx)(tx, {
        action: 'approval_approved',
        target: row.target,
        reason: body.reason,
        detail: { approval: row.id, kind: row.kind, amount: row.amount, requestId: body.requestId },
      });
    });
    const answer = await this.answer(ctx, row.id);
    // Another operator's approval got there first (its movement was found, nothing moved again).
    if (answer.decidedBy !== ctx.operator.username) throw new AppError('APPROVAL_STATE');
    return answer;
  }

  private async answer(ctx: OperatorContext, id: number) {
    const found = (await this.repo.withNames(ctx.brand.id, id))!;
    return view(found.approval, found.requester, found.decider);
  }

  /** Changes the brand's threshold, audited with the value before and after. */
  async setThreshold(ctx: OperatorContext, body: { threshold: number; reason: string }) {
    if (!Number.isSafeInteger(body.threshold) || body.threshold < 0) throw new AppError('AMOUNT_NOT_INTEGER');
    const before = await this.threshold(ctx.brand.id);
    await this.repo.setThreshold(ctx.brand.id, body.threshold, (tx) =>
      this.audit(ctx)(tx, {
        action: 'approval_threshold',
        target: ctx.brand.merchantCode,
        reason: body.reason,
        before: { threshold: before },
        after: { threshold: body.threshold },
      }),
    );
    return { threshold: body.threshold };
  }
}

function view(row: ApprovalRow, requester: string, decider: string | null): ApprovalView {
  return {
    id: row.id,
    kind: row.kind,
    target: row.target,
    amount: row.amount,
    detail: row.request,
    status: row.status,
    requestedBy: requester,
    requestedAt: row.createdAt.getTime(),
    decidedBy: decider,
    decidedAt: row.decidedAt?.getTime() ?? null,
    decisionReason: row.decisionReason,
    result: row.result ?? null,
  };
}
