import { render } from '@testing-library/react';
import { App } from '../../src/App';
import type { LanguageCode } from '../../src/api/languages';
import { saveLanguage } from '../../src/features/preferences/storage';
import { initI18n } from '../../src/i18n';
import { type FakeServer, installFakeServer } from './fake-server';

/** Renders the whole site at a path against the fake server, as a visitor would open it. */
export async function renderSite(
  path = '/',
  options: { status?: 0 | 1 | 2; lang?: LanguageCode; setup?: (server: FakeServer) => void } = {},
) {
  window.history.pushState({}, '', path);
  const server = installFakeServer({ status: options.status });
  options.setup?.(server);
  // A visitor reading another language than the brand's has chosen it: the site keeps that choice
  // (App's useBrandLanguage would otherwise put the brand's default back once the brand is loaded).
  saveLanguage(options.lang ?? 'pt');
  await initI18n(options.lang ?? 'pt');
  const view = render(<App />);
  return { server, ...view };
}
