import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import { errorKey } from '../../api/errors';
import { inspectOptions } from '../../machines/inspect';
import { trialWalletMachine } from '../../machines/trial-wallet.machine';
import { formatAmount, formatDateTime } from '../../ui/format';
import { Modal } from '../../ui/Modal';
import { useAccountModal } from './AccountModalContext';

const machine = trialWalletMachine.provide({
  actors: {
    loadWallet: fromPromise(() => call('trialWallet')),
    topUp: fromPromise(() => call('trialTopUp')),
  },
});

/**
 * The trial wallet (free play): the trial balance, what it is for, when the trial ends, the top-up when
 * one is allowed, and the way to a real account. Loaded when opened (the header's trial balance).
 */
export function TrialWalletDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const account = useAccountModal();
  const [state, send] = useMachine(machine, inspectOptions());
  const { wallet, errorCode } = state.context;
  const money = (minor: number) => `${formatAmount(minor, i18n.language)} ${wallet?.currency ?? ''}`.trim();
  return (
    <Modal title={t('member.trial_balance')} onClose={onClose} testId="trial-wallet">
      {wallet && (
        <>
          <p className="trial-wallet-balance" data-testid="trial-wallet-balance">
            <strong>{money(wallet.balance)}</strong>
          </p>
          <p className="muted">{t('member.trial_note')}</p>
          <p className="muted">
            {t('member.trial_ends', { date: formatDateTime(wallet.endsAt, i18n.language) })}
          </p>
          <p className="muted" data-testid="trial-top-ups-left">
            {t('member.trial_top_ups_left', { count: wallet.topUpsLeft })}
          </p>
          {wallet.topUpsLeft > 0 && !wallet.canTopUp && (
            <p className="muted">{t('member.trial_top_up_below', { amount: money(wallet.topUpBelow) })}</p>
          )}
        </>
      )}
      {errorCode && (
        <p className="form-error" role="alert">
          {t(errorKey(errorCode))}
        </p>
      )}
      <div className="dialog-actions trial-wallet-actions">
        {state.matches('failed') ? (
          <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'RETRY' })}>
            {t('status.retry')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-ghost"
            data-testid="trial-top-up"
            disabled={!wallet?.canTopUp || state.hasTag('busy')}
            onClick={() => send({ type: 'TOP_UP' })}
          >
            {t('member.trial_top_up')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-accent"
          data-testid="trial-create-real"
          onClick={() => {
            onClose();
            account.open('register');
          }}
        >
          {t('member.trial_create_real')}
        </button>
      </div>
    </Modal>
  );
}
