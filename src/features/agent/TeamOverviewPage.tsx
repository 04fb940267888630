import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { REPORT_PRESETS, type ReportPreset, type TeamOverview } from '../../api/contract/agents';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatAmount, formatDate } from '../../ui/format';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { PresetChips } from './PresetChips';
import { TeamChart } from './TeamChart';

/** agentTeamOverview: the whole downline's size, money and play over a period, with a chart per day. */
export default function TeamOverviewPage() {
  const { t, i18n } = useTranslation();
  const [preset, setPreset] = useState<ReportPreset>('prev7');
  const [data, setData] = useState<TeamOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setError(null);
    call('agentTeamOverview', { query: { preset } })
      .then((d) => live && setData(d))
      .catch((e: { code?: string }) => live && setError(e.code ?? 'UNKNOWN'));
    return () => {
      live = false;
    };
  }, [preset]);
  const money = (n: number) => formatAmount(n, i18n.language);
  const f = data?.figures;
  return (
    <div className="agent-report" data-testid="team-overview" aria-busy={!data && !error}>
      <PresetChips value={preset} options={REPORT_PRESETS} onChange={setPreset} />
      {error && <ErrorNotice code={error} />}
      {data && f && (
        <>
          <p className="muted agent-period">
            {t('agent.period', {
              from: formatDate(data.from),
              to: formatDate(data.to),
            })}
            {' · '}
            {data.updatedAt
              ? t('agent.updated', { time: dayjs(data.updatedAt).format('HH:mm') })
              : t('agent.not_updated')}
          </p>
          <dl className="stat-grid" data-testid="team-stats">
            <Stat label={t('agent.overview.team')} value={String(data.members.total)} testId="team-total">
              {t('agent.overview.team_detail', { direct: data.members.direct, agents: data.members.agents })}
            </Stat>
            <Stat label={t('agent.overview.joined')} value={String(data.members.joined)} />
            <Stat label={t('agent.overview.active')} value={String(f.activeMembers)} testId="team-active" />
            <Stat label={t('agent.overview.balance')} value={`${money(data.balance)} ${data.currency}`} />
            <Stat label={t('agent.overview.deposits')} value={money(f.deposits)}>
              {t('agent.overview.count', { count: f.depositCount })}
            </Stat>
            <Stat label={t('agent.overview.withdrawals')} value={money(f.withdrawals)}>
              {t('agent.overview.count', { count: f.withdrawalCount })}
            </Stat>
            <Stat label={t('agent.overview.valid_bet')} value={money(f.validBet)} testId="team-valid-bet" />
            <Stat
              label={t('agent.overview.result')}
              value={money(f.profit)}
              tone={f.profit < 0 ? 'negative' : 'positive'}
              testId="team-result"
            >
              {t('agent.overview.result_hint')}
            </Stat>
          </dl>
          <h3 className="sub-title">{t('agent.overview.by_day')}</h3>
          <TeamChart days={data.byDay} money={money} />
          <ScrollRegion className="records-table-wrap" label={t('agent.overview.by_day')}>
            <table className="records-table stack-table" data-testid="team-days">
              <thead>
                <tr>
                  <th scope="col">{t('agent.columns.day')}</th>
                  <th scope="col" className="num">
                    {t('agent.overview.joined')}
                  </th>
                  <th scope="col" className="num">
                    {t('agent.overview.active')}
                  </th>
                  <th scope="col" className="num">
                    {t('agent.overview.valid_bet')}
                  </th>
                  <th scope="col" className="num">
                    {t('agent.overview.result')}
                  </th>
                  <th scope="col" className="num">
                    {t('agent.overview.deposits')}
                  </th>
                  <th scope="col" className="num">
                    {t('agent.overview.withdrawals')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...data.byDay].reverse().map((d) => (
                  <tr key={d.day}>
                    <td data-label={t('agent.columns.day')}>{formatDate(d.day)}</td>
                    <td className="num" data-label={t('agent.overview.joined')}>
                      {d.joined}
                    </td>
                    <td className="num" data-label={t('agent.overview.active')}>
                      {d.activeMembers}
                    </td>
                    <td className="num" data-label={t('agent.overview.valid_bet')}>
                      {money(d.validBet)}
                    </td>
                    <td
                      className={`num ${d.profit < 0 ? 'negative' : 'positive'}`}
                      data-label={t('agent.overview.result')}
                    >
                      {money(d.profit)}
                    </td>
                    <td className="num" data-label={t('agent.overview.deposits')}>
                      {money(d.deposits)}
                    </td>
                    <td className="num" data-label={t('agent.overview.withdrawals')}>
                      {money(d.withdrawals)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </div>
  );
}

function Stat(props: {
  label: string;
  value: string;
  tone?: 'negative' | 'positive';
  testId?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="stat">
      <dt>{props.label}</dt>
      <dd className={props.tone} data-testid={props.testId}>
        {props.value}
      </dd>
      {props.children && <dd className="stat-note">{props.children}</dd>}
    </div>
  );
}
