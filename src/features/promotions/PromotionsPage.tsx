import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { call } from '../../api/client';
import type { PromotionActivities } from '../../api/contract/promotions';
import { useRemote } from '../../api/useRemote';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatDateTime } from '../../ui/format';
import { SafeHtml } from '../../ui/SafeHtml';
import { usePageTitle } from '../common/usePageTitle';
import { useMemberEvents } from '../session/member-events';
import { useSession } from '../session/session';
import { ActivityPanel } from './ActivityPanel';
import './promotions.css';

/** Promotions with type filters; /promotions#promo-{id} opens and scrolls to one. */
export default function PromotionsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('PROMO');
  const { hash } = useLocation();
  const lang = i18n.language as 'pt' | 'en';
  const promos = useRemote(`promotions:${lang}`, () =>
    call('announcements', { query: { types: 'promotion', platform: 'W', lang } }).then((s) => s.promotions),
  );
  // The member's status in each promotion: read again after a login, a move or a reward's change.
  const session = useSession();
  const [activities, setActivities] = useState<PromotionActivities | null>(null);
  // The last answer stays shown while the next is read, so a card keeps its state.
  const reload = useCallback(() => {
    call('promotionActivities').then(setActivities, () => undefined);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the visitor logs in or out, or the language changes
  useEffect(() => reload(), [reload, session.kind, lang]);
  useMemberEvents((event) => {
    if (event.type === 'rewards' || event.type === 'resync') reload();
  });
  const activityOf = (id: number) => activities?.activities.find((a) => a.promotionId === id);
  const [filter, setFilter] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  useEffect(() => {
    if (promos.status !== 'ready' || !hash) return;
    const id = Number(hash.replace(/^#(promo-)?/, ''));
    if (Number.isInteger(id)) {
      setOpen(id);
      document.getElementById(`promo-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, [promos.status, hash]);

  const types =
    promos.status === 'ready' ? [...new Set(promos.data.map((p) => p.promotionType).filter(Boolean))] : [];
  const shown =
    promos.status === 'ready' ? promos.data.filter((p) => !filter || p.promotionType === filter) : [];

  return (
    <div className="page promotions-page" data-testid="promotions-page">
      <h1 className="page-title">{t('titles.PROMO')}</h1>
      <div className="chips" role="toolbar" aria-label={t('promotions.filter')}>
        <button
          type="button"
          className={`chip${filter === null ? ' is-active' : ''}`}
          onClick={() => setFilter(null)}
        >
          {t('promotions.all')}
        </button>
        {types.map((type) => (
          <button
            type="button"
            key={type}
            className={`chip${filter === type ? ' is-active' : ''}`}
            onClick={() => setFilter(type)}
          >
            {t(`promotions.types.${type}`, { defaultValue: type })}
          </button>
        ))}
      </div>
      {promos.status === 'loading' && <div className="skeleton" style={{ height: 300 }} />}
      {promos.status === 'error' && <ErrorNotice code={promos.error.code} />}
      <div className="promo-list">
        {shown.map((p) => (
          <article
            key={p.id}
            id={`promo-${p.id}`}
            className={`promo-item card${open === p.id ? ' is-open' : ''}`}
          >
            <img src={p.announcementImages[0]?.url} alt="" width={600} height={300} loading="lazy" />
            <div className="promo-item-body">
              <h2>{p.title}</h2>
              <time className="muted">{formatDateTime(p.startDateStr)}</time>
              {open === p.id && <SafeHtml className="promo-item-content" html={p.content} />}
              {activities && activityOf(p.id) && (
                <ActivityPanel activity={activityOf(p.id)!} currency={activities.currency} onStale={reload} />
              )}
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={() => setOpen(open === p.id ? null : p.id)}
              >
                {open === p.id ? t('promotions.hide') : t('promotions.details')}
              </button>
            </div>
          </article>
        ))}
      </div>
      {promos.status === 'ready' && shown.length === 0 && <p className="muted">{t('promotions.empty')}</p>}
    </div>
  );
}
