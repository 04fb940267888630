import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identitySignIns, members } from '../../server/db/schema';
import { phoneFromClaim } from '../../server/modules/identity/identity.service';
import { paths } from '../../src/api/paths';
import { startTestProvider, type TestUser, walkProvider } from '../support/oidc-test-provider';
import { createTestContext, databaseKinds, newOperator, solveHumanCheck, type TestContext } from './harness';

const SITE = 'http://localhost';
const CALLBACK = `${SITE}${paths.oidcCallback.path}`;
const CLIENT = {
  clientId: 'aurora-phone-site',
  secret: 'client-secret-for-phone-tests-0123456789',
  redirectUris: [CALLBACK],
};
const startPath = (code: string) => paths.oidcStart.path.replace(':provider', code);

function cookie(res: { headers: Record<string, unknown> }, name: string) {
  const raw = res.headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const line = lines.find((l: string) => l.startsWith(`${name}=`));
  return line?.split(';')[0]?.slice(name.length + 1);
}

describe('phone numbers parsed from the provider (E.164)', () => {
  it('splits a number the site offers into its dialing code and national number', () => {
    expect(phoneFromClaim('+5511987654321')).toEqual({ countryDialingCode: '55', mobileNum: '11987654321' });
    expect(phoneFromClaim('+55 (11) 98765-4321')).toEqual({
      countryDialingCode: '55',
      mobileNum: '11987654321',
    });
    // Portugal's 351 wins over a shorter code that is not offered; the US's 1 is offered.
    expect(phoneFromClaim('+351912345678')).toEqual({ countryDialingCode: '351', mobileNum: '912345678' });
    expect(phoneFromClaim('+12025550123')).toEqual({ countryDialingCode: '1', mobileNum: '2025550123' });
  });

  it('refuses what is not a number the site can keep', () => {
    for (const bad of [
      undefined,
      42,
      '',
      '5511987654321',
      '+',
      '+49 151 2345678',
      '+55 123',
      'tel:+5511987654321',
    ])
      expect(phoneFromClaim(bad)).toBeUndefined();
  });
});

