import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import type {
  AdminSportsFixture,
  AdminSportsMarket,
  MapResultBody,
  SportsResultBody,
} from '../api/contract/backoffice-sports';
import { BET_STATUSES, FIXTURE_STATUSES } from '../api/contract/sports';
import type { EndpointValue } from '../api/endpoints';
import { errorKey } from '../api/errors';
import {
  eventName,
  MAP_STAT,
  type MarketSpec,
  marketTemplate,
  outcomeKeys,
  SPORTS,
  type Sport,
} from '../sports/model';
import { formatPrice, parsePrice } from '../sports/price';
import { type EsportsSport, priceMarkets } from '../sports/pricing';
import { formatAmount, formatDateTime, formatRate, parseAmount } from '../ui/format';
import { ScrollRegion } from '../ui/ScrollRegion';
import { inlineFailure, TaskDialog, taskResult, useOperatorTask } from './operator-task';
import { useOperatorList, useReloadAfter } from './panels';
import type { PanelProps } from './sections';
import {
  type CompetitionDraft,
  CompetitionFields,
  type Competitions,
  competitionBody,
  competitionSummary,
  firstOf,
  localInput,
} from './sports-competition-fields';
import { marketLabel, outcomeLabel } from './sports-labels';
import { CreateOutrightForm, StandingsForm, standingsText } from './sports-outright-forms';
import './sports-panels.css';

type Translate = ReturnType<typeof useTranslation>['t'];
type Send = ReturnType<typeof useOperatorTask>[1];
type Pair = [number, number];

/** A new competition's margin until the operator sets its own (the server's default). */
const NEW_MARGIN_BP = 600;

/** Reloads every `ms` while the page is open (the exposure: never more than 2 s behind). */
function usePolling(reload: () => void, ms: number) {
  useEffect(() => {
    const timer = setInterval(reload, ms);
    return () => clearInterval(timer);
  }, [reload, ms]);
}

const money = (minor: number, lang: string, currency = '') =>
  `${formatAmount(minor, lang)}${currency ? ` ${currency}` : ''}`;
const priceText = (p: number | null, lang: string) => (p === null ? '—' : formatPrice(p, 'decimal', lang));
const pairText = (p: readonly number[] | null | undefined) => (p ? `${p[0]}-${p[1]}` : '—');
const int = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : null);

/** Two whole numbers side by side (a score, corners), each with its own label for screen readers. */
function PairInput({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: [string, string];
  onChange: (v: [string, string]) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="bo-sb-pair" data-testid={testId}>
      <legend>{label}</legend>
      <input
        inputMode="numeric"
        aria-label={`${label}: ${t('backoffice.sports.home')}`}
        value={value[0]}
        onChange={(e) => onChange([e.target.value, value[1]])}
      />
      <span aria-hidden="true">–</span>
      <input
        inputMode="numeric"
        aria-label={`${label}: ${t('backoffice.sports.away')}`}
        value={value[1]}
        onChange={(e) => onChange([value[0], e.target.value])}
      />
    </fieldset>
  );
}

const pairOf = (v: [string, string]): Pair | null => {
  const a = int(v[0]);
  const b = int(v[1]);
  return a === null || b === null ? null : [a, b];
};
const strPair = (p: readonly number[] | null | undefined, blank = '0'): [string, string] =>
  p ? [String(p[0]), String(p[1])] : [blank, blank];

// ---- fixtures ---------------------------------------------------------------------------------------

/**
 * The operator's fixtures: a list by sport, status, day and name; a new fixture with the sport's template
 * of markets, priced as typed or from a model; and one fixture's page, where it is priced, suspended,
 * marked live, resulted, corrected, withdrawn or called off, and a market voided. Every change goes
 * through the operator-task dialog with what it changes.
 */
