import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FixtureCard, FixtureDetail, SportsMarket } from '../../api/contract/sports';
import { formatDateMinute } from '../../ui/format';
import { marketName } from './labels';
import { PriceButton } from './PriceButton';
import { CompetitionMark } from './SportsLobby';

/** A market's offered competitors, the shortest price (the favourite) first. */
function byPrice(market: SportsMarket) {
  return market.outcomes
    .filter((o): o is { key: string; price: number } => o.price !== null)
    .sort((a, b) => a.price - b.price || a.key.localeCompare(b.key));
}

const pickOf = (f: FixtureCard) => ({
  fixtureId: f.id,
  sport: f.sport,
  home: f.home,
  away: f.away,
  competition: f.competition.name,
  live: false,
});

/** Where an outright stands: taking bets until its close, waiting for its result, or its winner. */
function OutrightState({ fixture: f }: { fixture: FixtureCard }) {
  const { t, i18n } = useTranslation();
  if (f.winners && f.winners.length > 0)
    return (
      <span className="sb-outright-state won">
        {t('sports.outright.winner', { names: f.winners.join(', ') })}
      </span>
    );
  if (f.status === 'cancelled')
    return <span className="sb-outright-state">{t('sports.status.cancelled')}</span>;
  if (f.status === 'scheduled' && f.startsAt > Date.now())
    return (
      <span className="sb-outright-state">
        {t('sports.outright.closes', { when: formatDateMinute(f.startsAt, i18n.language) })}
      </span>
    );
  return <span className="sb-outright-state">{t('sports.outright.awaiting')}</span>;
}

/** An outright on a board: its competition and name, when betting closes, and the three favourites. */
export function OutrightCard({ fixture: f, base }: { fixture: FixtureCard; base: string }) {
  const { t, i18n } = useTranslation();
  const favourites = f.main ? byPrice(f.main).slice(0, 3) : [];
  return (
    <article
      className="card sb-card sb-outright-card"
      data-testid={`sb-outright-${f.id}`}
      data-competition={f.competition.name}
    >
      <Link to={`${base}/event/${f.id}`} className="sb-card-head">
        <span className="sb-card-meta">
          <OutrightState fixture={f} />
          <span className="muted sb-card-comp">
            <CompetitionMark country={f.competition.country} /> {f.competition.name}
          </span>
        </span>
        <strong className="sb-outright-name">{f.home}</strong>
        {f.main ? (
          <span className="muted">
            {marketName(t, f.main.spec, { home: f.home, away: f.away }, i18n.language)}
          </span>
        ) : null}
      </Link>
      {f.main && favourites.length > 0 ? (
        <div className="sb-outcomes n1">
          {favourites.map((o) => (
            <PriceButton key={o.key} market={f.main!} outcome={o} label={o.key} pick={pickOf(f)} />
          ))}
        </div>
      ) : (
        <p className="muted sb-card-closed">{f.suspended ? t('sports.suspended') : t('sports.notOffered')}</p>
      )}
      <Link className="sb-card-more" to={`${base}/event/${f.id}`} data-testid={`sb-more-${f.id}`}>
        {t('sports.outright.all')}
      </Link>
    </article>
  );
}

/** The outrights section of the lobby and of a competition's page; nothing when none is open. */
export function OutrightsSection({ outrights, base }: { outrights: FixtureCard[]; base: string }) {
  const { t } = useTranslation();
  if (outrights.length === 0) return null;
  return (
    <section aria-labelledby="sb-outrights-title" data-testid="sb-outrights">
      <h2 id="sb-outrights-title" className="sb-section-title">
        {t('sports.outright.title')}
      </h2>
      <div className="sb-grid">
        {outrights.map((f) => (
          <OutrightCard key={f.id} fixture={f} base={base} />
        ))}
      </div>
    </section>
  );
}

/** One outright market: every offered competitor with its price, the favourite first; long lists fold. */
function OutrightMarket({ fixture: f, market }: { fixture: FixtureDetail; market: SportsMarket }) {
  const { t, i18n } = useTranslation();
  const [all, setAll] = useState(false);
  const offered = byPrice(market);
  const shown = all ? offered : offered.slice(0, 12);
  return (
    <section className="card sb-group" data-testid={`sb-market-${market.id}`}>
      <h3 className="sb-group-title">
        {marketName(t, market.spec, { home: f.home, away: f.away }, i18n.language)}
        {market.status === 'suspended' ? <span className="sb-tag">{t('sports.suspended')}</span> : null}
      </h3>
      {market.voidReason ? <p className="muted">{market.voidReason}</p> : null}
      <div className="sb-outcomes n2 sb-outright-list">
        {shown.map((o) => (
          <PriceButton key={o.key} market={market} outcome={o} label={o.key} pick={pickOf(f)} />
        ))}
      </div>
      {offered.length > shown.length ? (
        <button type="button" className="btn btn-ghost btn-sm sb-outright-more" onClick={() => setAll(true)}>
          {t('sports.outright.showAll', { count: offered.length })}
        </button>
      ) : null}
    </section>
  );
}

/** An outright's page: its name, state and rules, then each of its markets. */
export function OutrightPage({ fixture: f }: { fixture: FixtureDetail }) {
  const { t } = useTranslation();
  const markets = f.markets.filter((m) => m.status === 'open' || m.status === 'suspended');
  return (
    <>
      <header className="card sb-outright-head" data-testid="sb-outright-head">
        <span className="muted">
          <CompetitionMark country={f.competition.country} /> {f.competition.name}
        </span>
        <h2 className="sb-outright-title">{f.home}</h2>
        <OutrightState fixture={f} />
        <p className="muted sb-outright-rules">{t('sports.outright.rules')}</p>
      </header>
      {f.voidReason ? <p className="card sb-void">{f.voidReason}</p> : null}
      {markets.map((m) => (
        <OutrightMarket key={m.id} fixture={f} market={m} />
      ))}
    </>
  );
}
