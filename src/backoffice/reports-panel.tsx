import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import type { Dashboard, DashboardQuery } from '../api/contract/reports';
import { errorKey } from '../api/errors';
import { paths } from '../api/paths';
import { formatAmount, formatDate, formatDateTime, formatPercent, formatWhole } from '../ui/format';
import { ScrollRegion } from '../ui/ScrollRegion';
import { useOperatorList } from './panels';
import type { PanelProps } from './sections';
import './reports-panel.css';

// uPlot and its stylesheet arrive only when the dashboard opens (never in the member site's code).
const DailyChart = lazy(() => import('./reports-charts').then((m) => ({ default: m.DailyChart })));
const CategoryChart = lazy(() => import('./reports-charts').then((m) => ({ default: m.CategoryChart })));

const PRESETS = ['today', 'yesterday', 'prev7', 'prev30'] as const;
type Choice = (typeof PRESETS)[number] | 'custom';

const csvTables = {
  days: 'adminReportDays',
  vendors: 'adminReportVendors',
  categories: 'adminReportCategories',
  cohorts: 'adminReportCohorts',
} as const;

/** Fetches a table's CSV with the operator's session and hands it to the browser as a file. */
async function downloadCsv(
  token: string,
  table: keyof typeof csvTables,
  query: DashboardQuery,
  name: string,
) {
  const params = new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const response = await fetch(`${paths[csvTables[table]].path}.csv?${params}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(String(response.status));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const themeColor = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/**
 * The dashboard (issue 27 item 7): a period's KPIs, GGR, deposits and withdrawals per day, bets by
 * category, and tables by vendor and registration cohort, each downloadable as CSV. The figures are the
 * reports jobs' summaries (server/modules/reports), brought up to date every few minutes.
 */
export function ReportsPanel({ token, onExpired }: PanelProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [choice, setChoice] = useState<Choice>('today');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const [query, setQuery] = useState<DashboardQuery>({ preset: 'today' });
  const load = useCallback(() => call('adminReportDashboard', { token, query }), [token, query]);
  const { data, error } = useOperatorList(load, onExpired);
  const [csvError, setCsvError] = useState(false);

  const pick = (c: Choice) => {
    setChoice(c);
    if (c !== 'custom') setQuery({ preset: c });
  };
  const money = (minor: number) => formatAmount(minor, lang);
  const count = (n: number) => formatWhole(n, lang);
  const csv = (table: keyof typeof csvTables) => (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      data-testid={`reports-csv-${table}`}
      onClick={() => {
        setCsvError(false);
        downloadCsv(token, table, query, `${table}-${data?.from ?? ''}-${data?.to ?? ''}.csv`).catch(() =>
          setCsvError(true),
        );
      }}
    >
      {t('reports.tables.csv')}
    </button>
  );

  return (
    <section className="bo-catalogue bo-reports" data-testid="bo-reports">
      <div className="bo-toolbar">
        <h2 className="bo-heading">{t('reports.title')}</h2>
        {data && (
          <p className="bo-sub" data-testid="reports-updated">
            {data.updatedAt
              ? t('reports.updated', { time: formatDateTime(data.updatedAt, lang) })
              : t('reports.never')}
          </p>
        )}
      </div>

      <fieldset className="bo-period">
        <legend>{t('reports.period.label')}</legend>
        <div className="bo-period-choices">
          {[...PRESETS, 'custom' as const].map((c) => (
            <button
              key={c}
              type="button"
              className={choice === c ? 'btn btn-primary btn-sm' : 'btn btn-ghost btn-sm'}
              aria-pressed={choice === c}
              data-testid={`reports-period-${c}`}
              onClick={() => pick(c)}
            >
              {t(`reports.period.${c}`)}
            </button>
          ))}
        </div>
        {choice === 'custom' && (
          <form
            className="bo-period-custom"
            onSubmit={(e) => {
              e.preventDefault();
              if (custom.from && custom.to) setQuery({ from: custom.from, to: custom.to });
            }}
          >
            <label className="field">
              <span>{t('reports.period.from')}</span>
              <input
                type="date"
                value={custom.from}
                required
                onChange={(e) => setCustom({ ...custom, from: e.target.value })}
              />
            </label>
            <label className="field">
              <span>{t('reports.period.to')}</span>
              <input
                type="date"
                value={custom.to}
                required
                onChange={(e) => setCustom({ ...custom, to: e.target.value })}
              />
            </label>
            <button type="submit" className="btn btn-primary btn-sm">
              {t('reports.period.apply')}
            </button>
          </form>
        )}
      </fieldset>

      {error && <p className="form-error">{t(errorKey(error))}</p>}
      {csvError && <p className="form-error">{t(errorKey('UNKNOWN'))}</p>}
      {data && <Figures data={data} lang={lang} money={money} count={count} csv={csv} />}
    </section>
  );
}

function Figures({
  data,
  lang,
  money,
  count,
  csv,
}: {
  data: Dashboard;
  lang: string;
  money: (minor: number) => string;
  count: (n: number) => string;
  csv: (table: keyof typeof csvTables) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const totals = data.totals;
  const kpis: Array<{ key: string; value: string; note?: string }> = [
    { key: 'ggr', value: money(totals.ggr) },
    { key: 'ngr', value: money(totals.ngr) },
    { key: 'deposits', value: money(totals.depositAmount), note: count(totals.deposits) },
    { key: 'withdrawals', value: money(totals.withdrawalAmount), note: count(totals.withdrawals) },
    { key: 'stake', value: money(totals.stake), note: count(totals.bets) },
    { key: 'payout', value: money(totals.payout) },
    { key: 'bonuses', value: money(totals.bonuses) },
    { key: 'new_members', value: count(totals.newMembers) },
    { key: 'first_deposits', value: count(totals.firstDeposits), note: money(totals.firstDepositAmount) },
    { key: 'active_members', value: count(totals.activeMembers) },
  ];
  const period =
    data.from === data.to
      ? formatDate(data.from, lang)
      : `${formatDate(data.from, lang)} – ${formatDate(data.to, lang)}`;
  const series = {
    days: data.days.map((d) => d.day),
    lines: [
      {
        label: t('reports.chart.ggr'),
        values: data.days.map((d) => d.ggr),
        color: themeColor('--primary', '#4f7cff'),
      },
      {
        label: t('reports.chart.deposits'),
        values: data.days.map((d) => d.depositAmount),
        color: themeColor('--success', '#2e9d5b'),
      },
      {
        label: t('reports.chart.withdrawals'),
        values: data.days.map((d) => d.withdrawalAmount),
        color: themeColor('--danger', '#d64545'),
      },
    ],
  };
  const categoryLabel = (c: string) => t(`reports.category.${c}`, { defaultValue: c });
  const weeks = Math.max(0, ...data.cohorts.map((c) => c.retained.length));
  return (
    <>
      <p className="bo-sub" data-testid="reports-period">
        {period}
      </p>
      <ul className="bo-kpis">
        {kpis.map((k) => (
          <li key={k.key} className="bo-kpi" data-testid={`kpi-${k.key}`}>
            <span className="bo-kpi-label">{t(`reports.kpi.${k.key}`)}</span>
            <strong className="bo-kpi-value">{k.value}</strong>
            {k.note && <span className="bo-kpi-note">{t('reports.kpi_count', { n: k.note })}</span>}
          </li>
        ))}
      </ul>

      <div className="bo-charts">
        <figure className="bo-chart-box">
          <figcaption>{t('reports.chart.daily')}</figcaption>
          <Suspense fallback={<p className="bo-sub">{t('reports.chart.loading')}</p>}>
            <DailyChart series={series} lang={lang} label={t('reports.chart.daily')} />
          </Suspense>
        </figure>
        <figure className="bo-chart-box">
          <figcaption>{t('reports.chart.categories')}</figcaption>
          <Suspense fallback={<p className="bo-sub">{t('reports.chart.loading')}</p>}>
            <CategoryChart
              categories={data.categories.map((c) => ({ label: categoryLabel(c.category), stake: c.stake }))}
              lang={lang}
              label={t('reports.chart.categories')}
            />
          </Suspense>
        </figure>
      </div>

      <Table title={t('reports.tables.vendors')} csv={csv('vendors')} empty={data.vendors.length === 0}>
        <thead>
          <tr>
            <th>{t('reports.csv.vendor')}</th>
            <th>{t('reports.csv.category')}</th>
            <th className="num">{t('reports.csv.bets')}</th>
            <th className="num">{t('reports.csv.stake')}</th>
            <th className="num">{t('reports.csv.payout')}</th>
            <th className="num">{t('reports.csv.ggr')}</th>
          </tr>
        </thead>
        <tbody>
          {data.vendors.map((v) => (
            <tr key={v.vendor} data-testid={`reports-vendor-${v.vendor}`}>
              <td>{v.name}</td>
              <td>{categoryLabel(v.category)}</td>
              <td className="num">{count(v.bets)}</td>
              <td className="num">{money(v.stake)}</td>
              <td className="num">{money(v.payout)}</td>
              <td className="num">{money(v.ggr)}</td>
            </tr>
          ))}
        </tbody>
      </Table>

      <Table
        title={t('reports.tables.categories')}
        csv={csv('categories')}
        empty={data.categories.length === 0}
      >
        <thead>
          <tr>
            <th>{t('reports.csv.category')}</th>
            <th className="num">{t('reports.csv.bets')}</th>
            <th className="num">{t('reports.csv.stake')}</th>
            <th className="num">{t('reports.csv.payout')}</th>
            <th className="num">{t('reports.csv.ggr')}</th>
          </tr>
        </thead>
        <tbody>
          {data.categories.map((c) => (
            <tr key={c.category}>
              <td>{categoryLabel(c.category)}</td>
              <td className="num">{count(c.bets)}</td>
              <td className="num">{money(c.stake)}</td>
              <td className="num">{money(c.payout)}</td>
              <td className="num">{money(c.ggr)}</td>
            </tr>
          ))}
        </tbody>
      </Table>

      <Table title={t('reports.tables.days')} csv={csv('days')} empty={data.days.length === 0}>
        <thead>
          <tr>
            <th>{t('reports.csv.day')}</th>
            <th className="num">{t('reports.csv.new_members')}</th>
            <th className="num">{t('reports.csv.deposit_amount')}</th>
            <th className="num">{t('reports.csv.withdrawal_amount')}</th>
            <th className="num">{t('reports.csv.stake')}</th>
            <th className="num">{t('reports.csv.ggr')}</th>
            <th className="num">{t('reports.csv.bonuses')}</th>
            <th className="num">{t('reports.csv.ngr')}</th>
            <th className="num">{t('reports.csv.active_members')}</th>
          </tr>
        </thead>
        <tbody>
          {[...data.days].reverse().map((d) => (
            <tr key={d.day}>
              <td>{formatDate(d.day, lang)}</td>
              <td className="num">{count(d.newMembers)}</td>
              <td className="num">{money(d.depositAmount)}</td>
              <td className="num">{money(d.withdrawalAmount)}</td>
              <td className="num">{money(d.stake)}</td>
              <td className="num">{money(d.ggr)}</td>
              <td className="num">{money(d.bonuses)}</td>
              <td className="num">{money(d.ngr)}</td>
              <td className="num">{count(d.activeMembers)}</td>
            </tr>
          ))}
        </tbody>
      </Table>

      <Table
        title={t('reports.tables.cohorts')}
        note={t('reports.tables.cohort_note')}
        csv={csv('cohorts')}
        empty={data.cohorts.length === 0}
      >
        <thead>
          <tr>
            <th>{t('reports.csv.week')}</th>
            <th className="num">{t('reports.csv.members')}</th>
            {Array.from({ length: weeks }, (_, i) => i + 1).map((week) => (
              <th key={week} className="num">
                {t('reports.csv.week_n', { n: week })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.cohorts.map((c) => (
            <tr key={c.week}>
              <td>{formatDate(c.week, lang)}</td>
              <td className="num">{count(c.members)}</td>
              {Array.from({ length: weeks }, (_, i) => i + 1).map((week) => {
                const r = c.retained[week - 1];
                return (
                  <td key={week} className="num">
                    {r
                      ? `${count(r.members)}${c.members > 0 ? ` (${formatPercent((100 * r.members) / c.members, lang, 0)})` : ''}`
                      : ''}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

function Table({
  title,
  note,
  csv,
  empty,
  children,
}: {
  title: string;
  note?: string;
  csv: React.ReactNode;
  empty: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="bo-report-table">
      <div className="bo-toolbar">
        <h3 className="bo-heading">{title}</h3>
        {csv}
      </div>
      {note && <p className="bo-sub">{note}</p>}
      {empty ? (
        <p className="bo-sub">{t('reports.tables.empty')}</p>
      ) : (
        <ScrollRegion className="bo-scroll" label={title}>
          <table className="bo-table">{children}</table>
        </ScrollRegion>
      )}
    </div>
  );
}
