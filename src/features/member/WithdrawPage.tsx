import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { call, sendForm } from '../../api/client';
import { errorKey } from '../../api/errors';
import { normalizePixKey, PIX_KEY_TYPES, type PixKeyType } from '../../api/pix-key';
import { inspectOptions } from '../../machines/inspect';
import type { Attempt } from '../../machines/request-attempt';
import {
  type BankAccountInput,
  type IdentityInput,
  type WithdrawRequest,
  type WithdrawSetup,
  withdrawMachine,
} from '../../machines/withdraw.machine';
import { type WithdrawalAction, withdrawalHistoryMachine } from '../../machines/withdrawal-history.machine';
import { formatAmount, formatDateTime, parseAmount } from '../../ui/format';
import { useMemberEvents } from '../session/member-events';
import { IdentityForm } from './IdentityForm';

const machine = withdrawMachine.provide({
  actors: {
    loadSetup: fromPromise<WithdrawSetup>(() => call('withdrawSetup')),
    saveIdentity: fromPromise<unknown, IdentityInput>(({ input }) => call('saveIdentity', { body: input })),
    setPassword: fromPromise<unknown, { loginPassword: string; password: string }>(({ input }) =>
      call('paymentPassword', { body: input }),
    ),
    addBank: fromPromise<unknown, BankAccountInput>(({ input }) => call('addBankAccount', { body: input })),
    requestWithdrawal: fromPromise<{ reference: string }, Attempt<WithdrawRequest>>(({ input }) =>
      call('requestWithdrawal', { body: { ...input.request, requestId: input.requestId } }),
    ),
  },
});

/** Withdraw (spec 4.8): payment password, bank account, request; then the history with confirmations. */
export default function WithdrawPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [state, send] = useMachine(machine, inspectOptions());
  const { setup, errorCode, errorMessage } = state.context;
  const [version, setVersion] = useState(0);
  const error = errorCode ? (
    <p className="form-error" role="alert">
      {errorMessage || t(errorKey(errorCode))}
    </p>
  ) : null;
  const money = (minor: number) => formatAmount(minor, lang);

  let step: React.ReactNode = <div className="skeleton" style={{ height: 200 }} />;
  if (state.matches('unavailable')) step = error;
  if ((state.matches('needsIdentity') || state.matches('savingIdentity')) && setup) {
    step = (
      <IdentityForm
        missing={setup.identityMissing ?? []}
        busy={state.matches('savingIdentity')}
        error={error}
        onSubmit={(identity) => send({ type: 'SAVE_IDENTITY', identity })}
      />
    );
  }
  if (state.matches('needsPassword') || state.matches('savingPassword')) {
    step = (
      <PasswordForm
        busy={state.matches('savingPassword')}
        error={error}
        onSubmit={(v) => send({ type: 'SET_PASSWORD', ...v })}
      />
    );
  }
  if (state.matches('needsBank') || state.matches('savingBank')) {
    step = (
      <BankForm
        busy={state.matches('savingBank')}
        error={error}
        onSubmit={(bank) => send({ type: 'ADD_BANK', bank })}
      />
    );
  }
  if ((state.matches('editing') || state.matches('submitting')) && setup) {
    step = (
      <RequestForm
        setup={setup}
        lang={lang}
        busy={state.matches('submitting')}
        error={error}
        onSubmit={(request) => send({ type: 'SUBMIT', request })}
      />
    );
  }
  if (state.matches('requested')) {
    step = (
      <div className="deposit-status">
        <p className="form-success" data-testid="withdraw-requested">
          {t('centre.withdraw.requested', { reference: state.context.reference })}
        </p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-primary" onClick={() => send({ type: 'NEW' })}>
            {t('centre.withdraw.new')}
          </button>
        </div>
      </div>
    );
  }
  // The history reloads whenever a request has just been made.
  const requested = state.matches('requested');
  useEffect(() => {
    if (requested) setVersion((v) => v + 1);
  }, [requested]);
  return (
    <div className="withdraw-page" data-testid="withdraw-page">
      {setup && state.matches('editing') && (
        <p className="muted">
          {t('centre.withdraw.available', { balance: `${money(setup.balance)} ${setup.currency}` })}
        </p>
      )}
      {step}
      <WithdrawalHistory version={version} lang={lang} />
    </div>
  );
}

function PasswordForm({
  busy,
  error,
  onSubmit,
}: {
  busy: boolean;
  error: React.ReactNode;
  onSubmit: (v: { loginPassword: string; password: string }) => void;
}) {
  const { t } = useTranslation();
  const [v, setV] = useState({ loginPassword: '', password: '' });
  return (
    <form
      className="account-form deposit-form"
      data-testid="payment-password-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(v);
      }}
    >
      <h3 className="member-subtitle">{t('centre.withdraw.set_password_title')}</h3>
      <p className="muted">{t('centre.withdraw.set_password_text')}</p>
      <label className="field">
        <span>{t('centre.withdraw.login_password')}</span>
        <input
          type="password"
          autoComplete="current-password"
          value={v.loginPassword}
          onChange={(e) => setV({ ...v, loginPassword: e.target.value })}
        />
      </label>
      <label className="field">
        <span>{t('centre.withdraw.payment_password')}</span>
        <input
          type="password"
          inputMode="numeric"
          maxLength={6}
          autoComplete="new-password"
          value={v.password}
          onChange={(e) => setV({ ...v, password: e.target.value })}
        />
      </label>
      {error}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('centre.withdraw.save')}
      </button>
    </form>
  );
}

