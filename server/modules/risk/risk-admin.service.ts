import type {
  RiskDecision,
  RiskFlag,
  RiskFlagKind,
  RiskRules,
  WithdrawalHold,
} from '../../../src/api/contract/risk';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { WithAudit } from '../backoffice/audit-port';
import type { OperatorContext } from '../backoffice/backoffice.service';
import type { FlagRow, HoldRow, RiskRepository } from './risk.repository';
import type { RiskService } from './risk.service';

/** What the risk back office needs of the back-office module: its audit port and the permission check. */
export interface RiskBackoffice {
  withAudit(ctx: OperatorContext): WithAudit;
  require(ctx: OperatorContext, permission: 'risk.manage'): void;
}

/** What it needs of the accounts module. */
export interface RiskMembers {
  usernames(memberIds: number[]): Promise<Map<number, string>>;
  byUsername(brandId: number, username: string): Promise<{ id: number; username: string } | undefined>;
  /**
   * Locks the member (sessions and sockets ended at once) with `alongside` in the same transaction; false
   * when the member was not active, and nothing was written.
   */
  lock(memberId: number, alongside: (tx: Database, sessionsEnded: number) => Promise<void>): Promise<boolean>;
}

const LIST_LIMIT = 200;

/**
 * The risk queue in the back office: flags to review (clear, hold the member's withdrawals, or lock the
 * member), notes on them, withdrawal holds placed and lifted by hand, and the scan's thresholds. Every
 * change commits with its audit row, values before and after.
 */
export class RiskAdmin {
  constructor(
    private readonly repo: RiskRepository,
    private readonly risk: RiskService,
    private readonly members: RiskMembers,
    private readonly backoffice: RiskBackoffice,
  ) {}

  async flags(
    ctx: OperatorContext,
    query: { status: 'open' | 'closed'; kind?: RiskFlagKind | undefined; username?: string | undefined },
  ): Promise<RiskFlag[]> {
    this.backoffice.require(ctx, 'risk.manage');
    let memberId: number | undefined;
    if (query.username) {
      const member = await this.members.byUsername(ctx.brand.id, query.username.trim().toLowerCase());
      if (!member) return [];
      memberId = member.id;
    }
    const rows = await this.repo.flags(
      ctx.brand.id,
      { closed: query.status === 'closed', kind: query.kind, memberId },
      LIST_LIMIT,
    );
    return this.views(rows);
  }

