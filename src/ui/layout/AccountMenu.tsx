import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { MemberInfo } from '../../api/contract/accounts';
import { memberIconUrl } from '../../api/member-icons';

/**
 * The member menu behind the avatar (spec 2.3: my account, transaction history, personal profit,
 * betting record, point mall when enabled, the picture). Where the header has no room for its buttons
 * (below 1200 px, layout.css) the entries marked `fold` (wallet, security, agent, sign out) join it.
 * A disclosure (button and panel), not an ARIA menu: Tab walks its links, Escape or a tap outside
 * closes it.
 */
export function AccountMenu({
  member,
  balance,
  onSecurity,
  onPickIcon,
  onSignOut,
  onTrialWallet,
  onCreateAccount,
  points = false,
}: {
  member: MemberInfo;
  /** The points system is on (PTSYS3): the point mall joins the menu. */
  points?: boolean;
  /** The balance as the header shows it ("1.234,00 FUN"), once known. */
  balance: string | null;
  onSecurity(): void;
  onPickIcon(): void;
  onSignOut(): void;
  /** A trial account's wallet (its trial balance and top-up). */
  onTrialWallet?(): void;
  /** A trial account's way to a real one (the header's button, folded here on a narrow screen). */
  onCreateAccount?(): void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // A new page closes it (a link in it was followed, or the browser went back).
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new path
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const close = () => setOpen(false);
  /** Closes the panel, then does what the entry is for (a dialog opens over the page). */
  const then = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <div ref={root} className="account-menu" data-testid="account-menu">
      <button
        ref={toggle}
        type="button"
        className="account-menu-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('member.account_menu', { name: member.account })}
        onClick={() => setOpen((o) => !o)}
        data-testid="account-menu-toggle"
      >
        <img
          className="member-avatar"
          data-testid="member-avatar"
          src={memberIconUrl(member.icon)}
          alt=""
          width={36}
          height={36}
        />
      </button>
      <div id={panelId} className="account-menu-panel card" hidden={!open} data-testid="account-menu-panel">
        <div className="account-menu-head">
          <img className="member-avatar" src={memberIconUrl(member.icon)} alt="" width={44} height={44} />
          <span className="member-name">
            <strong>{member.account}</strong>
            <small>{member.isTrial ? t('member.trial') : t('member.vip', { level: 0 })}</small>
            {balance && (
              <small className="member-balance">
                {member.isTrial ? t('member.trial_balance_label', { amount: balance }) : balance}
              </small>
            )}
          </span>
        </div>
        <ul className="account-menu-list">
          {member.isTrial && onTrialWallet && (
            <li>
              <button type="button" className="account-menu-item" onClick={then(onTrialWallet)}>
                {t('member.trial_balance')}
              </button>
            </li>
          )}
          {member.isTrial && onCreateAccount && (
            <li className="fold">
              <button
                type="button"
                className="account-menu-item"
                onClick={then(onCreateAccount)}
                data-testid="menu-create-account"
              >
                {t('member.trial_create_real')}
              </button>
            </li>
          )}
          {!member.isTrial && (
            <>
              <li>
                <Link to="/member/securityCenter" className="account-menu-item" onClick={close}>
                  {t('member.my_account')}
                </Link>
              </li>
              <li className="fold">
                <Link to="/member/transferFund" className="account-menu-item" onClick={close}>
                  {t('member.wallet')}
                </Link>
              </li>
              <li>
                <Link to="/member/transactionHistory" className="account-menu-item" onClick={close}>
                  {t('centre.pages.transactionHistory')}
                </Link>
              </li>
              <li>
                <Link to="/member/personalProfit" className="account-menu-item" onClick={close}>
                  {t('centre.pages.personalProfit')}
                </Link>
              </li>
              <li>
                <Link
                  to="/member/personalHistoryCopy"
                  className="account-menu-item"
                  onClick={close}
                  data-testid="menu-betting-record"
                >
                  {t('centre.pages.personalHistoryCopy')}
                </Link>
              </li>
              {points && (
                <li>
                  <Link to="/pointMall" className="account-menu-item" onClick={close}>
                    {t('titles.POINTMALL')}
                  </Link>
                </li>
              )}
              <li className="fold">
                <button type="button" className="account-menu-item" onClick={then(onSecurity)}>
                  {t('security.menu')}
                </button>
              </li>
            </>
          )}
          {member.isAgent && (
            <li className="fold">
              <Link to="/agentHome" className="account-menu-item" onClick={close}>
                {t('member.agent')}
              </Link>
            </li>
          )}
          {!member.isTrial && (
            <li>
              <button type="button" className="account-menu-item" onClick={then(onPickIcon)}>
                {t('member.icon_change')}
              </button>
            </li>
          )}
          <li className="fold">
            <button type="button" className="account-menu-item" onClick={then(onSignOut)}>
              {t('member.sign_out')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
