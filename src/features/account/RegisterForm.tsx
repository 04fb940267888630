import { zodResolver } from '@hookform/resolvers/zod';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { z } from 'zod';
import { call } from '../../api/client';
import type { LoginResult, RegisterFieldName, RegisterSettings } from '../../api/contract/accounts';
import { errorKey } from '../../api/errors';
import { checkField } from '../../api/patterns';
import { inspectOptions } from '../../machines/inspect';
import { type RegisterValues, registerMachine } from '../../machines/register.machine';
import { loader } from '../../ui/Loader';
import { Modal } from '../../ui/Modal';
import { affiliateCodeFromUrl } from './affiliate';
import { encodeMessage, fieldMessage } from './fieldMessage';
import { solveHumanCheck } from './humanCheck';

/** The text fields of the form, in the order they are shown; each appears only if its rule enables it. */
const TEXT_FIELDS: Array<{ name: RegisterFieldName; type?: string; autoComplete?: string }> = [
  { name: 'username', autoComplete: 'username' },
  { name: 'password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', type: 'password', autoComplete: 'new-password' },
  { name: 'payeeName', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'mobileNum', type: 'tel', autoComplete: 'tel-national' },
  { name: 'affiliateCode' },
  { name: 'recommenderId' },
  { name: 'qqNum' },
  { name: 'line' },
  { name: 'whatsapp', type: 'tel' },
  { name: 'facebook' },
  { name: 'wechat' },
  { name: 'idNumber' },
  { name: 'paymentPassword', type: 'password', autoComplete: 'off' },
];

function schema(settings: RegisterSettings) {
  const shape: Record<string, z.ZodType> = {};
  for (const { name } of TEXT_FIELDS) {
    const rule = settings.fields[name];
    if (!rule.enabled) continue;
    shape[name] = z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        const problem = checkField(value, rule);
        if (problem) ctx.addIssue({ code: 'custom', message: encodeMessage(problem.key, problem.params) });
      });
  }
  shape.acceptTerms = z.boolean().refine((v) => v, 'account.terms_required');
  return z.object(shape).refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.confirm_mismatch',
  });
}

const machine = registerMachine.provide({
  actors: {
    checkAffiliate: fromPromise<unknown, { code: string }>(({ input }) =>
      call('affiliate', { query: { code: input.code, domain: window.location.hostname } }),
    ),
    solveHumanCheck: fromPromise(() => solveHumanCheck()),
    register: fromPromise<LoginResult, { values: RegisterValues; humanCheck: string }>(({ input }) =>
      call('register', {
        body: {
          ...input.values,
          humanCheck: input.humanCheck,
          login: true,
          registerMethod: 'WEB',
          domain: window.location.hostname,
        },
      }),
    ),
  },
  actions: { showLoader: () => loader.show(), hideLoader: () => loader.hide() },
});

export function RegisterForm({
  settings,
  onSwitchToLogin,
  onDone,
}: {
  settings: RegisterSettings;
  onSwitchToLogin: () => void;
  onDone: (result: LoginResult) => void;
}) {
  const { t } = useTranslation();
  const [state, send] = useMachine(machine, {
    input: {
      affiliateFromUrl: affiliateCodeFromUrl(),
      affiliateFieldShown: settings.fields.affiliateCode.enabled,
    },
    ...inspectOptions(),
  });
  const resolver = useMemo(() => zodResolver(schema(settings)), [settings]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Record<string, unknown>>({
    resolver,
    defaultValues: { acceptTerms: false, affiliateCode: affiliateCodeFromUrl() ?? '' },
  });

  useEffect(() => {
    if (state.status === 'done' && state.output) onDone(state.output.result);
  }, [state.status, state.output, onDone]);

  const shown = TEXT_FIELDS.filter((f) => settings.fields[f.name].enabled);
  const issue = (name: string) =>
    fieldMessage(t, errors[name]?.message as string | undefined) ??
    state.context.issues.find((i) => i.path === `body.${name}`)?.message;
  const busy = !state.matches('editing') && !state.matches('registered');

  return (
    <form
      className="account-form"
      noValidate
      data-testid="register-form"
      onSubmit={handleSubmit((values) => {
        const body: Record<string, unknown> = { acceptTerms: true };
        for (const { name } of shown) if (values[name]) body[name] = values[name];
        send({ type: 'SUBMIT', values: body as RegisterValues });
      })}
    >
      {shown.map(({ name, type, autoComplete }) => {
        const message = issue(name);
        return (
          <label key={name} className="field">
            <span>
              {t(`register.fields.${name}`)}
              {settings.fields[name].required ? ' *' : ''}
            </span>
            <input
              type={type ?? 'text'}
              autoComplete={autoComplete}
              {...register(name)}
              aria-invalid={!!message}
            />
            {message && (
              <span className="field-error" role="alert">
                {message}
              </span>
            )}
          </label>
        );
      })}
      <label className="check terms">
        <input type="checkbox" {...register('acceptTerms')} />
        <span>
          {t('register.terms')} <a href="/help#terms">{t('register.terms_link')}</a>
        </span>
      </label>
      {errors.acceptTerms && (
        <span className="field-error" role="alert">
          {t('account.terms_required')}
        </span>
      )}
      {state.context.errorCode &&
        !['VALIDATION_FAILED', 'INVALID_AFFILIATE'].includes(state.context.errorCode) && (
          <p className="form-error" role="alert" data-testid="register-error">
            {t(errorKey(state.context.errorCode))}
          </p>
        )}
      <button type="submit" className="btn btn-accent btn-block" disabled={busy}>
        {busy ? t('account.verifying') : t('register.submit')}
      </button>
      <p className="form-switch">
        {t('register.have_account')}{' '}
        <button type="button" className="link" onClick={onSwitchToLogin}>
          {t('account.login_tab')}
        </button>
      </p>
      {state.context.affiliateRejected && (
        <Modal
          title={t('register.warning')}
          onClose={() => send({ type: 'DISMISS' })}
          testId="affiliate-warning"
        >
          <p>{t('errors.INVALID_AFFILIATE')}</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" onClick={() => send({ type: 'DISMISS' })}>
              {t('session.confirm')}
            </button>
          </div>
        </Modal>
      )}
    </form>
  );
}
