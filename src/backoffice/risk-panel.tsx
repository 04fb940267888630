import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { RISK_FLAG_KINDS, type RiskDecision, type RiskFlag, type RiskRules } from '../api/contract/risk';
import { errorKey } from '../api/errors';
import { formatAmount, formatDate, formatDateTime, parseAmount } from '../ui/format';
import { ScrollRegion } from '../ui/ScrollRegion';
import { inlineFailure, TaskDialog, taskResult, useOperatorTask } from './operator-task';
import { useOperatorList, useReloadAfter } from './panels';
import type { PanelProps } from './sections';
import './risk-panel.css';

type Translate = ReturnType<typeof useTranslation>['t'];

/** What a flag found, in words, with amounts and days in the operator's format. */
export function evidenceText(flag: RiskFlag, t: Translate, lang: string): string {
  const e = flag.evidence;
  const money = (key: string) => formatAmount(Number(e[key] ?? 0), lang);
  switch (flag.kind) {
    case 'shared_address':
      return t('backoffice.risk.evidence.shared_address', { accounts: e.accounts, address: e.address });
    case 'shared_device':
      return t('backoffice.risk.evidence.shared_device', {
        accounts: e.accounts,
        address: e.address,
        device: e.device,
      });
    case 'shared_payee':
      return t(`backoffice.risk.evidence.shared_payee_${e.payeeKind === 'payee_name' ? 'name' : 'account'}`, {
        accounts: e.accounts,
        payee: e.payee,
      });
    case 'low_play':
      return t('backoffice.risk.evidence.low_play', {
        reference: e.reference,
        amount: money('amount'),
        deposits: money('deposits'),
        bets: money('bets'),
      });
    case 'big_win':
      return t('backoffice.risk.evidence.big_win', {
        day: formatDate(String(e.day), lang),
        profit: money('profit'),
        bets: money('bets'),
        payout: money('payout'),
      });
  }
}

const DECISIONS: RiskDecision[] = ['clear', 'hold', 'lock'];

/**
 * The risk queue: what the scan found (groups of accounts behind one address, device or payee,
 * withdrawals after little play, unusual wins), each reviewed with notes and closed by a decision: nothing
 * wrong, the member's withdrawals held, or the member locked. Decided flags stay readable.
 */
