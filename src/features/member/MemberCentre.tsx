import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useNavigate, useParams } from 'react-router-dom';
import { CloseIcon } from '../../ui/icons';
import { agentPagePath } from '../agent/pages';
import { useCurrentLinkInView } from '../common/useCurrentLinkInView';
import { usePageTitle } from '../common/usePageTitle';
import { useRewardCount } from '../promotions/useRewardCount';
import { useSession } from '../session/session';
import { isMemberPage, MEMBER_PAGES, type MemberPage, memberPagePath } from './pages';
import './member.css';

const built: Partial<Record<MemberPage, ReturnType<typeof lazy>>> = {
  securityCenter: lazy(() => import('./AccountPage')),
  transferFund: lazy(() => import('./WalletPage')),
  depositv2: lazy(() => import('./DepositPage')),
  transactionHistory: lazy(() => import('./RecordsPage')),
  withdraw: lazy(() => import('./WithdrawPage')),
  verification: lazy(() => import('./VerificationPage')),
  transferUpline: lazy(() => import('./TreeTransferPage')),
  bonusDetails: lazy(() => import('./BonusDetailsPage')),
  rewardCenter: lazy(() => import('./RewardCentrePage')),
  personalHistoryCopy: lazy(() => import('./BettingRecordPage')),
  personalProfit: lazy(() => import('./ProfitPage')),
  manualRebate: lazy(() => import('./RebatePage')),
};

/** The member centre (spec 2.5): its menu and the open page; it can be closed back to where play is. */
export default function MemberCentre() {
  const { t } = useTranslation();
  const { page } = useParams();
  const menu = useCurrentLinkInView<HTMLElement>(page);
  const navigate = useNavigate();
  const session = useSession();
  const rewards = useRewardCount();
  usePageTitle('MEMBER');
  if (!isMemberPage(page)) return <Navigate to={memberPagePath('securityCenter')} replace />;
  // Trial players browse, but the member centre is for real accounts (spec 4.6).
  if (session.kind === 'trial') return <Navigate to="/" replace />;
  // For agents the referral entry is the agent centre's register centre (spec 2.6).
  if (page === 'referral' && session.isAgent)
    return <Navigate to={agentPagePath('registerCenter')} replace />;
  const Page = built[page];
  return (
    <div className="page member-centre" data-testid="member-centre">
      <aside className="member-nav card">
        <div className="member-nav-head">
          <h1>{t('centre.title')}</h1>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('centre.close')}
            onClick={() => navigate('/')}
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={t('centre.title')} ref={menu}>
          {MEMBER_PAGES.map((key) => (
            <NavLink
              key={key}
              to={
                key === 'referral' && session.isAgent ? agentPagePath('registerCenter') : memberPagePath(key)
              }
              className="member-nav-link"
            >
              {t(`centre.pages.${key}`)}
              {key === 'rewardCenter' && rewards > 0 && (
                <>
                  <span className="nav-badge" data-testid="reward-badge" aria-hidden="true">
                    {rewards}
                  </span>
                  <span className="visually-hidden">{t('rewards.claimable', { count: rewards })}</span>
                </>
              )}
            </NavLink>
          ))}
        </nav>
      </aside>
      <section className="member-page card" data-testid={`member-page-${page}`}>
        <h2 className="member-page-title">{t(`centre.pages.${page}`)}</h2>
        {Page ? (
          <Suspense fallback={<div className="skeleton" style={{ height: 240 }} />}>
            <Page />
          </Suspense>
        ) : (
          <p className="muted">{t('centre.soon')}</p>
        )}
      </section>
    </div>
  );
}
