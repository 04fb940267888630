import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../api/errors';
import { Modal } from '../../ui/Modal';
import { useSessionActor } from './session';

/** Logout confirmation (spec 2.4), the session-expired notice (key in_been_out) and the hand-off question. */
export function SessionDialogs() {
  const { t } = useTranslation();
  const actor = useSessionActor();
  const confirming = useSelector(actor, (s) => s.matches('confirmingLogout'));
  const expired = useSelector(actor, (s) => s.matches('expired'));
  const handoff = useSelector(actor, (s) =>
    s.matches('confirmingHandoff')
      ? { account: s.context.handoffAccount ?? '', hasSession: s.context.token !== null }
      : null,
  );
  const signInError = useSelector(actor, (s) => s.context.signInError);
  const twoFactor = useSelector(actor, (s) =>
    s.matches('externalTwoFactor') || s.matches('verifyingExternalTwoFactor')
      ? { busy: s.matches('verifyingExternalTwoFactor'), error: s.context.twoFactor?.error ?? null }
      : null,
  );
  if (twoFactor) {
    const cancel = () => actor.send({ type: 'CANCEL' });
    return (
      <Modal title={t('titles.LOGIN')} onClose={cancel} testId="sign-in-two-factor">
        <form
          className="account-form"
          onSubmit={(e) => {
            e.preventDefault();
            const code = String(new FormData(e.currentTarget).get('code') ?? '').trim();
            if (!twoFactor.busy) actor.send({ type: 'SUBMIT_TWO_FACTOR', code });
          }}
        >
          <p className="form-note">{t('errors.TWO_FACTOR_REQUIRED')}</p>
          <label className="field">
            <span>{t('account.two_factor_code')} *</span>
            <input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
            />
          </label>
          {twoFactor.error && (
            <p className="form-error" role="alert">
              {t(errorKey(twoFactor.error))}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={cancel}>
              {t('session.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={twoFactor.busy}>
              {t('account.login_submit')}
            </button>
          </div>
        </form>
      </Modal>
    );
  }
  if (signInError && !handoff) {
    const dismiss = () => actor.send({ type: 'DISMISS_SIGN_IN_ERROR' });
    return (
      <Modal title={t('session.sign_in_failed')} onClose={dismiss} testId="sign-in-failed">
        <p>{t(errorKey(signInError))}</p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-primary" onClick={dismiss}>
            {t('session.confirm')}
          </button>
        </div>
      </Modal>
    );
  }
  if (handoff) {
    return (
      <Modal
        title={t('session.handoff_title', { account: handoff.account })}
        onClose={() => actor.send({ type: 'KEEP_SESSION' })}
        testId="handoff-confirm"
      >
        <p>
          {t(handoff.hasSession ? 'session.handoff_text_session' : 'session.handoff_text_guest', {
            account: handoff.account,
          })}
        </p>
        <div className="dialog-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => actor.send({ type: 'KEEP_SESSION' })}
          >
            {t(handoff.hasSession ? 'session.handoff_keep' : 'session.handoff_decline')}
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => actor.send({ type: 'SWITCH_ACCOUNT' })}
          >
            {t('session.handoff_switch', { account: handoff.account })}
          </button>
        </div>
      </Modal>
    );
  }
  if (confirming) {
    return (
      <Modal
        title={t('session.logout_title')}
        onClose={() => actor.send({ type: 'CANCEL' })}
        testId="logout-confirm"
      >
        <p>{t('session.logout_text')}</p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={() => actor.send({ type: 'CANCEL' })}>
            {t('session.cancel')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'CONFIRM' })}>
            {t('session.confirm')}
          </button>
        </div>
      </Modal>
    );
  }
  if (expired) {
    return (
      <Modal
        title={t('session.expired_title')}
        onClose={() => actor.send({ type: 'ACKNOWLEDGE' })}
        testId="session-expired"
      >
        <p>{t('session.in_been_out')}</p>
        <div className="dialog-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => actor.send({ type: 'ACKNOWLEDGE' })}
          >
            {t('session.confirm')}
          </button>
        </div>
      </Modal>
    );
  }
  return null;
}