describe.each(databaseKinds)('mobile verification by the brand phone provider on %s', (kind) => {
  let ctx: TestContext;
  let op: Awaited<ReturnType<typeof startTestProvider>>;
  let admin: string;
  let seq = 0;
  const number = () => `3197${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(4, '0')}`;

  beforeAll(async () => {
    op = await startTestProvider(CLIENT);
    ctx = await createTestContext(kind);
    admin = (await newOperator(ctx, 'admin')).token;
    const saved = await ctx.call('saveIdentityProvider', {
      token: admin,
      body: {
        code: 'phone-op',
        displayName: 'Phone ID',
        issuer: op.issuer,
        clientId: CLIENT.clientId,
        clientSecret: CLIENT.secret,
        scopes: 'openid',
        purpose: 'phone',
      },
    });
    expect(saved.code).toBe('OK');
    expect(saved.value.purpose).toBe('phone');
  });
  afterAll(async () => {
    await ctx?.close();
    await op?.close();
  });

  /** The popup's walk: start, the provider, the callback, then the page trading its cookie for the proof. */
  async function verify(user: TestUser | 'deny') {
    op.next = user;
    const started = await ctx.app.inject({
      url: `${startPath('phone-op')}?returnTo=/register`,
      headers: { host: 'localhost' },
    });
    expect(started.statusCode).toBe(303);
    const browserKey = cookie(started, 'oidc_browser')!;
    const to = new URL(started.headers.location as string);
    // The provider is asked for the phone claims, whatever scopes the operator typed.
    expect(to.searchParams.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['openid', 'phone']));
    const back = new URL(await walkProvider(to.href, CALLBACK));
    const res = await ctx.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { host: 'localhost', cookie: `oidc_browser=${browserKey}` },
    });
    const done = cookie(res, 'oidc_done');
    const proof = await ctx.call('oidcPhoneProof', {
      headers: { host: 'localhost', ...(done ? { cookie: `oidc_done=${done}` } : {}) },
    });
    return { res, done, proof };
  }

  const registration = async (mobileNum: string, extra: Record<string, unknown>) => ({
    mobileNum,
    countryDialingCode: '55',
    password: 'Mobile1234',
    confirmPassword: 'Mobile1234',
    acceptTerms: true as const,
    humanCheck: await solveHumanCheck(ctx.app),
    ...extra,
  });

  it('publishes the verifier apart from the sign-in buttons', async () => {
    const wl = (await ctx.call('whitelabel')).value;
    expect(wl.phoneVerifier).toEqual({ code: 'phone-op', name: 'Phone ID' });
    expect(wl.signIn.map((p) => p.code)).not.toContain('phone-op');
  });

  it('registers by mobile with the proof instead of an SMS code; the proof is single use', async () => {
    const mobile = number();
    const { res, proof } = await verify({
      sub: `phone-${mobile}`,
      phone_number: `+55${mobile}`,
      phone_number_verified: true,
    });
    // The popup's own page, never the sign-in marker the session would take for a login.
    expect(res.headers.location).toBe('/phone-verified');
    expect(proof.code).toBe('OK');
    expect(proof.value).toMatchObject({
      countryDialingCode: '55',
      mobileNum: mobile,
      verifiedBy: 'Phone ID',
    });

    const body = await registration(mobile, { firebaseChannel: 'sms', firebaseIdToken: proof.value.proof });
    const made = await ctx.call('registerMobile', { body, ip: '10.77.1.1' });
    expect(made.code).toBe('OK');
    expect(made.value.user).toMatchObject({ account: mobile, mobile });

    // Spent: another registration cannot use it, even for a fresh number.
    const other = number();
    const again = await ctx.call('registerMobile', {
      body: await registration(other, { firebaseChannel: 'sms', firebaseIdToken: proof.value.proof }),
      ip: '10.77.1.2',
    });
    expect(again.code).toBe('PHONE_PROOF_INVALID');
    const rows = await ctx.handle.db.select().from(members).where(eq(members.username, other));
    expect(rows).toHaveLength(0);
  });

  it('refuses the proof for another number than the one verified, and leaves it usable for its own', async () => {
    const verified = number();
    const { proof } = await verify({
      sub: `phone-${verified}`,
      phone_number: `+55${verified}`,
      phone_number_verified: true,
    });
    const someoneElse = number();
    const refused = await ctx.call('registerMobile', {
      body: await registration(someoneElse, { firebaseChannel: 'sms', firebaseIdToken: proof.value.proof }),
      ip: '10.77.2.1',
      language: 'en',
    });
    expect(refused.code).toBe('PHONE_PROOF_INVALID');
    expect(refused.message).toMatch(/another number/);
    const own = await ctx.call('registerMobile', {
      body: await registration(verified, { firebaseChannel: 'sms', firebaseIdToken: proof.value.proof }),
      ip: '10.77.2.2',
    });
    expect(own.code).toBe('OK');
  });

  it('refuses an expired proof, and a registration with neither a code nor a proof', async () => {
    const mobile = number();
    const { proof } = await verify({
      sub: `phone-${mobile}`,
      phone_number: `+55${mobile}`,
      phone_number_verified: true,
    });
    await ctx.handle.db
      .update(identitySignIns)
      .set({ proofExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(identitySignIns.verifiedPhone, `55${mobile}`));
    const expired = await ctx.call('registerMobile', {
      body: await registration(mobile, { firebaseChannel: 'sms', firebaseIdToken: proof.value.proof }),
      ip: '10.77.3.1',
    });
    expect(expired.code).toBe('PHONE_PROOF_INVALID');
    const neither = await ctx.call('registerMobile', {
      body: await registration(mobile, {}),
      ip: '10.77.3.2',
    });
    expect(neither.code).toBe('VALIDATION_FAILED');
  });

  it('verifies nothing when the provider does not say the number is verified, or gives none', async () => {
    const mobile = number();
    const unverified = await verify({
      sub: `phone-${mobile}`,
      phone_number: `+55${mobile}`,
      phone_number_verified: false,
    });
    expect(unverified.res.headers.location).toBe('/phone-verified?phone_error=PHONE_NOT_VERIFIED');
    expect(unverified.done).toBeUndefined();
    expect(unverified.proof.code).toBe('SIGN_IN_EXPIRED');

    const none = await verify({ sub: 'phone-nobody' });
    expect(none.res.headers.location).toBe('/phone-verified?phone_error=PHONE_NOT_VERIFIED');
    const abroad = await verify({
      sub: 'phone-de',
      phone_number: '+4915123456789',
      phone_number_verified: true,
    });
    expect(abroad.res.headers.location).toBe('/phone-verified?phone_error=PHONE_NOT_VERIFIED');
    const declined = await verify('deny');
    expect(declined.res.headers.location).toBe('/phone-verified?phone_error=SIGN_IN_DENIED');
  });

  it('trades the popup cookie for a proof once', async () => {
    const mobile = number();
    const first = await verify({
      sub: `phone-${mobile}`,
      phone_number: `+55${mobile}`,
      phone_number_verified: true,
    });
    expect(first.proof.code).toBe('OK');
    const again = await ctx.call('oidcPhoneProof', {
      headers: { host: 'localhost', cookie: `oidc_done=${first.done}` },
    });
    expect(again.code).toBe('SIGN_IN_EXPIRED');
  });

  it('lets a username registration prove its mobile number too', async () => {
    const mobile = number();
    const { proof } = await verify({
      sub: `phone-${mobile}`,
      phone_number: `+55${mobile}`,
      phone_number_verified: true,
    });
    const username = `ph${String(process.pid % 1000).padStart(3, '0')}u${seq}`;
    const made = await ctx.call('register', {
      body: {
        username,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        acceptTerms: true,
        humanCheck: await solveHumanCheck(ctx.app),
        mobileNum: mobile,
        countryDialingCode: '55',
        firebaseChannel: 'sms',
        firebaseIdToken: proof.value.proof,
      } as never,
      ip: '10.77.4.1',
    });
    expect(made.code).toBe('OK');
    const [row] = await ctx.handle.db.select().from(members).where(eq(members.username, username));
    expect(row).toMatchObject({ mobile, countryDialingCode: '55' });
  });

  it('keeps a phone verifier off the sign-in route: it never signs anybody in', async () => {
    const mobile = number();
    op.next = { sub: `phone-${mobile}-2`, phone_number: `+55${mobile}`, phone_number_verified: true };
    const started = await ctx.app.inject({ url: startPath('phone-op'), headers: { host: 'localhost' } });
    const back = new URL(await walkProvider(started.headers.location as string, CALLBACK));
    const res = await ctx.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { host: 'localhost', cookie: `oidc_browser=${cookie(started, 'oidc_browser')}` },
    });
    const session = await ctx.call('oidcComplete', {
      headers: { host: 'localhost', cookie: `oidc_done=${cookie(res, 'oidc_done')}` },
    });
    expect(session.code).toBe('SIGN_IN_EXPIRED');
  });
});
