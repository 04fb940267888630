import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { MAX_VIP_LEVEL, type MemberPage, type MemberStatus } from '../api/contract/backoffice-members';
import { errorKey } from '../api/errors';
import { formatAmount, formatDateTime } from '../ui/format';
import { ScrollRegion } from '../ui/ScrollRegion';
import { Failure } from './games-panels';
import { inlineFailure, useOperatorTask } from './operator-task';
import { useOperatorList } from './panels';
import type { PanelProps } from './sections';
import './members-panel.css';

type Fields = Record<'username' | 'mobile' | 'email' | 'cpf' | 'ip' | 'agent' | 'from' | 'to', string>;
const NO_FIELDS: Fields = {
  username: '',
  mobile: '',
  email: '',
  cpf: '',
  ip: '',
  agent: '',
  from: '',
  to: '',
};
const PAGE_SIZE = 20;
type Query = Partial<Record<'username' | 'mobile' | 'email' | 'cpf' | 'ip' | 'agent', string>> & {
  from?: number;
  to?: number;
  page: number;
  pageSize: number;
};

/** The start of a day typed in a date field, in the operator's time zone (epoch millis). */
const dayStart = (day: string) => new Date(`${day}T00:00:00`).getTime();

function StatusBadge({ status }: { status: MemberStatus }) {
  const { t } = useTranslation();
  const tone = status === 'active' ? 'is-on' : status === 'locked' ? 'is-off' : 'is-none';
  return <span className={`bo-badge ${tone}`}>{t(`backoffice.members.statuses.${status}`)}</span>;
}

/**
 * The back office's members: find a member (username, mobile, e-mail, CPF, address, agent, registration
 * date), open their page, and act on them. Every action asks for a reason and a confirmation naming the
 * member and the action before it runs.
 */
export function MembersPanel({ token, onExpired }: PanelProps) {
  const [open, setOpen] = useState<string | null>(null);
  return open ? (
    <MemberView token={token} onExpired={onExpired} username={open} onBack={() => setOpen(null)} />
  ) : (
    <MemberSearch token={token} onExpired={onExpired} onOpen={setOpen} />
  );
}

