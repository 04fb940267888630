import type { LanguageCode } from '../../../src/api/contract/common';
import {
  type IdentityBody,
  type IdentityField,
  KYC_MAX_BYTES,
  KYC_MAX_PENDING,
  type KycDocument,
  type KycDocumentKind,
  type KycStatus,
  type MemberDataExport,
  type MemberKyc,
} from '../../../src/api/contract/kyc';
import { maskCpf, normalizeCpf } from '../../../src/api/cpf';
import { cleanFullName, identityProblems } from '../../../src/api/identity-fields';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { translate } from '../../http/messages';
import { dayIn } from '../../lib/brand-days';
import type { Brand } from '../brand/brand.service';
import { type PayeeReview, payeeReview } from './holder-name';
import type { DocumentRow, KycRepository } from './kyc.repository';

/** A member's identity as the accounts module stores it. */
export interface MemberIdentityRow {
  id: number;
  brandId: number;
  username: string;
  status: string;
  userType: number;
  fullName: string | null;
  birthday: string | null;
  cpf: string | null;
}

/** What the kyc module asks of the accounts module (server/modules/accounts/member-identity.repository.ts). */
export interface KycMembers {
  identity(memberId: number): Promise<MemberIdentityRow | undefined>;
  byUsername(brandId: number, username: string): Promise<MemberIdentityRow | undefined>;
  identities(memberIds: number[]): Promise<MemberIdentityRow[]>;
  /** Writes the missing facts once; 'cpf_taken' when another account of the brand has the CPF. */
  setIdentity(
    memberId: number,
    fields: { fullName?: string | undefined; birthday?: string | undefined; cpf?: string | undefined },
  ): Promise<MemberIdentityRow | 'cpf_taken' | undefined>;
  /** The member's row and logins as stored. */
  exportOf(memberId: number): Promise<Record<string, unknown>>;
  /** Erases the member's personal data (docs/privacy.md), with `alongside` in the same transaction. */
  erase(memberId: number, alongside: (tx: Database) => Promise<void>): Promise<unknown>;
}

/** What the kyc module asks of the money modules (ledger, payments) for the export and the erasure. */
export interface KycMoney {
  /** Every wallet's balance, by kind (ledger). */
  balances(memberId: number): Promise<Map<string, number>>;
  /** Deposits and withdrawals not final yet (payments): money may still move. */
  openMoney(memberId: number): Promise<number>;
  /** The member's bank accounts, deposits, withdrawals and movements (payments, ledger). */
  exportOf(brand: Brand, memberId: number): Promise<Record<string, unknown>>;
}

/** The file's real type, read from its first bytes (never from its name or the browser's word). */
export function sniffDocument(data: Buffer): 'image/png' | 'image/jpeg' | 'application/pdf' | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

export const documentView = (row: DocumentRow): KycDocument => ({
  id: row.id,
  kind: row.kind as KycDocumentKind,
  status: row.status as KycDocument['status'],
  reason: row.reason,
  mime: row.mime,
  size: row.size,
  createdAt: row.createdAt.getTime(),
  decidedAt: row.decidedAt?.getTime() ?? null,
});

/** A member's verification from their documents, newest first: approved once any is, else the newest's. */
export function statusOf(documents: Array<{ status: string }>): KycStatus {
  if (documents.length === 0) return 'none';
  if (documents.some((d) => d.status === 'approved')) return 'approved';
  if (documents.some((d) => d.status === 'pending')) return 'pending';
  return 'rejected';
}

const IDENTITY_FIELDS: IdentityField[] = ['fullName', 'birthday', 'cpf'];

/**
 * Identity (KYC) for Brazil, the member's side: the identity facts asked at registration or before the
 * first withdrawal, documents to upload, the payee check withdrawals run, and the member's own data.
 */
