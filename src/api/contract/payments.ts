import { z } from 'zod';
import { epochMillis, minorUnits, sentAmount } from './common';

/**
 * A deposit's lifecycle, enforced by the server and read by the page: a bank transfer waits for the
 * operator (pending), an online payment waits for the gateway (awaiting_payment); both end credited, or
 * failed, rejected or cancelled.
 */
export const DEPOSIT_TRANSITIONS = {
  pending: ['credited', 'rejected', 'cancelled'],
  awaiting_payment: ['credited', 'failed', 'cancelled'],
  credited: [],
  failed: [],
  rejected: [],
  cancelled: [],
} as const satisfies Record<string, readonly string[]>;
export type DepositStatus = keyof typeof DEPOSIT_TRANSITIONS;
export const DEPOSIT_STATUSES = Object.keys(DEPOSIT_TRANSITIONS) as DepositStatus[];

/** The statuses a deposit may be in to move to `to`. */
export const depositStatesBefore = (to: DepositStatus): DepositStatus[] =>
  DEPOSIT_STATUSES.filter((from) => (DEPOSIT_TRANSITIONS[from] as readonly string[]).includes(to));
export const isFinalDeposit = (status: DepositStatus) => DEPOSIT_TRANSITIONS[status].length === 0;

export const paymentMethod = z.object({
  code: z.string(),
  kind: z.enum(['bank_transfer', 'gateway']),
  name: z.string(),
  minAmount: minorUnits,
  maxAmount: minorUnits,
  details: z.record(z.string(), z.string()),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const depositBody = z.object({
  method: z.string().trim().min(1).max(32),
  /** Any number, so that zero, negative and fractional amounts get their own codes. */
  amount: sentAmount,
  requestId: z.string().trim().min(8).max(64),
});

export const depositView = z.object({
  reference: z.string(),
  method: z.string(),
  kind: z.enum(['bank_transfer', 'gateway']),
  amount: minorUnits,
  status: z.enum(DEPOSIT_STATUSES as [DepositStatus, ...DepositStatus[]]),
  reason: z.string().nullable(),
  createdAt: epochMillis,
  updatedAt: epochMillis,
  /** For a bank transfer: where to send the money (quote the reference). */
  bank: z.record(z.string(), z.string()).nullable(),
  /** For an online payment still to be made: the gateway's page. */
  payUrl: z.string().nullable(),
});
export type DepositView = z.infer<typeof depositView>;

export const depositRef = z.object({ reference: z.string().trim().min(4).max(32) });
export const depositListQuery = z.object({
  status: z.enum(DEPOSIT_STATUSES as [DepositStatus, ...DepositStatus[]]).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** What a payment gateway tells the site about a payment (signed: x-signature over the raw body). */
export const gatewayNotification = z.object({
  reference: z.string().min(4).max(32),
  gatewayReference: z.string().min(1).max(64),
  status: z.enum(['paid', 'failed']),
  amount: sentAmount.int(),
});
export const gatewayAck = z.object({ status: z.string() });
