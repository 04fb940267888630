import { useTranslation } from 'react-i18next';
import type { BonusView } from '../../api/contract/promotions';
import { formatAmount, formatDateTime } from '../../ui/format';

/** A bonus's wagering as a bar with its figures: counted of required, and when it expires. */
export function BonusProgress({ bonus, currency }: { bonus: BonusView; currency: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const money = (minor: number) => `${formatAmount(minor, lang)} ${currency}`;
  const share = bonus.requirement === 0 ? 1 : Math.min(1, bonus.counted / bonus.requirement);
  return (
    <div className="bonus-progress" data-testid="bonus-progress">
      <div
        className="bonus-progress-bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={bonus.requirement}
        aria-valuenow={bonus.counted}
        aria-label={t('promotions.progress', {
          counted: money(bonus.counted),
          requirement: money(bonus.requirement),
        })}
      >
        <span style={{ width: `${(share * 100).toFixed(2)}%` }} />
      </div>
      <p className="bonus-progress-figures">
        <span data-testid="bonus-progress-text">
          {t('promotions.progress', { counted: money(bonus.counted), requirement: money(bonus.requirement) })}
        </span>
        <span className="muted">{t('bonus.expires', { date: formatDateTime(bonus.expiresAt, lang) })}</span>
      </p>
    </div>
  );
}
