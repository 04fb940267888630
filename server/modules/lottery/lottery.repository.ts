import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bind, type RawRunner, rawRunner } from '../../db/raw-statement';
import { integerArrayLiteral, textArrayLiteral } from '../../lib/pg-array';
import { lotteryBets, lotteryChases, lotteryDrawLeaves, lotteryDraws, lotteryGames } from './lottery.tables';

export type GameRow = typeof lotteryGames.$inferSelect;
export type NewGameRow = typeof lotteryGames.$inferInsert;
export type DrawRow = typeof lotteryDraws.$inferSelect;
export type NewDrawRow = typeof lotteryDraws.$inferInsert;
export type LineRow = typeof lotteryBets.$inferSelect;
export type ChaseRow = typeof lotteryChases.$inferSelect;

/** A line of a slip as lottery_place takes it: its draw, terms and prepared stake movement. */
export interface PlaceItem {
  draw: number;
  line: number;
  betType: string;
  selection: number[][];
  combos: number;
  unit: number;
  multiplier: number;
  stake: number;
  odds: Record<string, number>;
  key: string;
  hash: string;
  /** The line's secret salt and its leaf on this draw (src/lottery/verify.ts). */
  salt: string;
  leaf: string;
}

export interface WinItem {
  id: number;
  payout: number;
  key: string;
  hash: string;
  wallet: number;
}

export interface RefundItem {
  id: number;
  targetKey: string;
  key: string;
  hash: string;
  wallet: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The advisory lock a draw is held by while slips are placed on it (shared) and while it closes (lottery_place.sql). */
const DRAW_LOCK = 1_819_243_636;
const drawLockKey = (drawId: number) => drawId % 2_147_483_647;

const PLACE = `SELECT lottery_place($1::integer, $2::integer, $3::integer, $4, $5, $6, $7::bigint[], $8::boolean,
  $9::jsonb, $10::bigint, $11::bigint) AS out`;
const SETTLE = `SELECT lottery_settle($1::integer, $2::bigint, $3, $4, $5::bigint[], $6::bigint, $7::bigint[],
  $8::bigint[], $9::bigint[], $10::text[], $11::text[]) AS out`;

/** The lotteries' games, draws, chases and lines (docs/lottery.md). */
export class LotteryRepository {
  private readonly raw: RawRunner | null;

  constructor(private readonly db: Database) {
    this.raw = rawRunner(db);
  }

  private async call<T>(name: string, text: string, values: unknown[]): Promise<T> {
    const result = this.raw
      ? await this.raw(name, text, values)
      : await this.db.execute(sql.raw(bind(text, values)));
    return rowsOf<{ out: T }>(result)[0]!.out;
  }

  // ---- games ----------------------------------------------------------------------------------------

  /** Adds the games a brand lacks (by code); existing ones keep the operator's settings. */
  async ensureGames(rows: NewGameRow[]) {
    if (rows.length > 0) await this.db.insert(lotteryGames).values(rows).onConflictDoNothing();
  }

  games(brandId: number): Promise<GameRow[]> {
    return this.db
      .select()
      .from(lotteryGames)
      .where(eq(lotteryGames.brandId, brandId))
      .orderBy(asc(lotteryGames.sort), asc(lotteryGames.id));
  }

  async game(brandId: number, code: string): Promise<GameRow | null> {
    const [row] = await this.db
      .select()
      .from(lotteryGames)
      .where(and(eq(lotteryGames.brandId, brandId), eq(lotteryGames.code, code)));
    return row ?? null;
  }

  async gameById(id: number): Promise<GameRow | null> {
    const [row] = await this.db.select().from(lotteryGames).where(eq(lotteryGames.id, id));
    return row ?? null;
  }

