import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import { MOBILE_PATTERN } from '../../api/countries';
import { errorKey } from '../../api/errors';
import { inspectOptions } from '../../machines/inspect';
import { smsCountdownMachine } from '../../machines/sms-countdown.machine';
import { Modal } from '../../ui/Modal';
import { solveHumanCheck } from './humanCheck';

export type SmsPurpose = 'login' | 'reset' | 'register';

/** The "send code" button with its countdown; it reads the mobile number when pressed. */
export function SmsSendButton({
  purpose,
  mobile,
}: {
  purpose: SmsPurpose;
  mobile: () => { mobileNum: string; countryDialingCode: string };
}) {
  const send = useMemo(
    () => async () => {
      const humanCheck = await solveHumanCheck();
      const target = mobile();
      return purpose === 'register'
        ? call('smsRegister', { body: { ...target, humanCheck } })
        : call('smsNoLogin', { body: { ...target, humanCheck, purpose } });
    },
    [purpose, mobile],
  );
  return <CodeSendButton send={send} ready={() => MOBILE_PATTERN.test(mobile().mobileNum)} />;
}

/**
 * A button that sends a one-time code, then counts down until another may be asked for (spec 4.4);
 * `ready` says whether the destination is valid yet.
 */
export function CodeSendButton({
  send: sendCode,
  ready = () => true,
}: {
  send: () => Promise<{ expiredMinutes?: number }>;
  ready?: () => boolean;
}) {
  const { t } = useTranslation();
  const machine = useMemo(
    () => smsCountdownMachine.provide({ actors: { sendCode: fromPromise(() => sendCode()) } }),
    [sendCode],
  );
  const [state, send] = useMachine(machine, { input: {}, ...inspectOptions() });
  const { errorCode, errorMessage, seconds } = state.context;
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost sms-send"
        data-testid="sms-send"
        disabled={!state.matches('idle')}
        onClick={() => send({ type: 'SEND', mobileValid: ready() })}
      >
        {state.matches('counting')
          ? t('account.sms_wait', { seconds })
          : state.matches('sending')
            ? t('account.verifying')
            : t('account.sms_send')}
      </button>
      {errorCode === 'INVALID_MOBILE' && (
        <span className="field-error" role="alert">
          {t('validation.mobile')}
        </span>
      )}
      {errorCode && errorCode !== 'INVALID_MOBILE' && (
        <Modal title={t('register.warning')} onClose={() => send({ type: 'DISMISS' })} testId="sms-warning">
          <p>{errorMessage || t(errorKey(errorCode))}</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" onClick={() => send({ type: 'DISMISS' })}>
              {t('session.confirm')}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
