import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { LoginResult } from '../../../src/api/contract/accounts';
import type { LanguageCode } from '../../../src/api/contract/common';
import {
  type AdminIdentityProvider,
  SIGN_IN_MARKER,
  type SignInProvider,
} from '../../../src/api/contract/identity';
import { DIALING_CODES, MOBILE_PATTERN } from '../../../src/api/countries';
import type { ErrorCode } from '../../../src/api/errors';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { translate } from '../../http/messages';
import type { SecretBox } from '../../lib/secret-box';
import { TtlCache } from '../../lib/ttl-cache';
import type { Brand } from '../brand/brand.service';
import type { IdentityProviderRow, IdentityRepository } from './identity.repository';

type Alongside = (tx: Database) => Promise<void>;
type ProviderPurpose = IdentityProviderRow['purpose'];

/** A sign-in started must come back within ten minutes (spec: single use, ten minutes). */
export const SIGN_IN_TTL_MS = 10 * 60_000;
/** The page trades the callback's cookie for its session within a minute. */
export const COMPLETION_TTL_MS = 60_000;
/** Where the provider sends the browser back: the same on every brand's host. */
export const CALLBACK_PATH = '/api/auth/oidc/callback';
/** Where a phone verification's popup lands: it trades its cookie for the proof and hands it back. */
export const PHONE_VERIFIED_PATH = '/phone-verified';
/** A verified number must be used by a registration within ten minutes. */
export const PHONE_PROOF_TTL_MS = 10 * 60_000;
/** How long a provider's discovery document and keys are kept before being read again. */
const DISCOVERY_TTL_MS = 10 * 60_000;

export interface Caller {
  ip: string;
  userAgent?: string | undefined;
  lang: LanguageCode;
}

/** What the identity module needs of the accounts module (passed in by server/app.ts). */
export interface IdentityMembers {
  create(
    brand: Brand,
    input: { prefix: string; email: string | null; nickname: string | null; affiliateCode: string | null },
    caller: Caller,
  ): Promise<{ id: number }>;
  startSession(brand: Brand, memberId: number, caller: Caller): Promise<LoginResult>;
  isActive(brand: Brand, memberId: number): Promise<boolean>;
}

