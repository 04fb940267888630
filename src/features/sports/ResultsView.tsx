import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import type { SportsKind } from '../../api/contract/sports';
import { errorKey } from '../../api/errors';
import { useRemote } from '../../api/useRemote';
import { formatDateMinute } from '../../ui/format';

/** Fixtures that ended (or were called off), latest first, with their scores. */
export function ResultsView({ kind }: { kind: SportsKind }) {
  const { t, i18n } = useTranslation();
  const results = useRemote(`sports-results:${kind}:${i18n.language}`, () =>
    call('sportsResults', { query: { kind } }),
  );
  if (results.status === 'loading')
    return <div className="spinner" role="status" aria-label={t('sports.loading')} />;
  if (results.status === 'error')
    return (
      <p className="sb-error" role="alert">
        {t(errorKey(results.error.code))}
      </p>
    );
  if (results.data.fixtures.length === 0) return <p className="muted">{t('sports.noResults')}</p>;
  return (
    <ul className="sb-results" data-testid="sb-results">
      {results.data.fixtures.map((f) => (
        <li key={f.id} className="card sb-result">
          <span className="muted">
            {f.competition.name} · {formatDateMinute(f.startsAt, i18n.language)}
          </span>
          {f.kind === 'outright' ? (
            <span className="sb-result-line outright">
              <span>{f.home}</span>
              <strong>
                {f.winners?.length
                  ? t('sports.outright.winner', { names: f.winners.join(', ') })
                  : t(`sports.status.${f.status}`)}
              </strong>
            </span>
          ) : (
            <span className="sb-result-line">
              <span>{f.home}</span>
              <strong>
                {f.status === 'ended' && f.live
                  ? `${f.live.score[0]} – ${f.live.score[1]}`
                  : t(`sports.status.${f.status}`)}
              </strong>
              <span>{f.away}</span>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
