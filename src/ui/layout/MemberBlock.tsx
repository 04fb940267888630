import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MemberInfo } from '../../api/contract/accounts';
import { useAccountModal } from '../../features/account/AccountModalContext';
import { useLiveBalance } from '../../features/session/member-events';
import { useSessionActor } from '../../features/session/session';
import { useWhitelabel } from '../../features/site/SiteProvider';
import { formatAmount } from '../format';
import { AccountMenu } from './AccountMenu';

const IconPicker = lazy(() =>
  import('../../features/account/IconPicker').then((m) => ({ default: m.IconPicker })),
);
// Loaded when opened: it brings the account forms' dependencies.
const TwoFactorDialog = lazy(() =>
  import('../../features/account/TwoFactorDialog').then((m) => ({ default: m.TwoFactorDialog })),
);
// A trial account's wallet (balance, top-up, the way to a real account), loaded when opened.
const TrialWalletDialog = lazy(() =>
  import('../../features/account/TrialWalletDialog').then((m) => ({ default: m.TrialWalletDialog })),
);

/**
 * The header's member block (spec 2.3): agent button for agents, avatar, account name, sign out. A trial
 * account (free play) shows a trial badge and its trial balance, which opens the trial wallet, and a
 * "create a real account" button where a member has the deposit button.
 */
export function MemberBlock({ member }: { member: MemberInfo }) {
  const { t, i18n } = useTranslation();
  const session = useSessionActor();
  const [security, setSecurity] = useState(false);
  const [picking, setPicking] = useState(false);
  const [trialWallet, setTrialWallet] = useState(false);
  const account = useAccountModal();
  const balance = useLiveBalance(true);
  const trial = member.isTrial;
  const amount = balance && `${formatAmount(balance.balance, i18n.language)} ${balance.currency}`;
  const { whitelabelVal } = useWhitelabel();
  const signOut = () => session.send({ type: 'LOGOUT' });
  return (
    <div className="member-block" data-testid="member-block">
      {/* Where the header has no room for the name block, the balance stays in sight on its own. */}
      {balance && !trial && (
        <Link
          to="/member/transferFund"
          className="member-balance-compact"
          data-testid="header-balance-compact"
        >
          <span className="visually-hidden">{t('member.balance')}: </span>
          {formatAmount(balance.balance, i18n.language)} <small>{balance.currency}</small>
        </Link>
      )}
      {trial && (
        <button
          type="button"
          className="member-balance-compact trial-balance"
          data-testid="trial-balance"
          aria-label={amount ? t('member.trial_balance_label', { amount }) : t('member.trial_balance')}
          onClick={() => setTrialWallet(true)}
        >
          <span className="trial-badge" data-testid="trial-badge">
            {t('member.trial_badge')}
          </span>
          {balance && (
            <>
              {formatAmount(balance.balance, i18n.language)} <small>{balance.currency}</small>
            </>
          )}
        </button>
      )}
      {trial && (
        <button
          type="button"
          className="btn btn-accent btn-sm hide-phone"
          data-testid="trial-create-account"
          onClick={() => account.open('register')}
        >
          {t('member.trial_create_real')}
        </button>
      )}
      {!member.isTrial && (
        <Link to="/member/depositv2" className="btn btn-accent btn-sm" data-testid="deposit-button">
          {t('member.deposit')}
        </Link>
      )}
      {!member.isTrial && (
        <Link to="/member/transferFund" className="btn btn-ghost btn-sm hide-phone">
          {t('member.wallet')}
        </Link>
      )}
      {member.isAgent && (
        <Link to="/agentHome" className="btn btn-ghost btn-sm hide-phone">
          {t('member.agent')}
        </Link>
      )}
      {/* The avatar opens the member menu (spec 2.3); where the header is narrow it also holds the
          hide-phone entries (layout.css). */}
      <AccountMenu
        member={member}
        balance={amount}
        onSecurity={() => setSecurity(true)}
        onTrialWallet={() => setTrialWallet(true)}
        onCreateAccount={() => account.open('register')}
        onPickIcon={() => setPicking(true)}
        onSignOut={signOut}
        points={whitelabelVal.PTSYS3}
      />
      <span className="member-name hide-phone">
        <strong data-testid="member-account">{member.account}</strong>
        <small>{member.isTrial ? t('member.trial') : t('member.vip', { level: 0 })}</small>
        {balance && !trial && (
          <small className="member-balance" data-testid="header-balance">
            {formatAmount(balance.balance, i18n.language)} {balance.currency}
          </small>
        )}
      </span>
      {!member.isTrial && (
        <Link
          to="/member/securityCenter"
          className="btn btn-ghost btn-sm hide-phone"
          data-testid="my-account-link"
        >
          {t('member.my_account')}
        </Link>
      )}
      {!member.isTrial && (
        <button type="button" className="btn btn-ghost btn-sm hide-phone" onClick={() => setSecurity(true)}>
          {t('security.menu')}
        </button>
      )}
      {picking && (
        <Suspense fallback={null}>
          <IconPicker member={member} onClose={() => setPicking(false)} />
        </Suspense>
      )}
      {security && (
        <Suspense fallback={null}>
          <TwoFactorDialog onClose={() => setSecurity(false)} />
        </Suspense>
      )}
      {trialWallet && (
        <Suspense fallback={null}>
          <TrialWalletDialog onClose={() => setTrialWallet(false)} />
        </Suspense>
      )}
      <button type="button" className="btn btn-ghost btn-sm hide-phone" onClick={signOut}>
        {t('member.sign_out')}
      </button>
    </div>
  );
}
