import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSportsFixture } from '../api/contract/backoffice-sports';
import { parsePrice } from '../sports/price';
import { formatDateTime } from '../ui/format';
import type { useOperatorTask } from './operator-task';
import {
  type CompetitionDraft,
  CompetitionFields,
  type Competitions,
  competitionBody,
  competitionSummary,
  firstOf,
  localInput,
} from './sports-competition-fields';

type Send = ReturnType<typeof useOperatorTask>[1];
type Translate = ReturnType<typeof useTranslation>['t'];
type StoredResult = NonNullable<AdminSportsFixture['result']>;

/** The outright markets a form offers: the winner and one places market by default. */
const MARKET_SLOTS = ['first', 'second', 'third'] as const;

/** The competitors typed one per line: trimmed, blank lines dropped. */
const namesOf = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

/** "1. Flamengo · 2. Botafogo = Cruzeiro · …" (the first places), or that it was called off. */
export function standingsText(t: Translate, r: StoredResult): string {
  if (r.sport !== 'outright') return '';
  if (r.cancelled) return t('backoffice.sports.status.cancelled');
  let position = 1;
  const parts: string[] = [];
  for (const group of r.standings.slice(0, 4)) {
    parts.push(`${position}. ${group.join(' = ')}`);
    position += group.length;
  }
  const out = parts.join(' · ');
  return r.nonRunners?.length
    ? `${out} · ${t('backoffice.sports.outright.nonRunners')}: ${r.nonRunners.join(', ')}`
    : out;
}

/**
 * A new outright: its competition, name, when betting closes, the competitors one per line, and up to
 * three markets (the winner, and "among the first N") with a price typed beside each competitor.
 */
