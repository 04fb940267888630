import type { LanguageCode } from '../../../src/api/contract/common';
import type {
  BonusList,
  BonusView,
  PromotionActivities,
  PromotionActivity,
  PromotionReward,
  PromotionRule,
  RewardCentre,
  RewardItem,
} from '../../../src/api/contract/promotions';
import {
  activityStatus,
  type EntryEvent,
  type EntryStatus,
  nextEntryStatus,
} from '../../../src/promotions/lifecycle';
import {
  DEFAULT_MIN_SPORTS_ODDS,
  DEFAULT_WEIGHTS,
  wageringProgress,
  wageringRequirement,
} from '../../../src/promotions/wagering';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { pngOrJpeg } from '../../lib/image-type';
import type { Brand } from '../brand/brand.service';
import type { MemberEvents } from '../events/member-events';
import type { Ledger, Side } from '../ledger/ledger';
import type { BonusRow, EntryRow, PromotionsRepository, RuleRow } from './promotions.repository';

const DAY_MS = 86_400_000;

/** Spec 5.6: an application's remark of at most 140 characters, up to 3 png or jpg pictures of 5 MB. */
export const APPLY_REMARK_MAX = 140;
export const APPLY_IMAGES_MAX = 3;
export const APPLY_IMAGE_BYTES = 5 * 1024 * 1024;

/** A promotion's texts and schedule, as the content module keeps them. */
export interface PromotionText {
  id: number;
  title: Record<string, string>;
  active: boolean;
  startsAt: Date;
  endsAt: Date | null;
}

/** A credited deposit, as the payments module tells it. */
export interface CreditedDeposit {
  id: number;
  memberId: number;
  amount: number;
  creditedAt: Date;
  /** 1 for the member's first credited deposit, 2 for the second... */
  nth: number;
}

/** What promotions ask of other modules (wired in server/services.ts). */
export interface PromotionsNeighbours {
  texts: { promotions(brandId: number): Promise<PromotionText[]> };
  members: { registeredAt(memberId: number): Promise<Date | null> };
  kyc: { verified(brand: Brand, memberId: number): Promise<boolean> };
  deposits: {
    /** The deposit with its place among the member's credited deposits. */
    credited(brandId: number, depositId: number): Promise<CreditedDeposit | null>;
    /** The brand's deposits credited since `since`, oldest first. */
    creditedSince(brandId: number, since: Date): Promise<CreditedDeposit[]>;
  };
  wagering: {
    /** Valid bets per vendor of the member's rounds made at or after `since` and settled by `until`. */
    validBets(
      memberId: number,
      since: Date,
      until: Date,
    ): Promise<Array<{ vendor: string; validBet: number }>>;
    /** The catalogue's category of each vendor. */
    categories(brand: Brand): Promise<Map<string, string>>;
    /** Stakes of the member's settled sports bets made since `since` at odds below `minOdds`, per vendor. */
    lowOdds(
      memberId: number,
      since: Date,
      until: Date,
      minOdds: number,
    ): Promise<Array<{ vendor: string; stake: number }>>;
  };
}

type Phase = 'upcoming' | 'open' | 'ended';

/** A promotion with both halves: its rule and its texts. */
interface Promotion {
  row: RuleRow;
  rule: PromotionRule;
  text: PromotionText;
}

const localized = (text: Record<string, string>, lang: LanguageCode) =>
  text[lang] ?? Object.values(text)[0] ?? '';

/** The reward a trigger earns: a cash amount, a fixed bonus, or a share of the deposit up to its cap. */
export function rewardAmount(reward: PromotionReward, deposit: number | null): number {
  if (reward.type === 'cash') return reward.amount;
  if (reward.amount !== null) return reward.amount;
  const share = Math.floor(((deposit ?? 0) * (reward.percentBp ?? 0)) / 10_000);
  return reward.cap === null ? share : Math.min(share, reward.cap);
}

/**
 * Promotions (docs/promotions.md): each promotion's rule (trigger, eligibility, reward, budget) and the
 * members' entries along the shared lifecycle (src/promotions/lifecycle.ts); rewards paid through the
 * ledger with the entry's move in the same transaction; bonus money in the member's `bonus` wallet until
 * its wagering requirement is met.
 */
