import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { call } from '../../api/client';
import type { SportsKind } from '../../api/contract/sports';
import { errorKey } from '../../api/errors';
import { useFavourites } from '../games/favourites';
import { FixtureCardView } from './FixtureCardView';
import { OutrightsSection } from './OutrightView';
import { usePolled } from './usePolled';

/** A country's flag as a small drawn mark (Brazil, England), or a globe for international competitions. */
export function CompetitionMark({ country }: { country: string | null }) {
  if (country === 'BR') {
    return (
      <svg className="sb-flag" viewBox="0 0 24 16" aria-hidden="true">
        <rect width="24" height="16" rx="2" fill="#169b45" />
        <path d="M12 2.2 21.2 8 12 13.8 2.8 8z" fill="#f7d117" />
        <circle cx="12" cy="8" r="3.4" fill="#1f3f8f" />
      </svg>
    );
  }
  if (country === 'GB' || country === 'GB-ENG') {
    return (
      <svg className="sb-flag" viewBox="0 0 24 16" aria-hidden="true">
        <rect width="24" height="16" rx="2" fill="#fff" />
        <rect x="10" width="4" height="16" fill="#ce1124" />
        <rect y="6" width="24" height="4" fill="#ce1124" />
      </svg>
    );
  }
  return (
    <svg className="sb-flag" viewBox="0 0 24 16" aria-hidden="true">
      <rect width="24" height="16" rx="2" fill="var(--surface-2, #334155)" />
      <circle cx="12" cy="8" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
      <path
        d="M6.5 8h11M12 2.5c2.6 3 2.6 8 0 11M12 2.5c-2.6 3-2.6 8 0 11"
        fill="none"
        stroke="currentColor"
        strokeWidth="1"
      />
    </svg>
  );
}

/** The book's home: what is live, what starts soon (Brazilian football first), and the competitions. */
export function SportsLobby({ kind, base }: { kind: SportsKind; base: string }) {
  const { t, i18n } = useTranslation();
  const favourites = useFavourites();
  const { data, error, refresh } = usePolled(
    `lobby:${kind}:${i18n.language}`,
    () => call('sportsLobby', { query: { kind } }),
    (d) => (d.live.length > 0 ? 4_000 : 15_000),
  );
  if (!data) {
    return error ? (
      <p className="sb-error" role="alert">
        {t(errorKey(error.code))}{' '}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void refresh()}>
          {t('sports.retry')}
        </button>
      </p>
    ) : (
      <div className="spinner" role="status" aria-label={t('sports.loading')} />
    );
  }
  const nodeId = data.nodeId;
  const kept = nodeId !== null && favourites.ids.has(nodeId);
  return (
    <div className="sb-lobby" data-testid="sb-lobby">
      {favourites.enabled && nodeId !== null ? (
        <button
          type="button"
          className={`sb-fav${kept ? ' is-on' : ''}`}
          aria-pressed={kept}
          data-testid="sb-favourite"
          onClick={() => void favourites.toggle(nodeId).catch(() => {})}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.7 1.2 5.2 3 1.5-1.8 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z" />
          </svg>
          {kept ? t('sports.favourited') : t('sports.favourite')}
        </button>
      ) : null}
      {data.competitions.length > 0 ? (
        <nav className="sb-chips" aria-label={t('sports.competitions')}>
          {data.competitions.map((c) => (
            <Link
              key={c.id}
              className="sb-chip"
              to={`${base}/competition/${c.id}`}
              data-testid={`sb-comp-${c.id}`}
            >
              <CompetitionMark country={c.country} />
              <span>{c.name}</span>
              {c.live > 0 ? <span className="sb-chip-live">{c.live}</span> : null}
            </Link>
          ))}
        </nav>
      ) : null}
      <section aria-labelledby="sb-live-title">
        <h2 id="sb-live-title" className="sb-section-title">
          <span className="sb-dot" aria-hidden="true" /> {t('sports.live')}
        </h2>
        {data.live.length === 0 ? (
          <p className="muted">{t('sports.noLive')}</p>
        ) : (
          <div className="sb-grid">
            {data.live.map((f) => (
              <FixtureCardView key={f.id} fixture={f} base={base} />
            ))}
          </div>
        )}
      </section>
      <section aria-labelledby="sb-soon-title">
        <h2 id="sb-soon-title" className="sb-section-title">
          {t('sports.soon')}
        </h2>
        {data.soon.length === 0 ? (
          <p className="muted">{t('sports.noSoon')}</p>
        ) : (
          <div className="sb-grid">
            {data.soon.map((f) => (
              <FixtureCardView key={f.id} fixture={f} base={base} />
            ))}
          </div>
        )}
      </section>
      <OutrightsSection outrights={data.outrights} base={base} />
    </div>
  );
}
