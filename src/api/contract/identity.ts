import { z } from 'zod';

/**
 * Third-party sign-in through OpenID Connect (spec 4.2: Google, Facebook...), configured per brand.
 * The browser leaves for GET /api/auth/oidc/<code>/start and comes back to the page it left with
 * `?signin=external` (or `?signin_error=<code>`); the page then trades the HttpOnly cookie the callback
 * set for its session with POST /api/auth/oidc/complete.
 */

/** A provider's code: in the start address and in the back office. */
export const identityProviderCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{1,31}$/);

/** `sign-in`: a login button; `phone`: verifies mobile numbers at registration (its `phone` claims). */
export const identityProviderPurpose = z.enum(['sign-in', 'phone']);
export type IdentityProviderPurpose = z.infer<typeof identityProviderPurpose>;

/**
 * A phone verification that came back (POST /api/auth/oidc/phone, from its popup): the number the
 * provider verified and the single-use proof the registration sends as `firebaseIdToken`.
 */
export const phoneProof = z.object({
  countryDialingCode: z.string(),
  mobileNum: z.string(),
  proof: z.string(),
  /** The provider's name, for "verified by ...". */
  verifiedBy: z.string(),
});
export type PhoneProof = z.infer<typeof phoneProof>;

/** Where the popup's page tells the registration form (same origin only) how the verification ended. */
export const PHONE_VERIFICATION_CHANNEL = 'phone-verification';
export const PHONE_ERROR_PARAM = 'phone_error';

/** What the whitelabel publishes of a brand's enabled providers: the button's code and name. */
export const signInProvider = z.object({ code: z.string(), name: z.string() });
export type SignInProvider = z.infer<typeof signInProvider>;

/** The query of the start address: where to come back to and the affiliate code a registration carries. */
export const oidcStartQuery = z.object({
  returnTo: z.string().max(512).optional(),
  affiliateCode: z.string().trim().max(32).optional(),
});

/** The provider's answer at the callback (RFC 6749 4.1.2, 4.1.2.1; RFC 9207 `iss`). */
export const oidcCallbackQuery = z.object({
  state: z.string().max(512).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
  iss: z.string().max(1024).optional(),
});

/** The page's marker after a callback: the session waits in an HttpOnly cookie, never in the address. */
export const SIGN_IN_MARKER = { param: 'signin', value: 'external', errorParam: 'signin_error' } as const;

/** A provider as the back office lists it; the client secret is write-only and never sent back. */
export const adminIdentityProvider = z.object({
  code: z.string(),
  displayName: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  scopes: z.string(),
  enabled: z.boolean(),
  purpose: identityProviderPurpose,
  /** A client secret is stored (sealed). */
  secretSet: z.boolean(),
  /** The address to register at the provider as this brand's redirect URI. */
  redirectUri: z.string(),
  updatedAt: z.number().int(),
});
export type AdminIdentityProvider = z.infer<typeof adminIdentityProvider>;

/** Adds a provider, or edits the one with this code. The secret is required to add, optional to edit. */
export const saveIdentityProviderBody = z.object({
  code: identityProviderCode,
  displayName: z.string().trim().min(1).max(40),
  issuer: z.string().trim().url().max(300),
  clientId: z.string().trim().min(1).max(300),
  clientSecret: z.string().min(1).max(1000).optional(),
  scopes: z
    .string()
    .trim()
    .max(300)
    .regex(/^[\w:./-]+( [\w:./-]+)*$/)
    .default('openid email profile'),
  enabled: z.boolean().default(true),
  purpose: identityProviderPurpose.default('sign-in'),
});
export type SaveIdentityProviderBody = z.input<typeof saveIdentityProviderBody>;

export const identityProviderEnabledBody = z.object({ code: identityProviderCode, enabled: z.boolean() });
