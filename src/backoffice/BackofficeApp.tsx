import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { call } from '../api/client';
import type { OperatorInfo } from '../api/contract/backoffice';
import { errorKey } from '../api/errors';
import { failureCode } from '../machines/failure';
import { inspectOptions } from '../machines/inspect';
import {
  type OperatorCredentials,
  type OperatorSession,
  operatorLoginMachine,
} from '../machines/operator-login.machine';
import { GROUPS, sectionsFor } from './sections';
import './backoffice.css';

const TOKEN_KEY = 'operatorToken';

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
  const logout = useCallback(() => {
    if (token) void call('operatorLogout', { token }).catch(() => {});
    sessionStorage.removeItem(TOKEN_KEY);
    setToken(null);
  }, [token]);
  if (!token) return <OperatorLogin onDone={loggedIn} />;
  return <Console token={token} operator={operator} onLogout={logout} />;
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
  const [me, setMe] = useState<OperatorInfo | null>(null);
  const [tab, setTab] = useState<string>(() => window.location.hash.replace(/^#\/?/, ''));
  useEffect(() => {
    let live = true;
    call('operatorMe', { token }).then(
      (info) => live && setMe(info),
      (error: unknown) => {
        const code = failureCode(error);
        if (live && (code === 'UNAUTHORIZED' || code === 'SESSION_EXPIRED' || code === 'ACCOUNT_DISABLED'))
          onLogout();
      },
    );
    return () => {
      live = false;
    };
  }, [token, onLogout]);
  const sections = me ? sectionsFor(me.permissions) : [];
  const current = sections.find((s) => s.key === tab) ?? sections[0];
  // On a tablet or phone the menu is a row: the page open is scrolled into it.
  const currentKey = current?.key;
  useEffect(() => {
    if (currentKey)
      document
        .querySelector('.bo-nav [aria-current="page"]')
        ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [currentKey]);
  const open = (key: string) => {
    setTab(key);
    window.history.replaceState(null, '', `#/${key}`);
  };
  return (
    <div className="bo-shell" data-testid="backoffice">
      <header className="bo-header">
        <strong>{t('backoffice.title')}</strong>
        <span className="bo-operator">
          {me?.username ?? operator}
          {me && (
            <span className="bo-role"> · {t(`backoffice.roles.${me.role}`, { defaultValue: me.role })}</span>
          )}
        </span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onLogout}>
          {t('backoffice.logout')}
        </button>
      </header>
      <div className="bo-body">
        <nav className="bo-nav" aria-label={t('backoffice.menu')}>
          {GROUPS.map((group) => {
            const inGroup = sections.filter((s) => s.group === group);
            if (inGroup.length === 0) return null;
            return (
              <div key={group} className="bo-nav-group">
                <h2 className="bo-nav-heading">{t(`backoffice.groups.${group}`)}</h2>
                <div className="bo-tabs">
                  {inGroup.map(({ key }) => (
                    <button
                      key={key}
                      type="button"
                      className={key === current?.key ? 'tab is-active' : 'tab'}
                      aria-current={key === current?.key ? 'page' : undefined}
                      onClick={() => open(key)}
                    >
                      {t(`backoffice.tabs.${key}`)}
                    </button>
                  ))}
                </div>
              </div>
            );
          })}
        </nav>
        <main className="bo-main">
          {!me && <div className="spinner" aria-busy="true" />}
          {me && !current && <p className="bo-sub">{t('backoffice.nothing_allowed')}</p>}
          {current && <current.Panel key={current.key} token={token} onExpired={onLogout} />}
        </main>
      </div>
    </div>
  );
}