export class KycService {
  constructor(
    private readonly repo: KycRepository,
    private readonly members: KycMembers,
    private readonly money: KycMoney,
    /** Today is read from here (tests move it). */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The brand's today (YYYY-MM-DD in its time zone): the day a member turns 18 on. */
  today(brand: Brand) {
    return dayIn(this.now(), brand.timeZone);
  }

  private async member(brand: Brand, memberId: number) {
    const row = await this.members.identity(memberId);
    if (!row || row.brandId !== brand.id) throw new AppError('MEMBER_NOT_FOUND');
    return row;
  }

  /** The identity facts a withdrawal still needs. */
  missing(row: MemberIdentityRow): IdentityField[] {
    return IDENTITY_FIELDS.filter((f) => row[f] === null);
  }

  /** For the withdrawal page and request (payments' port). */
  async identityMissing(brand: Brand, memberId: number) {
    // A brand that does not ask for the identity (a market without the rule): nothing is missing.
    if (brand.kycAt === 'off') return [];
    return this.missing(await this.member(brand, memberId));
  }

  /**
   * Why a payment to this payee (a bank account's holder name; a PIX key's holder later) must wait for an
   * operator: it is not the member's full name. Null when it may go to the queue.
   */
  async payeeReview(brand: Brand, memberId: number, holderName: string): Promise<PayeeReview | null> {
    return payeeReview(holderName, (await this.member(brand, memberId)).fullName);
  }

  async status(brand: Brand, memberId: number): Promise<MemberKyc> {
    const [row, documents] = await Promise.all([
      this.member(brand, memberId),
      this.repo.documentsOf(memberId),
    ]);
    return {
      askedAt: brand.kycAt,
      identity: {
        fullName: row.fullName,
        birthday: row.birthday,
        cpf: row.cpf ? maskCpf(row.cpf) : null,
      },
      missing: this.missing(row),
      status: statusOf(documents),
      documents: documents.map(documentView),
    };
  }

  /**
   * The identity step: the missing facts, each checked (the CPF's check digits, 18 or older on the brand's
   * today), written once. A fact already given is never changed here (support corrects it); another
   * account of the brand with the CPF is CPF_TAKEN, whoever asks at the same moment.
   */
  async saveIdentity(brand: Brand, memberId: number, body: IdentityBody, lang: LanguageCode) {
    const row = await this.member(brand, memberId);
    const missing = this.missing(row);
    const given = {
      fullName: missing.includes('fullName') ? body.fullName : undefined,
      birthday: missing.includes('birthday') ? body.birthday : undefined,
      cpf: missing.includes('cpf') ? body.cpf : undefined,
    };
    const issues: Array<{ path: string; message: string }> = [];
    for (const field of missing)
      if (!given[field])
        issues.push({ path: `body.${field}`, message: translate(lang, 'validation.required') });
    const problems = identityProblems(
      Object.fromEntries(Object.entries(given).filter(([, v]) => v)) as Record<string, string>,
      this.today(brand),
    );
    for (const [field, key] of Object.entries(problems))
      issues.push({ path: `body.${field}`, message: translate(lang, key) });
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', {}, { issues });
    const saved = await this.members.setIdentity(memberId, {
      fullName: given.fullName ? cleanFullName(given.fullName) : undefined,
      birthday: given.birthday,
      cpf: given.cpf ? (normalizeCpf(given.cpf) ?? undefined) : undefined,
    });
    if (saved === 'cpf_taken') throw new AppError('CPF_TAKEN');
    return this.status(brand, memberId);
  }

  /** Documents of one kind: png, jpg or pdf by their bytes, 5 MB each, 6 waiting at most. */
  async upload(brand: Brand, memberId: number, kind: KycDocumentKind, files: Buffer[]) {
    await this.member(brand, memberId);
    if (files.length === 0) throw new AppError('KYC_FILE_REQUIRED');
    const typed = files.map((data) => {
      if (data.length > KYC_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
      const mime = sniffDocument(data);
      if (!mime) throw new AppError('KYC_FILE_TYPE');
      return { mime, data };
    });
    await this.repo.addDocuments(brand.id, memberId, kind, typed, (pending) => {
      if (pending + typed.length > KYC_MAX_PENDING) throw new AppError('KYC_TOO_MANY');
    });
    return this.status(brand, memberId);
  }

  /** The member's own data (LGPD art. 18 II): everything the site keeps about them, in one JSON. */
  async exportData(brand: Brand, memberId: number): Promise<MemberDataExport> {
    await this.member(brand, memberId);
    const [account, money, documents] = await Promise.all([
      this.members.exportOf(memberId),
      this.money.exportOf(brand, memberId),
      this.repo.documentsOf(memberId),
    ]);
    return {
      format: 'member-data-export/1',
      exportedAt: this.now().getTime(),
      brand: brand.siteName,
      sections: {
        ...account,
        identityDocuments: documents.map(documentView),
        ...money,
      },
    };
  }
}
