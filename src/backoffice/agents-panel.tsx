import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { CONTRACT_KINDS, type ContractKind, PAY_PERIODS } from '../api/contract/agents';
import type { EndpointValue } from '../api/endpoints';
import { ContractTermsForm } from '../features/agent/ContractOfferDialog';
import { failureCode, failureIssues, failureMessage } from '../machines/failure';
import { formatAmount, formatDateTime, formatRate } from '../ui/format';
import { ScrollRegion } from '../ui/ScrollRegion';
import { Failure } from './games-panels';
import { useOperatorList } from './panels';

type Tree = EndpointValue<'adminTree'>;
type Bills = EndpointValue<'runBills'>;
type Rerun = EndpointValue<'rerunSettlement'>;
type Problem = { code: string; issues: { path: string; message: string }[]; message: string | null } | null;

/** Runs an operator call, keeping its failure for the card (and leaving on an expired session). */
function useCall(onExpired: () => void) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Problem>(null);
  const run = async <T,>(send: () => Promise<T>) => {
    setBusy(true);
    setFailure(null);
    try {
      return await send();
    } catch (error) {
      const code = failureCode(error);
      if (code === 'UNAUTHORIZED' || code === 'SESSION_EXPIRED') onExpired();
      setFailure({ code, issues: failureIssues(error), message: failureMessage(error) });
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, run };
}