export class PromotionsService {
  constructor(
    private readonly repo: PromotionsRepository,
    private readonly ledger: Ledger,
    private readonly neighbours: PromotionsNeighbours,
    private readonly events?: MemberEvents,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  // ---- reading --------------------------------------------------------------------------------------

  private async promotions(brandId: number): Promise<Promotion[]> {
    const [rows, texts] = await Promise.all([
      this.repo.rules(brandId),
      this.neighbours.texts.promotions(brandId),
    ]);
    const byId = new Map(texts.map((t) => [t.id, t]));
    return rows
      .filter((row) => byId.has(row.promotionId))
      .map((row) => ({ row, rule: row.rule, text: byId.get(row.promotionId)! }));
  }

  private async promotion(brandId: number, promotionId: number): Promise<Promotion> {
    const found = (await this.promotions(brandId)).find((p) => p.row.promotionId === promotionId);
    if (!found) throw new AppError('PROMOTION_NOT_FOUND');
    return found;
  }

  /** Before its start, open, or over (ended, switched off, paused or its budget spent). */
  private phase(p: Promotion): Phase {
    const now = this.clock().getTime();
    if (!p.text.active || p.rule.paused) return 'ended';
    if (p.text.startsAt.getTime() > now) return 'upcoming';
    if (p.text.endsAt && p.text.endsAt.getTime() <= now) return 'ended';
    if (p.row.budget !== null && p.row.reserved >= p.row.budget) return 'ended';
    return 'open';
  }

  /** The promotions page: every promotion with a rule, and this member's status in each (a guest: none). */
  async activities(brand: Brand, memberId: number | null, lang: LanguageCode): Promise<PromotionActivities> {
    const [promotions, entries, bonuses] = await Promise.all([
      this.promotions(brand.id),
      memberId === null ? Promise.resolve([] as EntryRow[]) : this.repo.entries(memberId),
      memberId === null ? Promise.resolve([] as BonusRow[]) : this.repo.bonusesOf(memberId),
    ]);
    const views = await this.bonusViews(brand, bonuses, promotions, lang);
    return {
      currency: brand.currency,
      activities: promotions.map((p) =>
        this.activityOf(
          p,
          entries.find((e) => e.promotionId === p.row.promotionId) ?? null,
          views.find((b) => b.promotionId === p.row.promotionId) ?? null,
        ),
      ),
    };
  }

  private activityOf(p: Promotion, entry: EntryRow | null, bonus: BonusView | null): PromotionActivity {
    const status = (entry?.status as EntryStatus | undefined) ?? null;
    return {
      promotionId: p.row.promotionId,
      status: activityStatus({ entry: p.rule.entry, status, phase: this.phase(p) }),
      entry: p.rule.entry,
      trigger: p.rule.trigger,
      reward: p.rule.reward,
      claimDays: p.rule.claimDays,
      kycVerified: p.rule.eligibility.kycVerified,
      decisionNote: entry?.status === 'rejected' ? (entry.decisionNote ?? null) : null,
      entryStatus: status,
      rewardAmount: entry?.amount ?? null,
      claimBy: entry?.status === 'claimable' ? (entry.claimBy?.getTime() ?? null) : null,
      bonus,
    };
  }

  private async activity(brand: Brand, memberId: number, promotionId: number, lang: LanguageCode) {
    const found = (await this.activities(brand, memberId, lang)).activities.find(
      (a) => a.promotionId === promotionId,
    );
    if (!found) throw new AppError('PROMOTION_NOT_FOUND');
    return found;
  }

  /** The reward centre: rewards waiting for a claim (the badge) and those already had. */
  async rewardCentre(brand: Brand, memberId: number, lang: LanguageCode): Promise<RewardCentre> {
    const [promotions, entries] = await Promise.all([this.promotions(brand.id), this.repo.entries(memberId)]);
    const now = this.clock().getTime();
    const items: RewardItem[] = [];
    for (const e of entries) {
      if (e.amount === null || e.earnedAt === null) continue;
      const p = promotions.find((x) => x.row.promotionId === e.promotionId);
      if (!p) continue;
      items.push({
        promotionId: e.promotionId,
        title: localized(p.text.title, lang),
        status: e.status as EntryStatus,
        rewardType: p.rule.reward.type,
        amount: e.amount,
        earnedAt: e.earnedAt.getTime(),
        claimBy: e.claimBy?.getTime() ?? null,
        claimedAt: e.claimedAt?.getTime() ?? null,
      });
    }
    const claimable = items.filter(
      (i) => i.status === 'claimable' && (i.claimBy === null || i.claimBy > now),
    );
    return {
      currency: brand.currency,
      count: claimable.length,
      claimable,
      history: items.filter((i) => !claimable.includes(i)),
    };
  }

  /** Bonus details: each bonus with its terms, progress counted now and expiry. */
  async bonusList(brand: Brand, memberId: number, lang: LanguageCode): Promise<BonusList> {
    const [promotions, rows] = await Promise.all([this.promotions(brand.id), this.repo.bonusesOf(memberId)]);
    return { currency: brand.currency, bonuses: await this.bonusViews(brand, rows, promotions, lang) };
  }

  private async bonusViews(
    brand: Brand,
    rows: BonusRow[],
    promotions: Promotion[],
    lang: LanguageCode,
  ): Promise<BonusView[]> {
    const active = rows.find((b) => b.status === 'active');
    const [counted, balance] = active
      ? await Promise.all([
          this.progress(brand, active),
          this.ledger
            .memberAccount(brand.id, active.memberId, 'bonus', brand.currency)
            .then((id) => this.ledger.balance(id)),
        ])
      : [null, 0];
    return rows.map((b) => {
      const p = promotions.find((x) => x.row.promotionId === b.promotionId);
      const isActive = b.status === 'active';
      return {
        id: b.id,
        promotionId: b.promotionId,
        title: p ? localized(p.text.title, lang) : '',
        status: b.status as BonusView['status'],
        amount: b.amount,
        balance: isActive ? balance : 0,
        requirement: b.requirement,
        counted: Math.min(b.requirement, isActive && counted ? counted.counted : b.counted),
        weights: b.weights,
        minSportsOdds: b.minSportsOdds,
        maxStake: b.maxStake,
        grantedAt: b.grantedAt.getTime(),
        expiresAt: b.expiresAt.getTime(),
        closedAt: b.closedAt?.getTime() ?? null,
        converted: b.status === 'completed' ? b.released : null,
      };
    });
  }

  /** A bonus's wagering counted now from the member's settled bets since its grant. */
  async progress(brand: Brand, bonus: BonusRow) {
    const until = this.clock();
    const [bets, categories, lowOdds] = await Promise.all([
      this.neighbours.wagering.validBets(bonus.memberId, bonus.grantedAt, until),
      this.neighbours.wagering.categories(brand),
      this.neighbours.wagering.lowOdds(bonus.memberId, bonus.grantedAt, until, bonus.minSportsOdds),
    ]);
    const below = new Map(lowOdds.map((l) => [l.vendor, l.stake]));
    return wageringProgress(
      bets.map((b) => ({
        category: categories.get(b.vendor) ?? 'OTHER',
        validBet: Math.max(0, b.validBet - (below.get(b.vendor) ?? 0)),
      })),
      bonus.weights,
      bonus.requirement,
    );
  }

  // ---- the member's moves ---------------------------------------------------------------------------

  private refuseMove(from: EntryStatus | null, event: EntryEvent['type'], rule: PromotionRule) {
    if (nextEntryStatus(from, event, rule) !== null) return;
    if (from !== null && (event === 'JOIN' || event === 'APPLY'))
      throw new AppError('PROMOTION_ALREADY_JOINED');
    throw new AppError('PROMOTION_NOT_AVAILABLE');
  }

  private async checkEligible(brand: Brand, memberId: number, p: Promotion) {
    const { eligibility } = p.rule;
    if (eligibility.registeredFrom !== null || eligibility.registeredTo !== null) {
      const at = (await this.neighbours.members.registeredAt(memberId))?.getTime() ?? 0;
      if (
        (eligibility.registeredFrom !== null && at < eligibility.registeredFrom) ||
        (eligibility.registeredTo !== null && at >= eligibility.registeredTo)
      )
        throw new AppError('PROMOTION_NOT_ELIGIBLE');
    }
    if (eligibility.kycVerified && !(await this.neighbours.kyc.verified(brand, memberId)))
      throw new AppError('PROMOTION_KYC_REQUIRED');
  }

  private checkOpen(p: Promotion) {
    const phase = this.phase(p);
    if (phase === 'upcoming') throw new AppError('PROMOTION_NOT_STARTED');
    if (phase === 'ended') throw new AppError('PROMOTION_CLOSED');
  }

  /** Join (opt in): the promotion then waits for its trigger. */
  async join(brand: Brand, memberId: number, promotionId: number, lang: LanguageCode) {
    const p = await this.promotion(brand.id, promotionId);
    const entry = await this.repo.entry(promotionId, memberId);
    this.refuseMove((entry?.status as EntryStatus) ?? null, 'JOIN', p.rule);
    this.checkOpen(p);
    await this.checkEligible(brand, memberId, p);
    const made = await this.repo.open({ brandId: brand.id, promotionId, memberId, status: 'joined' });
    if (!made) throw new AppError('PROMOTION_ALREADY_JOINED');
    return this.activity(brand, memberId, promotionId, lang);
  }

  /**
   * The sign-up promotion's reward request (MCSFE_signUpRequestReward): a member who joined it and
   * registered within its days earns it now.
   */
  async requestSignUpReward(brand: Brand, memberId: number, promotionId: number, lang: LanguageCode) {
    const p = await this.promotion(brand.id, promotionId);
    if (p.rule.trigger.type !== 'signup') throw new AppError('PROMOTION_NOT_AVAILABLE');
    const entry = await this.repo.entry(promotionId, memberId);
    this.refuseMove((entry?.status as EntryStatus) ?? null, 'QUALIFY', p.rule);
    this.checkOpen(p);
    await this.checkEligible(brand, memberId, p);
    const registered = (await this.neighbours.members.registeredAt(memberId))?.getTime() ?? 0;
    if (this.clock().getTime() - registered > p.rule.trigger.withinDays * DAY_MS)
      throw new AppError('PROMOTION_NOT_ELIGIBLE');
    await this.earn(brand, p, memberId, null);
    return this.activity(brand, memberId, promotionId, lang);
  }

  /**
   * An application to a manual promotion: a remark (1 to 140 characters) and up to 3 png or jpg pictures
   * of 5 MB each, kept for the operator, who approves (the reward is earned) or rejects it.
   */
  async apply(
    brand: Brand,
    memberId: number,
    promotionId: number,
    remark: string,
    files: Buffer[],
    lang: LanguageCode,
  ) {
    const p = await this.promotion(brand.id, promotionId);
    const entry = await this.repo.entry(promotionId, memberId);
    this.refuseMove((entry?.status as EntryStatus) ?? null, 'APPLY', p.rule);
    this.checkOpen(p);
    const text = remark.trim();
    if (text.length === 0 || text.length > APPLY_REMARK_MAX) throw new AppError('PROMOTION_APPLY_REMARK');
    if (files.length > APPLY_IMAGES_MAX) throw new AppError('PROMOTION_APPLY_IMAGES');
    const images = files.map((data) => {
      if (data.length > APPLY_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
      const mime = pngOrJpeg(data);
      if (!mime) throw new AppError('PROMOTION_APPLY_FILE_TYPE');
      return { mime, data };
    });
    await this.checkEligible(brand, memberId, p);
    const made = await this.repo.apply({ brandId: brand.id, promotionId, memberId, remark: text }, images);
    if (!made) throw new AppError('PROMOTION_ALREADY_JOINED');
    return this.activity(brand, memberId, promotionId, lang);
  }

  /**
   * The operator's decision on an application, with `alongside` (the audit row) in its transaction:
   * approved, the reward is earned as the rule says (to claim, or paid at once); rejected, nothing moves.
   */
  async decideApplication(
    brand: Brand,
    entryId: number,
    decision: 'approve' | 'reject',
    operatorId: number,
    note: string,
    alongside: (tx: Database, entry: EntryRow) => Promise<void>,
  ) {
    const entry = await this.repo.entryById(brand.id, entryId);
    if (!entry) throw new AppError('PROMOTION_APPLICATION_NOT_FOUND');
    if (entry.status !== 'applying') throw new AppError('PROMOTION_APPLICATION_DECIDED');
    if (decision === 'reject') {
      await this.repo.transaction(async (tx) => {
        if (!(await this.repo.reject(tx, entryId, operatorId, note)))
          throw new AppError('PROMOTION_APPLICATION_DECIDED');
        await alongside(tx, entry);
      });
    } else {
      const p = await this.promotion(brand.id, entry.promotionId);
      await this.earn(brand, p, entry.memberId, null, async (tx) => {
        await this.repo.markDecided(tx, entryId, operatorId, note);
        await alongside(tx, entry);
      }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'PROMOTION_NOT_AVAILABLE')
          throw new AppError('PROMOTION_APPLICATION_DECIDED');
        throw error;
      });
    }
    await this.announce(brand, entry.memberId);
    return (await this.repo.entryById(brand.id, entryId))!;
  }

