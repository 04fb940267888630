import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_PRESETS, type ReportPreset } from '../../api/contract/agents';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatAmount, formatDate } from '../../ui/format';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { ExportButton } from './ExportButton';
import { PeriodLine } from './PeriodLine';
import { PresetChips } from './PresetChips';
import { useReport } from './useReport';

/**
 * agentRevenueReport: what the agent's contracts paid it over the period (by kind and by day of
 * payment), what it paid its own downline, and what it kept.
 */
export default function RevenuePage() {
  const { t, i18n } = useTranslation();
  const [preset, setPreset] = useState<ReportPreset>('prev30');
  const { data, error, loading } = useReport('agentRevenue', { preset });
  const money = (n: number) => formatAmount(n, i18n.language);
  const days = data ? [...data.byDay].reverse().filter((d) => d.bills > 0) : [];
  return (
    <div className="agent-report" data-testid="revenue" aria-busy={loading}>
      <PresetChips value={preset} options={REPORT_PRESETS} onChange={setPreset} />
      {error && <ErrorNotice code={error} />}
      {data && (
        <>
          <PeriodLine from={data.from} to={data.to} />
          <dl className="stat-grid" data-testid="revenue-total">
            <div className="stat">
              <dt>{t('agent.revenue.received')}</dt>
              <dd data-testid="revenue-received">
                {money(data.total.received)} {data.currency}
              </dd>
            </div>
            <div className="stat">
              <dt>{t('agent.revenue.paid')}</dt>
              <dd>
                {money(data.total.paid)} {data.currency}
              </dd>
            </div>
            <div className="stat">
              <dt>{t('agent.revenue.net')}</dt>
              <dd className={data.total.net < 0 ? 'negative' : 'positive'}>
                {money(data.total.net)} {data.currency}
              </dd>
            </div>
          </dl>
          <h3 className="agent-subtitle">{t('agent.revenue.by_kind')}</h3>
          <ScrollRegion className="records-table-wrap" label={t('agent.revenue.by_kind')}>
            <table className="records-table stack-table" data-testid="revenue-kinds">
              <thead>
                <tr>
                  <th scope="col">{t('agent.revenue.source')}</th>
                  <th scope="col" className="num">
                    {t('agent.revenue.received')}
                  </th>
                  <th scope="col" className="num">
                    {t('agent.revenue.paid')}
                  </th>
                  <th scope="col" className="num">
                    {t('agent.revenue.net')}
                  </th>
                  <th scope="col" className="num">
                    {t('agent.revenue.bills')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.byKind.map((k) => (
                  <tr key={k.kind} data-kind={k.kind}>
                    <td data-label={t('agent.revenue.source')}>{t(`agent.revenue.kinds.${k.kind}`)}</td>
                    <td className="num" data-label={t('agent.revenue.received')}>
                      {money(k.received)}
                    </td>
                    <td className="num" data-label={t('agent.revenue.paid')}>
                      {money(k.paid)}
                    </td>
                    <td className={`num ${k.net < 0 ? 'negative' : ''}`} data-label={t('agent.revenue.net')}>
                      {money(k.net)}
                    </td>
                    <td className="num" data-label={t('agent.revenue.bills')}>
                      {k.bills}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <h3 className="agent-subtitle">{t('agent.overview.by_day')}</h3>
          <ExportButton
            report="agentRevenue"
            query={{ preset }}
            filename={`revenue-${data.from}-${data.to}.csv`}
          />
          {days.length === 0 ? (
            <p className="muted">{t('agent.revenue.empty')}</p>
          ) : (
            <ScrollRegion className="records-table-wrap" label={t('agent.overview.by_day')}>
              <table className="records-table stack-table" data-testid="revenue-days">
                <thead>
                  <tr>
                    <th scope="col">{t('agent.columns.day')}</th>
                    <th scope="col" className="num">
                      {t('agent.revenue.received')}
                    </th>
                    <th scope="col" className="num">
                      {t('agent.revenue.paid')}
                    </th>
                    <th scope="col" className="num">
                      {t('agent.revenue.net')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {days.map((d) => (
                    <tr key={d.day}>
                      <td data-label={t('agent.columns.day')}>{formatDate(d.day)}</td>
                      <td className="num" data-label={t('agent.revenue.received')}>
                        {money(d.received)}
                      </td>
                      <td className="num" data-label={t('agent.revenue.paid')}>
                        {money(d.paid)}
                      </td>
                      <td
                        className={`num ${d.net < 0 ? 'negative' : ''}`}
                        data-label={t('agent.revenue.net')}
                      >
                        {money(d.net)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </>
      )}
    </div>
  );
}
