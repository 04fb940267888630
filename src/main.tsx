import { setRequestLanguage } from './api/client';
import { loadCatalogue } from './catalogues';
import { captureAffiliateCode } from './features/account/affiliate';
import { startBootRequests } from './features/home/home-requests';
import { applyTheme, resolveLanguage, storedTheme } from './features/preferences/storage';
import './ui/theme.css';
import './ui/layout/layout.css';

/*
 * The boot is kept small on purpose: on a phone's link it runs a second before the site's code has
 * arrived, and uses that second to ask for what the first screen shows, and for that screen's code,
 * beside the site's code instead of after it (bench/login-speed.ts measures it).
 */
applyTheme(storedTheme());
captureAffiliateCode(window.location.search);
const language = resolveLanguage();
const { pathname } = window.location;
const backoffice = pathname.startsWith('/backoffice');
void loadCatalogue(language).catch(() => {});
if (!backoffice) {
  setRequestLanguage(language);
  startBootRequests(language, pathname);
  if (pathname === '/') void import('./features/home/HomePage');
}
const { start } = await import('./start');
await start(language, backoffice);
