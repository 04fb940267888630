import { createHmac, timingSafeEqual } from 'node:crypto';
import { TRIAL_TYPE } from '../../../src/api/contract/accounts';
import { MAX_INT32 } from '../../../src/api/contract/common';
import type { VendorWalletAnswer } from '../../../src/api/contract/wallet';
import { AppError } from '../../http/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { TtlCache } from '../../lib/ttl-cache';
import { hashToken, newToken } from '../accounts/credentials';
import type { Brand } from '../brand/brand.service';
import {
  houseFor,
  type Ledger,
  type MemberWalletKind,
  type MovementResult,
  type Side,
} from '../ledger/ledger';
import { checkBrandAmount } from './amount';
import { isInHouseVendor } from './in-house-vendors';
import type { WalletRepository } from './wallet.repository';
import type { WalletService } from './wallet.service';

/** How long a launched game may place bets; wins and rollbacks are accepted after it. */
const LAUNCH_TOKEN_TTL_MS = 4 * 3_600_000;
/** The wallet API's signature: the HMAC-SHA256 of the raw body as 64 lowercase hex digits, nothing else. */
const SIGNATURE_FORMAT = /^[0-9a-f]{64}$/;

export interface VendorCall {
  brand: Brand;
  vendor: string;
}

/** An answer and whether it repeats the first answer to the same transaction id. */
export interface Answered {
  answer: VendorWalletAnswer;
  replayed: boolean;
}

/**
 * The wallet API game vendors call (seamless mode): authenticate a launch token, read a balance, and
 * bet, win and roll back against the player's game wallet. Every movement is keyed by the vendor's own
 * transaction id, so retries are answered, never applied twice.
 */
export class VendorWalletService {
  // The hot path reads these on every call; none of them changes often, and a launch token never does.
  private readonly keys: TtlCache<{ key: Buffer; transferMode: boolean } | null>;
  private readonly tokens: TtlCache<Awaited<ReturnType<WalletRepository['launchToken']>>>;
  private readonly players: TtlCache<Awaited<ReturnType<WalletService['member']>>>;

  constructor(
    private readonly ledger: Ledger,
    private readonly wallets: WalletService,
    private readonly repo: WalletRepository,
    private readonly secrets: SecretBox,
    /** How long a vendor's key, a launch token and a player are remembered (BRAND_CACHE_MS). */
    cacheMs = 5_000,
  ) {
    this.keys = new TtlCache(cacheMs);
    this.tokens = new TtlCache(cacheMs * 12, 100_000);
    this.players = new TtlCache(cacheMs, 100_000);
  }

  /**
   * Checks the HMAC-SHA256 of the raw body with the vendor's secret. Only the exact form is read: Node's
   * hex decoding stops at the first character that is not hex, so a valid signature with anything
   * appended (or an uppercase one) would otherwise decode to the same bytes.
   */
  async verify(
    brandId: number,
    vendorCode: string | undefined,
    rawBody: string,
    signature: string | undefined,
  ) {
    if (!vendorCode) throw new AppError('UNKNOWN_VENDOR');
    const connection = await this.connection(brandId, vendorCode);
    if (!connection) throw new AppError('UNKNOWN_VENDOR');
    if (signature === undefined || !SIGNATURE_FORMAT.test(signature)) throw new AppError('BAD_SIGNATURE');
    const expected = createHmac('sha256', connection.key).update(rawBody).digest();
    if (!timingSafeEqual(Buffer.from(signature, 'hex'), expected)) throw new AppError('BAD_SIGNATURE');
  }

  /**
   * The vendor's signing key and wallet mode, remembered for a moment (the hot path asks on every call).
   * An in-house code has none, even if an installation connected one before they were refused.
   */
  private connection(brandId: number, vendorCode: string) {
    if (isInHouseVendor(vendorCode)) return Promise.resolve(null);
    return this.keys.get(`${brandId}:${vendorCode}`, async () => {
      const integration = await this.repo.integration(brandId, vendorCode);
      return integration?.active
        ? {
            key: Buffer.from(this.secrets.open(integration.secretCipher)),
            transferMode: integration.mode === 'transfer',
          }
        : null;
    });
  }

