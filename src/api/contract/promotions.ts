import { z } from 'zod';
import { ACTIVITY_STATUSES, CLAIM_MODES, ENTRY_MODES, ENTRY_STATUSES } from '../../promotions/lifecycle';
import { WAGERING_CATEGORIES } from '../../promotions/wagering';
import { epochMillis, int32Id, MAX_AMOUNT, minorUnits } from './common';

const amount = z.number().int().min(1).max(MAX_AMOUNT);
const days = z.number().int().min(1).max(365);

/** What starts a member's reward (docs/promotions.md, "Triggers"). */
export const promotionTrigger = z.discriminatedUnion('type', [
  /** A member who registered at most `withinDays` before asking (the sign-up promotion). */
  z.object({ type: z.literal('signup'), withinDays: days }),
  /** A credited deposit of at least `minAmount`: the member's `nth` ever (null: any one after joining). */
  z.object({
    type: z.literal('deposit'),
    nth: z.number().int().min(1).max(1000).nullable(),
    minAmount: amount,
  }),
  /** An application the operator approves. */
  z.object({ type: z.literal('manual') }),
]);
export type PromotionTrigger = z.infer<typeof promotionTrigger>;

const weights = z.partialRecord(z.enum(WAGERING_CATEGORIES), z.number().int().min(0).max(10_000));

/** What the member gets. */
export const promotionReward = z.discriminatedUnion('type', [
  /** Cash to the main wallet, withdrawable at once. */
  z.object({ type: z.literal('cash'), amount }),
  /**
   * Bonus money in the bonus wallet: a fixed amount, or a share of the deposit that triggered it (basis
   * points) up to `cap`; released to cash once `multiple` times the bonus (or bonus plus deposit) has been
   * wagered within `expiryDays`.
   */
  z.object({
    type: z.literal('bonus'),
    amount: amount.nullable(),
    percentBp: z.number().int().min(1).max(100_000).nullable(),
    cap: amount.nullable(),
    multiple: z.number().int().min(1).max(100),
    base: z.enum(['bonus', 'bonus_deposit']),
    expiryDays: days,
    /** The largest stake a bet may have while the bonus is active (null: no limit). */
    maxStake: amount.nullable(),
    /** Each category's share of a valid bet that counts (basis points); the defaults for the rest. */
    weights,
  }),
]);
export type PromotionReward = z.infer<typeof promotionReward>;

export const promotionEligibility = z.object({
  /** Only members whose identity documents were approved. */
  kycVerified: z.boolean(),
  /** Only members registered in this window (either end open). */
  registeredFrom: epochMillis.nullable(),
  registeredTo: epochMillis.nullable(),
});
export type PromotionEligibility = z.infer<typeof promotionEligibility>;

