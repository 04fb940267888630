import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MemberInfo } from '../../api/contract/accounts';
import { useSessionActor } from '../../features/session/session';

// Loaded when opened: it brings the account forms' dependencies.
const TwoFactorDialog = lazy(() =>
  import('../../features/account/TwoFactorDialog').then((m) => ({ default: m.TwoFactorDialog })),
);

/** The header's member block (spec 2.3): agent button for agents, avatar, account name, sign out. */
export function MemberBlock({ member }: { member: MemberInfo }) {
  const { t } = useTranslation();
  const session = useSessionActor();
  const [security, setSecurity] = useState(false);
  return (
    <div className="member-block" data-testid="member-block">
      {member.isAgent && (
        <Link to="/agentHome" className="btn btn-ghost btn-sm hide-phone">
          {t('member.agent')}
        </Link>
      )}
      <img
        className="member-avatar"
        src={`/art/avatar/${encodeURIComponent(member.account)}.svg`}
        alt=""
        width={36}
        height={36}
      />
      <span className="member-name hide-phone">
        <strong data-testid="member-account">{member.account}</strong>
        <small>{member.isTrial ? t('member.trial') : t('member.vip', { level: 0 })}</small>
      </span>
      {!member.isTrial && (
        <button type="button" className="btn btn-ghost btn-sm hide-phone" onClick={() => setSecurity(true)}>
          {t('security.menu')}
        </button>
      )}
      {security && (
        <Suspense fallback={null}>
          <TwoFactorDialog onClose={() => setSecurity(false)} />
        </Suspense>
      )}
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => session.send({ type: 'LOGOUT' })}>
        {t('member.sign_out')}
      </button>
    </div>
  );
}
