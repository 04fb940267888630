import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_PRESETS, type ReportPreset } from '../../api/contract/agents';
import type { SectionKey } from '../../api/contract/common';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatAmount, formatDateTime } from '../../ui/format';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { useGameMenus, useVendorName } from '../games/useGameMenus';
import { ExportButton } from './ExportButton';
import { MemberFilter } from './MemberFilter';
import { Pager } from './Pager';
import { PeriodLine } from './PeriodLine';
import { PresetChips } from './PresetChips';
import { useReport } from './useReport';

type Status = 'open' | 'settled' | 'cancelled';
const PAGE_SIZE = 20;

/** personalHistoryCopy in the agent centre: the team's game rounds, by member, category and status. */
export default function TeamBetsPage() {
  const { t, i18n } = useTranslation();
  const menus = useGameMenus();
  const vendorName = useVendorName();
  const [preset, setPreset] = useState<ReportPreset>('today');
  const [username, setUsername] = useState('');
  const [gameType, setGameType] = useState<SectionKey | ''>('');
  const [status, setStatus] = useState<Status | ''>('');
  const [page, setPage] = useState(1);
  const filter = {
    preset,
    ...(username ? { username } : {}),
    ...(gameType ? { gameType } : {}),
    ...(status ? { status } : {}),
  };
  const { data, error, loading } = useReport('agentTeamBets', { ...filter, page, pageSize: PAGE_SIZE });
  const refilter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const money = (n: number) => formatAmount(n, i18n.language);
  const categories = (menus ?? []).filter((m) => m.vendors.some((v) => v.playable));
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const title = t('agent.pages.personalHistoryCopy');
  return (
    <div className="agent-report" data-testid="team-bets" aria-busy={loading}>
      <PresetChips value={preset} options={REPORT_PRESETS} onChange={refilter(setPreset)} />
      <div className="filters-row">
        <MemberFilter
          label={t('agent.filter.member')}
          hint={t('agent.filter.member_hint')}
          onApply={refilter(setUsername)}
        />
        <label>
          <span>{t('centre.bets.category')}</span>
          <select
            className="input"
            value={gameType}
            onChange={(e) => refilter(setGameType)(e.target.value as SectionKey | '')}
          >
            <option value="">{t('centre.records.all')}</option>
            {categories.map((m) => (
              <option key={m.gameType} value={m.gameType}>
                {t(`titles.${m.gameType}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('centre.bets.status')}</span>
          <select
            className="input"
            value={status}
            onChange={(e) => refilter(setStatus)(e.target.value as Status | '')}
          >
            <option value="">{t('centre.records.all')}</option>
            {(['settled', 'open', 'cancelled'] as Status[]).map((s) => (
              <option key={s} value={s}>
                {t(`centre.bets.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && <ErrorNotice code={error} />}
      {data && (
        <>
          <PeriodLine from={data.from} to={data.to} />
          <dl className="summary-row" data-testid="team-bets-summary">
            <div>
              <dt>{t('agent.filter.rounds')}</dt>
              <dd>{data.total}</dd>
            </div>
            <div>
              <dt>{t('centre.bets.stake')}</dt>
              <dd>{money(data.summary.stake)}</dd>
            </div>
            <div>
              <dt>{t('centre.bets.validBet')}</dt>
              <dd>{money(data.summary.validBet)}</dd>
            </div>
            <div>
              <dt>{t('centre.bets.payout')}</dt>
              <dd>{money(data.summary.payout)}</dd>
            </div>
            <div>
              <dt>{t('agent.columns.result')}</dt>
              <dd className={data.summary.net < 0 ? 'negative' : 'positive'}>{money(data.summary.net)}</dd>
            </div>
          </dl>
          <ExportButton
            report="agentTeamBets"
            query={filter}
            filename={`team-bets-${data.from}-${data.to}.csv`}
          />
        </>
      )}
      {data && data.items.length === 0 && <p className="muted">{t('centre.bets.empty')}</p>}
      {data && data.items.length > 0 && (
        <ScrollRegion className="records-table-wrap" label={title}>
          <table className="records-table stack-table" data-testid="team-bets-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('centre.records.columns.time')}</th>
                <th scope="col">{t('agent.columns.member')}</th>
                <th scope="col">{t('centre.bets.game')}</th>
                <th scope="col" className="num">
                  {t('centre.bets.stake')}
                </th>
                <th scope="col" className="num">
                  {t('centre.bets.validBet')}
                </th>
                <th scope="col" className="num">
                  {t('centre.bets.payout')}
                </th>
                <th scope="col" className="num">
                  {t('agent.columns.result')}
                </th>
                <th scope="col">{t('centre.bets.status')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((r) => (
                <tr key={`${r.vassalage}:${r.roundId}`} data-member={r.username}>
                  <td data-label={t('centre.records.columns.time')}>{formatDateTime(r.createdAt)}</td>
                  <td data-label={t('agent.columns.member')}>{r.username}</td>
                  <td data-label={t('centre.bets.game')}>
                    {r.gameName}
                    <small className="muted block">
                      {[r.gameType ? t(`titles.${r.gameType}`) : '', vendorName(r.vassalage)]
                        .filter(Boolean)
                        .join(' · ')}
                    </small>
                  </td>
                  <td className="num" data-label={t('centre.bets.stake')}>
                    {money(r.stake)}
                  </td>
                  <td className="num" data-label={t('centre.bets.validBet')}>
                    {money(r.validBet)}
                  </td>
                  <td className="num" data-label={t('centre.bets.payout')}>
                    {money(r.payout)}
                  </td>
                  <td
                    className={`num ${r.net < 0 ? 'negative' : 'positive'}`}
                    data-label={t('agent.columns.result')}
                  >
                    {money(r.net)}
                  </td>
                  <td data-label={t('centre.bets.status')}>
                    <span className={`status-tag ${r.status}`}>{t(`centre.bets.statuses.${r.status}`)}</span>
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
