import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { z } from 'zod';
import { call, prepareSealing } from '../../api/client';
import type { LoginResult } from '../../api/contract/accounts';
import { MOBILE_PATTERN } from '../../api/countries';
import { errorKey } from '../../api/errors';
import { type LoginValues, loginMachine } from '../../machines/login.machine';
import { loader } from '../../ui/Loader';
import { CaptchaField, loadCaptcha } from './CaptchaField';
import { prepareHumanCheck, solveHumanCheck } from './humanCheck';
import { MobileInput } from './MobileInput';
import { NewAddressStep } from './NewAddressStep';
import { rememberedMobile, rememberedUsername, rememberLogin } from './remember';
import { SmsSendButton } from './SmsSendButton';

type Method = 'username' | 'sms';

const schema = (captchaShown: boolean, method: Method, remembered: boolean) =>
  z.object({
    username:
      method === 'sms'
        ? z.string().trim().regex(MOBILE_PATTERN, 'validation.mobile')
        : z.string().trim().min(1, 'validation.required'),
    password:
      method === 'sms'
        ? z.string().trim().min(1, 'errors.SMS_CODE_INVALID')
        : remembered
          ? z.string()
          : z.string().min(1, 'validation.required'),
    countryDialingCode: z.string(),
    captcha: captchaShown ? z.string().trim().min(1, 'errors.CAPTCHA_REQUIRED') : z.string().optional(),
    remember: z.boolean(),
  });

type LoginInputs = { values: LoginValues; humanCheck: string | null; agentLogin: boolean };

/** The login machine with the site's effects; the auth flow runs it as its child. */
export const siteLoginMachine = loginMachine.provide({
  actors: {
    solveHumanCheck: fromPromise(() => solveHumanCheck()),
    login: fromPromise<LoginResult, LoginInputs>(({ input }) => {
      const { values } = input;
      return call('login', {
        body: {
          username: values.username,
          password: values.password,
          // An empty password on a remembered form means: use the remember-me cookie.
          type: values.countryDialingCode ? 'sms' : values.password ? 'username' : 'remember',
          // The agent page has no remember box: it leaves the member's remembered login alone.
          ...(input.agentLogin ? {} : { remember: values.remember }),
          ...(values.countryDialingCode ? { countryDialingCode: values.countryDialingCode } : {}),
          ...(values.captcha ? { captcha: values.captcha } : {}),
          ...(input.humanCheck ? { humanCheck: input.humanCheck } : {}),
          ...(input.agentLogin ? { agentLogin: true } : {}),
        },
      });
    }),
    loadCaptcha: fromPromise(loadCaptcha),
    verifyTwoFactor: fromPromise<LoginResult, { challenge: string; code: string }>(({ input }) =>
      call('twoFactorLogin', { body: input }),
    ),
    verifyNewAddress: fromPromise<LoginResult, { challenge: string; code: string }>(({ input }) =>
      call('newAddressVerify', { body: input }),
    ),
    verifyHolderName: fromPromise<LoginResult, { challenge: string; holderName: string }>(({ input }) =>
      call('newAddressHolder', { body: input }),
    ),
  },
  actions: {
    showLoader: () => loader.show(),
    hideLoader: () => loader.hide(),
    remember: (_, values) => rememberLogin(values),
  },
});

/**
 * The login form, by username and password or by mobile and sms code. It renders the login machine the
 * auth flow is running (`actor`) and sends it the visitor's events; what follows a login is the flow's.
 */
