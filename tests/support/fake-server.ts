import { vi } from 'vitest';
import { paths } from '../../src/api/paths';
import {
  announcementsFixture,
  hotGamesFixture,
  menusFixture,
  statusFixture,
  vendorsFixture,
  whitelabelFixture,
  winnersFixture,
} from './fixtures';

type Handler = (url: URL, init: Request) => unknown;

export interface FakeServer {
  calls: Array<{ method: string; path: string; url: URL; body: unknown; language: string | null }>;
  respond(name: keyof typeof paths, handler: Handler | unknown): void;
  fail(name: keyof typeof paths, status: number, code: string, message?: string): void;
}

const ok = (value: unknown) => ({ success: true, code: 'OK', message: 'OK', value });

/**
 * Stands in for the network in component tests: answers the wire-contract paths with fixtures in the
 * server's envelope, and records every call so tests can assert what the page asked for.
 */
export function installFakeServer(options: { status?: 0 | 1 | 2 } = {}): FakeServer {
  const byPath = new Map<string, { status: number; body: unknown } | Handler>();
  const set = (name: keyof typeof paths, value: unknown) =>
    byPath.set(paths[name].path, { status: 200, body: ok(value) });
  set('systemStatus', statusFixture(options.status ?? 0));
  set('whitelabel', {
    ...whitelabelFixture,
    maintenance: options.status === 1,
    regionRestricted: options.status === 2,
  });
  set('gameMenus', menusFixture);
  set('vendorList', vendorsFixture);
  set('hotGames', hotGamesFixture);
  set('rankList', winnersFixture);
  set('announcements', announcementsFixture);
  set('setLanguage', { language: 'en' });

  const server: FakeServer = {
    calls: [],
    respond(name, handler) {
      if (typeof handler === 'function') byPath.set(paths[name].path, handler as Handler);
      else set(name, handler);
    },
    fail(name, status, code, message = code) {
      byPath.set(paths[name].path, { status, body: { success: false, code, message, value: null } });
    },
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const body =
        input.method === 'GET'
          ? null
          : await input
              .clone()
              .json()
              .catch(() => null);
      server.calls.push({
        method: input.method,
        path: url.pathname,
        url,
        body,
        language: input.headers.get('x-site-language'),
      });
      const entry = byPath.get(url.pathname);
      if (!entry)
        return Response.json(
          { success: false, code: 'NOT_FOUND', message: 'Not found', value: null },
          { status: 404 },
        );
      if (typeof entry === 'function') return Response.json(ok(entry(url, input)));
      return Response.json(entry.body, { status: entry.status });
    }),
  );
  return server;
}
