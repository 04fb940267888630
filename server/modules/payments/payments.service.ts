import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { LanguageCode } from '../../../src/api/contract/common';
import {
  type DepositStatus,
  type DepositView,
  depositStatesBefore,
  type PaymentMethod,
} from '../../../src/api/contract/payments';
import { SIGNATURE_HEADER } from '../../../src/api/contract/wallet';
import { formatAmount } from '../../../src/ui/format';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { TicketSigner } from '../../lib/signed-ticket';
import type { Brand } from '../brand/brand.service';
import type { MemberEvents } from '../events/member-events';
import { type Ledger, NO_POSTINGS } from '../ledger/ledger';
import { checkAmount, checkBrandMaximum } from '../wallet/amount';
import type { DepositRow, PaymentMethodRow, PaymentsRepository } from './payments.repository';
import { buildBrCode } from './pix-brcode';
import type { PixCharge, PixGateways, PixMethodConfig } from './pix-gateway';
import { SIM_PIX_PROVIDER } from './sim-pix-gateway';

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newReference = () =>
  `D${Array.from({ length: 9 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')}`;
/** The demo's simulated gateway (sim-gateway.routes.ts). */
export const SIM_GATEWAY = 'sim-gateway';
/** How long the gateway's payment page accepts a decision for a deposit. */
const PAY_TICKET_TTL_MS = 30 * 60_000;

const localized = (text: Record<string, string>, lang: LanguageCode) =>
  text[lang] ?? Object.values(text)[0] ?? '';

/**
 * Deposits (spec: depositv2): a bank transfer the operator confirms, or an online payment the gateway
 * notifies. The money moves in the same statement as the status change, once per deposit.
 */
export class PaymentsService {
  private readonly creditedListeners: Array<(brand: Brand, depositId: number) => Promise<void>> = [];

  constructor(
    private readonly repo: PaymentsRepository,
    private readonly ledger: Ledger,
    private readonly secrets: SecretBox,
    private readonly payTickets: TicketSigner,
    private readonly events?: MemberEvents,
    /** The simulated gateway pays without money: usable in demo mode only, whatever the database holds. */
    private readonly site: { simulatedGateway: boolean } = { simulatedGateway: false },
    /** The PIX gateway adapters this installation has (the simulated one in demo mode only). */
    private readonly pixGateways: PixGateways = new Map(),
  ) {}

  /** The PIX providers a method may name here. */
  providers(): string[] {
    return [...this.pixGateways.keys()].filter((p) => p !== SIM_PIX_PROVIDER || this.site.simulatedGateway);
  }

  /** Whether a method's gateway or provider is on this installation (simulated ones: demo mode only). */
  available(method: Pick<PaymentMethodRow, 'code' | 'kind' | 'provider'>) {
    if (method.code === SIM_GATEWAY) return this.site.simulatedGateway;
    if (method.kind === 'pix' && method.provider !== null) return this.providers().includes(method.provider);
    return true;
  }

  /** A method that works only in the demo, paying without money (install.ts refuses them in production). */
  static simulated(method: Pick<PaymentMethodRow, 'code' | 'provider'>) {
    return method.code === SIM_GATEWAY || method.provider === SIM_PIX_PROVIDER;
  }

  private pixConfig(method: PaymentMethodRow): PixMethodConfig {
    return {
      code: method.code,
      details: method.details,
      secret: method.secretCipher ? this.secrets.open(method.secretCipher) : null,
    };
  }

  /** A PIX deposit's charge: the provider's, or a static code for the brand's own key (an operator confirms). */
  private async pixCharge(brand: Brand, method: PaymentMethodRow, reference: string, amount: number) {
    if (method.provider !== null) {
      const gateway = this.pixGateways.get(method.provider);
      if (!gateway || !this.available(method)) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
      return gateway.createCharge(this.pixConfig(method), { reference, amount, currency: brand.currency });
    }
    const charge: PixCharge = {
      brCode: buildBrCode({
        key: method.details.pixKey ?? '',
        amount,
        merchantName: method.details.merchantName ?? '',
        merchantCity: method.details.merchantCity ?? '',
        txid: reference,
        singleUse: true,
      }),
      txid: reference,
      expiresAt: null,
      providerReference: null,
    };
    return charge;
  }

