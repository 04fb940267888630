import type { ReactNode } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router-dom';
import type { SectionKey } from './api/contract/common';
import { lazyScreen } from './features/common/lazyScreen';
import { useSession } from './features/session/session';

const HomePage = lazyScreen(() => import('./features/home/HomePage'));
const OpenAccountModal = lazyScreen(() => import('./features/account/OpenAccountModal'));
const HelpPage = lazyScreen(() => import('./features/help/HelpPage'));
const GameCategoryPage = lazyScreen(() => import('./features/games/GameCategoryPage'));
const GameListCenterPage = lazyScreen(() => import('./features/games/GameListCenterPage'));
const SeamlessPage = lazyScreen(() => import('./features/games/SeamlessPage'));
const PromotionsPage = lazyScreen(() => import('./features/promotions/PromotionsPage'));
const DownloadPage = lazyScreen(() => import('./features/download/DownloadPage'));
const ComingSoon = lazyScreen(() => import('./features/common/ComingSoon'));
const LotteryPage = lazyScreen(() => import('./features/lottery/LotteryPage'));
const NotFound = lazyScreen(() => import('./features/common/NotFound'));
const FeatureGate = lazyScreen(() => import('./features/common/FeatureGate'));
const AgentHomePage = lazyScreen(() => import('./features/agent/AgentHomePage'));
const MemberCentre = lazyScreen(() => import('./features/member/MemberCentre'));
const OriginalsLobby = lazyScreen(() => import('./features/originals/OriginalsPage'));
const OriginalGame = lazyScreen(() => import('./features/originals/OriginalGameRoute'));
const FairnessPage = lazyScreen(() => import('./features/originals/FairnessPage'));
const PhoneVerifiedPage = lazyScreen(() => import('./features/account/PhoneVerifiedPage'));
const SportsBookPage = lazyScreen(() => import('./features/sports/SportsBookPage'));

/** Routes that need a session send guests to /login, remembering where they were going. */
function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  // While the session-ended notice shows, the login popup must not open over it.
  if (session.pending || session.expired) return <div className="page page-loading" aria-busy="true" />;
  if (session.kind === 'guest')
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <>{children}</>;
}

const categoryPages: Array<[string, SectionKey]> = [
  ['/sports', 'SPORTS'],
  ['/esports', 'ESPORTS'],
  ['/live', 'LIVE'],
  ['/lott', 'LOTT'],
  ['/elott', 'ELOTT'],
  ['/fish', 'FISH'],
  ['/pvp', 'PVP'],
  ['/rng', 'RNG'],
  ['/cockfight', 'COCKFIGHT'],
];

/** Paths on which the side menu closes itself (spec 2.1). */
export const sideMenuClosingPaths = ['/seamless', '/lottery', '/vnLottery', '/seaLottery'];

const homePaths = ['/', '/index', '/index.html', '/home'];

/**
 * Asks for the code of the screen the site opens on while the site starts (the boot asked for the home's
 * already), and tells when it is here: the site then renders it at once, in the same commit as the layout.
 */
export async function preloadScreenOf(pathname: string) {
  if (homePaths.includes(pathname)) await HomePage.preload();
}

/** Every top-level route of spec 2.1. */
export const routes: RouteObject[] = [
  ...homePaths.map((path) => ({ path, element: <HomePage /> })),
  { path: '/login', element: <OpenAccountModal mode="login" /> },
  { path: '/register', element: <OpenAccountModal mode="register" /> },
  { path: '/help', element: <HelpPage /> },
  ...categoryPages.map(([path, section]) => ({
    path,
    element: <GameCategoryPage key={section} section={section} />,
  })),
  {
    path: '/gameListCenter',
    element: (
      <RequireSession>
        <GameListCenterPage />
      </RequireSession>
    ),
  },
  ...['/lottery', '/seaLottery', '/vnLottery'].map((path) => ({
    path,
    element: (
      <RequireSession>
        <LotteryPage key={path} />
      </RequireSession>
    ),
  })),
  { path: '/originals', element: <OriginalsLobby /> },
  { path: '/originals/fairness', element: <FairnessPage /> },
  { path: '/originals/:game', element: <OriginalGame /> },
  { path: '/promotions', element: <PromotionsPage /> },
  {
    path: '/pointMall',
    element: (
      <FeatureGate require="points">
        <ComingSoon titleKey="POINTMALL" />
      </FeatureGate>
    ),
  },
  {
    path: '/seamless',
    element: (
      <RequireSession>
        <SeamlessPage />
      </RequireSession>
    ),
  },
  {
    path: '/fbSport/*',
    element: (
      <FeatureGate require="fbSports">
        <SportsBookPage />
      </FeatureGate>
    ),
  },
  { path: '/esportsBook/*', element: <SportsBookPage /> },
  { path: '/agentHome/:page?', element: <AgentHomePage /> },
  {
    path: '/member/:page?',
    element: (
      <RequireSession>
        <MemberCentre />
      </RequireSession>
    ),
  },
  { path: '/download', element: <DownloadPage /> },
  // The brand's phone provider sends its verification window back here (PHONE_VERIFIED_PATH).
  { path: '/phone-verified', element: <PhoneVerifiedPage /> },
  { path: '*', element: <NotFound /> },
];
