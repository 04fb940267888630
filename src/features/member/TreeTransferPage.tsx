import { zodResolver } from '@hookform/resolvers/zod';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { z } from 'zod';
import { call } from '../../api/client';
import { errorKey } from '../../api/errors';
import { inspectOptions } from '../../machines/inspect';
import type { Attempt } from '../../machines/request-attempt';
import {
  type TreeTransferRequest,
  type TreeTransferResult,
  type TreeTransferSetup,
  treeTransferMachine,
} from '../../machines/tree-transfer.machine';
import { formatAmount, parseAmount } from '../../ui/format';
import { fieldMessage } from '../account/fieldMessage';
import { agentPagePath } from '../agent/pages';
import { useMemberEvents } from '../session/member-events';
import { useSession } from '../session/session';
import { memberPagePath } from './pages';

/**
 * The member centre sends only to the agent above; the agent centre pays a player below (its downline
 * page fixes the payee). Each side sees the setup with the other direction taken out.
 */
const machineFor = (side: 'upline' | 'downline') =>
  treeTransferMachine.provide({
    actors: {
      loadSetup: fromPromise(() =>
        call('treeTransferSetup').then((s) =>
          side === 'upline' ? { ...s, canPayDownline: false } : { ...s, upline: null },
        ),
      ),
      transfer: fromPromise<TreeTransferResult, Attempt<TreeTransferRequest>>(({ input }) => {
        const { request, requestId } = input;
        const body = { amount: request.amount, paymentPassword: request.paymentPassword, requestId };
        return request.direction === 'upline'
          ? call('transferUpline', { body })
          : call('transferDownline', { body: { ...body, username: request.username } });
      }),
    },
  });
const machines = { upline: machineFor('upline'), downline: machineFor('downline') };

/**
 * Transfers inside the agent tree (spec 2.5 transferUpline): a member sends money to the agent above.
 * With `to` (the agent centre's downline page), an agent pays that player below it instead.
 */
export default function TreeTransferPage({ to }: { to?: string } = {}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const session = useSession();
  const [state, send] = useMachine(machines[to ? 'downline' : 'upline'], inspectOptions());
  const { setup, result, errorCode, errorMessage } = state.context;
  useMemberEvents((event) => {
    if (event.type === 'balance') send({ type: 'BALANCE', balance: event.balance });
  });
  const money = (minor: number, currency: string) => `${formatAmount(minor, lang)} ${currency}`;

  if (state.matches('unavailable'))
    return (
      <div className="deposit-status">
        <p className="form-error" role="alert">
          {t(errorKey(errorCode ?? 'UNKNOWN'))}
        </p>
        <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'RETRY' })}>
          {t('centre.upline.retry')}
        </button>
      </div>
    );
  if (!setup) return <div className="skeleton" style={{ height: 200 }} />;
  if (state.matches('nowhere'))
    return (
      <div className="deposit-status" data-testid="transfer-nowhere">
        <p className="form-note">
          {t(session.isAgent ? 'centre.upline.nowhere_agent' : 'centre.upline.nowhere')}
        </p>
        {session.isAgent && (
          <Link className="btn btn-primary" to={agentPagePath('downlineManagmentView')}>
            {t('centre.upline.to_agent_centre')}
          </Link>
        )}
      </div>
    );
  if (state.matches('needsPassword'))
    return (
      <div className="deposit-status" data-testid="transfer-needs-password">
        <p className="form-note">{t('centre.upline.needs_password')}</p>
        <Link className="btn btn-primary" to={memberPagePath('withdraw')}>
          {t('centre.upline.set_password')}
        </Link>
      </div>
    );
  if (state.matches('sent') && result)
    return (
      <div className="deposit-status" data-testid="transfer-sent">
        <p className="form-success" role="status">
          {t('centre.upline.done', {
            amount: formatAmount(result.amount, lang),
            to: result.to,
            balance: money(result.balance, result.currency),
          })}
        </p>
        <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'NEW' })}>
          {t('centre.upline.new')}
        </button>
      </div>
    );
  return (
    <TransferForm
      setup={setup}
      to={to}
      lang={lang}
      busy={state.matches('submitting')}
      error={errorCode ? errorMessage || t(errorKey(errorCode)) : null}
      onSubmit={(request) => send({ type: 'SUBMIT', request })}
    />
  );
}

