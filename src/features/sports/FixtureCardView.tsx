import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FixtureCard } from '../../api/contract/sports';
import { shortOutcome } from './labels';
import { PriceButton } from './PriceButton';
import { liveClock, startText } from './when';

/** A fixture on a board: when (or the live score), the teams, the headline prices, the way to all markets. */
export function FixtureCardView({ fixture: f, base }: { fixture: FixtureCard; base: string }) {
  const { t, i18n } = useTranslation();
  const live = f.status === 'live' && f.live;
  const teams = { home: f.home, away: f.away };
  const pick = {
    fixtureId: f.id,
    sport: f.sport,
    home: f.home,
    away: f.away,
    competition: f.competition.name,
    live: f.status === 'live',
  };
  const more = Math.max(0, f.marketCount - 1);
  return (
    <article
      className={`card sb-card${live ? ' live' : ''}`}
      data-testid={`sb-fixture-${f.id}`}
      data-competition={f.competition.name}
      data-starts={f.startsAt}
      data-status={f.status}
    >
      <Link to={`${base}/event/${f.id}`} className="sb-card-head">
        <span className="sb-card-meta">
          {live ? (
            <span className="sb-live-badge">
              <span className="sb-dot" aria-hidden="true" />
              {t('sports.live')} · {liveClock(t, f)}
            </span>
          ) : (
            <span className="muted">{startText(t, f.startsAt, i18n.language)}</span>
          )}
          <span className="muted sb-card-comp">{f.competition.name}</span>
        </span>
        <span className="sb-teams">
          <span className="sb-team">
            <span>{f.home}</span>
            {live ? <strong data-testid="sb-score-home">{f.live!.score[0]}</strong> : null}
          </span>
          <span className="sb-team">
            <span>{f.away}</span>
            {live ? <strong data-testid="sb-score-away">{f.live!.score[1]}</strong> : null}
          </span>
        </span>
      </Link>
      {f.main ? (
        <div className={`sb-card-prices n${f.main.outcomes.length}`}>
          {f.main.outcomes.map((o) => (
            <PriceButton
              key={o.key}
              market={f.main!}
              outcome={o}
              label={shortOutcome(f.main!.spec, o.key, teams)}
              pick={pick}
              compact
            />
          ))}
        </div>
      ) : (
        <p className="muted sb-card-closed">{f.suspended ? t('sports.suspended') : t('sports.notOffered')}</p>
      )}
      {more > 0 ? (
        <Link className="sb-card-more" to={`${base}/event/${f.id}`} data-testid={`sb-more-${f.id}`}>
          {t('sports.more', { count: more })}
        </Link>
      ) : null}
    </article>
  );
}