  /**
   * Claims an earned reward from the reward centre, once: a retry with the same request id answers as the
   * first did; another claim of a reward already claimed is refused.
   */
  async claim(brand: Brand, memberId: number, promotionId: number, lang: LanguageCode) {
    const p = await this.promotion(brand.id, promotionId);
    const entry = await this.repo.entry(promotionId, memberId);
    if (!entry || entry.amount === null) throw new AppError('PROMOTION_NOT_CLAIMABLE');
    if (entry.status === 'claimed') throw new AppError('PROMOTION_ALREADY_CLAIMED');
    if (entry.status === 'expired' || (entry.claimBy && entry.claimBy <= this.clock()))
      throw new AppError('PROMOTION_CLAIM_EXPIRED');
    this.refuseMove(entry.status as EntryStatus, 'CLAIM', p.rule);
    const result = await this.pay(brand, p, memberId, entry.amount, entry.depositAmount, async (tx) => {
      if (!(await this.repo.claim(tx, entry.id))) throw new AppError('PROMOTION_ALREADY_CLAIMED');
    });
    if (result === 'replayed') throw new AppError('PROMOTION_ALREADY_CLAIMED');
    await this.announce(brand, memberId);
    return this.activity(brand, memberId, promotionId, lang);
  }

  /** Gives the active bonus up: what its wallet holds goes back, and withdrawals are free again. */
  async forfeit(brand: Brand, memberId: number, bonusId: number, lang: LanguageCode) {
    const bonus = await this.repo.bonus(bonusId);
    if (!bonus || bonus.memberId !== memberId) throw new AppError('BONUS_NOT_FOUND');
    if (bonus.status !== 'active') throw new AppError('BONUS_CLOSED');
    await this.close(brand, bonus, 'forfeited');
    return this.bonusList(brand, memberId, lang);
  }