/** Where withdrawals go: a bank account, or a PIX key of one of its four types (checked as the server does). */
function BankForm({
  busy,
  error,
  onSubmit,
}: {
  busy: boolean;
  error: React.ReactNode;
  onSubmit: (bank: BankAccountInput) => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'pix' | 'bank'>('pix');
  const [keyType, setKeyType] = useState<PixKeyType>('cpf');
  const [v, setV] = useState({ bankName: '', accountName: '', accountNumber: '' });
  const [badKey, setBadKey] = useState(false);
  return (
    <form
      className="account-form deposit-form"
      data-testid="bank-account-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (kind === 'bank') return onSubmit(v);
        const key = normalizePixKey(keyType, v.accountNumber);
        setBadKey(key === null);
        if (key !== null) onSubmit({ pixKeyType: keyType, accountName: v.accountName, accountNumber: key });
      }}
    >
      <h3 className="member-subtitle">{t('centre.withdraw.bank_title')}</h3>
      <fieldset className="method-choice">
        <legend>{t('centre.withdraw.payee_kind')}</legend>
        {(['pix', 'bank'] as const).map((k) => (
          <label key={k} className={k === kind ? 'method-card is-active' : 'method-card'}>
            <input
              type="radio"
              name="payee-kind"
              value={k}
              checked={k === kind}
              onChange={() => setKind(k)}
            />
            <span>{t(`centre.withdraw.payee_${k}`)}</span>
          </label>
        ))}
      </fieldset>
      {kind === 'bank' ? (
        <label className="field">
          <span>{t('centre.withdraw.bank_name')}</span>
          <input value={v.bankName} onChange={(e) => setV({ ...v, bankName: e.target.value })} />
        </label>
      ) : (
        <label className="field">
          <span>{t('centre.withdraw.pix_type')}</span>
          <select value={keyType} onChange={(e) => setKeyType(e.target.value as PixKeyType)}>
            {PIX_KEY_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`centre.withdraw.pix_types.${type}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="field">
        <span>{t('centre.withdraw.account_name')}</span>
        <input value={v.accountName} onChange={(e) => setV({ ...v, accountName: e.target.value })} />
      </label>
      <label className="field">
        <span>{kind === 'bank' ? t('centre.withdraw.account_number') : t('centre.withdraw.pix_key')}</span>
        <input
          value={v.accountNumber}
          aria-invalid={badKey}
          inputMode={kind === 'pix' && (keyType === 'cpf' || keyType === 'phone') ? 'tel' : 'text'}
          placeholder={kind === 'pix' ? t(`centre.withdraw.pix_placeholders.${keyType}`) : undefined}
          onChange={(e) => setV({ ...v, accountNumber: e.target.value })}
        />
        {kind === 'pix' && badKey && (
          <small className="form-error" role="alert">
            {t('centre.withdraw.pix_invalid', { type: t(`centre.withdraw.pix_types.${keyType}`) })}
          </small>
        )}
      </label>
      {error}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('centre.withdraw.add_bank')}
      </button>
    </form>
  );
}

function RequestForm(props: {
  setup: NonNullable<ReturnType<typeof withdrawMachine.getInitialSnapshot>['context']['setup']>;
  lang: string;
  busy: boolean;
  error: React.ReactNode;
  onSubmit: (request: WithdrawRequest) => void;
}) {
  const { t } = useTranslation();
  const { setup, lang } = props;
  const [account, setAccount] = useState(setup.bankAccounts[0]!.id);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState(false);
  return (
    <form
      className="account-form deposit-form"
      data-testid="withdraw-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const minor = parseAmount(amount, lang);
        setInvalid(minor === null);
        if (minor !== null)
          props.onSubmit({
            bankAccountId: account,
            amount: minor,
            paymentPassword: password,
          });
      }}
    >
      <label className="field">
        <span>{t('centre.withdraw.to_account')}</span>
        <select value={account} onChange={(e) => setAccount(Number(e.target.value))}>
          {setup.bankAccounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.pixKeyType
                ? `PIX (${t(`centre.withdraw.pix_types.${a.pixKeyType}`)}) · ${a.accountName} · ${a.accountNumber}`
                : `${a.bankName} · ${a.accountName} · ${a.accountNumber}`}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('centre.withdraw.amount', { currency: setup.currency })}</span>
        <input
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={invalid}
        />
        <small className="muted">
          {t('centre.withdraw.limits', {
            min: formatAmount(setup.minAmount, lang),
            max: formatAmount(setup.maxAmount, lang),
            used: setup.usedToday,
            count: setup.dailyCount,
          })}
        </small>
        {invalid && (
          <span className="field-error" role="alert">
            {t('centre.deposit.invalid_amount')}
          </span>
        )}
      </label>
      <label className="field">
        <span>{t('centre.withdraw.payment_password')}</span>
        <input
          type="password"
          inputMode="numeric"
          maxLength={6}
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {props.error}
      <button type="submit" className="btn btn-primary btn-block" disabled={props.busy}>
        {t('centre.withdraw.submit')}
      </button>
    </form>
  );
}

const historyMachine = withdrawalHistoryMachine.provide({
  actors: {
    load: fromPromise(() => call('withdrawals', { query: { limit: 20 } })),
    act: fromPromise<unknown, WithdrawalAction>(async ({ input }) => {
      if (input.kind === 'cancel') return call('cancelWithdrawal', { body: { reference: input.reference } });
      if (input.kind === 'confirm') {
        return call('confirmWithdrawal', { body: { reference: input.reference, outcome: input.outcome } });
      }
      if (input.pictures.length > 0) {
        const form = new FormData();
        form.set('reference', input.reference);
        for (const file of input.pictures) form.append('proof', file);
        await sendForm('withdrawalProof', form);
      }
      return call('confirmWithdrawal', {
        body: {
          reference: input.reference,
          outcome: 'not_received',
          ...(input.proof ? { proof: input.proof } : {}),
        },
      });
    }),
  },
});

function WithdrawalHistory({ version, lang }: { version: number; lang: string }) {
  const { t } = useTranslation();
  const [state, send] = useMachine(historyMachine, inspectOptions());
  const items = state.context.items;
  const error = state.context.errorCode;
  const busy = state.hasTag('busy');
  // What the member is typing for a dispute stays in the form until it is sent.
  const [proof, setProof] = useState<Record<string, string>>({});
  const [pictures, setPictures] = useState<Record<string, File[]>>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version means a new request was made
  useEffect(() => {
    if (version > 0) send({ type: 'RELOAD' });
  }, [version]);
  // The operator's decision arrives live.
  useMemberEvents((event) => {
    if (event.type === 'withdrawal' || event.type === 'resync') send({ type: 'RELOAD' });
  });
  const act = (action: WithdrawalAction) => send({ type: 'ACT', action });
  return (
    <section className="withdraw-history">
      <h3 className="member-subtitle">{t('centre.withdraw.history')}</h3>
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      {items.length === 0 && <p className="muted">{t('centre.withdraw.none')}</p>}
      <ul className="withdrawal-list">
        {items.map((w) => (
          <li key={w.reference} data-testid={`withdrawal-${w.reference}`} data-status={w.status}>
            <div className="withdrawal-head">
              <strong>{formatAmount(w.amount, lang)}</strong>
              <span className={`status-badge status-${w.status}`}>
                {t(`centre.withdraw.statuses.${w.status}`)}
              </span>
              <code>{w.reference}</code>
              <span className="muted">{formatDateTime(w.createdAt)}</span>
            </div>
            {w.reason && <p className="muted">{w.reason}</p>}
            {w.status === 'review' && <p className="muted">{t('centre.withdraw.review_note')}</p>}
            {(w.status === 'pending' || w.status === 'review') && (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={busy}
                onClick={() => act({ kind: 'cancel', reference: w.reference })}
              >
                {t('centre.withdraw.cancel')}
              </button>
            )}
            {w.status === 'paid' && (
              <div className="withdrawal-confirm">
                {w.confirmBy && (
                  <p className="muted">
                    {t('centre.withdraw.confirm_by', { time: formatDateTime(w.confirmBy) })}
                  </p>
                )}
                <div className="confirm-actions">
                  {(['received', 'all_received'] as const).map((outcome) => (
                    <button
                      key={outcome}
                      type="button"
                      className="btn btn-primary btn-sm"
                      disabled={busy}
                      onClick={() => act({ kind: 'confirm', reference: w.reference, outcome })}
                    >
                      {t(`centre.withdraw.${outcome}`)}
                    </button>
                  ))}
                  <input
                    aria-label={t('centre.withdraw.proof')}
                    placeholder={t('centre.withdraw.proof')}
                    maxLength={140}
                    value={proof[w.reference] ?? ''}
                    onChange={(e) => setProof({ ...proof, [w.reference]: e.target.value })}
                  />
                  <label className="proof-files">
                    <span>{t('centre.withdraw.attach')}</span>
                    <input
                      type="file"
                      accept="image/png,image/jpeg"
                      multiple
                      data-testid="proof-files"
                      onChange={(e) =>
                        setPictures({
                          ...pictures,
                          [w.reference]: Array.from(e.target.files ?? []).slice(0, 3),
                        })
                      }
                    />
                  </label>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={busy}
                    onClick={() =>
                      act({
                        kind: 'dispute',
                        reference: w.reference,
                        proof: proof[w.reference] ?? '',
                        pictures: pictures[w.reference] ?? [],
                      })
                    }
                  >
                    {t('centre.withdraw.not_received')}
                  </button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
