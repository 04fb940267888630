import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { formatDateMinute } from '../../ui/format';
import { openServiceTarget } from './customerService';
import { useSiteActor } from './SiteProvider';

/** Spec 2.3: the full-page maintenance screen (system status 1). */
export function MaintenanceScreen() {
  const { t } = useTranslation();
  const actor = useSiteActor();
  const message = useSelector(actor, (s) => s.context.maintenanceMessage);
  const until = useSelector(actor, (s) => s.context.maintenanceUntil);
  return (
    <main className="status-screen" data-testid="maintenance-screen">
      <div className="status-card">
        <div className="status-art" aria-hidden="true">
          <svg viewBox="0 0 120 120" width="120" height="120">
            <circle cx="60" cy="60" r="56" fill="url(#m-g)" />
            <defs>
              <linearGradient id="m-g" x1="0" y1="0" x2="1" y2="1">
                <stop offset="0" stopColor="#8b5cf6" />
                <stop offset="1" stopColor="#f59e0b" />
              </linearGradient>
            </defs>
            <path
              d="M74 34a18 18 0 0 0-22 22L32 76a6 6 0 0 0 8.5 8.5l20-20a18 18 0 0 0 22-22l-10 10-8-2-2-8z"
              fill="#fff"
            />
          </svg>
        </div>
        <h1>{t('status.maintenance_title')}</h1>
        <p>{message ?? t('status.maintenance_text')}</p>
        {until !== null && (
          <p data-testid="maintenance-until">
            {t('status.maintenance_until', { when: formatDateMinute(until) })}
          </p>
        )}
        <button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'RETRY' })}>
          {t('status.retry')}
        </button>
      </div>
    </main>
  );
}

/** Spec 2.3: the region-blocked screen (system status 2) with the visitor's IP and customer service. */
export function BlockedScreen() {
  const { t } = useTranslation();
  const actor = useSiteActor();
  const ip = useSelector(actor, (s) => s.context.ip);
  const service = useSelector(actor, (s) => s.context.whitelabel?.customerService[0]?.url);
  return (
    <main className="status-screen" data-testid="blocked-screen">
      <div className="status-card">
        <div className="status-art" aria-hidden="true">
          <svg viewBox="0 0 120 120" width="120" height="120">
            <circle cx="60" cy="60" r="56" fill="#dc2626" />
            <circle cx="60" cy="60" r="34" fill="none" stroke="#fff" strokeWidth="10" />
            <path d="M36 84L84 36" stroke="#fff" strokeWidth="10" />
          </svg>
        </div>
        <h1>{t('status.blocked_title')}</h1>
        <p>{t('status.blocked_text')}</p>
        <p className="status-ip">
          {t('status.your_ip')}: <strong data-testid="blocked-ip">{ip}</strong>
        </p>
        {/* The help page is closed here too: the button shows only when there is a channel to open. */}
        {service && (
          <button type="button" className="btn btn-accent" onClick={() => openServiceTarget(service)}>
            {t('status.contact_service')}
          </button>
        )}
      </div>
    </main>
  );
}

/** The site could not be reached at all: say why in the visitor's language and offer a retry. */
export function SiteFailedScreen() {
  const { t } = useTranslation();
  const actor = useSiteActor();
  const code = useSelector(actor, (s) => s.context.errorCode) ?? 'UNKNOWN';
  // A host no brand owns (spec 8, "Bad domain") says so; other failures are the network's or unknown.
  const key = ['NETWORK_ERROR', 'TIMEOUT', 'DOMAIN_CHECK_FAILED'].includes(code)
    ? `errors.${code}`
    : 'errors.UNKNOWN';
  return (
    <main className="status-screen" data-testid="site-failed">
      <div className="status-card">
        <h1>{t('status.failed_title')}</h1>
        <p>{t(key)}</p>
        <button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'RETRY' })}>
          {t('status.retry')}
        </button>
      </div>
    </main>
  );
}

export function SiteLoading() {
  return (
    <div className="status-screen" aria-busy="true">
      <div className="spinner" />
    </div>
  );
}
