import { MAX_INT32 } from '../../../src/api/contract/common';
import type { AdminKycDocument, AdminKycMember, KycDocumentStatus } from '../../../src/api/contract/kyc';
import { formatCpf, maskCpf } from '../../../src/api/cpf';
import { AppError } from '../../http/app-error';
import type { WithAudit } from '../backoffice/audit-port';
import type { OperatorContext } from '../backoffice/backoffice.service';
import type { DocumentRow, KycRepository } from './kyc.repository';
import {
  documentView,
  type KycMembers,
  type KycMoney,
  type MemberIdentityRow,
  statusOf,
} from './kyc.service';

/** What the kyc module's back office needs of the back-office module: its audit port and the permission check. */
export interface KycBackoffice {
  withAudit(ctx: OperatorContext): WithAudit;
  require(ctx: OperatorContext, permission: 'kyc.review' | 'members.read'): void;
}

/**
 * Identity (KYC) in the back office: the documents to review (approve, or reject with a reason the
 * member reads), a member's identity (the CPF in full only for 'kyc.review'), and the erasure of a
 * member's personal data (LGPD) once their money is settled. Every change commits with its audit row.
 */
export class KycAdmin {
  constructor(
    private readonly repo: KycRepository,
    private readonly members: KycMembers,
    private readonly money: KycMoney,
    private readonly backoffice: KycBackoffice,
  ) {}

  private identityFor(ctx: OperatorContext, row: MemberIdentityRow | undefined) {
    const full = ctx.operator.permissions.includes('kyc.review');
    return {
      identity: {
        fullName: row?.fullName ?? null,
        birthday: row?.birthday ?? null,
        cpf: row?.cpf ? (full ? formatCpf(row.cpf) : maskCpf(row.cpf)) : null,
      },
      cpfMasked: !full,
    };
  }

  private async adminDocuments(ctx: OperatorContext, rows: DocumentRow[]): Promise<AdminKycDocument[]> {
    const people = new Map(
      (await this.members.identities([...new Set(rows.map((r) => r.memberId))])).map((m) => [m.id, m]),
    );
    return rows.map((row) => {
      const who = people.get(row.memberId);
      return {
        ...documentView(row),
        username: who?.username ?? '',
        ...this.identityFor(ctx, who),
        decidedBy: row.decidedByName,
      };
    });
  }

  async queue(ctx: OperatorContext, status: KycDocumentStatus) {
    this.backoffice.require(ctx, 'kyc.review');
    return this.adminDocuments(ctx, await this.repo.queue(ctx.brand.id, status, 100));
  }

  async file(ctx: OperatorContext, id: number) {
    this.backoffice.require(ctx, 'kyc.review');
    // Ids are 32-bit: anything else names no document (and must not reach the query).
    if (!Number.isInteger(id) || id < 1 || id > MAX_INT32) throw new AppError('NOT_FOUND');
    const file = await this.repo.file(ctx.brand.id, id);
    if (!file) throw new AppError('NOT_FOUND');
    return file;
  }

  async decide(
    ctx: OperatorContext,
    body: { id: number; decision: 'approve' | 'reject'; reason?: string | undefined },
  ) {
    this.backoffice.require(ctx, 'kyc.review');
    if (body.decision === 'reject' && !body.reason) throw new AppError('REASON_REQUIRED');
    const before = await this.repo.document(ctx.brand.id, body.id);
    if (!before) throw new AppError('KYC_DOCUMENT_NOT_FOUND');
    if (before.status !== 'pending') throw new AppError('KYC_DOCUMENT_DECIDED');
    const owner = await this.members.identity(before.memberId);
    const status = body.decision === 'approve' ? 'approved' : 'rejected';
    const decided = await this.repo.decide(
      ctx.brand.id,
      body.id,
      {
        status,
        // The member reads a rejection's reason; an approval's stays in the audit trail.
        reason: body.decision === 'reject' ? body.reason || null : null,
        operatorId: ctx.operator.id,
        operatorName: ctx.operator.username,
      },
      (tx) =>
        this.backoffice.withAudit(ctx)(tx, {
          action: `kyc_document_${body.decision}`,
          target: owner?.username,
          reason: body.reason,
          before: { document: body.id, kind: before.kind, status: before.status },
          after: { document: body.id, kind: before.kind, status },
        }),
    );
    // Another operator decided it between the read and the write.
    if (!decided) throw new AppError('KYC_DOCUMENT_DECIDED');
    const [view] = await this.adminDocuments(ctx, [decided]);
    return view!;
  }

  private async found(ctx: OperatorContext, username: string) {
    const row = await this.members.byUsername(ctx.brand.id, username.trim().toLowerCase());
    if (!row) throw new AppError('MEMBER_NOT_FOUND');
    return row;
  }

  async member(ctx: OperatorContext, username: string): Promise<AdminKycMember> {
    this.backoffice.require(ctx, 'members.read');
    const row = await this.found(ctx, username);
    const [rows, erasedAt] = await Promise.all([this.repo.documentsOf(row.id), this.repo.erasedAt(row.id)]);
    return {
      username: row.username,
      status: row.status,
      ...this.identityFor(ctx, row),
      kycStatus: statusOf(rows),
      documents: await this.adminDocuments(ctx, rows),
      erasedAt: erasedAt?.getTime() ?? null,
    };
  }

  /**
   * Erases a member's personal data (LGPD art. 18 VI) when no money is left or on its way: every wallet
   * at zero, no deposit or withdrawal still open. What the law keeps stays (docs/privacy.md): the ledger,
   * the payments' records, the full name, birthday and CPF, and the documents' decisions (their files
   * go). The audit row names the member by id, and keeps none of what was erased.
   */
  async erase(ctx: OperatorContext, body: { username: string; reason: string }) {
    this.backoffice.require(ctx, 'kyc.review');
    const row = await this.found(ctx, body.username);
    if (await this.repo.erasedAt(row.id)) throw new AppError('MEMBER_ERASED');
    const [balances, open] = await Promise.all([this.money.balances(row.id), this.money.openMoney(row.id)]);
    if ([...balances.values()].some((b) => b !== 0)) throw new AppError('ERASE_BALANCE_NOT_ZERO');
    if (open > 0) throw new AppError('ERASE_MONEY_OPEN');
    await this.members.erase(row.id, async (tx) => {
      await this.repo.eraseFiles(tx, ctx.brand.id, row.id, ctx.operator.id);
      await this.backoffice.withAudit(ctx)(tx, {
        action: 'member_erase',
        target: `member #${row.id}`,
        reason: body.reason,
        before: { status: row.status },
        after: { status: 'erased' },
      });
    });
    const erased = await this.members.identity(row.id);
    return this.member(ctx, erased!.username);
  }
}
