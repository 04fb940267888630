import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { OperatorRole } from '../../../src/api/contract/backoffice';
import { depositStatesBefore } from '../../../src/api/contract/payments';
import type { Database } from '../../db/client';
import { auditLog, deposits, members, operatorSessions, operators } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { hashPassword, hashToken, newToken, verifyPassword } from '../accounts/credentials';
import type { TwoFactor } from '../accounts/two-factor';
import type { Brand } from '../brand/brand.service';
import type { MemberEvents } from '../events/member-events';
import type { Ledger } from '../ledger/ledger';
import type { PaymentsService } from '../payments/payments.service';
import type { WithdrawalsService } from '../payments/withdrawals.service';

export type OperatorRow = typeof operators.$inferSelect;
const SESSION_TTL_MS = 8 * 3_600_000;
const NO_SUCH_OPERATOR = hashPassword(randomUUID());

/** Who may do what in the back office. */
const CAN: Record<string, readonly OperatorRole[]> = {
  read: ['admin', 'finance', 'support'],
  decide: ['admin', 'finance'],
  adjust: ['admin', 'finance'],
  audit: ['admin'],
};

export interface OperatorContext {
  operator: OperatorRow;
  brand: Brand;
  ip: string;
}

/**
 * The operator's back office: its own accounts (argon2id, optional TOTP, roles), sessions apart from
 * members', the finance queue, balance adjustments, and an append-only audit of every action.
 */
