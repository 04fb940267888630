import { randomUUID } from 'node:crypto';
import { MAX_INT32 } from '../../../src/api/contract/common';
import { depositStatesBefore } from '../../../src/api/contract/payments';
import {
  BUILT_IN_ROLES,
  isBuiltInRole,
  movesMoney,
  PERMISSIONS,
  type Permission,
} from '../../../src/api/contract/permissions';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { hashPassword, hashToken, newToken, verifyPassword } from '../accounts/credentials';
import type { TwoFactor } from '../accounts/two-factor';
import type { Brand } from '../brand/brand.service';
import type { MemberEvents } from '../events/member-events';
import type { Ledger } from '../ledger/ledger';
import type { PaymentsService } from '../payments/payments.service';
import type { WithdrawalsService } from '../payments/withdrawals.service';
import { type AttemptLimiter, POLICIES } from '../security/attempt-limiter';
import { checkBrandMaximum } from '../wallet/amount';
import type { ApprovalRow } from './approvals.repository';
import { type AuditEntry, AuditRepository } from './audit.repository';
import type { WithAudit } from './audit-port';
import { MoneyApprovals } from './money-approvals.service';
import { type OperatorRow, OperatorsRepository } from './operators.repository';

export type { OperatorRow };

/** An operator whose session checked out, with what its role allows. */
export type AuthenticatedOperator = OperatorRow & { permissions: readonly Permission[] };

/** What the back office asks of the accounts module. */
export interface BackofficeMembers {
  /** A member of the brand by username (lower case), or undefined. */
  byUsername(brandId: number, username: string): Promise<{ id: number; username: string } | undefined>;
  /** Usernames by member id, for the queues. */
  usernames(memberIds: number[]): Promise<Map<number, string>>;
}
const SESSION_TTL_MS = 8 * 3_600_000;
const NO_SUCH_OPERATOR = hashPassword(randomUUID());

export interface OperatorContext {
  operator: AuthenticatedOperator;
  brand: Brand;
  ip: string;
}

/**
 * The operator's back office: its own accounts (argon2id, optional TOTP, roles), sessions apart from
 * members', the finance queue, balance adjustments, and an append-only audit of every action.
 */
export class BackofficeService {
  private readonly operators: OperatorsRepository;
  /** Four eyes on money: the requests waiting for a second operator. */
  readonly approvals: MoneyApprovals;

  constructor(
    db: Database,
    private readonly ledger: Ledger,
    private readonly payments: PaymentsService,
    private readonly withdrawals: WithdrawalsService,
    private readonly members: BackofficeMembers,
    private readonly twoFactor: TwoFactor,
    private readonly events: MemberEvents | undefined,
    private readonly security: { limiter: AttemptLimiter; requireTwoFactor: boolean },
    private readonly auditLog: AuditRepository = new AuditRepository(db),
  ) {
    this.operators = new OperatorsRepository(db);
    this.approvals = MoneyApprovals.over(db, (ctx) => this.withAudit(ctx), {
      adjust: (ctx, approval, alongside) => this.runApprovedAdjustment(ctx, approval, alongside),
      withdrawal: (ctx, approval, alongside) => this.runApprovedWithdrawal(ctx, approval, alongside),
      deposit: (ctx, approval, alongside) => this.runApprovedDeposit(ctx, approval, alongside),
    });
  }

  audit(entry: AuditEntry, executor?: Database) {
    return this.auditLog.insert(entry, executor);
  }

  /** The audit port for one operator's request (audit-port.ts). */
  withAudit(ctx: OperatorContext): WithAudit {
    return (tx, record) =>
      this.auditLog.insert(
        {
          operatorId: ctx.operator.id,
          brandId: ctx.brand.id,
          action: record.action,
          target: record.target,
          detail: {
            ...(record.reason !== undefined ? { reason: record.reason } : {}),
            ...(record.before !== undefined ? { before: record.before } : {}),
            ...(record.after !== undefined ? { after: record.after } : {}),
            ...record.detail,
          },
          ip: ctx.ip,
        },
        tx,
      );
  }

  /** Something operators must see that no operator did (an SMS budget spent): a row of the audit trail. */
  async alert(brandId: number, action: `alert_${string}`, detail: Record<string, unknown>) {
    await this.auditLog.insert({ operatorId: null, brandId, action, detail, ip: null });
  }

  /**
   * A second line behind the route's declared permission (server/app.ts), for services other routes
   * reach too.
   */
  require(ctx: OperatorContext, permission: Permission) {
    if (!ctx.operator.permissions.includes(permission)) throw new AppError('ROLE_FORBIDDEN');
  }

