import { useMachine } from '@xstate/react';
import i18next from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import type { DepositView, PaymentMethod } from '../../api/contract/payments';
import { errorKey } from '../../api/errors';
import { type DepositRequest, depositMachine } from '../../machines/deposit.machine';
import { inspectOptions } from '../../machines/inspect';
import type { Attempt } from '../../machines/request-attempt';
import { formatAmount, formatDateTime, parseAmount } from '../../ui/format';
import { useWhitelabel } from '../site/SiteProvider';
import { PixCharge } from './PixCharge';

/** How often a deposit's status is asked for while the page waits for it. */
const POLL_MS = 2_000;

const machine = depositMachine.provide({
  actors: {
    loadMethods: fromPromise(() => call('depositMethods')),
    createDeposit: fromPromise<DepositView, Attempt<DepositRequest>>(({ input }) =>
      call('createDeposit', { body: { ...input.request, requestId: input.requestId } }),
    ),
    loadDeposit: fromPromise<DepositView, { reference: string }>(({ input }) =>
      call('deposit', { query: input }),
    ),
    cancelDeposit: fromPromise<DepositView, { reference: string }>(({ input }) =>
      call('cancelDeposit', { body: input }),
    ),
    wait: fromPromise(() => new Promise<void>((resolve) => setTimeout(resolve, POLL_MS))),
  },
  // The gateway's page speaks the language the member is reading the site in.
  actions: { openPayment: (_, url) => window.location.assign(`${url}&lang=${i18next.language}`) },
});

const QUICK_AMOUNTS = [2_000, 5_000, 10_000, 50_000];

/** Deposit (depositv2): method, amount, then the gateway's checkout or the bank details; status live. */
export default function DepositPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { currency } = useWhitelabel();
  const [params] = useSearchParams();
  const [state, send] = useMachine(machine, {
    input: { reference: params.get('deposit') },
    ...inspectOptions(),
  });
  const { methods, selected, deposit, errorCode, errorMessage } = state.context;
  const method = methods.find((m) => m.code === selected);

  if (state.matches('unavailable')) {
    return (
      <div className="deposit-page">
        <p className="form-error">{t(errorKey(errorCode ?? 'UNKNOWN'))}</p>
        <button type="button" className="btn btn-primary" onClick={() => send({ type: 'RETRY' })}>
          {t('centre.deposit.retry')}
        </button>
      </div>
    );
  }
  if (state.matches('redirecting')) return <p className="form-note">{t('centre.deposit.redirecting')}</p>;
  if ((state.matches('watching') || state.matches('cancelling') || state.matches('settled')) && deposit) {
    return (
      <DepositStatus
        deposit={deposit}
        lang={lang}
        currency={currency}
        canCancel={state.matches('watching') && deposit.status === 'pending'}
        onCancel={() => send({ type: 'CANCEL' })}
        onNew={() => send({ type: 'NEW' })}
      />
    );
  }
  if (!state.matches('editing') && !state.matches('submitting')) {
    return <div className="skeleton" style={{ height: 240 }} />;
  }
  return (
    <DepositForm
      methods={methods}
      method={method}
      lang={lang}
      currency={currency}
      busy={state.matches('submitting')}
      error={errorCode ? errorMessage || t(errorKey(errorCode)) : null}
      onSelect={(code) => send({ type: 'SELECT', code })}
      onSubmit={(amount) => send({ type: 'SUBMIT', amount })}
    />
  );
}

function DepositForm(props: {
  methods: PaymentMethod[];
  method: PaymentMethod | undefined;
  lang: string;
  currency: string;
  busy: boolean;
  error: string | null;
  onSelect: (code: string) => void;
  onSubmit: (amount: number) => void;
}) {
  const { t } = useTranslation();
  const { methods, method, lang, currency } = props;
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const quick = useMemo(
    () => QUICK_AMOUNTS.filter((a) => !method || (a >= method.minAmount && a <= method.maxAmount)),
    [method],
  );
  return (
    <form
      className="deposit-form account-form"
      data-testid="deposit-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const amount = parseAmount(text, lang);
        setInvalid(amount === null);
        if (amount !== null) props.onSubmit(amount);
      }}
    >
      <fieldset className="method-choice">
        <legend>{t('centre.deposit.method')}</legend>
        {methods.map((m) => (
          <label key={m.code} className={m.code === method?.code ? 'method-card is-active' : 'method-card'}>
            <input
              type="radio"
              name="method"
              value={m.code}
              checked={m.code === method?.code}
              onChange={() => props.onSelect(m.code)}
            />
            <span>{m.name}</span>
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>{t('centre.deposit.amount', { currency })} *</span>
        <input
          inputMode="decimal"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={invalid}
        />
        {method && (
          <small className="muted">
            {t('centre.deposit.limits', {
              min: formatAmount(method.minAmount, lang),
              max: formatAmount(method.maxAmount, lang),
            })}
          </small>
        )}
        {invalid && (
          <span className="field-error" role="alert">
            {t('centre.deposit.invalid_amount')}
          </span>
        )}
      </label>
      <div className="chips">
        {quick.map((a) => (
          <button key={a} type="button" className="chip" onClick={() => setText(formatAmount(a, lang))}>
            {formatAmount(a, lang)}
          </button>
        ))}
      </div>
      {props.error && (
        <p className="form-error" role="alert" data-testid="deposit-error">
          {props.error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={props.busy || !method}>
        {props.busy ? t('account.verifying') : t('centre.deposit.submit')}
      </button>
    </form>
  );
}

function DepositStatus(props: {
  deposit: DepositView;
  lang: string;
  currency: string;
  canCancel: boolean;
  onCancel: () => void;
  onNew: () => void;
}) {
  const { t } = useTranslation();
  const { deposit, lang, currency } = props;
  const waiting = deposit.status === 'pending' || deposit.status === 'awaiting_payment';
  return (
    <div className="deposit-status" data-testid="deposit-status" data-status={deposit.status}>
      <p className="deposit-amount">
        {formatAmount(deposit.amount, lang)} <small>{currency}</small>
      </p>
      <p>
        {t('centre.deposit.status')}:{' '}
        <strong className={`status-badge status-${deposit.status}`}>
          {t(`centre.deposit.statuses.${deposit.status}`)}
        </strong>
      </p>
      <p className="muted">
        {t('centre.deposit.reference')}: <code data-testid="deposit-reference">{deposit.reference}</code> ·{' '}
        {formatDateTime(deposit.createdAt)}
      </p>
      {deposit.bank && (
        <div className="bank-details">
          <h3 className="member-subtitle">{t('centre.deposit.bank_title')}</h3>
          <dl>
            {Object.entries(deposit.bank).map(([key, value]) => (
              <div key={key}>
                <dt>{t(`bank_fields.${key}`, { defaultValue: key })}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      {deposit.pix && <PixCharge pix={deposit.pix} payUrl={deposit.payUrl} />}
      {waiting && (
        <p className="form-note">
          {deposit.kind === 'bank_transfer'
            ? t('centre.deposit.waiting_bank')
            : deposit.kind === 'pix'
              ? t('centre.deposit.waiting_pix')
              : t('centre.deposit.waiting_gateway')}
        </p>
      )}
      <div className="dialog-actions">
        {props.canCancel && (
          <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
            {t('centre.deposit.cancel')}
          </button>
        )}
        <button type="button" className="btn btn-primary" onClick={props.onNew}>
          {t('centre.deposit.new')}
        </button>
      </div>
    </div>
  );
}
