import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { gameCategories, games, gameVendors, winnerBoard } from './games.tables';

export type CategoryRow = typeof gameCategories.$inferSelect;
export type VendorRow = typeof gameVendors.$inferSelect;
export type GameRow = typeof games.$inferSelect;
export type WinnerRow = typeof winnerBoard.$inferSelect;

export class GamesRepository {
  constructor(private readonly db: Database) {}

  categories(brandId: number) {
    return this.db
      .select()
      .from(gameCategories)
      .where(and(eq(gameCategories.brandId, brandId), eq(gameCategories.active, true)))
      .orderBy(asc(gameCategories.sortOrder), asc(gameCategories.id));
  }

  vendors(brandId: number) {
    return this.db
      .select()
      .from(gameVendors)
      .where(eq(gameVendors.brandId, brandId))
      .orderBy(asc(gameVendors.sortOrder), asc(gameVendors.id));
  }

  hotGames(brandId: number, platforms: string[]) {
    return this.db
      .select()
      .from(games)
      .where(
        and(
          eq(games.brandId, brandId),
          eq(games.active, true),
          isNotNull(games.hotRank),
          sql`${games.platforms} && ${sql.param(platforms)}::text[]`,
        ),
      )
      .orderBy(asc(games.hotRank), asc(games.id));
  }

  popularGames(brandId: number, limit: number) {
    return this.db
      .select()
      .from(games)
      .where(and(eq(games.brandId, brandId), eq(games.active, true), isNotNull(games.popularRank)))
      .orderBy(asc(games.popularRank), asc(games.id))
      .limit(limit);
  }

  winners(brandId: number, category: string | null, limit: number) {
    const filters = [eq(winnerBoard.brandId, brandId)];
    if (category) filters.push(eq(winnerBoard.categoryCode, category));
    return this.db
      .select()
      .from(winnerBoard)
      .where(and(...filters))
      .orderBy(desc(winnerBoard.wonAt), desc(winnerBoard.id))
      .limit(limit);
  }
}
