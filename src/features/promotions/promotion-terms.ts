import type { TFunction } from 'i18next';
import type { PromotionActivity } from '../../api/contract/promotions';
import { DEFAULT_MIN_SPORTS_ODDS, DEFAULT_WEIGHTS, WAGERING_CATEGORIES } from '../../promotions/wagering';
import { formatAmount, formatPercent, formatRate, formatTimes } from '../../ui/format';

/** A rate as players read it: "100 %", "12,5 %" only when it has a fraction. */
const rate = (bp: number, lang: string) =>
  bp % 100 === 0 ? formatPercent(bp / 100, lang, 0) : formatRate(bp, lang);

/**
 * A promotion's rule as sentences a player reads (its terms, always in view on its card): what it gives,
 * what earns it, how to take part, the wagering and how long each step lasts. Only what the server does.
 */
export function promotionTerms(
  a: Pick<PromotionActivity, 'trigger' | 'reward' | 'entry' | 'claimDays' | 'kycVerified'>,
  t: TFunction,
  lang: string,
  currency: string,
): string[] {
  const money = (minor: number) => `${formatAmount(minor, lang)} ${currency}`.trim();
  const lines: string[] = [];
  const { reward, trigger } = a;
  if (reward.type === 'cash') lines.push(t('promotions.terms.cash', { amount: money(reward.amount) }));
  else if (reward.amount !== null)
    lines.push(t('promotions.terms.bonus_fixed', { amount: money(reward.amount) }));
  else
    lines.push(
      reward.cap === null
        ? t('promotions.terms.bonus_share', { rate: rate(reward.percentBp ?? 0, lang) })
        : t('promotions.terms.bonus_share_cap', {
            rate: rate(reward.percentBp ?? 0, lang),
            cap: money(reward.cap),
          }),
    );
  if (trigger.type === 'signup') lines.push(t('promotions.terms.signup', { count: trigger.withinDays }));
  else if (trigger.type === 'deposit')
    lines.push(
      trigger.nth === null
        ? t('promotions.terms.deposit_any', { min: money(trigger.minAmount) })
        : trigger.nth === 1
          ? t('promotions.terms.deposit_first', { min: money(trigger.minAmount) })
          : t('promotions.terms.deposit_nth', { nth: trigger.nth, min: money(trigger.minAmount) }),
    );
  else lines.push(t('promotions.terms.manual'));
  lines.push(t(`promotions.terms.entry_${a.entry}`));
  if (reward.type === 'bonus') {
    lines.push(
      t(
        reward.base === 'bonus'
          ? 'promotions.terms.wagering_bonus'
          : 'promotions.terms.wagering_bonus_deposit',
        {
          multiple: reward.multiple,
          count: reward.expiryDays,
        },
      ),
    );
    const weights: Record<string, number> = { ...DEFAULT_WEIGHTS, ...reward.weights };
    lines.push(
      t('promotions.terms.weights', {
        list: WAGERING_CATEGORIES.map((c) => `${t(`titles.${c}`)} ${rate(weights[c] ?? 0, lang)}`).join(', '),
        odds: formatTimes(DEFAULT_MIN_SPORTS_ODDS / 100, lang),
      }),
    );
    lines.push(t('promotions.terms.bonus_wallet'));
  }
  lines.push(t('promotions.terms.claim', { count: a.claimDays }));
  if (a.kycVerified) lines.push(t('promotions.terms.kyc'));
  return lines;
}
