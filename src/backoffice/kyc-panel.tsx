import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, fetchBlob } from '../api/client';
import type { AdminKycDocument, AdminKycMember, KycDocumentStatus } from '../api/contract/kyc';
import { errorKey } from '../api/errors';
import { formatDate, formatDateTime } from '../ui/format';
import { ScrollRegion } from '../ui/ScrollRegion';
import './kyc-panel.css';
import { TaskDialog, useOperatorTask } from './operator-task';
import { useOperatorList } from './panels';
import type { PanelProps } from './sections';

const STATUSES: KycDocumentStatus[] = ['pending', 'approved', 'rejected'];

/** A document's file, fetched with the operator's session when asked for: a picture inline, a PDF to open. */
function DocumentFile({ doc, token }: { doc: AdminKycDocument; token: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  if (!url)
    return (
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={async () =>
          setUrl(URL.createObjectURL(await fetchBlob('adminKycFile', { id: String(doc.id) }, token)))
        }
      >
        {t('backoffice.kyc.open')}
      </button>
    );
  return doc.mime === 'application/pdf' ? (
    <a href={url} target="_blank" rel="noreferrer">
      PDF
    </a>
  ) : (
    <img
      className="bo-kyc-image"
      src={url}
      alt={t(`centre.kyc.kinds.${doc.kind}`)}
      data-testid="bo-kyc-image"
    />
  );
}

/**
 * Identity (KYC) in the back office: the documents to review (approve, or reject with a reason the
 * member reads), a member's identity (the CPF in full only with 'kyc.review'), and the erasure of a
 * member's personal data (LGPD). Every change is confirmed with its reason (operator-task machine).
 */
export function KycPanel({ token, onExpired }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<KycDocumentStatus>('pending');
  const load = useCallback(() => call('adminKycDocuments', { token, query: { status } }), [token, status]);
  const { data, error, reload } = useOperatorList(load, onExpired);
  const [state, send] = useOperatorTask(token, onExpired);
  const [username, setUsername] = useState('');
  const [member, setMember] = useState<AdminKycMember | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const lookup = useCallback(
    (name: string) =>
      call('adminKycMember', { token, query: { username: name } }).then(
        (found) => {
          setMember(found);
          setLookupError(null);
        },
        (e: { code?: string }) => {
          setMember(null);
          setLookupError(e.code ?? 'UNKNOWN');
        },
      ),
    [token],
  );
  const completed = state.context.completed;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a finished change reloads what shows it
  useEffect(() => {
    if (completed === 0) return;
    reload();
    const result = state.context.result as AdminKycMember | null;
    if (result && 'kycStatus' in result) setMember(result);
    else if (member) void lookup(member.username);
  }, [completed]);
  const ask = (kind: string, summary: Record<string, string>, body: Record<string, unknown>) =>
    send({ type: 'REQUEST', task: { kind, summary, body } });
  const decide = (doc: AdminKycDocument, decision: 'approve' | 'reject') =>
    ask(
      'decideKycDocument',
      {
        member: doc.username,
        what: `${t(`centre.kyc.kinds.${doc.kind}`)}: ${t(`backoffice.kyc.${decision}`)}`,
      },
      { id: doc.id, decision },
    );

  return (
    <section className="bo-catalogue" data-testid="bo-kyc">
      <h2 className="bo-heading">{t('backoffice.kyc.queue_title')}</h2>
      <div className="chips">
        {STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className={s === status ? 'chip is-active' : 'chip'}
            onClick={() => setStatus(s)}
          >
            {t(`backoffice.kyc.statuses.${s}`)}
          </button>
        ))}
      </div>
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      {data?.length === 0 && <p className="muted">{t('backoffice.kyc.none')}</p>}
      <ScrollRegion className="bo-scroll" label={t('backoffice.kyc.queue_title')}>
        <table className="bo-table">
          <thead>
            <tr>
              <th>{t('backoffice.kyc.member')}</th>
              <th>{t('backoffice.kyc.full_name')}</th>
              <th>{t('backoffice.kyc.birthday')}</th>
              <th>{t('backoffice.kyc.cpf')}</th>
              <th>{t('backoffice.kyc.kind')}</th>
              <th>{t('backoffice.kyc.sent')}</th>
              <th>{t('backoffice.kyc.file')}</th>
              <th>{t('backoffice.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.map((doc) => (
              <tr key={doc.id} data-testid={`bo-kyc-${doc.id}`} data-member={doc.username}>
                <td>{doc.username}</td>
                <td>{doc.identity.fullName}</td>
                <td>{doc.identity.birthday ? formatDate(doc.identity.birthday, i18n.language) : ''}</td>
                <td>
                  <code>{doc.identity.cpf}</code>
                </td>
                <td>{t(`centre.kyc.kinds.${doc.kind}`)}</td>
                <td>{formatDateTime(doc.createdAt)}</td>
                <td>
                  <DocumentFile doc={doc} token={token} />
                </td>
                <td>
                  {doc.status === 'pending' ? (
                    <div className="bo-actions">
                      <button
                        type="button"
                        className="btn btn-primary btn-sm"
                        disabled={state.hasTag('busy')}
                        onClick={() => decide(doc, 'approve')}
                      >
                        {t('backoffice.kyc.approve')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        disabled={state.hasTag('busy')}
                        onClick={() => decide(doc, 'reject')}
                      >
                        {t('backoffice.kyc.reject')}
                      </button>
                    </div>
                  ) : (
                    <span className="muted">
                      {t('backoffice.kyc.decided', { operator: doc.decidedBy ?? '' })}
                      {doc.reason ? ` · ${doc.reason}` : ''}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>

      <h2 className="bo-heading">{t('backoffice.kyc.lookup_title')}</h2>
      <form
        className="bo-inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (username.trim()) void lookup(username.trim());
        }}
      >
        <label className="field">
          <span>{t('backoffice.kyc.username')}</span>
          <input value={username} onChange={(e) => setUsername(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary">
          {t('backoffice.kyc.lookup')}
        </button>
      </form>
      {lookupError && <p className="form-error">{t(errorKey(lookupError))}</p>}
      {member && (
        <div className="bo-kyc-member" data-testid="bo-kyc-member">
          <dl className="bo-task-summary">
            <div>
              <dt>{t('backoffice.kyc.member')}</dt>
              <dd>{member.username}</dd>
            </div>
            <div>
              <dt>{t('backoffice.kyc.full_name')}</dt>
              <dd>{member.identity.fullName}</dd>
            </div>
            <div>
              <dt>{t('backoffice.kyc.birthday')}</dt>
              <dd>{member.identity.birthday ? formatDate(member.identity.birthday, i18n.language) : ''}</dd>
            </div>
            <div>
              <dt>{t('backoffice.kyc.cpf')}</dt>
              <dd>
                <code>{member.identity.cpf}</code>
              </dd>
            </div>
            <div>
              <dt>{t('backoffice.kyc.verification')}</dt>
              <dd data-testid="bo-kyc-member-status">{t(`centre.kyc.status.${member.kycStatus}`)}</dd>
            </div>
          </dl>
          {member.cpfMasked && <p className="muted">{t('backoffice.kyc.cpf_masked')}</p>}
          {member.erasedAt ? (
            <p className="muted">{t('backoffice.kyc.erased', { time: formatDateTime(member.erasedAt) })}</p>
          ) : (
            <>
              <h3 className="bo-heading">{t('backoffice.kyc.erase_title')}</h3>
              <p className="muted">{t('backoffice.kyc.erase_text')}</p>
              <button
                type="button"
                className="btn btn-ghost"
                disabled={state.hasTag('busy')}
                onClick={() =>
                  ask(
                    'eraseMember',
                    { member: member.username, what: t('backoffice.kyc.erase_title') },
                    {
                      username: member.username,
                    },
                  )
                }
              >
                {t('backoffice.kyc.erase')}
              </button>
            </>
          )}
        </div>
      )}
      <TaskDialog state={state} send={send} />
    </section>
  );
}
