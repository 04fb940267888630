import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call, fetchBlob } from '../api/client';
import type { adjustResult } from '../api/contract/backoffice';
import { errorKey } from '../api/errors';
import { formatAmount, formatDateTime, parseAmount } from '../ui/format';
import { ScrollRegion } from '../ui/ScrollRegion';
import { TaskDialog, useOperatorTask } from './operator-task';

/** Reloads a queue each time an action on it went through. */
export function useReloadAfter(completed: number, reload: () => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reload is the reaction to a new count
  useEffect(() => {
    if (completed > 0) reload();
  }, [completed]);
}

type Queue<N extends 'operatorDeposits' | 'operatorWithdrawals'> = Awaited<ReturnType<typeof call<N>>>;

/** Loads a list with the operator's token; a dead session sends the operator back to the login. */
export function useOperatorList<T>(load: () => Promise<T>, onExpired?: () => void) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    load().then(
      (loaded) => {
        setData(loaded);
        setError(null);
      },
      (e: { code?: string }) => {
        if (e.code === 'UNAUTHORIZED' || e.code === 'SESSION_EXPIRED') onExpired?.();
        setError(e.code ?? 'UNKNOWN');
      },
    );
  }, [load, onExpired]);
  useEffect(reload, [reload]);
  return { data, error, reload, setError };
}

