import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import type { PromotionActivities, RewardCentre } from '../../api/contract/promotions';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatAmount, formatDateTime } from '../../ui/format';
import { ActivityPanel } from '../promotions/ActivityPanel';
import { useMemberEvents } from '../session/member-events';
import '../promotions/promotions.css';

/**
 * The reward centre (rewardCenter): every reward waiting for a claim, each claimed here once, with its
 * promotion's terms; then the rewards already had.
 */
export default function RewardCentrePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [centre, setCentre] = useState<RewardCentre | null>(null);
  const [activities, setActivities] = useState<PromotionActivities | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    Promise.all([call('rewardCenter'), call('promotionActivities')]).then(
      ([c, a]) => {
        setCentre(c);
        setActivities(a);
        setError(null);
      },
      (e: { code?: string }) => setError(e.code ?? 'UNKNOWN'),
    );
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again in the page's language
  useEffect(() => load(), [load, lang]);
  useMemberEvents((event) => {
    if (event.type === 'rewards' || event.type === 'resync') load();
  });
  if (error) return <ErrorNotice code={error} />;
  if (!centre || !activities) return <div className="skeleton" style={{ height: 200 }} />;
  const money = (minor: number) => `${formatAmount(minor, lang)} ${centre.currency}`;
  return (
    <div className="reward-centre" data-testid="reward-centre">
      <h3 className="section-title">{t('rewards.claimable', { count: centre.count })}</h3>
      {centre.claimable.length === 0 ? (
        <p className="muted" data-testid="reward-none">
          {t('rewards.none')}
        </p>
      ) : (
        <ul className="reward-list">
          {centre.claimable.map((r) => {
            const activity = activities.activities.find((a) => a.promotionId === r.promotionId);
            return (
              <li key={r.promotionId} className="reward-item" data-testid="reward-claimable">
                <div className="reward-item-head">
                  <h3>{r.title}</h3>
                  <strong>{money(r.amount)}</strong>
                </div>
                {activity && <ActivityPanel activity={activity} currency={centre.currency} onStale={load} />}
              </li>
            );
          })}
        </ul>
      )}
      {centre.history.length > 0 && (
        <>
          <h3 className="section-title">{t('rewards.history')}</h3>
          <ul className="reward-list">
            {centre.history.map((r) => (
              <li key={r.promotionId} className="reward-item" data-testid="reward-history">
                <div className="reward-item-head">
                  <h3>{r.title}</h3>
                  <span>
                    {money(r.amount)} · {t(`rewards.status.${r.status}`)}
                  </span>
                </div>
                <p className="muted promo-note">{formatDateTime(r.claimedAt ?? r.earnedAt, lang)}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
