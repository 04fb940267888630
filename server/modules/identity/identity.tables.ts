import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../accounts/accounts.tables';
import { brands } from '../brand/brand.tables';

/**
 * A brand's third-party sign-in providers (spec 4.2: Google, Facebook...), each a standard OpenID Connect
 * issuer this site is a registered client of. The client secret is sealed with the installation's
 * SecretBox and never leaves the server.
 */
export const identityProviders = pgTable(
  'identity_providers',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** Lower-case letters, digits and dashes; in the start address (/api/auth/oidc/<code>/start). */
    code: text('code').notNull(),
    /** Shown on the button: "Entrar com <displayName>". */
    displayName: text('display_name').notNull(),
    /** The issuer identifier; discovery is read from <issuer>/.well-known/openid-configuration. */
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed').notNull(),
    /** Space-separated; always includes openid. */
    scopes: text('scopes').notNull().default('openid email profile'),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * `sign-in`: a login and registration button. `phone`: verifies a mobile number at registration
     * instead of the site's own SMS code (spec 4.2's third-party phone verification): the provider
     * answers the standard `phone_number` and `phone_number_verified` claims.
     */
    purpose: text('purpose', { enum: ['sign-in', 'phone'] })
      .notNull()
      .default('sign-in'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identity_providers_brand_code_uq').on(t.brandId, t.code)],
);

/** A member's account at a provider: (provider, subject) belongs to exactly one member. */
export const memberIdentities = pgTable(
  'member_identities',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    /** The provider's `sub` claim: stable and unique at that issuer. */
    subject: text('subject').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_identities_provider_subject_uq').on(t.providerId, t.subject),
    index('member_identities_member_idx').on(t.memberId),
  ],
);

/**
 * A sign-in under way: created when the browser leaves for the provider, used once when it comes back
 * (within 10 minutes), then once more to hand the session to the page (within a minute). Only hashes of
 * the state, the browser binding and the completion code are kept; the PKCE verifier is sealed.
 */
export const identitySignIns = pgTable(
  'identity_sign_ins',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    stateHash: text('state_hash').notNull(),
    /** SHA-256 of the random value in the browser's HttpOnly cookie: a callback from another browser fails. */
    browserHash: text('browser_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifierSealed: text('code_verifier_sealed').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** The site page to come back to (a path on this site, never another origin). */
    returnTo: text('return_to').notNull(),
    affiliateCode: text('affiliate_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the callback used the state (it is never used twice). */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The member signed in, and the single-use code (hashed) the page trades for its session. */
    memberId: integer('member_id'),
    completionHash: text('completion_hash'),
    completionExpiresAt: timestamp('completion_expires_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * A phone verification: the number the provider verified (dialing code and number, digits only),
     * and the single-use proof (hashed) the registration presents as `firebaseIdToken`.
     */
    verifiedPhone: text('verified_phone'),
    proofHash: text('proof_hash'),
    proofExpiresAt: timestamp('proof_expires_at', { withTimezone: true }),
    proofUsedAt: timestamp('proof_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_sign_ins_state_uq').on(t.stateHash),
    uniqueIndex('identity_sign_ins_completion_uq').on(t.completionHash),
    uniqueIndex('identity_sign_ins_proof_uq').on(t.proofHash),
    index('identity_sign_ins_expires_idx').on(t.expiresAt),
  ],
);
