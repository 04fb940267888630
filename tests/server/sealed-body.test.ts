import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../src/api/contract/accounts';
import type { PublicKeyInfo } from '../../src/api/contract/sealed';
import { seal } from '../../src/api/seal';
import { body, createTestContext, databaseKinds, solveHumanCheck, type TestContext } from './harness';

describe.each(databaseKinds)('sealed bodies (enc routes) on %s', (kind) => {
  let ctx: TestContext;
  let key: PublicKeyInfo;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { ENCRYPTED_BODIES: 'required' } });
    key = body<PublicKeyInfo>(await ctx.app.inject({ url: '/api/crypto/public-key' })).value;
  });
  afterAll(() => ctx.close());

  const send = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
    const res = await ctx.app.inject({ method, url, payload: payload as object, remoteAddress: '10.50.0.1' });
    return { status: res.statusCode, ...body<LoginResult>(res) };
  };

  it('publishes an RSA-OAEP-256 key that stays the same across restarts of the app', async () => {
    expect(key).toMatchObject({ alg: 'RSA-OAEP-256', kid: expect.any(String) });
    expect(Buffer.from(key.spki, 'base64').length).toBeGreaterThan(250);
  });

  it('logs in and registers with sealed bodies and refuses the same bodies in plain JSON', async () => {
    const login = {
      username: 'demomember',
      password: 'Demo1234',
      humanCheck: await solveHumanCheck(ctx.app),
    };
    const plain = await send('POST', '/wps/session/login', login);
    expect(plain).toMatchObject({ status: 400, code: 'ENCRYPTION_REQUIRED' });
    const sealed = await send('POST', '/wps/session/login', { enc: await seal(login, key) });
    expect(sealed.status).toBe(200);
    expect(sealed.value.user.account).toBe('demomember');

    const register = {
      username: `sealed${Date.now().toString(36).slice(-6)}`,
      password: 'Secret123',
      confirmPassword: 'Secret123',
      acceptTerms: true,
      humanCheck: await solveHumanCheck(ctx.app),
    };
    const created = await send('PUT', '/wps/member/register', { enc: await seal(register, key) });
    expect(created.status).toBe(200);
    expect(created.value.user.account).toBe(register.username);
  });

  it('validates what is inside, and names tampered, replayed and stale-key bodies', async () => {
    const missing = await send('POST', '/wps/session/login', { enc: await seal({ username: 'x' }, key) });
    expect(missing).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });

    const garbage = await send('POST', '/wps/session/login', {
      enc: { v: 1, kid: key.kid, key: 'AA', iv: 'AA', data: 'AA' },
    });
    expect(garbage).toMatchObject({ status: 400, code: 'SEALED_BODY_INVALID' });
    const malformed = await send('POST', '/wps/session/login', { enc: 'nope' });
    expect(malformed).toMatchObject({ status: 400, code: 'SEALED_BODY_INVALID' });

    const old = await seal({ username: 'demomember', password: 'Demo1234' }, key, Date.now() - 3_600_000);
    expect(await send('POST', '/wps/session/login', { enc: old })).toMatchObject({
      status: 400,
      code: 'SEALED_BODY_INVALID',
    });

    const rotated = await seal({ username: 'demomember' }, { ...key, kid: 'an-older-key' });
    const stale = await send('POST', '/wps/session/login', { enc: rotated });
    expect(stale).toMatchObject({ status: 409, code: 'SEALED_KEY_CHANGED', value: key });
  });

  it('leaves routes that are not enc in plain JSON', async () => {
    const res = await send('POST', '/wps/member/password/email', {
      username: 'nobody1',
      email: 'no@x.example',
    });
    expect(res.code).toBe('ACCOUNT_NOT_FOUND');
  });
});
