import { zodResolver } from '@hookform/resolvers/zod';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { z } from 'zod';
import { call } from '../../api/client';
import type { LoginResult } from '../../api/contract/accounts';
import { errorKey } from '../../api/errors';
import { inspectOptions } from '../../machines/inspect';
import { type LoginValues, loginMachine } from '../../machines/login.machine';
import { loader } from '../../ui/Loader';
import { solveHumanCheck } from './humanCheck';
import { rememberedUsername, rememberLogin } from './remember';

const schema = (captchaShown: boolean) =>
  z.object({
    username: z.string().trim().min(1, 'validation.required'),
    password: z.string().min(1, 'validation.required'),
    captcha: captchaShown ? z.string().trim().min(1, 'errors.CAPTCHA_REQUIRED') : z.string().optional(),
    remember: z.boolean(),
  });

const machine = loginMachine.provide({
  actors: {
    solveHumanCheck: fromPromise(() => solveHumanCheck()),
    login: fromPromise<LoginResult, { values: LoginValues; humanCheck: string; agentLogin: boolean }>(
      ({ input }) =>
        call('login', {
          body: {
            username: input.values.username,
            password: input.values.password,
            type: 'username',
            ...(input.values.captcha ? { captcha: input.values.captcha } : {}),
            humanCheck: input.humanCheck,
            ...(input.agentLogin ? { agentLogin: true } : {}),
          },
        }),
    ),
    loadCaptcha: fromPromise(() => call('captcha')),
  },
  actions: {
    showLoader: () => loader.show(),
    hideLoader: () => loader.hide(),
    remember: (_, values) => rememberLogin(values.remember ? values.username : null),
  },
});

export interface LoginOutcome {
  result: LoginResult;
  mustChangePassword: boolean;
  oldPassword?: string;
}

/** The username login form; the flow itself is the login machine. */
export function LoginForm({
  agentPage = false,
  onSwitchToRegister,
  onDone,
}: {
  agentPage?: boolean;
  onSwitchToRegister?: () => void;
  onDone: (outcome: LoginOutcome) => void;
}) {
  const { t } = useTranslation();
  const [state, send] = useMachine(machine, { input: { agentPage }, ...inspectOptions() });
  const captchaShown = state.context.captchaRequired;
  const resolver = useMemo(() => zodResolver(schema(captchaShown)), [captchaShown]);
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm({
    resolver,
    defaultValues: {
      username: rememberedUsername(),
      password: '',
      captcha: '',
      remember: !!rememberedUsername(),
    },
  });

  useEffect(() => {
    if (state.status === 'done' && state.output) onDone(state.output);
  }, [state.status, state.output, onDone]);
  // A captcha is spent by any attempt: clear the field whenever a new image arrives.
  useEffect(() => {
    if (state.context.captchaImage) resetField('captcha');
  }, [state.context.captchaImage, resetField]);

  const busy = state.matches('verifying') || state.matches('loggingIn');
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
      data-testid="login-form"
      onSubmit={handleSubmit((values) =>
        send({
          type: 'SUBMIT',
          values: {
            username: values.username,
            password: values.password,
            remember: agentPage ? false : values.remember,
            ...(values.captcha ? { captcha: values.captcha } : {}),
          },
        }),
      )}
    >
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
          {...register('password')}
          aria-invalid={!!errors.password}
        />
        {fieldError(errors.password?.message)}
      </label>
      {captchaShown && (
        <div className="field captcha-field">
          <label htmlFor="login-captcha">{t('account.captcha')} *</label>
          <div className="captcha-row">
            <input
              id="login-captcha"
              inputMode="numeric"
              maxLength={4}
              {...register('captcha')}
              aria-invalid={!!errors.captcha}
            />
            <button
              type="button"
              className="captcha-image"
              title={t('account.refresh_captcha')}
              onClick={() => send({ type: 'REFRESH_CAPTCHA' })}
            >
              {state.context.captchaImage ? (
                <img
                  src={state.context.captchaImage}
                  alt={t('account.captcha')}
                  data-testid="captcha-image"
                />
              ) : (
                <span className="spinner" />
              )}
            </button>
          </div>
          {fieldError(errors.captcha?.message)}
        </div>
      )}
      {!agentPage && (
        <div className="form-row">
          <label className="check">
            <input type="checkbox" {...register('remember')} /> {t('account.remember')}
          </label>
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
