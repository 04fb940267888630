import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import { errorKey } from '../../api/errors';
import { inspectOptions } from '../../machines/inspect';
import { twoFactorMachine } from '../../machines/two-factor.machine';
import { useSession, useSessionActor } from '../session/session';

const CODE = /^\d{6}$/;

/** The two-step machine with the site's calls. */
export const siteTwoFactorMachine = twoFactorMachine.provide({
  actors: {
    setUp: fromPromise(() => call('twoFactorSetup')),
    enable: fromPromise<unknown, { code: string }>(({ input }) =>
      call('twoFactorEnable', { body: { code: input.code } }),
    ),
    disable: fromPromise<unknown, { code: string }>(({ input }) =>
      call('twoFactorDisable', { body: { code: input.code } }),
    ),
  },
});

/**
 * Turning two-step verification (an authenticator app) on or off: renders the two-factor machine by its
 * tags. Used in the header's security dialog and on "Minha conta"; the member is reloaded after a change.
 */
export function TwoFactorPanel() {
  const { t } = useTranslation();
  const { member } = useSession();
  const session = useSessionActor();
  const machine = useMemo(
    () => siteTwoFactorMachine.provide({ actions: { changed: () => session.send({ type: 'REFRESH' }) } }),
    [session],
  );
  const [state, send] = useMachine(machine, {
    input: { enabled: member?.twoFactor ?? false },
    ...inspectOptions(),
  });
  const [code, setCode] = useState('');
  const [badCode, setBadCode] = useState(false);
  const busy = state.hasTag('busy');
  const on = state.hasTag('on');
  const setup = state.hasTag('setup') ? state.context.setup : null;

  const submitCode = (e: React.FormEvent) => {
    e.preventDefault();
    const ok = CODE.test(code);
    setBadCode(!ok);
    if (!ok) return;
    send(on ? { type: 'DISABLE', code } : { type: 'CONFIRM', code });
    setCode('');
  };

  return (
    <div className="account-form two-factor-panel" data-testid="two-factor-panel">
      <p data-testid="two-factor-state" data-enabled={on}>
        {t(on ? 'security.on' : 'security.off')}
      </p>
      {state.hasTag('off') && (
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="two-factor-start"
          disabled={busy}
          onClick={() => send({ type: 'START' })}
        >
          {t('security.start')}
        </button>
      )}
      {setup && (
        <div className="two-factor-setup">
          <p>{t('security.scan')}</p>
          <img src={`/api/qr.svg?text=${encodeURIComponent(setup.uri)}`} alt="" width={180} height={180} />
          <p>
            {t('security.or_key')} <code data-testid="two-factor-secret">{setup.secret}</code>
          </p>
        </div>
      )}
      {(setup || on) && (
        <form className="account-form" noValidate onSubmit={submitCode}>
          <label className="field">
            <span>{t('account.two_factor_code')}</span>
            <input
              inputMode="numeric"
              autoComplete="one-time-code"
              data-testid="two-factor-code"
              maxLength={6}
              value={code}
              aria-invalid={badCode}
              onChange={(e) => setCode(e.target.value.trim())}
            />
            {badCode && (
              <span className="field-error" role="alert">
                {t('validation.two_factor_code')}
              </span>
            )}
          </label>
          <button
            type="submit"
            className="btn btn-primary btn-block"
            data-testid="two-factor-submit"
            disabled={busy}
          >
            {t(on ? 'security.disable' : 'security.enable')}
          </button>
          {setup && (
            <button
              type="button"
              className="btn btn-ghost btn-block"
              disabled={busy}
              onClick={() => send({ type: 'CANCEL' })}
            >
              {t('security.cancel')}
            </button>
          )}
        </form>
      )}
      {state.context.errorCode && (
        <p className="form-error" role="alert">
          {t(errorKey(state.context.errorCode))}
        </p>
      )}
    </div>
  );
}
