import { sql } from 'drizzle-orm';
import { DEFAULT_SETTINGS, theoreticalRtp } from '../../modules/originals/originals-settings';
import type { Database } from '../client';
import { brands, gameCategories, games, gameVendors } from '../schema';

/** The in-house games as catalogue tiles: they are part of every installation, not demo content. */
export const ORIGINALS_CATALOGUE = [
  { code: 'crash', pt: 'Crash', en: 'Crash', hot: true },
  { code: 'dice', pt: 'Dados', en: 'Dice', hot: true },
  { code: 'mines', pt: 'Minas', en: 'Mines', hot: false },
  { code: 'plinko', pt: 'Plinko', en: 'Plinko', hot: true },
  { code: 'limbo', pt: 'Limbo', en: 'Limbo', hot: false },
  { code: 'keno', pt: 'Keno', en: 'Keno', hot: false },
];

/**
 * Gives every brand the in-house category, vendor BGS and its six games where they are missing; what an
 * operator changed (order, names, switched off) stays as it is.
 */
export async function ensureOriginalsCatalogue(db: Database) {
  const all = await db.select({ id: brands.id }).from(brands);
  for (const { id: brandId } of all) {
    await db
      .insert(gameCategories)
      .values({
        brandId,
        code: 'INHOUSE',
        sortOrder: sql`(SELECT coalesce(max(sort_order), -1) + 1 FROM game_categories WHERE brand_id = ${brandId})`,
        usesGameListCenter: false,
      })
      .onConflictDoNothing();
    await db
      .insert(gameVendors)
      .values({
        brandId,
        categoryCode: 'INHOUSE',
        code: 'BGS',
        name: 'Originals',
        isGame: 'VASSALAGE',
        sortOrder: 0,
      })
      .onConflictDoNothing();
    await db
      .insert(games)
      .values(
        ORIGINALS_CATALOGUE.map((g, i) => ({
          brandId,
          vendorCode: 'BGS',
          categoryCode: 'INHOUSE',
          gameCode: g.code,
          name: { pt: g.pt, en: g.en },
          classification: null,
          imageUrl: `/art/game/INHOUSE-${g.code}.svg`,
          platforms: ['html5-desktop', 'html5'],
          hotRank: null,
          popularRank: null,
          sortOrder: i,
          rtp: theoreticalRtp(DEFAULT_SETTINGS.edgeBp),
        })),
      )
      .onConflictDoNothing();
  }
}