  /** Whether the simulated gateway's page may take a decision on this deposit (demo mode only). */
  simulatedPayable(row: DepositRow, method: PaymentMethodRow | undefined) {
    if (!this.site.simulatedGateway || !method || row.methodCode !== method.code) return false;
    if (method.code === SIM_GATEWAY) return row.status === 'awaiting_payment';
    return method.kind === 'pix' && method.provider === SIM_PIX_PROVIDER && row.status === 'pending';
  }

  /**
   * Each member's credited deposits per day of the brand's time zone, credited in [from, to), of every
   * member or only of `memberIds` (agents' reports).
   */
  dailyTotals(brandId: number, from: Date, to: Date, timeZone: string, memberIds?: number[]) {
    return this.repo.dailyTotals(brandId, from, to, timeZone, memberIds);
  }

  /** First deposits per day of `timeZone`, credited in [from, to) (the back office's reports). */
  firstDeposits(brandId: number, from: Date, to: Date, timeZone: string) {
    return this.repo.firstDeposits(brandId, from, to, timeZone);
  }

  private usable(method: PaymentMethodRow | undefined): method is PaymentMethodRow {
    return !!method?.active && this.available(method);
  }

  async methods(brand: Brand, lang: LanguageCode): Promise<PaymentMethod[]> {
    return (await this.repo.methods(brand.id))
      .filter((m) => this.usable(m))
      .map((m) => ({
        code: m.code,
        kind: m.kind as PaymentMethod['kind'],
        name: localized(m.name, lang),
        minAmount: m.minAmount,
        maxAmount: m.maxAmount,
        details: m.details,
      }));
  }

  view(row: DepositRow, method: PaymentMethodRow | undefined): DepositView {
    const kind = (method?.kind ?? 'bank_transfer') as DepositView['kind'];
    return {
      reference: row.reference,
      method: row.methodCode,
      kind,
      amount: row.amount,
      status: row.status as DepositStatus,
      reason: row.reason,
      createdAt: row.createdAt.getTime(),
      updatedAt: row.updatedAt.getTime(),
      bank: kind === 'bank_transfer' && row.status === 'pending' ? (method?.details ?? null) : null,
      // Only the built-in simulated gateway has a checkout page here; a real provider brings its own.
      payUrl: this.simulatedPayable(row, method)
        ? `/pay/sim/${row.reference}?t=${this.payTickets.issue({ reference: row.reference }, PAY_TICKET_TTL_MS)}`
        : null,
      pix:
        kind === 'pix' && row.status === 'pending' && row.pix
          ? { brCode: row.pix.brCode, txid: row.pix.txid, expiresAt: row.pix.expiresAt }
          : null,
    };
  }

  async create(
    brand: Brand,
    memberId: number,
    body: { method: string; amount: number; requestId: string },
    lang: LanguageCode,
  ): Promise<DepositView> {
    const method = await this.repo.method(brand.id, body.method);
    if (!this.usable(method)) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
    const amount = checkAmount(body.amount);
    if (amount < method.minAmount) {
      throw new AppError('AMOUNT_BELOW_MIN', {
        min: `${formatAmount(method.minAmount, lang)} ${brand.currency}`,
      });
    }
    checkBrandMaximum(brand, amount, lang);
    if (amount > method.maxAmount) {
      throw new AppError('AMOUNT_ABOVE_MAX', {
        max: `${formatAmount(method.maxAmount, lang)} ${brand.currency}`,
      });
    }
    const reference = newReference();
    const charge = method.kind === 'pix' ? await this.pixCharge(brand, method, reference, amount) : null;
    const row = await this.repo.createDeposit({
      brandId: brand.id,
      memberId,
      methodCode: method.code,
      amount,
      status: method.kind === 'gateway' ? 'awaiting_payment' : 'pending',
      reference,
      requestId: body.requestId,
      ...(charge
        ? {
            pix: { brCode: charge.brCode, txid: charge.txid, expiresAt: charge.expiresAt?.getTime() ?? null },
            gatewayReference: charge.providerReference,
          }
        : {}),
    });
    return this.view(row, method);
  }

