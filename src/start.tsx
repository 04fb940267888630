import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import type { LanguageCode } from './api/languages';
import { initI18n } from './i18n';
import { setUpInspector } from './machines/inspect';

/** Renders the site (or the back office) once the visitor's catalogue is loaded. */
export async function start(language: LanguageCode, backoffice: boolean) {
  await Promise.all([initI18n(language), setUpInspector(window.location.search)]);
  // The back office is its own application: loaded only there, and reachable whatever the site's status.
  const Root = backoffice ? (await import('./backoffice/BackofficeApp')).default : App;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}
