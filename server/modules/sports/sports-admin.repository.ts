import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  sportsBetLegs,
  sportsBets,
  sportsCompetitions,
  sportsExposure,
  sportsFixtures,
  sportsLimits,
  sportsMarkets,
  sportsSettlements,
} from './sports.tables';

export type AdminCompetitionRow = typeof sportsCompetitions.$inferSelect;
export type AdminFixtureRow = typeof sportsFixtures.$inferSelect;
export type AdminMarketRow = typeof sportsMarkets.$inferSelect;
export type AdminBetRow = typeof sportsBets.$inferSelect;
export type AdminLegRow = typeof sportsBetLegs.$inferSelect;
export type AdminLimitsRow = typeof sportsLimits.$inferSelect;
export type AdminSettlementRow = typeof sportsSettlements.$inferSelect;

/** A fixture as the back office lists it: with its competition and the book's exposure on it. */
export interface ListedFixture {
  fixture: AdminFixtureRow;
  competition: AdminCompetitionRow;
  liability: number;
  stake: number;
  bets: number;
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The sportsbook's back office (docs/sports.md, "The operator's book"): the reads of its pages, and the
 * changes that are one statement of its own (margins, limits) written with their audit row in one
 * transaction. Changes through the feed and settlement go through their services, not here.
 */
export class SportsAdminRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in one transaction (a change and its audit row). */
  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  // ---- competitions ---------------------------------------------------------------------------------

  competitions(brandId: number): Promise<AdminCompetitionRow[]> {
    return this.db
      .select()
      .from(sportsCompetitions)
      .where(eq(sportsCompetitions.brandId, brandId))
      .orderBy(asc(sportsCompetitions.sport), asc(sportsCompetitions.priority), asc(sportsCompetitions.id));
  }

  async competition(brandId: number, id: number): Promise<AdminCompetitionRow | null> {
    const [row] = await this.db
      .select()
      .from(sportsCompetitions)
      .where(and(eq(sportsCompetitions.brandId, brandId), eq(sportsCompetitions.id, id)));
    return row ?? null;
  }

  async saveCompetition(
    tx: Database,
    brandId: number,
    id: number,
    patch: { marginBp: number; enabled: boolean },
  ): Promise<AdminCompetitionRow | null> {
    const [row] = await tx
      .update(sportsCompetitions)
      .set(patch)
      .where(and(eq(sportsCompetitions.brandId, brandId), eq(sportsCompetitions.id, id)))
      .returning();
    return row ?? null;
  }

  // ---- fixtures -------------------------------------------------------------------------------------

  /**
   * Fixtures by sport, status, start and a name (team or competition): live ones, then those to come
   * (soonest first), then those over (latest first).
   */
  async fixtures(
    brandId: number,
    filter: { sport?: string; status?: string; from?: Date; to?: Date; q?: string; ids?: number[] },
    limit: number,
  ): Promise<ListedFixture[]> {
    const where: Array<SQL | undefined> = [
      eq(sportsFixtures.brandId, brandId),
      filter.sport ? eq(sportsFixtures.sport, filter.sport) : undefined,
      filter.status ? eq(sportsFixtures.status, filter.status) : undefined,
      filter.from ? gte(sportsFixtures.startsAt, filter.from) : undefined,
      filter.to ? lt(sportsFixtures.startsAt, filter.to) : undefined,
      filter.ids ? inArray(sportsFixtures.id, filter.ids.length > 0 ? filter.ids : [0]) : undefined,
      filter.q
        ? or(
            ilike(sportsFixtures.home, like(filter.q)),
            ilike(sportsFixtures.away, like(filter.q)),
            ilike(sportsCompetitions.namePt, like(filter.q)),
            ilike(sportsCompetitions.nameEn, like(filter.q)),
          )
        : undefined,
    ];
    const rows = await this.db
      .select({
        fixture: sportsFixtures,
        competition: sportsCompetitions,
        liability: sportsExposure.liability,
        stake: sportsExposure.stake,
        bets: sportsExposure.bets,
      })
      .from(sportsFixtures)
      .innerJoin(sportsCompetitions, eq(sportsCompetitions.id, sportsFixtures.competitionId))
      .leftJoin(
        sportsExposure,
        and(
          eq(sportsExposure.scope, 'event'),
          eq(sportsExposure.ref, sportsFixtures.id),
          eq(sportsExposure.memberId, 0),
          eq(sportsExposure.outcomeKey, ''),
        ),
      )
      .where(and(...where))
      // Live first, then the next to start, then the latest played.
      .orderBy(
        sql`CASE ${sportsFixtures.status} WHEN 'live' THEN 0 WHEN 'scheduled' THEN 1 ELSE 2 END`,
        sql`CASE WHEN ${sportsFixtures.status} IN ('live', 'scheduled') THEN ${sportsFixtures.startsAt} END ASC`,
        desc(sportsFixtures.startsAt),
        desc(sportsFixtures.id),
      )
      .limit(limit);
    return rows.map((r) => ({
      fixture: r.fixture,
      competition: r.competition,
      liability: Number(r.liability ?? 0),
      stake: Number(r.stake ?? 0),
      bets: Number(r.bets ?? 0),
    }));
  }

