import { z } from 'zod';
import { PIX_KEY_TYPES } from '../pix-key';
import { epochMillis, MAX_AMOUNT, minorUnits, sentAmount } from './common';

/**
 * A deposit's lifecycle, enforced by the server and read by the page: a bank transfer waits for the
 * operator (pending), an online payment waits for the gateway (awaiting_payment); both end credited, or
 * failed, rejected or cancelled. A PIX deposit waits as pending (the provider's notification or an
 * operator confirms it), and fails when the provider says its charge expired.
 */
export const DEPOSIT_TRANSITIONS = {
  pending: ['credited', 'rejected', 'cancelled', 'failed'],
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

/**
 * bank_transfer: the member transfers to the details shown, an operator confirms; gateway: an online
 * checkout that notifies the site; pix: a PIX "copia e cola" code and its QR, confirmed by the PIX
 * provider's notification or by an operator.
 */
export const paymentMethodKind = z.enum(['bank_transfer', 'gateway', 'pix']);
export type PaymentMethodKind = z.infer<typeof paymentMethodKind>;

export const paymentMethod = z.object({
  code: z.string(),
  kind: paymentMethodKind,
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
  kind: paymentMethodKind,
  amount: minorUnits,
  status: z.enum(DEPOSIT_STATUSES as [DepositStatus, ...DepositStatus[]]),
  reason: z.string().nullable(),
  createdAt: epochMillis,
  updatedAt: epochMillis,
  /** For a bank transfer: where to send the money (quote the reference). */
  bank: z.record(z.string(), z.string()).nullable(),
  /**
   * For an online payment still to be made: the gateway's page. For a PIX deposit in the demo: the
   * simulated provider's page, standing in for the member's bank app.
   */
  payUrl: z.string().nullable(),
  /** For a PIX deposit still to be paid: the "copia e cola" code (drawn as a QR too), its txid, expiry. */
  pix: z.object({ brCode: z.string(), txid: z.string(), expiresAt: epochMillis.nullable() }).nullable(),
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

// ---------------------------------------------------------------------------------------------------
// The back office's payment methods (issue 27, item 8): read with 'settings.read', changed with
// 'settings.manage', every change with the operator's reason and its audit row (before and after, never
// the secret).

const reason = z.string().trim().min(3).max(200);
const methodId = z.number().int().min(1).max(2_147_483_647);
/** What the operator may add: a bank transfer or PIX (online checkouts come with their gateway's code). */
export const addableMethodKind = z.enum(['bank_transfer', 'pix']);

export const adminPaymentMethod = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: paymentMethodKind,
  name: z.object({ pt: z.string(), en: z.string() }),
  minAmount: minorUnits,
  maxAmount: minorUnits,
  details: z.record(z.string(), z.string()),
  /** A PIX method's gateway adapter; null: the brand's own key, confirmed by an operator. */
  provider: z.string().nullable(),
  /** Whether a secret is stored (the secret itself is never sent back). */
  secretSet: z.boolean(),
  active: z.boolean(),
  /** Whether members see it now: on, and its gateway or provider is on this installation. */
  offered: z.boolean(),
  sortOrder: z.number().int(),
});
export type AdminPaymentMethod = z.infer<typeof adminPaymentMethod>;

export const adminPaymentMethods = z.object({
  methods: z.array(adminPaymentMethod),
  /** The PIX gateway adapters this installation has ('sim' in demo mode only). */
  providers: z.array(z.string()),
  currency: z.string(),
});
export type AdminPaymentMethods = z.infer<typeof adminPaymentMethods>;

/** A method's editable part: names, limits, details, PIX provider and its secret (write-only). */
const methodFields = {
  name: z.object({ pt: z.string().trim().max(60), en: z.string().trim().max(60) }),
  minAmount: z.number().int().min(0).max(MAX_AMOUNT),
  maxAmount: z.number().int().min(0).max(MAX_AMOUNT),
  /** Bank details shown to the member; for PIX: pixKeyType, pixKey, merchantName, merchantCity. */
  details: z
    .record(z.string().trim().min(1).max(40), z.string().trim().max(200))
    .refine((d) => Object.keys(d).length <= 12),
  provider: z.string().trim().min(1).max(32).nullable(),
  /** Set or replaced when given; never read back. */
  secret: z.string().trim().min(16).max(200).optional(),
  reason,
};

export const addPaymentMethodBody = z.object({
  code: z.string().trim().toLowerCase().max(32),
  kind: addableMethodKind,
  ...methodFields,
});
export const savePaymentMethodBody = z.object({ id: methodId, ...methodFields });
export const switchPaymentMethodBody = z.object({ id: methodId, active: z.boolean(), reason });
/** The brand's methods in their new order (every one of them, once). */
export const orderPaymentMethodsBody = z.object({ ids: z.array(methodId).min(1).max(100), reason });

/** The PIX key types a PIX method's key may be (as src/api/pix-key.ts checks them). */
export const pixMethodKeyType = z.enum(PIX_KEY_TYPES);
