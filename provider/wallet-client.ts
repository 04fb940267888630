/**
 * The provider's side of the operator's wallet API (seamless): every call signed with HMAC-SHA256 over
 * the raw body, as the operator's docs ask. A call that gets no answer is sent again with the same
 * transaction id (the operator answers a repeat with its first answer); a bet that never got an answer
 * is rolled back, so the player is never charged for a round that did not happen.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface Operator {
  /** The operator's merchant code, as its launches name it. */
  code: string;
  /** The operator's site, whose /api/vendor/wallet/* we call. */
  walletUrl: string;
  /** The secret both sides hold for this provider's vendor codes. */
  secret: string;
}

export interface WalletAnswer {
  playerId: string;
  currency: string;
  balance: number;
  transactionId?: string;
}

/** The operator refused the call (its answer is final: insufficient funds, a bad token…). */
export class WalletRefusal extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly value: unknown,
  ) {
    super(message);
  }
}

/** No answer came, after every retry: the outcome on the operator's side is unknown. */
export class WalletUnreachable extends Error {}

export interface DeliveryOptions {
  /** Attempts per call (first try included). */
  attempts: number;
  /** Milliseconds to wait for one answer. */
  timeoutMs: number;
  /** Milliseconds before the second attempt; doubled each time. */
  backoffMs: number;
  /** For tests of the operator: send every call twice (a duplicate delivery). */
  duplicate?: boolean;
}

const DEFAULTS: DeliveryOptions = { attempts: 4, timeoutMs: 5_000, backoffMs: 200 };

export function sign(secret: string, raw: string) {
  return createHmac('sha256', secret).update(raw).digest('hex');
}

/** A signature as the wallet API defines it: the HMAC-SHA256 as 64 lowercase hex digits, nothing else. */
const SIGNATURE_FORMAT = /^[0-9a-f]{64}$/;

/**
 * Whether `given` is exactly `sign(secret, raw)`, compared in constant time. Only the exact form is read:
 * Node's hex decoding stops at the first character that is not hex, so a valid signature with anything
 * appended (or an uppercase one) would otherwise decode to the same bytes.
 */
export function signatureMatches(secret: string, raw: string, given: string | undefined) {
  if (given === undefined || !SIGNATURE_FORMAT.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), createHmac('sha256', secret).update(raw).digest());
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class WalletClient {
  private readonly options: DeliveryOptions;
  /** Wins and rollbacks still owed to the operator: retried until it answers. */
  private readonly pendingRollbacks = new Map<
    string,
    { vendor: string; action: 'win' | 'rollback'; body: Record<string, unknown> }
  >();
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly operator: Operator,
    options: Partial<DeliveryOptions> = {},
    private readonly log: (message: string, detail?: unknown) => void = () => {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  private async once(vendor: string, action: string, raw: string): Promise<WalletAnswer> {
    const res = await fetch(new URL(`/api/vendor/wallet/${action}`, this.operator.walletUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-vendor-code': vendor,
        'x-signature': sign(this.operator.secret, raw),
      },
      body: raw,
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const envelope = (await res.json().catch(() => null)) as {
      success?: boolean;
      code?: string;
      message?: string;
      value?: unknown;
    } | null;
    if (res.status >= 500 || !envelope) throw new Error(`operator answered ${res.status}`);
    if (!res.ok || !envelope.success) {
      throw new WalletRefusal(envelope.code ?? 'UNKNOWN', res.status, envelope.message ?? '', envelope.value);
    }
    return envelope.value as WalletAnswer;
  }

  /**
   * One call, retried with the same body while no answer comes; a refusal is final. An amount goes as a
   * JSON number of minor units, as the wallet API asks: anything else (a numeric string, a fraction) is
   * refused here, before it is sent, so a call owed for later is not retried forever either.
   */
  async call(vendor: string, action: string, body: Record<string, unknown>): Promise<WalletAnswer> {
    if ('amount' in body && !Number.isSafeInteger(body.amount))
      throw new WalletRefusal(
        'AMOUNT_NOT_INTEGER',
        0,
        `amount must be an integer number: ${String(body.amount)}`,
        null,
      );
    const raw = JSON.stringify(body);
    let lastError: unknown;
    for (let attempt = 0; attempt < this.options.attempts; attempt++) {
      if (attempt > 0) await sleep(this.options.backoffMs * 2 ** (attempt - 1));
      try {
        const answer = await this.once(vendor, action, raw);
        if (this.options.duplicate) await this.once(vendor, action, raw).catch(() => undefined);
        return answer;
      } catch (error) {
        if (error instanceof WalletRefusal) throw error;
        lastError = error;
        this.log(`wallet ${action} attempt ${attempt + 1} failed`, String(error));
      }
    }
    throw new WalletUnreachable(`wallet ${action}: no answer (${String(lastError)})`);
  }

  authenticate(vendor: string, token: string) {
    return this.call(vendor, 'authenticate', { token });
  }

  balance(vendor: string, playerId: string) {
    return this.call(vendor, 'balance', { playerId });
  }

  /**
   * A bet. If the operator never answers, the bet is rolled back (now, and again until the operator
   * confirms) and the error is passed on: the round does not happen.
   */
  async bet(
    vendor: string,
    body: {
      token: string;
      playerId: string;
      transactionId: string;
      roundId: string;
      amount: number;
      gameCode: string;
      currency?: string;
    },
  ) {
    try {
      return await this.call(vendor, 'bet', body);
    } catch (error) {
      if (error instanceof WalletUnreachable) {
        this.rollbackLater(vendor, {
          playerId: body.playerId,
          transactionId: `${body.transactionId}-rb`,
          betTransactionId: body.transactionId,
          roundId: body.roundId,
        });
      }
      throw error;
    }
  }

  win(
    vendor: string,
    body: {
      playerId: string;
      transactionId: string;
      roundId: string;
      amount: number;
      gameCode: string;
      currency?: string;
    },
  ) {
    return this.call(vendor, 'win', body);
  }

  rollback(
    vendor: string,
    body: { playerId: string; transactionId: string; betTransactionId: string; roundId: string },
  ) {
    return this.call(vendor, 'rollback', body);
  }

  private rollbackLater(vendor: string, body: Record<string, unknown>) {
    this.oweLater(vendor, 'rollback', body);
  }

  /** A win or rollback the operator has not confirmed yet: sent again until it answers. */
  oweLater(vendor: string, action: 'win' | 'rollback', body: Record<string, unknown>) {
    this.pendingRollbacks.set(`${action}:${String(body.transactionId)}`, { vendor, action, body });
    void this.sweep();
    this.sweeper ??= setInterval(() => void this.sweep(), 5_000);
    this.sweeper.unref();
  }

  /** Sends every owed rollback once more; the operator answers repeats with its first answer. */
  async sweep() {
    for (const [id, { vendor, action, body }] of this.pendingRollbacks) {
      try {
        await this.call(vendor, action, body);
        this.pendingRollbacks.delete(id);
      } catch (error) {
        if (error instanceof WalletRefusal) this.pendingRollbacks.delete(id);
      }
    }
    if (this.pendingRollbacks.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }

  get owedRollbacks() {
    return this.pendingRollbacks.size;
  }

  close() {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }
}
