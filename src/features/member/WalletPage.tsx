import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import { errorKey } from '../../api/errors';
import { useRemote } from '../../api/useRemote';
import { inspectOptions } from '../../machines/inspect';
import type { Attempt } from '../../machines/request-attempt';
import { type WalletTransferRequest, walletTransferMachine } from '../../machines/wallet-transfer.machine';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatAmount, parseAmount } from '../../ui/format';

const machine = walletTransferMachine.provide({
  actors: {
    transfer: fromPromise<unknown, Attempt<WalletTransferRequest>>(({ input }) =>
      call('walletTransfer', { body: { ...input.request, requestId: input.requestId } }),
    ),
  },
});

/** The wallet (transferFund): main balance, total funds, and in transfer mode each game wallet. */
export default function WalletPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [state, send] = useMachine(machine, inspectOptions());
  const { completed, done, errorCode, errorMessage } = state.context;
  const funds = useRemote(`funds:${completed}`, () => call('consolidatedFunds'));
  const wallets = useRemote(`wallets:${completed}`, () => call('merchantWallets'));
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState(false);
  const busy = state.matches('transferring');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a transfer that went through empties its field once
  useEffect(() => {
    if (done) setAmounts((a) => ({ ...a, [done.vendor]: '' }));
  }, [completed]);

  const transfer = (vendor: string, direction: 'in' | 'out') => {
    const amount = parseAmount(amounts[vendor] ?? '', lang);
    setInvalid(amount === null);
    if (amount !== null) send({ type: 'SUBMIT', request: { vendor, direction, amount } });
  };
  const message = invalid
    ? { ok: false, text: t('centre.deposit.invalid_amount') }
    : errorCode
      ? { ok: false, text: errorMessage || t(errorKey(errorCode)) }
      : done
        ? { ok: true, text: t('centre.wallet.done') }
        : null;

  if (funds.status === 'error') return <ErrorNotice code={funds.error.code} />;
  if (funds.status !== 'ready' || wallets.status !== 'ready')
    return <div className="skeleton" style={{ height: 200 }} />;
  const currency = funds.data.currency;
  return (
    <div className="wallet-page">
      <div className="balance-cards">
        <div className="balance-card is-main">
          <span>{t('centre.wallet.main')}</span>
          <strong data-testid="wallet-main">
            {formatAmount(funds.data.main, lang)} <small>{currency}</small>
          </strong>
        </div>
        <div className="balance-card">
          <span>{t('centre.wallet.total')}</span>
          <strong data-testid="wallet-total">
            {formatAmount(funds.data.total, lang)} <small>{currency}</small>
          </strong>
        </div>
      </div>
      {wallets.data.isSingle ? (
        <p className="form-note">{t('centre.wallet.single')}</p>
      ) : (
        <>
          <h3 className="member-subtitle">{t('centre.wallet.vendors')}</h3>
          {message && (
            <p className={message.ok ? 'form-success' : 'form-error'} role="status">
              {message.text}
            </p>
          )}
          <ul className="vendor-wallets">
            {wallets.data.wallets.map((w) => (
              <li key={w.vendor} data-testid={`vendor-wallet-${w.vendor}`}>
                <span className="vendor-wallet-name">{w.name}</span>
                <strong>{formatAmount(w.balance, lang)}</strong>
                <input
                  inputMode="decimal"
                  aria-label={`${t('centre.wallet.amount')} ${w.name}`}
                  value={amounts[w.vendor] ?? ''}
                  onChange={(e) => setAmounts((a) => ({ ...a, [w.vendor]: e.target.value }))}
                />
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={busy}
                  onClick={() => transfer(w.vendor, 'in')}
                >
                  {t('centre.wallet.transfer_in')}
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={busy}
                  onClick={() => transfer(w.vendor, 'out')}
                >
                  {t('centre.wallet.transfer_out')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
