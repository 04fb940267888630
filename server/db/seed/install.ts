import { like, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { SecretBox } from '../../lib/secret-box';
import type { Database } from '../client';
import { brandDomains, brands, operators, seedRuns, siteOptions } from '../schema';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoOperators } from './demo-operators';
import { seedDemoPayments } from './demo-payments';
import { seedDemoBrand } from './seed';

/** Site options a new production brand starts with: username registration, nothing that needs a gateway. */
const FIRST_BRAND_OPTIONS = ['USERNAMEREG3', 'DIRECTREG3', 'PWDEXPFORCECHANGE3'];

export interface InstallationReport {
  mode: Config['mode'];
  /** Production: a brand was created on this start because the database had none. */
  createdBrand: boolean;
  /** Production: nobody can log in to the back office yet. */
  needsFirstOperator: boolean;
}

/**
 * Readies the database for the site mode. Demo: the demo brand, its public accounts and operators and the
 * simulated gateway. Production: never any of those; a database that holds them is refused, and an empty
 * one gets one empty brand.
 */
export async function prepareInstallation(
  db: Database,
  config: Pick<Config, 'mode' | 'PUBLIC_URL' | 'BRAND_NAME' | 'BRAND_CURRENCY'>,
  master: SecretBox,
): Promise<InstallationReport> {
  if (config.mode === 'demo') {
    await seedDemoBrand(db);
    await seedDemoPayments(db, master);
    await seedDemoAccounts(db);
    await seedDemoOperators(db);
    return { mode: 'demo', createdBrand: false, needsFirstOperator: false };
  }
  const demoRuns = await db
    .select({ name: seedRuns.name })
    .from(seedRuns)
    .where(like(seedRuns.name, 'demo-%'));
  if (demoRuns.length > 0) {
    throw new Error(
      `This database holds the demo (${demoRuns.map((r) => r.name).join(', ')}): public accounts and ` +
        'passwords, and a simulated payment gateway. Production refuses it: start production on a new ' +
        'database, or run this one as a demo with SITE_MODE=demo.',
    );
  }
  const createdBrand = await createFirstBrand(db, config);
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(operators)) as [{ n: number }];
  return { mode: 'production', createdBrand, needsFirstOperator: n === 0 };
}

/** One empty brand on an empty database, once, even with several processes starting together. */
async function createFirstBrand(
  db: Database,
  config: Pick<Config, 'PUBLIC_URL' | 'BRAND_NAME' | 'BRAND_CURRENCY'>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: 'first-brand' })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(brands)) as [{ n: number }];
    if (n > 0) return false;
    const host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname.toLowerCase() : 'localhost';
    const [brand] = await tx
      .insert(brands)
      .values({
        merchantCode: 'MAIN',
        siteName: config.BRAND_NAME,
        currency: config.BRAND_CURRENCY,
        mainDomain: host,
        isDefault: true,
        maintenanceMessage: {
          pt: 'Estamos melhorando a plataforma. Voltamos em instantes.',
          en: 'We are upgrading the platform. We will be back shortly.',
        },
      })
      .returning({ id: brands.id });
    await tx.insert(brandDomains).values({ brandId: brand!.id, host, route: 'main', sortOrder: 0 });
    await tx
      .insert(siteOptions)
      .values(FIRST_BRAND_OPTIONS.map((code) => ({ brandId: brand!.id, code, enabled: true })));
    return true;
  });
}
