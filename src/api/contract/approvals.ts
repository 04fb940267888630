import { z } from 'zod';
import { epochMillis, int32Id, MAX_BALANCE, minorUnits } from './common';

export const APPROVAL_KINDS = ['adjust', 'withdrawal', 'deposit', 'settlement'] as const;

/** A money action waiting for (or decided by) a second operator: four eyes. */
export const moneyApproval = z.object({
  id: z.number().int(),
  /**
   * adjust: a manual credit or debit of `target` (a username); withdrawal or deposit: its reference;
   * settlement: agents' contracts of one period settled again (`target` is `kind:period`, the amount 0:
   * what it comes to is known when it runs; `detail` holds the kind, pay period and period).
   */
  kind: z.enum(APPROVAL_KINDS),
  target: z.string(),
  amount: minorUnits,
  /** What the first operator sent: the reason, the adjustment's category, the settlement's period... */
  detail: z.record(z.string(), z.unknown()),
  status: z.enum(['pending', 'approved', 'rejected']),
  requestedBy: z.string(),
  requestedAt: epochMillis,
  decidedBy: z.string().nullable(),
  decidedAt: epochMillis.nullable(),
  decisionReason: z.string().nullable(),
  /** What the action answered once approved (a settlement's bills made, paid and unpaid); null before. */
  result: z.record(z.string(), z.unknown()).nullable(),
});
export type MoneyApproval = z.infer<typeof moneyApproval>;

export const approvalsQuery = z.object({ status: z.enum(['pending', 'approved', 'rejected']).optional() });
export const approvalDecisionBody = z.object({
  id: int32Id,
  decision: z.enum(['approve', 'reject']),
  /** Needed to reject: the first operator reads it. */
  reason: z.string().trim().max(200).optional(),
  requestId: z.string().trim().min(8).max(64),
});
export const approvalThreshold = z.object({ threshold: minorUnits });
export const approvalThresholdBody = z.object({
  /** 0: every money action waits for a second operator; above the brand's maximum amount: none does. */
  threshold: z.number().int().min(0).max(MAX_BALANCE),
  reason: z.string().trim().min(3).max(200),
});