  async list(brand: Brand, memberId: number, status: DepositStatus | undefined, limit: number) {
    const [rows, methods] = await Promise.all([
      this.repo.memberDeposits(memberId, status, limit),
      // Switched-off methods too: a deposit keeps its kind after its method goes.
      this.repo.allMethods(brand.id),
    ]);
    return rows.map((r) =>
      this.view(
        r,
        methods.find((m) => m.code === r.methodCode),
      ),
    );
  }

  /** The member's deposits, for their own data (LGPD export). */
  async exportOf(memberId: number) {
    const rows = await this.repo.memberDeposits(memberId, undefined, 100_000);
    return rows.map((r) => ({
      reference: r.reference,
      method: r.methodCode,
      amount: r.amount,
      status: r.status,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
  }

  /** Deposits still waiting for their money or a decision. */
  async openCount(memberId: number) {
    const rows = await this.repo.memberDeposits(memberId, undefined, 100_000);
    return rows.filter((r) => r.status === 'pending' || r.status === 'awaiting_payment').length;
  }

  /** Deposits of a brand in a status, oldest first (the back office's queue). */
  queue(brandId: number, status: string, limit: number) {
    return this.repo.queue(brandId, status, limit);
  }

  async get(brand: Brand, memberId: number | null, reference: string) {
    const row = await this.repo.deposit(brand.id, reference);
    if (!row || (memberId !== null && row.memberId !== memberId)) throw new AppError('DEPOSIT_NOT_FOUND');
    return { row, method: await this.repo.method(brand.id, row.methodCode) };
  }

  /**
   * Moves a deposit to `to` along its lifecycle; to 'credited' the money moves from the brand's clearing
   * account to the member's main wallet in the same statement. Repeating a done move changes nothing.
   */
  async settle(
    brand: Brand,
    row: DepositRow,
    to: DepositStatus,
    extra: { reason?: string; decidedBy?: number; gatewayReference?: string } = {},
    /** What must commit with the decision (an operator's audit row); not run on a replay. */
    alongside?: (tx: Database) => Promise<void>,
  ) {
    const postings =
      to === 'credited'
        ? await this.ledger.postingsFor({
            brand,
            from: { house: 'clearing' },
            to: { memberId: row.memberId, wallet: 'main' },
            amount: row.amount,
          })
        : NO_POSTINGS;
    const hash = createHash('sha256').update(`deposit:${row.id}:${row.amount}`).digest('hex');
    let out: { status: string; replayed: boolean };
    try {
      out = await this.repo.settle(
        {
          id: row.id,
          to,
          from: depositStatesBefore(to),
          reason: extra.reason ?? null,
          decidedBy: extra.decidedBy ?? null,
          gatewayReference: extra.gatewayReference ?? null,
          fingerprint: hash,
          ...postings,
        },
        alongside,
      );
    } catch (error) {
      const message = String(
        (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message,
      );
      if (message.includes('DEPOSIT_STATE')) throw new AppError('DEPOSIT_STATE');
      if (message.includes('DEPOSIT_NOT_FOUND')) throw new AppError('DEPOSIT_NOT_FOUND');
      throw error;
    }
    if (!out.replayed) {
      await this.announce(brand, row, to);
      // A listener that fails leaves the deposit as it is: the promotions' minute sweep looks again.
      if (to === 'credited')
        for (const listener of this.creditedListeners) await listener(brand, row.id).catch(() => undefined);
    }
    return out;
  }

  /** A credited deposit with its place among the member's credited ones (promotions' deposit triggers). */
  async creditedDeposit(brandId: number, id: number) {
    return (await this.repo.credited(brandId, { id }))[0] ?? null;
  }

  /** The brand's deposits credited since `since`, oldest first, each with its place among its member's. */
  creditedSince(brandId: number, since: Date) {
    return this.repo.credited(brandId, { since });
  }

  /** Who hears of a deposit credited (after its commit): the promotions' deposit triggers. */
  whenCredited(listener: (brand: Brand, depositId: number) => Promise<void>) {
    this.creditedListeners.push(listener);
  }

  /** Tells the member's open pages: the deposit's new status and, when credited, the new balance. */
  private async announce(brand: Brand, row: DepositRow, status: DepositStatus) {
    if (!this.events) return;
    await this.events.publish(row.memberId, {
      type: 'deposit',
      reference: row.reference,
      status,
      amount: row.amount,
    });
    if (status === 'credited') {
      const main = await this.ledger.memberAccount(brand.id, row.memberId, 'main', brand.currency);
      await this.events.publish(row.memberId, {
        type: 'balance',
        balance: await this.ledger.balance(main),
        currency: brand.currency,
      });
    }
  }

  async cancel(brand: Brand, memberId: number, reference: string) {
    const { row, method } = await this.get(brand, memberId, reference);
    await this.settle(brand, row, 'cancelled');
    return this.view((await this.get(brand, memberId, reference)).row, method);
  }

  /**
   * A gateway's signed word on a payment: paid credits the deposit, failed closes it. A PIX method's
   * notification is verified and read by its provider's adapter (pix-gateway.ts); an online checkout's is
   * the HMAC-SHA256 of the raw body under the method's secret, in `x-signature`.
   */
  async gatewayNotify(
    brand: Brand,
    methodCode: string,
    raw: string,
    headers: Record<string, string | undefined>,
    /** The site's notification shape, parsed by the route; a PIX provider's adapter reads `raw` itself. */
    body?: { reference: string; gatewayReference: string; status: 'paid' | 'failed'; amount: number },
  ) {
    const method = await this.repo.method(brand.id, methodCode);
    if (!method || !this.available(method)) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
    let note = body;
    if (method.kind === 'pix') {
      const gateway = method.provider !== null ? this.pixGateways.get(method.provider) : undefined;
      if (!gateway) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
      const event = await gateway.parseChargeNotification(this.pixConfig(method), { raw, headers });
      note = { ...event, gatewayReference: event.providerReference };
    } else {
      if (method.kind !== 'gateway' || !method.secretCipher) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
      const expected = createHmac('sha256', this.secrets.open(method.secretCipher)).update(raw).digest();
      const given = Buffer.from(headers[SIGNATURE_HEADER] ?? '', 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new AppError('BAD_SIGNATURE');
    }
    if (!note) throw new AppError('BAD_SIGNATURE');
    const { row } = await this.get(brand, null, note.reference);
    if (row.methodCode !== methodCode) throw new AppError('DEPOSIT_NOT_FOUND');
    if (note.status === 'paid' && note.amount !== row.amount) throw new AppError('AMOUNT_MISMATCH');
    const result = await this.settle(brand, row, note.status === 'paid' ? 'credited' : 'failed', {
      gatewayReference: note.gatewayReference,
      ...(note.status === 'failed' ? { reason: 'gateway' } : {}),
    });
    return { status: result.status };
  }

  /**
   * PIX deposits whose charge expired unpaid are closed as failed ('expired'): the member's page stops
   * showing a code the bank no longer takes (job 'payments.expire-pix'). A provider's late 'paid' for one
   * is refused by the deposit's lifecycle. Answers how many were closed.
   */
  async expireCharges(brands: Brand[], at = new Date()): Promise<number> {
    let closed = 0;
    for (const row of await this.repo.expiredCharges(at, 500)) {
      const brand = brands.find((b) => b.id === row.brandId);
      if (!brand) continue;
      try {
        await this.settle(brand, row, 'failed', { reason: 'expired' });
        closed++;
      } catch (error) {
        // Paid (or cancelled) between the read and the close: it stays as that answer left it.
        if (!(error instanceof AppError && error.code === 'DEPOSIT_STATE')) throw error;
      }
    }
    return closed;
  }

  /** The reference a payment-page ticket was issued for, if it is genuine and fresh. */
  readPayTicket(ticket: string) {
    return this.payTickets.read<{ reference: string }>(ticket)?.reference ?? null;
  }

  /**
   * A simulated method's secret, for the built-in simulated gateway that signs its notifications with it
   * (demo mode only; any other method's secret never leaves the module).
   */
  async gatewaySecret(brandId: number, methodCode: string) {
    if (!this.site.simulatedGateway) return null;
    const method = await this.repo.method(brandId, methodCode);
    if (!method || !PaymentsService.simulated(method)) return null;
    return method.secretCipher ? this.secrets.open(method.secretCipher) : null;
  }
}
