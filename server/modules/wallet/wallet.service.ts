import type { ContractView } from '../../../src/api/contract/agents';
import type { LanguageCode } from '../../../src/api/contract/common';
import type { RecordType } from '../../../src/api/contract/wallet';
import { AppError } from '../../http/app-error';
import type { Brand } from '../brand/brand.service';
import type { MemberEvents } from '../events/member-events';
import type { Ledger, MemberWalletKind, Side } from '../ledger/ledger';
import { checkBrandAmount } from './amount';

/** The ledger movement kinds behind each type of line the member can filter on. */
const RECORD_KINDS: Record<RecordType, string[]> = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_refund'],
  bet: ['bet'],
  win: ['win'],
  reversal: ['reversal'],
  transfer: ['transfer', 'transfer_upline', 'transfer_downline'],
  bonus: [
    'bonus',
    'bonus_release',
    'bonus_forfeit',
    'bonus_expire',
    'rebate',
    'contract_salary',
    'contract_dividend',
  ],
  adjustment: ['adjustment'],
};

/**
 * A member's wallets (spec 2.5, 7): the main wallet, and in transfer mode one wallet per game vendor that
 * the member fills from the main one. Every change is a ledger movement.
 */
/**
 * What a member may read of a movement's details: the game, the round, the other side of a transfer, the
 * kind of adjustment and the reason the operator gave the member. Never who in the back office made it.
 */
const MEMBER_VISIBLE_DETAIL = [
  'vendor',
  'direction',
  'round',
  'game',
  'bet',
  'fromUsername',
  'toUsername',
  'category',
  'reason',
  'until',
];

function memberVisible(meta: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(meta).filter(([key]) => MEMBER_VISIBLE_DETAIL.includes(key)));
}

/** What the wallet asks of other modules: the brand's game vendors (games) and a member's standing (accounts). */
export interface WalletDirectory {
  vendors(brandId: number): Promise<{ code: string; name: string }[]>;
  member(
    brandId: number,
    memberId: number,
  ): Promise<{ id: number; userType: number; status: string } | undefined>;
  /** Contract requests waiting for the member's answer (the contract dialog reads them with the funds). */
  contractRequests?(memberId: number): Promise<ContractView[]>;
}

export class WalletService {
  constructor(
    private readonly ledger: Ledger,
    private readonly directory: WalletDirectory,
    private readonly events?: MemberEvents,
    /** Vendors connected in transfer mode: they play from a wallet of their own even on a single-wallet brand. */
    private readonly transferVendors: (brandId: number) => Promise<Set<string>> = async () => new Set(),
  ) {}

  /** Whether a vendor's games play from its own wallet (transfer mode, or a brand without a single wallet). */
  async usesVendorWallet(brand: Brand, vendor: string) {
    return !brand.singleWallet || (await this.transferVendors(brand.id)).has(vendor);
  }

  /** A member as the game vendors' wallet calls need them (id, kind, status). */
  member(brandId: number, memberId: number) {
    return this.directory.member(brandId, memberId);
  }

  /** The wallet games play from: the main one (single wallet) or the vendor's own (transfer mode). */
  /** The hot path's balance changes, coalesced; only the main wallet is shown live. */
  gameBalanceChanged(brand: Brand, memberId: number, balance: number, wallet: MemberWalletKind = 'main') {
    if (wallet === 'main') this.events?.balanceChanged(memberId, balance, brand.currency);
  }

  /** The wallet a vendor's bets and wins move: the main one, or the vendor's own in transfer mode. */
  gameWalletKind(brand: Brand, vendor: string, transferMode = false): MemberWalletKind {
    return brand.singleWallet && !transferMode ? 'main' : `vendor:${vendor}`;
  }

  account(brand: Brand, memberId: number, kind: MemberWalletKind) {
    return this.ledger.memberAccount(brand.id, memberId, kind, brand.currency);
  }

  async balance(brand: Brand, memberId: number) {
    const balances = await this.ledger.memberBalances(memberId);
    return { balance: balances.get('main') ?? 0, currency: brand.currency, isSingle: brand.singleWallet };
  }

  private async vendorWallets(brand: Brand, memberId: number, every = false) {
    const [vendors, balances, transfer] = await Promise.all([
      this.directory.vendors(brand.id),
      this.ledger.memberBalances(memberId),
      this.transferVendors(brand.id),
    ]);
    return {
      balances,
      // On a single-wallet brand only transfer-mode vendors have wallets of their own.
      wallets: vendors
        .filter((v) => every || !brand.singleWallet || transfer.has(v.code))
        .map((v) => ({
          vendor: v.code,
          name: v.name,
          balance: balances.get(`vendor:${v.code}`) ?? 0,
        })),
    };
  }