  async fixture(brandId: number, id: number): Promise<ListedFixture | null> {
    const [row] = await this.fixtures(brandId, { ids: [id] }, 1);
    return row ?? null;
  }

  async byExternal(brandId: number, source: string, externalId: string): Promise<AdminFixtureRow | null> {
    const [row] = await this.db
      .select()
      .from(sportsFixtures)
      .where(
        and(
          eq(sportsFixtures.brandId, brandId),
          eq(sportsFixtures.source, source),
          eq(sportsFixtures.externalId, externalId),
        ),
      );
    return row ?? null;
  }

  markets(fixtureIds: number[]): Promise<AdminMarketRow[]> {
    if (fixtureIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(sportsMarkets)
      .where(inArray(sportsMarkets.fixtureId, fixtureIds))
      .orderBy(asc(sportsMarkets.id));
  }

  /** How many markets each fixture still offers (open or suspended). */
  async offered(fixtureIds: number[]): Promise<Map<number, number>> {
    if (fixtureIds.length === 0) return new Map();
    const rows = await this.db
      .select({ fixtureId: sportsMarkets.fixtureId, n: sql<number>`count(*)::int` })
      .from(sportsMarkets)
      .where(
        and(
          inArray(sportsMarkets.fixtureId, fixtureIds),
          inArray(sportsMarkets.status, ['open', 'suspended']),
        ),
      )
      .groupBy(sportsMarkets.fixtureId);
    return new Map(rows.map((r) => [Number(r.fixtureId), Number(r.n)]));
  }

  async market(brandId: number, id: number): Promise<AdminMarketRow | null> {
    const [row] = await this.db
      .select()
      .from(sportsMarkets)
      .where(and(eq(sportsMarkets.brandId, brandId), eq(sportsMarkets.id, id)));
    return row ?? null;
  }

  marketsByIds(brandId: number, ids: number[]): Promise<AdminMarketRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(sportsMarkets)
      .where(and(eq(sportsMarkets.brandId, brandId), inArray(sportsMarkets.id, ids)));
  }

