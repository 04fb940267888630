import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, onApiError, setRequestLanguage } from '../../src/api/client';
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
});