  /** A token for one game session of a real member (the game launch hands it to the vendor). */
  async issueLaunchToken(
    brand: Brand,
    member: { id: number; userType: number },
    vendor: string,
    gameCode?: string,
  ) {
    const integration = isInHouseVendor(vendor) ? undefined : await this.repo.integration(brand.id, vendor);
    if (!integration) throw new AppError('VENDOR_NOT_FOUND');
    // A trial account plays with trial money only at a vendor that takes trial players, and only from its
    // main wallet (it cannot fill a vendor's own wallet: no transfers).
    if (
      member.userType === TRIAL_TYPE &&
      (!integration.trialPlay ||
        integration.mode === 'transfer' ||
        (await this.wallets.usesVendorWallet(brand, vendor)))
    )
      throw new AppError('REAL_ACCOUNT_REQUIRED');
    const token = newToken();
    const expiresAt = Date.now() + LAUNCH_TOKEN_TTL_MS;
    await this.repo.saveLaunchToken({
      tokenHash: hashToken(token),
      brandId: brand.id,
      memberId: member.id,
      vendorCode: vendor,
      gameCode: gameCode ?? null,
      expiresAt: new Date(expiresAt),
    });
    return { token, playerId: String(member.id), expiresAt };
  }

  private async session(call: VendorCall, token: string) {
    const tokenHash = hashToken(token);
    const row = await this.tokens.get(tokenHash, () => this.repo.launchToken(tokenHash));
    if (!row || row.brandId !== call.brand.id || row.vendorCode !== call.vendor)
      throw new AppError('TOKEN_INVALID');
    if (row.expiresAt.getTime() <= Date.now()) throw new AppError('TOKEN_EXPIRED');
    return row;
  }

  private async player(call: VendorCall, playerId: string) {
    // Our player ids are member ids as we wrote them: digits only, within the 32-bit column.
    const id = /^[1-9]\d{0,9}$/.test(playerId) ? Number(playerId) : 0;
    const member =
      id > 0 && id <= MAX_INT32
        ? await this.players.get(`${call.brand.id}:${id}`, () => this.wallets.member(call.brand.id, id))
        : undefined;
    if (!member) throw new AppError('PLAYER_NOT_FOUND');
    const transferMode = (await this.connection(call.brand.id, call.vendor))?.transferMode ?? false;
    const wallet = this.wallets.gameWalletKind(call.brand, call.vendor, transferMode);
    return {
      memberId: member.id,
      active: member.status === 'active',
      // A trial account's bets and wins move against the brand's trial account, never its house.
      house: houseFor(member.userType === TRIAL_TYPE),
      side: { memberId: member.id, wallet } satisfies Side,
      account: await this.wallets.account(call.brand, member.id, wallet),
      wallet,
    };
  }

  private answer(
    call: VendorCall,
    memberId: number,
    balance: number,
    transactionId?: number,
  ): VendorWalletAnswer {
    return {
      playerId: String(memberId),
      currency: call.brand.currency,
      balance,
      ...(transactionId !== undefined ? { transactionId: String(transactionId) } : {}),
    };
  }

  private async settled(
    call: VendorCall,
    memberId: number,
    account: number,
    result: MovementResult,
    wallet: MemberWalletKind = 'main',
  ): Promise<Answered> {
    const balance = result.balances[account] ?? (await this.ledger.balance(account));
    if (!result.replayed) this.wallets.gameBalanceChanged(call.brand, memberId, balance, wallet);
    return { answer: this.answer(call, memberId, balance, result.transactionId), replayed: result.replayed };
  }

  /** A vendor that names a currency must name the brand's: nothing moves in another one. */
  private checkCurrency(call: VendorCall, currency: string | undefined) {
    if (currency !== undefined && currency !== call.brand.currency) throw new AppError('CURRENCY_MISMATCH');
  }