  /**
   * Before a withdrawal: an active bonus whose requirement is met is released to cash first; one still
   * open refuses the withdrawal (the member may forfeit it).
   */
  async beforeWithdrawal(brand: Brand, memberId: number) {
    const bonus = await this.repo.activeBonus(memberId);
    if (!bonus) return;
    const progress = await this.progress(brand, bonus);
    if (progress.met) {
      await this.close(brand, bonus, 'completed', progress.counted).catch((error: unknown) => {
        if (!(error instanceof AppError && error.code === 'BONUS_CLOSED')) throw error;
      });
      return;
    }
    throw new AppError('BONUS_WAGERING_OPEN', { left: { minor: progress.left, currency: brand.currency } });
  }

  // ---- earning and paying ---------------------------------------------------------------------------

  /**
   * A trigger met: the member's entry earns the reward, waiting for a claim or paid at once. A bonus
   * while another is active waits in the reward centre whatever the rule says (one bonus at a time).
   */
  private async earn(
    brand: Brand,
    p: Promotion,
    memberId: number,
    deposit: CreditedDeposit | null,
    /** What must commit with the reward (an operator's audit row on an approval). */
    alongside?: (tx: Database) => Promise<void>,
  ) {
    const amount = rewardAmount(p.rule.reward, deposit?.amount ?? null);
    if (amount <= 0) return null;
    const from: Array<EntryStatus | null> =
      p.rule.entry === 'auto' ? [null] : p.rule.entry === 'apply' ? ['applying'] : ['joined'];
    const waits =
      p.rule.claim === 'claim' ||
      (p.rule.reward.type === 'bonus' && (await this.repo.activeBonus(memberId)) !== null);
    const earning = {
      brandId: brand.id,
      promotionId: p.row.promotionId,
      memberId,
      from,
      amount,
      depositId: deposit?.id ?? null,
      depositAmount: deposit?.amount ?? null,
    };
    const refuse = (out: EntryRow | null | 'budget') => {
      if (out === 'budget') throw new AppError('PROMOTION_BUDGET_SPENT');
      if (out === null) throw new AppError('PROMOTION_NOT_AVAILABLE');
      return out;
    };
    if (waits) {
      const claimBy = new Date(this.clock().getTime() + p.rule.claimDays * DAY_MS);
      const out = await this.repo.transaction(async (tx) => {
        const earned = refuse(await this.repo.earn(tx, { ...earning, to: 'claimable', claimBy }));
        await alongside?.(tx);
        return earned;
      });
      await this.announce(brand, memberId);
      return out;
    }
    await this.pay(brand, p, memberId, amount, deposit?.amount ?? null, async (tx) => {
      refuse(await this.repo.earn(tx, { ...earning, to: 'issued', claimBy: null }));
      await alongside?.(tx);
    });
    await this.announce(brand, memberId);
    return null;
  }