export function SportsFixturesPanel({ token, onExpired }: PanelProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [sport, setSport] = useState('');
  const [status, setStatus] = useState('');
  const [day, setDay] = useState('');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [opened, setOpened] = useState<number | null>(null);
  const [creating, setCreating] = useState<'fixture' | 'outright' | null>(null);
  const load = useCallback(() => {
    const from = day ? new Date(`${day}T00:00`).getTime() : undefined;
    return call('adminSportsFixtures', {
      token,
      query: {
        ...(sport ? { sport: sport as Sport } : {}),
        ...(status ? { status: status as (typeof FIXTURE_STATUSES)[number] } : {}),
        ...(from !== undefined ? { from, to: from + 86_400_000 } : {}),
        ...(q ? { q } : {}),
        limit: 200,
      },
    });
  }, [token, sport, status, day, q]);
  const list = useOperatorList(load, onExpired);
  const loadCompetitions = useCallback(() => call('adminSportsCompetitions', { token }), [token]);
  const competitions = useOperatorList(loadCompetitions, onExpired);
  const loadDetail = useCallback(
    () => (opened ? call('adminSportsFixture', { token, query: { id: opened } }) : Promise.resolve(null)),
    [token, opened],
  );
  const detail = useOperatorList<AdminSportsFixture | null>(loadDetail, onExpired);
  const [task, send] = useOperatorTask(token, onExpired);
  const completed = task.context.completed;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lists load again after each change
  useEffect(() => {
    if (completed === 0) return;
    list.reload();
    detail.reload();
    competitions.reload();
  }, [completed]);
  const made =
    taskResult<AdminSportsFixture>(task, 'createSportsFixture') ??
    taskResult<AdminSportsFixture>(task, 'createSportsOutright');
  useEffect(() => {
    if (made) {
      setCreating(null);
      setOpened(made.id);
    }
  }, [made]);
  const busy = task.hasTag('busy');
  const failure = list.error ?? detail.error ?? competitions.error;
  const data = list.data;

  return (
    <section className="bo-catalogue bo-sb" data-testid="bo-sports-fixtures">
      <div className="bo-toolbar">
        <h2 className="bo-heading">{t('backoffice.sports.fixturesTitle')}</h2>
        <div className="bo-actions">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            data-testid="bo-sb-new"
            onClick={() => {
              setCreating(creating === 'fixture' ? null : 'fixture');
              setOpened(null);
            }}
          >
            {creating === 'fixture' ? t('backoffice.sports.closeForm') : t('backoffice.sports.newFixture')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            data-testid="bo-sb-new-outright"
            onClick={() => {
              setCreating(creating === 'outright' ? null : 'outright');
              setOpened(null);
            }}
          >
            {creating === 'outright' ? t('backoffice.sports.closeForm') : t('backoffice.sports.outright.new')}
          </button>
        </div>
      </div>
      {failure && <p className="form-error">{t(errorKey(failure))}</p>}
      {creating === 'fixture' && competitions.data && (
        <CreateFixtureForm competitions={competitions.data.competitions} send={send} busy={busy} />
      )}
      {creating === 'outright' && competitions.data && (
        <CreateOutrightForm competitions={competitions.data.competitions} send={send} busy={busy} />
      )}
      {detail.data && opened === detail.data.id && (
        <FixturePage fixture={detail.data} token={token} send={send} busy={busy} completed={completed} />
      )}
      <form
        className="bo-inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(text.trim());
        }}
      >
        <label className="field">
          <span>{t('backoffice.sports.sport')}</span>
          <select value={sport} onChange={(e) => setSport(e.target.value)} data-testid="bo-sb-filter-sport">
            <option value="">{t('backoffice.sports.allSports')}</option>
            {SPORTS.map((s) => (
              <option key={s} value={s}>
                {t(`backoffice.sports.sports.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('backoffice.sports.statusLabel')}</span>
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">{t('backoffice.sports.allStatuses')}</option>
            {FIXTURE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`backoffice.sports.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('backoffice.sports.day')}</span>
          <input type="date" value={day} onChange={(e) => setDay(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('backoffice.sports.search')}</span>
          <input value={text} onChange={(e) => setText(e.target.value)} data-testid="bo-sb-search" />
        </label>
        <button type="submit" className="btn btn-ghost btn-sm">
          {t('backoffice.sports.filter')}
        </button>
      </form>
      {data?.fixtures.length === 0 && <p className="muted">{t('backoffice.sports.noFixtures')}</p>}
      {data && data.fixtures.length > 0 && (
        <ScrollRegion className="bo-scroll" label={t('backoffice.sports.fixturesTitle')}>
          <table className="bo-table" data-testid="bo-sb-fixtures">
            <thead>
              <tr>
                <th scope="col">{t('backoffice.sports.startsAt')}</th>
                <th scope="col">{t('backoffice.sports.event')}</th>
                <th scope="col">{t('backoffice.sports.statusLabel')}</th>
                <th scope="col">{t('backoffice.sports.score')}</th>
                <th scope="col" className="num">
                  {t('backoffice.sports.marketsOffered')}
                </th>
                <th scope="col" className="num">
                  {t('backoffice.sports.bets')}
                </th>
                <th scope="col" className="num">
                  {t('backoffice.sports.liability')} ({data.currency})
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('backoffice.sports.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.fixtures.map((f) => (
                <tr key={f.id} data-fixture={f.id} data-status={f.status}>
                  <td>{formatDateTime(f.startsAt)}</td>
                  <th scope="row">
                    {eventName(f)}
                    <small className="bo-sub">
                      {t(`backoffice.sports.sports.${f.sport}`)} · {f.competition} ·{' '}
                      {t(`backoffice.sports.sources.${f.source}`, { defaultValue: f.source })}
                    </small>
                  </th>
                  <td>
                    <StatusBadge status={f.status} suspended={f.suspended} />
                  </td>
                  <td>{pairText(f.score)}</td>
                  <td className="num">{f.marketCount}</td>
                  <td className="num">{f.bets}</td>
                  <td className="num">{formatAmount(f.liability, lang)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      data-testid={`bo-sb-open-${f.id}`}
                      onClick={() => {
                        setCreating(null);
                        setOpened(f.id);
                        window.scrollTo?.({ top: 0 });
                      }}
                    >
                      {t('backoffice.sports.open')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <TaskDialog state={task} send={send} />
    </section>
  );
}

function StatusBadge({ status, suspended }: { status: string; suspended: boolean }) {
  const { t } = useTranslation();
  const tone =
    status === 'live'
      ? 'is-open'
      : status === 'ended'
        ? 'is-settled'
        : status === 'scheduled'
          ? ''
          : 'is-off';
  return (
    <span className="bo-sb-badges">
      <span className={`bo-badge ${tone}`} data-testid="bo-sb-status">
        {t(`backoffice.sports.status.${status}`)}
      </span>
      {suspended && <span className="bo-badge is-off">{t('backoffice.sports.suspended')}</span>}
    </span>
  );
}

/** The model's default inputs: average expected goals, or two even e-sports ratings. */
const defaultModel = (sport: Sport): [string, string] =>
  sport === 'football' ? ['1.45', '1.15'] : ['1550', '1500'];

/**
 * A new fixture of the operator's: its sport, competition (picked, or a new one with its names), teams,
 * start and best-of; the sport's template of markets with prices typed in decimal odds, or filled in from
 * a model (expected goals or ratings) with the competition's margin, then adjusted by hand.
 */
function CreateFixtureForm({
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
  const { sport, competition } = draft;
  const [home, setHome] = useState('');
  const [away, setAway] = useState('');
  const [startsAt, setStartsAt] = useState(() =>
    localInput(Math.ceil((Date.now() + 7_200_000) / 900_000) * 900_000),
  );
  const [bestOf, setBestOf] = useState('3');
  const [model, setModel] = useState<[string, string]>(() => defaultModel('football'));
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const esports = sport !== 'football';
  const best = esports ? Number(bestOf) : 1;
  const template = useMemo(() => marketTemplate(sport, best), [sport, best]);
  const picked = competitions.find((c) => c.sport === sport && String(c.id) === competition) ?? null;
  const margin = picked?.marginBp ?? NEW_MARGIN_BP;
  const teams = { home: home || t('backoffice.sports.home'), away: away || t('backoffice.sports.away') };
  const cell = (i: number, key: string) => `${i}:${key}`;

  const changeDraft = (next: CompetitionDraft) => {
    setDraft(next);
    if (next.sport === sport) return;
    setModel(defaultModel(next.sport));
    setPrices({});
  };
  const fromModel = () => {
    const h = Number(model[0].replace(',', '.'));
    const a = Number(model[1].replace(',', '.'));
    const ok = esports
      ? h >= 0 && a >= 0 && h <= 4000 && a <= 4000
      : h >= 0.05 && a >= 0.05 && h <= 8 && a <= 8;
    if (!Number.isFinite(h) || !Number.isFinite(a) || !ok) {
      setProblem(t('errors.SPORTS_MODEL_INVALID'));
      return;
    }
    setProblem(null);
    const priced = esports
      ? priceMarkets(sport as EsportsSport, { home: h, away: a, bestOf: best }, null, template, margin)
      : priceMarkets('football', { home: h, away: a }, null, template, margin);
    const next: Record<string, string> = {};
    priced.forEach((m, i) => {
      for (const [key, p] of Object.entries(m.prices))
        if (p !== null) next[cell(i, key)] = formatPrice(p, 'decimal', lang);
    });
    setPrices(next);
  };

  return (
    <form
      className="bo-card bo-wide bo-sb-create"
      data-testid="bo-sb-create"
      onSubmit={(e) => {
        e.preventDefault();
        const markets: Array<{ spec: MarketSpec; prices: Record<string, number> }> = [];
        for (const [i, spec] of template.entries()) {
          const typed: Record<string, number> = {};
          for (const key of outcomeKeys(spec)) {
            const text = (prices[cell(i, key)] ?? '').trim();
            if (!text) continue;
            const p = parsePrice(text, 'decimal');
            if (p === null) {
              setProblem(
                t('backoffice.sports.badPrice', {
                  market: marketLabel(t, spec, teams, lang),
                  outcome: outcomeLabel(t, spec, key, teams, lang),
                }),
              );
              return;
            }
            typed[key] = p;
          }
          if (Object.keys(typed).length > 0) markets.push({ spec, prices: typed });
        }
        if (!home.trim() || !away.trim()) {
          setProblem(t('backoffice.sports.teamsRequired'));
          return;
        }
        if (markets.length === 0) {
          setProblem(t('errors.SPORTS_NO_PRICES'));
          return;
        }
        const newOne = competition === 'new';
        if (newOne && (!draft.namePt.trim() || !draft.nameEn.trim())) {
          setProblem(t('backoffice.sports.namesRequired'));
          return;
        }
        setProblem(null);
        const start = new Date(startsAt).getTime();
        send({
          type: 'REQUEST',
          task: {
            kind: 'createSportsFixture',
            summary: {
              sports_event: `${home.trim()} x ${away.trim()}`,
              sports_competition: competitionSummary(t, competitions, draft, lang),
              sports_start: formatDateTime(start),
              sports_markets: String(markets.length),
            },
            body: {
              sport,
              ...competitionBody(draft),
              home: home.trim(),
              away: away.trim(),
              startsAt: start,
              ...(esports ? { bestOf: best } : {}),
              markets,
            },
            reason: false,
          },
        });
      }}
    >
      <h3 className="bo-subheading">{t('backoffice.sports.newFixture')}</h3>
      <div className="bo-form-grid">
        <CompetitionFields
          competitions={competitions}
          draft={draft}
          onChange={changeDraft}
          withCountry
          sportTestId="bo-sb-sport"
          competitionTestId="bo-sb-competition"
        />
        <label className="field">
          <span>{t('backoffice.sports.home')}</span>
          <input value={home} maxLength={80} onChange={(e) => setHome(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('backoffice.sports.away')}</span>
          <input value={away} maxLength={80} onChange={(e) => setAway(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('backoffice.sports.startsAt')}</span>
          <input type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
        </label>
        {esports && (
          <label className="field">
            <span>{t('backoffice.sports.bestOf')}</span>
            <select
              value={bestOf}
              onChange={(e) => {
                setBestOf(e.target.value);
                setPrices({});
              }}
            >
              {[1, 2, 3, 5, 7].map((n) => (
                <option key={n} value={String(n)}>
                  {t('backoffice.sports.bestOfN', { n: n })}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <fieldset className="bo-sb-model">
        <legend>{t('backoffice.sports.model')}</legend>
        <p className="bo-sub">
          {t(esports ? 'backoffice.sports.modelRatings' : 'backoffice.sports.modelGoals', {
            margin: formatRate(margin, lang),
          })}
        </p>
        <div className="bo-inline-form">
          <label className="field">
            <span>
              {t(esports ? 'backoffice.sports.ratingOf' : 'backoffice.sports.goalsOf', { team: teams.home })}
            </span>
            <input
              inputMode="decimal"
              value={model[0]}
              onChange={(e) => setModel([e.target.value, model[1]])}
            />
          </label>
          <label className="field">
            <span>
              {t(esports ? 'backoffice.sports.ratingOf' : 'backoffice.sports.goalsOf', { team: teams.away })}
            </span>
            <input
              inputMode="decimal"
              value={model[1]}
              onChange={(e) => setModel([model[0], e.target.value])}
            />
          </label>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={fromModel}
            data-testid="bo-sb-model"
          >
            {t('backoffice.sports.priceFromModel')}
          </button>
        </div>
      </fieldset>
      <p className="bo-sub">{t('backoffice.sports.pricesNote')}</p>
      <div className="bo-sb-markets">
        {template.map((spec, i) => (
          <fieldset
            key={`${sport}-${best}-${JSON.stringify(spec)}`}
            className="bo-sb-market"
            data-testid={`bo-sb-tpl-${spec.type}`}
          >
            <legend>{marketLabel(t, spec, teams, lang)}</legend>
            <div className="bo-sb-outcomes">
              {outcomeKeys(spec).map((key) => (
                <label key={key} className="bo-sb-outcome">
                  <small>{outcomeLabel(t, spec, key, teams, lang)}</small>
                  <input
                    inputMode="decimal"
                    className="bo-num-input"
                    aria-label={`${marketLabel(t, spec, teams, lang)}: ${outcomeLabel(t, spec, key, teams, lang)}`}
                    value={prices[cell(i, key)] ?? ''}
                    onChange={(e) => setPrices({ ...prices, [cell(i, key)]: e.target.value })}
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
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="bo-sb-create-submit">
          {t('backoffice.sports.createFixture')}
        </button>
      </div>
    </form>
  );
}

/** One fixture: its state and the actions on it, its markets, and its settlement log. */
function FixturePage({
  fixture: f,
  token,
  send,
  busy,
  completed,
}: {
  fixture: AdminSportsFixture;
  token: string;
  send: Send;
  busy: boolean;
  completed: number;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const teams = { home: f.home, away: f.away };
  const tradable = f.status === 'scheduled' || f.status === 'live';
  const outright = f.kind === 'outright';
  const event = eventName(f);
  const loadLog = useCallback(
    () => call('adminSportsSettlements', { token, query: { fixtureId: f.id } }),
    [token, f.id],
  );
  const log = useOperatorList(loadLog);
  useReloadAfter(completed, log.reload);
  const reasonShown = t('backoffice.sports.reasonShown');

  return (
    <div className="bo-card bo-wide bo-sb-fixture" data-testid="bo-sb-fixture" data-status={f.status}>
      <div className="bo-toolbar">
        <h3 className="bo-heading">{event}</h3>
        <StatusBadge status={f.status} suspended={f.suspended} />
      </div>
      <p className="bo-sub">
        {t(`backoffice.sports.sports.${f.sport}`)} · {f.competition} · {formatDateTime(f.startsAt)}
        {f.bestOf ? ` · ${t('backoffice.sports.bestOfN', { n: f.bestOf })}` : ''} ·{' '}
        {t('backoffice.sports.marginIs', { margin: formatRate(f.marginBp, lang) })} ·{' '}
        {t(`backoffice.sports.sources.${f.source}`, { defaultValue: f.source })}
      </p>
      {outright ? (
        <p data-testid="bo-sb-score">
          {t('backoffice.sports.outright.closesAt')}: <strong>{formatDateTime(f.startsAt)}</strong>
          {f.result ? ` · ${resultText(t, f.result, teams)}` : ''}
        </p>
      ) : (
        <p data-testid="bo-sb-score">
          {t('backoffice.sports.score')}: <strong>{pairText(f.score)}</strong>
          {f.live?.minute !== null && f.live?.minute !== undefined && f.status === 'live'
            ? ` · ${f.live.minute}'`
            : ''}
          {f.result ? ` · ${resultText(t, f.result, teams)}` : ''}
        </p>
      )}
      {f.voidReason && (
        <p className="bo-sub">
          {t('backoffice.sports.voidReason')}: {f.voidReason}
        </p>
      )}
      {tradable && (
        <div className="bo-actions">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={busy}
            data-testid="bo-sb-suspend"
            onClick={() =>
              send({
                type: 'REQUEST',
                task: {
                  kind: 'suspendSportsFixture',
                  summary: {
                    sports_event: event,
                    before: t(f.suspended ? 'backoffice.sports.suspended' : 'backoffice.sports.taking'),
                    after: t(f.suspended ? 'backoffice.sports.taking' : 'backoffice.sports.suspended'),
                  },
                  body: { id: f.id, suspended: !f.suspended },
                  reason: false,
                },
              })
            }
          >
            {t(f.suspended ? 'backoffice.sports.resumeFixture' : 'backoffice.sports.suspendFixture')}
          </button>
        </div>
      )}
      {tradable && !outright && (
        <LiveForm key={`live-${f.id}-${f.status}-${pairText(f.score)}`} fixture={f} send={send} busy={busy} />
      )}
      {f.status !== 'cancelled' && !outright && (
        <ResultForm key={`result-${f.id}-${f.resultVersion}`} fixture={f} send={send} busy={busy} />
      )}
      {f.status !== 'cancelled' && outright && (
        <StandingsForm key={`standings-${f.id}-${f.resultVersion}`} fixture={f} send={send} busy={busy} />
      )}
      {f.status !== 'cancelled' && (
        <div className="bo-actions">
          {f.hasResult && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={busy}
              data-testid="bo-sb-withdraw"
              onClick={() =>
                send({
                  type: 'REQUEST',
                  task: {
                    kind: 'withdrawSportsResult',
                    summary: {
                      sports_event: event,
                      sports_result: f.result ? resultText(t, f.result, teams) : '',
                    },
                    body: { id: f.id },
                  },
                })
              }
            >
              {t('backoffice.sports.withdrawResult')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-ghost btn-sm bo-danger"
            disabled={busy}
            data-testid="bo-sb-cancel"
            onClick={() =>
              send({
                type: 'REQUEST',
                task: {
                  kind: 'cancelSportsFixture',
                  summary: {
                    sports_event: event,
                    sports_bets: String(f.bets),
                    refund: money(f.stake, lang),
                    note: reasonShown,
                  },
                  body: { id: f.id },
                },
              })
            }
          >
            {t('backoffice.sports.cancelFixture')}
          </button>
        </div>
      )}
      <h4 className="bo-subheading">{t('backoffice.sports.marketsTitle')}</h4>
      <div className="bo-sb-markets" data-testid="bo-sb-markets">
        {f.markets.map((m) => (
          <MarketCard
            key={`${m.id}-${m.version}`}
            market={m}
            teams={teams}
            tradable={tradable}
            event={event}
            send={send}
            busy={busy}
          />
        ))}
      </div>
      {tradable && !outright && <AddMarketForm fixture={f} event={event} send={send} busy={busy} />}
      <h4 className="bo-subheading">{t('backoffice.sports.settlementLog')}</h4>
      {log.data && <SettlementLog entries={log.data.entries} currency={log.data.currency} />}
    </div>
  );
}

/** A spec written one way whatever the order of its keys (the server's `specKeyOf`). */
const specKey = (spec: MarketSpec) =>
  JSON.stringify(Object.fromEntries(Object.entries(spec).sort(([a], [b]) => a.localeCompare(b))));

/** A market of the sport's template the fixture does not offer yet, added with the prices typed. */
function AddMarketForm({
  fixture: f,
  event,
  send,
  busy,
}: {
  fixture: AdminSportsFixture;
  event: string;
  send: Send;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const teams = { home: f.home, away: f.away };
  const offered = new Set(f.markets.map((m) => specKey(m.spec as MarketSpec)));
  const missing = marketTemplate(f.sport as Sport, f.bestOf ?? 1).filter((s) => !offered.has(specKey(s)));
  const [chosen, setChosen] = useState(0);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const spec = missing[Math.min(chosen, missing.length - 1)];
  if (!spec) return null;
  const name = marketLabel(t, spec, teams, lang);
  const submit = () => {
    const prices: Record<string, number> = {};
    for (const key of outcomeKeys(spec)) {
      const text = (typed[key] ?? '').trim();
      if (!text) continue;
      const p = parsePrice(text, 'decimal');
      if (p === null) {
        setProblem(
          t('backoffice.sports.badPrice', { market: name, outcome: outcomeLabel(t, spec, key, teams, lang) }),
        );
        return;
      }
      prices[key] = p;
    }
    if (Object.keys(prices).length < 2) {
      setProblem(t('errors.SPORTS_NO_PRICES'));
      return;
    }
    setProblem(null);
    send({
      type: 'REQUEST',
      task: {
        kind: 'addSportsMarket',
        summary: {
          sports_event: event,
          sports_market: name,
          after: Object.entries(prices)
            .map(([k, p]) => `${outcomeLabel(t, spec, k, teams, lang)} ${priceText(p, lang)}`)
            .join(' · '),
        },
        body: { fixtureId: f.id, spec, prices },
        reason: false,
      },
    });
  };
  return (
    <fieldset className="bo-sb-market bo-sb-add" data-testid="bo-sb-add-market">
      <legend>{t('backoffice.sports.addMarket')}</legend>
      <p className="bo-sub">{t('backoffice.sports.addMarketNote')}</p>
      <label className="field">
        <span>{t('backoffice.sports.market')}</span>
        <select
          value={String(Math.min(chosen, missing.length - 1))}
          onChange={(e) => {
            setChosen(Number(e.target.value));
            setTyped({});
          }}
        >
          {missing.map((s, i) => (
            <option key={specKey(s)} value={String(i)}>
              {marketLabel(t, s, teams, lang)}
            </option>
          ))}
        </select>
      </label>
      <div className="bo-sb-outcomes">
        {outcomeKeys(spec).map((key) => (
          <label key={`${specKey(spec)}:${key}`} className="bo-sb-outcome">
            <small>{outcomeLabel(t, spec, key, teams, lang)}</small>
            <input
              inputMode="decimal"
              className="bo-num-input"
              aria-label={`${name}: ${outcomeLabel(t, spec, key, teams, lang)}`}
              value={typed[key] ?? ''}
              onChange={(e) => setTyped({ ...typed, [key]: e.target.value })}
            />
          </label>
        ))}
      </div>
      {problem && <p className="form-error">{problem}</p>}
      <div className="bo-actions">
        <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={submit}>
          {t('backoffice.sports.addMarketButton')}
        </button>
      </div>
    </fieldset>
  );
}

/** A market's prices (editable while it takes bets), its status and results, and its actions. */
function MarketCard({
  market: m,
  teams,
  tradable,
  event,
  send,
  busy,
}: {
  market: AdminSportsMarket;
  teams: { home: string; away: string };
  tradable: boolean;
  event: string;
  send: Send;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const name = marketLabel(t, m.spec, teams, lang);
  const editable = tradable && (m.status === 'open' || m.status === 'suspended');
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      m.outcomes.map((o) => [o.key, o.price === null ? '' : formatPrice(o.price, 'decimal', lang)]),
    ),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const before = m.outcomes
    .map((o) => `${outcomeLabel(t, m.spec, o.key, teams, lang)} ${priceText(o.price, lang)}`)
    .join(' · ');
  const save = () => {
    const prices: Record<string, number | null> = {};
    for (const o of m.outcomes) {
      const text = (typed[o.key] ?? '').trim();
      if (!text) {
        prices[o.key] = null;
        continue;
      }
      const p = parsePrice(text, 'decimal');
      if (p === null) {
        setProblem(
          t('backoffice.sports.badPrice', {
            market: name,
            outcome: outcomeLabel(t, m.spec, o.key, teams, lang),
          }),
        );
        return;
      }
      prices[o.key] = p;
    }
    setProblem(null);
    send({
      type: 'REQUEST',
      task: {
        kind: 'priceSportsMarket',
        summary: {
          sports_event: event,
          sports_market: name,
          before,
          after: m.outcomes
            .map(
              (o) =>
                `${outcomeLabel(t, m.spec, o.key, teams, lang)} ${priceText(prices[o.key] ?? null, lang)}`,
            )
            .join(' · '),
        },
        body: { marketId: m.id, prices },
        reason: false,
      },
    });
  };
  return (
    <fieldset
      className="bo-sb-market"
      data-testid={`bo-sb-market-${m.id}`}
      data-type={m.spec.type}
      data-status={m.status}
    >
      <legend>
        {name}{' '}
        <span
          className={`bo-badge ${m.status === 'open' ? 'is-on' : m.status === 'void' || m.status === 'suspended' ? 'is-off' : ''}`}
        >
          {t(`backoffice.sports.marketStatus.${m.status}`)}
        </span>
        {m.manual && (
          <span className="bo-badge" data-testid="bo-sb-manual">
            {t('backoffice.sports.manualPrices')}
          </span>
        )}
      </legend>
      <div className="bo-sb-outcomes">
        {m.outcomes.map((o) => {
          const caption = `${outcomeLabel(t, m.spec, o.key, teams, lang)}${o.result ? ` · ${t(`backoffice.sports.legResult.${o.result}`)}` : ''}`;
          return editable ? (
            <label key={o.key} className="bo-sb-outcome">
              <small>{caption}</small>
              <input
                inputMode="decimal"
                className="bo-num-input"
                aria-label={`${name}: ${outcomeLabel(t, m.spec, o.key, teams, lang)}`}
                value={typed[o.key] ?? ''}
                onChange={(e) => setTyped({ ...typed, [o.key]: e.target.value })}
              />
            </label>
          ) : (
            <div key={o.key} className="bo-sb-outcome" data-outcome={o.key}>
              <small>{caption}</small>
              <span>{priceText(o.price, lang)}</span>
            </div>
          );
        })}
      </div>
      {m.voidReason && (
        <p className="bo-sub">
          {t('backoffice.sports.voidReason')}: {m.voidReason}
        </p>
      )}
      {problem && <p className="form-error">{problem}</p>}
      <div className="bo-actions">
        {editable && (
          <>
            <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={save}>
              {t('backoffice.sports.savePrices')}
            </button>
            {m.manual && (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={busy}
                data-testid="bo-sb-follow"
                onClick={() =>
                  send({
                    type: 'REQUEST',
                    task: {
                      kind: 'priceSportsMarket',
                      summary: {
                        sports_event: event,
                        sports_market: name,
                        before: t('backoffice.sports.manualPrices'),
                        after: t('backoffice.sports.automaticPrices'),
                      },
                      body: { marketId: m.id, prices: {}, follow: true },
                      reason: false,
                    },
                  })
                }
              >
                {t('backoffice.sports.followSource')}
              </button>
            )}
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={busy}
              onClick={() =>
                send({
                  type: 'REQUEST',
                  task: {
                    kind: 'suspendSportsMarket',
                    summary: {
                      sports_event: event,
                      sports_market: name,
                      before: t(`backoffice.sports.marketStatus.${m.status}`),
                      after: t(
                        `backoffice.sports.marketStatus.${m.status === 'open' ? 'suspended' : 'open'}`,
                      ),
                    },
                    body: { marketId: m.id, suspended: m.status === 'open' },
                    reason: false,
                  },
                })
              }
            >
              {t(m.status === 'open' ? 'backoffice.sports.suspendMarket' : 'backoffice.sports.resumeMarket')}
            </button>
          </>
        )}
        {m.status !== 'void' && (
          <button
            type="button"
            className="btn btn-ghost btn-sm bo-danger"
            disabled={busy}
            onClick={() =>
              send({
                type: 'REQUEST',
                task: {
                  kind: 'voidSportsMarket',
                  summary: {
                    sports_event: event,
                    sports_market: name,
                    note: t('backoffice.sports.reasonShown'),
                  },
                  body: { marketId: m.id },
                },
              })
            }
          >
            {t('backoffice.sports.voidMarket')}
          </button>
        )}
      </div>
    </fieldset>
  );
}

/** "FT 2-1 · HT 1-0" or the maps won, and how it ended. */
function resultText(
  t: Translate,
  r: NonNullable<AdminSportsFixture['result']>,
  teams: { home: string; away: string },
) {
  if (r.sport === 'outright') return standingsText(t, r);
  const status = t(`backoffice.sports.resultStatus.${r.status}`);
  if (r.sport === 'football') {
    return `${status} · ${t('backoffice.sports.ft')} ${pairText(r.ft)} · ${t('backoffice.sports.ht')} ${pairText(r.ht)}`;
  }
  const won = (s: string) => r.maps.filter((m) => m.winner === s).length;
  return `${status} · ${teams.home} ${won('home')}-${won('away')} ${teams.away}`;
}

/** The fixture is live with its score: football's minute and phase, e-sports' map and its score. */
function LiveForm({ fixture: f, send, busy }: { fixture: AdminSportsFixture; send: Send; busy: boolean }) {
  const { t } = useTranslation();
  const football = f.sport === 'football';
  const [score, setScore] = useState<[string, string]>(strPair(f.live?.score));
  const [minute, setMinute] = useState(String(f.live?.minute ?? 0));
  const [phase, setPhase] = useState(
    f.live?.phase && f.live.phase !== 'pre' ? f.live.phase : football ? 'first_half' : 'map',
  );
  const [map, setMap] = useState(String(f.live?.map ?? 1));
  const [mapScore, setMapScore] = useState<[string, string]>(strPair(f.live?.mapScore));
  const [problem, setProblem] = useState(false);
  const phases = football ? ['first_half', 'half_time', 'second_half'] : ['map', 'between'];
  return (
    <form
      className="bo-inline-form bo-sb-live"
      data-testid="bo-sb-live"
      onSubmit={(e) => {
        e.preventDefault();
        const s = pairOf(score);
        const ms = pairOf(mapScore);
        const min = int(minute);
        const mapNo = int(map);
        if (!s || (football ? min === null : !ms || !mapNo)) {
          setProblem(true);
          return;
        }
        setProblem(false);
        send({
          type: 'REQUEST',
          task: {
            kind: 'liveSportsFixture',
            summary: {
              sports_event: `${f.home} x ${f.away}`,
              sports_score: football
                ? `${s[0]}-${s[1]} · ${min}'`
                : `${s[0]}-${s[1]} · ${t('backoffice.sports.mapN', { map: mapNo })} ${ms![0]}-${ms![1]}`,
              status: t(`backoffice.sports.phases.${phase}`),
            },
            body: football
              ? { id: f.id, score: s, minute: min, phase }
              : { id: f.id, score: s, phase, map: mapNo, mapScore: ms },
            reason: false,
          },
        });
      }}
    >
      <PairInput
        label={t(football ? 'backoffice.sports.goals' : 'backoffice.sports.mapsWon')}
        value={score}
        onChange={setScore}
        testId="bo-sb-live-score"
      />
      {football ? (
        <label className="field bo-sb-small">
          <span>{t('backoffice.sports.minute')}</span>
          <input inputMode="numeric" value={minute} onChange={(e) => setMinute(e.target.value)} />
        </label>
      ) : (
        <>
          <label className="field bo-sb-small">
            <span>{t('backoffice.sports.map')}</span>
            <input inputMode="numeric" value={map} onChange={(e) => setMap(e.target.value)} />
          </label>
          <PairInput
            label={t(
              MAP_STAT[f.sport as EsportsSport] === 'rounds'
                ? 'backoffice.sports.rounds'
                : 'backoffice.sports.kills',
            )}
            value={mapScore}
            onChange={setMapScore}
          />
        </>
      )}
      <label className="field">
        <span>{t('backoffice.sports.phase')}</span>
        <select value={phase} onChange={(e) => setPhase(e.target.value)}>
          {phases.map((p) => (
            <option key={p} value={p}>
              {t(`backoffice.sports.phases.${p}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-ghost btn-sm" disabled={busy} data-testid="bo-sb-live-submit">
        {t(f.status === 'live' ? 'backoffice.sports.updateScore' : 'backoffice.sports.markLive')}
      </button>
      {problem && <p className="form-error">{t('backoffice.sports.badScore')}</p>}
    </form>
  );
}

type MapDraft = {
  played: boolean;
  winner: string;
  finished: boolean;
  stat: [string, string];
  firstBlood: string;
  replayed: boolean;
};

/**
 * The result: football's full-time and half-time scores, corners and cards; e-sports' maps with their
 * winners, rounds or kills and first blood; how it ended. Sent again with other figures it is a
 * correction, which asks for a reason.
 */
function ResultForm({ fixture: f, send, busy }: { fixture: AdminSportsFixture; send: Send; busy: boolean }) {
  const { t } = useTranslation();
  const football = f.sport === 'football';
  const r = f.result && f.result.sport !== 'outright' ? f.result : null;
  const fr = r && r.sport === 'football' ? r : null;
  const er = r && r.sport !== 'football' ? r : null;
  const [status, setStatus] = useState<string>(r && r.status !== 'cancelled' ? r.status : 'finished');
  const [ft, setFt] = useState<[string, string]>(strPair(fr?.ft ?? (football ? f.live?.score : null)));
  const [ht, setHt] = useState<[string, string]>(fr ? strPair(fr.ht, '') : ['0', '0']);
  const [corners, setCorners] = useState<[string, string]>(strPair(fr?.corners ?? f.live?.corners));
  const [cards, setCards] = useState<[string, string]>(strPair(fr?.cards ?? f.live?.cards));
  const scheduled = f.bestOf ?? 1;
  const [bestOf, setBestOf] = useState(String(er?.bestOf ?? scheduled));
  const best = Math.min(7, Math.max(1, int(bestOf) ?? scheduled));
  const [maps, setMaps] = useState<MapDraft[]>(() =>
    Array.from({ length: 7 }, (_, i) => {
      const m = er?.maps[i];
      return {
        played: !!m,
        winner: m?.winner ?? '',
        finished: m?.finished ?? true,
        stat: strPair(m?.stat),
        firstBlood: m?.firstBlood ?? '',
        replayed: m?.replayed ?? false,
      };
    }),
  );
  const [problem, setProblem] = useState(false);
  const kills = !football && MAP_STAT[f.sport as EsportsSport] === 'kills';
  const teamName = (s: string) => (s === 'home' ? f.home : s === 'away' ? f.away : '—');
  const setMap = (i: number, patch: Partial<MapDraft>) =>
    setMaps(maps.map((m, j) => (j === i ? { ...m, ...patch } : m)));

  const submit = () => {
    let result: SportsResultBody;
    if (football) {
      const pft = pairOf(ft);
      const pht = ht[0].trim() === '' && ht[1].trim() === '' ? null : pairOf(ht);
      const pc = pairOf(corners);
      const pk = pairOf(cards);
      if (!pft || !pc || !pk || (pht === null && (ht[0].trim() !== '' || ht[1].trim() !== '')))
        return setProblem(true);
      result = { sport: 'football', status: status as 'finished', ht: pht, ft: pft, corners: pc, cards: pk };
    } else {
      const played: MapResultBody[] = [];
      for (const m of maps.slice(0, best)) {
        if (!m.played) continue;
        const stat = pairOf(m.stat);
        if (!stat) return setProblem(true);
        played.push({
          winner: m.winner === 'home' || m.winner === 'away' ? m.winner : null,
          finished: m.finished,
          stat,
          firstBlood: m.firstBlood === 'home' || m.firstBlood === 'away' ? m.firstBlood : null,
          ...(m.replayed ? { replayed: true } : {}),
        });
      }
      result = {
        sport: f.sport as 'cs2',
        status: status as 'finished',
        scheduledBestOf: scheduled,
        bestOf: best,
        maps: played,
      };
    }
    setProblem(false);
    const text = resultText(t, result, { home: f.home, away: f.away });
    send({
      type: 'REQUEST',
      task: {
        kind: 'resultSportsFixture',
        summary: {
          sports_event: `${f.home} x ${f.away}`,
          ...(r ? { before: resultText(t, r, { home: f.home, away: f.away }) } : {}),
          sports_result: football
            ? `${text} · ${t('backoffice.sports.corners')} ${pairText(pairOf(corners))} · ${t('backoffice.sports.cards')} ${pairText(pairOf(cards))}`
            : text,
        },
        body: { id: f.id, result },
        // A correction changes what was paid: it keeps a reason.
        ...(f.hasResult ? {} : { reason: false }),
      },
    });
  };

  return (
    <form
      className="bo-sb-result"
      data-testid="bo-sb-result"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h4 className="bo-subheading">
        {t(f.hasResult ? 'backoffice.sports.correctResult' : 'backoffice.sports.enterResult')}
      </h4>
      <div className="bo-inline-form">
        <label className="field">
          <span>{t('backoffice.sports.howEnded')}</span>
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            data-testid="bo-sb-result-status"
          >
            {(['finished', 'abandoned', 'walkover'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`backoffice.sports.resultStatus.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {football ? (
          <>
            <PairInput label={t('backoffice.sports.ftScore')} value={ft} onChange={setFt} testId="bo-sb-ft" />
            <PairInput label={t('backoffice.sports.htScore')} value={ht} onChange={setHt} testId="bo-sb-ht" />
            <PairInput label={t('backoffice.sports.corners')} value={corners} onChange={setCorners} />
            <PairInput label={t('backoffice.sports.cards')} value={cards} onChange={setCards} />
          </>
        ) : (
          <label className="field bo-sb-small">
            <span>{t('backoffice.sports.playedAs')}</span>
            <select value={String(best)} onChange={(e) => setBestOf(e.target.value)}>
              {[1, 2, 3, 5, 7].map((n) => (
                <option key={n} value={String(n)}>
                  {t('backoffice.sports.bestOfN', { n: n })}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {!football && (
        <div className="bo-sb-maps">
          {maps.slice(0, best).map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a map is its place in the match
            <fieldset key={i} className="bo-sb-map" data-testid={`bo-sb-map-${i + 1}`}>
              <legend>{t('backoffice.sports.mapN', { map: i + 1 })}</legend>
              <label className="bo-check">
                <input
                  type="checkbox"
                  checked={m.played}
                  onChange={(e) => setMap(i, { played: e.target.checked })}
                />
                <span>{t('backoffice.sports.played')}</span>
              </label>
              <label className="field">
                <span>{t('backoffice.sports.winner')}</span>
                <select
                  value={m.winner}
                  onChange={(e) => setMap(i, { winner: e.target.value, played: true })}
                >
                  {['', 'home', 'away'].map((s) => (
                    <option key={s} value={s}>
                      {teamName(s)}
                    </option>
                  ))}
                </select>
              </label>
              <PairInput
                label={t(kills ? 'backoffice.sports.kills' : 'backoffice.sports.rounds')}
                value={m.stat}
                onChange={(stat) => setMap(i, { stat })}
              />
              {kills && (
                <label className="field">
                  <span>{t('backoffice.sports.firstBlood')}</span>
                  <select value={m.firstBlood} onChange={(e) => setMap(i, { firstBlood: e.target.value })}>
                    {['', 'home', 'away'].map((s) => (
                      <option key={s} value={s}>
                        {teamName(s)}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <label className="bo-check">
                <input
                  type="checkbox"
                  checked={m.finished}
                  onChange={(e) => setMap(i, { finished: e.target.checked })}
                />
                <span>{t('backoffice.sports.mapFinished')}</span>
              </label>
              <label className="bo-check">
                <input
                  type="checkbox"
                  checked={m.replayed}
                  onChange={(e) => setMap(i, { replayed: e.target.checked })}
                />
                <span>{t('backoffice.sports.replayed')}</span>
              </label>
            </fieldset>
          ))}
        </div>
      )}
      {problem && <p className="form-error">{t('backoffice.sports.badScore')}</p>}
      <div className="bo-actions">
        <button
          type="submit"
          className="btn btn-primary btn-sm"
          disabled={busy}
          data-testid="bo-sb-result-submit"
        >
          {t(f.hasResult ? 'backoffice.sports.correctResult' : 'backoffice.sports.enterResult')}
        </button>
      </div>
    </form>
  );
}

function SettlementLog({
  entries,
  currency,
}: {
  entries: EndpointValue<'adminSportsSettlements'>['entries'];
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (entries.length === 0) return <p className="muted">{t('backoffice.sports.noSettlements')}</p>;
  return (
    <ScrollRegion className="bo-scroll" label={t('backoffice.sports.settlementLog')}>
      <table className="bo-table" data-testid="bo-sb-log">
        <thead>
          <tr>
            <th scope="col">{t('backoffice.sports.when')}</th>
            <th scope="col">{t('backoffice.sports.action')}</th>
            <th scope="col" className="num">
              {t('backoffice.sports.bets')}
            </th>
            <th scope="col" className="num">
              {t('backoffice.sports.paid')} ({currency})
            </th>
            <th scope="col" className="num">
              {t('backoffice.sports.clawedBack')} ({currency})
            </th>
            <th scope="col">{t('backoffice.sports.by')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} data-action={e.action}>
              <td>{formatDateTime(e.createdAt)}</td>
              <td>
                {t(`backoffice.sports.settlementActions.${e.action}`)}
                {e.marketId ? ` · #${e.marketId}` : ''}
                {e.reason && <small className="bo-sub">{e.reason}</small>}
              </td>
              <td className="num">{e.bets}</td>
              <td className="num">{formatAmount(e.paid, lang)}</td>
              <td className="num">{formatAmount(e.clawedBack, lang)}</td>
              <td>{e.operator ?? t('backoffice.sports.bySource')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

// ---- exposure ---------------------------------------------------------------------------------------

/**
 * The book's exposure: the events with the most liability and, for one, each market's outcomes with what
 * the book stands to pay and what was staked. Both read again every 2 s while the page is open.
 */
export function SportsExposurePanel({ token, onExpired }: PanelProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [opened, setOpened] = useState<number | null>(null);
  const load = useCallback(() => call('adminSportsExposure', { token }), [token]);
  const top = useOperatorList(load, onExpired);
  usePolling(top.reload, 2_000);
  const loadEvent = useCallback(
    () =>
      opened ? call('adminSportsEventExposure', { token, query: { id: opened } }) : Promise.resolve(null),
    [token, opened],
  );
  const event = useOperatorList(loadEvent, onExpired);
  usePolling(event.reload, 2_000);
  const data = top.data;
  const e = event.data;
  const failure = top.error ?? event.error;
  return (
    <section className="bo-catalogue bo-sb" data-testid="bo-sports-exposure">
      <div className="bo-toolbar">
        <h2 className="bo-heading">{t('backoffice.sports.exposureTitle')}</h2>
        {data && (
          <span className="bo-sub" data-testid="bo-sb-exposure-at">
            {t('backoffice.sports.updatedAt', { at: formatDateTime(data.now) })}
          </span>
        )}
      </div>
      <p className="muted">{t('backoffice.sports.exposureIntro')}</p>
      {failure && <p className="form-error">{t(errorKey(failure))}</p>}
      {data?.events.length === 0 && <p className="muted">{t('backoffice.sports.noExposure')}</p>}
      {data && data.events.length > 0 && (
        <ScrollRegion className="bo-scroll" label={t('backoffice.sports.exposureTitle')}>
          <table className="bo-table" data-testid="bo-sb-exposure">
            <thead>
              <tr>
                <th scope="col">{t('backoffice.sports.event')}</th>
                <th scope="col">{t('backoffice.sports.statusLabel')}</th>
                <th scope="col" className="num">
                  {t('backoffice.sports.liability')} ({data.currency})
                </th>
                <th scope="col" className="num">
                  {t('backoffice.sports.staked')} ({data.currency})
                </th>
                <th scope="col" className="num">
                  {t('backoffice.sports.bets')}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('backoffice.sports.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.events.map((x) => (
                <tr key={x.id} data-fixture={x.id}>
                  <th scope="row">
                    {eventName(x)}
                    <small className="bo-sub">
                      {t(`backoffice.sports.sports.${x.sport}`)} · {x.competition} ·{' '}
                      {formatDateTime(x.startsAt)}
                    </small>
                  </th>
                  <td>
                    <StatusBadge status={x.status} suspended={x.suspended} /> {pairText(x.score)}
                  </td>
                  <td className="num">{formatAmount(x.liability, lang)}</td>
                  <td className="num">{formatAmount(x.stake, lang)}</td>
                  <td className="num">{x.bets}</td>
                  <td>
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpened(x.id)}>
                      {t('backoffice.sports.open')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {e && opened === e.fixture.id && (
        <div className="bo-card bo-wide" data-testid="bo-sb-event-exposure">
          <h3 className="bo-heading">{eventName(e.fixture)}</h3>
          <p className="bo-sub">
            {t('backoffice.sports.liability')}: {money(e.fixture.liability, lang, e.currency)} ·{' '}
            {t('backoffice.sports.staked')}: {money(e.fixture.stake, lang, e.currency)} ·{' '}
            {t('backoffice.sports.bets')}: {e.fixture.bets}
          </p>
          {e.markets.length === 0 && <p className="muted">{t('backoffice.sports.noExposure')}</p>}
          <div className="bo-sb-markets">
            {e.markets.map((m) => (
              <ScrollRegion key={m.id} className="bo-scroll" label={marketLabel(t, m.spec, e.fixture, lang)}>
                <table className="bo-table bo-sb-exposure-market" data-testid={`bo-sb-exposure-${m.id}`}>
                  <caption>
                    {marketLabel(t, m.spec, e.fixture, lang)} ·{' '}
                    {t(`backoffice.sports.marketStatus.${m.status}`)}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('backoffice.sports.outcome')}</th>
                      <th scope="col" className="num">
                        {t('backoffice.sports.price')}
                      </th>
                      <th scope="col" className="num">
                        {t('backoffice.sports.liability')}
                      </th>
                      <th scope="col" className="num">
                        {t('backoffice.sports.staked')}
                      </th>
                      <th scope="col" className="num">
                        {t('backoffice.sports.bets')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {m.outcomes
                      .filter((o) => o.bets > 0 || m.outcomes.length <= 3)
                      .map((o) => (
                        <tr key={o.key} data-outcome={o.key}>
                          <th scope="row">{outcomeLabel(t, m.spec, o.key, e.fixture, lang)}</th>
                          <td className="num">{priceText(o.price, lang)}</td>
                          <td className="num">{formatAmount(o.liability, lang)}</td>
                          <td className="num">{formatAmount(o.stake, lang)}</td>
                          <td className="num">{o.bets}</td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              </ScrollRegion>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}

// ---- bets -------------------------------------------------------------------------------------------

/** Bets by id, member or fixture, with their legs; a fixture's settlement log when one is asked for. */
export function SportsBetsPanel({ token, onExpired }: PanelProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [form, setForm] = useState({ id: '', username: '', fixtureId: '', status: '' });
  const [query, setQuery] = useState(form);
  const load = useCallback(() => {
    const id = Number(query.id);
    const fixtureId = Number(query.fixtureId);
    return call('adminSportsBets', {
      token,
      query: {
        ...(query.id && Number.isSafeInteger(id) && id > 0 ? { id } : {}),
        ...(query.username.trim() ? { username: query.username.trim() } : {}),
        ...(query.fixtureId && Number.isSafeInteger(fixtureId) && fixtureId > 0 ? { fixtureId } : {}),
        ...(query.status ? { status: query.status as (typeof BET_STATUSES)[number] } : {}),
        limit: 100,
      },
    });
  }, [token, query]);
  const bets = useOperatorList(load, onExpired);
  const fixtureId = Number(query.fixtureId);
  const loadLog = useCallback(
    () =>
      Number.isSafeInteger(fixtureId) && fixtureId > 0
        ? call('adminSportsSettlements', { token, query: { fixtureId } })
        : Promise.resolve(null),
    [token, fixtureId],
  );
  const log = useOperatorList(loadLog, onExpired);
  const data = bets.data;
  return (
    <section className="bo-catalogue bo-sb" data-testid="bo-sports-bets">
      <div className="bo-toolbar">
        <h2 className="bo-heading">{t('backoffice.sports.betsTitle')}</h2>
      </div>
      <form
        className="bo-inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ ...form, id: form.id.replace(/^S/i, '') });
        }}
      >
        <label className="field">
          <span>{t('backoffice.sports.betId')}</span>
          <input
            value={form.id}
            onChange={(e) => setForm({ ...form, id: e.target.value })}
            data-testid="bo-sb-bet-id"
          />
        </label>
        <label className="field">
          <span>{t('backoffice.columns.member')}</span>
          <input
            value={form.username}
            onChange={(e) => setForm({ ...form, username: e.target.value })}
            data-testid="bo-sb-bet-member"
          />
        </label>
        <label className="field">
          <span>{t('backoffice.sports.fixtureId')}</span>
          <input
            inputMode="numeric"
            value={form.fixtureId}
            onChange={(e) => setForm({ ...form, fixtureId: e.target.value })}
          />
        </label>
        <label className="field">
          <span>{t('backoffice.sports.statusLabel')}</span>
          <select value={form.status} onChange={(e) => setForm({ ...form, status: e.target.value })}>
            <option value="">{t('backoffice.sports.allStatuses')}</option>
            {BET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`backoffice.sports.betStatus.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-ghost btn-sm">
          {t('backoffice.sports.search')}
        </button>
      </form>
      {bets.error && <p className="form-error">{t(errorKey(bets.error))}</p>}
      {data?.bets.length === 0 && <p className="muted">{t('backoffice.sports.noBets')}</p>}
      {data && data.bets.length > 0 && (
        <ScrollRegion className="bo-scroll" label={t('backoffice.sports.betsTitle')}>
          <table className="bo-table" data-testid="bo-sb-bets">
            <thead>
              <tr>
                <th scope="col">{t('backoffice.sports.bet')}</th>
                <th scope="col">{t('backoffice.columns.member')}</th>
                <th scope="col">{t('backoffice.sports.legs')}</th>
                <th scope="col" className="num">
                  {t('backoffice.sports.staked')} ({data.currency})
                </th>
                <th scope="col" className="num">
                  {t('backoffice.sports.potential')}
                </th>
                <th scope="col">{t('backoffice.sports.statusLabel')}</th>
                <th scope="col" className="num">
                  {t('backoffice.sports.paid')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.bets.map((b) => (
                <tr key={b.id} data-bet={b.id} data-status={b.status}>
                  <th scope="row">
                    {b.reference}
                    <small className="bo-sub">
                      {t(`backoffice.sports.kinds.${b.kind}`)}
                      {b.system ? ` ${b.system}` : ''} · {formatDateTime(b.createdAt)}
                    </small>
                  </th>
                  <td>{b.username}</td>
                  <td>
                    <ul className="bo-sb-legs">
                      {b.legs.map((l) => (
                        <li key={`${l.marketId}-${l.key}`}>
                          {eventName(l)} · {marketLabel(t, l.spec, l, lang)}:{' '}
                          {outcomeLabel(t, l.spec, l.key, l, lang)} @ {priceText(l.price, lang)}
                          {l.live ? ` · ${t('backoffice.sports.inPlay')}` : ''}
                          {l.result ? ` · ${t(`backoffice.sports.legResult.${l.result}`)}` : ''}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="num">{formatAmount(b.stake, lang)}</td>
                  <td className="num">{formatAmount(b.potentialPayout, lang)}</td>
                  <td>
                    {t(`backoffice.sports.betStatus.${b.status}`)}
                    {b.rejectReason && <small className="bo-sub">{t(errorKey(b.rejectReason))}</small>}
                    {b.owed > 0 && (
                      <small className="bo-sub">
                        {t('backoffice.sports.owed')}: {formatAmount(b.owed, lang)}
                      </small>
                    )}
                  </td>
                  <td className="num">
                    {formatAmount(b.payout + b.cashedOut, lang)}
                    {b.cashedOut > 0 && (
                      <small className="bo-sub">
                        {t('backoffice.sports.cashedOut')}: {formatAmount(b.cashedOut, lang)}
                      </small>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {log.data && (
        <div className="bo-card bo-wide">
          <h3 className="bo-heading">
            {t('backoffice.sports.settlementLog')} · #{fixtureId}
          </h3>
          <SettlementLog entries={log.data.entries} currency={log.data.currency} />
        </div>
      )}
    </section>
  );
}

// ---- margins ----------------------------------------------------------------------------------------

/** A margin in percent as typed ("6,5") to basis points, or null. */
function marginOf(text: string): number | null {
  const m = /^(\d{1,2})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 3_000 ? bp : null;
}

/** Each competition's margin (what model prices carry) and its switch (off: its fixtures leave the site). */
export function SportsMarginsPanel({ token, onExpired }: PanelProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const load = useCallback(() => call('adminSportsCompetitions', { token }), [token]);
  const { data, error, reload } = useOperatorList(load, onExpired);
  const [task, send] = useOperatorTask(token, onExpired);
  useReloadAfter(task.context.completed, reload);
  const [drafts, setDrafts] = useState<Record<number, { margin: string; enabled: boolean }>>({});
  const [bad, setBad] = useState<number | null>(null);
  const failure = inlineFailure(task);
  return (
    <section className="bo-catalogue bo-sb" data-testid="bo-sports-margins">
      <div className="bo-toolbar">
        <h2 className="bo-heading">{t('backoffice.sports.marginsTitle')}</h2>
      </div>
      <p className="muted">{t('backoffice.sports.marginsIntro')}</p>
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      {failure && <p className="form-error">{failure.message ?? t(errorKey(failure.code))}</p>}
      {data?.competitions.length === 0 && <p className="muted">{t('backoffice.sports.noCompetitions')}</p>}
      {data && data.competitions.length > 0 && (
        <ScrollRegion className="bo-scroll" label={t('backoffice.sports.marginsTitle')}>
          <table className="bo-table" data-testid="bo-sb-margins">
            <thead>
              <tr>
                <th scope="col">{t('backoffice.sports.competition')}</th>
                <th scope="col">{t('backoffice.sports.marginPercent')}</th>
                <th scope="col">{t('backoffice.sports.enabled')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('backoffice.sports.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.competitions.map((c) => {
                const name = lang === 'en' ? c.nameEn : c.namePt;
                const d = drafts[c.id] ?? {
                  margin: (c.marginBp / 100).toFixed(2).replace('.', lang === 'pt' ? ',' : '.'),
                  enabled: c.enabled,
                };
                return (
                  <tr key={`${c.id}-${c.marginBp}-${c.enabled}`} data-competition={c.code}>
                    <th scope="row">
                      {name}
                      <small className="bo-sub">
                        {t(`backoffice.sports.sports.${c.sport}`)} · {c.code} ·{' '}
                        {t(`backoffice.sports.sources.${c.source}`, { defaultValue: c.source })}
                      </small>
                    </th>
                    <td>
                      <input
                        className="bo-num-input"
                        inputMode="decimal"
                        aria-label={`${t('backoffice.sports.marginPercent')}: ${name}`}
                        value={d.margin}
                        onChange={(e) => setDrafts({ ...drafts, [c.id]: { ...d, margin: e.target.value } })}
                      />
                      {bad === c.id && (
                        <small className="form-error">{t('backoffice.sports.badMargin')}</small>
                      )}
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`${t('backoffice.sports.enabled')}: ${name}`}
                        checked={d.enabled}
                        onChange={(e) =>
                          setDrafts({ ...drafts, [c.id]: { ...d, enabled: e.target.checked } })
                        }
                      />
                    </td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-primary btn-sm"
                        disabled={task.hasTag('busy')}
                        onClick={() => {
                          const bp = marginOf(d.margin);
                          if (bp === null) return setBad(c.id);
                          setBad(null);
                          const onOff = (on: boolean) =>
                            t(on ? 'backoffice.sports.on' : 'backoffice.sports.off');
                          send({
                            type: 'REQUEST',
                            task: {
                              kind: 'saveSportsCompetition',
                              summary: {
                                sports_competition: name,
                                before: `${formatRate(c.marginBp, lang)} · ${onOff(c.enabled)}`,
                                after: `${formatRate(bp, lang)} · ${onOff(d.enabled)}`,
                              },
                              body: { id: c.id, marginBp: bp, enabled: d.enabled },
                            },
                          });
                        }}
                      >
                        {t('backoffice.sports.save')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <TaskDialog state={task} send={send} />
    </section>
  );
}

// ---- limits -----------------------------------------------------------------------------------------

const AMOUNT_FIELDS = [
  'minStake',
  'maxStake',
  'maxPayout',
  'marketLiability',
  'eventLiability',
  'memberEventLiability',
] as const;
type LimitsRow = EndpointValue<'adminSportsLimits'>['limits'][number];

/** The book's limits per sport, `*` for every sport without its own row. */
export function SportsLimitsPanel({ token, onExpired }: PanelProps) {
  const { t } = useTranslation();
  const load = useCallback(() => call('adminSportsLimits', { token }), [token]);
  const { data, error, reload } = useOperatorList(load, onExpired);
  const [task, send] = useOperatorTask(token, onExpired);
  useReloadAfter(task.context.completed, reload);
  return (
    <section className="bo-catalogue bo-sb" data-testid="bo-sports-limits">
      <div className="bo-toolbar">
        <h2 className="bo-heading">{t('backoffice.sports.limitsTitle')}</h2>
      </div>
      <p className="muted">{t('backoffice.sports.limitsIntro')}</p>
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      <div className="bo-sb-limits">
        {data?.limits.map((row) => (
          <LimitsForm
            key={`${row.sport}-${JSON.stringify(row)}-${task.value === 'idle'}`}
            row={row}
            currency={data.currency}
            send={send}
            busy={task.hasTag('busy')}
          />
        ))}
      </div>
      <TaskDialog state={task} send={send} />
    </section>
  );
}

function LimitsForm({
  row,
  currency,
  send,
  busy,
}: {
  row: LimitsRow;
  currency: string;
  send: Send;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const sportName = t(`backoffice.sports.sports.${row.sport === '*' ? 'all' : row.sport}`);
  const [draft, setDraft] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(AMOUNT_FIELDS.map((k) => [k, formatAmount(row[k], lang)])),
    betDelay: String(row.betDelayMs / 1000).replace('.', lang === 'pt' ? ',' : '.'),
  }));
  const [invalid, setInvalid] = useState(false);
  const text = (l: Omit<LimitsRow, 'sport' | 'own'>) =>
    `${formatAmount(l.minStake, lang)}–${formatAmount(l.maxStake, lang)} · ${t('backoffice.sports.limits.maxPayout')} ${formatAmount(l.maxPayout, lang)} · ${t('backoffice.sports.limits.betDelay')} ${l.betDelayMs / 1000} s`;
  return (
    <form
      className="bo-card bo-wide"
      data-testid={`bo-sb-limits-${row.sport === '*' ? 'all' : row.sport}`}
      onSubmit={(e) => {
        e.preventDefault();
        const amounts = Object.fromEntries(AMOUNT_FIELDS.map((k) => [k, parseAmount(draft[k] ?? '', lang)]));
        const delay = Number((draft.betDelay ?? '').replace(',', '.'));
        if (
          Object.values(amounts).some((v) => v === null) ||
          !Number.isFinite(delay) ||
          delay < 0 ||
          delay > 60
        ) {
          setInvalid(true);
          return;
        }
        setInvalid(false);
        const limits = {
          ...(amounts as Record<(typeof AMOUNT_FIELDS)[number], number>),
          betDelayMs: Math.round(delay * 1000),
        };
        send({
          type: 'REQUEST',
          task: {
            kind: 'saveSportsLimits',
            summary: { sports_sport: sportName, before: text(row), after: text(limits) },
            body: { sport: row.sport, limits },
          },
        });
      }}
    >
      <div className="bo-toolbar">
        <h3 className="bo-heading">{sportName}</h3>
        <span className={`bo-badge ${row.own ? 'is-on' : ''}`}>
          {t(
            row.own
              ? 'backoffice.sports.ownLimits'
              : row.sport === '*'
                ? 'backoffice.sports.defaultLimits'
                : 'backoffice.sports.inherited',
          )}
        </span>
      </div>
      <div className="bo-form-grid">
        {AMOUNT_FIELDS.map((k) => (
          <label key={k} className="field">
            <span>
              {t(`backoffice.sports.limits.${k}`)} ({currency})
            </span>
            <input
              inputMode="decimal"
              value={draft[k] ?? ''}
              onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
            />
          </label>
        ))}
        <label className="field">
          <span>{t('backoffice.sports.limits.betDelay')} (s)</span>
          <input
            inputMode="decimal"
            value={draft.betDelay ?? ''}
            onChange={(e) => setDraft({ ...draft, betDelay: e.target.value })}
          />
        </label>
      </div>
      {invalid && <p className="form-error">{t('backoffice.sports.badLimits')}</p>}
      <div className="bo-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {t('backoffice.sports.save')}
        </button>
        {row.own && row.sport !== '*' && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={busy}
            onClick={() =>
              send({
                type: 'REQUEST',
                task: {
                  kind: 'saveSportsLimits',
                  summary: {
                    sports_sport: sportName,
                    before: text(row),
                    after: t('backoffice.sports.inherited'),
                  },
                  body: { sport: row.sport, limits: null },
                },
              })
            }
          >
            {t('backoffice.sports.useDefault')}
          </button>
        )}
      </div>
    </form>
  );
}