  async consolidated(brand: Brand, memberId: number) {
    // Every vendor wallet that holds money counts, whatever its vendor's mode today.
    const { balances, wallets } = await this.vendorWallets(brand, memberId, true);
    const main = balances.get('main') ?? 0;
    const vendors = wallets.filter((w) => w.balance !== 0);
    const held = balances.get('hold') ?? 0;
    return {
      currency: brand.currency,
      main,
      vendors,
      total: main + held + vendors.reduce((sum, w) => sum + w.balance, 0),
      contractRequests: (await this.directory.contractRequests?.(memberId)) ?? [],
    };
  }

  async merchantWallets(brand: Brand, memberId: number) {
    const { wallets } = await this.vendorWallets(brand, memberId);
    return { isSingle: brand.singleWallet, currency: brand.currency, wallets };
  }

  /** The account record (transactionHistory): every posting on the member's wallets, newest first. */
  async records(
    memberId: number,
    query: {
      type?: RecordType | undefined;
      from?: number | undefined;
      to?: number | undefined;
      before?: number | undefined;
      limit: number;
    },
  ) {
    const rows = await this.ledger.records(memberId, {
      ...(query.type ? { kinds: RECORD_KINDS[query.type] } : {}),
      ...(query.from !== undefined ? { from: new Date(query.from) } : {}),
      ...(query.to !== undefined ? { to: new Date(query.to) } : {}),
      ...(query.before !== undefined ? { before: query.before } : {}),
      limit: query.limit + 1,
    });
    return {
      items: rows.slice(0, query.limit).map((r) => ({
        id: r.id,
        type: r.kind === 'reversal' ? 'reversal' : r.kind,
        wallet: r.wallet.startsWith('vendor:') ? r.wallet.slice('vendor:'.length) : r.wallet,
        amount: r.amount,
        balanceAfter: r.balanceAfter ?? 0,
        createdAt: r.createdAt.getTime(),
        detail: memberVisible(r.meta),
      })),
      more: rows.length > query.limit,
    };
  }

  /** The account records of an agent's downline in [from, to), newest first (agentDownlineTransactionDetailsCopy). */
  async teamRecords(
    agentId: number,
    query: {
      username?: string | undefined;
      type?: RecordType | undefined;
      from: Date;
      to: Date;
      before?: number | undefined;
      limit: number;
    },
  ) {
    const rows = await this.ledger.teamRecords(agentId, {
      ...(query.username ? { username: query.username } : {}),
      ...(query.type ? { kinds: RECORD_KINDS[query.type] } : {}),
      ...(query.before !== undefined ? { before: query.before } : {}),
      from: query.from,
      to: query.to,
      limit: query.limit + 1,
    });
    return {
      items: rows.slice(0, query.limit).map((r) => ({
        id: r.id,
        username: r.username,
        type: r.kind,
        wallet: r.wallet.startsWith('vendor:') ? r.wallet.slice('vendor:'.length) : r.wallet,
        amount: r.amount,
        balanceAfter: r.balanceAfter ?? 0,
        createdAt: r.createdAt.getTime(),
        detail: memberVisible(r.meta),
      })),
      more: rows.length > query.limit,
    };
  }

  /** Moves money between the main wallet and a vendor's, once per request id. */
  async transfer(
    brand: Brand,
    memberId: number,
    body: { vendor: string; direction: 'in' | 'out'; amount: number; requestId: string },
    lang: LanguageCode = 'en',
  ) {
    // Money can always come back from a vendor's wallet, whatever the vendor's mode is now.
    if (body.direction === 'in' && !(await this.usesVendorWallet(brand, body.vendor)))
      throw new AppError('SINGLE_WALLET');
    const amount = checkBrandAmount(brand, body.amount, lang);
    const vendors = await this.directory.vendors(brand.id);
    if (!vendors.some((v) => v.code === body.vendor)) throw new AppError('VENDOR_NOT_FOUND');
    const main: Side = { memberId, wallet: 'main' };
    const vendor: Side = { memberId, wallet: `vendor:${body.vendor}` };
    const result = await this.ledger.transfer({
      brand,
      key: `m:${memberId}:transfer:${body.requestId}`,
      kind: 'transfer',
      ...(body.direction === 'in' ? { from: main, to: vendor } : { from: vendor, to: main }),
      amount,
      meta: { vendor: body.vendor, direction: body.direction },
    });
    const [mainAccount, vendorAccount] =
      body.direction === 'in' ? [result.from, result.to] : [result.to, result.from];
    const after = {
      main: await this.ledger.balanceAfter(result, mainAccount),
      vendor: await this.ledger.balanceAfter(result, vendorAccount),
      currency: brand.currency,
    };
    if (!result.replayed)
      await this.events?.publish(memberId, {
        type: 'balance',
        balance: after.main,
        currency: brand.currency,
      });
    return after;
  }
}
