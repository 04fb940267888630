import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { InvitationContracts } from './InvitationContracts';
import { OpenAccountForm } from './OpenAccountForm';

type Invitation = Awaited<ReturnType<typeof call<'agentInvitation'>>>;

/**
 * registerCenter: the agent's invitation code, its link and a QR code of the link (whoever registers
 * through them, or types the code, joins the agent's downline), the contracts the invitation carries, and
 * accounts the agent opens itself.
 */
export default function RegisterCenterPage() {
  const { t } = useTranslation();
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<'code' | 'link' | null>(null);
  useEffect(() => {
    call('agentInvitation').then(
      (v) => setInvitation(v),
      (e: { code?: string }) => setError(e.code ?? 'UNKNOWN'),
    );
  }, []);
  if (error) return <ErrorNotice code={error} />;
  if (!invitation) return <div className="skeleton" style={{ height: 200 }} />;
  const { code } = invitation;
  const link = `${window.location.origin}/register?code=${encodeURIComponent(code)}`;
  const copy = (what: 'code' | 'link', text: string) =>
    navigator.clipboard?.writeText(text).then(
      () => setCopied(what),
      () => setCopied(null),
    );
  return (
    <div className="agent-report register-center" data-testid="register-center">
      <p className="muted">{t('agent.invite.text')}</p>
      <div className="invite-grid">
        <dl className="invite-facts">
          <div>
            <dt>{t('agent.invite.code')}</dt>
            <dd>
              <strong data-testid="invite-code">{code}</strong>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => copy('code', code)}>
                {copied === 'code' ? t('agent.invite.copied') : t('agent.invite.copy')}
              </button>
            </dd>
          </div>
          <div>
            <dt>{t('agent.invite.link')}</dt>
            <dd>
              <input
                readOnly
                value={link}
                aria-label={t('agent.invite.link')}
                data-testid="invite-link"
                onFocus={(e) => e.target.select()}
              />
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => copy('link', link)}>
                {copied === 'link' ? t('agent.invite.copied') : t('agent.invite.copy')}
              </button>
            </dd>
          </div>
        </dl>
        <figure className="invite-qr">
          <img
            src={`/api/qr.svg?text=${encodeURIComponent(link)}`}
            alt={t('agent.invite.qr_alt')}
            width={180}
            height={180}
          />
          <figcaption className="muted">{t('agent.invite.qr')}</figcaption>
        </figure>
      </div>
      <InvitationContracts invitation={invitation} onChange={setInvitation} />
      <OpenAccountForm />
    </div>
  );
}
