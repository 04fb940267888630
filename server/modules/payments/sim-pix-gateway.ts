import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { gatewayNotification } from '../../../src/api/contract/payments';
import { SIGNATURE_HEADER } from '../../../src/api/contract/wallet';
import { AppError } from '../../http/app-error';
import { buildBrCode } from './pix-brcode';
import type {
  PayoutRequest,
  PixCharge,
  PixChargeEvent,
  PixGateway,
  PixMethodConfig,
  PixPayout,
  PixPayoutEvent,
  ProviderNotification,
} from './pix-gateway';

/** The simulated provider's name in `payment_methods.provider`. */
export const SIM_PIX_PROVIDER = 'sim';
/** How long a simulated charge is offered. */
const CHARGE_TTL_MS = 30 * 60_000;

/** Hex HMAC-SHA256 of `raw` under `secret`: how the simulated provider signs what it sends. */
export const simSignature = (secret: string, raw: string) =>
  createHmac('sha256', secret).update(raw).digest('hex');

function verified(method: PixMethodConfig, note: ProviderNotification): unknown {
  const expected = Buffer.from(simSignature(method.secret ?? '', note.raw), 'hex');
  const given = Buffer.from(note.headers[SIGNATURE_HEADER] ?? '', 'hex');
  if (!method.secret || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new AppError('BAD_SIGNATURE');
  try {
    return JSON.parse(note.raw);
  } catch {
    throw new AppError('BAD_SIGNATURE');
  }
}

/**
 * The demo's PIX provider (demo mode only: server/app.ts gives it to the payments module only then). Its
 * charge is a static BR Code for the method's own key with the deposit's reference as txid; its
 * "bank app" is the simulated gateway's page (sim-gateway.routes.ts), which sends the signed notification
 * a real provider would. Payouts are taken and paid at once.
 */
export class SimulatedPixGateway implements PixGateway {
  readonly provider = SIM_PIX_PROVIDER;

  constructor(private readonly now: () => number = Date.now) {}

  async createCharge(
    method: PixMethodConfig,
    charge: { reference: string; amount: number; currency: string },
  ): Promise<PixCharge> {
    return {
      brCode: buildBrCode({
        key: method.details.pixKey ?? '',
        amount: charge.amount,
        merchantName: method.details.merchantName ?? '',
        merchantCity: method.details.merchantCity ?? '',
        txid: charge.reference,
        singleUse: true,
      }),
      txid: charge.reference,
      expiresAt: new Date(this.now() + CHARGE_TTL_MS),
      providerReference: null,
    };
  }

  async parseChargeNotification(
    method: PixMethodConfig,
    note: ProviderNotification,
  ): Promise<PixChargeEvent> {
    const parsed = gatewayNotification.safeParse(verified(method, note));
    if (!parsed.success) throw new AppError('BAD_SIGNATURE');
    return {
      reference: parsed.data.reference,
      providerReference: parsed.data.gatewayReference,
      amount: parsed.data.amount,
      status: parsed.data.status,
    };
  }

  async createPayout(_method: PixMethodConfig, payout: PayoutRequest): Promise<PixPayout> {
    return { providerReference: `SIMPIX-${payout.reference}-${randomUUID().slice(0, 8)}`, status: 'paid' };
  }

  async parsePayoutNotification(
    method: PixMethodConfig,
    note: ProviderNotification,
  ): Promise<PixPayoutEvent> {
    const body = verified(method, note) as Record<string, unknown>;
    const status = body.status;
    if (
      typeof body.reference !== 'string' ||
      typeof body.providerReference !== 'string' ||
      (status !== 'paid' && status !== 'failed')
    )
      throw new AppError('BAD_SIGNATURE');
    return {
      reference: body.reference,
      providerReference: body.providerReference,
      status,
      ...(typeof body.reason === 'string' ? { reason: body.reason } : {}),
    };
  }
}
