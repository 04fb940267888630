import { useSelector } from '@xstate/react';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { changeLanguage } from './features/preferences/PreferenceControls';
import { resolveLanguage } from './features/preferences/storage';
import { SiteProvider, useSiteActor } from './features/site/SiteProvider';
import {
  BlockedScreen,
  MaintenanceScreen,
  SiteFailedScreen,
  SiteLoading,
} from './features/site/StatusScreens';
import { routes } from './routes';
import { AppLayout } from './ui/layout/AppLayout';
import { SideMenuProvider } from './ui/layout/SideMenuContext';

/** Once the brand is known, a stored language it does not support is replaced by its default. */
function useBrandLanguage() {
  const whitelabel = useSelector(useSiteActor(), (s) => s.context.whitelabel);
  useEffect(() => {
    if (!whitelabel) return;
    const lang = resolveLanguage(whitelabel.supportedLanguages, whitelabel.defaultLanguage);
    if (lang !== i18next.language) void changeLanguage(lang);
  }, [whitelabel]);
}

function SiteRouter() {
  const [router] = useState(() => createBrowserRouter([{ element: <AppLayout />, children: routes }]));
  return <RouterProvider router={router} />;
}

function Site() {
  const state = useSelector(useSiteActor(), (s) => s.value);
  useBrandLanguage();
  switch (state) {
    case 'loading':
      return <SiteLoading />;
    case 'failed':
      return <SiteFailedScreen />;
    case 'maintenance':
      return <MaintenanceScreen />;
    case 'blocked':
      return <BlockedScreen />;
    default:
      return (
        <SideMenuProvider>
          <SiteRouter />
        </SideMenuProvider>
      );
  }
}

export function App() {
  return (
    <SiteProvider>
      <Site />
    </SiteProvider>
  );
}
