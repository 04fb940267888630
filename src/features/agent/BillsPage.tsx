import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import type { BillView, ContractKind } from '../../api/contract/agents';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatAmount, formatDate, formatDateMinute, formatRate } from '../../ui/format';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { useMemberEvents } from '../session/member-events';
import { useWhitelabel } from '../site/SiteProvider';
import { Pager } from './Pager';

type Bills = Awaited<ReturnType<typeof call<'contractBills'>>>;
export type Role = 'received' | 'paid';
const PAGE_SIZE = 20;

/**
 * A contract kind's bills (agentDividendRecordCopy2, agentDailyWages2, agentHourSalary,
 * agentRealtimeSalary): what each period paid the agent or what it paid its downline, with the figures
 * it was computed from.
 */
export function BillsPage({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const [role, setRole] = useState<Role>('received');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Bills | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  // A bill paid moves a balance: the page looks again.
  useMemberEvents((event) => {
    if (event.type === 'balance' || event.type === 'resync') setVersion((v) => v + 1);
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    let live = true;
    call('contractBills', { query: { kind, role, page, pageSize: PAGE_SIZE } })
      .then((d) => {
        if (!live) return;
        setData(d);
        setError(null);
      })
      .catch((e: { code?: string }) => live && setError(e.code ?? 'UNKNOWN'));
    return () => {
      live = false;
    };
  }, [kind, role, page, version]);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="agent-report" data-testid={`bills-${kind}`}>
      <fieldset className="chips">
        <legend className="visually-hidden">{t('agent.bills.role')}</legend>
        {(['received', 'paid'] as const).map((r) => (
          <button
            key={r}
            type="button"
            className={r === role ? 'chip is-active' : 'chip'}
            aria-pressed={r === role}
            onClick={() => {
              setRole(r);
              setPage(1);
            }}
          >
            {t(`agent.bills.roles.${r}`)}
          </button>
        ))}
      </fieldset>
      {error && <ErrorNotice code={error} />}
      {data && data.items.length === 0 && <p className="muted">{t('agent.bills.empty')}</p>}
      {data && data.items.length > 0 && <BillsTable items={data.items} side={role} kind={kind} />}
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}

/**
 * Bills with the figures each was computed from. `kind` set: one kind's page (a dividend's carry-over
 * shown); unset: every kind, each line naming its own.
 */
export function BillsTable({
  items,
  side: role,
  kind,
}: {
  items: BillView[];
  side: Role;
  kind?: ContractKind;
}) {
  const { t, i18n } = useTranslation();
  const { siteName } = useWhitelabel();
  const money = (n: number) => formatAmount(n, i18n.language);
  const when = (b: BillView) =>
    b.kind === 'hourly_salary' || b.kind === 'realtime_salary'
      ? formatDateMinute(b.periodStart)
      : formatDate(b.periodStart);
  return (
    <ScrollRegion className="records-table-wrap" label={t(`agent.bills.roles.${role}`)}>
      <table className="records-table stack-table" data-testid="bills-table">
        <thead>
          <tr>
            <th scope="col">{t('agent.bills.period')}</th>
            <th scope="col">{role === 'received' ? t('agent.bills.payer') : t('agent.bills.payee')}</th>
            <th scope="col" className="num">
              {t('agent.overview.valid_bet')}
            </th>
            <th scope="col" className="num">
              {t('agent.columns.result')}
            </th>
            <th scope="col" className="num">
              {t('agent.overview.active')}
            </th>
            <th scope="col" className="num">
              {t('contracts.rate')}
            </th>
            {kind === 'dividend' && (
              <th scope="col" className="num">
                {t('agent.bills.carry')}
              </th>
            )}
            <th scope="col" className="num">
              {t('agent.bills.amount')}
            </th>
            <th scope="col">{t('agent.contracts.status')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((b) => (
            <tr key={b.id} data-bill={b.id} data-status={b.status}>
              <td data-label={t('agent.bills.period')}>
                {when(b)}
                {!kind && <small className="muted block">{t(`agent.revenue.kinds.${b.kind}`)}</small>}
              </td>
              <td data-label={role === 'received' ? t('agent.bills.payer') : t('agent.bills.payee')}>
                {role === 'received' ? (b.payer ?? siteName) : b.payee}
              </td>
              <td className="num" data-label={t('agent.overview.valid_bet')}>
                {money(b.team.validBet)}
              </td>
              <td
                className={`num ${b.team.profit < 0 ? 'negative' : 'positive'}`}
                data-label={t('agent.columns.result')}
              >
                {money(b.team.profit)}
              </td>
              <td className="num" data-label={t('agent.overview.active')}>
                {b.team.active}
              </td>
              <td className="num" data-label={t('contracts.rate')}>
                {b.tier >= 0 ? formatRate(b.rateBp, i18n.language) : '—'}
              </td>
              {kind === 'dividend' && (
                <td className="num" data-label={t('agent.bills.carry')}>
                  {money(b.carryOut)}
                </td>
              )}
              <td className="num" data-label={t('agent.bills.amount')}>
                {money(b.amount)}
              </td>
              <td data-label={t('agent.contracts.status')}>{t(`agent.bills.statuses.${b.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export const DividendBills = () => <BillsPage kind="dividend" />;
export const DailyWages = () => <BillsPage kind="daily_salary" />;
export const HourSalary = () => <BillsPage kind="hourly_salary" />;
export const RealtimeSalary = () => <BillsPage kind="realtime_salary" />;
