import { Fragment, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import type { AdminGame } from '../api/contract/backoffice';
import type { EndpointValue } from '../api/endpoints';
import { errorKey } from '../api/errors';
import { failureCode, failureIssues } from '../machines/failure';
import type { OperatorTask } from '../machines/operator-task.machine';
import { formatAmount, formatDateTime, formatPercentText } from '../ui/format';
import { ScrollRegion } from '../ui/ScrollRegion';
import { inlineFailure, TaskDialog, useOperatorTask } from './operator-task';
import { useOperatorList } from './panels';

type Vendor = EndpointValue<'adminVendors'>[number];
type Round = EndpointValue<'roundLookup'>[number];
type Status = 'active' | 'maintenance' | 'hidden';
type Issue = { path: string; message: string };

/** The key of the form for a vendor not listed yet. */
const NEW = '+new';
const STATUSES: Status[] = ['active', 'maintenance', 'hidden'];
const CATEGORIES = [
  'LIVE',
  'RNG',
  'PVP',
  'FISH',
  'SPORTS',
  'ESPORTS',
  'LOTT',
  'ELOTT',
  'COCKFIGHT',
  'INHOUSE',
] as const;
const CLASSIFICATIONS = ['SC', 'VP', 'JP', 'TG', 'AC', 'BG'] as const;

/**
 * Catalogue changes on the operator-task machine: a change players see (a status, an order, a name...)
 * is confirmed in its dialog with the value before and after; a change confirmed in the row's own box
 * (connect, rotate, disconnect) is sent at once. Each task names its row (`target`), so the row's buttons
 * wait while it is on its way, its failure shows there, and 'saved' names it when it went through. A dead
 * session logs out. These routes keep no request id: a change sent again sets the same values (connect
 * and rotate make a new secret each time; the one shown is the last answer's).
 */
function useCatalogueTask(token: string, onExpired?: () => void) {
  const [task, send] = useOperatorTask(token, onExpired);
  const current = task.context.task;
  const failure = inlineFailure(task);
  return {
    task,
    send,
    busy: task.hasTag('busy') ? (current?.target ?? '') : null,
    failure: failure && { target: current?.target ?? '', code: failure.code, issues: failure.issues },
    done: task.context.done?.target ?? null,
    request: (next: OperatorTask) => send({ type: 'REQUEST', task: next }),
    clear: () => send(task.hasTag('failed') ? { type: 'CANCEL' } : { type: 'DISMISS' }),
  };
}

/** A failed change: its message, then what the server said about each field. */
export function Failure({ code, issues }: { code: string; issues: Issue[] }) {
  const { t } = useTranslation();
  return (
    <div className="form-error" role="alert">
      {t(errorKey(code))}
      {issues.length > 0 && (
        <ul className="bo-issues">
          {issues.map((i) => (
            <li key={`${i.path}-${i.message}`}>{i.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Says (politely, to screen readers too) that the last change went through. */
function Saved({ target }: { target: string | null }) {
  const { t } = useTranslation();
  return (
    <p className="bo-saved" role="status">
      {target && target !== NEW ? t('backoffice.saved', { target }) : ''}
    </p>
  );
}

/** An input of whole numbers in a table cell: Enter or its Save button sends it, Escape undoes the edit. */
function NumberCell({
  label,
  value,
  min,
  max,
  allowEmpty = false,
  busy,
  onSave,
  testId,
}: {
  label: string;
  value: number | null;
  min: number;
  max: number;
  allowEmpty?: boolean;
  busy: boolean;
  onSave: (value: number | null) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const shown = value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  const dirty = text.trim() !== shown;
  const input = useRef<HTMLInputElement>(null);
  return (
    <form
      className="bo-inline"
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        if (!dirty || busy) return;
        const typed = text.trim();
        if (typed === '' && !allowEmpty) {
          setText(shown);
          return;
        }
        onSave(typed === '' ? null : Number(typed));
        // Saved from the button, the button hides: the operator stays on the number.
        input.current?.focus();
      }}
    >
      <label>
        <span className="visually-hidden">{label}</span>
        <input
          ref={input}
          className="bo-number"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={text}
          placeholder={allowEmpty ? '—' : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setText(shown);
          }}
        />
      </label>
      <button
        type="submit"
        className={dirty ? 'btn btn-primary btn-sm' : 'btn btn-primary btn-sm is-idle'}
        disabled={!dirty}
        aria-disabled={busy || undefined}
      >
        {t('backoffice.save')}
      </button>
    </form>
  );
}

/** A select of the three catalogue states, named for the row it changes. */
function StatusSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Status;
  onChange: (status: Status) => void;
}) {
  const { t } = useTranslation();
  return (
    <label>
      <span className="visually-hidden">{label}</span>
      <select
        className={`bo-select bo-status-${value}`}
        value={value}
        onChange={(e) => onChange(e.target.value as Status)}
      >
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`backoffice.catalogue_statuses.${s}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Moves focus to a box when it opens (a confirm step, a new secret), so it is read and reachable at once. */
function useFocusOnOpen<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

// ——— Vendors ———

type VendorPane =
  | { kind: 'connect'; vendor: string | null }
  | { kind: 'rotate'; vendor: string }
  | { kind: 'disconnect'; vendor: string }
  | { kind: 'secret'; vendor: string; secret: string; isNew: boolean };

export function VendorsPanel({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t } = useTranslation();
  const load = useCallback(() => call('adminVendors', { token }), [token]);
  const { data, error, reload } = useOperatorList(load, onExpired);
  const change = useCatalogueTask(token, onExpired);
  const [pane, setPane] = useState<VendorPane | null>(null);

  const open = (next: VendorPane | null) => {
    change.clear();
    setPane(next);
  };
  /** Closes a vendor's box and gives focus back to the row's first button. */
  const close = (vendor: string | null) => {
    open(null);
    requestAnimationFrame(() => {
      const row = vendor
        ? document.querySelector<HTMLElement>(`[data-testid="bo-vendor-${vendor}"] .bo-actions button`)
        : document.querySelector<HTMLElement>('[data-testid="bo-vendor-new"]');
      row?.focus();
    });
  };
  const statusName = (s: Status) => t(`backoffice.catalogue_statuses.${s}`);
  /** A change players see: confirmed with the vendor and the value before and after. */
  const update = (v: Vendor, patch: { status?: Status; sortOrder?: number }) =>
    change.request({
      kind: 'updateVendor',
      target: v.vendor,
      summary: {
        vendor: v.name,
        setting: t(patch.status ? 'backoffice.vendors.status' : 'backoffice.vendors.order'),
        before: patch.status ? statusName(v.status) : String(v.sortOrder),
        after: patch.status ? statusName(patch.status) : String(patch.sortOrder),
      },
      body: { vendor: v.vendor, ...patch },
      reason: false,
    });
  // Confirmed in the row's own box (the form, the question): sent at once.
  const connect = (body: ConnectValues, isNew: boolean) =>
    change.request({
      kind: 'connectVendor',
      target: isNew ? NEW : body.vendor,
      summary: {},
      body,
      confirm: false,
    });
  const rotate = (vendor: string, secret: string) =>
    change.request({
      kind: 'rotateVendorSecret',
      target: vendor,
      summary: {},
      body: { vendor, ...(secret ? { secret } : {}) },
      confirm: false,
    });
  const disconnect = (vendor: string) =>
    change.request({
      kind: 'disconnectVendor',
      target: vendor,
      summary: {},
      body: { vendor },
      confirm: false,
    });
  // What a change answered: a secret to show once, a box to close; the list loads again.
  const completed = change.task.context.completed;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reaction to a change that went through
  useEffect(() => {
    if (completed === 0) return;
    reload();
    const done = change.task.context.done;
    const answer = change.task.context.result as { vendor?: string; secret?: string } | null;
    if (!done) return;
    if ((done.kind === 'connectVendor' || done.kind === 'rotateVendorSecret') && answer?.secret)
      setPane({
        kind: 'secret',
        vendor: answer.vendor ?? done.target ?? '',
        secret: answer.secret,
        isNew: done.target === NEW,
      });
    if (done.kind === 'disconnectVendor') close(done.target ?? null);
  }, [completed]);

  const failureFor = (target: string) =>
    change.failure?.target === target ? (
      <Failure code={change.failure.code} issues={change.failure.issues} />
    ) : null;
  /** The box under a row (`vendor`), or above the table (null, a new vendor): a form, a question, a secret. */
  const paneFor = (vendor: Vendor | null) => {
    if (!pane) return null;
    const target = vendor?.vendor ?? NEW;
    const busy = change.busy !== null;
    if (pane.kind === 'secret') {
      const here = vendor === null ? pane.isNew : !pane.isNew && pane.vendor === target;
      return here ? (
        <SecretReveal
          vendor={pane.vendor}
          secret={pane.secret}
          onDone={() => close(vendor?.vendor ?? null)}
        />
      ) : null;
    }
    if ((pane.vendor ?? NEW) !== target) return null;
    if (pane.kind === 'connect')
      return (
        <ConnectForm
          vendor={vendor}
          busy={busy}
          failure={failureFor(target)}
          onSubmit={(values) => connect(values, vendor === null)}
          onCancel={() => close(vendor?.vendor ?? null)}
        />
      );
    if (!vendor) return null;
    if (pane.kind === 'rotate')
      return (
        <RotateConfirm
          vendor={vendor}
          busy={busy}
          failure={failureFor(target)}
          onConfirm={(secret) => rotate(vendor.vendor, secret)}
          onCancel={() => close(vendor.vendor)}
        />
      );
    return (
      <Confirm
        question={t('backoffice.vendors.disconnect_confirm', { vendor: vendor.name })}
        yes={t('backoffice.vendors.disconnect_yes')}
        busy={busy}
        failure={failureFor(target)}
        onConfirm={() => disconnect(vendor.vendor)}
        onCancel={() => close(vendor.vendor)}
      />
    );
  };

  const top = paneFor(null);
  return (
    <section className="bo-catalogue" data-testid="bo-vendors">
      <div className="bo-toolbar">
        <h2 className="bo-heading">{t('backoffice.vendors.title')}</h2>
        <Saved target={data?.find((v) => v.vendor === change.done)?.name ?? change.done} />
        <button
          type="button"
          className="btn btn-primary btn-sm"
          data-testid="bo-vendor-new"
          aria-expanded={pane?.kind === 'connect' && pane.vendor === null}
          onClick={() => open({ kind: 'connect', vendor: null })}
        >
          {t('backoffice.vendors.new')}
        </button>
      </div>
      {top && <div className="bo-pane bo-card">{top}</div>}
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      <ScrollRegion className="bo-scroll" label={t('backoffice.tabs.vendors')}>
        <table className="bo-table bo-vendors-table">
          <thead>
            <tr>
              <th scope="col">{t('backoffice.vendors.vendor')}</th>
              <th scope="col" className="num">
                {t('backoffice.vendors.games')}
              </th>
              <th scope="col">{t('backoffice.vendors.status')}</th>
              <th scope="col">{t('backoffice.vendors.order')}</th>
              <th scope="col">{t('backoffice.vendors.connection')}</th>
              <th scope="col">{t('backoffice.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.map((v) => {
              const below = paneFor(v);
              const failure = !below ? failureFor(v.vendor) : null;
              const live = v.connection?.active === true;
              return (
                <Fragment key={v.vendor}>
                  <tr data-testid={`bo-vendor-${v.vendor}`} data-status={v.status} data-connected={live}>
                    <td>
                      <strong>{v.name}</strong>
                      <div className="bo-sub">
                        <code>{v.vendor}</code>
                        {v.categories.length > 0 && <> · {v.categories.join(', ')}</>}
                      </div>
                    </td>
                    <td className="num">{v.games}</td>
                    <td>
                      <StatusSelect
                        label={t('backoffice.vendors.status_of', { name: v.name })}
                        value={v.status}
                        onChange={(status) => update(v, { status })}
                      />
                    </td>
                    <td>
                      <NumberCell
                        label={t('backoffice.vendors.order_of', { name: v.name })}
                        value={v.sortOrder}
                        min={0}
                        max={10_000}
                        busy={change.busy !== null}
                        onSave={(n) => n !== null && update(v, { sortOrder: n })}
                      />
                    </td>
                    <td>
                      <ConnectionState vendor={v} />
                    </td>
                    <td>
                      <div className="bo-actions">
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          aria-expanded={pane?.kind === 'connect' && pane.vendor === v.vendor}
                          onClick={() => open({ kind: 'connect', vendor: v.vendor })}
                        >
                          {v.connection ? t('backoffice.vendors.reconnect') : t('backoffice.vendors.connect')}
                        </button>
                        {live && (
                          <>
                            <button
                              type="button"
                              className="btn btn-ghost btn-sm"
                              aria-expanded={pane?.kind === 'rotate' && pane.vendor === v.vendor}
                              onClick={() => open({ kind: 'rotate', vendor: v.vendor })}
                            >
                              {t('backoffice.vendors.rotate')}
                            </button>
                            <button
                              type="button"
                              className="btn btn-ghost btn-sm bo-danger"
                              aria-expanded={pane?.kind === 'disconnect' && pane.vendor === v.vendor}
                              onClick={() => open({ kind: 'disconnect', vendor: v.vendor })}
                            >
                              {t('backoffice.vendors.disconnect')}
                            </button>
                          </>
                        )}
                      </div>
                    </td>
                  </tr>
                  {(below || failure) && (
                    <tr className="bo-detail" data-testid={`bo-vendor-${v.vendor}-detail`}>
                      <td colSpan={6}>{below ?? failure}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <TaskDialog state={change.task} send={change.send} />
    </section>
  );
}

function ConnectionState({ vendor }: { vendor: Vendor }) {
  const { t } = useTranslation();
  const c = vendor.connection;
  if (!c) return <span className="bo-badge is-none">{t('backoffice.vendors.not_connected')}</span>;
  return (
    <div className="bo-connection">
      <span className={c.active ? 'bo-badge is-on' : 'bo-badge is-off'}>
        {c.active ? t('backoffice.vendors.connected') : t('backoffice.vendors.disconnected')}
      </span>
      {c.launchUrl && <code className="bo-url">{c.launchUrl}</code>}
      <span className="bo-sub">
        {t(`backoffice.vendors.modes.${c.mode}`)} · {t(`backoffice.vendors.opens.${c.opensIn}`)} ·{' '}
        {c.currencies.length > 0 ? c.currencies.join(', ') : t('backoffice.vendors.all_currencies')}
        {c.trialPlay && <> · {t('backoffice.vendors.trial_on')}</>}
      </span>
      <span className="bo-sub">{t('backoffice.vendors.updated', { when: formatDateTime(c.updatedAt) })}</span>
    </div>
  );
}

type ConnectValues = {
  vendor: string;
  launchUrl: string;
  mode: 'seamless' | 'transfer';
  currencies: string[];
  opensIn: 'page' | 'window';
  trialPlay: boolean;
  secret?: string;
};

/** Connects a vendor (a new code, or a listed one again): its launch address, wallet mode, currencies. */
function ConnectForm({
  vendor,
  busy,
  failure,
  onSubmit,
  onCancel,
}: {
  vendor: Vendor | null;
  busy: boolean;
  failure: ReactNode;
  onSubmit: (values: ConnectValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const c = vendor?.connection;
  const [values, setValues] = useState({
    vendor: vendor?.vendor ?? '',
    launchUrl: c?.launchUrl ?? '',
    mode: c?.mode ?? ('seamless' as const),
    currencies: c?.currencies.join(', ') ?? '',
    opensIn: c?.opensIn ?? ('page' as const),
    trialPlay: c?.trialPlay ?? false,
    secret: '',
  });
  const heading = useFocusOnOpen<HTMLHeadingElement>();
  const titleId = useId();
  return (
    <form
      className="bo-connect"
      aria-labelledby={titleId}
      data-testid="bo-connect"
      onSubmit={(e) => {
        e.preventDefault();
        if (busy) return;
        const secret = values.secret.trim();
        onSubmit({
          vendor: values.vendor.trim(),
          launchUrl: values.launchUrl.trim(),
          mode: values.mode,
          currencies: values.currencies
            .split(/[\s,;]+/)
            .map((s) => s.trim().toUpperCase())
            .filter(Boolean),
          opensIn: values.opensIn,
          trialPlay: values.trialPlay,
          ...(secret ? { secret } : {}),
        });
      }}
    >
      <h3 id={titleId} ref={heading} tabIndex={-1} className="bo-heading">
        {vendor
          ? t('backoffice.vendors.connect_title', { vendor: vendor.name })
          : t('backoffice.vendors.connect_new_title')}
      </h3>
      <div className="bo-form-grid">
        <label className="field">
          <span>{t('backoffice.vendors.code')}</span>
          <input
            value={values.vendor}
            readOnly={vendor !== null}
            required
            pattern="[A-Z0-9_]+"
            title={t('backoffice.vendors.code_hint')}
            maxLength={32}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setValues({ ...values, vendor: e.target.value.toUpperCase() })}
          />
        </label>
        <label className="field bo-span-2">
          <span>{t('backoffice.vendors.launch_url')}</span>
          <input
            type="url"
            inputMode="url"
            value={values.launchUrl}
            required
            placeholder="https://"
            maxLength={500}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setValues({ ...values, launchUrl: e.target.value })}
          />
        </label>
        <label className="field">
          <span>{t('backoffice.vendors.mode')}</span>
          <select
            value={values.mode}
            onChange={(e) => setValues({ ...values, mode: e.target.value as 'seamless' | 'transfer' })}
          >
            <option value="seamless">{t('backoffice.vendors.modes.seamless')}</option>
            <option value="transfer">{t('backoffice.vendors.modes.transfer')}</option>
          </select>
        </label>
        <label className="field">
          <span>{t('backoffice.vendors.currencies')}</span>
          <input
            value={values.currencies}
            placeholder="BRL, FUN"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${titleId}-cur`}
            onChange={(e) => setValues({ ...values, currencies: e.target.value })}
          />
          <small className="muted" id={`${titleId}-cur`}>
            {t('backoffice.vendors.currencies_hint')}
          </small>
        </label>
        <label className="field">
          <span>{t('backoffice.vendors.opens_in')}</span>
          <select
            value={values.opensIn}
            onChange={(e) => setValues({ ...values, opensIn: e.target.value as 'page' | 'window' })}
          >
            <option value="page">{t('backoffice.vendors.opens.page')}</option>
            <option value="window">{t('backoffice.vendors.opens.window')}</option>
          </select>
        </label>
        <label className="field bo-check bo-span-2">
          <input
            type="checkbox"
            checked={values.trialPlay}
            aria-describedby={`${titleId}-trial`}
            onChange={(e) => setValues({ ...values, trialPlay: e.target.checked })}
            data-testid="bo-trial-play"
          />
          <span>{t('backoffice.vendors.trial_play')}</span>
          <small className="muted" id={`${titleId}-trial`}>
            {t('backoffice.vendors.trial_play_hint')}
          </small>
        </label>
        <label className="field bo-span-2">
          <span>{t('backoffice.vendors.secret')}</span>
          <input
            value={values.secret}
            minLength={16}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${titleId}-secret`}
            onChange={(e) => setValues({ ...values, secret: e.target.value })}
          />
          <small className="muted" id={`${titleId}-secret`}>
            {c ? t('backoffice.vendors.secret_hint_again') : t('backoffice.vendors.secret_hint')}
          </small>
        </label>
      </div>
      {failure}
      <div className="bo-actions">
        <button type="submit" className="btn btn-primary btn-sm" aria-disabled={busy || undefined}>
          {c ? t('backoffice.vendors.reconnect') : t('backoffice.vendors.connect')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          {t('backoffice.vendors.cancel')}
        </button>
      </div>
    </form>
  );
}

/** A question before a change that cannot be undone from here; focus lands on it when it opens. */
function Confirm({
  question,
  yes,
  busy,
  failure,
  children,
  onConfirm,
  onCancel,
}: {
  question: string;
  yes: string;
  busy: boolean;
  failure: ReactNode;
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const ref = useFocusOnOpen<HTMLParagraphElement>();
  return (
    <div className="bo-confirm" data-testid="bo-confirm">
      <p ref={ref} tabIndex={-1} className="bo-question">
        {question}
      </p>
      {children}
      {failure}
      <div className="bo-actions">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-disabled={busy || undefined}
          onClick={() => !busy && onConfirm()}
        >
          {yes}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          {t('backoffice.vendors.cancel')}
        </button>
      </div>
    </div>
  );
}

function RotateConfirm({
  vendor,
  busy,
  failure,
  onConfirm,
  onCancel,
}: {
  vendor: Vendor;
  busy: boolean;
  failure: ReactNode;
  onConfirm: (secret: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState('');
  return (
    <Confirm
      question={t('backoffice.vendors.rotate_confirm', { vendor: vendor.name })}
      yes={t('backoffice.vendors.rotate_yes')}
      busy={busy}
      failure={failure}
      onConfirm={() => onConfirm(secret.trim())}
      onCancel={onCancel}
    >
      <label className="field bo-narrow">
        <span>{t('backoffice.vendors.secret')}</span>
        <input
          value={secret}
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setSecret(e.target.value)}
        />
        <small className="muted">{t('backoffice.vendors.secret_hint')}</small>
      </label>
    </Confirm>
  );
}

/** The vendor's secret, shown this once: to copy and hand over; it is gone when the operator is done. */
function SecretReveal({ vendor, secret, onDone }: { vendor: string; secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  const heading = useFocusOnOpen<HTMLHeadingElement>();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      // No clipboard (a page over plain HTTP): the secret is selected for the operator to copy.
      input.current?.select();
      setCopied(document.execCommand?.('copy') ? 'yes' : 'no');
    }
  };
  return (
    <section className="bo-secret" aria-labelledby={id} data-testid="bo-secret">
      <h3 id={id} ref={heading} tabIndex={-1} className="bo-heading">
        {t('backoffice.vendors.secret_title', { vendor })}
      </h3>
      <p className="bo-warning">{t('backoffice.vendors.secret_note')}</p>
      <div className="bo-secret-row">
        <label className="bo-secret-field">
          <span className="visually-hidden">{t('backoffice.vendors.secret_label', { vendor })}</span>
          <input
            ref={input}
            readOnly
            value={secret}
            spellCheck={false}
            data-testid="bo-secret-value"
            onFocus={(e) => e.target.select()}
          />
        </label>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void copy()}>
          {t('backoffice.vendors.copy')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          {t('backoffice.vendors.secret_done')}
        </button>
      </div>
      <p className="bo-sub" role="status">
        {copied === 'yes'
          ? t('backoffice.vendors.copied')
          : copied === 'no'
            ? t('backoffice.vendors.copy_failed')
            : ''}
      </p>
    </section>
  );
}

// ——— Games ———

export function GamesPanel({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t, i18n } = useTranslation();
  const [vendor, setVendor] = useState('');
  const loadVendors = useCallback(() => call('adminVendors', { token }), [token]);
  const vendors = useOperatorList(loadVendors, onExpired);
  const load = useCallback(
    () => call('adminGames', { token, query: vendor ? { vendor } : {} }),
    [token, vendor],
  );
  const { data, error, reload } = useOperatorList(load, onExpired);
  const change = useCatalogueTask(token, onExpired);
  const [editing, setEditing] = useState<string | null>(null);
  const completed = change.task.context.completed;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list loads again after each change
  useEffect(() => {
    if (completed === 0) return;
    reload();
    if (change.task.context.done?.target === editing) setEditing(null);
  }, [completed]);
  /** Every game change shows to players: confirmed with the game and the value before and after. */
  const update = (game: AdminGame, patch: GamePatch) => {
    const [field] = Object.keys(patch) as Array<keyof GamePatch>;
    const shown = (g: Parameters<typeof gameValue>[1]) => gameValue(field!, g, t);
    change.request({
      kind: 'updateGame',
      target: keyOf(game),
      summary: {
        game: nameOf(game),
        setting: t(`backoffice.games.${GAME_FIELDS[field!]}`),
        before: shown(game),
        after: shown(patch),
      },
      body: gameBody(game, patch),
      reason: false,
    });
  };
  const nameOf = (g: AdminGame) => (i18n.language === 'en' ? g.names.en : g.names.pt);
  const filterId = useId();
  const savedGame = change.done ? data?.find((g) => keyOf(g) === change.done) : undefined;
  return (
    <section className="bo-catalogue" data-testid="bo-games">
      <div className="bo-toolbar">
        <h2 className="bo-heading">{t('backoffice.games.title')}</h2>
        <Saved target={savedGame ? nameOf(savedGame) : null} />
        <label className="bo-filter" htmlFor={filterId}>
          {t('backoffice.games.vendor_filter')}
        </label>
        <select
          id={filterId}
          className="bo-select"
          value={vendor}
          onChange={(e) => setVendor(e.target.value)}
        >
          <option value="">{t('backoffice.games.all_vendors')}</option>
          {vendors.data
            ?.filter((v) => v.games > 0)
            .map((v) => (
              <option key={v.vendor} value={v.vendor}>
                {v.name} ({v.vendor})
              </option>
            ))}
        </select>
        {data && <span className="bo-sub">{t('backoffice.games.count', { count: data.length })}</span>}
      </div>
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      {data?.length === 0 && <p className="muted">{t('backoffice.games.empty')}</p>}
      <ScrollRegion className="bo-scroll" label={t('backoffice.tabs.games')}>
        <table className="bo-table bo-games-table">
          <thead>
            <tr>
              <th scope="col">{t('backoffice.games.game')}</th>
              <th scope="col">{t('backoffice.games.on')}</th>
              <th scope="col">{t('backoffice.games.status')}</th>
              <th scope="col">{t('backoffice.games.hot')}</th>
              <th scope="col">{t('backoffice.games.order')}</th>
              <th scope="col">{t('backoffice.games.category')}</th>
              <th scope="col">{t('backoffice.games.classification')}</th>
              <th scope="col" className="num">
                {t('backoffice.games.rtp')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data?.map((g) => {
              const key = keyOf(g);
              const name = nameOf(g);
              const busy = change.busy !== null;
              return (
                <Fragment key={key}>
                  <tr data-testid={`bo-game-${key}`} data-status={g.status} data-active={g.active}>
                    <td>
                      {editing === key ? (
                        <NamesForm
                          game={g}
                          busy={busy}
                          onSave={(names) => update(g, { names })}
                          onCancel={() => {
                            change.clear();
                            setEditing(null);
                          }}
                        />
                      ) : (
                        <div className="bo-names">
                          <span>
                            <span className="bo-lang">PT</span> <span lang="pt-BR">{g.names.pt}</span>
                          </span>
                          <span>
                            <span className="bo-lang">EN</span> <span lang="en">{g.names.en}</span>
                          </span>
                          <span className="bo-sub bo-code-line">
                            <span>
                              <code>{g.vendor}</code> · <code>{g.gameCode}</code>
                            </span>
                            <button
                              type="button"
                              className="btn btn-ghost btn-sm bo-edit"
                              aria-label={t('backoffice.games.edit_names_of', { name })}
                              onClick={() => {
                                change.clear();
                                setEditing(key);
                              }}
                            >
                              {t('backoffice.games.edit_names')}
                            </button>
                          </span>
                        </div>
                      )}
                    </td>
                    <td>
                      <label className="bo-switch">
                        <input
                          type="checkbox"
                          role="switch"
                          aria-checked={g.active}
                          checked={g.active}
                          onChange={(e) => update(g, { active: e.target.checked })}
                        />
                        <span className="visually-hidden">{t('backoffice.games.on_of', { name })}</span>
                        <span aria-hidden="true" className="bo-switch-text">
                          {g.active ? t('backoffice.games.on_yes') : t('backoffice.games.on_no')}
                        </span>
                      </label>
                    </td>
                    <td>
                      <StatusSelect
                        label={t('backoffice.games.status_of', { name })}
                        value={g.status}
                        onChange={(status) => update(g, { status })}
                      />
                    </td>
                    <td>
                      <NumberCell
                        label={t('backoffice.games.hot_of', { name })}
                        value={g.hotRank}
                        min={1}
                        max={1_000}
                        allowEmpty
                        busy={busy}
                        onSave={(hotRank) => update(g, { hotRank })}
                      />
                    </td>
                    <td>
                      <NumberCell
                        label={t('backoffice.games.order_of', { name })}
                        value={g.sortOrder}
                        min={0}
                        max={10_000}
                        busy={busy}
                        onSave={(n) => n !== null && update(g, { sortOrder: n })}
                      />
                    </td>
                    <td>
                      <label>
                        <span className="visually-hidden">{t('backoffice.games.category_of', { name })}</span>
                        <select
                          className="bo-select"
                          value={g.category}
                          onChange={(e) =>
                            update(g, { category: e.target.value as (typeof CATEGORIES)[number] })
                          }
                        >
                          {!CATEGORIES.includes(g.category as (typeof CATEGORIES)[number]) && (
                            <option value={g.category}>{g.category}</option>
                          )}
                          {CATEGORIES.map((c) => (
                            <option key={c} value={c}>
                              {c}
                            </option>
                          ))}
                        </select>
                      </label>
                    </td>
                    <td>
                      <label>
                        <span className="visually-hidden">
                          {t('backoffice.games.classification_of', { name })}
                        </span>
                        <select
                          className="bo-select"
                          value={g.classification ?? ''}
                          onChange={(e) =>
                            update(g, {
                              classification: (e.target.value || null) as
                                | (typeof CLASSIFICATIONS)[number]
                                | null,
                            })
                          }
                        >
                          <option value="">{t('backoffice.games.no_classification')}</option>
                          {CLASSIFICATIONS.map((c) => (
                            <option key={c} value={c}>
                              {t(`games.classification.${c}`)}
                            </option>
                          ))}
                        </select>
                      </label>
                    </td>
                    <td className="num">{g.rtp ? formatPercentText(g.rtp) : '—'}</td>
                  </tr>
                  {change.failure?.target === key && (
                    <tr className="bo-detail">
                      <td colSpan={8}>
                        <Failure code={change.failure.code} issues={change.failure.issues} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <TaskDialog state={change.task} send={change.send} />
    </section>
  );
}

const keyOf = (g: { vendor: string; gameCode: string }) => `${g.vendor}-${g.gameCode}`;

type GamePatch = {
  active?: boolean;
  status?: Status;
  sortOrder?: number;
  hotRank?: number | null;
  names?: { pt: string; en: string };
  category?: (typeof CATEGORIES)[number];
  classification?: (typeof CLASSIFICATIONS)[number] | null;
};
const gameBody = (g: AdminGame, patch: GamePatch) => ({ vendor: g.vendor, gameCode: g.gameCode, ...patch });
/** The column (backoffice.games.*) each change is named by in its confirmation. */
const GAME_FIELDS: Record<keyof GamePatch, string> = {
  active: 'on',
  status: 'status',
  sortOrder: 'order',
  hotRank: 'hot',
  names: 'names',
  category: 'category',
  classification: 'classification',
};
/** A game's value of one field, in words, as its confirmation shows it before and after. */
function gameValue(
  field: keyof GamePatch,
  g: Omit<GamePatch, 'category' | 'classification'> & { category?: string; classification?: string | null },
  t: (key: string) => string,
) {
  switch (field) {
    case 'active':
      return t(g.active ? 'backoffice.games.on_yes' : 'backoffice.games.on_no');
    case 'status':
      return t(`backoffice.catalogue_statuses.${g.status}`);
    case 'hotRank':
      return g.hotRank === null || g.hotRank === undefined ? '—' : String(g.hotRank);
    case 'names':
      return `PT ${g.names?.pt ?? ''} · EN ${g.names?.en ?? ''}`;
    case 'classification':
      return g.classification
        ? t(`games.classification.${g.classification}`)
        : t('backoffice.games.no_classification');
    case 'category':
      return g.category ?? '';
    default:
      return String(g.sortOrder ?? '');
  }
}

/** The game's names in both languages, edited in its cell. */
function NamesForm({
  game,
  busy,
  onSave,
  onCancel,
}: {
  game: AdminGame;
  busy: boolean;
  onSave: (names: { pt: string; en: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [names, setNames] = useState(game.names);
  const first = useFocusOnOpen<HTMLInputElement>();
  return (
    <form
      className="bo-names-form"
      data-testid="bo-names-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) onSave({ pt: names.pt.trim(), en: names.en.trim() });
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <label className="field">
        <span>{t('backoffice.games.name_pt')}</span>
        <input
          ref={first}
          lang="pt-BR"
          value={names.pt}
          maxLength={80}
          required
          onChange={(e) => setNames({ ...names, pt: e.target.value })}
        />
      </label>
      <label className="field">
        <span>{t('backoffice.games.name_en')}</span>
        <input
          lang="en"
          value={names.en}
          maxLength={80}
          required
          onChange={(e) => setNames({ ...names, en: e.target.value })}
        />
      </label>
      <div className="bo-actions">
        <button type="submit" className="btn btn-primary btn-sm" aria-disabled={busy || undefined}>
          {t('backoffice.save')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          {t('backoffice.vendors.cancel')}
        </button>
      </div>
    </form>
  );
}

// ——— Rounds ———

/** A day picked in a date input, as the first or the last millisecond of that day where the operator is. */
export function dayEdge(day: string, end: boolean) {
  if (!day) return undefined;
  const at = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).getTime();
  return Number.isNaN(at) ? undefined : at;
}

export function RoundsPanel({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t, i18n } = useTranslation();
  const loadVendors = useCallback(() => call('adminVendors', { token }), [token]);
  const vendors = useOperatorList(loadVendors, onExpired);
  const [values, setValues] = useState({ username: '', vendor: '', roundId: '', from: '', to: '' });
  const [rounds, setRounds] = useState<Round[] | null>(null);
  const [failure, setFailure] = useState<{ code: string; issues: Issue[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<Set<string>>(new Set());
  const money = (n: number) => formatAmount(n, i18n.language);

  const search = useCallback(
    async (filter: typeof values) => {
      const from = dayEdge(filter.from, false);
      const to = dayEdge(filter.to, true);
      const query = {
        ...(filter.username.trim() ? { username: filter.username.trim() } : {}),
        ...(filter.vendor ? { vendor: filter.vendor } : {}),
        ...(filter.roundId.trim() ? { roundId: filter.roundId.trim() } : {}),
        ...(from !== undefined ? { from } : {}),
        ...(to !== undefined ? { to } : {}),
      };
      setBusy(true);
      setFailure(null);
      try {
        setRounds(await call('roundLookup', { token, query }));
        setOpen(new Set());
      } catch (error) {
        const code = failureCode(error);
        if (code === 'UNAUTHORIZED' || code === 'SESSION_EXPIRED') onExpired();
        setFailure({ code, issues: failureIssues(error) });
        setRounds(null);
      } finally {
        setBusy(false);
      }
    },
    [token, onExpired],
  );
  // The latest rounds show before any search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    void search({ username: '', vendor: '', roundId: '', from: '', to: '' });
  }, []);

  const toggle = (key: string) =>
    setOpen((before) => {
      const next = new Set(before);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues({ ...values, [field]: e.target.value });

  return (
    <section className="bo-catalogue" data-testid="bo-rounds">
      <form
        className="bo-card bo-wide bo-lookup"
        data-testid="bo-round-lookup"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void search(values);
        }}
      >
        <h2 className="bo-heading">{t('backoffice.rounds.title')}</h2>
        <div className="bo-form-grid">
          <label className="field">
            <span>{t('backoffice.rounds.username')}</span>
            <input value={values.username} autoComplete="off" maxLength={64} onChange={set('username')} />
          </label>
          <label className="field">
            <span>{t('backoffice.rounds.vendor')}</span>
            <select value={values.vendor} onChange={set('vendor')}>
              <option value="">{t('backoffice.rounds.any_vendor')}</option>
              {vendors.data?.map((v) => (
                <option key={v.vendor} value={v.vendor}>
                  {v.name} ({v.vendor})
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('backoffice.rounds.round_id')}</span>
            <input
              value={values.roundId}
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              onChange={set('roundId')}
            />
          </label>
          <label className="field">
            <span>{t('backoffice.rounds.from')}</span>
            <input type="date" value={values.from} max={values.to || undefined} onChange={set('from')} />
          </label>
          <label className="field">
            <span>{t('backoffice.rounds.to')}</span>
            <input type="date" value={values.to} min={values.from || undefined} onChange={set('to')} />
          </label>
        </div>
        <div className="bo-actions">
          <button type="submit" className="btn btn-primary btn-sm" aria-disabled={busy || undefined}>
            {t('backoffice.rounds.search')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              const empty = { username: '', vendor: '', roundId: '', from: '', to: '' };
              setValues(empty);
              void search(empty);
            }}
          >
            {t('backoffice.rounds.clear')}
          </button>
        </div>
      </form>
      {failure && <Failure code={failure.code} issues={failure.issues} />}
      {rounds && (
        <p className="bo-sub" role="status">
          {rounds.length === 0
            ? t('backoffice.rounds.empty')
            : t('backoffice.rounds.found', { count: rounds.length })}
        </p>
      )}
      {rounds && rounds.length > 0 && (
        <ScrollRegion className="bo-scroll" label={t('backoffice.tabs.rounds')}>
          <table className="bo-table bo-rounds-table">
            <thead>
              <tr>
                <th scope="col">{t('backoffice.rounds.started')}</th>
                <th scope="col">{t('backoffice.rounds.username')}</th>
                <th scope="col">{t('backoffice.rounds.round')}</th>
                <th scope="col" className="num">
                  {t('backoffice.rounds.stake')}
                </th>
                <th scope="col" className="num">
                  {t('backoffice.rounds.payout')}
                </th>
                <th scope="col" className="num">
                  {t('backoffice.rounds.refunded')}
                </th>
                <th scope="col">{t('backoffice.rounds.status')}</th>
                <th scope="col">{t('backoffice.rounds.settled')}</th>
                <th scope="col">{t('backoffice.rounds.movements')}</th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((r) => {
                const key = `${r.vendor}-${r.roundId}`;
                const expanded = open.has(key);
                const detailId = `bo-round-${key}-movements`;
                return (
                  <Fragment key={key}>
                    <tr data-testid={`bo-round-${key}`}>
                      <td>{formatDateTime(r.createdAt)}</td>
                      <td>{r.username}</td>
                      <td>
                        <code>{r.roundId}</code>
                        <div className="bo-sub">
                          <code>{r.vendor}</code>
                          {r.gameCode && (
                            <>
                              {' '}
                              · <code>{r.gameCode}</code>
                            </>
                          )}
                        </div>
                      </td>
                      <td className="num">{money(r.stake)}</td>
                      <td className="num">{money(r.payout)}</td>
                      <td className="num">{r.refunded ? money(r.refunded) : '—'}</td>
                      <td>
                        <span className={`bo-badge is-${r.status}`}>
                          {t(`centre.bets.statuses.${r.status}`, { defaultValue: r.status })}
                        </span>
                      </td>
                      <td>{r.settledAt ? formatDateTime(r.settledAt) : '—'}</td>
                      <td>
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          aria-expanded={expanded}
                          aria-controls={expanded ? detailId : undefined}
                          onClick={() => toggle(key)}
                        >
                          {expanded
                            ? t('backoffice.rounds.hide_movements')
                            : t('backoffice.rounds.show_movements', { count: r.movements.length })}
                        </button>
                      </td>
                    </tr>
                    {expanded && (
                      <tr className="bo-detail" id={detailId}>
                        <td colSpan={9}>
                          {r.movements.length === 0 ? (
                            <p className="muted">{t('backoffice.rounds.no_movements')}</p>
                          ) : (
                            <table className="bo-table bo-movements" data-testid="bo-round-movements">
                              <caption className="visually-hidden">
                                {t('backoffice.rounds.movements_of', { round: r.roundId })}
                              </caption>
                              <thead>
                                <tr>
                                  <th scope="col">{t('backoffice.columns.time')}</th>
                                  <th scope="col">{t('backoffice.rounds.movement')}</th>
                                  <th scope="col" className="num">
                                    {t('backoffice.columns.amount')}
                                  </th>
                                  <th scope="col" className="num">
                                    {t('backoffice.rounds.balance_after')}
                                  </th>
                                  <th scope="col">{t('backoffice.rounds.entry')}</th>
                                </tr>
                              </thead>
                              <tbody>
                                {r.movements.map((m) => (
                                  <tr key={m.id} data-type={m.type}>
                                    <td>{formatDateTime(m.createdAt)}</td>
                                    <td>{t(`centre.records.kinds.${m.type}`, { defaultValue: m.type })}</td>
                                    <td className={m.amount < 0 ? 'num bo-out' : 'num bo-in'}>
                                      {m.amount > 0 ? '+' : ''}
                                      {money(m.amount)}
                                    </td>
                                    <td className="num">{money(m.balanceAfter)}</td>
                                    <td>
                                      <code>#{m.id}</code>
                                    </td>
                                  </tr>
                                ))}
                              </tbody>
                            </table>
                          )}
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
