import { and, asc, count, desc, eq, inArray, isNotNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { favouriteGames, gameCategories, games, gameVendors, recentGames, winnerBoard } from './games.tables';

export type CategoryRow = typeof gameCategories.$inferSelect;
export type VendorRow = typeof gameVendors.$inferSelect;
export type GameRow = typeof games.$inferSelect;
export type WinnerRow = typeof winnerBoard.$inferSelect;

/** A LIKE pattern matching the text literally anywhere. */
function containing(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface GameFilter {
  vendorCodes: string[];
  categoryCode?: string | undefined;
  classification?: string | undefined;
  search?: string | undefined;
}

export class GamesRepository {
  constructor(private readonly db: Database) {}

  /** Games a member may see: switched on and not hidden. */
  private visible(brandId: number): SQL {
    return and(eq(games.brandId, brandId), eq(games.active, true), ne(games.status, 'hidden'))!;
  }

  /**
   * A member's own lists (recent, favourites) hold hidden games too: hidden is "launchable from a link, not
   * listed", and those lists are the member's own links (the sportsbook's entry is one).
   */
  private reachable(brandId: number): SQL {
    return and(eq(games.brandId, brandId), eq(games.active, true))!;
  }

  private filtered(brandId: number, filter: GameFilter): SQL {
    const where: SQL[] = [this.visible(brandId), inArray(games.vendorCode, filter.vendorCodes)];
    if (filter.categoryCode) where.push(eq(games.categoryCode, filter.categoryCode));
    if (filter.classification) where.push(eq(games.classification, filter.classification));
    if (filter.search) {
      const pattern = containing(filter.search);
      where.push(sql`(${games.name}->>'pt' ILIKE ${pattern} OR ${games.name}->>'en' ILIKE ${pattern})`);
    }
    return and(...where)!;
  }

  async gameList(brandId: number, filter: GameFilter, page: { offset: number; limit: number }) {
    if (filter.vendorCodes.length === 0) return { rows: [] as GameRow[], total: 0 };
    const where = this.filtered(brandId, filter);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(games)
        .where(where)
        .orderBy(asc(games.sortOrder), asc(games.hotRank), asc(games.id))
        .offset(page.offset)
        .limit(page.limit),
      this.db.select({ n: count() }).from(games).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** Every game of the brand, listed or not (records name games that were since hidden). */
  allGames(brandId: number) {
    return this.db.select().from(games).where(eq(games.brandId, brandId));
  }

  /** Every game of the brand or of one vendor, switched off and hidden ones too (the back office). */
  adminGames(brandId: number, vendorCode?: string) {
    return this.db
      .select()
      .from(games)
      .where(and(eq(games.brandId, brandId), vendorCode ? eq(games.vendorCode, vendorCode) : undefined))
      .orderBy(asc(games.vendorCode), asc(games.sortOrder), asc(games.id));
  }

  /** Changes a vendor's rows (one per category it is listed in), with what must commit beside it. */
  async updateVendor(
    brandId: number,
    code: string,
    set: Partial<Pick<VendorRow, 'name' | 'status' | 'sortOrder'>>,
    alongside: (tx: Database) => Promise<void>,
  ) {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(gameVendors)
        .set(set)
        .where(and(eq(gameVendors.brandId, brandId), eq(gameVendors.code, code)))
        .returning();
      if (rows.length > 0) await alongside(tx as unknown as Database);
      return rows;
    });
  }

  async updateGame(
    brandId: number,
    vendorCode: string,
    gameCode: string,
    set: Partial<
      Pick<
        GameRow,
        'active' | 'status' | 'sortOrder' | 'hotRank' | 'name' | 'categoryCode' | 'classification'
      >
    >,
    alongside: (tx: Database) => Promise<void>,
  ) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(games)
        .set(set)
        .where(
          and(eq(games.brandId, brandId), eq(games.vendorCode, vendorCode), eq(games.gameCode, gameCode)),
        )
        .returning();
      if (row) await alongside(tx as unknown as Database);
      return row;
    });
  }

  /** How many games each vendor lists. */
  async vendorGameCounts(brandId: number) {
    const rows = await this.db
      .select({ vendor: games.vendorCode, n: count() })
      .from(games)
      .where(this.visible(brandId))
      .groupBy(games.vendorCode);
    return new Map(rows.map((r) => [r.vendor, r.n]));
  }

  /** The vendor's first listed game: where a vendor card without a game list opens. */
  async firstGame(brandId: number, vendorCode: string) {
    const [row] = await this.db
      .select()
      .from(games)
      .where(and(this.visible(brandId), eq(games.vendorCode, vendorCode)))
      .orderBy(asc(games.sortOrder), asc(games.id))
      .limit(1);
    return row;
  }

  classificationCounts(brandId: number, vendorCode: string) {
    return this.db
      .select({ classification: games.classification, n: count() })
      .from(games)
      .where(and(this.visible(brandId), eq(games.vendorCode, vendorCode)))
      .groupBy(games.classification);
  }

  async game(brandId: number, vendorCode: string, gameCode: string) {
    const [row] = await this.db
      .select()
      .from(games)
      .where(and(eq(games.brandId, brandId), eq(games.vendorCode, vendorCode), eq(games.gameCode, gameCode)));
    return row;
  }

  async gameById(brandId: number, id: number) {
    const [row] = await this.db
      .select()
      .from(games)
      .where(and(this.reachable(brandId), eq(games.id, id)));
    return row;
  }

  async touchRecent(memberId: number, gameId: number) {
    await this.db
      .insert(recentGames)
      .values({ memberId, gameId })
      .onConflictDoUpdate({
        target: [recentGames.memberId, recentGames.gameId],
        set: { launchedAt: sql`now()` },
      });
  }

  recent(brandId: number, memberId: number, limit: number) {
    return this.db
      .select({ game: games })
      .from(recentGames)
      .innerJoin(games, eq(games.id, recentGames.gameId))
      .where(and(eq(recentGames.memberId, memberId), this.reachable(brandId)))
      .orderBy(desc(recentGames.launchedAt))
      .limit(limit)
      .then((rows) => rows.map((r) => r.game));
  }

  async addFavourite(memberId: number, gameId: number) {
    await this.db.insert(favouriteGames).values({ memberId, gameId }).onConflictDoNothing();
  }

  async removeFavourite(memberId: number, gameId: number) {
    await this.db
      .delete(favouriteGames)
      .where(and(eq(favouriteGames.memberId, memberId), eq(favouriteGames.gameId, gameId)));
  }

  async favouriteIds(memberId: number) {
    const rows = await this.db
      .select({ id: favouriteGames.gameId })
      .from(favouriteGames)
      .where(eq(favouriteGames.memberId, memberId))
      .orderBy(desc(favouriteGames.createdAt));
    return rows.map((r) => r.id);
  }

  favourites(brandId: number, memberId: number, limit: number) {
    return this.db
      .select({ game: games })
      .from(favouriteGames)
      .innerJoin(games, eq(games.id, favouriteGames.gameId))
      .where(and(eq(favouriteGames.memberId, memberId), this.reachable(brandId)))
      .orderBy(desc(favouriteGames.createdAt))
      .limit(limit)
      .then((rows) => rows.map((r) => r.game));
  }

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
          this.visible(brandId),
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
      .where(and(this.visible(brandId), isNotNull(games.popularRank)))
      .orderBy(asc(games.popularRank), asc(games.id))
      .limit(limit);
  }

  /** When the newest posted win settled (the feed carries on from there). */
  async latestPostedWin() {
    const [row] = await this.db
      .select({ wonAt: winnerBoard.wonAt })
      .from(winnerBoard)
      .where(isNotNull(winnerBoard.roundKey))
      .orderBy(desc(winnerBoard.wonAt))
      .limit(1);
    return row?.wonAt ?? null;
  }

  async postWins(rows: (typeof winnerBoard.$inferInsert)[]) {
    if (rows.length === 0) return 0;
    const inserted = await this.db
      .insert(winnerBoard)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: winnerBoard.id });
    return inserted.length;
  }

  /** Keeps the board to its newest wins. */
  async pruneWins(before: Date) {
    await this.db.delete(winnerBoard).where(lt(winnerBoard.wonAt, before));
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
