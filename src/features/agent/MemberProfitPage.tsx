import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_PRESETS, type ReportPreset } from '../../api/contract/agents';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatAmount } from '../../ui/format';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { ExportButton } from './ExportButton';
import { MemberFilter } from './MemberFilter';
import { Pager } from './Pager';
import { PeriodLine } from './PeriodLine';
import { PresetChips } from './PresetChips';
import { useReport } from './useReport';

type Sort = 'profit' | 'validBet' | 'deposits';
const PAGE_SIZE = 20;

/**
 * palStatementsAgentCopy: each member's result over the period (those who played or moved money),
 * the biggest losers first, with the whole team's figures above.
 */
export default function MemberProfitPage() {
  const { t, i18n } = useTranslation();
  const [preset, setPreset] = useState<ReportPreset>('prev7');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<Sort>('profit');
  const [page, setPage] = useState(1);
  const filter = { preset, q, sort };
  const { data, error, loading } = useReport('agentMemberProfit', { ...filter, page, pageSize: PAGE_SIZE });
  const money = (n: number) => formatAmount(n, i18n.language);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const title = t('agent.pages.palStatementsAgentCopy');
  const s = data?.summary;
  return (
    <div className="agent-report" data-testid="member-profit" aria-busy={loading}>
      <PresetChips
        value={preset}
        options={REPORT_PRESETS}
        onChange={(p) => {
          setPreset(p);
          setPage(1);
        }}
      />
      <div className="filters-row">
        <MemberFilter
          label={t('agent.downline.search')}
          hint={t('agent.downline.search_hint')}
          onApply={(v) => {
            setQ(v);
            setPage(1);
          }}
        />
        <label>
          <span>{t('agent.profit.sort')}</span>
          <select
            className="input"
            value={sort}
            data-testid="profit-sort"
            onChange={(e) => {
              setSort(e.target.value as Sort);
              setPage(1);
            }}
          >
            {(['profit', 'validBet', 'deposits'] as Sort[]).map((k) => (
              <option key={k} value={k}>
                {t(`agent.profit.sorts.${k}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && <ErrorNotice code={error} />}
      {data && s && (
        <>
          <PeriodLine from={data.from} to={data.to} />
          <dl className="summary-row" data-testid="member-profit-summary">
            <div>
              <dt>{t('agent.overview.active')}</dt>
              <dd>{s.activeMembers}</dd>
            </div>
            <div>
              <dt>{t('agent.overview.valid_bet')}</dt>
              <dd>{money(s.validBet)}</dd>
            </div>
            <div>
              <dt>{t('agent.overview.result')}</dt>
              <dd className={s.profit < 0 ? 'negative' : 'positive'}>{money(s.profit)}</dd>
            </div>
            <div>
              <dt>{t('agent.overview.deposits')}</dt>
              <dd>{money(s.deposits)}</dd>
            </div>
            <div>
              <dt>{t('agent.overview.withdrawals')}</dt>
              <dd>{money(s.withdrawals)}</dd>
            </div>
          </dl>
          <ExportButton
            report="agentMemberProfit"
            query={filter}
            filename={`member-profit-${data.from}-${data.to}.csv`}
          />
        </>
      )}
      {data && data.items.length === 0 && <p className="muted">{t('agent.profit.empty')}</p>}
      {data && data.items.length > 0 && (
        <ScrollRegion className="records-table-wrap" label={title}>
          <table className="records-table stack-table" data-testid="member-profit-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('agent.columns.member')}</th>
                <th scope="col" className="num">
                  {t('agent.filter.rounds')}
                </th>
                <th scope="col" className="num">
                  {t('agent.overview.valid_bet')}
                </th>
                <th scope="col" className="num">
                  {t('centre.bets.payout')}
                </th>
                <th scope="col" className="num">
                  {t('agent.columns.result')}
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
              {data.items.map((m) => (
                <tr key={m.username} data-member={m.username}>
                  <td data-label={t('agent.columns.member')}>
                    {m.username}
                    <small className="muted block">{t('agent.profit.level', { level: m.depth })}</small>
                  </td>
                  <td className="num" data-label={t('agent.filter.rounds')}>
                    {m.rounds}
                  </td>
                  <td className="num" data-label={t('agent.overview.valid_bet')}>
                    {money(m.validBet)}
                  </td>
                  <td className="num" data-label={t('centre.bets.payout')}>
                    {money(m.payout)}
                  </td>
                  <td
                    className={`num ${m.profit < 0 ? 'negative' : 'positive'}`}
                    data-label={t('agent.columns.result')}
                  >
                    {money(m.profit)}
                  </td>
                  <td className="num" data-label={t('agent.overview.deposits')}>
                    {money(m.deposits)}
                  </td>
                  <td className="num" data-label={t('agent.overview.withdrawals')}>
                    {money(m.withdrawals)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}
