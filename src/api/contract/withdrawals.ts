import { z } from 'zod';
import { PIX_KEY_TYPES } from '../pix-key';
import { epochMillis, int32Id, minorUnits, sentAmount } from './common';
import { identityField } from './kyc';

/**
 * A withdrawal's lifecycle (spec 4.8), enforced by the server and read by the page. The money is held at
 * request; the operator pays it or rejects it (released); after payment the member confirms receipt, or
 * says it did not arrive (disputed, with proof), and unanswered it counts as received after the brand's
 * minutes. A dispute ends received (a forced receipt: no refund) or refunded. A request to a bank account
 * whose holder is not the member's name waits in review (the money held) until an operator releases it
 * to the queue or rejects it.
 */
export const WITHDRAWAL_TRANSITIONS = {
  review: ['pending', 'rejected', 'cancelled'],
  pending: ['paid', 'rejected', 'cancelled'],
  paid: ['received', 'disputed'],
  disputed: ['received', 'refunded'],
  received: [],
  rejected: [],
  cancelled: [],
  refunded: [],
} as const satisfies Record<string, readonly string[]>;
export type WithdrawalStatus = keyof typeof WITHDRAWAL_TRANSITIONS;
export const WITHDRAWAL_STATUSES = Object.keys(WITHDRAWAL_TRANSITIONS) as WithdrawalStatus[];
export const withdrawalStatesBefore = (to: WithdrawalStatus): WithdrawalStatus[] =>
  WITHDRAWAL_STATUSES.filter((from) => (WITHDRAWAL_TRANSITIONS[from] as readonly string[]).includes(to));
const statusEnum = z.enum(WITHDRAWAL_STATUSES as [WithdrawalStatus, ...WithdrawalStatus[]]);

export const paymentPassword = z.string().regex(/^\d{6}$/);
export const paymentPasswordBody = z.object({
  password: paymentPassword,
  /** Setting it the first time: the login password proves who is asking. */
  loginPassword: z.string().max(128).optional(),
  /** Changing it: the current payment password. */
  oldPassword: paymentPassword.optional(),
});
/**
 * Where withdrawals are paid: a bank account (bank, holder, number), or a PIX key (its type, the holder,
 * and the key in `accountNumber`, checked for its type by the server: PIX_KEY_INVALID).
 */
export const bankAccountBody = z
  .object({
    pixKeyType: z.enum(PIX_KEY_TYPES).optional(),
    bankName: z.string().trim().min(2).max(64).optional(),
    accountName: z.string().trim().min(2).max(64),
    accountNumber: z.string().trim().min(4).max(80),
  })
  .superRefine((body, ctx) => {
    if (body.pixKeyType) return;
    if (!body.bankName) ctx.addIssue({ code: 'custom', path: ['bankName'], message: 'required' });
    if (!/^[0-9A-Za-z -]{4,34}$/.test(body.accountNumber))
      ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: 'invalid' });
  });
export const bankAccount = z.object({
  id: z.number().int(),
  bankName: z.string(),
  accountName: z.string(),
  /** Only the last four characters are shown (a PIX key: its mask). */
  accountNumber: z.string(),
  /** A PIX key's type; null for a bank account. */
  pixKeyType: z.enum(PIX_KEY_TYPES).nullable().default(null),
});
export const withdrawSetup = z.object({
  hasPaymentPassword: z.boolean(),
  bankAccounts: z.array(bankAccount),
  currency: z.string(),
  balance: minorUnits,
  minAmount: minorUnits,
  maxAmount: minorUnits,
  dailyCount: z.number().int(),
  usedToday: z.number().int(),
  confirmMinutes: z.number().int(),
  /** The identity the brand still needs before a withdrawal (src/api/contract/kyc.ts); empty: none. */
  identityMissing: z.array(identityField).optional(),
});
export const withdrawBody = z.object({
  bankAccountId: int32Id,
  amount: sentAmount,
  paymentPassword,
  requestId: z.string().trim().min(8).max(64),
});
export const withdrawalView = z.object({
  reference: z.string(),
  amount: minorUnits,
  status: statusEnum,
  reason: z.string().nullable(),
  confirmation: z.string().nullable(),
  bank: z.record(z.string(), z.string()),
  createdAt: epochMillis,
  decidedAt: epochMillis.nullable(),
  /** When an unanswered payment will count as received. */
  confirmBy: epochMillis.nullable(),
  /** Why it waits in review (status 'review'): the reason's code, e.g. 'holder_name'. */
  review: z.string().nullable().optional(),
});
export type WithdrawalView = z.infer<typeof withdrawalView>;
export const withdrawalRef = z.object({ reference: z.string().trim().min(4).max(32) });
export const confirmWithdrawalBody = z.object({
  reference: z.string().trim().min(4).max(32),
  outcome: z.enum(['received', 'all_received', 'not_received']),
  /** Required when it did not arrive: a note or a link to the proof, 140 characters at most (spec 9). */
  proof: z.string().trim().max(140).optional(),
});
export const withdrawalListQuery = z.object({
  status: statusEnum.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
