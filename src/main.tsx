import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { captureAffiliateCode } from './features/account/affiliate';
import { applyTheme, resolveLanguage, storedTheme } from './features/preferences/storage';
import { initI18n } from './i18n';
import { setUpInspector } from './machines/inspect';
import './ui/theme.css';
import './ui/layout/layout.css';

applyTheme(storedTheme());
captureAffiliateCode(window.location.search);
await Promise.all([initI18n(resolveLanguage()), setUpInspector(window.location.search)]);

// The back office is its own application: loaded only there, and reachable whatever the site's status.
const Root = window.location.pathname.startsWith('/backoffice')
  ? (await import('./backoffice/BackofficeApp')).default
  : App;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
