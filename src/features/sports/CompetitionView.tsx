import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { call } from '../../api/client';
import { errorKey } from '../../api/errors';
import { FixtureCardView } from './FixtureCardView';
import { OutrightsSection } from './OutrightView';
import { CompetitionMark } from './SportsLobby';
import { usePolled } from './usePolled';

/** A competition's fixtures still to play or live. */
export function CompetitionView({ base }: { base: string }) {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const { data, error } = usePolled(
    `competition:${id}:${i18n.language}`,
    () => call('sportsCompetition', { query: { id } }),
    (d) => (d.fixtures.some((f) => f.status === 'live') ? 4_000 : 15_000),
  );
  if (!data) {
    return error ? (
      <p className="sb-error" role="alert">
        {t(errorKey(error.code))}
      </p>
    ) : (
      <div className="spinner" role="status" aria-label={t('sports.loading')} />
    );
  }
  return (
    <section className="sb-competition" data-testid="sb-competition">
      <h2 className="sb-section-title">
        <CompetitionMark country={data.competition.country} /> {data.competition.name}
      </h2>
      <OutrightsSection outrights={data.outrights} base={base} />
      {data.fixtures.length === 0 ? (
        <p className="muted">{t('sports.noCompetitionFixtures')}</p>
      ) : (
        <div className="sb-grid">
          {data.fixtures.map((f) => (
            <FixtureCardView key={f.id} fixture={f} base={base} />
          ))}
        </div>
      )}
    </section>
  );
}
