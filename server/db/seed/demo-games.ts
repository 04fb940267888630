import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { SecretBox } from '../../lib/secret-box';
import { installationSecret } from '../../lib/secrets';
import { VendorIntegrations } from '../../modules/wallet/vendor-integrations.service';
import type { Database } from '../client';
import {
  announcements,
  brands,
  gameCategories,
  games,
  gameVendors,
  seedRuns,
  vendorIntegrations,
  winnerBoard,
} from '../schema';
import { DEMO_PROVIDER_VENDORS, demoCategories, demoGames, demoNotices, demoVendors } from './demo-content';

const DEMO_NEW_GAMES_NOTICE = demoNotices.find((n) => n.title.en === 'New games')!.content;

/** Bumped when the demo catalogue changes: an existing demo database gets the new one on its next start. */
const SEED_NAME = 'demo-games-v2';

async function demoBrandId(db: Database) {
  const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.merchantCode, 'AURORA'));
  return brand?.id ?? null;
}

/** The demo brand's categories, vendors and games (replacing an older demo catalogue), once per version. */
export async function seedDemoGames(db: Database): Promise<boolean> {
  const brandId = await demoBrandId(db);
  if (brandId === null) return false;
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(seedRuns).values({ name: SEED_NAME }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    await tx.delete(games).where(eq(games.brandId, brandId));
    // An older demo announced games it no longer has.
    await tx
      .update(announcements)
      .set({ content: DEMO_NEW_GAMES_NOTICE })
      .where(
        and(eq(announcements.brandId, brandId), sql`${announcements.content}->>'en' LIKE '%Mythic Spins%'`),
      );
    // The winner board shows real wins only (games.winner-board); an older demo seeded made-up ones.
    await tx.delete(winnerBoard).where(and(eq(winnerBoard.brandId, brandId), isNull(winnerBoard.roundKey)));
    await tx.delete(gameVendors).where(eq(gameVendors.brandId, brandId));
    await tx.delete(gameCategories).where(eq(gameCategories.brandId, brandId));
    await tx.insert(gameCategories).values(
      demoCategories.map((c, i) => ({
        brandId,
        code: c.code,
        sortOrder: i,
        usesGameListCenter: c.gameListCenter ?? false,
      })),
    );
    await tx.insert(gameVendors).values(
      demoVendors.map((v, i) => ({
        brandId,
        categoryCode: v.category,
        code: v.code,
        name: v.name,
        isGame: v.nested ? 'VASSALAGE' : null,
        sortOrder: i,
      })),
    );
    await tx.insert(games).values(
      demoGames.map((g, i) => ({
        brandId,
        vendorCode: g.vendor,
        categoryCode: g.category,
        gameCode: g.code,
        name: { pt: g.pt, en: g.en },
        classification: g.cls ?? null,
        imageUrl: `/art/game/${g.category}-${g.code}.svg`,
        platforms: ['html5-desktop', 'html5'],
        hotRank: g.hot ?? null,
        popularRank: g.popular ?? null,
        sortOrder: i,
        rtp: g.rtp,
      })),
    );
    return true;
  });
}

/** Where the demo provider listens, as the site's server reaches it. */
export function demoProviderLaunchUrl(config: Pick<Config, 'DEMO_PROVIDER_PORT'>) {
  return `http://127.0.0.1:${config.DEMO_PROVIDER_PORT}/operator/launch`;
}

/**
 * Connects the demo provider as the demo brand's vendors the way an operator connects any provider (its
 * launch address and the secret both sides hold), once: what an operator changes later stays. Returns
 * the shared secret, which the demo provider process is started with.
 */
export async function connectDemoProvider(
  db: Database,
  master: SecretBox,
  config: Pick<Config, 'DEMO_PROVIDER_PORT'>,
): Promise<string | null> {
  const brandId = await demoBrandId(db);
  if (brandId === null) return null;
  const secret = await installationSecret(db, master, 'demo-provider-secret');
  const integrations = VendorIntegrations.on(
    db,
    new SecretBox(await installationSecret(db, master, 'sealed-secrets-key')),
  );
  const existing = await db
    .select({ vendor: vendorIntegrations.vendorCode, launchUrl: vendorIntegrations.launchUrl })
    .from(vendorIntegrations)
    .where(
      and(
        eq(vendorIntegrations.brandId, brandId),
        inArray(vendorIntegrations.vendorCode, DEMO_PROVIDER_VENDORS),
      ),
    );
  const url = demoProviderLaunchUrl(config);
  // Kept as an operator left it, unless it still points at the demo provider on another local port.
  const current = new Map(existing.map((r) => [r.vendor, r.launchUrl]));
  const localDemo = /^http:\/\/127\.0\.0\.1:\d+\/operator\/launch$/;
  for (const vendor of DEMO_PROVIDER_VENDORS) {
    const was = current.get(vendor);
    if (was !== undefined && (was === url || !localDemo.test(was ?? ''))) continue;
    await integrations.connect(brandId, {
      vendor,
      launchUrl: url,
      mode: 'seamless',
      currencies: [],
      opensIn: 'page',
      secret,
      // The demo provider's games take trial accounts (free play) with trial money.
      trialPlay: true,
    });
  }
  return secret;
}
