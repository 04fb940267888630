import { render } from '@testing-library/react';
import { App } from '../../src/App';
import type { LanguageCode } from '../../src/api/languages';
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
  await initI18n(options.lang ?? 'pt');
  const view = render(<App />);
  return { server, ...view };
}