export function CreateOutrightForm({
  competitions,
  send,
  busy,
}: {
  competitions: Competitions;
  send: Send;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [draft, setDraft] = useState<CompetitionDraft>(() => ({
    sport: 'football',
    competition: firstOf(competitions, 'football'),
    namePt: '',
    nameEn: '',
    country: '',
  }));
  const [name, setName] = useState('');
  const [closesAt, setClosesAt] = useState(() =>
    localInput(Math.ceil((Date.now() + 7 * 86_400_000) / 3_600_000) * 3_600_000),
  );
  const [competitorsText, setCompetitorsText] = useState('');
  const [places, setPlaces] = useState<string[]>(['1', '', '']);
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const competitors = namesOf(competitorsText);
  const markets = places
    .map((p, i) => ({ i, places: Number(p) }))
    .filter((m) => Number.isInteger(m.places) && m.places >= 1);
  const cell = (i: number, c: string) => `${i}:${c}`;
  const placesName = (n: number) =>
    n === 1
      ? t('backoffice.sports.markets.outright')
      : t('backoffice.sports.markets.outright_places', { count: n });

  const submit = () => {
    if (!name.trim()) return setProblem(t('backoffice.sports.outright.nameRequired'));
    if (competitors.length < 2 || new Set(competitors).size !== competitors.length)
      return setProblem(t('errors.SPORTS_OUTRIGHT_INVALID'));
    if (markets.length === 0 || markets.some((m) => m.places >= competitors.length))
      return setProblem(t('errors.SPORTS_OUTRIGHT_INVALID'));
    if (draft.competition === 'new' && (!draft.namePt.trim() || !draft.nameEn.trim()))
      return setProblem(t('backoffice.sports.namesRequired'));
    const body = [];
    for (const m of markets) {
      const typed: Record<string, number> = {};
      for (const c of competitors) {
        const text = (prices[cell(m.i, c)] ?? '').trim();
        if (!text) continue;
        const p = parsePrice(text, 'decimal');
        if (p === null)
          return setProblem(t('backoffice.sports.badPrice', { market: placesName(m.places), outcome: c }));
        typed[c] = p;
      }
      if (Object.keys(typed).length < 2) return setProblem(t('errors.SPORTS_NO_PRICES'));
      body.push({ places: m.places, prices: typed });
    }
    setProblem(null);
    const close = new Date(closesAt).getTime();
    send({
      type: 'REQUEST',
      task: {
        kind: 'createSportsOutright',
        summary: {
          sports_event: name.trim(),
          sports_competition: competitionSummary(t, competitions, draft, lang),
          sports_closes: formatDateTime(close),
          sports_competitors: String(competitors.length),
          sports_markets: body.map((m) => placesName(m.places)).join(', '),
        },
        body: {
          sport: draft.sport,
          ...competitionBody(draft),
          name: name.trim(),
          closesAt: close,
          competitors,
          markets: body,
        },
        reason: false,
      },
    });
  };

  return (
    <form
      className="bo-card bo-wide bo-sb-create"
      data-testid="bo-sb-outright-create"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 className="bo-subheading">{t('backoffice.sports.outright.new')}</h3>
      <div className="bo-form-grid">
        <CompetitionFields
          competitions={competitions}
          draft={draft}
          onChange={setDraft}
          competitionTestId="bo-sb-outright-competition"
        />
        <label className="field">
          <span>{t('backoffice.sports.outright.name')}</span>
          <input
            value={name}
            maxLength={80}
            placeholder={t('backoffice.sports.outright.namePlaceholder')}
            onChange={(e) => setName(e.target.value)}
            data-testid="bo-sb-outright-name"
          />
        </label>
        <label className="field">
          <span>{t('backoffice.sports.outright.closesAt')}</span>
          <input type="datetime-local" value={closesAt} onChange={(e) => setClosesAt(e.target.value)} />
        </label>
      </div>
      <label className="field">
        <span>{t('backoffice.sports.outright.competitors')}</span>
        <textarea
          rows={6}
          value={competitorsText}
          onChange={(e) => setCompetitorsText(e.target.value)}
          data-testid="bo-sb-outright-competitors"
        />
        <small className="bo-sub">{t('backoffice.sports.outright.competitorsNote')}</small>
      </label>
      <div className="bo-inline-form">
        {MARKET_SLOTS.map((slot, i) => (
          <label key={slot} className="field">
            <span>{t('backoffice.sports.outright.placesOf', { n: i + 1 })}</span>
            <input
              inputMode="numeric"
              className="bo-num-input"
              value={places[i] ?? ''}
              placeholder="—"
              onChange={(e) => setPlaces(places.map((x, j) => (j === i ? e.target.value : x)))}
              data-testid={`bo-sb-outright-places-${i}`}
            />
          </label>
        ))}
      </div>
      <div className="bo-sb-markets">
        {markets.map((m) => (
          <fieldset key={m.i} className="bo-sb-market" data-testid={`bo-sb-outright-market-${m.places}`}>
            <legend>{placesName(m.places)}</legend>
            <div className="bo-sb-outcomes">
              {competitors.map((c) => (
                <label key={c} className="bo-sb-outcome">
                  <small>{c}</small>
                  <input
                    inputMode="decimal"
                    className="bo-num-input"
                    aria-label={`${placesName(m.places)}: ${c}`}
                    value={prices[cell(m.i, c)] ?? ''}
                    onChange={(e) => setPrices({ ...prices, [cell(m.i, c)]: e.target.value })}
                  />
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="bo-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="bo-sb-outright-submit">
          {t('backoffice.sports.outright.create')}
        </button>
      </div>
    </form>
  );
}

/**
 * An outright's result: each competitor's finishing position (the same number for a tie, blank when not
 * placed) or withdrawn before the start; sent as the finishing order, a correction asking for a reason.
 */
export function StandingsForm({
  fixture: f,
  send,
  busy,
}: {
  fixture: AdminSportsFixture;
  send: Send;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const spec = f.markets.find((m) => m.spec.type === 'outright')?.spec;
  const competitors = spec?.type === 'outright' ? spec.competitors : [];
  const r = f.result?.sport === 'outright' && !f.result.cancelled ? f.result : null;
  const [positions, setPositions] = useState<Record<string, string>>(() => {
    const out: Record<string, string> = {};
    let position = 1;
    for (const group of r?.standings ?? []) {
      for (const c of group) out[c] = String(position);
      position += group.length;
    }
    return out;
  });
  const [withdrawn, setWithdrawn] = useState<Set<string>>(() => new Set(r?.nonRunners ?? []));
  const [problem, setProblem] = useState(false);

  const submit = () => {
    const placed = new Map<number, string[]>();
    for (const c of competitors) {
      if (withdrawn.has(c)) continue;
      const text = (positions[c] ?? '').trim();
      if (!text) continue;
      const n = Number(text);
      if (!Number.isInteger(n) || n < 1 || n > competitors.length) return setProblem(true);
      placed.set(n, [...(placed.get(n) ?? []), c]);
    }
    if (placed.size === 0) return setProblem(true);
    setProblem(false);
    const standings = [...placed.entries()].sort((a, b) => a[0] - b[0]).map(([, group]) => group);
    const nonRunners = competitors.filter((c) => withdrawn.has(c));
    const result = { sport: 'outright' as const, standings, ...(nonRunners.length ? { nonRunners } : {}) };
    send({
      type: 'REQUEST',
      task: {
        kind: 'resultSportsFixture',
        summary: {
          sports_event: f.home,
          ...(f.result ? { before: standingsText(t, f.result) } : {}),
          sports_result: standingsText(t, result),
        },
        body: { id: f.id, result },
        ...(f.hasResult ? {} : { reason: false }),
      },
    });
  };

  return (
    <form
      className="bo-sb-result"
      data-testid="bo-sb-standings"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h4 className="bo-subheading">{t('backoffice.sports.outright.standings')}</h4>
      <p className="bo-sub">{t('backoffice.sports.outright.standingsNote')}</p>
      <div className="bo-sb-outcomes">
        {competitors.map((c) => (
          <div key={c} className="bo-sb-outcome">
            <small>{c}</small>
            <input
              inputMode="numeric"
              className="bo-num-input"
              aria-label={t('backoffice.sports.outright.positionOf', { name: c })}
              value={positions[c] ?? ''}
              disabled={withdrawn.has(c)}
              onChange={(e) => setPositions({ ...positions, [c]: e.target.value })}
            />
            <label className="bo-check">
              <input
                type="checkbox"
                checked={withdrawn.has(c)}
                onChange={(e) => {
                  const next = new Set(withdrawn);
                  if (e.target.checked) next.add(c);
                  else next.delete(c);
                  setWithdrawn(next);
                }}
              />
              <span>{t('backoffice.sports.outright.withdrawn')}</span>
            </label>
          </div>
        ))}
      </div>
      {problem && <p className="form-error">{t('errors.SPORTS_STANDINGS_INVALID')}</p>}
      <div className="bo-actions">
        <button
          type="submit"
          className="btn btn-primary btn-sm"
          disabled={busy}
          data-testid="bo-sb-standings-submit"
        >
          {t(f.hasResult ? 'backoffice.sports.correctResult' : 'backoffice.sports.enterResult')}
        </button>
      </div>
    </form>
  );
}
