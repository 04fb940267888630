import { afterEach, describe, expect, it, vi } from 'vitest';
import { BodyCipher, newBodyKey } from '../../server/http/body-cipher';
import { call } from '../../src/api/client';

afterEach(() => vi.unstubAllGlobals());

const ok = (value: unknown) => Response.json({ success: true, code: 'OK', message: 'OK', value });

/** A server that answers the key route with `current` and opens login bodies with it. */
function fakeServer(keys: { current: BodyCipher }, seen: unknown[]) {
  return vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/crypto/public-key') return ok(keys.current.info);
    const body = (await request.json()) as { enc?: unknown };
    seen.push(body);
    try {
      return ok({ opened: keys.current.open(body.enc) });
    } catch (error) {
      const code = (error as { code: string }).code;
      return Response.json({ success: false, code, message: code, value: null }, { status: 409 });
    }
  });
}

describe('sealed bodies of enc routes', () => {
  const first = new BodyCipher(newBodyKey());

  it('seal the login body so only the server can read it; other routes stay plain', async () => {
    const seen: unknown[] = [];
    vi.stubGlobal('fetch', fakeServer({ current: first }, seen));
    const login = { username: 'demomember', password: 'Demo1234' };
    await expect(call('login', { body: login as never })).resolves.toEqual({ opened: login });
    expect(JSON.stringify(seen[0])).not.toContain('Demo1234');
    expect(seen[0]).toMatchObject({ enc: { v: 1, kid: first.info.kid } });

    await call('forgotByEmail', { body: { username: 'a', email: 'b' } as never }).catch(() => {});
    expect(seen[1]).toEqual({ username: 'a', email: 'b' });
  });

  it('fetch the new key and seal again once when the server key changed', async () => {
    const seen: unknown[] = [];
    const keys = { current: first };
    const fetch = fakeServer(keys, seen);
    vi.stubGlobal('fetch', fetch);
    await call('login', { body: { username: 'x' } as never });
    keys.current = new BodyCipher(newBodyKey());
    await expect(call('login', { body: { username: 'y' } as never })).resolves.toEqual({
      opened: { username: 'y' },
    });
    expect(seen).toHaveLength(3);
  });

  it('refuse a body replayed long after it was sealed, and one tampered with', async () => {
    const { seal } = await import('../../src/api/seal');
    const old = await seal({ a: 1 }, first.info, Date.now() - 10 * 60_000);
    expect(() => first.open(old)).toThrow(expect.objectContaining({ code: 'SEALED_BODY_INVALID' }));
    const fresh = await seal({ a: 1 }, first.info);
    expect(first.open(fresh)).toEqual({ a: 1 });
    const flipped = Buffer.from(fresh.data, 'base64');
    flipped[0]! ^= 1;
    expect(() => first.open({ ...fresh, data: flipped.toString('base64') })).toThrow(
      expect.objectContaining({ code: 'SEALED_BODY_INVALID' }),
    );
  });
});
