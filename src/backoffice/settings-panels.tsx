import type { TFunction } from 'i18next';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { type RegisterFieldName, registerFieldName } from '../api/contract/accounts';
import type { AdminBrandLimits, AdminBrandSettings } from '../api/contract/brand-admin';
import type { LanguageCode } from '../api/contract/common';
import { type SiteOptionCode, siteOptionCodes } from '../api/contract/system';
import { errorKey } from '../api/errors';
import { LANGUAGES } from '../api/languages';
import { type FieldRule, PATTERN_IDS, patternRange } from '../api/patterns';
import { formatAmount, formatDateMinute, parseAmount } from '../ui/format';
import { TaskDialog, useOperatorTask } from './operator-task';
import { useOperatorList } from './panels';
import type { PanelProps } from './sections';
import './settings-panels.css';

type Settings = AdminBrandSettings;
type Ask = (kind: string, summary: Record<string, string>, body: Record<string, unknown>) => void;

/** Whether the operator may change settings ('settings.manage'), or only read them. */
function useCanManage(token: string) {
  const [can, setCan] = useState(false);
  useEffect(() => {
    let live = true;
    call('operatorMe', { token }).then(
      (me) => live && setCan(me.permissions.includes('settings.manage')),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [token]);
  return can;
}

/**
 * The brand's settings for one page, and the operator-task machine its changes go through (confirm with
 * a reason, showing before → after; sent with a request id kept on retry). The page reloads after each.
 */
function useBrandSettings(token: string, onExpired: () => void) {
  const load = useCallback(() => call('adminBrandSettings', { token }), [token]);
  const { data, error, reload } = useOperatorList(load, onExpired);
  const [state, send] = useOperatorTask(token, onExpired);
  const completed = state.context.completed;
  useEffect(() => {
    if (completed > 0) reload();
  }, [completed, reload]);
  const canManage = useCanManage(token);
  const ask: Ask = (kind, summary, body) => send({ type: 'REQUEST', task: { kind, summary, body } });
  return { data, error, state, send, ask, canManage };
}

type Page = ReturnType<typeof useBrandSettings>;

/** The frame of a settings page: its title, what the site shows and when, the read-only note, the dialog. */
function SettingsPage({
  page,
  title,
  testId,
  children,
}: {
  page: Page;
  title: string;
  testId: string;
  children: (data: Settings) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const { data, error, state, send, canManage } = page;
  return (
    <section className="bo-catalogue bo-settings" data-testid={testId}>
      <div className="bo-toolbar">
        <h2 className="bo-heading">{title}</h2>
      </div>
      {data && (
        <p className="bo-sub">
          {t('backoffice.settings.cache_note', { seconds: data.cacheSeconds })}
          {!canManage && ` ${t('backoffice.settings.read_only')}`}
        </p>
      )}
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      <p className="bo-saved" role="status">
        {state.context.result && state.matches('idle') ? t('backoffice.settings.saved') : ''}
      </p>
      {data ? children(data) : !error && <div className="spinner" aria-busy="true" />}
      <TaskDialog state={state} send={send} />
    </section>
  );
}

const onOff = (t: TFunction, on: boolean) => t(on ? 'backoffice.settings.on' : 'backoffice.settings.off');

// ---------------------------------------------------------------------------------------------------
// Site: option flags, registration rules, passwords, languages and currency, the identity step

/** The site option flags (spec 3), each explained, and what the site does with the rest of its settings. */
export function SiteSettingsPanel({ token, onExpired }: PanelProps) {
  const { t } = useTranslation();
  const page = useBrandSettings(token, onExpired);
  return (
    <SettingsPage page={page} title={t('backoffice.tabs.site')} testId="bo-site-settings">
      {(data) => (
        <>
          <SiteOptions data={data} ask={page.ask} canManage={page.canManage} />
          <RegisterRules
            key={JSON.stringify(data.registerRules)}
            data={data}
            ask={page.ask}
            canManage={page.canManage}
          />
          <PasswordPolicy
            key={`${data.password.maxAgeDays}-${data.password.weakDefaultSet}`}
            data={data}
            ask={page.ask}
            canManage={page.canManage}
          />
          <LanguagesAndCurrency
            key={JSON.stringify([data.languages, data.currency])}
            data={data}
            ask={page.ask}
            canManage={page.canManage}
          />
          <IdentityStep data={data} ask={page.ask} canManage={page.canManage} />
        </>
      )}
    </SettingsPage>
  );
}

interface PartProps {
  data: Settings;
  ask: Ask;
  canManage: boolean;
}

function SiteOptions({ data, ask, canManage }: PartProps) {
  const { t } = useTranslation();
  const flip = (code: SiteOptionCode) => {
    const now = data.options[code];
    ask(
      'saveSiteOptions',
      {
        setting: `${t(`backoffice.settings.flags.${code}.name`)} (${code})`,
        before: onOff(t, now),
        after: onOff(t, !now),
      },
      { options: { [code]: !now } },
    );
  };
  return (
    <div className="bo-pane bo-card" data-testid="bo-site-options">
      <h3 className="bo-heading">{t('backoffice.settings.flags_title')}</h3>
      <p className="bo-sub">{t('backoffice.settings.flags_intro')}</p>
      <ul className="bo-flags">
        {siteOptionCodes.map((code) => (
          <li key={code} className="bo-flag" data-testid={`bo-flag-${code}`}>
            <div className="bo-flag-text">
              <strong>{t(`backoffice.settings.flags.${code}.name`)}</strong> <code>{code}</code>
              <span className="bo-sub">{t(`backoffice.settings.flags.${code}.help`)}</span>
            </div>
            <label className="bo-switch">
              <input
                type="checkbox"
                checked={data.options[code]}
                disabled={!canManage}
                aria-label={t(`backoffice.settings.flags.${code}.name`)}
                onChange={() => flip(code)}
              />
              <span className="bo-switch-text" aria-hidden="true">
                {onOff(t, data.options[code])}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One rule in words, as the confirmation and the audit trail read it. */
function ruleText(t: TFunction, rule: FieldRule) {
  const shown = rule.enabled
    ? t(rule.required ? 'backoffice.settings.rule_required' : 'backoffice.settings.rule_optional')
    : t('backoffice.settings.rule_hidden');
  return `${shown}, ${patternRange(rule)}, ${t('backoffice.settings.pattern_short', { id: rule.patternId })}`;
}

/** Username and password are always asked; the confirmation follows the password. */
const ALWAYS: RegisterFieldName[] = ['username', 'password', 'confirmPassword'];
/** Fields the form never shows as a text field of its own (the captcha is an image; the code is the SMS's). */
const RULE_FIELDS = registerFieldName.options.filter((f) => f !== 'confirmPassword');

function RegisterRules({ data, ask, canManage }: PartProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(data.registerRules);
  const edited = RULE_FIELDS.filter(
    (f) => JSON.stringify(draft[f]) !== JSON.stringify(data.registerRules[f]),
  );
  const set = (field: RegisterFieldName, change: Partial<FieldRule>) =>
    setDraft((d) => {
      const next = { ...d[field], ...change };
      // Required means shown; hidden means not required.
      if (change.required) next.enabled = true;
      if (change.enabled === false) next.required = false;
      return { ...d, [field]: next };
    });
  return (
    <form
      className="bo-pane bo-card"
      data-testid="bo-register-rules"
      onSubmit={(e) => {
        e.preventDefault();
        if (edited.length === 0) return;
        ask(
          'saveRegisterRules',
          {
            setting: edited.map((f) => t(`register.fields.${f}`)).join(', '),
            before: edited
              .map((f) => `${t(`register.fields.${f}`)}: ${ruleText(t, data.registerRules[f])}`)
              .join('; '),
            after: edited.map((f) => `${t(`register.fields.${f}`)}: ${ruleText(t, draft[f])}`).join('; '),
          },
          { fields: Object.fromEntries(edited.map((f) => [f, draft[f]])) },
        );
      }}
    >
      <h3 className="bo-heading">{t('backoffice.settings.rules_title')}</h3>
      <p className="bo-sub">{t('backoffice.settings.rules_intro')}</p>
      <ul className="bo-rules">
        {RULE_FIELDS.map((field) => {
          const rule = draft[field];
          const fixed = ALWAYS.includes(field) || !canManage;
          const label = t(`register.fields.${field}`);
          return (
            <li key={field} className="bo-rule" data-testid={`bo-rule-${field}`}>
              <strong className="bo-rule-name">{label}</strong>
              <span className="bo-rule-group">
                <label className="field-check">
                  <input
                    type="checkbox"
                    checked={rule.enabled}
                    disabled={fixed}
                    onChange={(e) => set(field, { enabled: e.target.checked })}
                  />{' '}
                  {t('backoffice.settings.rule_shown')}
                </label>
                <label className="field-check">
                  <input
                    type="checkbox"
                    checked={rule.required}
                    disabled={fixed}
                    onChange={(e) => set(field, { required: e.target.checked })}
                  />{' '}
                  {t('backoffice.settings.rule_required_label')}
                </label>
              </span>
              <span className="bo-rule-group">
                <label className="bo-rule-len">
                  <span>{t('backoffice.settings.rule_min')}</span>
                  <input
                    className="bo-number"
                    type="number"
                    min={0}
                    max={255}
                    value={rule.minLength}
                    disabled={!canManage}
                    aria-label={`${label}: ${t('backoffice.settings.rule_min')}`}
                    onChange={(e) => set(field, { minLength: Number(e.target.value) })}
                  />
                </label>
                <label className="bo-rule-len">
                  <span>{t('backoffice.settings.rule_max')}</span>
                  <input
                    className="bo-number"
                    type="number"
                    min={1}
                    max={255}
                    value={rule.maxLength}
                    disabled={!canManage}
                    aria-label={`${label}: ${t('backoffice.settings.rule_max')}`}
                    onChange={(e) => set(field, { maxLength: Number(e.target.value) })}
                  />
                </label>
              </span>
              <select
                className="bo-select bo-rule-pattern"
                value={rule.patternId}
                disabled={!canManage}
                aria-label={`${label}: ${t('backoffice.settings.rule_pattern')}`}
                onChange={(e) => set(field, { patternId: Number(e.target.value) })}
              >
                {PATTERN_IDS.map((id) => (
                  <option key={id} value={id}>
                    {t(`patterns.p${id}`, { range: patternRange(rule) })}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
      {canManage && (
        <div className="bo-actions">
          <button type="submit" className="btn btn-primary btn-sm" disabled={edited.length === 0}>
            {t('backoffice.settings.save_rules')}
          </button>
          {edited.length > 0 && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => setDraft(data.registerRules)}
            >
              {t('backoffice.settings.undo')}
            </button>
          )}
        </div>
      )}
    </form>
  );
}

function PasswordPolicy({ data, ask, canManage }: PartProps) {
  const { t } = useTranslation();
  const [days, setDays] = useState(data.password.maxAgeDays === null ? '' : String(data.password.maxAgeDays));
  const [weak, setWeak] = useState('');
  const [clear, setClear] = useState(false);
  const daysText = (d: number | null) =>
    d === null ? t('backoffice.settings.never') : t('backoffice.settings.days', { count: d });
  const weakText = (set: boolean) =>
    t(set ? 'backoffice.settings.weak_set' : 'backoffice.settings.weak_none');
  return (
    <form
      className="bo-pane bo-card"
      data-testid="bo-password-policy"
      onSubmit={(e) => {
        e.preventDefault();
        const maxAgeDays = days.trim() === '' ? null : Number(days);
        const weakAfter = weak
          ? t('backoffice.settings.weak_new')
          : weakText(!clear && data.password.weakDefaultSet);
        ask(
          'savePasswordPolicy',
          {
            setting: t('backoffice.settings.password_title'),
            before: `${daysText(data.password.maxAgeDays)}; ${weakText(data.password.weakDefaultSet)}`,
            after: `${daysText(maxAgeDays)}; ${weakAfter}`,
          },
          {
            maxAgeDays,
            ...(weak ? { weakPassword: weak } : {}),
            ...(clear && !weak ? { clearWeakPassword: true } : {}),
          },
        );
      }}
    >
      <h3 className="bo-heading">{t('backoffice.settings.password_title')}</h3>
      <div className="bo-form-grid">
        <label className="field">
          <span>{t('backoffice.settings.max_age')}</span>
          <input
            type="number"
            min={1}
            max={3650}
            value={days}
            disabled={!canManage}
            placeholder={t('backoffice.settings.never')}
            onChange={(e) => setDays(e.target.value)}
          />
          <small className="bo-sub">{t('backoffice.settings.max_age_help')}</small>
        </label>
        <label className="field">
          <span>{t('backoffice.settings.weak_default')}</span>
          <input
            type="password"
            autoComplete="new-password"
            maxLength={128}
            value={weak}
            disabled={!canManage}
            placeholder={weakText(data.password.weakDefaultSet)}
            onChange={(e) => setWeak(e.target.value)}
          />
          <small className="bo-sub">{t('backoffice.settings.weak_help')}</small>
        </label>
        {data.password.weakDefaultSet && (
          <label className="field-check">
            <input
              type="checkbox"
              checked={clear}
              disabled={!canManage || weak !== ''}
              onChange={(e) => setClear(e.target.checked)}
            />{' '}
            {t('backoffice.settings.weak_clear')}
          </label>
        )}
      </div>
      {canManage && (
        <div className="bo-actions">
          <button type="submit" className="btn btn-primary btn-sm">
            {t('backoffice.save')}
          </button>
        </div>
      )}
    </form>
  );
}

function LanguagesAndCurrency({ data, ask, canManage }: PartProps) {
  const { t } = useTranslation();
  const [defaultLanguage, setDefault] = useState<LanguageCode>(data.languages.defaultLanguage);
  const [supported, setSupported] = useState<LanguageCode[]>(data.languages.supportedLanguages);
  const [currency, setCurrency] = useState(data.currency.code);
  const names = (list: LanguageCode[]) => list.map((l) => t(`backoffice.language_names.${l}`)).join(', ');
  return (
    <div className="bo-pane bo-card" data-testid="bo-languages">
      <h3 className="bo-heading">{t('backoffice.settings.languages_title')}</h3>
      <form
        className="bo-form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          ask(
            'saveLanguages',
            {
              setting: t('backoffice.settings.languages_title'),
              before: `${t(`backoffice.language_names.${data.languages.defaultLanguage}`)} · ${names(data.languages.supportedLanguages)}`,
              after: `${t(`backoffice.language_names.${defaultLanguage}`)} · ${names(supported)}`,
            },
            { defaultLanguage, supportedLanguages: supported },
          );
        }}
      >
        <fieldset className="bo-fieldset">
          <legend>{t('backoffice.settings.supported')}</legend>
          {LANGUAGES.map((l) => (
            <label key={l} className="field-check">
              <input
                type="checkbox"
                checked={supported.includes(l)}
                disabled={!canManage}
                onChange={(e) =>
                  setSupported(e.target.checked ? [...supported, l] : supported.filter((s) => s !== l))
                }
              />{' '}
              {t(`backoffice.language_names.${l}`)}
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span>{t('backoffice.settings.default_language')}</span>
          <select
            value={defaultLanguage}
            disabled={!canManage}
            onChange={(e) => setDefault(e.target.value as LanguageCode)}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`backoffice.language_names.${l}`)}
              </option>
            ))}
          </select>
        </label>
        {canManage && (
          <div className="bo-actions">
            <button type="submit" className="btn btn-primary btn-sm">
              {t('backoffice.save')}
            </button>
          </div>
        )}
      </form>
      <form
        className="bo-form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          ask(
            'saveCurrency',
            {
              setting: t('backoffice.settings.currency'),
              before: data.currency.code,
              after: currency.toUpperCase(),
            },
            { currency: currency.toUpperCase() },
          );
        }}
      >
        <label className="field">
          <span>{t('backoffice.settings.currency')}</span>
          <input
            value={currency}
            readOnly={data.currency.locked || !canManage}
            maxLength={3}
            pattern="[A-Za-z]{3}"
            autoComplete="off"
            onChange={(e) => setCurrency(e.target.value.toUpperCase())}
          />
          <small className="bo-sub">
            {t(
              data.currency.locked
                ? 'backoffice.settings.currency_locked'
                : 'backoffice.settings.currency_help',
            )}
          </small>
        </label>
        {canManage && !data.currency.locked && (
          <div className="bo-actions">
            <button
              type="submit"
              className="btn btn-primary btn-sm"
              disabled={currency === data.currency.code}
            >
              {t('backoffice.save')}
            </button>
          </div>
        )}
      </form>
    </div>
  );
}

const KYC_AT = ['registration', 'withdrawal', 'off'] as const;

function IdentityStep({ data, ask, canManage }: PartProps) {
  const { t } = useTranslation();
  return (
    <div className="bo-pane bo-card" data-testid="bo-kyc-at">
      <h3 className="bo-heading">{t('backoffice.settings.kyc_title')}</h3>
      <label className="field">
        <span>{t('backoffice.settings.kyc_when')}</span>
        <select
          value={data.kycAt}
          disabled={!canManage}
          onChange={(e) => {
            const kycAt = e.target.value as (typeof KYC_AT)[number];
            ask(
              'saveKycAt',
              {
                setting: t('backoffice.settings.kyc_title'),
                before: t(`backoffice.settings.kyc_at.${data.kycAt}`),
                after: t(`backoffice.settings.kyc_at.${kycAt}`),
              },
              { kycAt },
            );
          }}
        >
          {KYC_AT.map((k) => (
            <option key={k} value={k}>
              {t(`backoffice.settings.kyc_at.${k}`)}
            </option>
          ))}
        </select>
        <small className="bo-sub">{t(`backoffice.settings.kyc_help.${data.kycAt}`)}</small>
      </label>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------
// Limits

const LIMIT_MONEY = ['withdrawMin', 'withdrawMax', 'maxAmount'] as const;
const LIMIT_COUNTS = ['withdrawDailyCount', 'withdrawConfirmMinutes'] as const;

/** Withdrawal limits per request and per day, the time to confirm a payment, and the largest single amount. */
export function LimitsPanel({ token, onExpired }: PanelProps) {
  const { t } = useTranslation();
  const page = useBrandSettings(token, onExpired);
  return (
    <SettingsPage page={page} title={t('backoffice.tabs.limits')} testId="bo-limits">
      {(data) => (
        <LimitsForm key={JSON.stringify(data.limits)} data={data} ask={page.ask} canManage={page.canManage} />
      )}
    </SettingsPage>
  );
}

function LimitsForm({ data, ask, canManage }: PartProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const initial = useMemo(
    () =>
      Object.fromEntries([
        ...LIMIT_MONEY.map((k) => [k, formatAmount(data.limits[k], lang)]),
        ...LIMIT_COUNTS.map((k) => [k, String(data.limits[k])]),
      ]) as Record<keyof AdminBrandLimits, string>,
    [data.limits, lang],
  );
  const [draft, setDraft] = useState(initial);
  const [invalid, setInvalid] = useState<string | null>(null);
  const shown = (k: keyof AdminBrandLimits, v: number) =>
    (LIMIT_MONEY as readonly string[]).includes(k)
      ? `${formatAmount(v, lang)} ${data.currency.code}`
      : String(v);
  return (
    <form
      className="bo-pane bo-card"
      data-testid="bo-limits-form"
      onSubmit={(e) => {
        e.preventDefault();
        const values = {} as AdminBrandLimits;
        for (const k of LIMIT_MONEY) {
          const minor = parseAmount(draft[k], lang);
          if (minor === null) return setInvalid(k);
          values[k] = minor;
        }
        for (const k of LIMIT_COUNTS) {
          const n = Number(draft[k]);
          if (!Number.isInteger(n) || n < 0) return setInvalid(k);
          values[k] = n;
        }
        setInvalid(null);
        const keys = (Object.keys(values) as Array<keyof AdminBrandLimits>).filter(
          (k) => values[k] !== data.limits[k],
        );
        if (keys.length === 0) return;
        ask(
          'saveBrandLimits',
          {
            setting: keys.map((k) => t(`backoffice.settings.limits.${k}`)).join(', '),
            before: keys.map((k) => shown(k, data.limits[k])).join('; '),
            after: keys.map((k) => shown(k, values[k])).join('; '),
          },
          values,
        );
      }}
    >
      <h3 className="bo-heading">{t('backoffice.settings.withdrawals_title')}</h3>
      <div className="bo-form-grid">
        {[...LIMIT_MONEY, ...LIMIT_COUNTS].map((k) => (
          <label key={k} className="field">
            <span>
              {t(`backoffice.settings.limits.${k}`)}
              {(LIMIT_MONEY as readonly string[]).includes(k) ? ` (${data.currency.code})` : ''}
            </span>
            <input
              name={k}
              inputMode={(LIMIT_MONEY as readonly string[]).includes(k) ? 'decimal' : 'numeric'}
              value={draft[k]}
              disabled={!canManage}
              aria-invalid={invalid === k}
              onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
            />
            <small className="bo-sub">{t(`backoffice.settings.limits_help.${k}`)}</small>
          </label>
        ))}
      </div>
      {invalid && (
        <p className="form-error" role="alert">
          {t('backoffice.settings.not_a_number', { field: t(`backoffice.settings.limits.${invalid}`) })}
        </p>
      )}
      <p className="bo-sub">{t('backoffice.settings.deposit_limits_note')}</p>
      {canManage && (
        <div className="bo-actions">
          <button type="submit" className="btn btn-primary btn-sm">
            {t('backoffice.save')}
          </button>
        </div>
      )}
    </form>
  );
}

// ---------------------------------------------------------------------------------------------------
// Maintenance and region rules

/** A moment as a datetime-local field holds it, in the operator's time zone. */
function toLocalInput(epoch: number | null) {
  if (epoch === null) return '';
  const d = new Date(epoch);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (value: string) => (value ? new Date(value).getTime() : null);

/** Maintenance now or in a scheduled window with its message; who may not enter (region rules). */
export function MaintenancePanel({ token, onExpired }: PanelProps) {
  const { t } = useTranslation();
  const page = useBrandSettings(token, onExpired);
  return (
    <SettingsPage page={page} title={t('backoffice.tabs.maintenance')} testId="bo-maintenance">
      {(data) => (
        <>
          <MaintenanceForm
            key={JSON.stringify(data.maintenance)}
            data={data}
            ask={page.ask}
            canManage={page.canManage}
          />
          <RegionRules
            key={JSON.stringify(data.regionRules)}
            data={data}
            ask={page.ask}
            canManage={page.canManage}
          />
        </>
      )}
    </SettingsPage>
  );
}

function MaintenanceForm({ data, ask, canManage }: PartProps) {
  const { t } = useTranslation();
  const m = data.maintenance;
  const [on, setOn] = useState(m.on);
  const [start, setStart] = useState(toLocalInput(m.startsAt));
  const [end, setEnd] = useState(toLocalInput(m.endsAt));
  const [message, setMessage] = useState(m.message);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const windowText = (s: number | null, e: number | null) =>
    s === null || e === null
      ? t('backoffice.settings.no_window')
      : `${formatDateMinute(s)} – ${formatDateMinute(e)}`;
  const state = (o: boolean, s: number | null, e: number | null) =>
    `${t(o ? 'backoffice.settings.maintenance_on' : 'backoffice.settings.maintenance_off')}; ${windowText(s, e)}`;
  return (
    <form
      className="bo-pane bo-card"
      data-testid="bo-maintenance-form"
      onSubmit={(e) => {
        e.preventDefault();
        const startsAt = fromLocalInput(start);
        const endsAt = fromLocalInput(end);
        ask(
          'saveMaintenance',
          {
            setting: t('backoffice.tabs.maintenance'),
            before: `${state(m.on, m.startsAt, m.endsAt)}; “${m.message.pt}” / “${m.message.en}”`,
            after: `${state(on, startsAt, endsAt)}; “${message.pt}” / “${message.en}”`,
          },
          { on, startsAt, endsAt, message },
        );
      }}
    >
      <p className={m.active ? 'bo-status is-down' : 'bo-status is-up'} data-testid="bo-maintenance-state">
        {t(m.active ? 'backoffice.settings.site_down' : 'backoffice.settings.site_up')}
      </p>
      {m.forcedByServer && <p className="bo-warning">{t('backoffice.settings.forced_by_server')}</p>}
      <p className="bo-sub">{t('backoffice.settings.maintenance_intro')}</p>
      <label className="bo-switch">
        <input type="checkbox" checked={on} disabled={!canManage} onChange={(e) => setOn(e.target.checked)} />
        <span className="bo-switch-text">{t('backoffice.settings.maintenance_now')}</span>
      </label>
      <fieldset className="bo-fieldset bo-form-grid">
        <legend>{t('backoffice.settings.window_title', { zone })}</legend>
        <label className="field">
          <span>{t('backoffice.settings.window_start')}</span>
          <input
            type="datetime-local"
            value={start}
            disabled={!canManage}
            onChange={(e) => setStart(e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('backoffice.settings.window_end')}</span>
          <input
            type="datetime-local"
            value={end}
            disabled={!canManage}
            onChange={(e) => setEnd(e.target.value)}
          />
        </label>
        {canManage && (start || end) && (
          <div className="bo-actions">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                setStart('');
                setEnd('');
              }}
            >
              {t('backoffice.settings.window_clear')}
            </button>
          </div>
        )}
      </fieldset>
      <div className="bo-form-grid">
        {(['pt', 'en'] as const).map((l) => (
          <label key={l} className="field">
            <span>
              {t('backoffice.settings.message_in', { language: t(`backoffice.language_names.${l}`) })}
            </span>
            <textarea
              value={message[l]}
              maxLength={300}
              rows={3}
              disabled={!canManage}
              onChange={(e) => setMessage({ ...message, [l]: e.target.value })}
            />
          </label>
        ))}
      </div>
      {canManage && (
        <div className="bo-actions">
          <button type="submit" className="btn btn-primary btn-sm">
            {t('backoffice.save')}
          </button>
        </div>
      )}
    </form>
  );
}

type RegionRule = Settings['regionRules'][number];

function RegionRules({ data, ask, canManage }: PartProps) {
  const { t } = useTranslation();
  const { rows, list: rules, edit, add, remove, reset } = useRows<RegionRule>(data.regionRules);
  const text = (list: RegionRule[]) =>
    list.length === 0 ? t('backoffice.settings.none') : list.map((r) => r.value).join(', ');
  return (
    <ListForm
      testId="bo-region-rules"
      title={t('backoffice.settings.region_title')}
      intro={t('backoffice.settings.region_intro')}
      canManage={canManage}
      changed={JSON.stringify(rules) !== JSON.stringify(data.regionRules)}
      onAdd={() => add({ kind: 'ip', value: '', note: null })}
      onUndo={reset}
      onSave={() =>
        ask(
          'saveRegionRules',
          {
            setting: t('backoffice.settings.region_title'),
            before: text(data.regionRules),
            after: text(rules),
          },
          { rules: rules.map((r) => ({ ...r, note: r.note || null })) },
        )
      }
    >
      {rows.map(({ key, value: r }, i) => (
        <li key={key} className="bo-list-row">
          <select
            className="bo-select"
            value={r.kind}
            disabled={!canManage}
            aria-label={t('backoffice.settings.region_kind')}
            onChange={(e) => edit(i, { kind: e.target.value as RegionRule['kind'] })}
          >
            {(['ip', 'cidr', 'country'] as const).map((k) => (
              <option key={k} value={k}>
                {t(`backoffice.settings.region_kinds.${k}`)}
              </option>
            ))}
          </select>
          <input
            className="bo-list-input"
            value={r.value}
            required
            maxLength={64}
            disabled={!canManage}
            placeholder={t(`backoffice.settings.region_example.${r.kind}`)}
            aria-label={t('backoffice.settings.region_value')}
            onChange={(e) => edit(i, { value: e.target.value })}
          />
          <input
            className="bo-list-input"
            value={r.note ?? ''}
            maxLength={120}
            disabled={!canManage}
            placeholder={t('backoffice.settings.note')}
            aria-label={t('backoffice.settings.note')}
            onChange={(e) => edit(i, { note: e.target.value })}
          />
          <RemoveButton canManage={canManage} onRemove={() => remove(i)} />
        </li>
      ))}
    </ListForm>
  );
}

let rowSeq = 0;

/** A list edited in place, each row with a key of its own (rows move up when one is removed). */
function useRows<T>(initial: T[]) {
  const keyed = (values: T[]) => values.map((value) => ({ key: ++rowSeq, value }));
  const [rows, setRows] = useState(() => keyed(initial));
  return {
    rows,
    list: rows.map((r) => r.value),
    edit: (i: number, change: Partial<T>) =>
      setRows(rows.map((r, j) => (j === i ? { ...r, value: { ...r.value, ...change } } : r))),
    add: (value: T) => setRows([...rows, ...keyed([value])]),
    remove: (i: number) => setRows(rows.filter((_, j) => j !== i)),
    reset: () => setRows(keyed(initial)),
  };
}

/** A list edited in place, saved as a whole (before → after) with one confirmation. */
function ListForm({
  testId,
  title,
  intro,
  canManage,
  changed,
  onAdd,
  onUndo,
  onSave,
  children,
}: {
  testId: string;
  title: string;
  intro?: string;
  canManage: boolean;
  changed: boolean;
  onAdd: () => void;
  onUndo: () => void;
  onSave: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      className="bo-pane bo-card"
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        if (changed) onSave();
      }}
    >
      <h3 className="bo-heading">{title}</h3>
      {intro && <p className="bo-sub">{intro}</p>}
      <ul className="bo-list">{children}</ul>
      {canManage && (
        <div className="bo-actions">
          <button type="button" className="btn btn-ghost btn-sm" onClick={onAdd}>
            {t('backoffice.settings.add')}
          </button>
          <button type="submit" className="btn btn-primary btn-sm" disabled={!changed}>
            {t('backoffice.save')}
          </button>
          {changed && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={onUndo}>
              {t('backoffice.settings.undo')}
            </button>
          )}
        </div>
      )}
    </form>
  );
}

function RemoveButton({ canManage, onRemove }: { canManage: boolean; onRemove: () => void }) {
  const { t } = useTranslation();
  if (!canManage) return null;
  return (
    <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove}>
      {t('backoffice.settings.remove')}
    </button>
  );
}

// ---------------------------------------------------------------------------------------------------
// Domains, social and app resources, customer service

/** The brand's domains, its social links and app downloads, and its customer-service channels. */
export function DomainsPanel({ token, onExpired }: PanelProps) {
  const { t } = useTranslation();
  const page = useBrandSettings(token, onExpired);
  return (
    <SettingsPage page={page} title={t('backoffice.tabs.domains')} testId="bo-domains">
      {(data) => (
        <>
          <Domains key={JSON.stringify(data.domains)} data={data} ask={page.ask} canManage={page.canManage} />
          <Resources
            key={JSON.stringify(data.resources)}
            data={data}
            ask={page.ask}
            canManage={page.canManage}
          />
          <CustomerService
            key={JSON.stringify(data.customerService)}
            data={data}
            ask={page.ask}
            canManage={page.canManage}
          />
        </>
      )}
    </SettingsPage>
  );
}

type Domain = Settings['domains'][number];
const ROUTES = ['main', 'mobile', 'agent', 'backup'] as const;

function Domains({ data, ask, canManage }: PartProps) {
  const { t } = useTranslation();
  const { rows, list, edit, add, remove, reset } = useRows<Domain>(data.domains);
  const text = (l: Domain[]) =>
    l.map((d) => `${d.host} (${t(`backoffice.settings.routes.${d.route}`)})`).join(', ');
  return (
    <ListForm
      testId="bo-domain-list"
      title={t('backoffice.settings.domains_title')}
      intro={t('backoffice.settings.domains_intro')}
      canManage={canManage}
      changed={JSON.stringify(list) !== JSON.stringify(data.domains)}
      onAdd={() => add({ host: '', route: 'backup' })}
      onUndo={reset}
      onSave={() =>
        ask(
          'saveDomains',
          { setting: t('backoffice.settings.domains_title'), before: text(data.domains), after: text(list) },
          { domains: list.map((d) => ({ ...d, host: d.host.trim().toLowerCase() })) },
        )
      }
    >
      {rows.map(({ key, value: d }, i) => (
        <li key={key} className="bo-list-row">
          <input
            className="bo-list-input bo-list-wide"
            value={d.host}
            required
            maxLength={253}
            autoComplete="off"
            spellCheck={false}
            disabled={!canManage}
            placeholder="bet.example.com"
            aria-label={t('backoffice.settings.host')}
            onChange={(e) => edit(i, { host: e.target.value })}
          />
          <select
            className="bo-select"
            value={d.route}
            disabled={!canManage}
            aria-label={t('backoffice.settings.route')}
            onChange={(e) => edit(i, { route: e.target.value as Domain['route'] })}
          >
            {ROUTES.map((r) => (
              <option key={r} value={r}>
                {t(`backoffice.settings.routes.${r}`)}
              </option>
            ))}
          </select>
          <RemoveButton canManage={canManage} onRemove={() => remove(i)} />
        </li>
      ))}
    </ListForm>
  );
}

type Resource = Settings['resources'][number];
const RESOURCE_TYPES = ['FACEBOOK', 'INSTAGRAM', 'TELEGRAM', 'MOBILECONFIG', 'Android'] as const;

function Resources({ data, ask, canManage }: PartProps) {
  const { t } = useTranslation();
  const { rows, list, edit, add, remove, reset } = useRows<Resource>(data.resources);
  const text = (l: Resource[]) =>
    l.length === 0
      ? t('backoffice.settings.none')
      : l.map((r) => `${t(`backoffice.settings.resource_types.${r.resourceType}`)} ${r.url}`).join(', ');
  return (
    <ListForm
      testId="bo-resources"
      title={t('backoffice.settings.resources_title')}
      intro={t('backoffice.settings.resources_intro')}
      canManage={canManage}
      changed={JSON.stringify(list) !== JSON.stringify(data.resources)}
      onAdd={() => add({ resourceType: 'TELEGRAM', label: { pt: '', en: '' }, url: 'https://' })}
      onUndo={reset}
      onSave={() =>
        ask(
          'saveSiteResources',
          {
            setting: t('backoffice.settings.resources_title'),
            before: text(data.resources),
            after: text(list),
          },
          { resources: list },
        )
      }
    >
      {rows.map(({ key, value: r }, i) => (
        <li key={key} className="bo-list-row">
          <select
            className="bo-select"
            value={r.resourceType}
            disabled={!canManage}
            aria-label={t('backoffice.settings.resource_type')}
            onChange={(e) => edit(i, { resourceType: e.target.value as Resource['resourceType'] })}
          >
            {RESOURCE_TYPES.map((k) => (
              <option key={k} value={k}>
                {t(`backoffice.settings.resource_types.${k}`)}
              </option>
            ))}
          </select>
          <LocalizedInputs
            value={r.label}
            canManage={canManage}
            label={t('backoffice.settings.label')}
            onChange={(label) => edit(i, { label })}
          />
          <input
            className="bo-list-input bo-list-wide"
            type="url"
            value={r.url}
            required
            maxLength={500}
            spellCheck={false}
            disabled={!canManage}
            aria-label={t('backoffice.settings.url')}
            onChange={(e) => edit(i, { url: e.target.value })}
          />
          <RemoveButton canManage={canManage} onRemove={() => remove(i)} />
        </li>
      ))}
    </ListForm>
  );
}

type ServiceEntry = Settings['customerService'][number];
const SERVICE_TYPES = ['LIVECHAT', 'TELEGRAM', 'EMAIL'] as const;

function CustomerService({ data, ask, canManage }: PartProps) {
  const { t } = useTranslation();
  const { rows, list, edit, add, remove, reset } = useRows<ServiceEntry>(data.customerService);
  const text = (l: ServiceEntry[]) =>
    l.length === 0
      ? t('backoffice.settings.none')
      : l
          .map(
            (c) =>
              `${c.title.pt || c.title.en} ${c.url}${c.active ? '' : ` (${t('backoffice.settings.off')})`}`,
          )
          .join(', ');
  return (
    <ListForm
      testId="bo-customer-service"
      title={t('backoffice.settings.service_title')}
      intro={t('backoffice.settings.service_intro')}
      canManage={canManage}
      changed={JSON.stringify(list) !== JSON.stringify(data.customerService)}
      onAdd={() => add({ csType: 'LIVECHAT', title: { pt: '', en: '' }, url: 'https://', active: true })}
      onUndo={reset}
      onSave={() =>
        ask(
          'saveCustomerService',
          {
            setting: t('backoffice.settings.service_title'),
            before: text(data.customerService),
            after: text(list),
          },
          { entries: list },
        )
      }
    >
      {rows.map(({ key, value: c }, i) => (
        <li key={key} className="bo-list-row">
          <select
            className="bo-select"
            value={c.csType}
            disabled={!canManage}
            aria-label={t('backoffice.settings.service_type')}
            onChange={(e) => edit(i, { csType: e.target.value as ServiceEntry['csType'] })}
          >
            {SERVICE_TYPES.map((k) => (
              <option key={k} value={k}>
                {t(`backoffice.settings.service_types.${k}`)}
              </option>
            ))}
          </select>
          <LocalizedInputs
            value={c.title}
            canManage={canManage}
            label={t('backoffice.settings.title')}
            onChange={(title) => edit(i, { title })}
          />
          <input
            className="bo-list-input bo-list-wide"
            value={c.url}
            required
            maxLength={500}
            spellCheck={false}
            disabled={!canManage}
            aria-label={t('backoffice.settings.url')}
            onChange={(e) => edit(i, { url: e.target.value })}
          />
          <label className="field-check">
            <input
              type="checkbox"
              checked={c.active}
              disabled={!canManage}
              onChange={(e) => edit(i, { active: e.target.checked })}
            />{' '}
            {t('backoffice.settings.active')}
          </label>
          <RemoveButton canManage={canManage} onRemove={() => remove(i)} />
        </li>
      ))}
    </ListForm>
  );
}

function LocalizedInputs({
  value,
  label,
  canManage,
  onChange,
}: {
  value: { pt: string; en: string };
  label: string;
  canManage: boolean;
  onChange: (value: { pt: string; en: string }) => void;
}) {
  return (
    <>
      {(['pt', 'en'] as const).map((l) => (
        <input
          key={l}
          className="bo-list-input"
          value={value[l]}
          maxLength={60}
          disabled={!canManage}
          placeholder={`${label} (${l.toUpperCase()})`}
          aria-label={`${label} (${l.toUpperCase()})`}
          onChange={(e) => onChange({ ...value, [l]: e.target.value })}
        />
      ))}
    </>
  );
}