export class BackofficeService {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly payments: PaymentsService,
    private readonly withdrawals: WithdrawalsService,
    private readonly twoFactor: TwoFactor,
    private readonly events?: MemberEvents,
  ) {}

  async audit(entry: {
    operatorId: number | null;
    brandId: number | null;
    action: string;
    target?: string;
    detail?: Record<string, unknown>;
    ip: string;
  }) {
    await this.db.insert(auditLog).values({
      operatorId: entry.operatorId,
      brandId: entry.brandId,
      action: entry.action,
      target: entry.target ?? null,
      detail: entry.detail ?? {},
      ip: entry.ip,
    });
  }

  require(ctx: OperatorContext, permission: keyof typeof CAN) {
    if (!CAN[permission]!.includes(ctx.operator.role as OperatorRole)) throw new AppError('ROLE_FORBIDDEN');
  }

  info(operator: OperatorRow) {
    return {
      id: operator.id,
      username: operator.username,
      role: operator.role as OperatorRole,
      twoFactor: operator.totpSecret !== null,
    };
  }

  async login(
    brand: Brand,
    body: { username: string; password: string; code?: string | undefined },
    ip: string,
  ) {
    const [operator] = await this.db
      .select()
      .from(operators)
      .where(eq(operators.username, body.username.toLowerCase()));
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
      const step = this.twoFactor.stepOf(operator.totpSecret, body.code);
      const fresh =
        step !== null &&
        (
          await this.db
            .update(operators)
            .set({ totpLastStep: step })
            .where(and(eq(operators.id, operator.id), sql`coalesce(${operators.totpLastStep}, -1) < ${step}`))
            .returning({ id: operators.id })
        ).length > 0;
      if (!fresh) throw new AppError('TWO_FACTOR_INVALID');
    }
    const token = newToken();
    const expiresAt = Date.now() + SESSION_TTL_MS;
    await this.db
      .insert(operatorSessions)
      .values({ tokenHash: hashToken(token), operatorId: operator.id, ip, expiresAt: new Date(expiresAt) });
    await this.db.update(operators).set({ lastLoginAt: sql`now()` }).where(eq(operators.id, operator.id));
    await this.audit({ operatorId: operator.id, brandId: brand.id, action: 'login', ip });
    return { token, operator: this.info(operator), expiresAt };
  }

  async authenticate(brand: Brand, token: string | undefined): Promise<OperatorRow> {
    if (!token) throw new AppError('UNAUTHORIZED');
    const [found] = await this.db
      .select({ session: operatorSessions, operator: operators })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(eq(operatorSessions.tokenHash, hashToken(token)));
    if (!found) throw new AppError('UNAUTHORIZED');
    if (found.session.revokedAt || found.session.expiresAt.getTime() <= Date.now())
      throw new AppError('SESSION_EXPIRED');
    if (found.operator.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    if (found.operator.brandId !== null && found.operator.brandId !== brand.id)
      throw new AppError('FORBIDDEN');
    return found.operator;
  }

  async logout(ctx: OperatorContext, token: string) {
    await this.db
      .update(operatorSessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(operatorSessions.tokenHash, hashToken(token)));
    await this.audit({ operatorId: ctx.operator.id, brandId: ctx.brand.id, action: 'logout', ip: ctx.ip });
    return null;
  }

  async depositQueue(ctx: OperatorContext, status = 'pending') {
    this.require(ctx, 'read');
    const rows = await this.db
      .select({ row: deposits, username: members.username })
      .from(deposits)
      .innerJoin(members, eq(members.id, deposits.memberId))
      .where(and(eq(deposits.brandId, ctx.brand.id), eq(deposits.status, status)))
      .orderBy(deposits.createdAt)
      .limit(100);
    const methods = await this.payments.methods(ctx.brand, 'en');
    return rows.map(({ row, username }) => ({
      ...this.payments.view(row, undefined),
      kind: (methods.find((m) => m.code === row.methodCode)?.kind ?? 'bank_transfer') as
        | 'bank_transfer'
        | 'gateway',
      bank: null,
      payUrl: null,
      username,
    }));
  }

  async decideDeposit(
    ctx: OperatorContext,
    body: { reference: string; decision: 'confirm' | 'reject'; reason?: string | undefined },
  ) {
    this.require(ctx, 'decide');
    if (body.decision === 'reject' && !body.reason) throw new AppError('REASON_REQUIRED');
    const { row } = await this.payments.get(ctx.brand, null, body.reference);
    const to = body.decision === 'confirm' ? 'credited' : 'rejected';
    // An operator confirms bank transfers; gateway payments are the gateway's to settle.
    if (!depositStatesBefore(to).includes('pending') || row.status !== 'pending')
      throw new AppError('DEPOSIT_STATE');
    await this.payments.settle(ctx.brand, row, to, {
      decidedBy: ctx.operator.id,
      ...(body.reason ? { reason: body.reason } : {}),
    });
    await this.audit({
      operatorId: ctx.operator.id,
      brandId: ctx.brand.id,
      action: `deposit_${body.decision}`,
      target: body.reference,
      detail: { amount: row.amount, reason: body.reason ?? null },
      ip: ctx.ip,
    });
    const [username] = await this.db
      .select({ u: members.username })
      .from(members)
      .where(eq(members.id, row.memberId));
    const updated = await this.payments.get(ctx.brand, null, body.reference);
    return { ...this.payments.view(updated.row, updated.method), username: username!.u };
  }

  async withdrawalQueue(ctx: OperatorContext, status = 'pending') {
    this.require(ctx, 'read');
    return this.withdrawals.queue(ctx.brand.id, status as 'pending');
  }

  async decideWithdrawal(
    ctx: OperatorContext,
    body: {
      reference: string;
      decision: 'approve' | 'reject' | 'force_received' | 'refund';
      reason?: string | undefined;
    },
  ) {
    this.require(ctx, 'decide');
    if (body.decision === 'reject' && !body.reason) throw new AppError('REASON_REQUIRED');
    const row = await this.withdrawals.row(ctx.brand.id, body.reference, null);
    const to = (
      { approve: 'paid', reject: 'rejected', force_received: 'received', refund: 'refunded' } as const
    )[body.decision];
    await this.withdrawals.decide(ctx.brand, row, to, {
      operatorId: ctx.operator.id,
      ...(body.reason ? { reason: body.reason } : {}),
    });
    await this.audit({
      operatorId: ctx.operator.id,
      brandId: ctx.brand.id,
      action: `withdrawal_${body.decision}`,
      target: body.reference,
      detail: { amount: row.amount, reason: body.reason ?? null },
      ip: ctx.ip,
    });
    const [after] = (await this.withdrawals.queue(ctx.brand.id, to)).filter(
      (w) => w.reference === body.reference,
    );
    return after!;
  }

  async proof(ctx: OperatorContext, id: number) {
    if (!Number.isSafeInteger(id)) throw new AppError('NOT_FOUND');
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
    this.require(ctx, 'adjust');
    if (!Number.isSafeInteger(body.amount)) throw new AppError('AMOUNT_NOT_INTEGER');
    if (body.amount === 0) throw new AppError('AMOUNT_ZERO');
    const [member] = await this.db
      .select()
      .from(members)
      .where(and(eq(members.brandId, ctx.brand.id), eq(members.username, body.username.toLowerCase())));
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    const main = await this.ledger.memberAccount(ctx.brand.id, member.id, 'main', ctx.brand.currency);
    const bonus = body.category === 'bonus';
    const house = await this.ledger.houseAccount(
      ctx.brand.id,
      bonus ? 'bonus' : 'adjustment',
      ctx.brand.currency,
    );
    const result = await this.ledger.post({
      brandId: ctx.brand.id,
      key: `adjust:${ctx.operator.id}:${body.requestId}`,
      kind: bonus ? 'bonus' : 'adjustment',
      postings: [
        { accountId: house, amount: -body.amount },
        { accountId: main, amount: body.amount },
      ],
      meta: { operator: ctx.operator.username, reason: body.reason, category: body.category },
    });
    if (!result.replayed) {
      await this.audit({
        operatorId: ctx.operator.id,
        brandId: ctx.brand.id,
        action: 'balance_adjust',
        target: member.username,
        detail: {
          amount: body.amount,
          reason: body.reason,
          category: body.category,
          transaction: result.transactionId,
        },
        ip: ctx.ip,
      });
    }
    const balance = result.balances[main] ?? (await this.ledger.balance(main));
    if (!result.replayed)
      await this.events?.publish(member.id, { type: 'balance', balance, currency: ctx.brand.currency });
    return { username: member.username, balance };
  }

  async auditTrail(ctx: OperatorContext) {
    this.require(ctx, 'audit');
    const rows = await this.db
      .select({ entry: auditLog, operator: operators.username })
      .from(auditLog)
      .leftJoin(operators, eq(operators.id, auditLog.operatorId))
      .orderBy(desc(auditLog.id))
      .limit(200);
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