export function LoginForm({
  actor,
  agentPage = false,
  method = 'username',
  onSwitchToRegister,
  onForgot,
}: {
  actor: ActorRefFrom<typeof siteLoginMachine>;
  agentPage?: boolean;
  method?: Method;
  onSwitchToRegister?: () => void;
  onForgot?: () => void;
}) {
  const { t } = useTranslation();
  const state = useSelector(actor, (s) => s);
  const send = actor.send;
  const captchaShown = state.context.captchaRequired;
  const remembered =
    method === 'sms' ? rememberedMobile() : { username: rememberedUsername(), countryDialingCode: '55' };
  const oneClick =
    method === 'username' && !!remembered.username && state.context.errorCode !== 'REMEMBER_EXPIRED';
  const resolver = useMemo(
    () => zodResolver(schema(captchaShown, method, oneClick)),
    [captchaShown, method, oneClick],
  );
  const {
    register,
    handleSubmit,
    resetField,
    getValues,
    formState: { errors },
  } = useForm({
    resolver,
    defaultValues: {
      username: remembered.username,
      countryDialingCode: remembered.countryDialingCode,
      password: '',
      captcha: '',
      remember: !!remembered.username,
    },
  });
  const mobile = useCallback(
    () => ({
      mobileNum: String(getValues('username')).trim(),
      countryDialingCode: String(getValues('countryDialingCode')),
    }),
    [getValues],
  );

  // A captcha is spent by any attempt: clear the field whenever a new image arrives.
  useEffect(() => {
    if (state.context.captchaImage) resetField('captcha');
  }, [state.context.captchaImage, resetField]);

  // The human check and the server's key are ready before the tap on Entrar (an sms login needs neither).
  const editing = state.matches('editing');
  useEffect(() => {
    if (!editing) return;
    prepareSealing();
    if (method === 'username') prepareHumanCheck();
  }, [editing, method]);

  const busy = state.matches('verifying') || state.matches('loggingIn');
  if (state.matches('twoFactor') || state.matches('verifyingCode')) {
    return (
      <TwoFactorStep
        busy={state.matches('verifyingCode')}
        errorCode={state.context.errorCode}
        onSubmit={(code) => send({ type: 'SUBMIT_CODE', code })}
      />
    );
  }
  if (
    state.context.addressCheck &&
    (state.matches('addressCheck') || state.matches('verifyingAddress') || state.matches('verifyingHolder'))
  ) {
    return (
      <NewAddressStep
        check={state.context.addressCheck}
        busy={state.matches('verifyingAddress') || state.matches('verifyingHolder')}
        errorCode={state.context.errorCode}
        onSubmit={(code) => send({ type: 'SUBMIT_ADDRESS_CODE', code })}
        onSubmitHolderName={(holderName) => send({ type: 'SUBMIT_HOLDER_NAME', holderName })}
        onBack={() => send({ type: 'BACK' })}
      />
    );
  }
  const fieldError = (message?: string) =>
    message ? (
      <span className="field-error" role="alert">
        {t(message)}
      </span>
    ) : null;

  return (
    <form
      className="account-form"
      noValidate
      data-testid={method === 'sms' ? 'sms-login-form' : 'login-form'}
      onSubmit={handleSubmit((values) =>
        send({
          type: 'SUBMIT',
          values: {
            username: values.username,
            password: values.password,
            remember: agentPage ? false : values.remember,
            ...(method === 'sms' ? { countryDialingCode: values.countryDialingCode } : {}),
            ...(values.captcha ? { captcha: values.captcha } : {}),
          },
        }),
      )}
    >
      {method === 'sms' ? (
        <>
          <div className="field">
            <span>{t('account.mobile')} *</span>
            <MobileInput
              dialing={register('countryDialingCode')}
              number={register('username')}
              invalid={!!errors.username}
            />
            {fieldError(errors.username?.message)}
          </div>
          <div className="field">
            <label htmlFor="sms-login-code">{t('account.sms_code')} *</label>
            <div className="code-row">
              <input
                id="sms-login-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                {...register('password')}
              />
              <SmsSendButton purpose="login" mobile={mobile} />
            </div>
            {fieldError(errors.password?.message)}
          </div>
        </>
      ) : (
        <>
          <label className="field">
            <span>{t('account.username')} *</span>
            <input autoComplete="username" {...register('username')} aria-invalid={!!errors.username} />
            {fieldError(errors.username?.message)}
          </label>
          <label className="field">
            <span>{t('account.password')} *</span>
            <input
              type="password"
              autoComplete="current-password"
              placeholder={oneClick ? t('account.remembered') : undefined}
              {...register('password')}
              aria-invalid={!!errors.password}
            />
            {fieldError(errors.password?.message)}
          </label>
        </>
      )}
      {captchaShown && (
        <CaptchaField
          id="login-captcha"
          field={register('captcha')}
          image={state.context.captchaImage}
          invalid={!!errors.captcha}
          error={fieldError(errors.captcha?.message)}
          onRefresh={() => send({ type: 'REFRESH_CAPTCHA' })}
        />
      )}
      {!agentPage && (
        <div className="form-row">
          <label className="check">
            <input type="checkbox" {...register('remember')} /> {t('account.remember')}
          </label>
          {onForgot && (
            <button type="button" className="link" onClick={onForgot}>
              {t('account.forgot')}
            </button>
          )}
        </div>
      )}
      {state.context.errorCode && (
        <p className="form-error" role="alert" data-testid="login-error" data-code={state.context.errorCode}>
          {t(errorKey(state.context.errorCode))}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t('account.verifying') : t('account.login_submit')}
      </button>
      {onSwitchToRegister && (
        <p className="form-switch">
          {t('account.no_account')}{' '}
          <button type="button" className="link" onClick={onSwitchToRegister}>
            {t('account.register_tab')}
          </button>
        </p>
      )}
    </form>
  );
}

/** The second step of a login with two-step verification on: the code from the authenticator app. */
function TwoFactorStep({
  busy,
  errorCode,
  onSubmit,
}: {
  busy: boolean;
  errorCode: string | null;
  onSubmit: (code: string) => void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(
      z.object({
        code: z
          .string()
          .trim()
          .regex(/^\d{6}$/, 'errors.TWO_FACTOR_INVALID'),
      }),
    ),
    defaultValues: { code: '' },
  });
  return (
    <form
      className="account-form"
      noValidate
      data-testid="two-factor-form"
      onSubmit={handleSubmit((v) => onSubmit(v.code))}
    >
      <p className="form-note">{t('errors.TWO_FACTOR_REQUIRED')}</p>
      <label className="field">
        <span>{t('account.two_factor_code')} *</span>
        <input inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...register('code')} />
        {formState.errors.code?.message && (
          <span className="field-error" role="alert">
            {t(formState.errors.code.message)}
          </span>
        )}
      </label>
      {errorCode && (
        <p className="form-error" role="alert">
          {t(errorKey(errorCode))}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {t('account.login_submit')}
      </button>
    </form>
  );
}
