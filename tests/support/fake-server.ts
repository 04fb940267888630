import { vi } from 'vitest';
import type { z } from 'zod';
import { endpoints } from '../../src/api/endpoints';
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

type Endpoint = keyof typeof endpoints;
/** What the server answers for an endpoint, as its contract (`endpoints.ts`) types it. */
type ValueOf<N extends Endpoint> = z.input<(typeof endpoints)[N]['value']>;
type Handler<N extends Endpoint> = (url: URL, init: Request) => ValueOf<N>;

/** An endpoint whose answers wait until the test gives them, oldest call first. */
export interface HeldEndpoint<N extends Endpoint> {
  /** How many calls are waiting for an answer. */
  waiting(): number;
  answer(value: ValueOf<N>): void;
  fail(status: number, code: string, message?: string): void;
}

export interface FakeServer {
  calls: Array<{ method: string; path: string; url: URL; body: unknown; language: string | null }>;
  /** Answers an endpoint with a value its contract accepts (checked by type, and by schema at run time). */
  respond<N extends Endpoint>(name: N, handler: Handler<N> | ValueOf<N>): void;
  fail(name: Endpoint, status: number, code: string, message?: string): void;
  /** Holds the endpoint's answers until the test releases them, so a page's waiting state can be seen. */
  hold<N extends Endpoint>(name: N): HeldEndpoint<N>;
}

/** A fixture that drifts from the contract fails the test that uses it, not a page in production. */
function checked<N extends Endpoint>(name: N, value: unknown): unknown {
  const parsed = endpoints[name].value.safeParse(value);
  if (!parsed.success) {
    throw new Error(`fake server: the answer for ${name} breaks its contract: ${parsed.error.message}`);
  }
  return value;
}

const ok = (value: unknown) => ({ success: true, code: 'OK', message: 'OK', value });

/**
 * Stands in for the network in component tests: answers the wire-contract paths with fixtures in the
 * server's envelope, and records every call so tests can assert what the page asked for.
 */
export function installFakeServer(options: { status?: 0 | 1 | 2 } = {}): FakeServer {
  // By method and path: two endpoints may share a path (GET and POST /api/wallet/withdrawals).
  const keyOf = (name: Endpoint) => `${paths[name].method} ${paths[name].path}`;
  const byPath = new Map<
    string,
    | { status: number; body: unknown }
    | { name: Endpoint; handler: (url: URL, init: Request) => unknown }
    | { held: Array<(response: Response) => void> }
  >();
  const set = (name: Endpoint, value: unknown) =>
    byPath.set(keyOf(name), { status: 200, body: ok(checked(name, value)) });
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
      if (typeof handler === 'function') {
        byPath.set(keyOf(name), { name, handler: handler as (url: URL, init: Request) => unknown });
      } else set(name, handler);
    },
    fail(name, status, code, message = code) {
      byPath.set(keyOf(name), { status, body: { success: false, code, message, value: null } });
    },
    hold(name) {
      const held: Array<(response: Response) => void> = [];
      byPath.set(keyOf(name), { held });
      const next = () => {
        const release = held.shift();
        if (!release) throw new Error(`fake server: no call to ${name} is waiting`);
        return release;
      };
      return {
        waiting: () => held.length,
        answer: (value) => next()(Response.json(ok(checked(name, value)))),
        fail: (status, code, message = code) =>
          next()(Response.json({ success: false, code, message, value: null }, { status })),
      };
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
      const entry = byPath.get(`${input.method} ${url.pathname}`);
      if (!entry)
        return Response.json(
          { success: false, code: 'NOT_FOUND', message: 'Not found', value: null },
          { status: 404 },
        );
      if ('held' in entry) return new Promise<Response>((resolve) => entry.held.push(resolve));
      if ('handler' in entry) return Response.json(ok(checked(entry.name, entry.handler(url, input))));
      return Response.json(entry.body, { status: entry.status });
    }),
  );
  return server;
}
