import { useTranslation } from 'react-i18next';
import type { FixtureDetail } from '../../api/contract/sports';
import { liveClock, startText } from './when';

/** A football pitch drawn in code, the stage of the scoreboard. */
function Pitch() {
  return (
    <svg className="sb-pitch" viewBox="0 0 320 180" preserveAspectRatio="none" aria-hidden="true">
      <defs>
        <pattern id="sb-stripes" width="40" height="180" patternUnits="userSpaceOnUse">
          <rect width="20" height="180" fill="#1f7a3a" />
          <rect x="20" width="20" height="180" fill="#1b6e34" />
        </pattern>
      </defs>
      <rect width="320" height="180" fill="url(#sb-stripes)" />
      <g fill="none" stroke="rgba(255,255,255,.55)" strokeWidth="1.5">
        <rect x="8" y="8" width="304" height="164" />
        <line x1="160" y1="8" x2="160" y2="172" />
        <circle cx="160" cy="90" r="24" />
        <rect x="8" y="50" width="36" height="80" />
        <rect x="276" y="50" width="36" height="80" />
        <rect x="8" y="72" width="12" height="36" />
        <rect x="300" y="72" width="12" height="36" />
      </g>
    </svg>
  );
}

/** E-sports: the maps of the series, each filled with the colour of its winner once played. */
function MapSeries({ fixture }: { fixture: FixtureDetail }) {
  const { t } = useTranslation();
  const bestOf = fixture.bestOf ?? 1;
  const ends = (fixture.live?.events ?? []).filter((e) => e.type === 'map_end');
  return (
    <ol className="sb-maps" aria-label={t('sports.scoreboard.maps')}>
      {Array.from({ length: bestOf }, (_, i) => i + 1).map((no) => {
        const end = ends.find((e) => e.at === no);
        const current = fixture.live?.phase === 'map' && fixture.live.map === no;
        return (
          <li key={no} className={`sb-map${end ? ` won-${end.side}` : ''}${current ? ' current' : ''}`}>
            <span>{t('sports.phase.map', { map: no })}</span>
            <strong>
              {end?.detail ?? (current && fixture.live?.mapScore ? fixture.live.mapScore.join(' – ') : '–')}
            </strong>
          </li>
        );
      })}
    </ol>
  );
}

/** The fixture's head: teams, score and clock (or kick-off time), the game's own stats, and its timeline. */
export function Scoreboard({ fixture: f }: { fixture: FixtureDetail }) {
  const { t, i18n } = useTranslation();
  const live = f.live;
  const football = f.sport === 'football';
  const showScore = live && (f.status === 'live' || f.status === 'ended' || f.status === 'abandoned');
  return (
    <section className={`card sb-board${football ? ' football' : ' esports'}`} data-testid="sb-scoreboard">
      {football ? <Pitch /> : <div className="sb-arena" aria-hidden="true" />}
      <div className="sb-board-body">
        <p className="sb-board-meta">
          <span>{f.competition.name}</span>
          <span data-testid="sb-clock">
            {f.status === 'live' ? (
              <span className="sb-live-badge">
                <span className="sb-dot" aria-hidden="true" />
                {t('sports.live')} · {liveClock(t, f)}
              </span>
            ) : f.status === 'scheduled' ? (
              startText(t, f.startsAt, i18n.language)
            ) : (
              t(`sports.status.${f.status}`)
            )}
          </span>
        </p>
        <div className="sb-board-teams">
          <span className="sb-board-team">{f.home}</span>
          <strong className="sb-board-score" data-testid="sb-board-score">
            {showScore ? `${live!.score[0]} – ${live!.score[1]}` : 'vs'}
          </strong>
          <span className="sb-board-team">{f.away}</span>
        </div>
        {football && live?.corners ? (
          <dl className="sb-board-stats">
            <div>
              <dt>{t('sports.scoreboard.corners')}</dt>
              <dd>{live.corners.join(' – ')}</dd>
            </div>
            <div>
              <dt>{t('sports.scoreboard.cards')}</dt>
              <dd>{live.cards?.join(' – ')}</dd>
            </div>
          </dl>
        ) : null}
        {!football ? <MapSeries fixture={f} /> : null}
        {f.bestOf ? <p className="muted sb-board-bo">{t('sports.bestOf', { count: f.bestOf })}</p> : null}
      </div>
      {live && live.events.length > 0 ? (
        <details className="sb-timeline" open>
          <summary>{t('sports.scoreboard.timeline')}</summary>
          <ol>
            {live.events
              .map((e, order) => ({ ...e, order }))
              .reverse()
              .map((e) => (
                <li key={e.order} className={`sb-event sb-side-${e.side ?? 'none'} sb-ev-${e.type}`}>
                  <span className="sb-event-at">
                    {football ? `${e.at}'` : t('sports.phase.map', { map: e.at })}
                  </span>
                  <EventIcon type={e.type} />
                  <span>
                    {t(`sports.events.${e.type}`, { map: e.at })}
                    {e.side ? ` · ${e.side === 'home' ? f.home : f.away}` : ''}
                    {e.detail ? ` · ${e.detail}` : ''}
                  </span>
                </li>
              ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}

function EventIcon({ type }: { type: string }) {
  if (type === 'goal')
    return (
      <svg className="sb-ev-icon" viewBox="0 0 16 16" aria-hidden="true">
        <circle cx="8" cy="8" r="6.5" fill="#fff" stroke="#111" />
        <path d="M8 4.5l2.6 1.9-1 3.1H6.4l-1-3.1z" fill="#111" />
      </svg>
    );
  if (type === 'card' || type === 'red_card')
    return (
      <svg className="sb-ev-icon" viewBox="0 0 16 16" aria-hidden="true">
        <rect x="4" y="2" width="8" height="12" rx="1" fill={type === 'card' ? '#facc15' : '#dc2626'} />
      </svg>
    );
  if (type === 'corner')
    return (
      <svg className="sb-ev-icon" viewBox="0 0 16 16" aria-hidden="true">
        <path d="M4 14V2l7 3-7 3" fill="#f97316" stroke="#f97316" />
      </svg>
    );
  return (
    <svg className="sb-ev-icon" viewBox="0 0 16 16" aria-hidden="true">
      <circle cx="8" cy="8" r="3" fill="currentColor" />
    </svg>
  );
}
