import { z } from 'zod';
import { moneyApproval } from './approvals';
import { epochMillis, epochMillisQuery, minorUnits, sentAmount } from './common';
import { depositView } from './payments';
import { permission } from './permissions';
import { withdrawalView } from './withdrawals';

export type { BuiltInRole as OperatorRole } from './permissions';

export const operatorLoginBody = z.object({
  username: z.string().trim().min(3).max(64),
  password: z.string().min(1).max(128),
  /** The six-digit code of an operator with two-step verification on. */
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/)
    .optional(),
});
export const operatorInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  /** A built-in role or a custom role's code. */
  role: z.string(),
  /** What the role allows: the console shows only what the operator may use. */
  permissions: z.array(permission),
  twoFactor: z.boolean(),
});
export type OperatorInfo = z.infer<typeof operatorInfo>;
export const operatorSession = z.object({
  token: z.string(),
  operator: operatorInfo,
  expiresAt: epochMillis,
});

export const queueDeposit = depositView.extend({
  username: z.string(),
  /** The four-eyes request waiting to confirm it, if one is. */
  approval: z.number().int().nullable().optional(),
});
export const queueWithdrawal = withdrawalView.extend({
  username: z.string(),
  proof: z.string().nullable(),
  /** Ids of the pictures the member attached (GET /api/backoffice/withdrawals/proof?id=). */
  proofImages: z.array(z.number().int()).default([]),
  /** Why it was held for review (status 'review'): the holder name and the member's full name. */
  reviewDetail: z.record(z.string(), z.string()).nullable().optional(),
  /** The four-eyes request waiting to pay it, if one is. */
  approval: z.number().int().nullable().optional(),
});
export const depositDecisionBody = z.object({
  reference: z.string().trim().min(4).max(32),
  decision: z.enum(['confirm', 'reject']),
  reason: z.string().trim().max(200).optional(),
  /** The page's id for this decision (kept when it is sent again), recorded in the audit trail. */
  requestId: z.string().trim().min(8).max(64),
});
export const withdrawalDecisionBody = z.object({
  reference: z.string().trim().min(4).max(32),
  /**
   * approve pays it; reject releases the held money; a dispute ends force_received or refund; release
   * sends one held for review to the queue.
   */
  decision: z.enum(['approve', 'reject', 'force_received', 'refund', 'release']),
  reason: z.string().trim().max(200).optional(),
  /** The page's id for this decision (kept when it is sent again), recorded in the audit trail. */
  requestId: z.string().trim().min(8).max(64),
});
export const adjustBody = z.object({
  username: z.string().trim().min(1).max(64),
  /** Signed: positive credits the member, negative debits (never below zero). */
  amount: sentAmount,
  reason: z.string().trim().min(3).max(200),
  requestId: z.string().trim().min(8).max(64),
  /** A bonus shows in the member's bonus details; a correction only in the account record. */
  category: z.enum(['correction', 'bonus']).default('correction'),
});
/** Moved (the balance after it), or, at or above the brand's threshold, waiting for a second operator. */
export const adjustResult = z.object({
  username: z.string(),
  balance: minorUnits.nullable(),
  approval: moneyApproval.nullable(),
});
export const auditEntry = z.object({
  id: z.number().int(),
  operator: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: epochMillis,
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const queueQuery = z.object({ status: z.string().trim().max(32).optional() });

/** An authenticator secret to scan: at login (enrolment required) or from the console. */
export const operatorTwoFactorSetup = z.object({ secret: z.string(), uri: z.string() });
export const operatorTwoFactorEnableBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

// --- Game vendors, games and rounds (issue 12) ---------------------------------------------------------

const vendorCode = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Z0-9_]+$/, 'A vendor code is capital letters, digits and _');
const gameCodeText = z.string().trim().min(1).max(64);