  fixturesByIds(brandId: number, ids: number[]): Promise<AdminFixtureRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(sportsFixtures)
      .where(and(eq(sportsFixtures.brandId, brandId), inArray(sportsFixtures.id, ids)));
  }

  // ---- exposure -------------------------------------------------------------------------------------

  /** The events with the most open liability (or open bets), most first. */
  async topEvents(brandId: number, limit: number): Promise<ListedFixture[]> {
    const rows = await this.db
      .select({ ref: sportsExposure.ref })
      .from(sportsExposure)
      .where(
        and(
          eq(sportsExposure.brandId, brandId),
          eq(sportsExposure.scope, 'event'),
          or(gt(sportsExposure.liability, 0), gt(sportsExposure.bets, 0)),
        ),
      )
      .orderBy(desc(sportsExposure.liability), desc(sportsExposure.ref))
      .limit(limit);
    const ids = rows.map((r) => Number(r.ref));
    const listed = new Map(
      (await this.fixtures(brandId, { ids }, limit)).map((f) => [f.fixture.id, f] as const),
    );
    return ids.map((id) => listed.get(id)).filter((f): f is ListedFixture => f !== undefined);
  }

  /** Each outcome's exposure on a fixture's markets. */
  async marketExposure(brandId: number, fixtureId: number) {
    const rows = await this.db
      .select({
        marketId: sportsExposure.ref,
        key: sportsExposure.outcomeKey,
        liability: sportsExposure.liability,
        stake: sportsExposure.stake,
        bets: sportsExposure.bets,
      })
      .from(sportsExposure)
      .innerJoin(sportsMarkets, eq(sportsMarkets.id, sportsExposure.ref))
      .where(
        and(
          eq(sportsExposure.brandId, brandId),
          eq(sportsExposure.scope, 'market'),
          eq(sportsMarkets.fixtureId, fixtureId),
        ),
      );
    return rows.map((r) => ({
      marketId: Number(r.marketId),
      key: r.key,
      liability: Number(r.liability),
      stake: Number(r.stake),
      bets: Number(r.bets),
    }));
  }

  // ---- bets and settlements -------------------------------------------------------------------------

  /** Bets newest first: by id, member, a fixture one of their legs is on, status. */
  bets(
    brandId: number,
    filter: { id?: number; memberId?: number; fixtureId?: number; status?: string },
    limit: number,
  ): Promise<AdminBetRow[]> {
    return this.db
      .select()
      .from(sportsBets)
      .where(
        and(
          eq(sportsBets.brandId, brandId),
          filter.id ? eq(sportsBets.id, filter.id) : undefined,
          filter.memberId ? eq(sportsBets.memberId, filter.memberId) : undefined,
          filter.status ? eq(sportsBets.status, filter.status) : undefined,
          filter.fixtureId
            ? inArray(
                sportsBets.id,
                this.db
                  .select({ id: sportsBetLegs.betId })
                  .from(sportsBetLegs)
                  .where(eq(sportsBetLegs.fixtureId, filter.fixtureId)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(sportsBets.id))
      .limit(limit);
  }

  legsOf(betIds: number[]): Promise<AdminLegRow[]> {
    if (betIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(sportsBetLegs)
      .where(inArray(sportsBetLegs.betId, betIds))
      .orderBy(asc(sportsBetLegs.betId), asc(sportsBetLegs.legNo));
  }

  settlements(brandId: number, fixtureId: number, limit: number): Promise<AdminSettlementRow[]> {
    return this.db
      .select()
      .from(sportsSettlements)
      .where(and(eq(sportsSettlements.brandId, brandId), eq(sportsSettlements.fixtureId, fixtureId)))
      .orderBy(desc(sportsSettlements.id))
      .limit(limit);
  }

  /** The newest entry of a fixture's settlement log (0: none yet). */
  async lastSettlement(brandId: number, fixtureId: number): Promise<number> {
    const [row] = await this.db
      .select({ id: sql<number>`coalesce(max(${sportsSettlements.id}), 0)` })
      .from(sportsSettlements)
      .where(and(eq(sportsSettlements.brandId, brandId), eq(sportsSettlements.fixtureId, fixtureId)));
    return Number(row?.id ?? 0);
  }

  /**
   * Names the operator and their reason on the settlement log's entries of a fixture written after
   * `afterId` by its source (which does not know who asked): the settlement an operator's result or
   * cancellation ran. Answers them.
   */
  stampSettlements(
    tx: Database,
    brandId: number,
    fixtureId: number,
    afterId: number,
    who: { operatorId: number; reason: string | null },
  ): Promise<AdminSettlementRow[]> {
    return tx
      .update(sportsSettlements)
      .set({ operatorId: who.operatorId, reason: who.reason })
      .where(
        and(
          eq(sportsSettlements.brandId, brandId),
          eq(sportsSettlements.fixtureId, fixtureId),
          gt(sportsSettlements.id, afterId),
          isNull(sportsSettlements.operatorId),
        ),
      )
      .returning();
  }

  // ---- limits ---------------------------------------------------------------------------------------

  limits(brandId: number): Promise<AdminLimitsRow[]> {
    return this.db.select().from(sportsLimits).where(eq(sportsLimits.brandId, brandId));
  }

  async saveLimits(tx: Database, row: Omit<typeof sportsLimits.$inferInsert, 'updatedAt'>) {
    const { brandId: _brand, sport: _sport, ...set } = row;
    await tx
      .insert(sportsLimits)
      .values(row)
      .onConflictDoUpdate({
        target: [sportsLimits.brandId, sportsLimits.sport],
        set: { ...set, updatedAt: sql`now()` },
      });
  }

  /** Removes a sport's own limits (it takes the brand's `*` row again); true when there was one. */
  async removeLimits(tx: Database, brandId: number, sport: string): Promise<boolean> {
    const rows = await tx
      .delete(sportsLimits)
      .where(and(eq(sportsLimits.brandId, brandId), eq(sportsLimits.sport, sport)))
      .returning({ sport: sportsLimits.sport });
    return rows.length > 0;
  }
}