/** A sign-in that failed: the page it started from and the code it shows, in the visitor's language. */
export class SignInFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly returnTo: string,
    readonly purpose: ProviderPurpose = 'sign-in',
  ) {
    super(code);
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const random = () => randomBytes(32).toString('base64url');

/** A path on this site to come back to; anything else (another origin, `//host`, `/\host`) is `/`. */
export function safeReturnPath(value: string | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  try {
    const url = new URL(value, 'http://site.invalid');
    if (url.origin !== 'http://site.invalid') return '/';
    url.searchParams.delete(SIGN_IN_MARKER.param);
    url.searchParams.delete(SIGN_IN_MARKER.errorParam);
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** The page address with the marker (or an error code) the session reads at start. */
export function withMarker(returnTo: string, error?: ErrorCode): string {
  const url = new URL(safeReturnPath(returnTo), 'http://site.invalid');
  if (error) url.searchParams.set(SIGN_IN_MARKER.errorParam, error);
  else url.searchParams.set(SIGN_IN_MARKER.param, SIGN_IN_MARKER.value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** What a verified email and a display name may be; anything else is left out. */
const EMAIL = /^[^\s@<>"]{1,64}@[^\s@<>"]{1,190}$/;
const cleanName = (value: unknown) =>
  typeof value === 'string'
    ? [...value]
        .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '<' && c !== '>')
        .join('')
        .trim()
        .slice(0, 32) || null
    : null;

/**
 * The `phone_number` claim (E.164, "+5511987654321"; some providers space or dash it) as the site keeps
 * numbers: a dialing code it offers and a national number of 6 to 15 digits. Undefined otherwise.
 */
export function phoneFromClaim(
  value: unknown,
): { countryDialingCode: string; mobileNum: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const compact = value.replace(/[\s().-]/g, '');
  if (!/^\+\d{7,18}$/.test(compact)) return undefined;
  const digits = compact.slice(1);
  const dialing = [...DIALING_CODES]
    .sort((a, b) => b.length - a.length)
    .find((code) => digits.startsWith(code));
  if (!dialing) return undefined;
  const mobileNum = digits.slice(dialing.length);
  return MOBILE_PATTERN.test(mobileNum) ? { countryDialingCode: dialing, mobileNum } : undefined;
}

/**
 * Third-party sign-in through OpenID Connect (spec 4.2), configured per brand: discovery, the
 * authorization request (PKCE S256, state, nonce), the code exchange and the ID token's validation are
 * openid-client's (a certified relying party), never written here. This module keeps the providers, the
 * sign-ins under way (bound to the browser that started them) and which member each provider account is.
 */
export class IdentityService {
  private readonly enabled: TtlCache<{ signIn: SignInProvider[]; phoneVerifier: SignInProvider | null }>;
  private readonly configurations = new Map<
    string,
    { config: Promise<oidc.Configuration>; expires: number }
  >();

  constructor(
    private readonly repo: IdentityRepository,
    private readonly box: SecretBox,
    private readonly members: IdentityMembers,
    private readonly options: {
      /** Plain-http issuers (the demo's local provider, tests); refused in production. */
      allowHttp: boolean;
      cacheMs: number;
      /** The HTTP client openid-client uses (tests watch or alter the provider's answers). */
      fetch?: oidc.CustomFetch;
    },
  ) {
    this.enabled = new TtlCache(options.cacheMs);
  }

  /**
   * The brand's enabled providers (whitelabel): the login and registration buttons, and the one that
   * verifies mobile numbers at registration.
   */
  publicProviders(brandId: number) {
    return this.enabled.get(String(brandId), async () => {
      const usable = (await this.repo.providers(brandId)).filter(
        (p) => p.enabled && this.issuerAllowed(p.issuer),
      );
      const button = (p: IdentityProviderRow) => ({ code: p.code, name: p.displayName });
      // Several enabled: the one the operator changed last verifies.
      const phone = usable
        .filter((p) => p.purpose === 'phone')
        .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
      return {
        signIn: usable.filter((p) => p.purpose === 'sign-in').map(button),
        phoneVerifier: phone ? button(phone) : null,
      };
    });
  }

  private issuerAllowed(issuer: string) {
    try {
      const url = new URL(issuer);
      return url.protocol === 'https:' || (this.options.allowHttp && url.protocol === 'http:');
    } catch {
      return false;
    }
  }

  private configuration(provider: IdentityProviderRow): Promise<oidc.Configuration> {
    const key = `${provider.id}:${provider.updatedAt.getTime()}`;
    const now = Date.now();
    const hit = this.configurations.get(key);
    if (hit && hit.expires > now) return hit.config;
    if (this.configurations.size > 100) this.configurations.clear();
    const config = oidc.discovery(
      new URL(provider.issuer),
      provider.clientId,
      undefined,
      oidc.ClientSecretPost(this.box.open(provider.clientSecretSealed)),
      {
        ...(this.options.allowHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
        ...(this.options.fetch ? { [oidc.customFetch]: this.options.fetch } : {}),
        timeout: 10,
      },
    );
    this.configurations.set(key, { config, expires: now + DISCOVERY_TTL_MS });
    config.catch(() => this.configurations.delete(key));
    return config;
  }

  private async usableProvider(brandId: number, code: string) {
    const provider = await this.repo.provider(brandId, code);
    if (!provider?.enabled || !this.issuerAllowed(provider.issuer)) return undefined;
    return provider;
  }

  /**
   * Starts a sign-in: a state, a nonce and a PKCE verifier kept for ten minutes, bound to the browser's
   * key (its HttpOnly cookie; a new one when it has none). Answers the provider's address to go to.
   */
  async start(
    brand: Brand,
    code: string,
    input: {
      origin: string;
      lang: LanguageCode;
      returnTo?: string | undefined;
      affiliateCode?: string | undefined;
    },
    browserKey: string | undefined,
  ): Promise<{ url: string; browserKey: string }> {
    const provider = await this.usableProvider(brand.id, code.toLowerCase());
    const purpose = provider?.purpose ?? 'sign-in';
    // A phone verification always ends on its popup's page, whatever the address asked for.
    const returnTo = purpose === 'phone' ? PHONE_VERIFIED_PATH : safeReturnPath(input.returnTo);
    if (!provider) throw new SignInFailure('SIGN_IN_PROVIDER_NOT_FOUND', returnTo);
    const config = await this.configuration(provider).catch(() => {
      throw new SignInFailure('SIGN_IN_PROVIDER_ERROR', returnTo, purpose);
    });
    const key = browserKey ?? random();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    const redirectUri = `${input.origin}${CALLBACK_PATH}`;
    await this.repo.createSignIn({
      brandId: brand.id,
      providerId: provider.id,
      stateHash: sha256(state),
      browserHash: sha256(key),
      nonce,
      codeVerifierSealed: this.box.seal(verifier),
      redirectUri,
      returnTo,
      affiliateCode: input.affiliateCode?.trim() || null,
      expiresAt: new Date(Date.now() + SIGN_IN_TTL_MS),
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: scopesFor(provider),
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      // The provider's pages in the visitor's language, where it can.
      ui_locales: input.lang === 'en' ? 'en' : 'pt-BR',
    });
    return { url: url.href, browserKey: key };
  }

  /**
   * The provider's answer: the state must be one this browser started (its cookie), unused and within ten
   * minutes; openid-client exchanges the code with the verifier and validates the ID token (signature,
   * issuer, audience, expiry, nonce). The member linked to (provider, subject), or a new one; never an
   * existing account found by email. Answers the page to go back to and the single-use completion code.
   */
  async callback(
    brand: Brand,
    query: Record<string, string | undefined>,
    browserKey: string | undefined,
    caller: Caller,
  ): Promise<{ returnTo: string; completion: string; purpose: ProviderPurpose }> {
    const state = query.state;
    const signIn = state ? await this.repo.takeSignIn(sha256(state)) : undefined;
    if (!signIn || signIn.brandId !== brand.id) throw new SignInFailure('SIGN_IN_STATE_INVALID', '/');
    const { returnTo } = signIn;
    const purpose: ProviderPurpose = returnTo === PHONE_VERIFIED_PATH ? 'phone' : 'sign-in';
    const fail = (code: ErrorCode) => new SignInFailure(code, returnTo, purpose);
    // Login CSRF: a callback reached from another browser (a link someone was sent) is refused.
    if (!browserKey || sha256(browserKey) !== signIn.browserHash) throw fail('SIGN_IN_STATE_INVALID');
    if (signIn.expiresAt.getTime() <= Date.now()) throw fail('SIGN_IN_EXPIRED');
    if (query.error)
      throw fail(query.error === 'access_denied' ? 'SIGN_IN_DENIED' : 'SIGN_IN_PROVIDER_ERROR');
    const provider = await this.repo.providerById(signIn.providerId);
    if (!provider?.enabled || !this.issuerAllowed(provider.issuer)) throw fail('SIGN_IN_PROVIDER_NOT_FOUND');
    const config = await this.configuration(provider).catch(() => {
      throw fail('SIGN_IN_PROVIDER_ERROR');
    });

    // The address the provider sent the browser to: the registered redirect URI and the answer's query.
    const current = new URL(signIn.redirectUri);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) current.searchParams.set(name, value);
    }
    let claims: oidc.IDToken;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: this.box.open(signIn.codeVerifierSealed),
        expectedState: state,
        expectedNonce: signIn.nonce,
        idTokenExpected: true,
      });
      const found = tokens.claims();
      if (!found) throw fail('SIGN_IN_TOKEN_INVALID');
      claims = found;
    } catch (error) {
      if (error instanceof SignInFailure) throw error;
      throw fail(tokenFailure(error));
    }

    if (purpose === 'phone' || provider.purpose === 'phone') {
      // Only a number the provider says it verified, in a country the site offers.
      const phone = claims.phone_number_verified === true ? phoneFromClaim(claims.phone_number) : undefined;
      if (purpose !== 'phone' || provider.purpose !== 'phone' || !phone) throw fail('PHONE_NOT_VERIFIED');
      const completion = random();
      await this.repo.phoneVerified(
        signIn.id,
        `${phone.countryDialingCode}${phone.mobileNum}`,
        sha256(completion),
        COMPLETION_TTL_MS,
      );
      return { returnTo, completion, purpose };
    }

    let memberId = await this.repo.linkedMember(provider.id, claims.sub);
    if (memberId === undefined) {
      const email =
        claims.email_verified === true && typeof claims.email === 'string' && EMAIL.test(claims.email)
          ? claims.email.toLowerCase()
          : null;
      const created = await this.members.create(
        brand,
        {
          // 'google', 'facebook', 'aurora' (from aurora-demo): a safe prefix, then 8 digits.
          prefix: (provider.code.split('-')[0] ?? '').replace(/[^a-z]/g, '').slice(0, 8) || 'id',
          email,
          nickname: cleanName(claims.name) ?? cleanName(claims.preferred_username),
          affiliateCode: signIn.affiliateCode,
        },
        caller,
      );
      memberId = await this.repo.link(provider.id, claims.sub, created.id);
    }
    if (!(await this.members.isActive(brand, memberId))) throw fail('ACCOUNT_DISABLED');
    const completion = random();
    await this.repo.signedIn(signIn.id, memberId, sha256(completion), COMPLETION_TTL_MS);
    return { returnTo, completion, purpose };
  }

  /**
   * The popup trades the callback's cookie for the proof of the verified number, once, within a minute:
   * the number to show (and lock) in the registration form, and the proof it sends as `firebaseIdToken`.
   */
  async phoneProof(
    brand: Brand,
    completion: string | undefined,
  ): Promise<{ countryDialingCode: string; mobileNum: string; proof: string; verifiedBy: string }> {
    const proof = random();
    const issued = completion
      ? await this.repo.issuePhoneProof(sha256(completion), brand.id, sha256(proof), PHONE_PROOF_TTL_MS)
      : undefined;
    if (!issued) throw new AppError('SIGN_IN_EXPIRED');
    const provider = await this.repo.providerById(issued.providerId);
    const phone = phoneFromClaim(`+${issued.phone}`)!;
    return { ...phone, proof, verifiedBy: provider?.displayName ?? '' };
  }

  /**
   * A registration spends the proof of its number (spec 4.3: `firebaseChannel` sms, `firebaseIdToken`):
   * once, on this brand, within ten minutes, and only for the number verified.
   */
  async spendPhoneProof(brand: Brand, proof: string, countryDialingCode: string, mobileNum: string) {
    const spent = await this.repo.spendPhoneProof(
      sha256(proof),
      brand.id,
      `${countryDialingCode}${mobileNum}`,
    );
    if (!spent) throw new AppError('PHONE_PROOF_INVALID');
  }

  /** The page trades the completion cookie for its session, once, within a minute. */
  async complete(brand: Brand, completion: string | undefined, caller: Caller): Promise<LoginResult> {
    const memberId = completion ? await this.repo.redeemCompletion(sha256(completion), brand.id) : undefined;
    if (memberId === undefined) throw new AppError('SIGN_IN_EXPIRED');
    return this.members.startSession(brand, memberId, caller);
  }

  purgeOld() {
    return this.repo.purgeOld();
  }

  // The back office (server/modules/backoffice/identity-admin.service.ts).

  private view(row: IdentityProviderRow, origin: string): AdminIdentityProvider {
    return {
      code: row.code,
      displayName: row.displayName,
      issuer: row.issuer,
      clientId: row.clientId,
      scopes: row.scopes,
      enabled: row.enabled,
      purpose: row.purpose,
      secretSet: row.clientSecretSealed.length > 0,
      redirectUri: `${origin}${CALLBACK_PATH}`,
      updatedAt: row.updatedAt.getTime(),
    };
  }

  async adminList(brandId: number, origin: string): Promise<AdminIdentityProvider[]> {
    return (await this.repo.providers(brandId)).map((row) => this.view(row, origin));
  }

  /**
   * Adds or edits a provider. `audit` gets what it was and what it is (never the secret) and writes its
   * row in the same transaction.
   */
  async save(
    brandId: number,
    body: {
      code: string;
      displayName: string;
      issuer: string;
      clientId: string;
      clientSecret?: string | undefined;
      scopes: string;
      enabled: boolean;
      purpose: ProviderPurpose;
    },
    origin: string,
    lang: LanguageCode,
    audit: (before: AdminIdentityProvider | null, after: AdminIdentityProvider) => Alongside,
  ): Promise<AdminIdentityProvider> {
    if (!this.issuerAllowed(body.issuer)) throw new AppError('IDENTITY_PROVIDER_HTTPS');
    const existing = await this.repo.provider(brandId, body.code);
    const fields = {
      displayName: body.displayName,
      issuer: body.issuer.replace(/\/+$/, ''),
      clientId: body.clientId,
      scopes: body.scopes,
      enabled: body.enabled,
      purpose: body.purpose,
    };
    let saved: IdentityProviderRow | undefined;
    if (!existing) {
      if (!body.clientSecret) {
        const message = translate(lang, 'validation.required');
        throw new AppError('VALIDATION_FAILED', {}, { issues: [{ path: 'body.clientSecret', message }] });
      }
      const row = {
        brandId,
        code: body.code,
        ...fields,
        clientSecretSealed: this.box.seal(body.clientSecret),
      };
      saved = await this.repo.insertProvider(row, (tx) =>
        audit(null, this.view({ ...row, id: 0, createdAt: new Date(), updatedAt: new Date() }, origin))(tx),
      );
      if (!saved) throw new AppError('IDENTITY_PROVIDER_CODE_TAKEN');
    } else {
      const set = {
        ...fields,
        ...(body.clientSecret ? { clientSecretSealed: this.box.seal(body.clientSecret) } : {}),
      };
      saved = await this.repo.updateProvider(brandId, body.code, set, (tx) =>
        audit(this.view(existing, origin), { ...this.view({ ...existing, ...set }, origin) })(tx),
      );
    }
    this.enabled.clear();
    return this.view(saved!, origin);
  }

  async setEnabled(
    brandId: number,
    code: string,
    enabled: boolean,
    origin: string,
    audit: (before: AdminIdentityProvider, after: AdminIdentityProvider) => Alongside,
  ): Promise<AdminIdentityProvider> {
    const existing = await this.repo.provider(brandId, code);
    if (!existing) throw new AppError('SIGN_IN_PROVIDER_NOT_FOUND');
    const saved = await this.repo.updateProvider(brandId, code, { enabled }, (tx) =>
      audit(this.view(existing, origin), this.view({ ...existing, enabled }, origin))(tx),
    );
    this.enabled.clear();
    return this.view(saved!, origin);
  }
}

