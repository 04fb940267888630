import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { call } from '../api/client';
import { errorKey } from '../api/errors';
import { inspectOptions } from '../machines/inspect';
import {
  type OperatorCredentials,
  type OperatorSession,
  operatorLoginMachine,
} from '../machines/operator-login.machine';
import { AgentsPanel } from './agents-panel';
import { GamesPanel, RoundsPanel, VendorsPanel } from './games-panels';
import { IdentityPanel } from './identity-panel';
import { LotteryPanel } from './lottery-panel';
import { OriginalsPanel } from './originals-panel';
import { AdjustPanel, AuditPanel, DepositQueue, WithdrawalQueue } from './panels';
import './backoffice.css';

const TOKEN_KEY = 'operatorToken';
const TABS = [
  'deposits',
  'withdrawals',
  'adjust',
  'audit',
  'vendors',
  'games',
  'rounds',
  'originals',
  'lottery',
  'agents',
  'identity',
] as const;
type Tab = (typeof TABS)[number];

const loginMachine = operatorLoginMachine.provide({
  actors: {
    login: fromPromise(
      ({ input }: { input: OperatorCredentials }): Promise<OperatorSession> =>
        call('operatorLogin', {
          body: {
            username: input.username,
            password: input.password,
            ...(input.code ? { code: input.code } : {}),
          },
        }),
    ),
  },
  actions: { keepSession: (_, session) => sessionStorage.setItem(TOKEN_KEY, session.token) },
});

/**
 * The operator's back office (/backoffice): its own login, then the finance queue, the audit trail and the
 * games pages (vendors and their connections, the game catalogue, the round lookup).
 */
export default function BackofficeApp() {
  const [token, setToken] = useState(() => sessionStorage.getItem(TOKEN_KEY));
  const [operator, setOperator] = useState<string | null>(null);
  const loggedIn = useCallback((t: string, name: string) => {
    setToken(t);
    setOperator(name);
  }, []);
  if (!token) return <OperatorLogin onDone={loggedIn} />;
  return (
    <Console
      token={token}
      operator={operator}
      onLogout={() => {
        void call('operatorLogout', { token }).catch(() => {});
        sessionStorage.removeItem(TOKEN_KEY);
        setToken(null);
      }}
    />
  );
}

function OperatorLogin({ onDone }: { onDone: (token: string, username: string) => void }) {
  const { t } = useTranslation();
  const [state, send] = useMachine(loginMachine, inspectOptions());
  const [values, setValues] = useState({ username: '', password: '', code: '' });
  useEffect(() => {
    if (state.status === 'done' && state.output) onDone(state.output.token, state.output.operator.username);
  }, [state.status, state.output, onDone]);
  const busy = state.matches('submitting');
  return (
    <main className="bo-login">
      <form
        className="bo-card account-form"
        data-testid="operator-login"
        onSubmit={(e) => {
          e.preventDefault();
          send({
            type: 'SUBMIT',
            credentials: { ...values, ...(values.code ? {} : { code: undefined }) } as OperatorCredentials,
          });
        }}
      >
        <h1>{t('backoffice.login')}</h1>
        <label className="field">
          <span>{t('backoffice.username')}</span>
          <input
            autoComplete="username"
            value={values.username}
            onChange={(e) => setValues({ ...values, username: e.target.value })}
          />
        </label>
        <label className="field">
          <span>{t('backoffice.password')}</span>
          <input
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => setValues({ ...values, password: e.target.value })}
          />
        </label>
        {state.context.enrolment && (
          <div className="bo-enrol" data-testid="operator-enrol">
            <p>{t('errors.TWO_FACTOR_SETUP_REQUIRED')}</p>
            <img
              src={`/api/qr.svg?text=${encodeURIComponent(state.context.enrolment.uri)}`}
              alt={t('backoffice.enrol_qr')}
              width={180}
              height={180}
            />
            <p>
              {t('backoffice.enrol_key')}{' '}
              <code data-testid="operator-enrol-secret">{state.context.enrolment.secret}</code>
            </p>
          </div>
        )}
        {state.context.needsCode && (
          <label className="field">
            <span>{t('backoffice.code')}</span>
            <input
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
              value={values.code}
              onChange={(e) => setValues({ ...values, code: e.target.value.trim() })}
            />
          </label>
        )}
        {state.context.errorCode && (
          <p className="form-error" role="alert">
            {t(errorKey(state.context.errorCode))}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {t('backoffice.submit')}
        </button>
      </form>
    </main>
  );
}

function Console({
  token,
  operator,
  onLogout,
}: {
  token: string;
  operator: string | null;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('deposits');
  return (
    <div className="bo-shell" data-testid="backoffice">
      <header className="bo-header">
        <strong>{t('backoffice.title')}</strong>
        <nav className="bo-tabs">
          {TABS.map((key) => (
            <button
              key={key}
              type="button"
              className={key === tab ? 'tab is-active' : 'tab'}
              aria-current={key === tab ? 'page' : undefined}
              onClick={() => setTab(key)}
            >
              {t(`backoffice.tabs.${key}`)}
            </button>
          ))}
        </nav>
        <span className="bo-operator">{operator}</span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onLogout}>
          {t('backoffice.logout')}
        </button>
      </header>
      <main className="bo-main">
        {tab === 'deposits' && <DepositQueue token={token} onExpired={onLogout} />}
        {tab === 'withdrawals' && <WithdrawalQueue token={token} onExpired={onLogout} />}
        {tab === 'adjust' && <AdjustPanel token={token} />}
        {tab === 'audit' && <AuditPanel token={token} />}
        {tab === 'vendors' && <VendorsPanel token={token} onExpired={onLogout} />}
        {tab === 'games' && <GamesPanel token={token} onExpired={onLogout} />}
        {tab === 'rounds' && <RoundsPanel token={token} onExpired={onLogout} />}
        {tab === 'originals' && <OriginalsPanel token={token} onExpired={onLogout} />}
        {tab === 'lottery' && <LotteryPanel token={token} onExpired={onLogout} />}
        {tab === 'agents' && <AgentsPanel token={token} onExpired={onLogout} />}
        {tab === 'identity' && <IdentityPanel token={token} onExpired={onLogout} />}
      </main>
    </div>
  );
}
