import { useTranslation } from 'react-i18next';
import type { EndpointValue } from '../api/endpoints';
import { SPORTS, type Sport } from '../sports/model';

export type Competitions = EndpointValue<'adminSportsCompetitions'>['competitions'];

/** A time as a `datetime-local` input shows it, in the operator's own time zone. */
export const localInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

/** The competition a new event goes in, as the operator picked or typed it. */
export interface CompetitionDraft {
  sport: Sport;
  /** A competition's id, or 'new'. */
  competition: string;
  namePt: string;
  nameEn: string;
  country: string;
}

/** The first competition of a sport, or a new one when it has none. */
export const firstOf = (competitions: Competitions, sport: Sport) =>
  String(competitions.find((c) => c.sport === sport)?.id ?? 'new');

/** The competition's name as the confirmation reads it: the one picked, or the new one's. */
export function competitionSummary(
  t: ReturnType<typeof useTranslation>['t'],
  competitions: Competitions,
  d: CompetitionDraft,
  lang: string,
) {
  if (d.competition === 'new') return `${d.namePt.trim()} (${t('backoffice.sports.newCompetition')})`;
  const picked = competitions.find((c) => String(c.id) === d.competition && c.sport === d.sport);
  return picked ? (lang === 'en' ? picked.nameEn : picked.namePt) : '';
}

/** What the server takes: a competition's id, or a new one with its names. */
export function competitionBody(d: CompetitionDraft) {
  return d.competition === 'new'
    ? {
        competition: {
          namePt: d.namePt.trim(),
          nameEn: d.nameEn.trim(),
          country: d.country.trim() ? d.country.trim().toUpperCase() : null,
        },
      }
    : { competitionId: Number(d.competition) };
}

/**
 * The sport and competition of a new event (a fixture or an outright): one of the sport's competitions, or
 * a new one with its PT and EN names (and, where asked, its country).
 */
export function CompetitionFields({
  competitions,
  draft: d,
  onChange,
  withCountry = false,
  sportTestId,
  competitionTestId,
}: {
  competitions: Competitions;
  draft: CompetitionDraft;
  onChange: (next: CompetitionDraft) => void;
  withCountry?: boolean;
  sportTestId?: string;
  competitionTestId: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const set = (patch: Partial<CompetitionDraft>) => onChange({ ...d, ...patch });
  return (
    <>
      <label className="field">
        <span>{t('backoffice.sports.sport')}</span>
        <select
          value={d.sport}
          onChange={(e) => {
            const sport = e.target.value as Sport;
            set({ sport, competition: firstOf(competitions, sport) });
          }}
          data-testid={sportTestId}
        >
          {SPORTS.map((s) => (
            <option key={s} value={s}>
              {t(`backoffice.sports.sports.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('backoffice.sports.competition')}</span>
        <select
          value={d.competition}
          onChange={(e) => set({ competition: e.target.value })}
          data-testid={competitionTestId}
        >
          {competitions
            .filter((c) => c.sport === d.sport)
            .map((c) => (
              <option key={c.id} value={String(c.id)}>
                {lang === 'en' ? c.nameEn : c.namePt}
              </option>
            ))}
          <option value="new">{t('backoffice.sports.newCompetition')}</option>
        </select>
      </label>
      {d.competition === 'new' && (
        <>
          <label className="field">
            <span>{t('backoffice.sports.namePt')}</span>
            <input value={d.namePt} maxLength={80} onChange={(e) => set({ namePt: e.target.value })} />
          </label>
          <label className="field">
            <span>{t('backoffice.sports.nameEn')}</span>
            <input value={d.nameEn} maxLength={80} onChange={(e) => set({ nameEn: e.target.value })} />
          </label>
          {withCountry && (
            <label className="field">
              <span>{t('backoffice.sports.country')}</span>
              <input value={d.country} maxLength={2} onChange={(e) => set({ country: e.target.value })} />
            </label>
          )}
        </>
      )}
    </>
  );
}
