import { zodResolver } from '@hookform/resolvers/zod';
import { useMachine } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { z } from 'zod';
import { call } from '../../api/client';
import { MOBILE_PATTERN } from '../../api/countries';
import { errorKey } from '../../api/errors';
import { forgotPasswordMachine, type RecoveryMethod } from '../../machines/forgot-password.machine';
import { inspectOptions } from '../../machines/inspect';
import { loader } from '../../ui/Loader';
import { Modal } from '../../ui/Modal';
import { fieldMessage } from './fieldMessage';
import { MobileInput } from './MobileInput';
import { SmsSendButton } from './SmsSendButton';

const emailSchema = z.object({
  username: z.string().trim().min(1, 'validation.required'),
  email: z.string().trim().email('patterns.p4'),
});
const codeSchema = z.object({
  verificationCode: z.string().trim().min(1, 'errors.SMS_CODE_INVALID'),
  newPassword: z.string().min(1, 'validation.required'),
});
const phoneSchema = z.object({
  mobileNum: z.string().trim().regex(MOBILE_PATTERN, 'validation.mobile'),
  countryDialingCode: z.string(),
  verificationCode: z.string().trim().min(1, 'errors.SMS_CODE_INVALID'),
  newPassword: z.string().min(1, 'validation.required'),
});

/**
 * Forgot password, by email or by phone (spec 4.5); ends back on the login tab. By phone only where the
 * brand allows a new password by a code to the phone (CHNGPASSVERIF3).
 */
