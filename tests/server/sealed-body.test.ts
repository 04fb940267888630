import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKeyInfo } from '../../src/api/contract/sealed';
import type { endpoints } from '../../src/api/endpoints';
import { seal } from '../../src/api/seal';
import { createTestContext, databaseKinds, solveHumanCheck, type TestContext } from './harness';

describe.each(databaseKinds)('sealed bodies (enc routes) on %s', (kind) => {
  let ctx: TestContext;
  let key: PublicKeyInfo;
  /** A member registered with a sealed body (a plain one is refused here, so newMember cannot make it). */
  const member = { username: `sealed${process.pid % 1000}m`, password: 'Secret123' };
  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { ENCRYPTED_BODIES: 'required' } });
    key = (await ctx.call('publicKey')).value;
    const registration = {
      username: member.username,
      password: member.password,
      confirmPassword: member.password,
      acceptTerms: true,
      humanCheck: await solveHumanCheck(ctx.app),
    };
    expect((await send('register', { enc: await seal(registration, key) })).status).toBe(200);
  });
  afterAll(() => ctx.close());

  /** The bodies here are sealed envelopes (or broken ones on purpose), not the contract's plain bodies. */
  const send = (name: keyof typeof endpoints, payload: unknown) =>
    ctx.call(name as 'login', { ip: '10.50.0.1', body: payload as never });

  it('publishes an RSA-OAEP-256 key that stays the same across restarts of the app', async () => {
    expect(key).toMatchObject({ alg: 'RSA-OAEP-256', kid: expect.any(String) });
    expect(Buffer.from(key.spki, 'base64').length).toBeGreaterThan(250);
  });

  it('logs in and registers with sealed bodies and refuses the same bodies in plain JSON', async () => {
    const login = {
      username: member.username,
      password: member.password,
      humanCheck: await solveHumanCheck(ctx.app),
    };
    const plain = await send('login', login);
    expect(plain).toMatchObject({ status: 400, code: 'ENCRYPTION_REQUIRED' });
    const sealed = await send('login', { enc: await seal(login, key) });
    expect(sealed.status).toBe(200);
    expect(sealed.value.user.account).toBe(member.username);

    const register = {
      username: `sealed${Date.now().toString(36).slice(-6)}`,
      password: 'Secret123',
      confirmPassword: 'Secret123',
      acceptTerms: true,
      humanCheck: await solveHumanCheck(ctx.app),
    };
    expect((await send('register', register)).code).toBe('ENCRYPTION_REQUIRED');
    const created = await send('register', { enc: await seal(register, key) });
    expect(created.status).toBe(200);
    expect(created.value.user.account).toBe(register.username);
  });

  it('validates what is inside, and names tampered, replayed and stale-key bodies', async () => {
    const missing = await send('login', { enc: await seal({ username: 'x' }, key) });
    expect(missing).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });

    const garbage = await send('login', {
      enc: { v: 1, kid: key.kid, key: 'AA', iv: 'AA', data: 'AA' },
    });
    expect(garbage).toMatchObject({ status: 400, code: 'SEALED_BODY_INVALID' });
    const malformed = await send('login', { enc: 'nope' });
    expect(malformed).toMatchObject({ status: 400, code: 'SEALED_BODY_INVALID' });

    const old = await seal(
      { username: member.username, password: member.password },
      key,
      Date.now() - 3_600_000,
    );
    expect(await send('login', { enc: old })).toMatchObject({
      status: 400,
      code: 'SEALED_BODY_INVALID',
    });

    const rotated = await seal({ username: member.username }, { ...key, kid: 'an-older-key' });
    const stale = await send('login', { enc: rotated });
    expect(stale).toMatchObject({ status: 409, code: 'SEALED_KEY_CHANGED', value: key });
  });

  it('leaves routes that are not enc in plain JSON', async () => {
    const res = await send('forgotByEmail', {
      username: 'nobody1',
      email: 'no@x.example',
    });
    expect(res.code).toBe('ACCOUNT_NOT_FOUND');
  });
});
