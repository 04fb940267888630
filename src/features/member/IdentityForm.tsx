import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdentityField } from '../../api/contract/kyc';
import { identityProblems } from '../../api/identity-fields';
import { isoDay } from '../../api/profile-fields';
import type { IdentityInput } from '../../machines/withdraw.machine';

const INPUTS: Record<IdentityField, { type: string; autoComplete: string; inputMode?: 'numeric' }> = {
  fullName: { type: 'text', autoComplete: 'name' },
  birthday: { type: 'date', autoComplete: 'bday' },
  cpf: { type: 'text', autoComplete: 'off', inputMode: 'numeric' },
};

/**
 * The member's identity, asked once (before the first withdrawal, or on the identity page): only the
 * facts still missing, checked here as the server checks them (src/api/identity-fields.ts).
 */
export function IdentityForm({
  missing,
  busy,
  error,
  onSubmit,
}: {
  missing: IdentityField[];
  busy: boolean;
  error: React.ReactNode;
  onSubmit: (identity: IdentityInput) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<IdentityInput>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  return (
    <form
      className="account-form deposit-form"
      data-testid="identity-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const given = Object.fromEntries(missing.map((f) => [f, (values[f] ?? '').trim()]));
        const found = identityProblems(given, isoDay(new Date()));
        for (const f of missing) if (!given[f]) found[f] = 'validation.required';
        setProblems(found);
        if (Object.keys(found).length === 0) onSubmit(given);
      }}
    >
      <h3 className="member-subtitle">{t('centre.kyc.identity_title')}</h3>
      <p className="muted">{t('centre.kyc.identity_text')}</p>
      {missing.map((field) => (
        <label key={field} className="field">
          <span>{t(`centre.kyc.${field === 'fullName' ? 'full_name' : field}`)}</span>
          <input
            type={INPUTS[field].type}
            autoComplete={INPUTS[field].autoComplete}
            inputMode={INPUTS[field].inputMode}
            placeholder={field === 'cpf' ? '000.000.000-00' : undefined}
            maxLength={field === 'cpf' ? 14 : 64}
            value={values[field] ?? ''}
            aria-invalid={!!problems[field]}
            onChange={(e) => setValues({ ...values, [field]: e.target.value })}
          />
          {problems[field] && (
            <span className="field-error" role="alert">
              {t(problems[field]!)}
            </span>
          )}
        </label>
      ))}
      {error}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('centre.kyc.save')}
      </button>
    </form>
  );
}
