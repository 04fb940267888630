import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, sendForm } from '../../api/client';
import { KYC_DOCUMENT_KINDS, type KycDocumentKind, type MemberKyc } from '../../api/contract/kyc';
import { errorKey } from '../../api/errors';
import { formatDate, formatDateTime } from '../../ui/format';
import { IdentityForm } from './IdentityForm';

const codeOf = (error: unknown) => (error as { code?: string } | null)?.code ?? 'UNKNOWN';

/**
 * "Identidade": the member's identity (given once, the CPF masked), their documents and the review's
 * answer in their language, and a copy of their own data (LGPD).
 */
export default function VerificationPage() {
  const { t, i18n } = useTranslation();
  const [kyc, setKyc] = useState<MemberKyc | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [kind, setKind] = useState<KycDocumentKind>('id_front');
  const [file, setFile] = useState<File | null>(null);
  const load = useCallback(() => {
    call('memberKyc').then(setKyc, (e: unknown) => setError(codeOf(e)));
  }, []);
  useEffect(load, [load]);

  const run = async (work: () => Promise<MemberKyc>) => {
    setBusy(true);
    setError(null);
    setSent(false);
    try {
      setKyc(await work());
      return true;
    } catch (e) {
      setError(codeOf(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const errorText = error ? (
    <p className="form-error" role="alert">
      {t(errorKey(error))}
    </p>
  ) : null;
  if (!kyc) return errorText ?? <div className="skeleton" style={{ height: 200 }} />;

  return (
    <div className="verification-page" data-testid="verification-page">
      {kyc.missing.length > 0 ? (
        <IdentityForm
          missing={kyc.missing}
          busy={busy}
          error={errorText}
          onSubmit={(identity) => void run(() => call('saveIdentity', { body: identity }))}
        />
      ) : (
        <section>
          <h3 className="member-subtitle">{t('centre.kyc.identity_title')}</h3>
          <dl className="kyc-identity" data-testid="kyc-identity">
            <dt>{t('centre.kyc.full_name')}</dt>
            <dd>{kyc.identity.fullName}</dd>
            <dt>{t('centre.kyc.birthday')}</dt>
            <dd>{kyc.identity.birthday ? formatDate(kyc.identity.birthday, i18n.language) : ''}</dd>
            <dt>{t('centre.kyc.cpf')}</dt>
            <dd>{kyc.identity.cpf}</dd>
          </dl>
        </section>
      )}

      <section>
        <h3 className="member-subtitle">{t('centre.kyc.status_title')}</h3>
        <p>
          <span
            className={`status-badge status-${kyc.status}`}
            data-testid="kyc-status"
            data-status={kyc.status}
          >
            {t(`centre.kyc.status.${kyc.status}`)}
          </span>
        </p>
      </section>

      <section>
        <h3 className="member-subtitle">{t('centre.kyc.documents_title')}</h3>
        <form
          className="account-form deposit-form"
          data-testid="kyc-upload-form"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!file) {
              setError('KYC_FILE_REQUIRED');
              return;
            }
            const form = new FormData();
            form.append('kind', kind);
            form.append('file', file);
            if (await run(() => sendForm<MemberKyc>('uploadKycDocument', form))) {
              setSent(true);
              setFile(null);
              (e.target as HTMLFormElement).reset();
            }
          }}
        >
          <p className="muted">{t('centre.kyc.upload_text')}</p>
          <label className="field">
            <span>{t('centre.kyc.kind')}</span>
            <select value={kind} onChange={(e) => setKind(e.target.value as KycDocumentKind)}>
              {KYC_DOCUMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`centre.kyc.kinds.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('centre.kyc.file')}</span>
            <input
              type="file"
              accept="image/png,image/jpeg,application/pdf"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </label>
          {kyc.missing.length === 0 && errorText}
          {sent && (
            <p className="form-success" role="status">
              {t('centre.kyc.uploaded')}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('centre.kyc.upload')}
          </button>
        </form>
        {kyc.documents.length === 0 ? (
          <p className="muted">{t('centre.kyc.no_documents')}</p>
        ) : (
          <ul className="withdrawal-list" data-testid="kyc-documents">
            {kyc.documents.map((d) => (
              <li key={d.id} data-testid={`kyc-document-${d.id}`} data-status={d.status}>
                <div className="withdrawal-head">
                  <strong>{t(`centre.kyc.kinds.${d.kind}`)}</strong>
                  <span className={`status-badge status-${d.status}`}>
                    {t(`centre.kyc.doc_status.${d.status}`)}
                  </span>
                  <span className="muted">
                    {t('centre.kyc.sent_at', { time: formatDateTime(d.createdAt) })}
                  </span>
                </div>
                {d.reason && <p className="muted">{t('centre.kyc.reason', { reason: d.reason })}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section>
        <h3 className="member-subtitle">{t('centre.kyc.data_title')}</h3>
        <p className="muted">{t('centre.kyc.data_text')}</p>
        <button
          type="button"
          className="btn btn-ghost"
          data-testid="kyc-export"
          disabled={busy}
          onClick={async () => {
            setError(null);
            try {
              const data = await call('memberDataExport');
              const url = URL.createObjectURL(
                new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
              );
              const link = document.createElement('a');
              link.href = url;
              link.download = `meus-dados-${new Date(data.exportedAt).toISOString().slice(0, 10)}.json`;
              link.click();
              setTimeout(() => URL.revokeObjectURL(url), 10_000);
            } catch (e) {
              setError(codeOf(e));
            }
          }}
        >
          {t('centre.kyc.export')}
        </button>
      </section>
    </div>
  );
}
