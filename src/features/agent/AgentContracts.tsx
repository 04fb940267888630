import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import type { ContractView } from '../../api/contract/agents';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatDate, formatRate } from '../../ui/format';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { useMemberEvents } from '../session/member-events';
import { useWhitelabel } from '../site/SiteProvider';

type Contracts = { given: ContractView[]; held: ContractView[] };

/**
 * The contracts the agent gave its direct downline and those it holds from its upline, with what the
 * agent may do to each (take back an offer, ask to end a contract or take that request back).
 */
export function AgentContracts(props: { version: number }) {
  const { t, i18n } = useTranslation();
  // A top agent's contract is paid by the house: the site itself.
  const { siteName } = useWhitelabel();
  const [data, setData] = useState<Contracts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState<number | null>(null);
  const load = useCallback(() => {
    call('agentContracts').then(
      (d) => {
        setData(d);
        setError(null);
      },
      (e: { code?: string }) => setError(e.code ?? 'UNKNOWN'),
    );
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new offer elsewhere on the page reloads the list
  useEffect(load, [load, props.version]);
  useMemberEvents((event) => {
    if (event.type === 'contract' || event.type === 'resync') load();
  });

  const act = async (contract: ContractView, endpoint: 'withdrawContract' | 'terminateContract') => {
    setWorking(contract.id);
    try {
      await call(endpoint, { body: { contractId: contract.id } });
      setError(null);
    } catch (e) {
      setError((e as { code?: string }).code ?? 'UNKNOWN');
    } finally {
      setWorking(null);
      load();
    }
  };
  const rate = (c: ContractView) => formatRate(c.rateBp, i18n.language);
  const live = (c: ContractView) => ['offered', 'active', 'termination_requested'].includes(c.status);

  return (
    <section
      className="agent-contracts"
      data-testid="agent-contracts"
      aria-labelledby="agent-contracts-title"
    >
      <h3 className="sub-title" id="agent-contracts-title">
        {t('agent.contracts.title')}
      </h3>
      {error && <ErrorNotice code={error} />}
      {data && data.given.filter(live).length === 0 && (
        <p className="muted">{t('agent.contracts.none_given')}</p>
      )}
      {data && data.given.filter(live).length > 0 && (
        <ScrollRegion className="records-table-wrap" label={t('agent.contracts.title')}>
          <table className="records-table stack-table" data-testid="contracts-given">
            <thead>
              <tr>
                <th scope="col">{t('agent.columns.member')}</th>
                <th scope="col">{t('agent.contracts.kind')}</th>
                <th scope="col" className="num">
                  {t('contracts.rate')}
                </th>
                <th scope="col">{t('agent.contracts.status')}</th>
                <th scope="col">{t('agent.contracts.since')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('agent.contracts.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.given.filter(live).map((c) => (
                <tr key={c.id} data-contract={c.id} data-status={c.status}>
                  <td data-label={t('agent.columns.member')}>
                    <span className="member-name">{c.member}</span>
                  </td>
                  <td data-label={t('agent.contracts.kind')}>{t(`agent.offer.kinds.${c.kind}`)}</td>
                  <td className="num" data-label={t('contracts.rate')}>
                    {rate(c)}
                  </td>
                  <td data-label={t('agent.contracts.status')}>
                    {t(`agent.contracts.statuses.${c.status}`)}
                  </td>
                  <td data-label={t('agent.contracts.since')}>{formatDate(c.decidedAt ?? c.offeredAt)}</td>
                  <td>
                    {c.status === 'offered' && (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        disabled={working === c.id}
                        onClick={() => act(c, 'withdrawContract')}
                      >
                        {t('agent.contracts.withdraw')}
                      </button>
                    )}
                    {c.status === 'active' && (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        disabled={working === c.id}
                        onClick={() => act(c, 'terminateContract')}
                      >
                        {t('agent.contracts.ask_end')}
                      </button>
                    )}
                    {c.status === 'termination_requested' && (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        disabled={working === c.id}
                        onClick={() => act(c, 'terminateContract')}
                      >
                        {t('agent.contracts.keep')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {data && data.held.filter(live).length > 0 && (
        <p className="muted" data-testid="contracts-held">
          {t('agent.contracts.held', {
            list: data.held
              .filter(live)
              .map((c) => `${t(`agent.offer.kinds.${c.kind}`)} ${rate(c)} (${c.upline ?? siteName})`)
              .join(', '),
          })}
        </p>
      )}
    </section>
  );
}