  private async views(rows: FlagRow[]): Promise<RiskFlag[]> {
    const ids = [...new Set(rows.flatMap((r) => [r.memberId, ...r.others]))];
    const [names, held, notes] = await Promise.all([
      this.members.usernames(ids),
      this.repo.heldAmong(ids),
      this.repo.notes(rows.map((r) => r.id)),
    ]);
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind as RiskFlagKind,
      status: r.status as RiskFlag['status'],
      username: names.get(r.memberId) ?? '',
      others: r.others.map((id) => names.get(id)).filter((n): n is string => n !== undefined),
      evidence: r.evidence,
      raisedAt: r.raisedAt.getTime(),
      updatedAt: r.updatedAt.getTime(),
      decision: (r.decision as RiskDecision | null) ?? null,
      decidedBy: r.decidedByName,
      decidedAt: r.decidedAt?.getTime() ?? null,
      notes: notes
        .filter((n) => n.flagId === r.id)
        .map((n) => ({ operator: n.operatorName, text: n.text, createdAt: n.createdAt.getTime() })),
      onHold: held.has(r.memberId),
    }));
  }

  private async flagOf(ctx: OperatorContext, id: number) {
    const row = await this.repo.flag(ctx.brand.id, id);
    if (!row) throw new AppError('RISK_FLAG_NOT_FOUND');
    return row;
  }

  private async view(ctx: OperatorContext, id: number) {
    const [view] = await this.views([await this.flagOf(ctx, id)]);
    return view!;
  }

  /**
   * Closes an open flag: clear (nothing wrong), hold (the member's withdrawals wait for the risk team) or
   * lock (the member is locked out, their sessions ended at once). The decision, what it does and its
   * audit row commit together; a flag another operator decided first answers RISK_FLAG_DECIDED.
   */
  async decide(
    ctx: OperatorContext,
    body: { id: number; decision: RiskDecision; reason: string; requestId: string },
  ): Promise<RiskFlag> {
    this.backoffice.require(ctx, 'risk.manage');
    const flag = await this.flagOf(ctx, body.id);
    if (flag.status !== 'open') {
      // The same decision sent again by its operator (a retry after a lost answer) answers as it did.
      if (flag.decidedBy === ctx.operator.id && flag.decision === body.decision)
        return this.view(ctx, flag.id);
      throw new AppError('RISK_FLAG_DECIDED');
    }
    const [username = ''] = (await this.members.usernames([flag.memberId])).values();
    const decided = {
      status: body.decision === 'clear' ? ('cleared' as const) : ('actioned' as const),
      decision: body.decision,
      operatorId: ctx.operator.id,
      operatorName: ctx.operator.username,
    };
    const record = async (tx: Database, detail: Record<string, unknown>) => {
      if (!(await this.repo.decide(tx, ctx.brand.id, flag.id, decided)))
        throw new AppError('RISK_FLAG_DECIDED');
      await this.backoffice.withAudit(ctx)(tx, {
        action: `risk_flag_${body.decision}`,
        target: username,
        reason: body.reason,
        before: { flag: flag.id, kind: flag.kind, status: flag.status },
        after: { flag: flag.id, kind: flag.kind, status: decided.status },
        detail: { requestId: body.requestId, ...detail },
      });
    };
    if (body.decision === 'lock') {
      const locked = await this.members.lock(flag.memberId, (tx, sessionsEnded) =>
        record(tx, { sessionsEnded }),
      );
      // Already locked (or closed): the flag is closed all the same, the member as they were.
      if (!locked) await this.repo.transaction((tx) => record(tx, { alreadyLocked: true }));
    } else {
      await this.repo.transaction(async (tx) => {
        let standing: HoldRow | null = null;
        if (body.decision === 'hold')
          standing = await this.repo.placeHold(tx, {
            memberId: flag.memberId,
            brandId: ctx.brand.id,
            reason: body.reason,
            flagId: flag.id,
            placedBy: ctx.operator.id,
            placedByName: ctx.operator.username,
          });
        await record(tx, body.decision === 'hold' ? { holdAlreadyPlaced: standing !== null } : {});
      });
    }
    return this.view(ctx, flag.id);
  }

  async note(ctx: OperatorContext, body: { id: number; text: string }): Promise<RiskFlag> {
    this.backoffice.require(ctx, 'risk.manage');
    const flag = await this.flagOf(ctx, body.id);
    const [username] = (await this.members.usernames([flag.memberId])).values();
    await this.repo.addNote(
      flag.id,
      { operatorId: ctx.operator.id, operatorName: ctx.operator.username, text: body.text },
      (tx) =>
        this.backoffice.withAudit(ctx)(tx, {
          action: 'risk_flag_note',
          target: username,
          after: { flag: flag.id, note: body.text },
        }),
    );
    return this.view(ctx, flag.id);
  }

  private async holdViews(rows: HoldRow[]): Promise<WithdrawalHold[]> {
    const names = await this.members.usernames(rows.map((r) => r.memberId));
    return rows.map((r) => ({
      username: names.get(r.memberId) ?? '',
      reason: r.reason,
      placedBy: r.placedByName,
      placedAt: r.placedAt.getTime(),
    }));
  }

  async holds(ctx: OperatorContext): Promise<WithdrawalHold[]> {
    this.backoffice.require(ctx, 'risk.manage');
    return this.holdViews(await this.repo.holds(ctx.brand.id));
  }

  /** Places or lifts a member's withdrawal hold by hand (WITHDRAWAL_HOLD_EXISTS, NO_WITHDRAWAL_HOLD when it already was so). */
  async setHold(
    ctx: OperatorContext,
    body: { username: string; hold: boolean; reason: string; requestId: string },
  ): Promise<{ username: string; hold: WithdrawalHold | null }> {
    this.backoffice.require(ctx, 'risk.manage');
    const member = await this.members.byUsername(ctx.brand.id, body.username.trim().toLowerCase());
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    await this.repo.transaction(async (tx) => {
      const before = body.hold
        ? await this.repo.placeHold(tx, {
            memberId: member.id,
            brandId: ctx.brand.id,
            reason: body.reason,
            flagId: null,
            placedBy: ctx.operator.id,
            placedByName: ctx.operator.username,
          })
        : await this.repo.liftHold(tx, member.id);
      // Lifting found none, or placing found one standing (unless it is this operator's, sent again).
      if (!body.hold && before === undefined) throw new AppError('NO_WITHDRAWAL_HOLD');
      if (body.hold && before) {
        if (before.placedBy === ctx.operator.id && before.reason === body.reason) return;
        throw new AppError('WITHDRAWAL_HOLD_EXISTS');
      }
      await this.backoffice.withAudit(ctx)(tx, {
        action: body.hold ? 'withdrawal_hold_place' : 'withdrawal_hold_lift',
        target: member.username,
        reason: body.reason,
        before: { onHold: !body.hold },
        after: { onHold: body.hold },
        detail: { requestId: body.requestId },
      });
    });
    const row = await this.repo.hold(member.id);
    return { username: member.username, hold: row ? ((await this.holdViews([row]))[0] ?? null) : null };
  }

  /** The scan of the operator's brand now (the job runs it every 5 minutes): flags raised for the first time. */
  async scanNow(ctx: OperatorContext): Promise<{ raised: number }> {
    this.backoffice.require(ctx, 'risk.manage');
    return { raised: await this.risk.scanBrand(ctx.brand) };
  }

  async rules(ctx: OperatorContext): Promise<RiskRules> {
    this.backoffice.require(ctx, 'risk.manage');
    return this.risk.rules(ctx.brand.id);
  }

  async setRules(ctx: OperatorContext, body: RiskRules & { reason: string }): Promise<RiskRules> {
    this.backoffice.require(ctx, 'risk.manage');
    const before = await this.risk.rules(ctx.brand.id);
    const { reason, ...after } = body;
    await this.repo.saveRules(ctx.brand.id, after, (tx) =>
      this.backoffice.withAudit(ctx)(tx, { action: 'risk_rules', reason, before, after }),
    );
    return this.risk.rules(ctx.brand.id);
  }
}