  /** Trades a launch token for its player, once: a replayed launch token is refused. */
  async authenticate(call: VendorCall, token: string): Promise<VendorWalletAnswer> {
    const session = await this.session(call, token);
    if (!(await this.repo.consumeLaunchToken(hashToken(token)))) throw new AppError('TOKEN_USED');
    const { memberId, account } = await this.player(call, String(session.memberId));
    return this.answer(call, memberId, await this.ledger.balance(account));
  }

  async balance(call: VendorCall, playerId: string): Promise<VendorWalletAnswer> {
    const { memberId, account } = await this.player(call, playerId);
    return this.answer(call, memberId, await this.ledger.balance(account));
  }

  async bet(
    call: VendorCall,
    body: {
      token: string;
      playerId: string;
      transactionId: string;
      roundId: string;
      amount: number;
      gameCode?: string | undefined;
      currency?: string | undefined;
    },
  ): Promise<Answered> {
    this.checkCurrency(call, body.currency);
    const amount = checkBrandAmount(call.brand, body.amount);
    const session = await this.session(call, body.token);
    if (String(session.memberId) !== body.playerId) throw new AppError('TOKEN_INVALID');
    const { memberId, account, side, active, wallet, house } = await this.player(call, body.playerId);
    // A disabled account places no new bets; its open rounds still settle (wins, rollbacks).
    if (!active) throw new AppError('ACCOUNT_DISABLED');
    try {
      const result = await this.ledger.transferInRound(
        {
          brand: call.brand,
          key: `v:${call.vendor}:bet:${body.transactionId}`,
          kind: 'bet',
          from: side,
          to: { house },
          amount,
          meta: {
            vendor: call.vendor,
            round: body.roundId,
            game: body.gameCode ?? session.gameCode,
            member: memberId,
          },
        },
        { vendor: call.vendor, roundId: body.roundId, memberId },
      );
      return this.settled(call, memberId, account, result, wallet);
    } catch (error) {
      // Insufficient funds answer with the balance the player has.
      if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
        throw new AppError(
          'INSUFFICIENT_FUNDS',
          {},
          this.answer(call, memberId, await this.ledger.balance(account)),
        );
      }
      throw error;
    }
  }

  async win(
    call: VendorCall,
    body: {
      playerId: string;
      transactionId: string;
      roundId: string;
      amount: number;
      gameCode?: string | undefined;
      currency?: string | undefined;
    },
  ): Promise<Answered> {
    this.checkCurrency(call, body.currency);
    // A win of 0 settles a lost round.
    const amount = body.amount === 0 ? 0 : checkBrandAmount(call.brand, body.amount);
    const { memberId, account, side, wallet, house } = await this.player(call, body.playerId);
    const result = await this.ledger.transferInRound(
      {
        brand: call.brand,
        key: `v:${call.vendor}:win:${body.transactionId}`,
        kind: 'win',
        from: { house },
        to: side,
        amount,
        meta: { vendor: call.vendor, round: body.roundId, game: body.gameCode ?? null, member: memberId },
      },
      { vendor: call.vendor, roundId: body.roundId, memberId },
    );
    return this.settled(call, memberId, account, result, wallet);
  }

  /** Refunds a bet; one that has not arrived yet is refused when it does. */
  async rollback(
    call: VendorCall,
    body: { playerId: string; transactionId: string; betTransactionId: string; roundId: string },
  ): Promise<Answered> {
    const { memberId, account, wallet } = await this.player(call, body.playerId);
    const result = await this.ledger.reverseInRound(
      {
        brandId: call.brand.id,
        targetKey: `v:${call.vendor}:bet:${body.betTransactionId}`,
        key: `v:${call.vendor}:rollback:${body.transactionId}`,
        meta: { vendor: call.vendor, round: body.roundId, member: memberId, bet: body.betTransactionId },
      },
      { vendor: call.vendor, roundId: body.roundId, memberId },
    );
    return this.settled(call, memberId, account, result, wallet);
  }
}
