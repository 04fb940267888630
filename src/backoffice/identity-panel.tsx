import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import type { AdminIdentityProvider, IdentityProviderPurpose } from '../api/contract/identity';
import { errorKey } from '../api/errors';
import { formatDateTime } from '../ui/format';
import { ScrollRegion } from '../ui/ScrollRegion';
import { TaskDialog, useOperatorTask } from './operator-task';
import { useOperatorList } from './panels';

interface FormValues {
  code: string;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  enabled: boolean;
  purpose: IdentityProviderPurpose;
}

const EMPTY: FormValues = {
  code: '',
  displayName: '',
  issuer: 'https://',
  clientId: '',
  clientSecret: '',
  scopes: 'openid email profile',
  enabled: true,
  purpose: 'sign-in',
};

/**
 * Third-party sign-in (spec 4.2): the brand's OpenID Connect providers, each a button "Entrar com <name>"
 * on the login and registration forms. The client secret is write-only: typed to add or replace it,
 * never shown. Every change is in the audit trail (before and after, never the secret).
 */
export function IdentityPanel({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t } = useTranslation();
  const load = useCallback(() => call('adminIdentityProviders', { token }), [token]);
  const { data, error, reload } = useOperatorList(load, onExpired);
  const [editing, setEditing] = useState<{ values: FormValues; existing: boolean } | null>(null);
  // Both changes show on the site's login and registration forms: confirmed with what they change.
  const [task, send] = useOperatorTask(token, onExpired);
  const completed = task.context.completed;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list loads again after each change
  useEffect(() => {
    if (completed === 0) return;
    setEditing(null);
    reload();
  }, [completed]);
  const busy = task.hasTag('busy');
  const saved = task.context.done?.target ?? null;
  const stateName = (enabled: boolean) =>
    t(enabled ? 'backoffice.identity.enabled' : 'backoffice.identity.disabled');
  const save = (v: FormValues, before: AdminIdentityProvider | undefined) =>
    send({
      type: 'REQUEST',
      task: {
        kind: 'saveIdentityProvider',
        target: v.code,
        summary: {
          provider: `${v.displayName} (${v.code})`,
          purpose: t(`backoffice.identity.purposes.${v.purpose}`),
          issuer: v.issuer,
          before: before ? stateName(before.enabled) : t('backoffice.identity.new_provider'),
          after: stateName(v.enabled),
          secret: t(
            v.clientSecret ? 'backoffice.identity.secret_replaced' : 'backoffice.identity.secret_kept',
          ),
        },
        body: {
          code: v.code,
          displayName: v.displayName,
          issuer: v.issuer,
          clientId: v.clientId,
          scopes: v.scopes,
          enabled: v.enabled,
          purpose: v.purpose,
          ...(v.clientSecret ? { clientSecret: v.clientSecret } : {}),
        },
        reason: false,
      },
    });
  const setEnabled = (p: AdminIdentityProvider) =>
    send({
      type: 'REQUEST',
      task: {
        kind: 'setIdentityProviderEnabled',
        target: p.code,
        summary: {
          provider: p.displayName,
          before: stateName(p.enabled),
          after: stateName(!p.enabled),
        },
        body: { code: p.code, enabled: !p.enabled },
        reason: false,
      },
    });

  const edit = (p: AdminIdentityProvider) =>
    setEditing({
      existing: true,
      values: {
        code: p.code,
        displayName: p.displayName,
        issuer: p.issuer,
        clientId: p.clientId,
        clientSecret: '',
        scopes: p.scopes,
        enabled: p.enabled,
        purpose: p.purpose,
      },
    });

  const redirectUri = data?.[0]?.redirectUri ?? `${window.location.origin}/api/auth/oidc/callback`;

  return (
    <section className="bo-catalogue" data-testid="bo-identity">
      <div className="bo-toolbar">
        <h2 className="bo-heading">{t('backoffice.identity.title')}</h2>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => setEditing({ existing: false, values: EMPTY })}
        >
          {t('backoffice.identity.add')}
        </button>
      </div>
      <p className="bo-sub">
        {t('backoffice.identity.redirect_note')} <code className="bo-url">{redirectUri}</code>
      </p>
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      <p className="bo-saved" role="status">
        {saved ? t('backoffice.saved', { target: saved }) : ''}
      </p>
      {editing && (
        <ProviderForm
          initial={editing.values}
          existing={editing.existing}
          busy={busy}
          onCancel={() => setEditing(null)}
          onSave={(v) =>
            save(
              v,
              data?.find((p) => p.code === v.code),
            )
          }
        />
      )}
      <ScrollRegion className="bo-scroll" label={t('backoffice.identity.title')}>
        <table className="bo-table">
          <thead>
            <tr>
              <th>{t('backoffice.identity.code')}</th>
              <th>{t('backoffice.identity.display_name')}</th>
              <th>{t('backoffice.identity.purpose')}</th>
              <th>{t('backoffice.identity.issuer')}</th>
              <th>{t('backoffice.identity.client_id')}</th>
              <th>{t('backoffice.identity.state')}</th>
              <th>
                <span className="visually-hidden">{t('backoffice.identity.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data?.length === 0 && (
              <tr>
                <td colSpan={7}>{t('backoffice.identity.none')}</td>
              </tr>
            )}
            {data?.map((p) => (
              <tr key={p.code} data-testid={`bo-identity-${p.code}`}>
                <td>
                  <code>{p.code}</code>
                </td>
                <td>{p.displayName}</td>
                <td>{t(`backoffice.identity.purposes.${p.purpose}`)}</td>
                <td>
                  <code className="bo-url">{p.issuer}</code>
                </td>
                <td>
                  <code className="bo-url">{p.clientId}</code>
                  <div className="bo-sub">
                    {t(p.secretSet ? 'backoffice.identity.secret_set' : 'backoffice.identity.secret_missing')}
                  </div>
                </td>
                <td>
                  <span className={p.enabled ? 'bo-badge is-on' : 'bo-badge is-none'}>
                    {t(p.enabled ? 'backoffice.identity.enabled' : 'backoffice.identity.disabled')}
                  </span>
                  <div className="bo-sub">
                    {t('backoffice.vendors.updated', { when: formatDateTime(p.updatedAt) })}
                  </div>
                </td>
                <td>
                  <div className="bo-actions">
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      disabled={busy}
                      onClick={() => edit(p)}
                    >
                      {t('backoffice.identity.edit', { name: p.displayName })}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      disabled={busy}
                      onClick={() => setEnabled(p)}
                    >
                      {t(p.enabled ? 'backoffice.identity.disable' : 'backoffice.identity.enable', {
                        name: p.displayName,
                      })}
                    </button>
                  </div>
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

function ProviderForm({
  initial,
  existing,
  busy,
  onSave,
  onCancel,
}: {
  initial: FormValues;
  existing: boolean;
  busy: boolean;
  onSave: (values: FormValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const field = (name: keyof FormValues, value: string | boolean) => setValues({ ...values, [name]: value });
  return (
    <form
      className="bo-pane bo-card"
      data-testid="bo-identity-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) onSave(values);
      }}
    >
      <h3 className="bo-heading">
        {existing ? t('backoffice.identity.edit_title', { code: values.code }) : t('backoffice.identity.add')}
      </h3>
      <div className="bo-form-grid">
        <label className="field">
          <span>{t('backoffice.identity.code')}</span>
          <input
            name="code"
            value={values.code}
            readOnly={existing}
            required
            pattern="[a-z0-9][a-z0-9\-]{1,31}"
            title={t('backoffice.identity.code_hint')}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => field('code', e.target.value.toLowerCase())}
          />
        </label>
        <label className="field">
          <span>{t('backoffice.identity.display_name')}</span>
          <input
            name="displayName"
            value={values.displayName}
            required
            maxLength={40}
            onChange={(e) => field('displayName', e.target.value)}
          />
        </label>
        <label className="field bo-span-2">
          <span>{t('backoffice.identity.purpose')}</span>
          <select
            name="purpose"
            value={values.purpose}
            onChange={(e) => {
              const purpose = e.target.value as IdentityProviderPurpose;
              // A phone verifier asks for the number, nothing else of the person.
              const scopes =
                values.scopes === EMPTY.scopes && purpose === 'phone'
                  ? 'openid phone'
                  : values.scopes === 'openid phone' && purpose === 'sign-in'
                    ? EMPTY.scopes
                    : values.scopes;
              setValues({ ...values, purpose, scopes });
            }}
          >
            <option value="sign-in">{t('backoffice.identity.purposes.sign-in')}</option>
            <option value="phone">{t('backoffice.identity.purposes.phone')}</option>
          </select>
          <small className="bo-sub">{t(`backoffice.identity.purpose_hint.${values.purpose}`)}</small>
        </label>
        <label className="field bo-span-2">
          <span>{t('backoffice.identity.issuer')}</span>
          <input
            name="issuer"
            type="url"
            inputMode="url"
            value={values.issuer}
            required
            maxLength={300}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => field('issuer', e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('backoffice.identity.client_id')}</span>
          <input
            name="clientId"
            value={values.clientId}
            required
            maxLength={300}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => field('clientId', e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('backoffice.identity.client_secret')}</span>
          <input
            name="clientSecret"
            type="password"
            value={values.clientSecret}
            required={!existing}
            maxLength={1000}
            autoComplete="new-password"
            placeholder={existing ? t('backoffice.identity.secret_keep') : ''}
            onChange={(e) => field('clientSecret', e.target.value)}
          />
        </label>
        <label className="field bo-span-2">
          <span>{t('backoffice.identity.scopes')}</span>
          <input
            name="scopes"
            value={values.scopes}
            required
            maxLength={300}
            spellCheck={false}
            onChange={(e) => field('scopes', e.target.value)}
          />
        </label>
        <label className="field-check">
          <input
            type="checkbox"
            checked={values.enabled}
            onChange={(e) => field('enabled', e.target.checked)}
          />{' '}
          {t('backoffice.identity.enabled')}
        </label>
      </div>
      <div className="bo-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {t('backoffice.save')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          {t('backoffice.identity.cancel')}
        </button>
      </div>
    </form>
  );
}
