import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import type { LanguageCode } from './api/languages';
import { initI18n } from './i18n';
import { setUpInspector } from './machines/inspect';
import { preloadScreenOf } from './routes';

/**
 * The code of the screen the site opens on, so that it renders in the same commit as the layout. It was
 * asked for at boot beside the site's code and is a small part of it, so waiting costs nothing; a stalled
 * file does not hold the whole site back though: after 2 s the site renders with the screen's loading step.
 */
const screenCode = (pathname: string) =>
  Promise.race([preloadScreenOf(pathname), new Promise((resolve) => setTimeout(resolve, 2000))]);

/** Renders the site (or the back office) once the visitor's catalogue is loaded. */
export async function start(language: LanguageCode, backoffice: boolean) {
  await Promise.all([
    initI18n(language),
    setUpInspector(window.location.search),
    backoffice || screenCode(window.location.pathname),
  ]);
  // The back office is its own application: loaded only there, and reachable whatever the site's status.
  // The back office's preview frame shows a draft with the site's components, and nothing else.
  const Root = !backoffice
    ? App
    : window.location.pathname === '/backoffice/preview'
      ? (await import('./backoffice/content-preview-page')).default
      : (await import('./backoffice/BackofficeApp')).default;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}
