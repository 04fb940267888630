import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { call } from '../../api/client';
import { errorKey } from '../../api/errors';
import { failureIssues } from '../../machines/failure';

const schema = z
  .object({
    username: z.string().trim().min(1, 'validation.required'),
    password: z.string().min(1, 'validation.required'),
    confirmPassword: z.string(),
    type: z.enum(['player', 'agent']),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.confirm_mismatch',
  });
type Values = z.infer<typeof schema>;
type Opened = Awaited<ReturnType<typeof call<'openDownline'>>>;

/**
 * registerCenter: the agent opens an account in its direct downline, a player or an agent. The server
 * applies the brand's username and password rules; the new member changes the password at first login.
 */
export function OpenAccountForm() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<Opened | null>(null);
  const [failure, setFailure] = useState<{
    code: string;
    issues: { path: string; message: string }[];
  } | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '', confirmPassword: '', type: 'player' },
  });
  const fieldError = (name: keyof Values) => {
    const local = formState.errors[name]?.message;
    const remote = failure?.issues.find((i) => i.path === `body.${name}`)?.message;
    const text = local ? t(local) : remote;
    return text ? (
      <span className="field-error" role="alert">
        {text}
      </span>
    ) : null;
  };
  return (
    <section className="open-account" data-testid="open-account">
      <h3 className="agent-subtitle">{t('agent.open.title')}</h3>
      <p className="muted">{t('agent.open.text')}</p>
      {opened && (
        <p className="form-success" role="status" data-testid="open-account-done">
          {t(opened.isAgent ? 'agent.open.done_agent' : 'agent.open.done_player', {
            username: opened.username,
            count: opened.offered,
          })}
        </p>
      )}
      <form
        className="account-form open-account-form"
        noValidate
        onSubmit={handleSubmit(async (values) => {
          setFailure(null);
          setOpened(null);
          try {
            setOpened(await call('openDownline', { body: values }));
            reset();
          } catch (e) {
            setFailure({ code: (e as { code?: string }).code ?? 'UNKNOWN', issues: failureIssues(e) });
          }
        })}
      >
        <fieldset className="chips">
          <legend>{t('agent.open.type')}</legend>
          {(['player', 'agent'] as const).map((type) => (
            <label key={type} className="chip-radio">
              <input type="radio" value={type} {...register('type')} />
              <span>{t(`agent.open.types.${type}`)}</span>
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span className="field-label">{t('agent.open.username')}</span>
          <input autoComplete="off" maxLength={64} {...register('username')} />
          {fieldError('username')}
        </label>
        <label className="field">
          <span className="field-label">{t('agent.open.password')}</span>
          <input type="password" autoComplete="new-password" maxLength={64} {...register('password')} />
          {fieldError('password')}
        </label>
        <label className="field">
          <span className="field-label">{t('agent.open.confirm')}</span>
          <input
            type="password"
            autoComplete="new-password"
            maxLength={64}
            {...register('confirmPassword')}
          />
          {fieldError('confirmPassword')}
        </label>
        {failure && failure.code !== 'VALIDATION_FAILED' && (
          <p className="form-error" role="alert">
            {t(errorKey(failure.code))}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          {t('agent.open.submit')}
        </button>
      </form>
    </section>
  );
}
