import { randomBytes } from 'node:crypto';
import type { OperatorView, RoleView } from '../../../src/api/contract/operators';
import {
  BUILT_IN_ROLE_CODES,
  BUILT_IN_ROLES,
  isBuiltInRole,
  PERMISSIONS,
  type Permission,
} from '../../../src/api/contract/permissions';
import { AppError } from '../../http/app-error';
import { hashPassword, hashToken } from '../accounts/credentials';
import type { AuditRepository } from './audit.repository';
import type { BackofficeService, OperatorContext, OperatorRow } from './backoffice.service';
import type { OperatorsRepository } from './operators.repository';

/** A password to hand a new or reset operator once: 16 random characters, never stored in clear. */
const newPassword = () => randomBytes(12).toString('base64url');

const view = (row: OperatorRow, sessions: number): OperatorView => ({
  id: row.id,
  username: row.username,
  role: row.role,
  status: row.status === 'disabled' ? 'disabled' : 'active',
  twoFactor: row.totpSecret !== null,
  installationWide: row.brandId === null,
  activeSessions: sessions,
  lastLoginAt: row.lastLoginAt?.getTime() ?? null,
  createdAt: row.createdAt.getTime(),
});

/** What the audit trail keeps of an operator: never a password hash or a two-step secret. */
const described = (row: OperatorRow) => ({
  role: row.role,
  status: row.status,
  twoFactor: row.totpSecret !== null,
});

/**
 * Operators, roles and sessions (issue 27, item 6). An operator manages the brand's own operators;
 * installation-wide ones (made with `npm run operator:create`) are listed but changed only from there.
 * Nobody changes their own role or status, and the brand always keeps an active admin.
 */
export class OperatorsAdmin {
  constructor(
    private readonly backoffice: BackofficeService,
    private readonly operators: OperatorsRepository,
    private readonly audit: AuditRepository,
  ) {}

  async list(ctx: OperatorContext): Promise<OperatorView[]> {
    return (await this.operators.list(ctx.brand.id)).map((r) => view(r.operator, r.sessions));
  }

  private async knownRole(ctx: OperatorContext, role: string) {
    if (isBuiltInRole(role)) return;
    if (!(await this.operators.customRole(ctx.brand.id, role))) throw new AppError('ROLE_NOT_FOUND');
  }

  /** The operator this brand may change: its own, never an installation-wide one, never oneself. */
  private async changeable(ctx: OperatorContext, username: string) {
    const row = await this.operators.byUsername(username);
    if (!row || (row.brandId !== null && row.brandId !== ctx.brand.id))
      throw new AppError('OPERATOR_NOT_FOUND');
    if (row.brandId === null) throw new AppError('OPERATOR_INSTALLATION_WIDE');
    if (row.id === ctx.operator.id) throw new AppError('OPERATOR_SELF');
    return row;
  }

  /** An admin leaving (disabled or given another role) must not be the brand's last active one. */
  private async keepAnAdmin(ctx: OperatorContext, row: OperatorRow) {
    if (
      row.role === 'admin' &&
      row.status === 'active' &&
      (await this.operators.activeAdmins(ctx.brand.id)) <= 1
    )
      throw new AppError('OPERATOR_LAST_ADMIN');
  }

  async create(ctx: OperatorContext, body: { username: string; role: string; reason: string }) {
    await this.knownRole(ctx, body.role);
    const password = newPassword();
    const audit = this.backoffice.withAudit(ctx);
    const saved = await this.operators.insert(
      {
        brandId: ctx.brand.id,
        username: body.username,
        passwordHash: await hashPassword(password),
        role: body.role,
      },
      (tx) =>
        audit(tx, {
          action: 'operator_create',
          target: body.username,
          reason: body.reason,
          after: { role: body.role, status: 'active', twoFactor: false },
        }),
    );
    if (!saved) throw new AppError('OPERATOR_USERNAME_TAKEN');
    return { operator: view(saved, 0), password };
  }

  async setStatus(
    ctx: OperatorContext,
    body: { username: string; status: 'active' | 'disabled'; reason: string },
  ) {
    const row = await this.changeable(ctx, body.username);
    if (body.status === 'disabled') await this.keepAnAdmin(ctx, row);
    const audit = this.backoffice.withAudit(ctx);
    const saved = await this.operators.change(row.id, { status: body.status }, (tx) =>
      audit(tx, {
        action: body.status === 'disabled' ? 'operator_disable' : 'operator_enable',
        target: row.username,
        reason: body.reason,
        before: described(row),
        after: { ...described(row), status: body.status },
      }),
    );
    return view(saved!, 0);
  }

  async setRole(ctx: OperatorContext, body: { username: string; role: string; reason: string }) {
    const row = await this.changeable(ctx, body.username);
    await this.knownRole(ctx, body.role);
    if (body.role !== 'admin') await this.keepAnAdmin(ctx, row);
    const audit = this.backoffice.withAudit(ctx);
    const saved = await this.operators.change(row.id, { role: body.role }, (tx) =>
      audit(tx, {
        action: 'operator_role',
        target: row.username,
        reason: body.reason,
        before: described(row),
        after: { ...described(row), role: body.role },
      }),
    );
    return view(saved!, 0);
  }

