import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { call } from '../../api/client';
import type { FixtureDetail, SportsMarket } from '../../api/contract/sports';
import { errorKey } from '../../api/errors';
import { groupOf, MARKET_GROUPS, type MarketGroup, marketName, outcomeName } from './labels';
import { OutrightPage } from './OutrightView';
import { PriceButton } from './PriceButton';
import { Scoreboard } from './Scoreboard';
import { usePolled } from './usePolled';

function MarketBlock({ fixture, market }: { fixture: FixtureDetail; market: SportsMarket }) {
  const { t, i18n } = useTranslation();
  const teams = { home: fixture.home, away: fixture.away };
  const pick = {
    fixtureId: fixture.id,
    sport: fixture.sport,
    home: fixture.home,
    away: fixture.away,
    competition: fixture.competition.name,
    live: fixture.status === 'live',
  };
  const outcomes = market.outcomes.filter((o) => o.price !== null || market.spec.type !== 'correct_score');
  return (
    <div className="sb-market" data-testid={`sb-market-${market.id}`}>
      <h4 className="sb-market-name">
        {marketName(t, market.spec, teams, i18n.language)}
        {market.status === 'suspended' ? <span className="sb-tag">{t('sports.suspended')}</span> : null}
      </h4>
      {market.voidReason ? <p className="muted">{market.voidReason}</p> : null}
      <div className={`sb-outcomes n${Math.min(outcomes.length, 3)}`}>
        {outcomes.map((o) => (
          <PriceButton
            key={o.key}
            market={market}
            outcome={o}
            label={outcomeName(t, market.spec, o.key, teams, i18n.language)}
            pick={pick}
          />
        ))}
      </div>
    </div>
  );
}

/** A fixture's page: the scoreboard and timeline, then its markets grouped, live prices refreshed. */
export function FixtureView({ base }: { base: string }) {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const { data, error } = usePolled(
    `fixture:${id}:${i18n.language}`,
    () => call('sportsFixture', { query: { id } }),
    (d) => (d.fixture.status === 'live' ? 2_000 : d.fixture.status === 'scheduled' ? 8_000 : 30_000),
  );
  const [group, setGroup] = useState<MarketGroup | 'all'>('all');
  const groups = useMemo(() => {
    const by = new Map<MarketGroup, SportsMarket[]>();
    for (const m of data?.fixture.markets ?? []) {
      if (m.status === 'settled' || m.status === 'closed') continue;
      const g = groupOf(m.spec);
      by.set(g, [...(by.get(g) ?? []), m]);
    }
    return MARKET_GROUPS.filter((g) => by.has(g)).map((g) => ({ group: g, markets: by.get(g)! }));
  }, [data]);
  if (!data) {
    return error ? (
      <p className="sb-error" role="alert">
        {t(errorKey(error.code))} <Link to={base}>{t('sports.back')}</Link>
      </p>
    ) : (
      <div className="spinner" role="status" aria-label={t('sports.loading')} />
    );
  }
  const f = data.fixture;
  if (f.kind === 'outright') {
    return (
      <div className="sb-fixture" data-testid="sb-fixture-page" data-status={f.status} data-kind="outright">
        <OutrightPage fixture={f} />
      </div>
    );
  }
  const shown = group === 'all' ? groups : groups.filter((g) => g.group === group);
  return (
    <div className="sb-fixture" data-testid="sb-fixture-page" data-status={f.status}>
      <Scoreboard fixture={f} />
      {f.voidReason ? <p className="card sb-void">{f.voidReason}</p> : null}
      {groups.length > 1 ? (
        <div className="sb-tabs" role="tablist" aria-label={t('sports.bookName')}>
          {(['all', ...groups.map((g) => g.group)] as const).map((g) => (
            <button
              key={g}
              type="button"
              role="tab"
              aria-selected={group === g}
              className={`sb-tab${group === g ? ' on' : ''}`}
              onClick={() => setGroup(g)}
            >
              {g === 'all' ? t('sports.all') : t(`sports.groups.${g}`)}
            </button>
          ))}
        </div>
      ) : null}
      {shown.map(({ group: g, markets }) => (
        <section key={g} className="card sb-group" aria-label={t(`sports.groups.${g}`)}>
          <h3 className="sb-group-title">{t(`sports.groups.${g}`)}</h3>
          {markets.map((m) => (
            <MarketBlock key={m.id} fixture={f} market={m} />
          ))}
        </section>
      ))}
    </div>
  );
}
