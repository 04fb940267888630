import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  call,
  callEarly,
  earlyAnswer,
  onApiError,
  setAuthToken,
  setRequestLanguage,
} from '../../src/api/client';
import { errorKey } from '../../src/api/errors';

afterEach(() => vi.unstubAllGlobals());

describe('API client', () => {
  it('returns the value of a successful envelope and sends the page language', async () => {
    const fetch = vi.fn(async (_req: Request) =>
      Response.json({ success: true, code: 'OK', message: 'OK', value: [1, 2] }),
    );
    vi.stubGlobal('fetch', fetch);
    setRequestLanguage('en');
    await expect(call('domainRoute')).resolves.toEqual([1, 2]);
    const request = fetch.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/wps/system/domainRoute');
    expect(request.headers.get('x-site-language')).toBe('en');
  });

  it('turns a server error into its stable code and message, and tells listeners', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { success: false, code: 'MAINTENANCE', message: 'Em manutenção', value: null },
        { status: 503 },
      ),
    );
    const seen: string[] = [];
    const stop = onApiError((e) => seen.push(e.code));
    const error = await call('gameMenus').catch((e: unknown) => e);
    stop();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'MAINTENANCE', status: 503, message: 'Em manutenção' });
    expect(seen).toEqual(['MAINTENANCE']);
  });

  it('reports a network failure as NETWORK_ERROR', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call('gameMenus')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it('reports an answer that is not an envelope as UNKNOWN', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>proxy error</html>', { status: 502 }));
    await expect(call('gameMenus')).rejects.toMatchObject({ code: 'UNKNOWN', status: 502 });
  });

  it('maps every code to a catalogue key, unknown codes to the unknown-error message', () => {
    expect(errorKey('RATE_LIMITED')).toBe('errors.RATE_LIMITED');
    expect(errorKey('SOMETHING_NEW')).toBe('errors.UNKNOWN');
  });

  describe('calls started while the page boots', () => {
    const ok = (value: unknown) => Response.json({ success: true, code: 'OK', message: 'OK', value });

    it('answers the first identical call from the early request, and asks again after that', async () => {
      const fetch = vi.fn(async () => ok(['menus']));
      vi.stubGlobal('fetch', fetch);
      void callEarly('hotGames', { query: { platforms: 'html5' } });
      await expect(call('hotGames', { query: { platforms: 'html5' } })).resolves.toEqual(['menus']);
      expect(fetch).toHaveBeenCalledTimes(1);
      await call('hotGames', { query: { platforms: 'html5' } });
      expect(fetch).toHaveBeenCalledTimes(2);
    });

    it('hands an arrived answer to every render that reads it (React may throw one away), until a call takes it', async () => {
      const fetch = vi.fn(async () => ok(['hot']));
      vi.stubGlobal('fetch', fetch);
      const query = { platforms: 'boot-read' };
      expect(earlyAnswer('hotGames', { query })).toBeUndefined();
      await callEarly('hotGames', { query });
      expect(earlyAnswer('hotGames', { query })).toEqual(['hot']);
      expect(earlyAnswer('hotGames', { query })).toEqual(['hot']);
      expect(earlyAnswer('hotGames', { query: { platforms: 'other' } })).toBeUndefined();
      await expect(call('hotGames', { query })).resolves.toEqual(['hot']);
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(earlyAnswer('hotGames', { query })).toBeUndefined();
    });

    it('is not used for another query, nor once the visitor has logged in since', async () => {
      const fetch = vi.fn(async () => ok([]));
      vi.stubGlobal('fetch', fetch);
      void callEarly('hotGames', { query: { platforms: 'html5' } });
      await call('hotGames', { query: { platforms: 'flash' } });
      expect(fetch).toHaveBeenCalledTimes(2);

      void callEarly('gameMenus');
      setAuthToken('member-token');
      await call('gameMenus');
      setAuthToken(null);
      // A member's answer may differ from a guest's: asked again, with the session.
      expect(fetch).toHaveBeenCalledTimes(4);
      const last = fetch.mock.calls[3] as unknown as [Request];
      expect(last[0].headers.get('Authorization')).toBe('Bearer member-token');
    });

    it('tells the site-wide listeners of a failure when the answer is taken, not before', async () => {
      vi.stubGlobal('fetch', async () =>
        Response.json({ success: false, code: 'MAINTENANCE', message: 'x', value: null }, { status: 503 }),
      );
      const seen: string[] = [];
      const early = callEarly('gameMenus');
      await expect(early).resolves.toBeNull();
      const stop = onApiError((e) => seen.push(e.code));
      expect(seen).toEqual([]);
      await expect(call('gameMenus')).rejects.toMatchObject({ code: 'MAINTENANCE' });
      stop();
      expect(seen).toEqual(['MAINTENANCE']);
    });
  });
});
