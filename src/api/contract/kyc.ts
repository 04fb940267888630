import { z } from 'zod';
import { epochMillis, int32Id } from './common';

/**
 * Identity (KYC) for Brazil: the member's full name, date of birth and CPF, asked at registration or
 * before the first withdrawal (the brand's `kyc_at`), identity documents the member uploads and an operator
 * approves or rejects, and the member's own data on request (LGPD). docs/privacy.md says what is kept and why.
 */

/** When a brand asks for the identity: in the registration form, or on the withdrawal page before the first one. */
/** When a brand asks for the identity; 'off' for a market without the rule (never the Brazilian default). */
export const KYC_MOMENTS = ['registration', 'withdrawal', 'off'] as const;
export type KycMoment = (typeof KYC_MOMENTS)[number];

export const identityField = z.enum(['fullName', 'birthday', 'cpf']);
export type IdentityField = z.infer<typeof identityField>;

/** A document's kind: an identity document's front and back (RG, CNH), a selfie with it, a proof of address. */
export const KYC_DOCUMENT_KINDS = ['id_front', 'id_back', 'selfie', 'address'] as const;
export const kycDocumentKind = z.enum(KYC_DOCUMENT_KINDS);
export type KycDocumentKind = z.infer<typeof kycDocumentKind>;
export const kycDocumentStatus = z.enum(['pending', 'approved', 'rejected']);
export type KycDocumentStatus = z.infer<typeof kycDocumentStatus>;
/** A member's verification: no document yet, one waiting, the latest decision. */
export const kycStatus = z.enum(['none', 'pending', 'approved', 'rejected']);
export type KycStatus = z.infer<typeof kycStatus>;

/** Uploads: png, jpg or pdf (read from the bytes), 5 MB each, 6 waiting at most. */
export const KYC_MAX_BYTES = 5 * 1024 * 1024;
export const KYC_MAX_PENDING = 6;
export const KYC_FILE_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;

export const kycDocument = z.object({
  id: z.number().int(),
  kind: kycDocumentKind,
  status: kycDocumentStatus,
  /** The operator's reason for a rejection, as they wrote it. */
  reason: z.string().nullable(),
  mime: z.string(),
  size: z.number().int(),
  createdAt: epochMillis,
  decidedAt: epochMillis.nullable(),
});
export type KycDocument = z.infer<typeof kycDocument>;

export const memberIdentity = z.object({
  fullName: z.string().nullable(),
  /** YYYY-MM-DD. */
  birthday: z.string().nullable(),
  /** Masked for the member (***.456.789-**), and for operators without 'kyc.review'. */
  cpf: z.string().nullable(),
});

/** GET /api/kyc: what the member's page shows. */
export const memberKyc = z.object({
  askedAt: z.enum(KYC_MOMENTS),
  identity: memberIdentity,
  /** What the brand still needs before a withdrawal (empty: nothing). */
  missing: z.array(identityField),
  status: kycStatus,
  documents: z.array(kycDocument),
});
export type MemberKyc = z.infer<typeof memberKyc>;

/** The identity step: only the fields still missing are taken; a given one is never changed by the member. */
export const identityBody = z.object({
  fullName: z.string().trim().min(1).max(64).optional(),
  birthday: z.string().trim().max(10).optional(),
  cpf: z.string().trim().max(14).optional(),
});
export type IdentityBody = z.infer<typeof identityBody>;

/** The member's own data (LGPD art. 18 II), as JSON. */
export const memberDataExport = z.object({
  format: z.literal('member-data-export/1'),
  exportedAt: epochMillis,
  brand: z.string(),
  sections: z.record(z.string(), z.unknown()),
});
export type MemberDataExport = z.infer<typeof memberDataExport>;

// --- Back office ------------------------------------------------------------------------------------------

export const adminKycDocument = kycDocument.extend({
  username: z.string(),
  identity: memberIdentity,
  /** Whether the CPF above is masked (the operator lacks 'kyc.review'). */
  cpfMasked: z.boolean(),
  decidedBy: z.string().nullable(),
});
export type AdminKycDocument = z.infer<typeof adminKycDocument>;
export const adminKycQueueQuery = z.object({ status: kycDocumentStatus.default('pending') });

export const kycDecisionBody = z.object({
  id: int32Id,
  decision: z.enum(['approve', 'reject']),
  /** Required to reject: the member reads it. */
  reason: z.string().trim().max(200).optional(),
});

export const adminKycMemberQuery = z.object({ username: z.string().trim().min(1).max(64) });
export const adminKycMember = z.object({
  username: z.string(),
  status: z.string(),
  identity: memberIdentity,
  cpfMasked: z.boolean(),
  kycStatus,
  documents: z.array(adminKycDocument),
  /** When the member's personal data was erased (LGPD), or null. */
  erasedAt: epochMillis.nullable(),
});
export type AdminKycMember = z.infer<typeof adminKycMember>;

export const kycEraseBody = z.object({
  username: z.string().trim().min(1).max(64),
  /** The request it answers (a ticket, a letter): kept in the audit trail. */
  reason: z.string().trim().min(3).max(200),
});