export function RiskPanel({ token, onExpired }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [kind, setKind] = useState<string>('');
  const [username, setUsername] = useState('');
  const [search, setSearch] = useState('');
  const load = useCallback(
    () =>
      call('riskFlags', {
        token,
        query: {
          status,
          ...(kind ? { kind: kind as RiskFlag['kind'] } : {}),
          ...(search ? { username: search } : {}),
        },
      }),
    [token, status, kind, search],
  );
  const { data, error, reload } = useOperatorList(load, onExpired);
  const [task, send] = useOperatorTask(token, onExpired);
  useReloadAfter(task.context.completed, reload);
  const [notes, setNotes] = useState<Record<number, string>>({});
  const noteFailure = inlineFailure(task);
  const scanned = taskResult<{ raised: number }>(task, 'runRiskScan');

  const decide = (flag: RiskFlag, decision: RiskDecision) =>
    send({
      type: 'REQUEST',
      task: {
        kind: 'decideRiskFlag',
        summary: {
          decision: t(`backoffice.risk.decisions.${decision}`),
          member: flag.username,
          what: t(`backoffice.risk.kinds.${flag.kind}`),
        },
        body: { id: flag.id, decision },
      },
    });
  const note = (flag: RiskFlag) => {
    const text = (notes[flag.id] ?? '').trim();
    if (!text) return;
    send({
      type: 'REQUEST',
      task: { kind: 'noteRiskFlag', summary: {}, body: { id: flag.id, text }, confirm: false, reason: false },
    });
    setNotes({ ...notes, [flag.id]: '' });
  };

  return (
    <section className="bo-catalogue bo-risk" data-testid="bo-risk">
      <div className="bo-toolbar">
        <h2 className="bo-heading">{t('backoffice.risk.title')}</h2>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={task.hasTag('busy')}
          data-testid="bo-risk-scan"
          onClick={() =>
            send({
              type: 'REQUEST',
              task: { kind: 'runRiskScan', summary: {}, body: {}, confirm: false, reason: false },
            })
          }
        >
          {t('backoffice.risk.scan_now')}
        </button>
      </div>
      <p className="muted">{t('backoffice.risk.intro')}</p>
      {scanned && (
        <p className="form-success" role="status">
          {t('backoffice.risk.scanned', { count: scanned.raised })}
        </p>
      )}
      <div className="chips">
        {(['open', 'closed'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={s === status ? 'chip is-active' : 'chip'}
            onClick={() => setStatus(s)}
          >
            {t(`backoffice.risk.statuses.${s}`)}
          </button>
        ))}
      </div>
      <form
        className="bo-inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(username.trim());
        }}
      >
        <label className="field">
          <span>{t('backoffice.risk.kind')}</span>
          <select value={kind} onChange={(e) => setKind(e.target.value)} data-testid="bo-risk-kind">
            <option value="">{t('backoffice.risk.all_kinds')}</option>
            {RISK_FLAG_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`backoffice.risk.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('backoffice.columns.member')}</span>
          <input
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            data-testid="bo-risk-member"
          />
        </label>
        <button type="submit" className="btn btn-ghost btn-sm">
          {t('backoffice.risk.search')}
        </button>
      </form>
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      {noteFailure && <p className="form-error">{noteFailure.message ?? t(errorKey(noteFailure.code))}</p>}
      {data?.length === 0 && <p className="muted">{t('backoffice.risk.empty')}</p>}
      <ul className="bo-risk-list">
        {data?.map((flag) => (
          <li
            key={flag.id}
            className="bo-card bo-risk-flag"
            data-testid={`bo-risk-flag-${flag.id}`}
            data-kind={flag.kind}
          >
            <header className="bo-risk-head">
              <span
                className={`bo-badge ${flag.kind === 'low_play' || flag.kind === 'big_win' ? 'is-off' : 'is-open'}`}
              >
                {t(`backoffice.risk.kinds.${flag.kind}`)}
              </span>
              <strong>{flag.username}</strong>
              {flag.onHold && <span className="bo-badge is-warn">{t('backoffice.risk.on_hold')}</span>}
              <span className="muted bo-risk-time">{formatDateTime(flag.raisedAt)}</span>
            </header>
            <p className="bo-risk-evidence">{evidenceText(flag, t, i18n.language)}</p>
            {flag.others.length > 0 && (
              <p className="muted">
                {t('backoffice.risk.others')}: {flag.others.join(', ')}
              </p>
            )}
            {flag.notes.length > 0 && (
              <ul className="bo-risk-notes">
                {flag.notes.map((n) => (
                  <li key={`${n.createdAt}-${n.operator}`}>
                    <span className="muted">
                      {n.operator} · {formatDateTime(n.createdAt)}
                    </span>
                    <p>{n.text}</p>
                  </li>
                ))}
              </ul>
            )}
            <form
              className="bo-risk-note"
              onSubmit={(e) => {
                e.preventDefault();
                note(flag);
              }}
            >
              <input
                aria-label={t('backoffice.risk.note')}
                placeholder={t('backoffice.risk.note')}
                maxLength={1000}
                value={notes[flag.id] ?? ''}
                onChange={(e) => setNotes({ ...notes, [flag.id]: e.target.value })}
              />
              <button type="submit" className="btn btn-ghost btn-sm" disabled={task.hasTag('busy')}>
                {t('backoffice.risk.add_note')}
              </button>
            </form>
            {flag.status === 'open' ? (
              <div className="bo-decision">
                {DECISIONS.map((d) => (
                  <button
                    key={d}
                    type="button"
                    className={d === 'clear' ? 'btn btn-ghost btn-sm' : 'btn btn-primary btn-sm'}
                    disabled={task.hasTag('busy')}
                    onClick={() => decide(flag, d)}
                  >
                    {t(`backoffice.risk.decisions.${d}`)}
                  </button>
                ))}
              </div>
            ) : (
              <p className="muted" data-testid="bo-risk-decided">
                {t(`backoffice.risk.decisions.${flag.decision ?? 'clear'}`)} · {flag.decidedBy} ·{' '}
                {flag.decidedAt ? formatDateTime(flag.decidedAt) : ''}
              </p>
            )}
          </li>
        ))}
      </ul>
      <TaskDialog state={task} send={send} />
    </section>
  );
}

/** Members whose withdrawals the risk team holds: lifted here, or placed by hand for a member. */
export function HoldsPanel({ token, onExpired }: PanelProps) {
  const { t } = useTranslation();
  const load = useCallback(() => call('withdrawalHolds', { token }), [token]);
  const { data, error, reload } = useOperatorList(load, onExpired);
  const [task, send] = useOperatorTask(token, onExpired);
  useReloadAfter(task.context.completed, reload);
  const [username, setUsername] = useState('');
  const setHold = (who: string, hold: boolean) =>
    send({
      type: 'REQUEST',
      task: {
        kind: 'setWithdrawalHold',
        summary: {
          member: who,
          decision: t(hold ? 'backoffice.risk.place_hold' : 'backoffice.risk.lift_hold'),
        },
        body: { username: who, hold },
      },
    });
  return (
    <section className="bo-catalogue" data-testid="bo-holds">
      <div className="bo-toolbar">
        <h2 className="bo-heading">{t('backoffice.risk.holds_title')}</h2>
      </div>
      <p className="muted">{t('backoffice.risk.holds_intro')}</p>
      <form
        className="bo-inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (username.trim()) setHold(username.trim(), true);
        }}
      >
        <label className="field">
          <span>{t('backoffice.columns.member')}</span>
          <input
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            data-testid="bo-hold-member"
          />
        </label>
        <button type="submit" className="btn btn-primary btn-sm">
          {t('backoffice.risk.place_hold')}
        </button>
      </form>
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      {data?.length === 0 && <p className="muted">{t('backoffice.risk.no_holds')}</p>}
      <ScrollRegion className="bo-scroll" label={t('backoffice.risk.holds_title')}>
        <table className="bo-table">
          <thead>
            <tr>
              <th>{t('backoffice.columns.member')}</th>
              <th>{t('backoffice.reason')}</th>
              <th>{t('backoffice.risk.placed_by')}</th>
              <th>{t('backoffice.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.map((h) => (
              <tr key={h.username} data-testid={`bo-hold-${h.username}`}>
                <td>{h.username}</td>
                <td>{h.reason}</td>
                <td>
                  {h.placedBy}
                  <br />
                  <span className="muted">{formatDateTime(h.placedAt)}</span>
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={task.hasTag('busy')}
                    onClick={() => setHold(h.username, false)}
                  >
                    {t('backoffice.risk.lift_hold')}
                  </button>
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

const COUNT_FIELDS = ['accountsPerAddress', 'accountsPerDevice', 'lowPlayPercent'] as const;

/** The scan's thresholds: what makes a group of accounts, little play, an unusual win. */
export function RiskRulesPanel({ token, onExpired }: PanelProps) {
  const { t, i18n } = useTranslation();
  const load = useCallback(() => call('riskRules', { token }), [token]);
  const { data, error, reload } = useOperatorList(load, onExpired);
  const [task, send] = useOperatorTask(token, onExpired);
  useReloadAfter(task.context.completed, reload);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState(false);
  if (!data) return error ? <p className="form-error">{t(errorKey(error))}</p> : null;
  const value = (key: keyof RiskRules) =>
    draft[key] ??
    (key === 'bigWinAmount' ? formatAmount(data.bigWinAmount, i18n.language) : String(data[key]));
  return (
    <section className="bo-catalogue" data-testid="bo-risk-rules">
      <div className="bo-toolbar">
        <h2 className="bo-heading">{t('backoffice.risk.rules_title')}</h2>
      </div>
      <form
        className="bo-card bo-risk-rules"
        onSubmit={(e) => {
          e.preventDefault();
          const rules = {
            ...Object.fromEntries(COUNT_FIELDS.map((k) => [k, Number(value(k))])),
            bigWinAmount: parseAmount(value('bigWinAmount'), i18n.language),
          } as RiskRules;
          const bad =
            rules.bigWinAmount === null ||
            COUNT_FIELDS.some((k) => !Number.isInteger(rules[k]) || rules[k] < 0);
          setInvalid(bad);
          if (bad) return;
          send({
            type: 'REQUEST',
            task: {
              kind: 'setRiskRules',
              summary: Object.fromEntries(
                [...COUNT_FIELDS, 'bigWinAmount' as const].map((k) => [
                  `risk_${k}`,
                  k === 'bigWinAmount' ? formatAmount(rules[k], i18n.language) : String(rules[k]),
                ]),
              ),
              body: rules,
            },
          });
        }}
      >
        {([...COUNT_FIELDS, 'bigWinAmount'] as const).map((k) => (
          <label key={k} className="field">
            <span>{t(`backoffice.task_fields.risk_${k}`)}</span>
            <input
              inputMode={k === 'bigWinAmount' ? 'decimal' : 'numeric'}
              value={value(k)}
              data-testid={`bo-risk-rule-${k}`}
              onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
            />
            <small className="muted">{t(`backoffice.risk.rule_help.${k}`)}</small>
          </label>
        ))}
        {invalid && <p className="form-error">{t('backoffice.risk.rules_invalid')}</p>}
        <button type="submit" className="btn btn-primary">
          {t('backoffice.save')}
        </button>
      </form>
      <TaskDialog state={task} send={send} />
    </section>
  );
}
