import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AccountModalProvider } from '../../features/account/AccountModalContext';
import { AccountModalSlot } from '../../features/account/AccountModalSlot';
import { ScreenBoundary } from '../../features/common/ScreenBoundary';
import { ContractDialogSlot } from '../../features/contracts/ContractDialogSlot';
import { GameLauncherProvider } from '../../features/games/GameLauncher';
import { GuardProvider } from '../../features/session/guards';
import { MemberEventsConnector } from '../../features/session/member-events';
import { SessionDialogs } from '../../features/session/SessionDialogs';
import { SessionProvider } from '../../features/session/session';
import { useWhitelabel } from '../../features/site/SiteProvider';
import { sideMenuClosingPaths } from '../../routes';
import { LoaderOverlay } from '../Loader';
import { Footer } from './Footer';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { useSideMenu } from './SideMenuContext';

function useNavigationEffects() {
  const { pathname, hash } = useLocation();
  const { setOpen, isWide } = useSideMenu();
  useEffect(() => {
    if (sideMenuClosingPaths.includes(pathname)) setOpen(false);
    else if (!isWide()) setOpen(false);
  }, [pathname, setOpen, isWide]);
  const opened = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling is the reaction to a new path
  useEffect(() => {
    // The page the site opens on stays where the browser put it: scrolling there (already at the top)
    // would make a phone lay the whole page out in the middle of its first render, before its first paint.
    if (!opened.current) {
      opened.current = true;
      return;
    }
    // An anchor (/promotions#12, /help#terms) is scrolled to by its page once its content is there.
    if (!hash) window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname, hash]);
}

export function AppLayout() {
  return (
    <SessionProvider>
      <AccountModalProvider>
        <GuardProvider>
          <GameLauncherProvider>
            <Frame />
          </GameLauncherProvider>
        </GuardProvider>
      </AccountModalProvider>
    </SessionProvider>
  );
}

/**
 * Screens that route their own sub-pages and keep state across them (the sportsbook's slip): one
 * screen, so moving between their pages does not start them over.
 */
const SCREENS_WITH_SUBPAGES = ['/fbSport', '/esportsBook'];
const screenKey = (pathname: string) =>
  SCREENS_WITH_SUBPAGES.find((root) => pathname === root || pathname.startsWith(`${root}/`)) ?? pathname;

function Frame() {
  const { pathname } = useLocation();
  const { open } = useSideMenu();
  const { demo } = useWhitelabel();
  useNavigationEffects();
  return (
    <div className={`app${open ? ' side-open' : ''}${demo ? ' demo' : ''}`}>
      <Header />
      <SideMenu />
      <div className="app-main">
        <main id="content">
          <ScreenBoundary key={screenKey(pathname)}>
            <Suspense
              fallback={
                <div className="page page-loading" aria-busy="true">
                  <div className="spinner" />
                </div>
              }
            >
              <Outlet />
            </Suspense>
          </ScreenBoundary>
        </main>
        <Footer />
      </div>
      <AccountModalSlot />
      <SessionDialogs />
      <ContractDialogSlot />
      <MemberEventsConnector />
      <LoaderOverlay />
    </div>
  );
}
