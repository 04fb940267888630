import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { brands, gameCategories, games, gameVendors } from '../schema';

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

/**
 * Each book as a catalogue entry, so a member's recent games and favourites can hold it. Hidden: the book
 * is listed through its vendor (the menus, /fbSport), not as a tile among games; launched, it opens its
 * pages (SportsService.launchTarget).
 */
export const BOOK_GAMES = [
  { category: 'SPORTS', vendor: 'FB', code: 'sportsbook', pt: 'Apostas esportivas', en: 'Sports betting' },
  {
    category: 'ESPORTS',
    vendor: 'FBE',
    code: 'esportsbook',
    pt: 'Apostas em e-sports',
    en: 'E-sports betting',
  },
] as const;

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
    await db
      .insert(games)
      .values(
        BOOK_GAMES.map((g) => ({
          brandId,
          vendorCode: g.vendor,
          categoryCode: g.category,
          gameCode: g.code,
          name: { pt: g.pt, en: g.en },
          classification: null,
          imageUrl: `/art/game/${g.category}-${g.code}.svg`,
          platforms: ['html5-desktop', 'html5'],
          status: 'hidden',
        })),
      )
      .onConflictDoNothing();
  }
}
