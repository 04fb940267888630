import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import type { AdminPaymentMethod, AdminPaymentMethods } from '../api/contract/payments';
import { errorKey } from '../api/errors';
import { PIX_KEY_TYPES } from '../api/pix-key';
import { formatAmount, parseAmount } from '../ui/format';
import { TaskDialog, useOperatorTask } from './operator-task';
import { useOperatorList } from './panels';
import type { PanelProps } from './sections';
import './payment-methods-panel.css';

/** The fields a PIX method's details hold (the BR Code's key, name and city). */
const PIX_FIELDS = ['pixKey', 'merchantName', 'merchantCity'] as const;

interface Draft {
  id: number | null;
  code: string;
  kind: 'bank_transfer' | 'pix' | 'gateway';
  namePt: string;
  nameEn: string;
  min: string;
  max: string;
  /** A bank transfer's details as rows (label, value); a PIX method's in `pix`. */
  rows: Array<[string, string]>;
  pix: { pixKeyType: string; pixKey: string; merchantName: string; merchantCity: string };
  provider: string;
  secret: string;
  secretSet: boolean;
}

function draftOf(m: AdminPaymentMethod | undefined, lang: string): Draft {
  return {
    id: m?.id ?? null,
    code: m?.code ?? '',
    kind: m?.kind ?? 'pix',
    namePt: m?.name.pt ?? '',
    nameEn: m?.name.en ?? '',
    min: m ? formatAmount(m.minAmount, lang) : '',
    max: m ? formatAmount(m.maxAmount, lang) : '',
    rows: m && m.kind !== 'pix' ? Object.entries(m.details) : [['', '']],
    pix: {
      pixKeyType: m?.details.pixKeyType ?? 'email',
      pixKey: m?.details.pixKey ?? '',
      merchantName: m?.details.merchantName ?? '',
      merchantCity: m?.details.merchantCity ?? '',
    },
    provider: m?.provider ?? '',
    secret: '',
    secretSet: m?.secretSet ?? false,
  };
}

const onOff = (t: TFunction, on: boolean) => t(on ? 'backoffice.settings.on' : 'backoffice.settings.off');

/**
 * Settings → Payment methods: the brand's ways to pay in, in the deposit page's order. An operator with
 * 'settings.manage' adds one (a bank transfer or PIX), edits its names, limits and details (a provider's
 * secret is write-only), moves it up or down and switches it on or off; each change is confirmed with a
 * reason (operator-task) and audited. Others with 'settings.read' see the list only.
 */
