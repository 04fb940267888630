import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { SecretBox } from '../../lib/secret-box';
import { SIM_GATEWAY } from '../../modules/payments/payments.service';
import { SIM_PIX_PROVIDER } from '../../modules/payments/sim-pix-gateway';
import type { Database } from '../client';
import {
  auditLog,
  brandDomains,
  brands,
  identityProviders,
  memberSessions,
  members,
  operatorSessions,
  operators,
  paymentMethods,
  rememberTokens,
  seedRuns,
  siteOptions,
  vendorIntegrations,
} from '../schema';
import { demoAccounts, seedDemoAccounts, seedDemoContracts } from './demo-accounts';
import { DEMO_PROVIDER_VENDORS } from './demo-content';
import { connectDemoProvider, seedDemoGames } from './demo-games';
import { connectDemoIdentity, DEMO_IDENTITY, DEMO_IDENTITY_PROVIDER } from './demo-identity';
import { demoOperators, seedDemoOperators } from './demo-operators';
import { seedDemoPages } from './demo-pages';
import { seedDemoPayments, seedDemoPix } from './demo-payments';
import { seedDemoPromotions } from './demo-promotions';
import { seedDemoRegisterRules } from './demo-register';
import { ensureLotteryCatalogue } from './lottery-catalogue';
import { ensureOriginalsCatalogue } from './originals-catalogue';
import { seedDemoBrand } from './seed';
import { ensureSportsCatalogue } from './sports-catalogue';

/** An active connection of the demo game provider: its vendor codes, launched on this machine. */
const DEMO_PROVIDER_CONNECTION = and(
  eq(vendorIntegrations.active, true),
  inArray(vendorIntegrations.vendorCode, DEMO_PROVIDER_VENDORS),
  sql`${vendorIntegrations.launchUrl} ~ '^http://127\.0\.0\.1:[0-9]+/operator/launch$'`,
);

/** Site options a new production brand starts with: username registration, nothing that needs a gateway. */
const FIRST_BRAND_OPTIONS = ['USERNAMEREG3', 'DIRECTREG3', 'PWDEXPFORCECHANGE3'];

export interface InstallationReport {
  mode: Config['mode'];
  /** Production: a brand was created on this start because the database had none. */
  createdBrand: boolean;
  /** Production: nobody can log in to the back office yet. */
  needsFirstOperator: boolean;
  /** Demo with DEMO_PROVIDER: the secret the demo game provider signs with (it is started with it). */
  demoProviderSecret?: string | null;
  /** Demo with DEMO_PROVIDER: the site as a client of the demo sign-in provider "Aurora Demo ID". */
  demoIdentity?: { clientId: string; secret: string } | null;
}

/**
 * Readies the database for the site mode. Demo: the demo brand, its public accounts and operators and the
 * simulated gateway. Production: never any of those; a database that holds them is refused, and an empty
 * one gets one empty brand.
 */
export async function prepareInstallation(
  db: Database,
  config: Pick<
    Config,
    | 'mode'
    | 'PUBLIC_URL'
    | 'BRAND_NAME'
    | 'BRAND_CURRENCY'
    | 'BRAND_TIME_ZONE'
    | 'DEMO_PROVIDER'
    | 'DEMO_PROVIDER_PORT'
    | 'HOST'
  >,
  master: SecretBox,
): Promise<InstallationReport> {
  if (config.mode === 'demo') {
    await seedDemoBrand(db);
    await seedDemoPages(db);
    await seedDemoGames(db);
    await ensureOriginalsCatalogue(db);
    await ensureLotteryCatalogue(db);
    await ensureSportsCatalogue(db);
    await seedDemoPayments(db, master);
    await seedDemoPix(db, master);
    await seedDemoRegisterRules(db);
    await seedDemoAccounts(db);
    await seedDemoContracts(db);
    await seedDemoOperators(db);
    await seedDemoPromotions(db);
    const demoProviderSecret = config.DEMO_PROVIDER ? await connectDemoProvider(db, master, config) : null;
    const demoIdentity = config.DEMO_PROVIDER ? await connectDemoIdentity(db, master, config) : null;
    return { mode: 'demo', createdBrand: false, needsFirstOperator: false, demoProviderSecret, demoIdentity };
  }
  const leftovers = await demoLeftovers(db);
  if (leftovers.length > 0) {
    throw new Error(
      `This database still holds what only a demo may have (${leftovers.join('; ')}): public logins ` +
        'or a gateway that pays without money. Production refuses to start on it. Remove them with ' +
        '`npm run demo:remove` (same DATABASE_URL), or start production on a new database.',
    );
  }
  const createdBrand = await createFirstBrand(db, config);
  await ensureOriginalsCatalogue(db);
  await ensureLotteryCatalogue(db);
  await ensureSportsCatalogue(db);
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(operators)) as [{ n: number }];
  return { mode: 'production', createdBrand, needsFirstOperator: n === 0 };
}

