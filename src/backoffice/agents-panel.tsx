import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { CONTRACT_KINDS, type ContractKind, PAY_PERIODS } from '../api/contract/agents';
import type { EndpointValue } from '../api/endpoints';
import { ContractTermsForm } from '../features/agent/ContractOfferDialog';
import { formatAmount, formatDateTime, formatRate } from '../ui/format';
import { ScrollRegion } from '../ui/ScrollRegion';
import { Failure } from './games-panels';
import { inlineFailure, TaskDialog, taskResult, useOperatorTask } from './operator-task';
import { useOperatorList } from './panels';

type Tree = EndpointValue<'adminTree'>;
type Rerun = EndpointValue<'rerunSettlement'>;
type Template = EndpointValue<'adminTemplates'>[number];
type TaskActor = ReturnType<typeof useOperatorTask>;

/** Loads again when a change went through (the count of the operator-task machine moved). */
function useReloadOn(completed: number, reload: () => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reload is the reaction to a new count
  useEffect(() => {
    if (completed > 0) reload();
  }, [completed]);
}

/**
 * The agent tree: find a member, see its uplines, direct downline and contracts, and move it. Each
 * change (move, the house's offer, the end of a house contract) is confirmed in the operator-task
 * dialog, which shows what changes (and asks the reason where the server keeps one), then the tree loads
 * again.
 */