/** The provider's scopes, with `openid` always, and `phone` for a phone verifier (its claims). */
function scopesFor(provider: IdentityProviderRow) {
  const scopes = new Set(['openid', ...provider.scopes.split(' ').filter(Boolean)]);
  if (provider.purpose === 'phone') scopes.add('phone');
  return [...scopes].join(' ');
}

/** Which code a failed exchange or ID-token check shows. */
function tokenFailure(error: unknown): ErrorCode {
  if (error instanceof oidc.AuthorizationResponseError) {
    return error.error === 'access_denied' ? 'SIGN_IN_DENIED' : 'SIGN_IN_PROVIDER_ERROR';
  }
  // The token endpoint refused the code (reused, expired, wrong verifier): the provider's answer.
  if (error instanceof oidc.ResponseBodyError) return 'SIGN_IN_PROVIDER_ERROR';
  // openid-client's checks of the answer and the ID token (signature, iss, aud, exp, nonce, state).
  if (error instanceof oidc.ClientError || (error as { code?: string })?.code?.startsWith?.('OAUTH_')) {
    return (error as { code?: string }).code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
      (error as { code?: string }).code === 'OAUTH_RESPONSE_BODY_ERROR'
      ? 'SIGN_IN_PROVIDER_ERROR'
      : 'SIGN_IN_TOKEN_INVALID';
  }
  return 'SIGN_IN_PROVIDER_ERROR';
}