/**
 * What the demo seeds and production must never serve: active demo logins (their passwords are in the
 * README) and an active simulated gateway. Demo content (games, banners) is only content.
 */
export async function demoLeftovers(db: Database): Promise<string[]> {
  const demoMembers = await db
    .select({ username: members.username })
    .from(members)
    .where(
      and(
        inArray(
          members.username,
          demoAccounts.map((a) => a.username),
        ),
        eq(members.status, 'active'),
      ),
    );
  const demoStaff = await db
    .select({ username: operators.username })
    .from(operators)
    .where(
      and(
        inArray(
          operators.username,
          demoOperators.map((o) => o.username),
        ),
        eq(operators.status, 'active'),
      ),
    );
  const gateway = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(SIMULATED_METHOD, eq(paymentMethods.active, true)));
  const demoVendors = await db
    .select({ vendor: vendorIntegrations.vendorCode })
    .from(vendorIntegrations)
    .where(DEMO_PROVIDER_CONNECTION);
  const demoIdentity = await db
    .select({ id: identityProviders.id })
    .from(identityProviders)
    .where(and(DEMO_IDENTITY_PROVIDER, eq(identityProviders.enabled, true)));
  return [
    ...(demoIdentity.length ? [`the demo sign-in provider (${DEMO_IDENTITY.displayName})`] : []),
    ...(demoVendors.length
      ? [`the demo game provider's connections (${demoVendors.map((v) => v.vendor).join(', ')})`]
      : []),
    ...(demoMembers.length ? [`demo members ${demoMembers.map((m) => m.username).join(', ')}`] : []),
    ...(demoStaff.length ? [`demo operators ${demoStaff.map((o) => o.username).join(', ')}`] : []),
    ...(gateway.length ? ['the simulated payment gateway'] : []),
  ];
}

/** The simulated gateway, and PIX methods of the simulated provider: they pay without money. */
const SIMULATED_METHOD = or(
  eq(paymentMethods.code, SIM_GATEWAY),
  eq(paymentMethods.provider, SIM_PIX_PROVIDER),
);

/** One empty brand on an empty database, once, even with several processes starting together. */
async function createFirstBrand(
  db: Database,
  config: Pick<Config, 'PUBLIC_URL' | 'BRAND_NAME' | 'BRAND_CURRENCY' | 'BRAND_TIME_ZONE'>,
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
        timeZone: config.BRAND_TIME_ZONE,
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

/**
 * Takes what only a demo may have out of a database (`npm run demo:remove`): the demo logins are disabled
 * and their sessions ended, the simulated gateway switched off. Money and records stay. Returns what was
 * there.
 */
export async function removeDemo(db: Database): Promise<string[]> {
  const before = await demoLeftovers(db);
  await db.transaction(async (tx) => {
    // The demo provider signs with a secret the demo keeps: production disconnects it.
    await tx
      .update(vendorIntegrations)
      .set({ active: false, updatedAt: sql`now()` })
      .where(DEMO_PROVIDER_CONNECTION);
    const gone = await tx
      .update(members)
      .set({ status: 'disabled', passwordHash: null })
      .where(
        inArray(
          members.username,
          demoAccounts.map((a) => a.username),
        ),
      )
      .returning({ id: members.id });
    const ids = gone.map((m) => m.id);
    if (ids.length > 0) {
      await tx
        .update(memberSessions)
        .set({ revokedAt: sql`now()` })
        .where(inArray(memberSessions.memberId, ids));
      await tx
        .update(rememberTokens)
        .set({ revokedAt: sql`now()` })
        .where(inArray(rememberTokens.memberId, ids));
    }
    const staff = await tx
      .update(operators)
      .set({ status: 'disabled' })
      .where(
        inArray(
          operators.username,
          demoOperators.map((o) => o.username),
        ),
      )
      .returning({ id: operators.id });
    if (staff.length > 0) {
      await tx
        .update(operatorSessions)
        .set({ revokedAt: sql`now()` })
        .where(
          inArray(
            operatorSessions.operatorId,
            staff.map((o) => o.id),
          ),
        );
    }
    await tx
      .update(identityProviders)
      .set({ enabled: false, updatedAt: sql`now()` })
      .where(DEMO_IDENTITY_PROVIDER);
    await tx
      .update(paymentMethods)
      .set({ active: false })
      .where(and(SIMULATED_METHOD, eq(paymentMethods.active, true)));
    // The change and its audit row commit together.
    await tx.insert(auditLog).values({
      operatorId: null,
      action: 'demo_removed',
      detail: { removed: before, by: 'command line' },
    });
  });
  return before;
}