  /**
   * Pays a reward with `alongside` (the entry's move) in one transaction, keyed by the member's entry so it
   * is paid once: cash to the main wallet, a bonus to the bonus wallet with its bonus row.
   */
  private async pay(
    brand: Brand,
    p: Promotion,
    memberId: number,
    amount: number,
    depositAmount: number | null,
    alongside: (tx: Database) => Promise<void>,
  ): Promise<'paid' | 'replayed'> {
    const { reward } = p.rule;
    const to: Side = { memberId, wallet: reward.type === 'cash' ? 'main' : 'bonus' };
    const result = await this.ledger
      .transferWith(
        {
          brand,
          key: `promo:${p.row.promotionId}:${memberId}`,
          kind: 'bonus',
          from: { house: 'bonus' },
          to,
          amount,
          meta: { category: 'promotion', promotion: p.row.promotionId },
        },
        async (tx) => {
          await alongside(tx);
          if (reward.type !== 'bonus') return;
          const now = this.clock();
          const made = await this.repo.insertBonus(tx, {
            brandId: brand.id,
            memberId,
            promotionId: p.row.promotionId,
            amount,
            requirement: wageringRequirement({
              bonus: amount,
              deposit: depositAmount ?? 0,
              multiple: reward.multiple,
              base: reward.base,
            }),
            weights: { ...DEFAULT_WEIGHTS, ...reward.weights },
            minSportsOdds: DEFAULT_MIN_SPORTS_ODDS,
            maxStake: reward.maxStake,
            grantedAt: now,
            expiresAt: new Date(now.getTime() + reward.expiryDays * DAY_MS),
          });
          if (!made) throw new AppError('PROMOTION_BONUS_ACTIVE');
        },
      )
      .catch((error: unknown) => {
        // Two claims of one reward at once: the second finds the first's key.
        if (error instanceof AppError && error.code === 'IDEMPOTENCY_CONFLICT')
          throw new AppError('PROMOTION_ALREADY_CLAIMED');
        throw error;
      });
    if (result.replayed) return 'replayed';
    const balance = await this.ledger.balanceAfter(result, result.to);
    if (reward.type === 'cash')
      await this.events?.publish(memberId, { type: 'balance', balance, currency: brand.currency });
    return 'paid';
  }

