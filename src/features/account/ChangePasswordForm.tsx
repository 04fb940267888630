import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { z } from 'zod';
import { call } from '../../api/client';
import type { ChangePasswordBody, LoginResult } from '../../api/contract/accounts';
import { errorKey } from '../../api/errors';
import { checkField, type FieldRule } from '../../api/patterns';
import { changePasswordMachine } from '../../machines/change-password.machine';
import { loader } from '../../ui/Loader';
import { encodeMessage, fieldMessage } from './fieldMessage';

function schema(rule: FieldRule | null, askOld: boolean) {
  return z
    .object({
      oldPassword: askOld ? z.string().min(1, 'validation.required') : z.string().optional(),
      newPassword: z.string().superRefine((value, ctx) => {
        const problem = rule
          ? checkField(value, rule)
          : value
            ? null
            : { key: 'validation.required', params: {} };
        if (problem) ctx.addIssue({ code: 'custom', message: encodeMessage(problem.key, problem.params) });
      }),
      confirmNewPassword: z.string().min(1, 'validation.required'),
    })
    .refine((v) => v.newPassword === v.confirmNewPassword, {
      path: ['confirmNewPassword'],
      message: 'validation.confirm_mismatch',
    });
}

/** The change-password machine with the site's effects: the call runs under the token it was given. */
export const siteChangePasswordMachine = changePasswordMachine.provide({
  actors: {
    changePassword: fromPromise<LoginResult, { body: ChangePasswordBody; token: string | null }>(
      ({ input }) =>
        call('changePassword', { body: input.body, ...(input.token ? { token: input.token } : {}) }),
    ),
  },
  actions: { showLoader: () => loader.show(), hideLoader: () => loader.hide() },
});

/**
 * The password change form, rendering the change-password machine it is given: forced after a login
 * (the auth flow runs it with the old password already known and the new login's token), or chosen by a
 * logged-in member.
 */
export function ChangePasswordForm({ actor }: { actor: ActorRefFrom<typeof siteChangePasswordMachine> }) {
  const { t } = useTranslation();
  const state = useSelector(actor, (s) => s);
  const send = actor.send;
  const forced = state.context.forced;
  const knownOldPassword = state.context.knownOldPassword ?? undefined;
  const [rule, setRule] = useState<FieldRule | null>(null);
  useEffect(() => {
    call('registerSettings')
      .then((s) => setRule(s.fields.password))
      .catch(() => setRule(null));
  }, []);
  const askOld = knownOldPassword === undefined;
  const resolver = useMemo(() => zodResolver(schema(rule, askOld)), [rule, askOld]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver, defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' } });

  const serverIssue = (field: string) =>
    state.context.issues.find((i) => i.path === `body.${field}`)?.message;
  const error = (field: 'oldPassword' | 'newPassword' | 'confirmNewPassword') => {
    const text = fieldMessage(t, errors[field]?.message) ?? serverIssue(field);
    return text ? (
      <span className="field-error" role="alert">
        {text}
      </span>
    ) : null;
  };

  return (
    <form
      className="account-form"
      noValidate
      data-testid="change-password-form"
      onSubmit={handleSubmit((v) =>
        send({
          type: 'SUBMIT',
          values: {
            oldPassword: knownOldPassword ?? v.oldPassword ?? '',
            newPassword: v.newPassword,
            confirmNewPassword: v.confirmNewPassword,
          },
        }),
      )}
    >
      {forced && <p className="form-note">{t('account.password_change_required')}</p>}
      {askOld && (
        <label className="field">
          <span>{t('account.old_password')} *</span>
          <input type="password" autoComplete="current-password" {...register('oldPassword')} />
          {error('oldPassword')}
        </label>
      )}
      <label className="field">
        <span>{t('account.new_password')} *</span>
        <input type="password" autoComplete="new-password" {...register('newPassword')} />
        {error('newPassword')}
      </label>
      <label className="field">
        <span>{t('account.confirm_password')} *</span>
        <input type="password" autoComplete="new-password" {...register('confirmNewPassword')} />
        {error('confirmNewPassword')}
      </label>
      {state.context.errorCode && state.context.errorCode !== 'VALIDATION_FAILED' && (
        <p className="form-error" role="alert" data-testid="change-password-error">
          {t(errorKey(state.context.errorCode))}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={state.matches('submitting')}>
        {t('account.change_submit')}
      </button>
    </form>
  );
}
