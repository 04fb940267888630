import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { REPORT_PRESETS, type ReportPreset } from '../../api/contract/agents';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatAmount, formatDate } from '../../ui/format';
import { Modal } from '../../ui/Modal';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { AgentContracts } from './AgentContracts';
import { ContractOfferDialog } from './ContractOfferDialog';
import { ExportButton } from './ExportButton';
import { Pager } from './Pager';
import { PresetChips } from './PresetChips';

type Downline = Awaited<ReturnType<typeof call<'agentDownlineList'>>>;
type Scope = 'direct' | 'all';
const PAGE_SIZE = 20;
/** The member centre's tree transfer, with the payee fixed (it shares the machine and its request ids). */
const TreeTransfer = lazy(() => import('../member/TreeTransferPage'));

/** downlineManagmentView: the agent's downline, searched by username, with each member's figures. */
export default function DownlinePage() {
  const { t, i18n } = useTranslation();
  const [preset, setPreset] = useState<ReportPreset>('prev30');
  const [scope, setScope] = useState<Scope>('direct');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Downline | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [offering, setOffering] = useState<string | null>(null);
  const [paying, setPaying] = useState<string | null>(null);
  const [contractsVersion, setContractsVersion] = useState(0);
  const [refresh, setRefresh] = useState(0);

  // The search follows the typing once it pauses, so every key is not a request.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh reloads the page after a transfer
  useEffect(() => {
    let live = true;
    setError(null);
    call('agentDownlineList', { query: { preset, scope, q, page, pageSize: PAGE_SIZE } })
      .then((d) => live && setData(d))
      .catch((e: { code?: string }) => live && setError(e.code ?? 'UNKNOWN'));
    return () => {
      live = false;
    };
  }, [preset, scope, q, page, refresh]);

  const money = (n: number) => formatAmount(n, i18n.language);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="agent-report" data-testid="downline-page">
      <div className="agent-filters">
        <label className="field agent-search">
          <span className="field-label">{t('agent.downline.search')}</span>
          <input
            type="search"
            value={typed}
            maxLength={64}
            autoComplete="off"
            placeholder={t('agent.downline.search_hint')}
            onChange={(e) => setTyped(e.target.value)}
            data-testid="downline-search"
          />
        </label>
        <fieldset className="chips">
          <legend className="visually-hidden">{t('agent.downline.scope')}</legend>
          {(['direct', 'all'] as const).map((s) => (
            <button
              key={s}
              type="button"
              className={s === scope ? 'chip is-active' : 'chip'}
              aria-pressed={s === scope}
              onClick={() => {
                setScope(s);
                setPage(1);
              }}
            >
              {t(`agent.downline.scopes.${s}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <PresetChips
        value={preset}
        options={REPORT_PRESETS}
        onChange={(p) => {
          setPreset(p);
          setPage(1);
        }}
      />
      {error && <ErrorNotice code={error} />}
      {data && (
        <>
          <p className="muted agent-period">
            {t('agent.downline.found', { count: data.total })}
            {' · '}
            {t('agent.period', {
              from: formatDate(data.from),
              to: formatDate(data.to),
            })}
          </p>
          {data.total > 0 && (
            <ExportButton
              report="agentDownlineList"
              query={{ preset, scope, q }}
              filename={`downline-${data.from}-${data.to}.csv`}
            />
          )}
          {data.items.length === 0 ? (
            <p className="muted" data-testid="downline-empty">
              {q ? t('agent.downline.none_found', { q }) : t('agent.downline.empty')}
            </p>
          ) : (
            <ScrollRegion className="records-table-wrap" label={t('agent.pages.downlineManagmentView')}>
              <table className="records-table stack-table" data-testid="downline-table">
                <thead>
                  <tr>
                    <th scope="col">{t('agent.columns.member')}</th>
                    <th scope="col">{t('agent.columns.joined')}</th>
                    <th scope="col" className="num">
                      {t('agent.columns.team')}
                    </th>
                    <th scope="col" className="num">
                      {t('agent.columns.balance')}
                    </th>
                    <th scope="col" className="num">
                      {t('agent.overview.valid_bet')}
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
                        <span className="member-name">{m.username}</span>
                        {m.isAgent && <span className="badge">{t('agent.badge')}</span>}
                        <span className="member-where">
                          {t('agent.downline.where', { level: m.depth, upline: m.upline ?? '—' })}
                        </span>
                        <button
                          type="button"
                          className="link-btn offer-link"
                          onClick={() => setPaying(m.username)}
                          data-testid="pay-member"
                        >
                          {t('agent.downline.pay')}
                        </button>
                        {m.depth === 1 && (
                          <button
                            type="button"
                            className="link-btn offer-link"
                            onClick={() => setOffering(m.username)}
                            data-testid="offer-contract"
                          >
                            {t('agent.offer.open')}
                          </button>
                        )}
                      </td>
                      <td data-label={t('agent.columns.joined')}>{formatDate(m.joinedAt)}</td>
                      <td className="num" data-label={t('agent.columns.team')}>
                        {m.teamSize}
                      </td>
                      <td className="num" data-label={t('agent.columns.balance')}>
                        {money(m.balance)}
                      </td>
                      <td className="num" data-label={t('agent.overview.valid_bet')}>
                        {money(m.validBet)}
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
        </>
      )}
      <AgentContracts version={contractsVersion} />
      {paying && (
        <Modal
          title={t('agent.downline.pay_title', { member: paying })}
          onClose={() => {
            setPaying(null);
            setRefresh((v) => v + 1);
          }}
          testId="downline-transfer"
        >
          <Suspense fallback={<div className="skeleton" style={{ height: 200 }} />}>
            <TreeTransfer to={paying} />
          </Suspense>
        </Modal>
      )}
      {offering && (
        <ContractOfferDialog
          username={offering}
          onClose={(sent) => {
            setOffering(null);
            if (sent) setContractsVersion((v) => v + 1);
          }}
        />
      )}
    </div>
  );
}