export function ForgotPasswordPanel({ onBack, byPhone = true }: { onBack: () => void; byPhone?: boolean }) {
  const { t } = useTranslation();
  const machine = useMemo(
    () =>
      forgotPasswordMachine.provide({
        actors: {
          requestCode: fromPromise<unknown, { username: string; email: string }>(({ input }) =>
            call('forgotByEmail', { body: input }),
          ),
          reset: fromPromise<unknown, { method: RecoveryMethod; values: Record<string, string> }>(
            ({ input }) =>
              input.method === 'email'
                ? call('resetByEmail', {
                    body: input.values as {
                      username: string;
                      email: string;
                      verificationCode: string;
                      newPassword: string;
                    },
                  })
                : call('resetByPhone', {
                    body: input.values as {
                      mobileNum: string;
                      countryDialingCode: string;
                      verificationCode: string;
                      newPassword: string;
                    },
                  }),
          ),
        },
        actions: { showLoader: () => loader.show(), hideLoader: () => loader.hide(), finish: onBack },
      }),
    [onBack],
  );
  const [state, send] = useMachine(machine, { input: { method: 'email' }, ...inspectOptions() });
  const method = state.context.method;
  const email = useForm({ resolver: zodResolver(emailSchema), defaultValues: { username: '', email: '' } });
  const emailCode = useForm({
    resolver: zodResolver(codeSchema),
    defaultValues: { verificationCode: '', newPassword: '' },
  });
  const phone = useForm({
    resolver: zodResolver(phoneSchema),
    defaultValues: { mobileNum: '', countryDialingCode: '55', verificationCode: '', newPassword: '' },
  });
  const mobile = useCallback(
    () => ({
      mobileNum: phone.getValues('mobileNum').trim(),
      countryDialingCode: phone.getValues('countryDialingCode'),
    }),
    [phone],
  );
  const issue = (field: string, message?: string) =>
    fieldMessage(t, message) ?? state.context.issues.find((i) => i.path === `body.${field}`)?.message;
  const error = (text?: string) =>
    text ? (
      <span className="field-error" role="alert">
        {text}
      </span>
    ) : null;

  return (
    <div className="forgot" data-testid="forgot-password">
      <h3 className="forgot-title">{t('account.forgot_title')}</h3>
      {byPhone && (
        <div className="subtabs" role="tablist">
          {(['email', 'phone'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={method === m}
              className={`subtab${method === m ? ' is-active' : ''}`}
              onClick={() => send({ type: 'USE', method: m })}
            >
              {t(m === 'email' ? 'account.forgot_email' : 'account.forgot_phone')}
            </button>
          ))}
        </div>
      )}
      {state.matches('enteringCode') || (state.matches('resetting') && method === 'email') ? (
        <form
          className="account-form"
          noValidate
          data-testid="forgot-email-code"
          onSubmit={emailCode.handleSubmit((values) => send({ type: 'SUBMIT', values }))}
        >
          <p className="form-note" role="status">
            {t('account.forgot_code_sent', { email: state.context.account?.email ?? '' })}
          </p>
          <label className="field">
            <span>{t('account.email_code')} *</span>
            <input
              inputMode="numeric"
              autoComplete="one-time-code"
              {...emailCode.register('verificationCode')}
            />
            {error(issue('verificationCode', emailCode.formState.errors.verificationCode?.message))}
          </label>
          <label className="field">
            <span>{t('account.new_password')} *</span>
            <input type="password" autoComplete="new-password" {...emailCode.register('newPassword')} />
            {error(issue('newPassword', emailCode.formState.errors.newPassword?.message))}
          </label>
          <button type="submit" className="btn btn-primary btn-block" disabled={state.hasTag('busy')}>
            {t('account.reset_submit')}
          </button>
          <p className="form-switch">
            <button type="button" className="link" onClick={() => send({ type: 'RESEND' })}>
              {t('account.resend_code')}
            </button>
            {' · '}
            <button type="button" className="link" onClick={() => send({ type: 'BACK' })}>
              {t('account.forgot_change_details')}
            </button>
          </p>
        </form>
      ) : method === 'email' ? (
        <form
          className="account-form"
          noValidate
          onSubmit={email.handleSubmit((values) => send({ type: 'SUBMIT', values }))}
        >
          <label className="field">
            <span>{t('account.username')} *</span>
            <input autoComplete="username" {...email.register('username')} />
            {error(issue('username', email.formState.errors.username?.message))}
          </label>
          <label className="field">
            <span>{t('account.email')} *</span>
            <input type="email" autoComplete="email" {...email.register('email')} />
            {error(issue('email', email.formState.errors.email?.message && 'validation.invalid_format'))}
          </label>
          <button type="submit" className="btn btn-primary btn-block">
            {t('account.forgot_submit')}
          </button>
        </form>
      ) : (
        <form
          className="account-form"
          noValidate
          onSubmit={phone.handleSubmit((values) => send({ type: 'SUBMIT', values }))}
        >
          <div className="field">
            <span>{t('account.mobile')} *</span>
            <MobileInput
              dialing={phone.register('countryDialingCode')}
              number={phone.register('mobileNum')}
              invalid={!!phone.formState.errors.mobileNum}
            />
            {error(issue('mobileNum', phone.formState.errors.mobileNum?.message))}
          </div>
          <div className="field">
            <label htmlFor="reset-code">{t('account.sms_code')} *</label>
            <div className="code-row">
              <input
                id="reset-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                {...phone.register('verificationCode')}
              />
              <SmsSendButton purpose="reset" mobile={mobile} />
            </div>
            {error(issue('verificationCode', phone.formState.errors.verificationCode?.message))}
          </div>
          <label className="field">
            <span>{t('account.new_password')} *</span>
            <input type="password" autoComplete="new-password" {...phone.register('newPassword')} />
            {error(issue('newPassword', phone.formState.errors.newPassword?.message))}
          </label>
          <button type="submit" className="btn btn-primary btn-block">
            {t('account.reset_submit')}
          </button>
        </form>
      )}
      {state.context.errorCode && state.context.errorCode !== 'VALIDATION_FAILED' && (
        <p className="form-error" role="alert" data-testid="forgot-error">
          {t(errorKey(state.context.errorCode))}
        </p>
      )}
      <p className="form-switch">
        <button type="button" className="link" onClick={onBack}>
          {t('account.login_tab')}
        </button>
      </p>
      {state.matches('confirmed') && (
        <Modal
          title={t('session.notice_title')}
          onClose={() => send({ type: 'ACKNOWLEDGE' })}
          testId="forgot-confirmation"
        >
          <p>{t(method === 'email' ? 'account.forgot_email_done' : 'account.reset_done')}</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" onClick={() => send({ type: 'ACKNOWLEDGE' })}>
              {t('session.confirm')}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
