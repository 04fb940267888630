import { z } from 'zod';
import { epochMillis, int32Id, MAX_BALANCE } from './common';

/**
 * What the risk scan looks for (server/modules/risk/risk-scan.ts): a group of accounts seen on one address
 * or one device, accounts paying out to one payee (bank account or holder name), a withdrawal after little
 * play, a day's unusual win.
 */
export const RISK_FLAG_KINDS = [
  'shared_address',
  'shared_device',
  'shared_payee',
  'low_play',
  'big_win',
] as const;
export const riskFlagKind = z.enum(RISK_FLAG_KINDS);
export type RiskFlagKind = z.infer<typeof riskFlagKind>;

/** clear: nothing wrong; hold: the member's withdrawals wait; lock: the member is locked out. */
export const riskDecision = z.enum(['clear', 'hold', 'lock']);
export type RiskDecision = z.infer<typeof riskDecision>;

export const riskFlagNote = z.object({ operator: z.string(), text: z.string(), createdAt: epochMillis });

export const riskFlag = z.object({
  id: z.number().int(),
  kind: riskFlagKind,
  status: z.enum(['open', 'cleared', 'actioned']),
  /** The member it is about (a group's newest account). */
  username: z.string(),
  /** The group's other accounts. */
  others: z.array(z.string()),
  /**
   * The figures behind it: address or device (shared_*), payee, reference, amount, deposits and bets
   * (low_play, minor units), day and profit (big_win).
   */
  evidence: z.record(z.string(), z.union([z.string(), z.number()])),
  raisedAt: epochMillis,
  updatedAt: epochMillis,
  decision: riskDecision.nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: epochMillis.nullable(),
  notes: z.array(riskFlagNote),
  /** Whether the member's withdrawals are held now. */
  onHold: z.boolean(),
});
export type RiskFlag = z.infer<typeof riskFlag>;

export const riskFlagsQuery = z.object({
  status: z.enum(['open', 'closed']).default('open'),
  kind: riskFlagKind.optional(),
  username: z.string().trim().max(64).optional(),
});

const reason = z.string().trim().min(3).max(200);

export const riskDecisionBody = z.object({
  id: int32Id,
  decision: riskDecision,
  reason,
  requestId: z.string().trim().min(8).max(64),
});
export const riskNoteBody = z.object({ id: int32Id, text: z.string().trim().min(1).max(1000) });

export const withdrawalHold = z.object({
  username: z.string(),
  reason: z.string(),
  placedBy: z.string(),
  placedAt: epochMillis,
});
export type WithdrawalHold = z.infer<typeof withdrawalHold>;

export const withdrawalHoldBody = z.object({
  username: z.string().trim().min(1).max(64),
  /** true puts the member's withdrawals on hold, false lifts it. */
  hold: z.boolean(),
  reason,
  requestId: z.string().trim().min(8).max(64),
});
/** The member's hold after the change (null: lifted). */
export const withdrawalHoldResult = z.object({ username: z.string(), hold: withdrawalHold.nullable() });

/** The scan run now for the operator's brand, instead of waiting for the job's next run. */
export const riskScanBody = z.object({});
/** How many flags it raised for the first time. */
export const riskScanResult = z.object({ raised: z.number().int() });

export const riskRules = z.object({
  accountsPerAddress: z.number().int().min(2).max(1000),
  accountsPerDevice: z.number().int().min(2).max(1000),
  lowPlayPercent: z.number().int().min(0).max(1000),
  bigWinAmount: z.number().int().min(1).max(MAX_BALANCE),
});
export type RiskRules = z.infer<typeof riskRules>;
export const riskRulesBody = riskRules.extend({ reason });