  /** What a role allows: a built-in role's list, or a custom role of the brand (unknown: nothing). */
  async permissionsOf(operator: OperatorRow, brandId: number): Promise<readonly Permission[]> {
    if (isBuiltInRole(operator.role)) return BUILT_IN_ROLES[operator.role];
    const custom = await this.operators.customRole(operator.brandId ?? brandId, operator.role);
    return (custom ?? []).filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p));
  }

  info(operator: AuthenticatedOperator) {
    return {
      id: operator.id,
      username: operator.username,
      role: operator.role,
      permissions: [...operator.permissions],
      twoFactor: operator.totpSecret !== null,
    };
  }

  /**
   * Password, then the operator's two-step code. Every attempt takes its number per account first
   * (POLICIES.operatorLogin), so neither a burst nor rotating addresses gets past the lockout, and a right
   * password after it is refused too. Admin and finance operators without two-step verification (when
   * it is required) are given a secret to enrol instead of a session; their next login with a code from
   * it turns it on.
   */
  async login(
    brand: Brand,
    body: { username: string; password: string; code?: string | undefined },
    ip: string,
  ) {
    const username = body.username.toLowerCase();
    const attempt = await this.security.limiter.count(POLICIES.operatorLogin, username);
    if (attempt > POLICIES.operatorLogin.max) {
      // Written once per lockout, so a flood of refused attempts cannot bury the trail.
      if (attempt === POLICIES.operatorLogin.max + 1) {
        await this.audit({
          operatorId: null,
          brandId: brand.id,
          action: 'login_locked',
          target: username,
          ip,
        });
      }
      throw new AppError('TOO_MANY_ATTEMPTS');
    }
    const operator = await this.operators.byUsername(username);
    const ok = operator
      ? await verifyPassword(operator.passwordHash, body.password)
      : await verifyPassword(await NO_SUCH_OPERATOR, body.password).then(() => false);
    const usable =
      operator &&
      ok &&
      operator.status === 'active' &&
      (operator.brandId === null || operator.brandId === brand.id);
    if (!usable) {
      await this.audit({
        operatorId: operator?.id ?? null,
        brandId: brand.id,
        action: 'login_failed',
        target: body.username,
        ip,
      });
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (operator.totpSecret) {
      if (!body.code) throw new AppError('TWO_FACTOR_REQUIRED');
      if (!(await this.spendCode(operator.id, operator.totpSecret, body.code)))
        throw new AppError('TWO_FACTOR_INVALID');
    } else if (await this.mustEnrol(operator, brand.id)) {
      if (!operator.totpPendingSecret || !body.code) {
        throw new AppError('TWO_FACTOR_SETUP_REQUIRED', {}, await this.startEnrolment(operator));
      }
      if (!(await this.finishEnrolment(operator, body.code))) throw new AppError('TWO_FACTOR_INVALID');
    }
    await this.security.limiter.succeeded(POLICIES.operatorLogin, username);
    const token = newToken();
    const expiresAt = Date.now() + SESSION_TTL_MS;
    await this.operators.startSession(operator.id, hashToken(token), ip, new Date(expiresAt));
    await this.audit({ operatorId: operator.id, brandId: brand.id, action: 'login', ip });
    const fresh = (await this.operators.byId(operator.id))!;
    return {
      token,
      operator: this.info({ ...fresh, permissions: await this.permissionsOf(fresh, brand.id) }),
      expiresAt,
    };
  }

  /** A role that moves money works only with two-step verification, where it is required. */
  private async mustEnrol(operator: OperatorRow, brandId: number) {
    return this.security.requireTwoFactor && movesMoney(await this.permissionsOf(operator, brandId));
  }

  /** A code of the operator's app, usable once (its time step is spent). */
  private async spendCode(operatorId: number, secret: string, code: string) {
    const step = this.twoFactor.stepOf(secret, code);
    if (step === null) return false;
    return this.operators.spendStep(operatorId, step);
  }

  /** A new secret to scan, kept pending until a code from it comes back. */
  private async startEnrolment(operator: OperatorRow) {
    const setup = this.twoFactor.newSecret('Back office', operator.username);
    await this.operators.setPendingSecret(operator.id, setup.stored);
    return { secret: setup.secret, uri: setup.uri };
  }

  private async finishEnrolment(operator: OperatorRow, code: string) {
    const step = operator.totpPendingSecret ? this.twoFactor.stepOf(operator.totpPendingSecret, code) : null;
    if (step === null) return false;
    return this.operators.enableSecret(operator.id, operator.totpPendingSecret!, step);
  }

  /** An operator turning two-step verification on from the console: the secret to scan. */
  async setUpTwoFactor(ctx: OperatorContext) {
    if (ctx.operator.totpSecret) throw new AppError('TWO_FACTOR_INVALID');
    return this.startEnrolment(ctx.operator);
  }

  /** The first code from the app turns it on; audited like every operator action. */
  async enableTwoFactor(ctx: OperatorContext, code: string) {
    await this.security.limiter.take(POLICIES.operatorLogin, ctx.operator.username);
    if (!(await this.finishEnrolment(ctx.operator, code))) throw new AppError('TWO_FACTOR_INVALID');
    await this.security.limiter.succeeded(POLICIES.operatorLogin, ctx.operator.username);
    await this.audit({
      operatorId: ctx.operator.id,
      brandId: ctx.brand.id,
      action: 'two_factor_on',
      target: ctx.operator.username,
      ip: ctx.ip,
    });
    return { enabled: true };
  }

  async authenticate(brand: Brand, token: string | undefined): Promise<AuthenticatedOperator> {
    if (!token) throw new AppError('UNAUTHORIZED');
    const found = await this.operators.session(hashToken(token));
    if (!found) throw new AppError('UNAUTHORIZED');
    if (found.session.revokedAt || found.session.expiresAt.getTime() <= Date.now())
      throw new AppError('SESSION_EXPIRED');
    if (found.operator.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    if (found.operator.brandId !== null && found.operator.brandId !== brand.id)
      throw new AppError('FORBIDDEN');
    return { ...found.operator, permissions: await this.permissionsOf(found.operator, brand.id) };
  }

  async logout(ctx: OperatorContext, token: string) {
    await this.operators.revokeSession(hashToken(token));
    await this.audit({ operatorId: ctx.operator.id, brandId: ctx.brand.id, action: 'logout', ip: ctx.ip });
    return null;
  }

  async depositQueue(ctx: OperatorContext, status = 'pending') {
    this.require(ctx, 'finance.read');
    const rows = await this.payments.queue(ctx.brand.id, status, 100);
    const [methods, usernames, waiting] = await Promise.all([
      this.payments.methods(ctx.brand, 'en'),
      this.members.usernames([...new Set(rows.map((r) => r.memberId))]),
      this.approvals.pending(ctx, 'deposit'),
    ]);
    return rows.map((row) => ({
      ...this.payments.view(row, undefined),
      kind: (methods.find((m) => m.code === row.methodCode)?.kind ?? 'bank_transfer') as
        | 'bank_transfer'
        | 'gateway',
      bank: null,
      payUrl: null,
      username: usernames.get(row.memberId) ?? '',
      approval: waiting.get(row.reference) ?? null,
    }));
  }

  async decideDeposit(
    ctx: OperatorContext,
    body: {
      reference: string;
      decision: 'confirm' | 'reject';
      reason?: string | undefined;
      requestId: string;
    },
  ) {
    this.require(ctx, 'finance.decide');
    if (body.decision === 'reject' && !body.reason) throw new AppError('REASON_REQUIRED');
    const { row } = await this.payments.get(ctx.brand, null, body.reference);
    const to = body.decision === 'confirm' ? 'credited' : 'rejected';
    // An operator confirms bank transfers; gateway payments are the gateway's to settle. The same
    // decision sent again (a lost answer) is answered as it was, and nothing moves twice.
    if (!depositStatesBefore(to).includes('pending') || (row.status !== 'pending' && row.status !== to))
      throw new AppError('DEPOSIT_STATE');
    if (
      body.decision === 'confirm' &&
      row.status === 'pending' &&
      (await this.approvals.needed(ctx.brand.id, row.amount))
    ) {
      const approval = await this.approvals.request(ctx, {
        kind: 'deposit',
        target: row.reference,
        amount: row.amount,
        request: { decision: 'confirm', ...(body.reason ? { reason: body.reason } : {}) },
        requestId: body.requestId,
      });
      const usernames = await this.members.usernames([row.memberId]);
      return {
        ...this.payments.view(row, undefined),
        username: usernames.get(row.memberId) ?? '',
        approval: approval.id,
      };
    }
    await this.payments.settle(
      ctx.brand,
      row,
      to,
      { decidedBy: ctx.operator.id, ...(body.reason ? { reason: body.reason } : {}) },
      this.auditDecision(ctx, `deposit_${body.decision}`, body, row.amount),
    );
    const [usernames, updated] = await Promise.all([
      this.members.usernames([row.memberId]),
      this.payments.get(ctx.brand, null, body.reference),
    ]);
    return {
      ...this.payments.view(updated.row, updated.method),
      username: usernames.get(row.memberId) ?? '',
      approval: null,
    };
  }

  /** A deposit confirmation a second operator approved: credited now, as the approver. */
  private async runApprovedDeposit(
    ctx: OperatorContext,
    approval: ApprovalRow,
    alongside: (tx: Database, result: Record<string, unknown>) => Promise<void>,
  ) {
    const { row } = await this.payments.get(ctx.brand, null, approval.target);
    if (row.status !== 'pending') throw new AppError('DEPOSIT_STATE');
    const body = { reference: row.reference, requestId: `approval:${approval.id}` };
    await this.payments.settle(ctx.brand, row, 'credited', { decidedBy: ctx.operator.id }, async (tx) => {
      await this.auditDecision(ctx, 'deposit_confirm', body, row.amount, approval)(tx);
      await alongside(tx, {});
    });
    return {};
  }

  /** The audit row of a decision, written inside the decision's own transaction. */
  private auditDecision(
    ctx: OperatorContext,
    action: string,
    body: { reference: string; reason?: string | undefined; requestId: string },
    amount: number,
    approval?: ApprovalRow,
  ) {
    return (tx: Database) =>
      this.audit(
        {
          operatorId: ctx.operator.id,
          brandId: ctx.brand.id,
          action,
          target: body.reference,
          detail: {
            amount,
            reason: body.reason ?? null,
            requestId: body.requestId,
            ...(approval ? { approval: approval.id, requestedBy: approval.requestedBy } : {}),
          },
          ip: ctx.ip,
        },
        tx,
      );
  }

  async withdrawalQueue(ctx: OperatorContext, status = 'pending') {
    this.require(ctx, 'finance.read');
    const [rows, waiting] = await Promise.all([
      this.withdrawals.queue(ctx.brand.id, status as 'pending'),
      this.approvals.pending(ctx, 'withdrawal'),
    ]);
    return rows.map((row) => ({ ...row, approval: waiting.get(row.reference) ?? null }));
  }

  async decideWithdrawal(
    ctx: OperatorContext,
    body: {
      reference: string;
      decision: 'approve' | 'reject' | 'force_received' | 'refund' | 'release';
      reason?: string | undefined;
      requestId: string;
    },
  ) {
    this.require(ctx, 'finance.decide');
    if (body.decision === 'reject' && !body.reason) throw new AppError('REASON_REQUIRED');
    const row = await this.withdrawals.row(ctx.brand.id, body.reference, null);
    const to = (
      {
        approve: 'paid',
        reject: 'rejected',
        force_received: 'received',
        refund: 'refunded',
        release: 'pending',
      } as const
    )[body.decision];
    if (
      body.decision === 'approve' &&
      row.status === 'pending' &&
      (await this.approvals.needed(ctx.brand.id, row.amount))
    ) {
      const approval = await this.approvals.request(ctx, {
        kind: 'withdrawal',
        target: row.reference,
        amount: row.amount,
        request: { decision: 'approve', ...(body.reason ? { reason: body.reason } : {}) },
        requestId: body.requestId,
      });
      return { ...(await this.withdrawals.queueRow(ctx.brand.id, body.reference)), approval: approval.id };
    }
    await this.withdrawals.decide(
      ctx.brand,
      row,
      to,
      { operatorId: ctx.operator.id, ...(body.reason ? { reason: body.reason } : {}) },
      this.auditDecision(ctx, `withdrawal_${body.decision}`, body, row.amount),
    );
    // The decided row itself: a queue page of its new status may not reach it.
    return { ...(await this.withdrawals.queueRow(ctx.brand.id, body.reference)), approval: null };
  }

  /** A withdrawal a second operator approved: paid now, as the approver. */
  private async runApprovedWithdrawal(
    ctx: OperatorContext,
    approval: ApprovalRow,
    alongside: (tx: Database, result: Record<string, unknown>) => Promise<void>,
  ) {
    const row = await this.withdrawals.row(ctx.brand.id, approval.target, null);
    if (row.status !== 'pending') throw new AppError('WITHDRAWAL_STATE');
    const body = { reference: row.reference, requestId: `approval:${approval.id}` };
    await this.withdrawals.decide(ctx.brand, row, 'paid', { operatorId: ctx.operator.id }, async (tx) => {
      await this.auditDecision(ctx, 'withdrawal_approve', body, row.amount, approval)(tx);
      await alongside(tx, {});
    });
    return {};
  }

  async proof(ctx: OperatorContext, id: number) {
    // Picture ids are 32-bit: anything else names no picture (and must not reach the query).
    if (!Number.isInteger(id) || id < 1 || id > MAX_INT32) throw new AppError('NOT_FOUND');
    return this.withdrawals.proofImage(ctx.brand.id, id);
  }

  /** Credits or debits a member's main wallet against the brand's adjustment account, with a reason. */
  async adjust(
    ctx: OperatorContext,
    body: {
      username: string;
      amount: number;
      reason: string;
      requestId: string;
      category: 'correction' | 'bonus';
    },
  ) {
    this.require(ctx, 'money.adjust');
    if (!Number.isSafeInteger(body.amount)) throw new AppError('AMOUNT_NOT_INTEGER');
    if (body.amount === 0) throw new AppError('AMOUNT_ZERO');
    checkBrandMaximum(ctx.brand, body.amount);
    const member = await this.members.byUsername(ctx.brand.id, body.username.toLowerCase());
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    if (await this.approvals.needed(ctx.brand.id, body.amount)) {
      // A debit the wallet cannot cover is refused now, not after a second operator has looked at it.
      if (body.amount < 0) {
        const wallet = await this.ledger.memberAccount(ctx.brand.id, member.id, 'main', ctx.brand.currency);
        if ((await this.ledger.balance(wallet)) < -body.amount) throw new AppError('INSUFFICIENT_FUNDS');
      }
      const approval = await this.approvals.request(ctx, {
        kind: 'adjust',
        target: member.username,
        amount: body.amount,
        request: { reason: body.reason, category: body.category },
        requestId: body.requestId,
      });
      return { username: member.username, balance: null, approval };
    }
    const balance = await this.moveAdjustment(
      ctx,
      member,
      body,
      `adjust:${ctx.operator.id}:${body.requestId}`,
    );
    return { username: member.username, balance, approval: null };
  }

  /** An adjustment a second operator approved: moved now, as the approver. */
  private async runApprovedAdjustment(
    ctx: OperatorContext,
    approval: ApprovalRow,
    alongside: (tx: Database, result: Record<string, unknown>) => Promise<void>,
  ) {
    const member = await this.members.byUsername(ctx.brand.id, approval.target);
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    const request = approval.request as { reason: string; category: 'correction' | 'bonus' };
    const balance = await this.moveAdjustment(
      ctx,
      member,
      {
        amount: approval.amount,
        reason: request.reason,
        category: request.category,
        requestId: `approval:${approval.id}`,
      },
      `approval:${approval.id}`,
      approval,
      alongside,
    );
    return { balance };
  }

  /**
   * Moves an adjustment between the brand's adjustment (or bonus) account and the member's main wallet;
   * the money and its audit rows commit together, and the same key moves nothing a second time.
   */
  private async moveAdjustment(
    ctx: OperatorContext,
    member: { id: number; username: string },
    body: { amount: number; reason: string; category: 'correction' | 'bonus'; requestId: string },
    key: string,
    approval?: ApprovalRow,
    alongside?: (tx: Database, result: Record<string, unknown>) => Promise<void>,
  ) {
    const bonus = body.category === 'bonus';
    const result = await this.ledger.transferWith(
      {
        brand: ctx.brand,
        key,
        kind: bonus ? 'bonus' : 'adjustment',
        from: { house: bonus ? 'bonus' : 'adjustment' },
        to: { memberId: member.id, wallet: 'main' },
        amount: body.amount,
        meta: {
          operator: ctx.operator.username,
          reason: body.reason,
          category: body.category,
          ...(approval ? { approval: approval.id } : {}),
        },
      },
      async (tx, moved) => {
        await this.audit(
          {
            operatorId: ctx.operator.id,
            brandId: ctx.brand.id,
            action: 'balance_adjust',
            target: member.username,
            detail: {
              amount: body.amount,
              reason: body.reason,
              category: body.category,
              requestId: body.requestId,
              transaction: moved.transactionId,
              ...(approval ? { approval: approval.id, requestedBy: approval.requestedBy } : {}),
            },
            ip: ctx.ip,
          },
          tx,
        );
        await alongside?.(tx, { transaction: moved.transactionId });
      },
    );
    const balance = await this.ledger.balanceAfter(result, result.to);
    if (!result.replayed)
      await this.events?.publish(member.id, { type: 'balance', balance, currency: ctx.brand.currency });
    return balance;
  }

  async auditTrail(ctx: OperatorContext) {
    this.require(ctx, 'audit.read');
    const rows = await this.auditLog.trail(ctx.brand.id, 200);
    return rows.map(({ entry, operator }) => ({
      id: entry.id,
      operator,
      action: entry.action,
      target: entry.target,
      detail: entry.detail,
      ip: entry.ip,
      createdAt: entry.createdAt.getTime(),
    }));
  }
}