function MemberSearch({ token, onExpired, onOpen }: PanelProps & { onOpen: (username: string) => void }) {
  const { t, i18n } = useTranslation();
  const [fields, setFields] = useState<Fields>(NO_FIELDS);
  const [query, setQuery] = useState<Query>({ page: 1, pageSize: PAGE_SIZE });
  const load = useCallback(() => call('adminMembers', { token, query }), [token, query]);
  const { data, error } = useOperatorList(load, onExpired);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q: Query = { page: 1, pageSize: PAGE_SIZE };
    for (const key of ['username', 'mobile', 'email', 'cpf', 'ip', 'agent'] as const) {
      const value = fields[key].trim();
      if (value) q[key] = value;
    }
    if (fields.from) q.from = dayStart(fields.from);
    if (fields.to) q.to = dayStart(fields.to) + 86_400_000;
    setQuery(q);
  };
  const field = (key: keyof Fields, type = 'text') => (
    <label className="field">
      <span>{t(`backoffice.members.fields.${key}`)}</span>
      <input
        type={type}
        value={fields[key]}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
      />
    </label>
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const page = query.page;
  return (
    <section className="bo-catalogue" data-testid="bo-members">
      <div className="bo-toolbar">
        <h2 className="bo-heading">{t('backoffice.members.title')}</h2>
      </div>
      <form className="bo-form-grid" onSubmit={submit} aria-label={t('backoffice.members.search')}>
        {field('username')}
        {field('mobile', 'tel')}
        {field('email')}
        {field('cpf')}
        {field('ip')}
        {field('agent')}
        {field('from', 'date')}
        {field('to', 'date')}
        <div className="bo-actions bo-inline-end">
          <button type="submit" className="btn btn-primary btn-sm">
            {t('backoffice.members.search')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              setFields(NO_FIELDS);
              setQuery({ page: 1, pageSize: PAGE_SIZE });
            }}
          >
            {t('backoffice.members.clear')}
          </button>
        </div>
      </form>
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      {data && (
        <p className="bo-sub" role="status">
          {t('backoffice.members.found', { count: data.total })}
        </p>
      )}
      <ScrollRegion className="bo-scroll" label={t('backoffice.members.results')}>
        <table className="bo-table">
          <thead>
            <tr>
              <th>{t('backoffice.members.fields.username')}</th>
              <th>{t('backoffice.members.status')}</th>
              <th>{t('backoffice.members.vip')}</th>
              <th>{t('backoffice.members.fields.agent')}</th>
              <th>{t('backoffice.members.contact')}</th>
              <th>{t('backoffice.members.registered')}</th>
              <th>{t('backoffice.members.last_login')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.items.length === 0 && (
              <tr>
                <td colSpan={7}>{t('backoffice.members.none')}</td>
              </tr>
            )}
            {data?.items.map((m) => (
              <tr key={m.username} data-testid={`bo-member-row-${m.username}`}>
                <td>
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => onOpen(m.username)}>
                    {m.username}
                  </button>
                  {m.nickname && <span className="bo-sub">{m.nickname}</span>}
                </td>
                <td>
                  <StatusBadge status={m.status} />
                </td>
                <td className="num">{m.vipLevel}</td>
                <td>{m.agent ?? '—'}</td>
                <td>
                  {m.email && <span className="bo-sub">{m.email}</span>}
                  {m.mobile && <span className="bo-sub">{m.mobile}</span>}
                </td>
                <td>
                  {formatDateTime(m.registeredAt, i18n.language)}
                  {m.registerIp && <span className="bo-sub">{m.registerIp}</span>}
                </td>
                <td>
                  {m.lastLoginAt ? formatDateTime(m.lastLoginAt, i18n.language) : '—'}
                  {m.lastLoginIp && <span className="bo-sub">{m.lastLoginIp}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {data && pages > 1 && (
        <div className="bo-actions">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={page <= 1}
            onClick={() => setQuery({ ...query, page: page - 1 })}
          >
            {t('backoffice.members.previous')}
          </button>
          <span className="bo-sub">{t('backoffice.members.page', { page, pages })}</span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={page >= pages}
            onClick={() => setQuery({ ...query, page: page + 1 })}
          >
            {t('backoffice.members.next')}
          </button>
        </div>
      )}
    </section>
  );
}

const TABS = [
  'profile',
  'wallets',
  'ledger',
  'deposits',
  'withdrawals',
  'bets',
  'logins',
  'notes',
  'linked',
] as const;
type Tab = (typeof TABS)[number];

type ActionKind =
  | 'lock'
  | 'unlock'
  | 'end_sessions'
  | 'reset_password'
  | 'clear_payment'
  | 'agent'
  | 'vip'
  | 'note';

function MemberView({
  token,
  onExpired,
  username,
  onBack,
}: PanelProps & { username: string; onBack: () => void }) {
  const { t } = useTranslation();
  const load = useCallback(() => call('adminMember', { token, query: { username } }), [token, username]);
  const { data, error, reload } = useOperatorList(load, onExpired);
  const [page, setPage] = useState<MemberPage | null>(null);
  const [tab, setTab] = useState<Tab>('profile');
  const [action, setAction] = useState<ActionKind | null>(null);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => setPage(data), [data]);
  const m = page?.member;
  return (
    <section className="bo-catalogue" data-testid="bo-member">
      <div className="bo-toolbar">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onBack}>
          {t('backoffice.members.back')}
        </button>
        <h2 className="bo-heading">
          {username} {m && <StatusBadge status={m.status} />}
        </h2>
        {m && <span className="bo-sub">{t('backoffice.members.vip_level', { level: m.vipLevel })}</span>}
        {page?.risk.hold && (
          <span className="bo-badge is-off" data-testid="bo-member-hold" title={page.risk.hold.reason}>
            {t('backoffice.members.withdrawals_held', { by: page.risk.hold.placedBy })}
          </span>
        )}
        {page && page.risk.openFlags > 0 && (
          <span className="bo-badge is-open" data-testid="bo-member-flags">
            {t('backoffice.members.open_flags', { count: page.risk.openFlags })}
          </span>
        )}
      </div>
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      <p className="bo-saved" role="status">
        {done ?? ''}
      </p>
      {page && m && (
        <>
          <section className="bo-actions" aria-label={t('backoffice.members.actions_title')}>
            {(
              [
                m.status === 'locked' ? 'unlock' : 'lock',
                'end_sessions',
                'reset_password',
                'clear_payment',
                'agent',
                'vip',
                'note',
              ] as ActionKind[]
            ).map((kind) => (
              <button
                key={kind}
                type="button"
                className={kind === 'lock' ? 'btn btn-ghost btn-sm bo-danger' : 'btn btn-ghost btn-sm'}
                disabled={kind === 'lock' && m.status === 'closed'}
                data-testid={`bo-member-action-${kind}`}
                onClick={() => {
                  setDone(null);
                  setAction(kind);
                }}
              >
                {t(`backoffice.members.actions.${kind}`)}
              </button>
            ))}
          </section>
          {action && (
            <ActionDialog
              token={token}
              onExpired={onExpired}
              kind={action}
              page={page}
              onClose={() => setAction(null)}
              onDone={(next, message) => {
                setAction(null);
                setDone(message);
                if (next) setPage(next);
                else reload();
              }}
            />
          )}
          <div
            className="bo-tabs bo-member-tabs"
            role="tablist"
            aria-label={t('backoffice.members.tabs_label')}
          >
            {TABS.map((key) => (
              <button
                key={key}
                type="button"
                role="tab"
                aria-selected={tab === key}
                className={tab === key ? 'bo-member-tab is-active' : 'bo-member-tab'}
                onClick={() => setTab(key)}
              >
                {t(`backoffice.members.tabs.${key}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" data-testid={`bo-member-tab-${tab}`}>
            <TabContent tab={tab} page={page} />
          </div>
        </>
      )}
    </section>
  );
}

function Table({ label, head, rows }: { label: string; head: string[]; rows: React.ReactNode[][] }) {
  const { t } = useTranslation();
  return (
    <ScrollRegion className="bo-scroll" label={label}>
      <table className="bo-table">
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={head.length}>{t('backoffice.members.nothing')}</td>
            </tr>
          )}
          {rows.map((cells, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a read-only list in server order
            <tr key={i}>
              {cells.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells in column order
                <td key={j}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function TabContent({ tab, page }: { tab: Tab; page: MemberPage }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const money = (minor: number) => <span className="num">{formatAmount(minor, lang)}</span>;
  const when = (at: number | null) => (at === null ? '—' : formatDateTime(at, lang));
  const c = (key: string) => t(`backoffice.members.columns.${key}`);
  const m = page.member;
  switch (tab) {
    case 'profile': {
      const rows: Array<[string, React.ReactNode]> = [
        ['nickname', m.nickname],
        ['payee_name', m.payeeName],
        ['email', m.email],
        ['mobile', m.mobile],
        ['birthday', m.birthday],
        ['nationality', m.nationality],
        ['language', t(`backoffice.language_names.${m.language}`, { defaultValue: m.language })],
        ['agent', m.uplines.length > 0 ? m.uplines.join(' › ') : null],
        ['kind', t(m.isAgent ? 'backoffice.members.agent_kind' : 'backoffice.members.member_kind')],
        ['registered', `${when(m.registeredAt)}${m.registerIp ? ` · ${m.registerIp}` : ''}`],
        ['first_login', when(m.firstLoginAt)],
        ['last_login', `${when(m.lastLoginAt)}${m.lastLoginIp ? ` · ${m.lastLoginIp}` : ''}`],
        ['password_changed', when(m.passwordChangedAt)],
        ['two_factor', t(m.twoFactor ? 'backoffice.members.yes' : 'backoffice.members.no')],
        ['payment_password', t(m.hasPaymentPassword ? 'backoffice.members.yes' : 'backoffice.members.no')],
      ];
      return (
        <Table
          label={t('backoffice.members.tabs.profile')}
          head={[c('field'), c('value')]}
          rows={rows.map(([k, v]) => [c(k), v ?? '—'])}
        />
      );
    }
    case 'wallets':
      return (
        <>
          <Table
            label={t('backoffice.members.tabs.wallets')}
            head={[c('wallet'), c('balance')]}
            rows={[
              [c('main'), money(page.wallets.main)],
              [c('hold'), money(page.wallets.hold)],
              ...page.wallets.vendors.map((w) => [w.name, money(w.balance)]),
              [<strong key="t">{c('total')}</strong>, money(page.wallets.total)],
            ]}
          />
          <h3 className="bo-subheading">{t('backoffice.members.bank_accounts')}</h3>
          <Table
            label={t('backoffice.members.bank_accounts')}
            head={[c('bank'), c('holder'), c('account')]}
            rows={page.bankAccounts.map((b) => [b.bankName, b.accountName, b.accountNumber])}
          />
        </>
      );
    case 'ledger':
      return (
        <Table
          label={t('backoffice.members.tabs.ledger')}
          head={[c('when'), c('type'), c('wallet'), c('amount'), c('balance')]}
          rows={page.ledger.map((r) => [
            when(r.createdAt),
            t(`centre.records.kinds.${r.type}`, {
              defaultValue: t(`centre.records.types.${r.type}`, { defaultValue: r.type }),
            }),
            r.wallet === 'main' || r.wallet === 'hold' ? c(r.wallet) : r.wallet,
            money(r.amount),
            money(r.balanceAfter),
          ])}
        />
      );
    case 'deposits':
      return (
        <Table
          label={t('backoffice.members.tabs.deposits')}
          head={[c('when'), c('reference'), c('method'), c('amount'), c('state')]}
          rows={page.deposits.map((d) => [
            when(d.createdAt),
            d.reference,
            d.method,
            money(d.amount),
            t(`centre.deposit.statuses.${d.status}`, { defaultValue: d.status }),
          ])}
        />
      );
    case 'withdrawals':
      return (
        <Table
          label={t('backoffice.members.tabs.withdrawals')}
          head={[c('when'), c('reference'), c('amount'), c('state')]}
          rows={page.withdrawals.map((w) => [
            when(w.createdAt),
            w.reference,
            money(w.amount),
            t(`backoffice.statuses.${w.status}`, { defaultValue: w.status }),
          ])}
        />
      );
    case 'bets':
      return (
        <>
          <p className="bo-sub">
            {t('backoffice.members.bets_summary', {
              count: page.bets.total,
              stake: formatAmount(page.bets.summary.stake, lang),
              net: formatAmount(page.bets.summary.net, lang),
            })}
          </p>
          <Table
            label={t('backoffice.members.tabs.bets')}
            head={[c('when'), c('game'), c('round'), c('stake'), c('payout'), c('state')]}
            rows={page.bets.items.map((b) => [
              when(b.createdAt),
              b.gameName,
              b.draw ?? b.roundId,
              money(b.stake),
              money(b.payout),
              t(`backoffice.members.round_states.${b.status}`),
            ])}
          />
        </>
      );
    case 'logins':
      return (
        <>
          <Table
            label={t('backoffice.members.tabs.logins')}
            head={[c('when'), c('ip'), c('device'), c('login_type'), c('state')]}
            rows={page.sessions.map((s) => [
              when(s.createdAt),
              s.ip ?? '—',
              <span key="d" className="bo-sub">
                {s.device ?? '—'}
              </span>,
              t(`backoffice.members.login_types.${s.loginType}`, { defaultValue: s.loginType }),
              s.active
                ? t('backoffice.members.session_open')
                : s.endedAt
                  ? t('backoffice.members.session_ended', { when: when(s.endedAt) })
                  : t('backoffice.members.session_expired'),
            ])}
          />
          <h3 className="bo-subheading">{t('backoffice.members.devices')}</h3>
          <Table
            label={t('backoffice.members.devices')}
            head={[c('device'), c('logins'), c('last'), c('ip')]}
            rows={page.devices.map((d) => [
              <span key="d" className="bo-sub">
                {d.device}
              </span>,
              d.logins,
              when(d.lastAt),
              d.ips.join(', '),
            ])}
          />
          <h3 className="bo-subheading">{t('backoffice.members.failed_logins')}</h3>
          <Table
            label={t('backoffice.members.failed_logins')}
            head={[c('when'), c('ip')]}
            rows={page.failedLogins.map((f) => [when(f.at), f.ip ?? '—'])}
          />
        </>
      );
    case 'notes':
      return (
        <Table
          label={t('backoffice.members.tabs.notes')}
          head={[c('when'), c('operator'), c('note')]}
          rows={page.notes.map((n) => [when(n.createdAt), n.operator, n.body])}
        />
      );
    case 'linked':
      return (
        <Table
          label={t('backoffice.members.tabs.linked')}
          head={[c('member'), c('state'), c('shared')]}
          rows={page.linked.map((l) => [
            l.username,
            <StatusBadge key="s" status={l.status} />,
            l.links.map((k) => `${t(`backoffice.members.links.${k.kind}`)}: ${k.value}`).join(' · '),
          ])}
        />
      );
  }
}

/**
 * One action on the member: its fields and reason, then a confirmation naming the member and the action,
 * then the call. A failure stays in the dialog; success closes it with the member's page as it is now.
 */
function ActionDialog({
  token,
  onExpired,
  kind,
  page,
  onClose,
  onDone,
}: {
  token: string;
  onExpired: () => void;
  kind: ActionKind;
  page: MemberPage;
  onClose: () => void;
  onDone: (next: MemberPage | null, message: string) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const username = page.member.username;
  const [reason, setReason] = useState('');
  const [vip, setVip] = useState(String(page.member.vipLevel));
  const [upline, setUpline] = useState(page.member.agent ?? '');
  const [channel, setChannel] = useState<'email' | 'sms'>(page.member.email ? 'email' : 'sms');
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  const label = t(`backoffice.members.actions.${kind}`);
  // The dialog's own second step is the confirmation: the call is an operator task sent at once, its
  // failure shown here, sent again under the same request id when nothing changed.
  const [task, sendTask] = useOperatorTask(token, onExpired);
  const busy = task.hasTag('busy');
  const taskFailure = inlineFailure(task);
  const failure = taskFailure && { code: taskFailure.code, issues: taskFailure.issues };
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new failure sends the operator back to the fields
  useEffect(() => {
    if (failure) setConfirming(false);
  }, [failure?.code]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reaction to the action that went through
  useEffect(() => {
    if (task.context.completed === 0 || !task.context.done) return;
    const result = task.context.result;
    if (kind === 'reset_password') {
      const sent = result as { sentTo: string; expiresInMinutes: number };
      onDone(null, t('backoffice.members.reset_sent', { to: sent.sentTo, minutes: sent.expiresInMinutes }));
    } else onDone(result as MemberPage, t('backoffice.members.done', { action: label, member: username }));
  }, [task.context.completed]);
  const send = () => {
    const body = { username, reason: reason.trim() };
    const request = (endpoint: string, sent: Record<string, unknown>) =>
      sendTask({
        type: 'REQUEST',
        task: { kind: endpoint, target: username, summary: {}, body: sent, confirm: false },
      });
    if (kind === 'lock' || kind === 'unlock') request('lockMember', { ...body, locked: kind === 'lock' });
    else if (kind === 'end_sessions') request('endMemberSessions', body);
    else if (kind === 'clear_payment') request('clearPaymentPassword', body);
    else if (kind === 'agent') request('changeMemberAgent', { ...body, upline: upline.trim() });
    else if (kind === 'vip') request('setMemberVip', { ...body, vipLevel: Number(vip) });
    else if (kind === 'note') request('addMemberNote', { username, body: reason.trim() });
    else request('resetMemberPassword', { ...body, channel });
  };
  const ready = reason.trim().length >= (kind === 'note' ? 1 : 3);
  return (
    <dialog
      ref={ref}
      className="bo-card bo-dialog"
      aria-labelledby="bo-member-action-title"
      data-testid="bo-member-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h3 id="bo-member-action-title" className="bo-heading">
        {t('backoffice.members.action_title', { action: label, member: username })}
      </h3>
      {!confirming ? (
        <form
          className="bo-confirm"
          onSubmit={(e) => {
            e.preventDefault();
            if (ready) setConfirming(true);
          }}
        >
          {kind === 'vip' && (
            <label className="field bo-narrow">
              <span>{t('backoffice.members.vip')}</span>
              <input
                type="number"
                min={0}
                max={MAX_VIP_LEVEL}
                value={vip}
                onChange={(e) => setVip(e.target.value)}
              />
            </label>
          )}
          {kind === 'agent' && (
            <label className="field bo-narrow">
              <span>{t('backoffice.members.new_agent')}</span>
              <input value={upline} autoComplete="off" onChange={(e) => setUpline(e.target.value)} />
            </label>
          )}
          {kind === 'reset_password' && (
            <label className="field bo-narrow">
              <span>{t('backoffice.members.channel')}</span>
              <select value={channel} onChange={(e) => setChannel(e.target.value as 'email' | 'sms')}>
                <option value="email" disabled={!page.member.email}>
                  {t('backoffice.members.channels.email')}
                </option>
                <option value="sms" disabled={!page.member.mobile}>
                  {t('backoffice.members.channels.sms')}
                </option>
              </select>
            </label>
          )}
          <label className="field bo-narrow">
            <span>{t(kind === 'note' ? 'backoffice.members.note' : 'backoffice.members.reason')}</span>
            <textarea
              value={reason}
              rows={3}
              maxLength={kind === 'note' ? 2000 : 200}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          {kind === 'note' && <p className="bo-sub">{t('backoffice.members.note_final')}</p>}
          {failure && <Failure code={failure.code} issues={failure.issues} />}
          <div className="bo-actions">
            <button type="submit" className="btn btn-primary btn-sm" aria-disabled={!ready || undefined}>
              {t('backoffice.members.continue')}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
              {t('backoffice.vendors.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="bo-confirm" data-testid="bo-confirm">
          <p className="bo-question">
            {t('backoffice.members.confirm_question', { action: label, member: username })}
          </p>
          {kind === 'vip' && (
            <p className="bo-sub">
              {t('backoffice.members.vip')}: {page.member.vipLevel} → {vip}
            </p>
          )}
          {kind === 'agent' && (
            <p className="bo-sub">
              {t('backoffice.members.new_agent')}: {page.member.agent ?? '—'} → {upline.trim() || '—'}
            </p>
          )}
          {kind === 'reset_password' && (
            <p className="bo-sub">
              {t('backoffice.members.channel')}: {t(`backoffice.members.channels.${channel}`)}
            </p>
          )}
          <p className="bo-sub">
            {kind === 'note' ? t('backoffice.members.note') : t('backoffice.members.reason')}: {reason.trim()}
          </p>
          <div className="bo-actions">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              aria-disabled={busy || undefined}
              onClick={() => !busy && send()}
            >
              {t('backoffice.members.confirm_yes', { action: label })}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirming(false)}>
              {t('backoffice.members.change')}
            </button>
          </div>
        </div>
      )}
      {failure && confirming && <p className="form-error">{t(errorKey(failure.code))}</p>}
    </dialog>
  );
}
