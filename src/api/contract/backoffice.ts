import { z } from 'zod';
import { epochMillis, minorUnits, sentAmount } from './common';
import { depositView } from './payments';
import { withdrawalView } from './withdrawals';

export const OPERATOR_ROLES = ['admin', 'finance', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

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
  role: z.enum(OPERATOR_ROLES),
  twoFactor: z.boolean(),
});
export const operatorSession = z.object({
  token: z.string(),
  operator: operatorInfo,
  expiresAt: epochMillis,
});

export const queueDeposit = depositView.extend({ username: z.string() });
export const queueWithdrawal = withdrawalView.extend({
  username: z.string(),
  proof: z.string().nullable(),
  /** Ids of the pictures the member attached (GET /api/backoffice/withdrawals/proof?id=). */
  proofImages: z.array(z.number().int()).default([]),
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
  /** approve pays it; reject releases the held money; a dispute ends force_received or refund. */
  decision: z.enum(['approve', 'reject', 'force_received', 'refund']),
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
export const adjustResult = z.object({ username: z.string(), balance: minorUnits });
export const auditEntry = z.object({
  id: z.number().int(),
  operator: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: epochMillis,
});
export const queueQuery = z.object({ status: z.string().trim().max(32).optional() });

/** An authenticator secret to scan: at login (enrolment required) or from the console. */
export const operatorTwoFactorSetup = z.object({ secret: z.string(), uri: z.string() });
export const operatorTwoFactorEnableBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});
