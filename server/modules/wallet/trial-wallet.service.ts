import { TRIAL_TYPE } from '../../../src/api/contract/accounts';
import type { LanguageCode } from '../../../src/api/contract/common';
import {
  TRIAL_GRANT,
  TRIAL_HOURS,
  TRIAL_TOP_UP_BELOW,
  TRIAL_TOP_UPS,
  type TrialWallet,
} from '../../../src/api/contract/trial';
import { formatAmount } from '../../../src/ui/format';
import { AppError } from '../../http/app-error';
import type { Brand } from '../brand/brand.service';
import type { Ledger } from '../ledger/ledger';

/** The movement kinds of trial money (the account record and the ledger check read them as any other). */
export const TRIAL_KINDS = { grant: 'trial_grant', topUp: 'trial_topup', back: 'trial_return' } as const;

type TrialMember = { id: number; userType: number; createdAt: Date };

/** When a trial account made at `createdAt` ends. */
export const trialEndsAt = (createdAt: Date) => createdAt.getTime() + TRIAL_HOURS * 3_600_000;

/**
 * Trial money (docs/money.md, "Trial money"). A trial account's main wallet is filled from the brand's
 * `trial` house account, its bets and wins post against that account (ledger `houseFor`), and when the
 * trial ends what is left goes back to it: trial money moves through the ledger like any money, and never
 * through the brand's `house`, so it never reaches the brand's result.
 */
export class TrialWalletService {
  constructor(
    private readonly ledger: Ledger,
    /** Pushes the member's new main balance to their open pages. */
    private readonly balanceChanged: (brand: Brand, memberId: number, balance: number) => void,
  ) {}

  /** The trial money a new trial account starts with, once (its key is the member's). */
  async grant(brand: Brand, memberId: number) {
    const moved = await this.ledger.transfer({
      brand,
      key: `trial:${memberId}:grant`,
      kind: TRIAL_KINDS.grant,
      from: { house: 'trial' },
      to: { memberId, wallet: 'main' },
      amount: TRIAL_GRANT,
      meta: { reason: 'trial' },
    });
    return this.ledger.balanceAfter(moved, moved.to);
  }

  private only(member: TrialMember) {
    if (member.userType !== TRIAL_TYPE) throw new AppError('TRIAL_ONLY');
  }

  private async topUpsUsed(memberId: number) {
    const lines = await this.ledger.records(memberId, {
      kinds: [TRIAL_KINDS.topUp],
      limit: TRIAL_TOP_UPS + 1,
    });
    return lines.length;
  }

  private async state(brand: Brand, member: TrialMember): Promise<TrialWallet> {
    // The top-ups first, then the balance: a top-up committed between the two reads then shows in the
    // balance (no longer low), never as a count with the old balance, which would take the next top-up's
    // key and move the money a second time for two clicks at once.
    const used = await this.topUpsUsed(member.id);
    const balances = await this.ledger.memberBalances(member.id);
    const balance = balances.get('main') ?? 0;
    const topUpsLeft = Math.max(0, TRIAL_TOP_UPS - used);
    return {
      balance,
      currency: brand.currency,
      grant: TRIAL_GRANT,
      topUpBelow: TRIAL_TOP_UP_BELOW,
      topUpsLeft,
      canTopUp: topUpsLeft > 0 && balance < TRIAL_TOP_UP_BELOW,
      endsAt: trialEndsAt(member.createdAt),
    };
  }

  /** The trial wallet: balance, top-ups left and when the trial ends. */
  async view(brand: Brand, member: TrialMember): Promise<TrialWallet> {
    this.only(member);
    return this.state(brand, member);
  }

  /**
   * Brings the trial balance back to TRIAL_GRANT, at most TRIAL_TOP_UPS times, and only once it has
   * fallen below TRIAL_TOP_UP_BELOW. The n-th top-up has its own key, so two clicks at once move it once.
   */
  async topUp(brand: Brand, member: TrialMember, lang: LanguageCode): Promise<TrialWallet> {
    this.only(member);
    const before = await this.state(brand, member);
    if (before.topUpsLeft === 0) throw new AppError('TRIAL_TOP_UP_LIMIT');
    if (!before.canTopUp)
      throw new AppError('TRIAL_TOP_UP_NOT_YET', {
        below: `${formatAmount(TRIAL_TOP_UP_BELOW, lang)} ${brand.currency}`,
      });
    const n = TRIAL_TOP_UPS - before.topUpsLeft + 1;
    const moved = await this.ledger.transfer({
      brand,
      key: `trial:${member.id}:topup:${n}`,
      kind: TRIAL_KINDS.topUp,
      from: { house: 'trial' },
      to: { memberId: member.id, wallet: 'main' },
      amount: TRIAL_GRANT - before.balance,
      meta: { reason: 'trial' },
    });
    if (!moved.replayed)
      this.balanceChanged(brand, member.id, await this.ledger.balanceAfter(moved, moved.to));
    return this.state(brand, member);
  }

  /**
   * Ended trials: whatever their main wallets hold goes back to the `trial` account, each keyed by the
   * wallet's version, so a run repeated moves nothing twice and a win that reached a wallet after an
   * earlier run is given back by the next one. Returns how much went back.
   */
  async giveBack(brand: Brand, memberIds: number[]) {
    let total = 0;
    for (const wallet of await this.ledger.mainWallets(brand.id, memberIds)) {
      if (wallet.balance <= 0) continue;
      const moved = await this.ledger
        .transfer({
          brand,
          key: `trial:${wallet.memberId}:return:${wallet.version}`,
          kind: TRIAL_KINDS.back,
          from: { memberId: wallet.memberId, wallet: 'main' },
          to: { house: 'trial' },
          amount: wallet.balance,
          meta: { reason: 'trial_ended' },
        })
        // A bet settled between the read and the move: the next run gives back what is there then.
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') return null;
          throw error;
        });
      if (moved && !moved.replayed) total += wallet.balance;
    }
    return total;
  }
}
