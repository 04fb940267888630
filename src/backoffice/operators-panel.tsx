import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import type { AuditEntry } from '../api/contract/backoffice';
import type { OperatorView, RoleView } from '../api/contract/operators';
import { PERMISSIONS, type Permission } from '../api/contract/permissions';
import { errorKey } from '../api/errors';
import { formatDateTime } from '../ui/format';
import { ScrollRegion } from '../ui/ScrollRegion';
import { auditActionLabel, auditDetailText } from './audit-format';
import { TaskDialog, useOperatorTask } from './operator-task';
import { useOperatorList } from './panels';
import type { PanelProps } from './sections';

const roleName = (t: TFunction, role: string, roles: RoleView[] | null) =>
  roles?.find((r) => r.code === role && !r.builtIn)?.name ??
  t(`backoffice.roles.${role}`, { defaultValue: role });

/** The brand's operators: add one, change a role, disable, reset, and their live sessions. */
export function OperatorsPanel({ token, onExpired }: PanelProps) {
  const { t } = useTranslation();
  const load = useCallback(() => call('adminOperators', { token }), [token]);
  const loadRoles = useCallback(() => call('operatorRoles', { token }), [token]);
  const loadSessions = useCallback(() => call('operatorSessions', { token, query: {} }), [token]);
  const { data, error, reload } = useOperatorList(load, onExpired);
  const roles = useOperatorList(loadRoles, onExpired);
  const sessions = useOperatorList(loadSessions, onExpired);
  const [state, send] = useOperatorTask(token, onExpired);
  const [draft, setDraft] = useState({ username: '', role: 'support' });
  const completed = state.context.completed;
  useEffect(() => {
    if (completed > 0) {
      reload();
      sessions.reload();
      setDraft((d) => ({ ...d, username: '' }));
    }
  }, [completed, reload, sessions.reload]);
  const created = state.context.result as { operator?: OperatorView; password?: string | null } | null;

  const ask = (kind: string, summary: Record<string, string>, body: Record<string, unknown>) =>
    send({ type: 'REQUEST', task: { kind, summary, body } });

  return (
    <section className="bo-catalogue" data-testid="bo-operators">
      <div className="bo-toolbar">
        <h2 className="bo-heading">{t('backoffice.operators.title')}</h2>
      </div>
      <form
        className="bo-inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          ask(
            'createOperator',
            { operator: draft.username, role: roleName(t, draft.role, roles.data) },
            { username: draft.username.trim().toLowerCase(), role: draft.role },
          );
        }}
      >
        <label className="field">
          <span>{t('backoffice.operators.username')}</span>
          <input
            value={draft.username}
            required
            pattern="[a-z0-9_.\-]{3,64}"
            autoComplete="off"
            onChange={(e) => setDraft({ ...draft, username: e.target.value.toLowerCase() })}
          />
        </label>
        <label className="field">
          <span>{t('backoffice.operators.role')}</span>
          <select value={draft.role} onChange={(e) => setDraft({ ...draft, role: e.target.value })}>
            {roles.data?.map((r) => (
              <option key={r.code} value={r.code}>
                {roleName(t, r.code, roles.data)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary btn-sm">
          {t('backoffice.operators.add')}
        </button>
      </form>
      {created?.password && (
        <p className="form-success" role="status" data-testid="bo-operator-password">
          {t(created.operator ? 'backoffice.operators.password_new' : 'backoffice.operators.password_reset')}{' '}
          <code>{created.password}</code>
        </p>
      )}
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      <ScrollRegion className="bo-scroll" label={t('backoffice.operators.title')}>
        <table className="bo-table">
          <thead>
            <tr>
              <th>{t('backoffice.operators.username')}</th>
              <th>{t('backoffice.operators.role')}</th>
              <th>{t('backoffice.operators.status')}</th>
              <th>{t('backoffice.operators.last_login')}</th>
              <th>
                <span className="visually-hidden">{t('backoffice.identity.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data?.map((o) => (
              <tr key={o.id} data-testid={`bo-operator-${o.username}`}>
                <td>
                  <strong>{o.username}</strong>
                  {o.installationWide && (
                    <div className="bo-sub">{t('backoffice.operators.installation')}</div>
                  )}
                </td>
                <td>
                  {o.installationWide ? (
                    roleName(t, o.role, roles.data)
                  ) : (
                    <select
                      aria-label={t('backoffice.operators.role_of', { name: o.username })}
                      value={o.role}
                      onChange={(e) =>
                        ask(
                          'setOperatorRole',
                          { operator: o.username, role: roleName(t, e.target.value, roles.data) },
                          { username: o.username, role: e.target.value },
                        )
                      }
                    >
                      {roles.data?.map((r) => (
                        <option key={r.code} value={r.code}>
                          {roleName(t, r.code, roles.data)}
                        </option>
                      ))}
                    </select>
                  )}
                </td>
                <td>
                  <span className={o.status === 'active' ? 'bo-badge is-on' : 'bo-badge is-none'}>
                    {t(`backoffice.operators.statuses.${o.status}`)}
                  </span>
                  <div className="bo-sub">
                    {t(
                      o.twoFactor
                        ? 'backoffice.operators.two_factor_on'
                        : 'backoffice.operators.two_factor_off',
                    )}{' '}
                    · {t('backoffice.operators.sessions_count', { count: o.activeSessions })}
                  </div>
                </td>
                <td>{o.lastLoginAt ? formatDateTime(o.lastLoginAt) : '—'}</td>
                <td>
                  {!o.installationWide && (
                    <div className="bo-actions">
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() =>
                          ask(
                            'setOperatorStatus',
                            {
                              operator: o.username,
                              status: t(
                                `backoffice.operators.statuses.${o.status === 'active' ? 'disabled' : 'active'}`,
                              ),
                            },
                            { username: o.username, status: o.status === 'active' ? 'disabled' : 'active' },
                          )
                        }
                      >
                        {t(
                          o.status === 'active'
                            ? 'backoffice.operators.disable'
                            : 'backoffice.operators.enable',
                          {
                            name: o.username,
                          },
                        )}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() =>
                          ask(
                            'resetOperator',
                            { operator: o.username, what: t('backoffice.operators.reset_password') },
                            { username: o.username, what: 'password' },
                          )
                        }
                      >
                        {t('backoffice.operators.reset_password')}
                      </button>
                      {o.twoFactor && (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          onClick={() =>
                            ask(
                              'resetOperator',
                              { operator: o.username, what: t('backoffice.operators.reset_two_factor') },
                              { username: o.username, what: 'two-factor' },
                            )
                          }
                        >
                          {t('backoffice.operators.reset_two_factor')}
                        </button>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>

      <h3 className="bo-heading">{t('backoffice.operators.sessions')}</h3>
      <ScrollRegion className="bo-scroll" label={t('backoffice.operators.sessions')}>
        <table className="bo-table">
          <thead>
            <tr>
              <th>{t('backoffice.operators.username')}</th>
              <th>IP</th>
              <th>{t('backoffice.operators.started')}</th>
              <th>{t('backoffice.operators.expires')}</th>
              <th>
                <span className="visually-hidden">{t('backoffice.identity.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.data?.map((s) => (
              <tr key={s.id}>
                <td>
                  {s.username}
                  {s.current && <span className="bo-sub"> · {t('backoffice.operators.this_session')}</span>}
                </td>
                <td>
                  <code>{s.ip ?? '—'}</code>
                </td>
                <td>{formatDateTime(s.createdAt)}</td>
                <td>{formatDateTime(s.expiresAt)}</td>
                <td>
                  {!s.current && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      onClick={() =>
                        ask('revokeOperatorSession', { operator: s.username, session: s.id }, { id: s.id })
                      }
                    >
                      {t('backoffice.operators.end_session')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <TaskDialog state={state} send={send} />
    </section>
  );
}

/** Roles and what each allows; custom roles are made, changed and removed here. */
export function RolesPanel({ token, onExpired }: PanelProps) {
  const { t } = useTranslation();
  const load = useCallback(() => call('operatorRoles', { token }), [token]);
  const { data, error, reload } = useOperatorList(load, onExpired);
  const [state, send] = useOperatorTask(token, onExpired);
  const [draft, setDraft] = useState<{ code: string; name: string; permissions: Permission[] } | null>(null);
  const completed = state.context.completed;
  useEffect(() => {
    if (completed > 0) {
      reload();
      setDraft(null);
    }
  }, [completed, reload]);
  const toggle = (p: Permission) =>
    draft &&
    setDraft({
      ...draft,
      permissions: draft.permissions.includes(p)
        ? draft.permissions.filter((x) => x !== p)
        : [...draft.permissions, p],
    });

  return (
    <section className="bo-catalogue" data-testid="bo-roles">
      <div className="bo-toolbar">
        <h2 className="bo-heading">{t('backoffice.roles_page.title')}</h2>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => setDraft({ code: '', name: '', permissions: [] })}
        >
          {t('backoffice.roles_page.add')}
        </button>
      </div>
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      {draft && (
        <form
          className="bo-pane bo-card"
          onSubmit={(e) => {
            e.preventDefault();
            send({
              type: 'REQUEST',
              task: {
                kind: 'saveOperatorRole',
                summary: {
                  role: draft.name,
                  permissions:
                    draft.permissions.map((p) => t(`backoffice.permissions.${p}`)).join(', ') || '—',
                },
                body: draft,
              },
            });
          }}
        >
          <div className="bo-form-grid">
            <label className="field">
              <span>{t('backoffice.roles_page.code')}</span>
              <input
                value={draft.code}
                required
                pattern="[a-z][a-z0-9\-]{1,31}"
                onChange={(e) => setDraft({ ...draft, code: e.target.value.toLowerCase() })}
              />
            </label>
            <label className="field">
              <span>{t('backoffice.roles_page.name')}</span>
              <input
                value={draft.name}
                required
                minLength={2}
                maxLength={40}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
            </label>
          </div>
          <fieldset className="bo-permissions">
            <legend>{t('backoffice.roles_page.permissions')}</legend>
            {PERMISSIONS.map((p) => (
              <label key={p} className="field-check">
                <input type="checkbox" checked={draft.permissions.includes(p)} onChange={() => toggle(p)} />{' '}
                {t(`backoffice.permissions.${p}`)}
              </label>
            ))}
          </fieldset>
          <div className="bo-actions">
            <button type="submit" className="btn btn-primary btn-sm">
              {t('backoffice.save')}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDraft(null)}>
              {t('backoffice.identity.cancel')}
            </button>
          </div>
        </form>
      )}
      <ScrollRegion className="bo-scroll" label={t('backoffice.roles_page.title')}>
        <table className="bo-table">
          <thead>
            <tr>
              <th>{t('backoffice.roles_page.name')}</th>
              <th>{t('backoffice.roles_page.permissions')}</th>
              <th>{t('backoffice.roles_page.operators')}</th>
              <th>
                <span className="visually-hidden">{t('backoffice.identity.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data?.map((r) => (
              <tr key={r.code} data-testid={`bo-role-${r.code}`}>
                <td>
                  <strong>{r.builtIn ? t(`backoffice.roles.${r.code}`) : r.name}</strong>
                  <div className="bo-sub">
                    <code>{r.code}</code> ·{' '}
                    {t(r.builtIn ? 'backoffice.roles_page.built_in' : 'backoffice.roles_page.custom')}
                  </div>
                </td>
                <td className="bo-chips">
                  {r.permissions.map((p) => (
                    <span key={p} className="bo-badge">
                      {t(`backoffice.permissions.${p}`)}
                    </span>
                  ))}
                </td>
                <td className="num">{r.operators}</td>
                <td>
                  {!r.builtIn && (
                    <div className="bo-actions">
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() =>
                          setDraft({ code: r.code, name: r.name, permissions: [...r.permissions] })
                        }
                      >
                        {t('backoffice.identity.edit', { name: r.name })}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() =>
                          send({
                            type: 'REQUEST',
                            task: {
                              kind: 'deleteOperatorRole',
                              summary: { role: r.name },
                              body: { code: r.code },
                            },
                          })
                        }
                      >
                        {t('backoffice.roles_page.delete', { name: r.name })}
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <TaskDialog state={state} send={send} />
    </section>
  );
}

const csvCell = (value: unknown) => {
  const text =
    typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value);
  return /[",\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The audit trail, searched by operator, target, action and period; the rows found download as CSV. */
export function AuditSearchPanel({ token, onExpired }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState({ operator: '', target: '', action: '', from: '', to: '' });
  const [applied, setApplied] = useState(filter);
  const [rows, setRows] = useState<AuditEntry[]>([]);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const searchPage = useCallback(
    (f: typeof filter, before?: number) =>
      call('auditSearch', {
        token,
        query: {
          ...(f.operator ? { operator: f.operator } : {}),
          ...(f.target ? { target: f.target } : {}),
          ...(f.action ? { action: f.action } : {}),
          ...(f.from ? { from: new Date(`${f.from}T00:00:00`).getTime() } : {}),
          ...(f.to ? { to: new Date(`${f.to}T23:59:59.999`).getTime() } : {}),
          ...(before ? { before } : {}),
          limit: 100,
        },
      } as never),
    [token],
  );
  const run = useCallback(
    (f: typeof filter, before?: number) =>
      searchPage(f, before).then(
        (page) => {
          setRows((old) => (before ? [...old, ...page] : page));
          setMore(page.length === 100);
          setError(null);
        },
        (e: { code?: string }) => {
          if (e.code === 'UNAUTHORIZED' || e.code === 'SESSION_EXPIRED') onExpired();
          setError(e.code ?? 'UNKNOWN');
        },
      ),
    [searchPage, onExpired],
  );
  useEffect(() => {
    void run(applied);
  }, [run, applied]);

  const download = () => {
    const header = ['id', 'date', 'operator', 'action', 'target', 'ip', 'detail'];
    const lines = rows.map((r) =>
      [r.id, new Date(r.createdAt).toISOString(), r.operator, r.action, r.target, r.ip, r.detail]
        .map(csvCell)
        .join(','),
    );
    const blob = new Blob([`\uFEFF${[header.join(','), ...lines].join('\n')}\n`], { type: 'text/csv' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'audit.csv';
    link.click();
    URL.revokeObjectURL(link.href);
  };

  // Every action the trail names, by its label in the operator's language (the codes stay in the CSV).
  const actionChoices = Object.keys(
    i18n.getResourceBundle(i18n.language, 'translation')?.backoffice?.audit_actions ?? {},
  )
    .map((code) => [code, auditActionLabel(t, code)] as const)
    .sort((a, b) => a[1].localeCompare(b[1], i18n.language));
  const field = (key: keyof typeof filter, type = 'text') => (
    <label className="field">
      <span>{t(`backoffice.audit_search.${key}`)}</span>
      <input
        type={type}
        value={filter[key]}
        onChange={(e) => setFilter({ ...filter, [key]: e.target.value })}
      />
    </label>
  );
  return (
    <section className="bo-catalogue" data-testid="bo-audit">
      <h2 className="bo-heading">{t('backoffice.tabs.audit')}</h2>
      <form
        className="bo-inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied({ ...filter });
        }}
      >
        {field('operator')}
        {field('target')}
        <label className="field">
          <span>{t('backoffice.audit_search.action')}</span>
          <select
            value={filter.action}
            onChange={(e) => setFilter({ ...filter, action: e.target.value })}
            data-testid="bo-audit-action"
          >
            <option value="">{t('backoffice.audit_search.any_action')}</option>
            {actionChoices.map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {field('from', 'date')}
        {field('to', 'date')}
        <button type="submit" className="btn btn-primary btn-sm">
          {t('backoffice.audit_search.search')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={rows.length === 0}
          onClick={download}
        >
          {t('backoffice.audit_search.csv')}
        </button>
      </form>
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      <ScrollRegion className="bo-scroll" label={t('backoffice.tabs.audit')}>
        <table className="bo-table">
          <thead>
            <tr>
              <th>{t('backoffice.audit_search.when')}</th>
              <th>{t('backoffice.audit_search.operator')}</th>
              <th>{t('backoffice.audit_search.action')}</th>
              <th>{t('backoffice.audit_search.target')}</th>
              <th>{t('backoffice.audit_search.detail')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-action={r.action}>
                <td>{formatDateTime(r.createdAt)}</td>
                <td>{r.operator ?? t('backoffice.audit_system')}</td>
                <td>{auditActionLabel(t, r.action)}</td>
                <td>{r.target ?? ''}</td>
                <td className="bo-audit-detail">{auditDetailText(r.detail, t, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {more && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => void run(applied, rows.at(-1)?.id)}
        >
          {t('backoffice.audit_search.more')}
        </button>
      )}
    </section>
  );
}