  /**
   * Closes an active bonus, once (whoever else closes it at the same moment finds it closed): completed
   * moves what its wallet holds to cash, forfeited and expired give it back to the house.
   */
  private async close(
    brand: Brand,
    bonus: BonusRow,
    to: 'completed' | 'forfeited' | 'expired',
    counted?: number,
  ) {
    const wallet = await this.ledger.memberAccount(brand.id, bonus.memberId, 'bonus', brand.currency);
    const held = await this.ledger.balance(wallet);
    const closeRow = async (tx: Database) => {
      if (!(await this.repo.closeBonus(tx, bonus.id, to, held, counted))) throw new AppError('BONUS_CLOSED');
    };
    if (held === 0) {
      await this.repo.transaction(closeRow);
    } else {
      const result = await this.ledger
        .transferWith(
          {
            brand,
            key: `bonus:${bonus.id}:close`,
            kind:
              to === 'completed' ? 'bonus_release' : to === 'forfeited' ? 'bonus_forfeit' : 'bonus_expire',
            from: { memberId: bonus.memberId, wallet: 'bonus' },
            to: to === 'completed' ? { memberId: bonus.memberId, wallet: 'main' } : { house: 'bonus' },
            amount: held,
            meta: { category: 'promotion', bonus: bonus.id },
          },
          closeRow,
        )
        .catch((error: unknown) => {
          if (
            error instanceof AppError &&
            (error.code === 'IDEMPOTENCY_CONFLICT' || error.code === 'INSUFFICIENT_FUNDS')
          )
            throw new AppError('BONUS_CLOSED');
          throw error;
        });
      if (result.replayed) throw new AppError('BONUS_CLOSED');
      if (to === 'completed') {
        const main = await this.ledger.balanceAfter(result, result.to);
        await this.events?.publish(bonus.memberId, {
          type: 'balance',
          balance: main,
          currency: brand.currency,
        });
      }
    }
    await this.announce(brand, bonus.memberId);
  }