function schema(lang: string) {
  return z
    .object({
      direction: z.enum(['upline', 'downline']),
      username: z.string().trim(),
      amount: z.string().refine((v) => (parseAmount(v, lang) ?? 0) > 0, 'centre.deposit.invalid_amount'),
      paymentPassword: z.string().regex(/^\d{6}$/, 'centre.upline.invalid_password'),
    })
    .refine((v) => v.direction === 'upline' || v.username.length > 0, {
      path: ['username'],
      message: 'validation.required',
    });
}
type Values = z.infer<ReturnType<typeof schema>>;

function TransferForm(props: {
  setup: TreeTransferSetup;
  to?: string | undefined;
  lang: string;
  busy: boolean;
  error: string | null;
  onSubmit: (request: TreeTransferRequest) => void;
}) {
  const { t } = useTranslation();
  const { setup, lang } = props;
  const resolver = useMemo(() => zodResolver(schema(lang)), [lang]);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<Values>({
    resolver,
    defaultValues: {
      direction: setup.upline && !props.to ? 'upline' : 'downline',
      username: props.to ?? '',
      amount: '',
      paymentPassword: '',
    },
  });
  const direction = watch('direction');
  const problem = (field: keyof Values) => {
    const text = fieldMessage(t, errors[field]?.message);
    return text ? (
      <span className="field-error" role="alert">
        {text}
      </span>
    ) : null;
  };
  const choices = [
    ...(setup.upline ? [['upline', t('centre.upline.to_upline', { name: setup.upline })] as const] : []),
    ...(setup.canPayDownline ? [['downline', t('centre.upline.to_downline')] as const] : []),
  ];

  return (
    <form
      className="account-form deposit-form"
      data-testid="transfer-upline-form"
      noValidate
      onSubmit={handleSubmit((v) => {
        const amount = parseAmount(v.amount, lang)!;
        props.onSubmit(
          v.direction === 'upline'
            ? { direction: 'upline', amount, paymentPassword: v.paymentPassword }
            : { direction: 'downline', username: v.username, amount, paymentPassword: v.paymentPassword },
        );
      })}
    >
      {choices.length > 1 && !props.to ? (
        <fieldset className="method-choice">
          <legend>{t('centre.upline.send_to')}</legend>
          {choices.map(([value, label]) => (
            <label key={value} className={value === direction ? 'method-card is-active' : 'method-card'}>
              <input type="radio" value={value} {...register('direction')} />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <p className="muted">
        {t(direction === 'upline' ? 'centre.upline.text' : 'centre.upline.downline_text', {
          name: setup.upline,
        })}
      </p>
      {direction === 'downline' && <input type="hidden" {...register('username')} />}
      <label className="field">
        <span>{t('centre.upline.amount', { currency: setup.currency })}</span>
        <input
          inputMode="decimal"
          autoComplete="off"
          {...register('amount')}
          aria-invalid={!!errors.amount}
        />
        <small className="muted" data-testid="transfer-available">
          {t('centre.withdraw.available', {
            balance: `${formatAmount(setup.balance, lang)} ${setup.currency}`,
          })}
        </small>
        {problem('amount')}
      </label>
      <label className="field">
        <span>{t('centre.upline.password')}</span>
        <input
          type="password"
          inputMode="numeric"
          maxLength={6}
          autoComplete="off"
          {...register('paymentPassword')}
          aria-invalid={!!errors.paymentPassword}
        />
        {problem('paymentPassword')}
      </label>
      {props.error && (
        <p className="form-error" role="alert">
          {props.error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={props.busy}>
        {t('centre.upline.submit')}
      </button>
    </form>
  );
}
