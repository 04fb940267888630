import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { brands, gameCategories, gameVendors } from '../schema';

/**
 * The sportsbook's categories and vendors (spec 2.2, 9): part of every installation, so its bets land in
 * SPORTS and ESPORTS (betting record, rebate 1 % each) and the menus list the book (docs/sports.md). The
 * sports module plays them: FB for sports (the spec's /fbSport), FBE for e-sports. An operator's changes
 * (names, order, status) stay.
 */
const CATEGORIES = ['SPORTS', 'ESPORTS'] as const;
const VENDORS = [
  { category: 'SPORTS', code: 'FB', name: 'Aurora Sports' },
  { category: 'ESPORTS', code: 'FBE', name: 'Aurora E-sports' },
];

export async function ensureSportsCatalogue(db: Database) {
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
        VENDORS.map((v) => ({
          brandId,
          categoryCode: v.category,
          code: v.code,
          name: v.name,
          sortOrder: -1,
        })),
      )
      .onConflictDoNothing();
  }
}
