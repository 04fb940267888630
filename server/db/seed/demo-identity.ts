import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { demoProviderPublicUrl } from '../../demo-provider';
import { SecretBox } from '../../lib/secret-box';
import { installationSecret } from '../../lib/secrets';
import type { Database } from '../client';
import { brands, identityProviders } from '../schema';

/** The demo brand's sign-in provider, served by the demo provider process (provider/identity.ts). */
export const DEMO_IDENTITY = {
  code: 'aurora-demo',
  displayName: 'Aurora Demo ID',
  clientId: 'aurora-demo-site',
  /** The same provider as the brand's phone verifier at registration (its `phone` scope). */
  phoneCode: 'aurora-phone',
};

/** Only the demo's own providers, under the demo provider's /id. */
export const DEMO_IDENTITY_PROVIDER = and(
  inArray(identityProviders.code, [DEMO_IDENTITY.code, DEMO_IDENTITY.phoneCode]),
  sql`${identityProviders.issuer} like 'http://%/id'`,
);

/**
 * Registers the demo brand as a client of "Aurora Demo ID" the way an operator adds any provider (issuer,
 * client id and secret, sealed): added once, then kept as an operator left it (name, on or off), its
 * address following the demo provider's. Returns the client the demo provider must know, or null.
 */
export async function connectDemoIdentity(
  db: Database,
  master: SecretBox,
  config: Pick<Config, 'HOST' | 'DEMO_PROVIDER_PORT'>,
): Promise<{ clientId: string; secret: string } | null> {
  const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.merchantCode, 'AURORA'));
  if (!brand) return null;
  const secret = await installationSecret(db, master, 'demo-id-client-secret');
  const box = new SecretBox(await installationSecret(db, master, 'sealed-secrets-key'));
  const issuer = `${demoProviderPublicUrl(config)}/id`;
  const sealed = box.seal(secret);
  const provider = { brandId: brand.id, displayName: DEMO_IDENTITY.displayName, issuer };
  await db
    .insert(identityProviders)
    .values([
      {
        ...provider,
        code: DEMO_IDENTITY.code,
        clientId: DEMO_IDENTITY.clientId,
        clientSecretSealed: sealed,
        scopes: 'openid profile',
      },
      {
        ...provider,
        code: DEMO_IDENTITY.phoneCode,
        clientId: DEMO_IDENTITY.clientId,
        clientSecretSealed: sealed,
        scopes: 'openid phone',
        purpose: 'phone' as const,
      },
    ])
    .onConflictDoUpdate({
      target: [identityProviders.brandId, identityProviders.code],
      set: { issuer, clientId: DEMO_IDENTITY.clientId, clientSecretSealed: sealed, updatedAt: sql`now()` },
      // Only when the demo provider moved (another port); an operator's own provider under this code, or
      // the name and state an operator gave the demo's, are left alone.
      setWhere: sql`${identityProviders.issuer} like 'http://%/id' and ${identityProviders.issuer} <> excluded.issuer`,
    });
  return { clientId: DEMO_IDENTITY.clientId, secret };
}