  /**
   * A new password handed over once, or two-step verification turned off (a lost phone): the next login
   * enrols again where the role requires it. Either ends the operator's sessions.
   */
  async reset(
    ctx: OperatorContext,
    body: { username: string; what: 'password' | 'two-factor'; reason: string },
  ) {
    const row = await this.changeable(ctx, body.username);
    const audit = this.backoffice.withAudit(ctx);
    const password = body.what === 'password' ? newPassword() : null;
    const set =
      password !== null
        ? { passwordHash: await hashPassword(password) }
        : { totpSecret: null, totpPendingSecret: null };
    await this.operators.change(row.id, set, (tx) =>
      audit(tx, {
        action: body.what === 'password' ? 'operator_password_reset' : 'operator_two_factor_reset',
        target: row.username,
        reason: body.reason,
        before: described(row),
        after: { ...described(row), ...(password === null ? { twoFactor: false } : {}) },
      }),
    );
    return { password };
  }

  async sessions(ctx: OperatorContext, username: string | undefined, currentToken: string) {
    let operatorId: number | undefined;
    if (username) {
      const row = await this.operators.byUsername(username);
      if (!row || (row.brandId !== null && row.brandId !== ctx.brand.id))
        throw new AppError('OPERATOR_NOT_FOUND');
      operatorId = row.id;
    }
    const current = hashToken(currentToken);
    return (await this.operators.sessions(ctx.brand.id, operatorId)).map(({ session, username: name }) => ({
      id: session.tokenHash.slice(0, 12),
      username: name,
      ip: session.ip,
      createdAt: session.createdAt.getTime(),
      expiresAt: session.expiresAt.getTime(),
      current: session.tokenHash === current,
    }));
  }

  async revokeSession(ctx: OperatorContext, body: { id: string; reason: string }) {
    const audit = this.backoffice.withAudit(ctx);
    const ended = await this.operators.revokeByPrefix(ctx.brand.id, body.id, (tx, username) =>
      audit(tx, {
        action: 'operator_session_end',
        target: username,
        reason: body.reason,
        detail: { session: body.id },
      }),
    );
    if (!ended) throw new AppError('OPERATOR_SESSION_NOT_FOUND');
    return null;
  }

  async roles(ctx: OperatorContext): Promise<RoleView[]> {
    const [custom, held] = await Promise.all([
      this.operators.customRoles(ctx.brand.id),
      this.operators.roleCounts(ctx.brand.id),
    ]);
    return [
      ...BUILT_IN_ROLE_CODES.map((code) => ({
        code,
        name: code,
        builtIn: true,
        permissions: [...BUILT_IN_ROLES[code]],
        operators: held.get(code) ?? 0,
      })),
      ...custom.map((r) => ({
        code: r.code,
        name: r.name,
        builtIn: false,
        permissions: r.permissions.filter((p): p is Permission =>
          (PERMISSIONS as readonly string[]).includes(p),
        ),
        operators: held.get(r.code) ?? 0,
      })),
    ];
  }

  async saveRole(
    ctx: OperatorContext,
    body: { code: string; name: string; permissions: Permission[]; reason: string },
  ) {
    if (isBuiltInRole(body.code)) throw new AppError('ROLE_BUILT_IN');
    const permissions = PERMISSIONS.filter((p) => body.permissions.includes(p));
    const audit = this.backoffice.withAudit(ctx);
    await this.operators.saveRole(
      { brandId: ctx.brand.id, code: body.code, name: body.name, permissions },
      (tx, before) =>
        audit(tx, {
          action: before ? 'role_change' : 'role_create',
          target: body.code,
          reason: body.reason,
          before: before ? { name: before.name, permissions: before.permissions } : null,
          after: { name: body.name, permissions },
        }),
    );
    return this.roles(ctx);
  }

  async deleteRole(ctx: OperatorContext, body: { code: string; reason: string }) {
    if (isBuiltInRole(body.code)) throw new AppError('ROLE_BUILT_IN');
    const audit = this.backoffice.withAudit(ctx);
    const outcome = await this.operators.deleteRole(ctx.brand.id, body.code, (tx) =>
      audit(tx, { action: 'role_delete', target: body.code, reason: body.reason }),
    );
    if (outcome === 'held') throw new AppError('ROLE_IN_USE');
    if (outcome === 'missing') throw new AppError('ROLE_NOT_FOUND');
    return this.roles(ctx);
  }

  /** The audit trail searched (by operator, target, action and period), a page at a time. */
  async auditSearch(
    ctx: OperatorContext,
    query: {
      operator?: string | undefined;
      target?: string | undefined;
      action?: string | undefined;
      from?: number | undefined;
      to?: number | undefined;
      before?: number | undefined;
      limit: number;
    },
  ) {
    const rows = await this.audit.search(
      ctx.brand.id,
      {
        operator: query.operator,
        target: query.target,
        action: query.action,
        from: query.from === undefined ? undefined : new Date(query.from),
        to: query.to === undefined ? undefined : new Date(query.to),
        before: query.before,
      },
      query.limit,
    );
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