function TreeCard({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState('');
  const [upline, setUpline] = useState('');
  const load = useCallback(
    () => (shown ? call('adminTree', { token, query: { username: shown } }) : Promise.resolve(null)),
    [token, shown],
  );
  const found = useOperatorList<Tree | null>(load, onExpired);
  const [task, send] = useOperatorTask(token, onExpired);
  useReloadOn(task.context.completed, found.reload);
  const tree = found.error ? null : found.data;
  const busy = task.hasTag('busy');
  const open = (username: string) => {
    setSearch(username);
    setShown(username);
    send({ type: 'DISMISS' });
  };
  const kindName = (kind: string) => t(`agent.revenue.kinds.${kind}`);
  return (
    <div className="bo-card bo-wide" data-testid="bo-agent-tree">
      <h2 className="bo-heading">{t('backoffice.agents.tree')}</h2>
      <form
        className="bo-form-grid bo-form-inline"
        onSubmit={(e) => {
          e.preventDefault();
          if (search.trim()) open(search.trim().toLowerCase());
        }}
      >
        <label className="field">
          <span>{t('backoffice.agents.member')}</span>
          <input value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
        </label>
        <div className="bo-actions">
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {t('backoffice.agents.find')}
          </button>
        </div>
      </form>
      {found.error && <Failure code={found.error} issues={[]} />}
      {taskResult(task, 'moveMember') !== null && (
        <p className="form-success" role="status">
          {t('backoffice.agents.moved')}
        </p>
      )}
      {tree && (
        <div className="bo-tree" data-testid="bo-tree-view">
          <p className="bo-crumbs" data-testid="bo-tree-uplines">
            {tree.uplines.length === 0 && <span>{t('backoffice.agents.top')} › </span>}
            {tree.uplines.map((u) => (
              <span key={u}>
                <button type="button" className="link-btn" onClick={() => open(u)}>
                  {u}
                </button>{' '}
                ›{' '}
              </span>
            ))}
            <strong>{tree.member.username}</strong>{' '}
            <span className="bo-sub">
              {tree.member.isAgent ? t('backoffice.agents.agent') : t('backoffice.agents.player')} ·{' '}
              {t('backoffice.agents.team', { count: tree.member.teamSize })} ·{' '}
              {formatDateTime(tree.member.joinedAt)}
            </span>
          </p>
          <h3 className="bo-subheading">{t('backoffice.agents.direct', { count: tree.downlineTotal })}</h3>
          {tree.downline.length > 0 && (
            <ScrollRegion
              className="bo-scroll"
              label={t('backoffice.agents.direct', { count: tree.downlineTotal })}
            >
              <table className="bo-table">
                <thead>
                  <tr>
                    <th scope="col">{t('backoffice.agents.member')}</th>
                    <th scope="col">{t('backoffice.agents.kind')}</th>
                    <th scope="col" className="num">
                      {t('backoffice.agents.team_size')}
                    </th>
                    <th scope="col">{t('backoffice.agents.joined')}</th>
                  </tr>
                </thead>
                <tbody>
                  {tree.downline.map((d) => (
                    <tr key={d.username}>
                      <td>
                        <button type="button" className="link-btn" onClick={() => open(d.username)}>
                          {d.username}
                        </button>
                      </td>
                      <td>{d.isAgent ? t('backoffice.agents.agent') : t('backoffice.agents.player')}</td>
                      <td className="num">{d.teamSize}</td>
                      <td>{formatDateTime(d.joinedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          <h3 className="bo-subheading">{t('backoffice.agents.contracts')}</h3>
          {tree.contracts.length === 0 ? (
            <p className="bo-sub">{t('backoffice.agents.no_contracts')}</p>
          ) : (
            <ScrollRegion className="bo-scroll" label={t('backoffice.agents.contracts')}>
              <table className="bo-table" data-testid="bo-tree-contracts">
                <thead>
                  <tr>
                    <th scope="col">{t('backoffice.agents.kind')}</th>
                    <th scope="col">{t('backoffice.agents.payer')}</th>
                    <th scope="col">{t('backoffice.agents.payee')}</th>
                    <th scope="col" className="num">
                      {t('backoffice.agents.rate')}
                    </th>
                    <th scope="col">{t('backoffice.agents.status')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('backoffice.agents.end')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {tree.contracts.map((c) => (
                    <tr key={c.id} data-status={c.status} data-kind={c.kind}>
                      <td>{kindName(c.kind)}</td>
                      <td>{c.upline ?? t('backoffice.agents.house')}</td>
                      <td>{c.member}</td>
                      <td className="num">{formatRate(c.rateBp, i18n.language)}</td>
                      <td>{t(`agent.contracts.statuses.${c.status}`)}</td>
                      <td>
                        {c.upline === null &&
                          ['offered', 'active', 'termination_requested'].includes(c.status) && (
                            <button
                              type="button"
                              className="btn btn-ghost btn-sm"
                              disabled={busy}
                              onClick={() =>
                                send({
                                  type: 'REQUEST',
                                  task: {
                                    kind: 'endHouseContract',
                                    summary: {
                                      member: c.member,
                                      kind: kindName(c.kind),
                                      rate: formatRate(c.rateBp, i18n.language),
                                      status: t(`agent.contracts.statuses.${c.status}`),
                                    },
                                    body: { contractId: c.id },
                                  },
                                })
                              }
                            >
                              {t('backoffice.agents.end')}
                            </button>
                          )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          {tree.member.isAgent && tree.uplines.length === 0 && (
            <HouseOffer token={token} username={tree.member.username} task={task} send={send} />
          )}
          <form
            className="bo-form-grid bo-form-inline"
            data-testid="bo-move-form"
            onSubmit={(e) => {
              e.preventDefault();
              send({
                type: 'REQUEST',
                task: {
                  kind: 'moveMember',
                  summary: {
                    member: tree.member.username,
                    team: t('backoffice.agents.team', { count: tree.member.teamSize }),
                    before: tree.uplines.at(-1) ?? t('backoffice.agents.top'),
                    after: upline.trim() || t('backoffice.agents.top'),
                  },
                  body: { username: tree.member.username, upline: upline.trim().toLowerCase() },
                },
              });
            }}
          >
            <h3 className="bo-subheading bo-span">{t('backoffice.agents.move')}</h3>
            <label className="field">
              <span>{t('backoffice.agents.new_upline')}</span>
              <input
                value={upline}
                onChange={(e) => setUpline(e.target.value)}
                placeholder={t('backoffice.agents.new_upline_hint')}
                autoComplete="off"
              />
            </label>
            <div className="bo-actions">
              <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                {t('backoffice.agents.move_button')}
              </button>
            </div>
          </form>
        </div>
      )}
      <TaskDialog state={task} send={send} />
    </div>
  );
}

/**
 * Settlement runs with their bills, and a re-run of a finished period: it moves agents' money, so it is
 * confirmed with its reason and filed for a second operator's approval (the Approvals page runs it).
 */
function SettlementCard({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [kind, setKind] = useState<ContractKind | ''>('');
  const load = useCallback(
    () => call('settlementRuns', { token, query: { ...(kind ? { kind } : {}), pageSize: 30 } }),
    [token, kind],
  );
  const runs = useOperatorList(load, onExpired);
  const [shownRun, setShownRun] = useState<{ kind: ContractKind; periodKey: string } | null>(null);
  const loadBills = useCallback(
    () => (shownRun ? call('runBills', { token, query: shownRun }) : Promise.resolve(null)),
    [token, shownRun],
  );
  const bills = useOperatorList(loadBills, onExpired);
  const [rerun, setRerun] = useState({
    kind: 'daily_salary' as ContractKind,
    payPeriod: 'weekly',
    day: '',
    hour: '0',
    minute: '0',
  });
  const [task, send] = useOperatorTask(token, onExpired);
  const requested = taskResult<Rerun>(task, 'rerunSettlement');
  const money = (n: number) => formatAmount(n, lang);
  const timed = rerun.kind === 'hourly_salary' || rerun.kind === 'realtime_salary';
  const pad = (n: string) => n.padStart(2, '0');
  return (
    <div className="bo-card bo-wide" data-testid="bo-settlements">
      <h2 className="bo-heading">{t('backoffice.agents.settlements')}</h2>
      <form
        className="bo-form-grid bo-form-inline"
        data-testid="bo-rerun-form"
        onSubmit={(e) => {
          e.preventDefault();
          const dividend = rerun.kind === 'dividend';
          send({
            type: 'REQUEST',
            task: {
              kind: 'rerunSettlement',
              summary: {
                kind: t(`agent.revenue.kinds.${rerun.kind}`),
                ...(dividend ? { pay_period: t(`contracts.periods.${rerun.payPeriod}`) } : {}),
                day:
                  rerun.kind === 'realtime_salary'
                    ? `${rerun.day} ${pad(rerun.hour)}:${pad(rerun.minute)}`
                    : timed
                      ? `${rerun.day} ${pad(rerun.hour)}h`
                      : rerun.day,
                approval: t('backoffice.agents.rerun_four_eyes'),
              },
              body: {
                kind: rerun.kind,
                ...(dividend ? { payPeriod: rerun.payPeriod as (typeof PAY_PERIODS)[number] } : {}),
                day: rerun.day,
                hour: Number(rerun.hour),
                minute: Number(rerun.minute),
              },
            },
          });
        }}
      >
        <h3 className="bo-subheading bo-span">{t('backoffice.agents.rerun')}</h3>
        <label className="field">
          <span>{t('backoffice.agents.kind')}</span>
          <select
            value={rerun.kind}
            onChange={(e) => setRerun({ ...rerun, kind: e.target.value as ContractKind })}
          >
            {CONTRACT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`agent.revenue.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        {rerun.kind === 'dividend' && (
          <label className="field">
            <span>{t('backoffice.agents.pay_period')}</span>
            <select
              value={rerun.payPeriod}
              onChange={(e) => setRerun({ ...rerun, payPeriod: e.target.value })}
            >
              {PAY_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`contracts.periods.${p}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="field">
          <span>{t('backoffice.agents.day')}</span>
          <input
            type="date"
            required
            value={rerun.day}
            onChange={(e) => setRerun({ ...rerun, day: e.target.value })}
          />
        </label>
        {timed && (
          <label className="field">
            <span>{t('backoffice.agents.hour')}</span>
            <input
              type="number"
              min={0}
              max={23}
              value={rerun.hour}
              onChange={(e) => setRerun({ ...rerun, hour: e.target.value })}
            />
          </label>
        )}
        {rerun.kind === 'realtime_salary' && (
          <label className="field">
            <span>{t('backoffice.agents.minute')}</span>
            <input
              type="number"
              min={0}
              max={59}
              value={rerun.minute}
              onChange={(e) => setRerun({ ...rerun, minute: e.target.value })}
            />
          </label>
        )}
        <div className="bo-actions">
          <button type="submit" className="btn btn-primary btn-sm" disabled={task.hasTag('busy')}>
            {t('backoffice.agents.rerun_button')}
          </button>
        </div>
      </form>
      {requested && (
        <p className="form-success" role="status" data-testid="bo-rerun-result">
          {t('backoffice.agents.rerun_sent', {
            id: requested.approval.id,
            period: String(requested.approval.detail.periodKey ?? ''),
          })}
        </p>
      )}
      <label className="field bo-filter">
        <span>{t('backoffice.agents.filter_kind')}</span>
        <select value={kind} onChange={(e) => setKind(e.target.value as ContractKind | '')}>
          <option value="">{t('backoffice.agents.all')}</option>
          {CONTRACT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`agent.revenue.kinds.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {runs.error && <Failure code={runs.error} issues={[]} />}
      {runs.data && runs.data.items.length === 0 && (
        <p className="bo-sub">{t('backoffice.agents.no_runs')}</p>
      )}
      {runs.data && runs.data.items.length > 0 && (
        <ScrollRegion className="bo-scroll" label={t('backoffice.agents.settlements')}>
          <table className="bo-table" data-testid="bo-runs">
            <thead>
              <tr>
                <th scope="col">{t('backoffice.agents.period')}</th>
                <th scope="col">{t('backoffice.agents.kind')}</th>
                <th scope="col" className="num">
                  {t('backoffice.agents.bills')}
                </th>
                <th scope="col" className="num">
                  {t('backoffice.agents.paid')} ({runs.data.currency})
                </th>
                <th scope="col" className="num">
                  {t('backoffice.agents.owed')} ({runs.data.currency})
                </th>
                <th scope="col">{t('backoffice.agents.last')}</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.items.map((r) => (
                <tr key={`${r.kind}:${r.periodKey}`} data-run={`${r.kind}:${r.periodKey}`}>
                  <td>
                    <button
                      type="button"
                      className="link-btn"
                      onClick={() => setShownRun({ kind: r.kind, periodKey: r.periodKey })}
                    >
                      {r.periodKey}
                    </button>
                  </td>
                  <td>{t(`agent.revenue.kinds.${r.kind}`)}</td>
                  <td className="num">
                    {t('backoffice.agents.bill_counts', {
                      paid: r.paid,
                      unpaid: r.unpaid,
                      nothing: r.nothing,
                    })}
                  </td>
                  <td className="num">{money(r.paidAmount)}</td>
                  <td className="num">{money(r.owedAmount)}</td>
                  <td>{formatDateTime(r.lastAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {bills.error && <Failure code={bills.error} issues={[]} />}
      {bills.data && shownRun && (
        <>
          <h3 className="bo-subheading">
            {t('backoffice.agents.bills_of', { period: shownRun.periodKey, count: bills.data.total })}
          </h3>
          <ScrollRegion className="bo-scroll" label={t('backoffice.agents.bills')}>
            <table className="bo-table" data-testid="bo-run-bills">
              <thead>
                <tr>
                  <th scope="col">{t('backoffice.agents.payer')}</th>
                  <th scope="col">{t('backoffice.agents.payee')}</th>
                  <th scope="col" className="num">
                    {t('agent.overview.valid_bet')}
                  </th>
                  <th scope="col" className="num">
                    {t('agent.columns.result')}
                  </th>
                  <th scope="col" className="num">
                    {t('agent.overview.active')}
                  </th>
                  <th scope="col" className="num">
                    {t('backoffice.agents.rate')}
                  </th>
                  <th scope="col" className="num">
                    {t('agent.bills.amount')}
                  </th>
                  <th scope="col">{t('backoffice.agents.status')}</th>
                </tr>
              </thead>
              <tbody>
                {bills.data.items.map((b) => (
                  <tr key={b.id} data-status={b.status}>
                    <td>{b.payer ?? t('backoffice.agents.house')}</td>
                    <td>{b.payee}</td>
                    <td className="num">{money(b.team.validBet)}</td>
                    <td className="num">{money(b.team.profit)}</td>
                    <td className="num">{b.team.active}</td>
                    <td className="num">{b.tier >= 0 ? formatRate(b.rateBp, lang) : '—'}</td>
                    <td className="num">{money(b.amount)}</td>
                    <td>{t(`agent.bills.statuses.${b.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
      <TaskDialog state={task} send={send} />
    </div>
  );
}

/** The house offers a top agent a contract from one of the brand's templates, once confirmed. */
function HouseOffer(props: { token: string; username: string; task: TaskActor[0]; send: TaskActor[1] }) {
  const { t, i18n } = useTranslation();
  const load = useCallback(() => call('adminTemplates', { token: props.token }), [props.token]);
  const templates = useOperatorList(load);
  const [templateId, setTemplateId] = useState('');
  if (!templates.data || templates.data.length === 0) return null;
  const rateOf = (tpl: Template) => formatRate(tpl.terms.tiers.at(-1)!.rateBp, i18n.language);
  return (
    <form
      className="bo-form-grid bo-form-inline"
      data-testid="bo-house-offer"
      onSubmit={(e) => {
        e.preventDefault();
        const tpl = templates.data?.find((x) => String(x.id) === templateId);
        if (!tpl) return;
        props.send({
          type: 'REQUEST',
          task: {
            kind: 'offerHouseContract',
            summary: {
              member: props.username,
              template: tpl.name,
              kind: t(`agent.revenue.kinds.${tpl.kind}`),
              rate: rateOf(tpl),
            },
            body: { username: props.username, templateId: tpl.id },
            reason: false,
          },
        });
      }}
    >
      <h3 className="bo-subheading bo-span">{t('backoffice.agents.house_offer')}</h3>
      <label className="field">
        <span>{t('backoffice.agents.template')}</span>
        <select required value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
          <option value="">—</option>
          {templates.data.map((tpl) => (
            <option key={tpl.id} value={tpl.id}>
              {tpl.name} · {t(`agent.revenue.kinds.${tpl.kind}`)} · {rateOf(tpl)}
            </option>
          ))}
        </select>
      </label>
      <div className="bo-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={props.task.hasTag('busy')}>
          {t('backoffice.agents.house_offer_button')}
        </button>
      </div>
    </form>
  );
}

/**
 * Contract templates: named terms for the house's offers, one default per kind for agents' offers. A
 * template is saved at once (its failure shows in the form); deleting one is confirmed first.
 */
function TemplatesCard({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t, i18n } = useTranslation();
  const load = useCallback(() => call('adminTemplates', { token }), [token]);
  const list = useOperatorList(load, onExpired);
  const [editing, setEditing] = useState<{ name: string; isDefault: boolean } | null>(null);
  const [task, send] = useOperatorTask(token, onExpired);
  useReloadOn(task.context.completed, list.reload);
  const saved = taskResult(task, 'saveTemplate') !== null;
  // The form closes when a save went through.
  useEffect(() => {
    if (saved) setEditing(null);
  }, [saved]);
  const failure = inlineFailure(task);
  const busy = task.hasTag('busy');
  return (
    <div className="bo-card bo-wide" data-testid="bo-templates">
      <h2 className="bo-heading">{t('backoffice.agents.templates')}</h2>
      <p className="bo-sub">{t('backoffice.agents.templates_text')}</p>
      {failure && !editing && <Failure code={failure.code} issues={failure.issues} />}
      {saved && (
        <p className="form-success" role="status">
          {t('backoffice.agents.template_saved')}
        </p>
      )}
      {list.data?.length === 0 && <p className="bo-sub">{t('backoffice.agents.no_templates')}</p>}
      {list.data && list.data.length > 0 && (
        <ScrollRegion className="bo-scroll" label={t('backoffice.agents.templates')}>
          <table className="bo-table">
            <thead>
              <tr>
                <th scope="col">{t('backoffice.agents.template')}</th>
                <th scope="col">{t('backoffice.agents.kind')}</th>
                <th scope="col" className="num">
                  {t('backoffice.agents.rate')}
                </th>
                <th scope="col">{t('backoffice.agents.default')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('backoffice.agents.delete')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((tpl) => (
                <tr key={tpl.id} data-template={tpl.name}>
                  <td>{tpl.name}</td>
                  <td>{t(`agent.revenue.kinds.${tpl.kind}`)}</td>
                  <td className="num">{formatRate(tpl.terms.tiers.at(-1)!.rateBp, i18n.language)}</td>
                  <td>{tpl.isDefault ? t('backoffice.agents.default') : ''}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      disabled={busy}
                      onClick={() =>
                        send({
                          type: 'REQUEST',
                          task: {
                            kind: 'deleteTemplate',
                            summary: {
                              template: tpl.name,
                              kind: t(`agent.revenue.kinds.${tpl.kind}`),
                              rate: formatRate(tpl.terms.tiers.at(-1)!.rateBp, i18n.language),
                            },
                            body: { id: tpl.id },
                            reason: false,
                          },
                        })
                      }
                    >
                      {t('backoffice.agents.delete')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {editing ? (
        <div className="bo-template-form" data-testid="bo-template-form">
          <div className="bo-form-grid">
            <label className="field">
              <span>{t('backoffice.agents.template_name')}</span>
              <input
                value={editing.name}
                maxLength={60}
                onChange={(e) => setEditing({ ...editing, name: e.target.value })}
              />
            </label>
            <label className="field bo-check">
              <input
                type="checkbox"
                checked={editing.isDefault}
                onChange={(e) => setEditing({ ...editing, isDefault: e.target.checked })}
              />
              <span>{t('backoffice.agents.make_default')}</span>
            </label>
          </div>
          <ContractTermsForm
            busy={busy}
            submitLabel={t('backoffice.agents.template_save')}
            errorCode={failure?.code ?? null}
            errorMessage={failure?.message ?? null}
            onCancel={() => {
              send({ type: 'CANCEL' });
              setEditing(null);
            }}
            onSubmit={(terms) =>
              send({
                type: 'REQUEST',
                task: {
                  kind: 'saveTemplate',
                  summary: {},
                  body: { name: editing.name, terms, isDefault: editing.isDefault },
                  confirm: false,
                },
              })
            }
          />
        </div>
      ) : (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => {
            send({ type: 'DISMISS' });
            setEditing({ name: '', isDefault: false });
          }}
        >
          {t('backoffice.agents.template_new')}
        </button>
      )}
      <TaskDialog state={task} send={send} />
    </div>
  );
}

/** The back office's agents tab. */
export function AgentsPanel({ token, onExpired }: { token: string; onExpired: () => void }) {
  return (
    <section className="bo-catalogue" data-testid="bo-agents">
      <TreeCard token={token} onExpired={onExpired} />
      <TemplatesCard token={token} onExpired={onExpired} />
      <SettlementCard token={token} onExpired={onExpired} />
    </section>
  );
}