/** A promotion's mechanics, set on a promotion of the content pages (its texts, picture and schedule). */
export const promotionRule = z
  .object({
    entry: z.enum(ENTRY_MODES),
    claim: z.enum(CLAIM_MODES),
    /** Days an earned reward waits in the reward centre before it expires. */
    claimDays: days,
    trigger: promotionTrigger,
    reward: promotionReward,
    eligibility: promotionEligibility,
    /** The most the promotion may give in all (minor units; null: no cap). */
    budget: amount.nullable(),
    paused: z.boolean(),
  })
  .superRefine((rule, ctx) => {
    const issue = (path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if ((rule.trigger.type === 'manual') !== (rule.entry === 'apply'))
      issue(['entry'], 'An application is the entry of a manual promotion, and only of one');
    if (rule.trigger.type === 'signup' && rule.entry === 'auto')
      issue(['entry'], 'The sign-up promotion is joined by the member');
    if (rule.reward.type === 'bonus') {
      const { amount: fixed, percentBp } = rule.reward;
      if ((fixed === null) === (percentBp === null))
        issue(['reward', 'amount'], 'A bonus is either a fixed amount or a share of the deposit');
      if (percentBp !== null && rule.trigger.type !== 'deposit')
        issue(['reward', 'percentBp'], 'A share of the deposit needs a deposit trigger');
      if (rule.reward.base === 'bonus_deposit' && rule.trigger.type !== 'deposit')
        issue(['reward', 'base'], 'Bonus plus deposit needs a deposit trigger');
    }
  });
export type PromotionRule = z.infer<typeof promotionRule>;

/** A bonus as the member sees it in bonus details: its terms and its progress. */
export const bonusView = z.object({
  id: z.number().int(),
  promotionId: z.number().int().nullable(),
  title: z.string(),
  status: z.enum(['active', 'completed', 'forfeited', 'expired']),
  amount: minorUnits,
  /** What the bonus wallet holds for it now (0 once it is closed). */
  balance: minorUnits,
  requirement: minorUnits,
  /** Wagered so far, weighted (never above the requirement once met). */
  counted: minorUnits,
  weights: z.record(z.string(), z.number().int()),
  minSportsOdds: z.number().int(),
  maxStake: minorUnits.nullable(),
  grantedAt: epochMillis,
  expiresAt: epochMillis,
  closedAt: epochMillis.nullable(),
  /** Moved to cash on completion. */
  converted: minorUnits.nullable(),
});
export type BonusView = z.infer<typeof bonusView>;

export const bonusList = z.object({ currency: z.string(), bonuses: z.array(bonusView) });
export type BonusList = z.infer<typeof bonusList>;

/** A promotion as the promotions page shows it to this visitor: its rule in short and their status. */
export const promotionActivity = z.object({
  promotionId: z.number().int(),
  status: z.enum(ACTIVITY_STATUSES),
  entry: z.enum(ENTRY_MODES),
  trigger: promotionTrigger,
  reward: promotionReward,
  claimDays: z.number().int(),
  kycVerified: z.boolean(),
  /** The operator's note on a rejected application. */
  decisionNote: z.string().nullable(),
  /** The member's entry, when there is one. */
  entryStatus: z.enum(ENTRY_STATUSES).nullable(),
  /** The reward earned (claimable, issued or claimed), in minor units. */
  rewardAmount: minorUnits.nullable(),
  /** When a claimable reward expires. */
  claimBy: epochMillis.nullable(),
  /** The bonus this promotion gave the member, with its progress. */
  bonus: bonusView.nullable(),
});
export type PromotionActivity = z.infer<typeof promotionActivity>;

export const promotionActivities = z.object({
  currency: z.string(),
  activities: z.array(promotionActivity),
});
export type PromotionActivities = z.infer<typeof promotionActivities>;

export const promotionActionBody = z.object({ promotionId: int32Id });

/** An application waiting for the operator, or decided. */
export const adminApplication = z.object({
  entryId: z.number().int(),
  promotionId: z.number().int(),
  promotion: z.string(),
  username: z.string(),
  remark: z.string(),
  images: z.number().int(),
  status: z.enum(ENTRY_STATUSES),
  appliedAt: epochMillis,
  decisionNote: z.string().nullable(),
});
export type AdminApplication = z.infer<typeof adminApplication>;

export const adminApplicationsQuery = z.object({ status: z.enum(['waiting', 'decided']).default('waiting') });
export const applicationImageQuery = z.object({
  entryId: z.coerce.number().int().min(1).max(2_147_483_647),
  sequence: z.coerce.number().int().min(1).max(3),
});
export const decideApplicationBody = z.object({
  entryId: int32Id,
  decision: z.enum(['approve', 'reject']),
  /** Shown to the member on a rejection; kept in the audit trail either way. */
  reason: z.string().trim().min(3).max(200),
  requestId: z.string().trim().min(8).max(64),
});
export const bonusForfeitBody = z.object({ bonusId: int32Id });

/** One reward in the reward centre. */
export const rewardItem = z.object({
  promotionId: z.number().int(),
  title: z.string(),
  status: z.enum(ENTRY_STATUSES),
  rewardType: z.enum(['cash', 'bonus']),
  amount: minorUnits,
  earnedAt: epochMillis,
  claimBy: epochMillis.nullable(),
  claimedAt: epochMillis.nullable(),
});
export type RewardItem = z.infer<typeof rewardItem>;

export const rewardCentre = z.object({
  currency: z.string(),
  /** The badge: rewards waiting for a claim. */
  count: z.number().int(),
  claimable: z.array(rewardItem),
  history: z.array(rewardItem),
});
export type RewardCentre = z.infer<typeof rewardCentre>;

/** The answer to a join, a sign-up request or a claim: the activity as it is now. */
export const promotionActionResult = promotionActivity;

// ---- back office ------------------------------------------------------------------------------------

export const adminPromotionRule = z.object({
  promotionId: z.number().int(),
  title: z.string(),
  active: z.boolean(),
  startsAt: epochMillis,
  endsAt: epochMillis.nullable(),
  rule: promotionRule.nullable(),
  /** What it cost so far (docs/promotions.md, "Cost report"). */
  stats: z.object({
    joined: z.number().int(),
    earned: z.number().int(),
    claimed: z.number().int(),
    granted: minorUnits,
    converted: minorUnits,
    forfeited: minorUnits,
    expired: minorUnits,
    activeBonuses: z.number().int(),
  }),
});
export type AdminPromotionRule = z.infer<typeof adminPromotionRule>;

export const savePromotionRuleBody = z.object({
  promotionId: int32Id,
  rule: promotionRule,
  /** Why: kept with the rule's change in the audit trail. */
  reason: z.string().trim().min(3).max(200),
  requestId: z.string().trim().min(8).max(64),
});