  async updateGame(
    brandId: number,
    code: string,
    patch: Partial<
      Pick<GameRow, 'enabled' | 'closeSeconds' | 'maxChase' | 'betTypes' | 'intervalMinutes' | 'dailyTime'>
    >,
    alongside: (tx: Database) => Promise<void>,
  ): Promise<GameRow | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(lotteryGames)
        .set(patch)
        .where(and(eq(lotteryGames.brandId, brandId), eq(lotteryGames.code, code)))
        .returning();
      if (!row) return null;
      await alongside(tx as unknown as Database);
      return row;
    });
  }

  // ---- the calendar ---------------------------------------------------------------------------------

  /** The game's last scheduled draw time, if any. */
  async lastDrawAt(gameId: number): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: lotteryDraws.drawsAt })
      .from(lotteryDraws)
      .where(eq(lotteryDraws.gameId, gameId))
      .orderBy(desc(lotteryDraws.drawsAt))
      .limit(1);
    return row?.at ?? null;
  }

  /** New draws; a number another process scheduled first is kept as it is. */
  async insertDraws(rows: NewDrawRow[]) {
    for (let i = 0; i < rows.length; i += 500) {
      await this.db
        .insert(lotteryDraws)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    }
  }

  /**
   * Drops a game's draws that have not opened and hold no line, after the last draw that holds one (the
   * calendar is made again after it). Each is locked as a close locks it, so a chase being placed on it
   * finishes first (and the draw is kept) or finds it gone.
   */
  async dropUnopenedDraws(gameId: number) {
    await this.db.transaction(async (tx) => {
      const candidates = rowsOf<{ id: number }>(
        await tx.execute(sql`SELECT id FROM lottery_draws d
          WHERE d.game_id = ${gameId} AND d.status = 'scheduled' AND d.opens_at > now() ORDER BY id`),
      );
      for (const { id } of candidates)
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(${DRAW_LOCK}::integer, ${drawLockKey(id)}::integer)`,
        );
      await tx.execute(sql`DELETE FROM lottery_draws d
        WHERE d.game_id = ${gameId} AND d.status = 'scheduled' AND d.opens_at > now()
          AND NOT EXISTS (SELECT 1 FROM lottery_bets b WHERE b.draw_id = d.id)
          AND d.draws_at > (SELECT coalesce(max(x.draws_at), '-infinity') FROM lottery_draws x
            WHERE x.game_id = ${gameId} AND EXISTS (SELECT 1 FROM lottery_bets b WHERE b.draw_id = x.id))`);
    });
  }

  /** Draws whose window has opened are `open`. */
  async markOpen() {
    await this.db.execute(sql`UPDATE lottery_draws SET status = 'open'
      WHERE status = 'scheduled' AND opens_at <= now() AND closes_at > now()`);
  }

  /** Draws whose time has come and that are not settled or cancelled yet, oldest first. */
  async dueDraws(limit = 100): Promise<DrawRow[]> {
    return this.db
      .select()
      .from(lotteryDraws)
      .where(
        and(
          inArray(lotteryDraws.status, ['scheduled', 'open', 'closed', 'drawn']),
          sql`${lotteryDraws.drawsAt} <= now()`,
        ),
      )
      .orderBy(asc(lotteryDraws.drawsAt))
      .limit(limit);
  }

  /** Draws not drawn yet whose time comes within `ms`. */
  drawsWithin(ms: number): Promise<Array<{ id: number; drawsAt: Date }>> {
    return this.db
      .select({ id: lotteryDraws.id, drawsAt: lotteryDraws.drawsAt })
      .from(lotteryDraws)
      .where(
        and(
          inArray(lotteryDraws.status, ['scheduled', 'open']),
          sql`${lotteryDraws.drawsAt} <= now() + ${`${Math.round(ms)} milliseconds`}::interval`,
        ),
      );
  }

  /** Cancelled draws that still hold lines to refund. */
  async cancelledWithLines(): Promise<DrawRow[]> {
    return this.db
      .select()
      .from(lotteryDraws)
      .where(
        and(
          eq(lotteryDraws.status, 'cancelled'),
          sql`EXISTS (SELECT 1 FROM lottery_bets b WHERE b.draw_id = ${lotteryDraws.id} AND b.status = 'placed')`,
        ),
      );
  }

  async draw(id: number): Promise<DrawRow | null> {
    const [row] = await this.db.select().from(lotteryDraws).where(eq(lotteryDraws.id, id));
    return row ?? null;
  }

  async drawByNumber(gameId: number, number: string): Promise<DrawRow | null> {
    const [row] = await this.db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameId, gameId), eq(lotteryDraws.number, number)));
    return row ?? null;
  }

  /** The game's next draws still taking bets (by the database's clock), soonest first. */
  upcoming(gameId: number, limit: number): Promise<DrawRow[]> {
    return this.db
      .select()
      .from(lotteryDraws)
      .where(
        and(
          eq(lotteryDraws.gameId, gameId),
          inArray(lotteryDraws.status, ['scheduled', 'open']),
          sql`${lotteryDraws.closesAt} > now()`,
        ),
      )
      .orderBy(asc(lotteryDraws.drawsAt))
      .limit(limit);
  }

  /** Drawn draws, newest first, before a draw time. */
  history(gameId: number, limit: number, before?: Date): Promise<DrawRow[]> {
    return this.db
      .select()
      .from(lotteryDraws)
      .where(
        and(
          eq(lotteryDraws.gameId, gameId),
          inArray(lotteryDraws.status, ['drawn', 'settled', 'cancelled']),
          before ? lt(lotteryDraws.drawsAt, before) : undefined,
        ),
      )
      .orderBy(desc(lotteryDraws.drawsAt))
      .limit(limit);
  }

  /** The database's clock, for the page's countdown. */
  async now(): Promise<Date> {
    const [row] = rowsOf<{ now: string | Date }>(await this.db.execute(sql`SELECT now() AS now`));
    return new Date(row!.now);
  }

  // ---- a draw's steps -------------------------------------------------------------------------------

  /** lottery_close: the mix and line count, or null when it was not due or closed already. */
  async close(drawId: number): Promise<{ mix: string; bets: number } | null> {
    const [row] = rowsOf<{ out: { mix: string; bets: number } | null }>(
      await this.db.execute(sql`SELECT lottery_close(${drawId}::bigint) AS out`),
    );
    return row?.out ?? null;
  }

  /** The leaves a draw published at its close, sorted (null before, and for draws closed before leaves). */
  async drawLeaves(drawId: number): Promise<string[] | null> {
    const [row] = await this.db
      .select({ leaves: lotteryDrawLeaves.leaves })
      .from(lotteryDrawLeaves)
      .where(eq(lotteryDrawLeaves.drawId, drawId));
    if (!row) return null;
    return row.leaves === '' ? [] : row.leaves.split('\n');
  }

  /** Records the numbers once: a second process's identical result finds the draw drawn already. */
  async markDrawn(drawId: number, serverSeed: string, result: unknown): Promise<boolean> {
    const rows = await this.db
      .update(lotteryDraws)
      .set({ status: 'drawn', serverSeed, result, drawnAt: sql`now()` })
      .where(and(eq(lotteryDraws.id, drawId), eq(lotteryDraws.status, 'closed')))
      .returning({ id: lotteryDraws.id });
    return rows.length > 0;
  }

  /** Lines still placed on a draw, by id, after `afterId`. */
  placedLines(drawId: number, afterId: number, limit: number): Promise<LineRow[]> {
    return this.db
      .select()
      .from(lotteryBets)
      .where(
        and(eq(lotteryBets.drawId, drawId), eq(lotteryBets.status, 'placed'), gt(lotteryBets.id, afterId)),
      )
      .orderBy(asc(lotteryBets.id))
      .limit(limit);
  }

  settle(args: {
    brandId: number;
    drawId: number;
    vendor: string;
    gameCode: string;
    lost: number[];
    house: number;
    wins: WinItem[];
  }) {
    const w = args.wins;
    return this.call<{ lost: number; balances: Record<string, number> }>('lottery_settle', SETTLE, [
      args.brandId,
      args.drawId,
      args.vendor,
      args.gameCode,
      integerArrayLiteral(args.lost),
      args.house,
      integerArrayLiteral(w.map((x) => x.id)),
      integerArrayLiteral(w.map((x) => x.payout)),
      integerArrayLiteral(w.map((x) => x.wallet)),
      textArrayLiteral(w.map((x) => x.key)),
      textArrayLiteral(w.map((x) => x.hash)),
    ]);
  }

  /** A drawn draw with no line left to settle is settled. */
  async finish(drawId: number): Promise<boolean> {
    const rows = rowsOf<{ id: number }>(
      await this.db.execute(sql`UPDATE lottery_draws d SET status = 'settled', settled_at = now()
        WHERE d.id = ${drawId} AND d.status = 'drawn'
          AND NOT EXISTS (SELECT 1 FROM lottery_bets b WHERE b.draw_id = d.id AND b.status = 'placed')
        RETURNING d.id`),
    );
    return rows.length > 0;
  }

  /** Lines of chases that stop on a win and won on this draw, still placed on later draws. */
  async chaseLinesToStop(drawId: number): Promise<LineRow[]> {
    return this.db
      .select()
      .from(lotteryBets)
      .where(
        and(
          eq(lotteryBets.status, 'placed'),
          sql`${lotteryBets.chaseId} IN (SELECT b.chase_id FROM lottery_bets b JOIN lottery_chases c ON c.id = b.chase_id
            WHERE b.draw_id = ${drawId} AND b.status = 'won' AND c.stop_on_win AND c.status = 'running')`,
        ),
      );
  }

  /** Chases of this draw: stopped on a win where one of its lines won, done when nothing is left placed. */
  async updateChases(drawId: number) {
    await this.db.execute(sql`UPDATE lottery_chases c SET status = 'won'
      WHERE c.status = 'running' AND c.stop_on_win
        AND EXISTS (SELECT 1 FROM lottery_bets b WHERE b.chase_id = c.id AND b.draw_id = ${drawId} AND b.status = 'won')`);
    await this.db.execute(sql`UPDATE lottery_chases c SET status = 'done'
      WHERE c.status = 'running'
        AND c.id IN (SELECT chase_id FROM lottery_bets WHERE draw_id = ${drawId} AND chase_id IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM lottery_bets b WHERE b.chase_id = c.id AND b.status = 'placed')`);
  }

  // ---- slips ----------------------------------------------------------------------------------------

  place(args: {
    brandId: number;
    memberId: number;
    gameId: number;
    gameCode: string;
    vendor: string;
    requestId: string;
    draws: number[];
    stopOnWin: boolean;
    items: PlaceItem[];
    wallet: number;
    house: number;
  }) {
    return this.call<{
      replayed: boolean;
      lines?: Array<{ id: number; draw: number; line: number }>;
      balance?: number;
      chase?: number | null;
      at?: string;
    }>('lottery_place', PLACE, [
      args.brandId,
      args.memberId,
      args.gameId,
      args.gameCode,
      args.vendor,
      args.requestId,
      `{${args.draws.join(',')}}`,
      args.stopOnWin,
      JSON.stringify(args.items),
      args.wallet,
      args.house,
    ]);
  }

  refund(args: {
    brandId: number;
    vendor: string;
    gameCode: string;
    mode: 'member' | 'chase' | 'draw';
    memberId: number | null;
    items: RefundItem[];
  }) {
    return this.call<{ ids: number[]; balances: Record<string, number> }>(
      'lottery_refund',
      `SELECT lottery_refund($1::integer, $2, $3, $4, $5::integer, $6::jsonb) AS out`,
      [args.brandId, args.vendor, args.gameCode, args.mode, args.memberId, JSON.stringify(args.items)],
    );
  }

  /** A slip's lines, by its request id. */
  slipLines(memberId: number, requestId: string): Promise<LineRow[]> {
    return this.db
      .select()
      .from(lotteryBets)
      .where(and(eq(lotteryBets.memberId, memberId), eq(lotteryBets.requestId, requestId)))
      .orderBy(asc(lotteryBets.id));
  }

  linesByIds(memberId: number, ids: number[]): Promise<LineRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(lotteryBets)
      .where(and(eq(lotteryBets.memberId, memberId), inArray(lotteryBets.id, ids)));
  }

  /** The draw number and vendor of each of these lines of the brand (the betting record's references). */
  lineDraws(brandId: number, ids: number[]): Promise<Array<{ id: number; vendor: string; draw: string }>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: lotteryBets.id, vendor: lotteryGames.vendorCode, draw: lotteryDraws.number })
      .from(lotteryBets)
      .innerJoin(lotteryDraws, eq(lotteryDraws.id, lotteryBets.drawId))
      .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryBets.gameId))
      .where(and(eq(lotteryBets.brandId, brandId), inArray(lotteryBets.id, ids)));
  }

  /** A member's lines, newest first, with their draws. */
  async memberLines(
    memberId: number,
    q: { gameId?: number; drawId?: number; status?: string; beforeId?: number; limit: number },
  ): Promise<Array<LineRow & { drawNumber: string; drawStatus: string; drawsAt: Date }>> {
    const rows = await this.db
      .select({
        line: lotteryBets,
        draw: { number: lotteryDraws.number, status: lotteryDraws.status, drawsAt: lotteryDraws.drawsAt },
      })
      .from(lotteryBets)
      .innerJoin(lotteryDraws, eq(lotteryDraws.id, lotteryBets.drawId))
      .where(
        and(
          eq(lotteryBets.memberId, memberId),
          q.gameId ? eq(lotteryBets.gameId, q.gameId) : undefined,
          q.drawId ? eq(lotteryBets.drawId, q.drawId) : undefined,
          q.status ? eq(lotteryBets.status, q.status) : undefined,
          q.beforeId ? lt(lotteryBets.id, q.beforeId) : undefined,
        ),
      )
      .orderBy(desc(lotteryBets.id))
      .limit(q.limit);
    return rows.map((r) => ({
      ...r.line,
      drawNumber: r.draw.number,
      drawStatus: r.draw.status,
      drawsAt: r.draw.drawsAt,
    }));
  }

  /** The games a member placed lines on lately, latest first. */
  async recentGameIds(memberId: number): Promise<number[]> {
    const rows = rowsOf<{ game_id: number }>(
      await this.db.execute(sql`SELECT game_id FROM lottery_bets WHERE member_id = ${memberId}
        GROUP BY game_id ORDER BY max(id) DESC LIMIT 10`),
    );
    return rows.map((r) => Number(r.game_id));
  }

  chases(memberId: number, ids: number[]): Promise<ChaseRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(lotteryChases)
      .where(and(eq(lotteryChases.memberId, memberId), inArray(lotteryChases.id, ids)));
  }

  // ---- the back office ------------------------------------------------------------------------------

  /** A draw's lines and stakes by bet type, and the most each could pay. */
  async exposure(drawId: number) {
    return rowsOf<{ bet_type: string; lines: number; stake: string; members: number }>(
      await this.db.execute(sql`SELECT bet_type, count(*)::integer AS lines, sum(stake)::text AS stake,
          count(DISTINCT member_id)::integer AS members
        FROM lottery_bets WHERE draw_id = ${drawId} AND status IN ('placed', 'won', 'lost')
        GROUP BY bet_type ORDER BY bet_type`),
    ).map((r) => ({ betType: r.bet_type, lines: r.lines, stake: Number(r.stake), members: r.members }));
  }

  /** Every placed line of a draw (for the worst case of its payouts). */
  linesOfDraw(drawId: number): Promise<LineRow[]> {
    return this.db
      .select()
      .from(lotteryBets)
      .where(and(eq(lotteryBets.drawId, drawId), eq(lotteryBets.status, 'placed')));
  }

  /**
   * Cancels a draw not drawn yet, revealing its seed, with the operator's audit row in the same
   * transaction. After its close (by the database's clock) only when `afterClose` says the operator knows:
   * a draw past its close that no job closed yet is closed first, so its lines are published and anyone
   * can compute what it would have drawn. Answers the cancelled draw, 'after-close' when refused for want
   * of `afterClose`, or null when it cannot be cancelled (drawn, settled, cancelled).
   */
  async cancelDraw(
    drawId: number,
    what: { reason: string; afterClose: boolean; serverSeed: string },
    alongside: (tx: Database, how: { afterClose: boolean }) => Promise<void>,
  ): Promise<DrawRow | 'after-close' | null> {
    return this.db.transaction(async (tx) => {
      // As a close does: slips being placed on the draw finish first, later ones find it cancelled.
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(${DRAW_LOCK}::integer, ${drawLockKey(drawId)}::integer)`,
      );
      const [current] = rowsOf<{ status: string; past: boolean }>(
        await tx.execute(sql`SELECT status, closes_at <= now() AS past FROM lottery_draws
          WHERE id = ${drawId} FOR UPDATE`),
      );
      if (!current || !['scheduled', 'open', 'closed'].includes(current.status)) return null;
      const afterClose = current.status === 'closed' || current.past;
      if (afterClose && !what.afterClose) return 'after-close' as const;
      if (afterClose && current.status !== 'closed')
        await tx.execute(sql`SELECT lottery_close(${drawId}::bigint)`);
      const [row] = await tx
        .update(lotteryDraws)
        .set({
          status: 'cancelled',
          cancelledAt: sql`now()`,
          cancelReason: what.reason,
          serverSeed: what.serverSeed,
        })
        .where(eq(lotteryDraws.id, drawId))
        .returning();
      await alongside(tx as unknown as Database, { afterClose });
      return row ?? null;
    });
  }

  /** Draws of a game around now: the last `before` that are due or past, and the next `after`, by time. */
  async aroundNow(gameId: number, before: number, after: number): Promise<DrawRow[]> {
    const [past, next] = await Promise.all([
      this.db
        .select()
        .from(lotteryDraws)
        .where(and(eq(lotteryDraws.gameId, gameId), sql`${lotteryDraws.drawsAt} <= now()`))
        .orderBy(desc(lotteryDraws.drawsAt))
        .limit(before),
      this.db
        .select()
        .from(lotteryDraws)
        .where(and(eq(lotteryDraws.gameId, gameId), sql`${lotteryDraws.drawsAt} > now()`))
        .orderBy(asc(lotteryDraws.drawsAt))
        .limit(after),
    ]);
    return [...past.reverse(), ...next];
  }
}
