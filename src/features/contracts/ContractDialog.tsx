import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import type { ContractKind, ContractView } from '../../api/contract/agents';
import {
  type ContractAnswer,
  contractDialogMachine,
  requestKind,
} from '../../machines/contract-dialog.machine';
import { inspectOptions } from '../../machines/inspect';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useTakesForeground } from '../../ui/foreground';
import { formatRate } from '../../ui/format';
import { Modal } from '../../ui/Modal';
import { useMemberEvents } from '../session/member-events';
import { useWhitelabel } from '../site/SiteProvider';
import { ContractTermsView } from './ContractTermsView';
import './contracts.css';

/** The relay call that carries the member's answer for each kind of contract (spec 7.2). */
const RELAY: Record<
  ContractKind,
  | 'processDividendReq'
  | 'processDailySalContract'
  | 'processContractHourSalary'
  | 'processRealTimeSalaryContract'
> = {
  dividend: 'processDividendReq',
  daily_salary: 'processDailySalContract',
  hourly_salary: 'processContractHourSalary',
  realtime_salary: 'processRealTimeSalaryContract',
};

const machine = contractDialogMachine.provide({
  actors: {
    load: fromPromise(async () => (await call('consolidatedFunds')).contractRequests),
    answer: fromPromise<ContractView, ContractAnswer>(({ input }) =>
      call(RELAY[input.contract.kind], {
        body: { contractId: input.contract.id, action: input.action, endDownline: input.endDownline },
      }),
    ),
  },
});

/** The contract dialog: the requests waiting for the member's answer, one at a time. */
export default function ContractDialog() {
  const { t, i18n } = useTranslation();
  // A top agent's contract is paid by the house: the site itself.
  const { siteName } = useWhitelabel();
  const actor = useActorRef(machine, inspectOptions());
  useMemberEvents((event) => {
    if (event.type === 'contract' || event.type === 'resync') actor.send({ type: 'REFRESH' });
  });
  const open = useSelector(actor, (s) => s.hasTag('open'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const confirming = useSelector(actor, (s) => s.hasTag('confirm-ending'));
  const { current, ending, errorCode, errorMessage, requests } = useSelector(actor, (s) => s.context);
  useTakesForeground(open && current !== null);
  if (!open || !current) return null;
  const asking = requestKind(current.status);
  const kindName = t(`contracts.kinds.${current.kind}`);
  const waiting = requests.length;
  return (
    <Modal
      title={
        asking === 'offer'
          ? t('contracts.offer_title', { kind: kindName })
          : t('contracts.termination_title', { kind: kindName })
      }
      onClose={() => actor.send({ type: confirming ? 'BACK' : 'CLOSE' })}
      testId="contract-dialog"
    >
      <div className="contract-dialog" data-contract={current.id} data-asking={asking}>
        {confirming ? (
          <>
            <p role="alert">
              {t('contracts.ending_text', { rate: formatRate(current.rateBp, i18n.language) })}
            </p>
            <ul className="contract-ending" data-testid="contract-ending">
              {ending.map((c) => (
                <li key={c.id}>
                  <strong>{c.member}</strong> · {t(`contracts.kinds.${c.kind}`)} ·{' '}
                  {formatRate(c.rateBp, i18n.language)}
                </li>
              ))}
            </ul>
            <div className="dialog-actions">
              <button
                type="button"
                className="btn btn-ghost"
                disabled={busy}
                onClick={() => actor.send({ type: 'BACK' })}
              >
                {t('contracts.back')}
              </button>
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy}
                onClick={() => actor.send({ type: 'CONFIRM_ENDING' })}
              >
                {t('contracts.confirm_ending', { count: ending.length })}
              </button>
            </div>
          </>
        ) : (
          <>
            <p>
              {asking === 'offer'
                ? t('contracts.offer_text', { upline: current.upline ?? siteName, kind: kindName })
                : t('contracts.termination_text', { upline: current.upline ?? siteName, kind: kindName })}
            </p>
            <ContractTermsView terms={current.terms} />
            {waiting > 1 && <p className="muted">{t('contracts.more_waiting', { count: waiting - 1 })}</p>}
            {errorCode &&
              (errorMessage ? (
                // The server's own words carry the figures (the rate the upline holds, the house's limit).
                <p className="error-notice card" role="alert" data-code={errorCode}>
                  {errorMessage}
                </p>
              ) : (
                <ErrorNotice code={errorCode} />
              ))}
            <div className="dialog-actions">
              <button
                type="button"
                className="btn btn-ghost"
                disabled={busy}
                onClick={() => actor.send({ type: 'REJECT' })}
              >
                {asking === 'offer' ? t('contracts.reject') : t('contracts.keep')}
              </button>
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy}
                onClick={() => actor.send({ type: 'ACCEPT' })}
              >
                {asking === 'offer' ? t('contracts.accept') : t('contracts.agree_end')}
              </button>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
