import type { PixKeyType } from '../../../src/api/pix-key';

/**
 * The gateway adapter a PIX provider plugs into (docs/money.md, "PIX providers"). A 'pix' payment method
 * names its adapter in `payment_methods.provider`; the server is built with the adapters this
 * installation has (server/app.ts), and a method whose adapter is missing is not offered. The adapter
 * speaks the provider's API; the payments module keeps the deposits, the money and the audit.
 *
 * Money is in minor units (centavos). A provider's answers are trusted only once their signature is
 * checked, by the adapter, against the method's secret (payment_methods.secret_cipher, sealed; given to
 * the adapter opened, never logged).
 */

/** A PIX method as its adapter sees it: its code, what the operator set up, its opened secret. */
export interface PixMethodConfig {
  code: string;
  /** The operator's set-up: pixKeyType, pixKey, merchantName, merchantCity (and any provider field). */
  details: Record<string, string>;
  /** The provider's credential or webhook secret; null when none is stored. */
  secret: string | null;
}

/** A charge the member pays: the "copia e cola" code (also drawn as the QR) and its ids. */
export interface PixCharge {
  /** The EMV BR Code, CRC included (pix-brcode.ts builds a static one). */
  brCode: string;
  /** The charge's txid (1 to 35 letters and digits; a static code's is at most 25). */
  txid: string;
  /** When the provider stops accepting it; null: it does not expire. */
  expiresAt: Date | null;
  /** The provider's own id for the charge, when it gives one at creation. */
  providerReference: string | null;
}

/** What a provider's payment notification says, once verified. */
export interface PixChargeEvent {
  /** The deposit's reference (the site's), as the charge was created with. */
  reference: string;
  /** The provider's id for the payment (its end-to-end id). */
  providerReference: string;
  /** What arrived, in minor units: a payment of another amount is refused (AMOUNT_MISMATCH). */
  amount: number;
  /** paid: credit the deposit; failed: the charge expired or was refused, close it. */
  status: 'paid' | 'failed';
}

/** A withdrawal to pay to a PIX key (the holder's name is sent for the provider's own check). */
export interface PayoutRequest {
  /** The withdrawal's reference (the site's). */
  reference: string;
  amount: number;
  keyType: PixKeyType;
  /** As the DICT stores it (src/api/pix-key.ts). */
  key: string;
  holderName: string;
}

/** A payout (a withdrawal paid to a PIX key) as the provider took it. */
export interface PixPayout {
  providerReference: string;
  /** Most providers answer 'processing' and confirm by webhook; some settle at once. */
  status: 'processing' | 'paid' | 'failed';
}

/** What a provider's payout notification says, once verified. */
export interface PixPayoutEvent {
  /** The withdrawal's reference (the site's). */
  reference: string;
  providerReference: string;
  status: 'paid' | 'failed';
  /** The provider's reason for a failure (shown to the operator, not the member). */
  reason?: string;
}

/** A provider's notification as it reached the site: the raw body (signatures cover bytes) and headers. */
export interface ProviderNotification {
  raw: string;
  headers: Record<string, string | undefined>;
}

/**
 * What a real PIX provider implements. Every method may throw: an AppError with a stable code for what
 * the caller did wrong (BAD_SIGNATURE for a notification that fails verification), any other error for
 * the provider being unreachable (the deposit is then not created, and the member may try again).
 */
export interface PixGateway {
  /** The adapter's name, as `payment_methods.provider` holds it. */
  readonly provider: string;
  /** Creates a charge for a deposit: the code the member pays, its txid and its expiry. */
  createCharge(
    method: PixMethodConfig,
    charge: { reference: string; amount: number; currency: string },
  ): Promise<PixCharge>;
  /** Verifies a payment notification (signature) and reads it. */
  parseChargeNotification(method: PixMethodConfig, note: ProviderNotification): Promise<PixChargeEvent>;
  /** Pays a withdrawal to a PIX key (the holder's name is sent for the provider's own check). */
  createPayout(method: PixMethodConfig, payout: PayoutRequest): Promise<PixPayout>;
  /** Verifies a payout notification (signature) and reads it. */
  parsePayoutNotification(method: PixMethodConfig, note: ProviderNotification): Promise<PixPayoutEvent>;
}

/** The adapters an installation has, by provider name. */
export type PixGateways = ReadonlyMap<string, PixGateway>;
