import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import type { MoneyApproval } from '../api/contract/approvals';
import { errorKey } from '../api/errors';
import { formatAmount, formatDateTime, parseAmount } from '../ui/format';
import { ScrollRegion } from '../ui/ScrollRegion';
import { TaskDialog, useOperatorTask } from './operator-task';
import { useOperatorList } from './panels';
import type { PanelProps } from './sections';

const STATUSES = ['pending', 'approved', 'rejected'] as const;
type Status = (typeof STATUSES)[number];

/**
 * Four eyes: the money actions waiting for a second operator, approved (the money moves then, as the
 * approver) or rejected with a reason; and the brand's threshold. A request of one's own shows who must
 * approve it instead of the buttons.
 */
export function ApprovalsPanel({ token, onExpired }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<Status>('pending');
  const load = useCallback(() => call('moneyApprovals', { token, query: { status } }), [token, status]);
  const loadMe = useCallback(() => call('operatorMe', { token }), [token]);
  const loadThreshold = useCallback(() => call('approvalThreshold', { token }), [token]);
  const { data, error, reload } = useOperatorList(load, onExpired);
  const me = useOperatorList(loadMe, onExpired);
  const threshold = useOperatorList(loadThreshold, onExpired);
  const [task, send] = useOperatorTask(token, onExpired);
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState(false);
  const completed = task.context.completed;
  useEffect(() => {
    if (completed > 0) {
      reload();
      threshold.reload();
    }
  }, [completed, reload, threshold.reload]);

  const may = (permission: string) => me.data?.permissions.includes(permission as never) ?? false;
  const money = (minor: number) => formatAmount(minor, i18n.language);
  const what = (a: MoneyApproval) =>
    a.kind === 'adjust'
      ? t(a.amount < 0 ? 'backoffice.adjust_debit' : 'backoffice.adjust_credit')
      : a.kind === 'settlement'
        ? `${t('backoffice.approvals.kinds.settlement')} · ${t(`agent.revenue.kinds.${String(a.detail.kind)}`)}`
        : t(`backoffice.approvals.kinds.${a.kind}`);
  // A settlement re-run names its period; what it pays is known once it runs.
  const target = (a: MoneyApproval) =>
    a.kind === 'settlement' ? String(a.detail.periodKey ?? '') : a.target;
  const amount = (a: MoneyApproval) => (a.kind === 'settlement' ? '—' : money(a.amount));
  const decide = (a: MoneyApproval, decision: 'approve' | 'reject') =>
    send({
      type: 'REQUEST',
      task: {
        kind: 'decideMoneyApproval',
        summary: {
          decision: t(decision === 'approve' ? 'backoffice.approvals.approve' : 'backoffice.reject'),
          what: what(a),
          ...(a.kind === 'settlement'
            ? { period: target(a) }
            : { [a.kind === 'adjust' ? 'member' : 'reference']: a.target, amount: money(a.amount) }),
          requested_by: a.requestedBy,
        },
        body: { id: a.id, decision },
      },
    });
  /** What an approved re-run did: the period, its new bills, paid and unpaid. */
  const outcome = (a: MoneyApproval) => {
    const r = a.result as {
      periodKey?: string;
      bills?: number;
      paid?: number;
      unpaid?: number;
      retried?: number;
    } | null;
    if (a.kind !== 'settlement' || !r || r.periodKey === undefined) return null;
    return t('backoffice.agents.rerun_done', {
      period: r.periodKey,
      bills: r.bills,
      paid: r.paid,
      unpaid: r.unpaid,
      retried: r.retried,
    });
  };
  const decided =
    task.context.done?.kind === 'decideMoneyApproval' ? (task.context.result as MoneyApproval | null) : null;
  const detailReason = (a: MoneyApproval) => (typeof a.detail.reason === 'string' ? a.detail.reason : '');

  return (
    <section className="bo-catalogue" data-testid="bo-approvals">
      <div className="bo-toolbar">
        <h2 className="bo-heading">{t('backoffice.approvals.title')}</h2>
      </div>
      <p className="muted">
        {threshold.data && t('backoffice.approvals.rule', { threshold: money(threshold.data.threshold) })}
      </p>
      {may('settings.manage') && threshold.data && (
        <form
          className="bo-inline-form"
          data-testid="bo-approval-threshold"
          onSubmit={(e) => {
            e.preventDefault();
            const minor = parseAmount(draft.trim(), i18n.language);
            setInvalid(minor === null);
            if (minor === null) return;
            send({
              type: 'REQUEST',
              task: {
                kind: 'setApprovalThreshold',
                summary: { what: `${money(threshold.data!.threshold)} → ${money(minor)}` },
                body: { threshold: minor },
              },
            });
          }}
        >
          <label className="field">
            <span>{t('backoffice.approvals.threshold')}</span>
            <input inputMode="decimal" value={draft} onChange={(e) => setDraft(e.target.value)} />
          </label>
          <button type="submit" className="btn btn-ghost btn-sm">
            {t('backoffice.save')}
          </button>
          {invalid && <p className="form-error">{t('centre.deposit.invalid_amount')}</p>}
        </form>
      )}
      <div className="chips">
        {STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className={s === status ? 'chip is-active' : 'chip'}
            onClick={() => setStatus(s)}
          >
            {t(`backoffice.approvals.statuses.${s}`)}
          </button>
        ))}
      </div>
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      {decided && outcome(decided) && (
        <p className="form-success" role="status" data-testid="bo-approval-outcome">
          {outcome(decided)}
        </p>
      )}
      {data?.length === 0 && <p className="muted">{t('backoffice.empty')}</p>}
      <ScrollRegion className="bo-scroll" label={t('backoffice.approvals.title')}>
        <table className="bo-table">
          <thead>
            <tr>
              <th>{t('backoffice.task_fields.what')}</th>
              <th>{t('backoffice.approvals.target')}</th>
              <th>{t('backoffice.columns.amount')}</th>
              <th>{t('backoffice.task_fields.requested_by')}</th>
              <th>{t('backoffice.reason')}</th>
              <th>
                {status === 'pending' ? t('backoffice.columns.actions') : t('backoffice.approvals.decided')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data?.map((a) => (
              <tr key={a.id} data-testid={`bo-approval-${a.id}`} data-target={a.target}>
                <td>
                  {what(a)}
                  {a.kind !== 'adjust' || a.detail.category !== 'bonus'
                    ? null
                    : ` · ${t('backoffice.categories.bonus')}`}
                </td>
                <td>
                  <code>{target(a)}</code>
                </td>
                <td className="num">{amount(a)}</td>
                <td>
                  {a.requestedBy}
                  <br />
                  <span className="muted">{formatDateTime(a.requestedAt)}</span>
                </td>
                <td>{detailReason(a)}</td>
                <td>
                  {a.status !== 'pending' ? (
                    <>
                      {a.decidedBy} · {a.decidedAt ? formatDateTime(a.decidedAt) : ''}
                      {a.decisionReason && <p className="muted">“{a.decisionReason}”</p>}
                      {outcome(a) && <p className="muted">{outcome(a)}</p>}
                    </>
                  ) : !me.data ? null : a.requestedBy === me.data.username ? (
                    <span className="muted">{t('backoffice.approvals.own')}</span>
                  ) : may('money.approve') ? (
                    <div className="bo-decision">
                      <button
                        type="button"
                        className="btn btn-primary btn-sm"
                        disabled={task.hasTag('busy')}
                        onClick={() => decide(a, 'approve')}
                      >
                        {t('backoffice.approvals.approve')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        disabled={task.hasTag('busy')}
                        onClick={() => decide(a, 'reject')}
                      >
                        {t('backoffice.reject')}
                      </button>
                    </div>
                  ) : (
                    <span className="muted">{t('backoffice.approvals.cannot')}</span>
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
