import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_PRESETS, type ReportPreset } from '../../api/contract/agents';
import { RECORD_TYPES, type RecordType } from '../../api/contract/wallet';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatAmount, formatDateTime } from '../../ui/format';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { ExportButton } from './ExportButton';
import { MemberFilter } from './MemberFilter';
import { PeriodLine } from './PeriodLine';
import { PresetChips } from './PresetChips';
import { useReport } from './useReport';

const PAGE_SIZE = 20;

/**
 * agentDownlineTransactionDetailsCopy: every posting on the team's wallets over the period, newest first.
 * Pages follow the last line shown (the ledger is long); the cursors of earlier pages are kept for "previous".
 */
export default function TeamRecordsPage() {
  const { t, i18n } = useTranslation();
  const [preset, setPreset] = useState<ReportPreset>('today');
  const [username, setUsername] = useState('');
  const [type, setType] = useState<RecordType | ''>('');
  const [cursors, setCursors] = useState<number[]>([]);
  const filter = { preset, ...(username ? { username } : {}), ...(type ? { type } : {}) };
  const before = cursors.at(-1);
  const { data, error, loading } = useReport('agentTeamRecords', {
    ...filter,
    ...(before ? { before } : {}),
    limit: PAGE_SIZE,
  });
  const refilter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setCursors([]);
    };
  const money = (n: number) => formatAmount(n, i18n.language);
  const typeName = (type: string) =>
    t(`centre.records.kinds.${type}`, {
      defaultValue: t(`centre.records.types.${type}`, { defaultValue: type }),
    });
  const walletName = (w: string) => (w === 'main' || w === 'hold' ? t(`centre.records.wallets.${w}`) : w);
  const title = t('agent.pages.agentDownlineTransactionDetailsCopy');
  return (
    <div className="agent-report" data-testid="team-records" aria-busy={loading}>
      <PresetChips value={preset} options={REPORT_PRESETS} onChange={refilter(setPreset)} />
      <div className="filters-row">
        <MemberFilter
          label={t('agent.filter.member')}
          hint={t('agent.filter.member_hint')}
          onApply={refilter(setUsername)}
        />
        <label>
          <span>{t('centre.records.columns.type')}</span>
          <select
            className="input"
            value={type}
            data-testid="records-type"
            onChange={(e) => refilter(setType)(e.target.value as RecordType | '')}
          >
            <option value="">{t('centre.records.all')}</option>
            {RECORD_TYPES.map((r) => (
              <option key={r} value={r}>
                {t(`centre.records.types.${r}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && <ErrorNotice code={error} />}
      {data && <PeriodLine from={data.from} to={data.to} />}
      <ExportButton report="agentTeamRecords" query={filter} filename={`team-records-${preset}.csv`} />
      {data && data.items.length === 0 && <p className="muted">{t('agent.records.empty')}</p>}
      {data && data.items.length > 0 && (
        <ScrollRegion className="records-table-wrap" label={title}>
          <table className="records-table stack-table" data-testid="team-records-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('centre.records.columns.time')}</th>
                <th scope="col">{t('agent.columns.member')}</th>
                <th scope="col">{t('centre.records.columns.type')}</th>
                <th scope="col" className="num">
                  {t('agent.records.amount')}
                </th>
                <th scope="col" className="num">
                  {t('agent.records.balance_after')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((r) => (
                <tr key={r.id} data-member={r.username} data-type={r.type}>
                  <td data-label={t('centre.records.columns.time')}>{formatDateTime(r.createdAt)}</td>
                  <td data-label={t('agent.columns.member')}>{r.username}</td>
                  <td data-label={t('centre.records.columns.type')}>
                    {typeName(r.type)}
                    <small className="muted block">{walletName(r.wallet)}</small>
                  </td>
                  <td
                    className={`num ${r.amount < 0 ? 'negative' : 'positive'}`}
                    data-label={t('agent.records.amount')}
                  >
                    {r.amount > 0 ? '+' : ''}
                    {money(r.amount)}
                  </td>
                  <td className="num" data-label={t('agent.records.balance_after')}>
                    {money(r.balanceAfter)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {(cursors.length > 0 || data?.more) && (
        <nav className="pager" aria-label={t('agent.downline.pages')}>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={cursors.length === 0}
            onClick={() => setCursors(cursors.slice(0, -1))}
          >
            {t('agent.downline.previous')}
          </button>
          <span>{t('agent.records.page', { page: cursors.length + 1 })}</span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={!data?.more}
            onClick={() => data && setCursors([...cursors, data.items.at(-1)!.id])}
          >
            {t('agent.downline.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