  private async announce(brand: Brand, memberId: number) {
    if (!this.events) return;
    const centre = await this.rewardCentre(brand, memberId, brand.defaultLanguage);
    await this.events.publish(memberId, { type: 'rewards', claimable: centre.count });
  }

  // ---- triggers and the sweep ---------------------------------------------------------------------

  /** A deposit was credited: every open deposit promotion it meets earns its reward (each once). */
  async depositCredited(brand: Brand, depositId: number) {
    const deposit = await this.neighbours.deposits.credited(brand.id, depositId);
    if (!deposit) return 0;
    return this.applyDeposits(brand, [deposit]);
  }

  private async applyDeposits(brand: Brand, deposits: CreditedDeposit[]) {
    const promotions = (await this.promotions(brand.id)).filter(
      (p) => p.rule.trigger.type === 'deposit' && this.phase(p) === 'open',
    );
    let earned = 0;
    for (const deposit of deposits) {
      for (const p of promotions) {
        const trigger = p.rule.trigger;
        if (trigger.type !== 'deposit') continue;
        if (deposit.amount < trigger.minAmount) continue;
        if (trigger.nth !== null && deposit.nth !== trigger.nth) continue;
        // Deposits made before the promotion opened never count.
        if (deposit.creditedAt < p.text.startsAt) continue;
        const entry = await this.repo.entry(p.row.promotionId, deposit.memberId);
        if (p.rule.entry === 'join' && (entry?.status !== 'joined' || deposit.creditedAt < entry.joinedAt))
          continue;
        if (p.rule.entry === 'auto' && entry !== null) continue;
        try {
          await this.checkEligible(brand, deposit.memberId, p);
          await this.earn(brand, p, deposit.memberId, deposit);
          earned += 1;
        } catch (error) {
          // Not for this member, the budget is spent, or another process earned it first: nothing to do.
          if (!(error instanceof AppError)) throw error;
        }
      }
    }
    return earned;
  }

  /**
   * The minute's sweep: deposits credited in the last day that a stopped process did not look at,
   * rewards left unclaimed past their time, and active bonuses completed (released) or expired.
   */
  async sweep(brands: Brand[]) {
    await this.repo.expireClaims();
    const since = new Date(this.clock().getTime() - DAY_MS);
    for (const brand of brands) {
      await this.applyDeposits(brand, await this.neighbours.deposits.creditedSince(brand.id, since));
      const now = this.clock();
      for (const bonus of await this.repo.activeBonuses(brand.id)) {
        try {
          if (bonus.expiresAt <= now) {
            await this.close(brand, bonus, 'expired');
            continue;
          }
          const progress = await this.progress(brand, bonus);
          if (progress.met) await this.close(brand, bonus, 'completed', progress.counted);
          else if (progress.counted !== bonus.counted)
            await this.repo.saveCounted(bonus.id, progress.counted);
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'BONUS_CLOSED')) throw error;
        }
      }
    }
  }
}