/** A vendor as the operator manages it: its catalogue entry and its connection. */
export const adminVendor = z.object({
  vendor: z.string(),
  name: z.string(),
  categories: z.array(z.string()),
  status: z.enum(['active', 'maintenance', 'hidden']),
  sortOrder: z.number().int(),
  games: z.number().int(),
  connection: z
    .object({
      active: z.boolean(),
      launchUrl: z.string().nullable(),
      mode: z.enum(['seamless', 'transfer']),
      currencies: z.array(z.string()),
      opensIn: z.enum(['page', 'window']),
      /** Trial accounts (free play) may play its games with trial money. */
      trialPlay: z.boolean(),
      connectedAt: epochMillis,
      updatedAt: epochMillis,
    })
    .nullable(),
});
export const connectVendorBody = z.object({
  vendor: vendorCode,
  launchUrl: z.string().trim().url().max(500),
  mode: z.enum(['seamless', 'transfer']).default('seamless'),
  currencies: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Z]{3,5}$/),
    )
    .max(20)
    .default([]),
  opensIn: z.enum(['page', 'window']).default('page'),
  /** Trial accounts (free play) may play its games with trial money (a vendor's fun mode; seamless only). */
  trialPlay: z.boolean().default(false),
  /** The secret the vendor gave; empty: one is made and shown once. */
  secret: z.string().trim().min(16).max(200).optional(),
});
export const rotateVendorBody = z.object({
  vendor: vendorCode,
  secret: z.string().trim().min(16).max(200).optional(),
});
export const vendorRef = z.object({ vendor: vendorCode });
export const vendorSecret = z.object({ vendor: z.string(), secret: z.string() });
export const updateVendorBody = z.object({
  vendor: vendorCode,
  name: z.string().trim().min(1).max(64).optional(),
  status: z.enum(['active', 'maintenance', 'hidden']).optional(),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
});

export const adminGamesQuery = z.object({ vendor: vendorCode.optional() });
export const adminGame = z.object({
  nodeId: z.number().int(),
  vendor: z.string(),
  gameCode: z.string(),
  category: z.string(),
  names: z.object({ pt: z.string(), en: z.string() }),
  classification: z.string().nullable(),
  active: z.boolean(),
  status: z.enum(['active', 'maintenance', 'hidden']),
  sortOrder: z.number().int(),
  hotRank: z.number().int().nullable(),
  rtp: z.string().nullable(),
});
export type AdminGame = z.infer<typeof adminGame>;
export const updateGameBody = z.object({
  vendor: vendorCode,
  gameCode: gameCodeText,
  active: z.boolean().optional(),
  status: z.enum(['active', 'maintenance', 'hidden']).optional(),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
  /** null takes the game off the hot list. */
  hotRank: z.number().int().min(1).max(1_000).nullable().optional(),
  names: z.object({ pt: z.string().trim().min(1).max(80), en: z.string().trim().min(1).max(80) }).optional(),
  category: z
    .enum(['LIVE', 'RNG', 'PVP', 'FISH', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT', 'INHOUSE'])
    .optional(),
  classification: z.enum(['SC', 'VP', 'JP', 'TG', 'AC', 'BG']).nullable().optional(),
});

/** Round lookup: by member, by the vendor's round id, or by date. */
export const roundLookupQuery = z.object({
  username: z.string().trim().min(1).max(64).optional(),
  vendor: vendorCode.optional(),
  roundId: z.string().trim().min(1).max(64).optional(),
  from: epochMillisQuery.optional(),
  to: epochMillisQuery.optional(),
});
export const adminRound = z.object({
  vendor: z.string(),
  roundId: z.string(),
  username: z.string(),
  gameCode: z.string().nullable(),
  stake: minorUnits,
  payout: minorUnits,
  refunded: minorUnits,
  status: z.string(),
  createdAt: epochMillis,
  settledAt: epochMillis.nullable(),
  movements: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      amount: minorUnits,
      balanceAfter: minorUnits,
      createdAt: epochMillis,
    }),
  ),
});