/** The agent tree: find a member, see its uplines, direct downline and contracts, and move it. */
function TreeCard({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [tree, setTree] = useState<Tree | null>(null);
  const [upline, setUpline] = useState('');
  const [reason, setReason] = useState('');
  const [moved, setMoved] = useState(false);
  const [ending, setEnding] = useState<{ id: number; reason: string } | null>(null);
  const { busy, failure, run } = useCall(onExpired);
  const open = async (username: string) => {
    setSearch(username);
    setMoved(false);
    const found = await run(() => call('adminTree', { token, query: { username } }));
    setTree(found);
  };
  return (
    <div className="bo-card bo-wide" data-testid="bo-agent-tree">
      <h2 className="bo-heading">{t('backoffice.agents.tree')}</h2>
      <form
        className="bo-form-grid bo-form-inline"
        onSubmit={(e) => {
          e.preventDefault();
          if (search.trim()) void open(search.trim().toLowerCase());
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
      {failure &&
        (failure.code === 'CONTRACT_ABOVE_HOUSE_EDGE' && failure.message ? (
          // The server's words name the category and the most the house can give on it.
          <div className="form-error" role="alert" data-code={failure.code}>
            {failure.message}
          </div>
        ) : (
          <Failure code={failure.code} issues={failure.issues} />
        ))}
      {moved && (
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
                <button type="button" className="link-btn" onClick={() => void open(u)}>
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
                        <button type="button" className="link-btn" onClick={() => void open(d.username)}>
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
                      <td>{t(`agent.revenue.kinds.${c.kind}`)}</td>
                      <td>{c.upline ?? t('backoffice.agents.house')}</td>
                      <td>{c.member}</td>
                      <td className="num">{formatRate(c.rateBp, i18n.language)}</td>
                      <td>{t(`agent.contracts.statuses.${c.status}`)}</td>
                      <td>
                        {c.upline === null &&
                          ['offered', 'active', 'termination_requested'].includes(c.status) &&
                          (ending?.id === c.id ? (
                            <form
                              className="bo-inline-end"
                              onSubmit={async (e) => {
                                e.preventDefault();
                                const next = await run(() =>
                                  call('endHouseContract', {
                                    token,
                                    body: { contractId: c.id, reason: ending.reason },
                                  }),
                                );
                                if (next) {
                                  setTree(next);
                                  setEnding(null);
                                }
                              }}
                            >
                              <input
                                aria-label={t('backoffice.agents.end_reason')}
                                placeholder={t('backoffice.agents.end_reason')}
                                value={ending.reason}
                                maxLength={200}
                                onChange={(e) => setEnding({ id: c.id, reason: e.target.value })}
                              />
                              <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                                {t('backoffice.agents.end')}
                              </button>
                            </form>
                          ) : (
                            <button
                              type="button"
                              className="btn btn-ghost btn-sm"
                              onClick={() => setEnding({ id: c.id, reason: '' })}
                            >
                              {t('backoffice.agents.end')}
                            </button>
                          ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          {tree.member.isAgent && tree.uplines.length === 0 && (
            <HouseOffer
              token={token}
              username={tree.member.username}
              onOffered={setTree}
              run={run}
              busy={busy}
            />
          )}
          <form
            className="bo-form-grid bo-form-inline"
            data-testid="bo-move-form"
            onSubmit={async (e) => {
              e.preventDefault();
              const next = await run(() =>
                call('moveMember', { token, body: { username: tree.member.username, upline, reason } }),
              );
              if (next) {
                setTree(next);
                setMoved(true);
                setReason('');
              }
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
            <label className="field">
              <span>{t('backoffice.agents.reason')}</span>
              <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} />
            </label>
            <div className="bo-actions">
              <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                {t('backoffice.agents.move_button')}
              </button>
            </div>
          </form>
        </div>
      )}
    </div>
  );
}

/** Settlement runs with their bills, and a re-run of a finished period. */
function SettlementCard({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [kind, setKind] = useState<ContractKind | ''>('');
  const load = useCallback(
    () => call('settlementRuns', { token, query: { ...(kind ? { kind } : {}), pageSize: 30 } }),
    [token, kind],
  );
  const runs = useOperatorList(load, onExpired);
  const [bills, setBills] = useState<Bills | null>(null);
  const [rerun, setRerun] = useState({
    kind: 'daily_salary' as ContractKind,
    payPeriod: 'weekly',
    day: '',
    hour: '0',
    minute: '0',
  });
  const [result, setResult] = useState<Rerun | null>(null);
  const { busy, failure, run } = useCall(onExpired);
  const money = (n: number) => formatAmount(n, lang);
  return (
    <div className="bo-card bo-wide" data-testid="bo-settlements">
      <h2 className="bo-heading">{t('backoffice.agents.settlements')}</h2>
      <form
        className="bo-form-grid bo-form-inline"
        data-testid="bo-rerun-form"
        onSubmit={async (e) => {
          e.preventDefault();
          setResult(null);
          const done = await run(() =>
            call('rerunSettlement', {
              token,
              body: {
                kind: rerun.kind,
                ...(rerun.kind === 'dividend'
                  ? { payPeriod: rerun.payPeriod as (typeof PAY_PERIODS)[number] }
                  : {}),
                day: rerun.day,
                hour: Number(rerun.hour),
                minute: Number(rerun.minute),
              },
            }),
          );
          if (done) {
            setResult(done);
            runs.reload();
          }
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
        {(rerun.kind === 'hourly_salary' || rerun.kind === 'realtime_salary') && (
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
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {t('backoffice.agents.rerun_button')}
          </button>
        </div>
      </form>
      {failure && <Failure code={failure.code} issues={failure.issues} />}
      {result && (
        <p className="form-success" role="status" data-testid="bo-rerun-result">
          {t('backoffice.agents.rerun_done', {
            period: result.periodKey,
            bills: result.bills,
            paid: result.paid,
            unpaid: result.unpaid,
            retried: result.retried,
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
                      onClick={async () =>
                        setBills(
                          await run(() =>
                            call('runBills', { token, query: { kind: r.kind, periodKey: r.periodKey } }),
                          ),
                        )
                      }
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
      {bills && (
        <>
          <h3 className="bo-subheading">
            {t('backoffice.agents.bills_of', { period: bills.items[0]?.periodKey ?? '', count: bills.total })}
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
                {bills.items.map((b) => (
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
    </div>
  );
}

/** The house offers a top agent a contract from one of the brand's templates. */
function HouseOffer(props: {
  token: string;
  username: string;
  busy: boolean;
  run: <T>(send: () => Promise<T>) => Promise<T | null>;
  onOffered: (tree: Tree) => void;
}) {
  const { t, i18n } = useTranslation();
  const load = useCallback(() => call('adminTemplates', { token: props.token }), [props.token]);
  const templates = useOperatorList(load);
  const [templateId, setTemplateId] = useState('');
  if (!templates.data || templates.data.length === 0) return null;
  return (
    <form
      className="bo-form-grid bo-form-inline"
      data-testid="bo-house-offer"
      onSubmit={async (e) => {
        e.preventDefault();
        const next = await props.run(() =>
          call('offerHouseContract', {
            token: props.token,
            body: { username: props.username, templateId: Number(templateId) },
          }),
        );
        if (next) props.onOffered(next);
      }}
    >
      <h3 className="bo-subheading bo-span">{t('backoffice.agents.house_offer')}</h3>
      <label className="field">
        <span>{t('backoffice.agents.template')}</span>
        <select required value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
          <option value="">—</option>
          {templates.data.map((tpl) => (
            <option key={tpl.id} value={tpl.id}>
              {tpl.name} · {t(`agent.revenue.kinds.${tpl.kind}`)} ·{' '}
              {formatRate(tpl.terms.tiers.at(-1)!.rateBp, i18n.language)}
            </option>
          ))}
        </select>
      </label>
      <div className="bo-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={props.busy}>
          {t('backoffice.agents.house_offer_button')}
        </button>
      </div>
    </form>
  );
}

/** Contract templates: named terms for the house's offers, one default per kind for agents' offers. */
function TemplatesCard({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t, i18n } = useTranslation();
  const load = useCallback(() => call('adminTemplates', { token }), [token]);
  const list = useOperatorList(load, onExpired);
  const [editing, setEditing] = useState<{ name: string; isDefault: boolean } | null>(null);
  const [saved, setSaved] = useState(false);
  const { busy, failure, run } = useCall(onExpired);
  return (
    <div className="bo-card bo-wide" data-testid="bo-templates">
      <h2 className="bo-heading">{t('backoffice.agents.templates')}</h2>
      <p className="bo-sub">{t('backoffice.agents.templates_text')}</p>
      {failure && <Failure code={failure.code} issues={failure.issues} />}
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
                      onClick={async () => {
                        if (await run(() => call('deleteTemplate', { token, body: { id: tpl.id } })))
                          list.reload();
                      }}
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
            onCancel={() => setEditing(null)}
            onSubmit={async (terms) => {
              setSaved(false);
              const next = await run(() =>
                call('saveTemplate', {
                  token,
                  body: { name: editing.name, terms, isDefault: editing.isDefault },
                }),
              );
              if (next) {
                setEditing(null);
                setSaved(true);
                list.reload();
              }
            }}
          />
        </div>
      ) : (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setEditing({ name: '', isDefault: false })}
        >
          {t('backoffice.agents.template_new')}
        </button>
      )}
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