/** Buttons that ask the operator-task dialog to confirm a decision (with its reason) before it is sent. */
function DecisionButtons({
  actions,
  busy,
  onDecide,
}: {
  actions: Array<{ key: string; primary?: boolean }>;
  busy: boolean;
  onDecide: (action: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="bo-decision">
      {actions.map((a) => (
        <button
          key={a.key}
          type="button"
          className={a.primary ? 'btn btn-primary btn-sm' : 'btn btn-ghost btn-sm'}
          disabled={busy}
          onClick={() => onDecide(a.key)}
        >
          {t(`backoffice.${a.key}`)}
        </button>
      ))}
    </div>
  );
}

/** The four-eyes note of a queue row: a second operator's approval is awaited before the money moves. */
function AwaitingApproval({ id }: { id: number | null | undefined }) {
  const { t } = useTranslation();
  if (!id) return null;
  return (
    <p className="bo-awaiting" data-testid="bo-awaiting-approval">
      {t('backoffice.approvals.awaiting', { id })}
    </p>
  );
}

/** Where a withdrawal goes, as the operator pays it: the PIX key in full with its type, or the bank account. */
function payeeText(bank: Record<string, string>, t: (key: string) => string) {
  if (bank.pixKeyType)
    return `PIX (${t(`centre.withdraw.pix_types.${bank.pixKeyType}`)}) · ${bank.accountNumber} · ${bank.accountName}`;
  return [bank.bankName, bank.accountName, bank.accountNumber].filter(Boolean).join(' · ');
}

/** What a decision answered: paid or confirmed, or sent to a second operator. */
function taskOutcome(result: unknown, t: (key: string, values?: Record<string, unknown>) => string) {
  const approval = (result as { approval?: unknown } | null)?.approval;
  if (typeof approval === 'number') return t('backoffice.approvals.sent', { id: approval });
  if (approval && typeof approval === 'object' && 'id' in approval)
    return t('backoffice.approvals.sent', { id: (approval as { id: number }).id });
  return null;
}

export function DepositQueue({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t, i18n } = useTranslation();
  const load = useCallback(() => call('operatorDeposits', { query: { status: 'pending' }, token }), [token]);
  const { data, error, reload } = useOperatorList<Queue<'operatorDeposits'>>(load, onExpired);
  const [task, send] = useOperatorTask(token, onExpired);
  useReloadAfter(task.context.completed, reload);
  const decide = (d: Queue<'operatorDeposits'>[number], decision: string) =>
    send({
      type: 'REQUEST',
      task: {
        kind: 'decideDeposit',
        summary: {
          what: t(`backoffice.${decision}`),
          member: d.username,
          amount: formatAmount(d.amount, i18n.language),
          reference: d.reference,
        },
        body: { reference: d.reference, decision },
      },
    });
  const outcome = taskOutcome(task.context.result, t);
  return (
    <section data-testid="bo-deposits">
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      {outcome && (
        <p className="form-success" role="status">
          {outcome}
        </p>
      )}
      {data?.length === 0 && <p className="muted">{t('backoffice.empty')}</p>}
      <ScrollRegion className="bo-scroll" label={t('backoffice.tabs.deposits')}>
        <table className="bo-table">
          <thead>
            <tr>
              <th>{t('backoffice.columns.reference')}</th>
              <th>{t('backoffice.columns.member')}</th>
              <th>{t('backoffice.columns.amount')}</th>
              <th>{t('backoffice.columns.created')}</th>
              <th>{t('backoffice.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.map((d) => (
              <tr key={d.reference} data-testid={`bo-deposit-${d.reference}`}>
                <td>
                  <code>{d.reference}</code> · {d.method}
                </td>
                <td>{d.username}</td>
                <td className="num">{formatAmount(d.amount, i18n.language)}</td>
                <td>{formatDateTime(d.createdAt)}</td>
                <td>
                  <AwaitingApproval id={d.approval} />
                  <DecisionButtons
                    actions={
                      d.approval
                        ? [{ key: 'reject' }]
                        : [{ key: 'confirm', primary: true }, { key: 'reject' }]
                    }
                    busy={task.hasTag('busy')}
                    onDecide={(a) => decide(d, a)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <TaskDialog state={task} send={send} />
    </section>
  );
}

export function WithdrawalQueue({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<'review' | 'pending' | 'disputed' | 'paid'>('pending');
  const load = useCallback(() => call('operatorWithdrawals', { query: { status }, token }), [token, status]);
  const { data, error, reload } = useOperatorList<Queue<'operatorWithdrawals'>>(load, onExpired);
  const [task, send] = useOperatorTask(token, onExpired);
  useReloadAfter(task.context.completed, reload);
  const decide = (w: Queue<'operatorWithdrawals'>[number], decision: string) =>
    send({
      type: 'REQUEST',
      task: {
        kind: 'decideWithdrawal',
        summary: {
          what: t(`backoffice.${decision}`),
          member: w.username,
          amount: formatAmount(w.amount, i18n.language),
          payee: payeeText(w.bank, t),
        },
        body: { reference: w.reference, decision },
      },
    });
  const outcome = taskOutcome(task.context.result, t);
  const actionsOf = (w: Queue<'operatorWithdrawals'>[number]) =>
    status === 'pending'
      ? w.approval
        ? [{ key: 'reject' }]
        : [{ key: 'approve', primary: true }, { key: 'reject' }]
      : status === 'review'
        ? [{ key: 'release', primary: true }, { key: 'reject' }]
        : status === 'disputed'
          ? [{ key: 'force_received' }, { key: 'refund', primary: true }]
          : [];
  return (
    <section data-testid="bo-withdrawals">
      <div className="chips">
        {(['review', 'pending', 'disputed', 'paid'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={s === status ? 'chip is-active' : 'chip'}
            onClick={() => setStatus(s)}
          >
            {t(`backoffice.statuses.${s}`)}
          </button>
        ))}
      </div>
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      {outcome && (
        <p className="form-success" role="status">
          {outcome}
        </p>
      )}
      {data?.length === 0 && <p className="muted">{t('backoffice.empty')}</p>}
      <ScrollRegion className="bo-scroll" label={t('backoffice.tabs.withdrawals')}>
        <table className="bo-table">
          <thead>
            <tr>
              <th>{t('backoffice.columns.reference')}</th>
              <th>{t('backoffice.columns.member')}</th>
              <th>{t('backoffice.columns.amount')}</th>
              <th>{t('backoffice.columns.bank')}</th>
              <th>
                {status === 'disputed' ? t('backoffice.columns.proof') : t('backoffice.columns.created')}
              </th>
              <th>{t('backoffice.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.map((w) => (
              <tr key={w.reference} data-testid={`bo-withdrawal-${w.reference}`}>
                <td>
                  <code>{w.reference}</code>
                </td>
                <td>{w.username}</td>
                <td className="num">{formatAmount(w.amount, i18n.language)}</td>
                <td>
                  {payeeText(w.bank, t)}
                  {w.reviewDetail?.reason === 'holder_name' && (
                    <p className="form-error" data-testid="bo-withdrawal-review">
                      {t('backoffice.kyc.review_reason', {
                        holder: w.reviewDetail.holderName,
                        name: w.reviewDetail.fullName,
                      })}
                    </p>
                  )}
                  {w.reviewDetail?.reason === 'risk_hold' && (
                    <p className="form-error" data-testid="bo-withdrawal-review">
                      {t('backoffice.risk.review_reason', { note: w.reviewDetail.note })}
                    </p>
                  )}
                </td>
                <td>
                  {status === 'disputed' ? (
                    <>
                      {w.proof}
                      <ProofPictures ids={w.proofImages} token={token} />
                    </>
                  ) : (
                    formatDateTime(w.createdAt)
                  )}
                </td>
                <td>
                  <AwaitingApproval id={w.approval} />
                  {actionsOf(w).length > 0 && (
                    <DecisionButtons
                      actions={actionsOf(w)}
                      busy={task.hasTag('busy')}
                      onDecide={(a) => decide(w, a)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <TaskDialog state={task} send={send} />
    </section>
  );
}

export function AdjustPanel({ token, onExpired }: { token: string; onExpired?: () => void }) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState({
    username: '',
    amount: '',
    category: 'correction' as 'correction' | 'bonus',
  });
  const [invalid, setInvalid] = useState(false);
  const [task, send] = useOperatorTask(token, onExpired);
  const result = task.context.result as z.infer<typeof adjustResult> | null;
  const message = invalid
    ? { ok: false, text: t('centre.deposit.invalid_amount') }
    : result?.approval
      ? { ok: true, text: t('backoffice.approvals.sent', { id: result.approval.id }) }
      : result && result.balance !== null
        ? {
            ok: true,
            text: t('backoffice.adjust_done', {
              username: result.username,
              balance: formatAmount(result.balance, i18n.language),
            }),
          }
        : null;
  return (
    <>
      <form
        className="account-form bo-card"
        data-testid="bo-adjust"
        onSubmit={(e) => {
          e.preventDefault();
          const negative = values.amount.trim().startsWith('-');
          const minor = parseAmount(values.amount.trim().replace(/^-/, ''), i18n.language);
          setInvalid(minor === null);
          if (minor === null) return;
          const amount = negative ? -minor : minor;
          // The dialog shows the member and the amount before anything moves, and asks for the reason; the
          // same adjustment sent again after a failure keeps its request id, so it moves once.
          send({
            type: 'REQUEST',
            task: {
              kind: 'adjustBalance',
              summary: {
                what: t(amount < 0 ? 'backoffice.adjust_debit' : 'backoffice.adjust_credit'),
                member: values.username.trim(),
                amount: formatAmount(amount, i18n.language),
                category: t(`backoffice.categories.${values.category}`),
              },
              body: { username: values.username.trim(), amount, category: values.category },
            },
          });
        }}
      >
        <label className="field">
          <span>{t('backoffice.columns.member')}</span>
          <input
            value={values.username}
            onChange={(e) => setValues({ ...values, username: e.target.value })}
          />
        </label>
        <label className="field">
          <span>{t('backoffice.adjust_amount')}</span>
          <input
            inputMode="decimal"
            value={values.amount}
            onChange={(e) => setValues({ ...values, amount: e.target.value })}
          />
        </label>
        <label className="field">
          <span>{t('backoffice.category')}</span>
          <select
            value={values.category}
            onChange={(e) => setValues({ ...values, category: e.target.value as 'correction' | 'bonus' })}
          >
            <option value="correction">{t('backoffice.categories.correction')}</option>
            <option value="bonus">{t('backoffice.categories.bonus')}</option>
          </select>
        </label>
        {message && (
          <p className={message.ok ? 'form-success' : 'form-error'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={task.hasTag('busy')}>
          {t('backoffice.adjust_submit')}
        </button>
      </form>
      <TaskDialog state={task} send={send} />
    </>
  );
}

/** The member's pictures: fetched with the operator's token (an <img> cannot send it), shown as thumbnails. */
function ProofPictures({ ids, token }: { ids: number[]; token: string }) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    const made: string[] = [];
    void Promise.all(
      ids.map((id) =>
        fetchBlob('withdrawalProofImage', { id: String(id) }, token).then((b) => URL.createObjectURL(b)),
      ),
    ).then(
      (list) => {
        made.push(...list);
        if (live) setUrls(list);
      },
      () => {},
    );
    return () => {
      live = false;
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [ids, token]);
  return (
    <span className="bo-proofs">
      {urls.map((url) => (
        <a key={url} href={url} target="_blank" rel="noreferrer">
          <img src={url} alt="" width={48} height={48} />
        </a>
      ))}
    </span>
  );
}
