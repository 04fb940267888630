import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { brands, gameCategories, gameVendors } from '../schema';

/**
 * The lotteries' categories and vendors (spec 2.2, 9): part of every installation, not demo content, so
 * lottery rounds land in their category (betting record, rebate: LOTT and ELOTT 1 %) and the menus list
 * their vendors. The lottery module plays their games (docs/lottery.md); an operator's changes stay.
 */
const CATEGORIES = ['LOTT', 'ELOTT'] as const;
const VENDORS = [
  { category: 'LOTT', code: 'TCG_SEA', name: 'Sea Lottery' },
  { category: 'LOTT', code: 'TCG_LOTTO_VN', name: 'Lotto VN' },
  { category: 'LOTT', code: 'LOTT', name: 'Classic Lottery' },
  { category: 'ELOTT', code: 'ELOTT', name: 'E-Lottery' },
];

export async function ensureLotteryCatalogue(db: Database) {
  const all = await db.select({ id: brands.id }).from(brands);
  for (const { id: brandId } of all) {
    for (const code of CATEGORIES) {
      await db
        .insert(gameCategories)
        .values({
          brandId,
          code,
          sortOrder: sql`(SELECT coalesce(max(sort_order), -1) + 1 FROM game_categories WHERE brand_id = ${brandId})`,
          usesGameListCenter: false,
        })
        .onConflictDoNothing();
    }
    await db
      .insert(gameVendors)
      .values(
        VENDORS.map((v, i) => ({
          brandId,
          categoryCode: v.category,
          code: v.code,
          name: v.name,
          sortOrder: i,
        })),
      )
      .onConflictDoNothing();
  }
}