export function PaymentMethodsPanel({ token, onExpired }: PanelProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const load = useCallback(() => call('adminPaymentMethods', { token }), [token]);
  const { data, error, reload } = useOperatorList<AdminPaymentMethods>(load, onExpired);
  const [state, send] = useOperatorTask(token, onExpired);
  const [canManage, setCanManage] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const completed = state.context.completed;
  useEffect(() => {
    if (completed > 0) {
      reload();
      setDraft(null);
    }
  }, [completed, reload]);
  useEffect(() => {
    let live = true;
    call('operatorMe', { token }).then(
      (me) => live && setCanManage(me.permissions.includes('settings.manage')),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [token]);
  const ask = (kind: string, summary: Record<string, string>, body: Record<string, unknown>) =>
    send({ type: 'REQUEST', task: { kind, summary, body } });
  const busy = state.hasTag('busy');
  const currency = data?.currency ?? '';
  const nameOf = (m: AdminPaymentMethod) => (lang === 'en' ? m.name.en || m.name.pt : m.name.pt || m.name.en);
  const limits = (m: AdminPaymentMethod) =>
    `${formatAmount(m.minAmount, lang)} – ${formatAmount(m.maxAmount, lang)} ${currency}`;

  const move = (m: AdminPaymentMethod, by: -1 | 1) => {
    if (!data) return;
    const ids = data.methods.map((x) => x.id);
    const at = ids.indexOf(m.id);
    const to = at + by;
    if (to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    const names = (list: number[]) =>
      list.map((id) => nameOf(data.methods.find((x) => x.id === id)!)).join(' → ');
    ask(
      'orderPaymentMethods',
      {
        setting: nameOf(m),
        before: names(data.methods.map((x) => x.id)),
        after: names(ids),
      },
      { ids },
    );
  };
  const flip = (m: AdminPaymentMethod) =>
    ask(
      'switchPaymentMethod',
      { setting: `${nameOf(m)} (${m.code})`, before: onOff(t, m.active), after: onOff(t, !m.active) },
      { id: m.id, active: !m.active },
    );

  return (
    <section className="bo-catalogue bo-payments" data-testid="bo-payment-methods">
      <div className="bo-toolbar">
        <h2 className="bo-heading">{t('backoffice.tabs.payments')}</h2>
        {canManage && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            data-testid="bo-method-new"
            disabled={busy}
            onClick={() => setDraft(draftOf(undefined, lang))}
          >
            {t('backoffice.payments.add')}
          </button>
        )}
      </div>
      <p className="bo-sub">
        {t('backoffice.payments.intro')}
        {!canManage && ` ${t('backoffice.settings.read_only')}`}
      </p>
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      <p className="bo-saved" role="status">
        {state.context.result && state.matches('idle') ? t('backoffice.settings.saved') : ''}
      </p>
      {draft && data && (
        <MethodEditor
          draft={draft}
          providers={data.providers}
          currency={currency}
          onChange={setDraft}
          onCancel={() => setDraft(null)}
          onAsk={ask}
          busy={busy}
        />
      )}
      {!data && !error && <div className="spinner" aria-busy="true" />}
      {data?.methods.length === 0 && <p className="muted">{t('backoffice.payments.none')}</p>}
      <ol className="bo-methods">
        {data?.methods.map((m, i) => (
          <li key={m.id} className="bo-method card" data-testid={`bo-method-${m.code}`}>
            <span className="bo-method-place" aria-hidden="true">
              {i + 1}
            </span>
            <div className="bo-method-main">
              <strong>{nameOf(m)}</strong>
              <div className="bo-method-meta">
                <code>{m.code}</code>
                <span>{t(`backoffice.payments.kinds.${m.kind}`)}</span>
                <span>{limits(m)}</span>
                {m.provider && (
                  <span>
                    {t('backoffice.payments.provider')}:{' '}
                    {t(`backoffice.payments.providers.${m.provider}`, { defaultValue: m.provider })}
                  </span>
                )}
                <span className={m.offered ? 'bo-method-state is-on' : 'bo-method-state'}>
                  {m.offered
                    ? t('backoffice.payments.offered')
                    : m.active
                      ? t('backoffice.payments.unavailable')
                      : t('backoffice.payments.off')}
                </span>
              </div>
            </div>
            {canManage && (
              <div className="bo-method-actions">
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={busy || i === 0}
                  aria-label={t('backoffice.payments.up', { name: nameOf(m) })}
                  data-testid={`bo-method-up-${m.code}`}
                  onClick={() => move(m, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={busy || i === data.methods.length - 1}
                  aria-label={t('backoffice.payments.down', { name: nameOf(m) })}
                  data-testid={`bo-method-down-${m.code}`}
                  onClick={() => move(m, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={busy}
                  data-testid={`bo-method-edit-${m.code}`}
                  onClick={() => setDraft(draftOf(m, lang))}
                >
                  {t('backoffice.payments.edit')}
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={busy}
                  data-testid={`bo-method-switch-${m.code}`}
                  onClick={() => flip(m)}
                >
                  {m.active ? t('backoffice.payments.switch_off') : t('backoffice.payments.switch_on')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      <TaskDialog state={state} send={send} />
    </section>
  );
}

function MethodEditor({
  draft,
  providers,
  currency,
  onChange,
  onCancel,
  onAsk,
  busy,
}: {
  draft: Draft;
  providers: string[];
  currency: string;
  onChange: (d: Draft) => void;
  onCancel: () => void;
  onAsk: (kind: string, summary: Record<string, string>, body: Record<string, unknown>) => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [invalid, setInvalid] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch });
  const isNew = draft.id === null;
  const pix = draft.kind === 'pix';

  const submit = () => {
    const min = parseAmount(draft.min, lang);
    const max = parseAmount(draft.max, lang);
    if (min === null) return setInvalid('min');
    if (max === null) return setInvalid('max');
    setInvalid(null);
    const details = pix
      ? { ...draft.pix }
      : Object.fromEntries(draft.rows.filter(([k, v]) => k.trim() && v.trim()));
    const body: Record<string, unknown> = {
      name: { pt: draft.namePt, en: draft.nameEn },
      minAmount: min,
      maxAmount: max,
      details,
      provider: pix && draft.provider ? draft.provider : null,
      ...(draft.secret ? { secret: draft.secret } : {}),
    };
    const summary = {
      setting: `${draft.namePt || draft.nameEn} (${draft.code})`,
      kind: t(`backoffice.payments.kinds.${draft.kind}`),
      after: `${formatAmount(min, lang)} – ${formatAmount(max, lang)} ${currency}${
        pix ? ` · ${draft.pix.pixKey}` : ''
      }${draft.secret ? ` · ${t('backoffice.payments.secret_new')}` : ''}`,
    };
    if (isNew) onAsk('addPaymentMethod', summary, { ...body, code: draft.code, kind: draft.kind });
    else onAsk('savePaymentMethod', summary, { ...body, id: draft.id });
  };

  return (
    <form
      className="bo-method-editor card"
      data-testid="bo-method-editor"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 className="bo-heading">
        {isNew ? t('backoffice.payments.add') : t('backoffice.payments.edit_title')}
      </h3>
      <div className="bo-form-grid">
        <label className="field">
          <span>{t('backoffice.payments.code')}</span>
          <input
            name="code"
            value={draft.code}
            disabled={!isNew}
            required
            maxLength={32}
            onChange={(e) => set({ code: e.target.value })}
          />
          <small className="bo-sub">{t('backoffice.payments.code_help')}</small>
        </label>
        <label className="field">
          <span>{t('backoffice.payments.kind')}</span>
          <select
            name="kind"
            value={draft.kind}
            disabled={!isNew}
            onChange={(e) => set({ kind: e.target.value as Draft['kind'] })}
          >
            {(isNew ? ['pix', 'bank_transfer'] : [draft.kind]).map((k) => (
              <option key={k} value={k}>
                {t(`backoffice.payments.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('backoffice.payments.name_pt')}</span>
          <input
            name="namePt"
            value={draft.namePt}
            maxLength={60}
            onChange={(e) => set({ namePt: e.target.value })}
          />
        </label>
        <label className="field">
          <span>{t('backoffice.payments.name_en')}</span>
          <input
            name="nameEn"
            value={draft.nameEn}
            maxLength={60}
            onChange={(e) => set({ nameEn: e.target.value })}
          />
        </label>
        <label className="field">
          <span>{t('backoffice.payments.min', { currency })}</span>
          <input
            name="min"
            inputMode="decimal"
            value={draft.min}
            aria-invalid={invalid === 'min'}
            onChange={(e) => set({ min: e.target.value })}
          />
        </label>
        <label className="field">
          <span>{t('backoffice.payments.max', { currency })}</span>
          <input
            name="max"
            inputMode="decimal"
            value={draft.max}
            aria-invalid={invalid === 'max'}
            onChange={(e) => set({ max: e.target.value })}
          />
        </label>
        {invalid && (
          <p className="field-error bo-span-all" role="alert">
            {t('centre.deposit.invalid_amount')}
          </p>
        )}
        {pix ? (
          <>
            <label className="field">
              <span>{t('backoffice.payments.pix_key_type')}</span>
              <select
                name="pixKeyType"
                value={draft.pix.pixKeyType}
                onChange={(e) => set({ pix: { ...draft.pix, pixKeyType: e.target.value } })}
              >
                {PIX_KEY_TYPES.map((k) => (
                  <option key={k} value={k}>
                    {t(`centre.withdraw.pix_types.${k}`)}
                  </option>
                ))}
              </select>
            </label>
            {PIX_FIELDS.map((f) => (
              <label key={f} className="field">
                <span>{t(`backoffice.payments.pix_fields.${f}`)}</span>
                <input
                  name={f}
                  value={draft.pix[f]}
                  maxLength={f === 'pixKey' ? 77 : f === 'merchantName' ? 25 : 15}
                  onChange={(e) => set({ pix: { ...draft.pix, [f]: e.target.value } })}
                />
              </label>
            ))}
            <label className="field">
              <span>{t('backoffice.payments.provider')}</span>
              <select
                name="provider"
                value={draft.provider}
                onChange={(e) => set({ provider: e.target.value })}
              >
                <option value="">{t('backoffice.payments.provider_none')}</option>
                {[...new Set([...providers, ...(draft.provider ? [draft.provider] : [])])].map((p) => (
                  <option key={p} value={p}>
                    {t(`backoffice.payments.providers.${p}`, { defaultValue: p })}
                  </option>
                ))}
              </select>
              <small className="bo-sub">{t('backoffice.payments.provider_help')}</small>
            </label>
          </>
        ) : (
          <fieldset className="bo-span-all bo-method-details">
            <legend>{t('backoffice.payments.details')}</legend>
            {draft.rows.map(([k, v], i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own while typed
              <div key={i} className="bo-method-row">
                <input
                  aria-label={t('backoffice.payments.detail_label')}
                  placeholder={t('backoffice.payments.detail_label')}
                  value={k}
                  maxLength={40}
                  onChange={(e) =>
                    set({ rows: draft.rows.map((r, j) => (j === i ? [e.target.value, r[1]] : r)) })
                  }
                />
                <input
                  aria-label={t('backoffice.payments.detail_value')}
                  placeholder={t('backoffice.payments.detail_value')}
                  value={v}
                  maxLength={200}
                  onChange={(e) =>
                    set({ rows: draft.rows.map((r, j) => (j === i ? [r[0], e.target.value] : r)) })
                  }
                />
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={t('backoffice.payments.detail_remove')}
                  onClick={() => set({ rows: draft.rows.filter((_, j) => j !== i) })}
                >
                  ×
                </button>
              </div>
            ))}
            {draft.rows.length < 12 && (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => set({ rows: [...draft.rows, ['', '']] })}
              >
                {t('backoffice.payments.detail_add')}
              </button>
            )}
          </fieldset>
        )}
        {(draft.kind === 'gateway' || (pix && draft.provider)) && (
          <label className="field">
            <span>{t('backoffice.payments.secret')}</span>
            <input
              name="secret"
              type="password"
              autoComplete="new-password"
              value={draft.secret}
              maxLength={200}
              onChange={(e) => set({ secret: e.target.value })}
            />
            <small className="bo-sub">
              {draft.secretSet ? t('backoffice.payments.secret_set') : t('backoffice.payments.secret_help')}
            </small>
          </label>
        )}
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          {t('backoffice.identity.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="bo-method-save">
          {t('backoffice.save')}
        </button>
      </div>
    </form>
  );
}
