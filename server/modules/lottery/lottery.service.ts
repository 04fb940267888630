import type { FastifyBaseLogger } from 'fastify';
import type { LanguageCode } from '../../../src/api/contract/common';
import {
  type BetTypeSettings,
  LOTTERY_VENDORS,
  type LotteryDraw,
  type LotteryGame,
  type LotteryLine,
  MAX_SLIP_LINES,
  type PlacedSlip,
  type PlaceSlipBody,
} from '../../../src/api/contract/lottery';
import type { ErrorCode } from '../../../src/api/errors';
import {
  betTypes,
  linePayout,
  normalise,
  type Selection,
  selectionError,
} from '../../../src/lottery/bet-types';
import {
  type DrawResult,
  drawResult,
  type Family,
  lunarYearZodiac,
  resultNumbers,
} from '../../../src/lottery/results';
import { LEAF_SCHEME, lineLeaf } from '../../../src/lottery/verify';
import { commitmentOf, randomHex } from '../../../src/originals/fair';
import { formatAmount } from '../../../src/ui/format';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../http/app-error';
import { dayIn } from '../../lib/brand-days';
import type { SecretBox } from '../../lib/secret-box';
import { TtlCache } from '../../lib/ttl-cache';
import type { Brand } from '../brand/brand.service';
import { emptyFingerprint, type Ledger, translateError } from '../ledger/ledger';
import { checkBrandAmount } from '../wallet/amount';
import type { DrawRow, GameRow, LineRow, LotteryRepository, RefundItem } from './lottery.repository';
import { type Calendar, horizon, slotsBetween } from './lottery-calendar';
import { betTypeSettingsOf, catalogueRows } from './lottery-catalogue';

/** The page each lottery vendor's games open at (spec 2.1). */
const LOTTERY_ROUTES: Record<string, string> = {
  LOTT: '/lottery',
  ELOTT: '/lottery',
  TCG_SEA: '/seaLottery',
  TCG_LOTTO_VN: '/vnLottery',
};

/** What the lotteries ask of other modules (server/app.ts passes them in). */
export interface LotteryPorts {
  /** Pushes a member's new main balance to their open pages. */
  balanceChanged(brand: Brand, memberId: number, balance: number): void;
  /** Brands by id, for the draws' steps (which run for every brand). */
  brand(brandId: number): Promise<Brand | null>;
}

type Member = { id: number };

const LOTTERY_ERRORS: Record<string, ErrorCode> = {
  LOTTERY_DRAW_CLOSED: 'DRAW_CLOSED',
  LOTTERY_BET_NOT_OPEN: 'LINE_NOT_CANCELLABLE',
};

function translate(error: unknown): never {
  const e = error as { message?: string; cause?: { message?: string } };
  const message = e.cause?.message ?? e.message ?? '';
  for (const [raised, code] of Object.entries(LOTTERY_ERRORS)) {
    if (message.includes(raised)) throw new AppError(code);
  }
  translateError(error);
}

const betKey = (line: Pick<LineRow, 'memberId' | 'requestId' | 'drawId' | 'line'>) =>
  `lot:${line.memberId}:${line.requestId}:${line.drawId}:${line.line}:bet`;

/**
 * The lotteries (docs/lottery.md): the draw engine (calendar, close, draw, settle, each step once whatever
 * the number of processes), slips and chases placed through the ledger as the game's vendor's rounds, and
 * what the pages and the back office read.
 */
export class LotteryService {
  constructor(
    private readonly repo: LotteryRepository,
    private readonly ledger: Ledger,
    private readonly box: SecretBox,
    private readonly ports: LotteryPorts,
    private readonly log?: FastifyBaseLogger,
    /** Lines settled per statement: one transaction each, so a crash loses at most one chunk's work (redone). */
    private readonly settleChunk = 2_000,
  ) {}

  // ---- games ----------------------------------------------------------------------------------------

  /** Gives a brand the games of the catalogue it lacks (at start and on every tick: cheap, idempotent). */
  ensureCatalogue(brand: Brand) {
    return this.repo.ensureGames(catalogueRows(brand.id));
  }

  private calendarOf(game: GameRow, brand: Brand): Calendar {
    return {
      intervalMinutes: game.intervalMinutes,
      dailyTime: game.dailyTime,
      timeZone: game.timeZone ?? brand.timeZone,
    };
  }

  gameView(game: GameRow, brand: Brand, lang: LanguageCode): LotteryGame {
    const cal = this.calendarOf(game, brand);
    return {
      code: game.code,
      vendor: game.vendorCode as LotteryGame['vendor'],
      family: game.family as Family,
      name: lang === 'en' ? game.nameEn : game.namePt,
      schedule: cal.intervalMinutes
        ? { kind: 'interval', minutes: cal.intervalMinutes }
        : { kind: 'daily', time: cal.dailyTime ?? '00:00', timeZone: cal.timeZone },
      closeSeconds: game.closeSeconds,
      maxChase: game.maxChase,
      enabled: game.enabled,
      betTypes: betTypeSettingsOf(game),
    };
  }

  async games(brand: Brand, lang: LanguageCode) {
    const rows = await this.repo.games(brand.id);
    return {
      games: rows.filter((g) => g.enabled).map((g) => this.gameView(g, brand, lang)),
      currency: brand.currency,
    };
  }

  /** How many games that are on each lottery vendor plays (the catalogue shows those vendors as playable). */
  vendorCounts(brandId: number) {
    // The home page's menus ask on every visit: a few seconds old is fresh enough for a switch.
    return this.countsCache.get(String(brandId), async () => {
      const counts = new Map<string, number>();
      for (const g of await this.repo.games(brandId)) {
        if (g.enabled) counts.set(g.vendorCode, (counts.get(g.vendorCode) ?? 0) + 1);
      }
      return counts;
    });
  }

  private readonly countsCache = new TtlCache<Map<string, number>>(5_000);

  /**
   * `/wps/game/launchGame` for a lottery vendor (spec 4.6): the page of the game named, or of the vendor's
   * first game that is on; null for any other vendor.
   */
  async launchTarget(brand: Brand, lang: LanguageCode, vendor: string, gameCode?: string) {
    const route = LOTTERY_ROUTES[vendor];
    if (!route) return null;
    const games = (await this.repo.games(brand.id)).filter((g) => g.enabled && g.vendorCode === vendor);
    const game = gameCode ? games.find((g) => g.code === gameCode) : games[0];
    if (!game) throw new AppError('GAME_NOT_FOUND');
    return {
      url: `${route}?gameCode=${encodeURIComponent(game.code)}`,
      opensIn: 'route' as const,
      vassalage: vendor,
      gameCode: game.code,
      gameName: lang === 'en' ? game.nameEn : game.namePt,
      gameType: (vendor === 'ELOTT' ? 'ELOTT' : 'LOTT') as 'LOTT' | 'ELOTT',
    };
  }

  /** Every game, on or off, for the back office. */
  async allGames(brand: Brand) {
    return this.repo.games(brand.id);
  }

  /** Each game's name in `lang`, by `${vendor}:${code}`: the betting record names lottery rounds with it. */
  async gameNames(brand: Brand, lang: LanguageCode): Promise<Map<string, string>> {
    const rows = await this.repo.games(brand.id);
    return new Map(rows.map((g) => [`${g.vendorCode}:${g.code}`, lang === 'en' ? g.nameEn : g.namePt]));
  }

  /**
   * The draw each lottery round was for, by `${vendor}:${roundId}` (a line is its vendor's round `L<id>`),
   * so a player reads "Concurso 20261127-0843", not L12; rounds of other vendors are left out.
   */
  async roundDraws(brand: Brand, rounds: Array<{ vendor: string; roundId: string }>) {
    const ids = rounds
      .filter(
        (r) => (LOTTERY_VENDORS as readonly string[]).includes(r.vendor) && /^L\d{1,15}$/.test(r.roundId),
      )
      .map((r) => Number(r.roundId.slice(1)));
    const rows = await this.repo.lineDraws(brand.id, [...new Set(ids)]);
    return new Map(rows.map((r) => [`${r.vendor}:L${r.id}`, r.draw]));
  }

  private async playable(brand: Brand, code: string) {
    const game = await this.repo.game(brand.id, code);
    if (!game) throw new AppError('LOTTERY_NOT_FOUND');
    if (!game.enabled) throw new AppError('GAME_DISABLED');
    return game;
  }

  async gameRow(brand: Brand, code: string) {
    const game = await this.repo.game(brand.id, code);
    if (!game) throw new AppError('LOTTERY_NOT_FOUND');
    return game;
  }

  // ---- the calendar and the draws' steps (jobs) -----------------------------------------------------

  /** Keeps each enabled game's draws scheduled ahead, each with a new sealed seed whose hash is public. */
  async schedule(brand: Brand, now = new Date()) {
    for (const game of await this.repo.games(brand.id)) {
      if (!game.enabled) continue;
      const cal = this.calendarOf(game, brand);
      const last = await this.repo.lastDrawAt(game.id);
      const from = last && last > now ? last : now;
      const slots = slotsBetween(cal, game.closeSeconds, from, horizon(cal, game.maxChase, now));
      if (slots.length === 0) continue;
      await this.repo.insertDraws(
        slots.map((s) => {
          const seed = randomHex(32);
          return {
            brandId: brand.id,
            gameId: game.id,
            number: s.number,
            opensAt: s.opensAt,
            closesAt: s.closesAt,
            drawsAt: s.drawsAt,
            seedCipher: this.box.seal(seed),
            seedHash: commitmentOf(seed),
            zodiacOfOne: game.family === 'lhc' ? lunarYearZodiac(dayIn(s.drawsAt, cal.timeZone)) : null,
          };
        }),
      );
    }
  }

  /**
   * A game's calendar changed: its draws not yet taking bets and holding no line are dropped (they never
   * took a bet, so nothing rests on their commitment) and scheduled again from the new calendar. Draws
   * already open or carrying a chase's lines keep their time.
   */
  async reschedule(brand: Brand, code: string) {
    const game = await this.gameRow(brand, code);
    await this.repo.dropUnopenedDraws(game.id);
    await this.schedule(brand);
  }

  /**
   * Every due step of every draw: windows that opened are open; draws whose time has come are closed,
   * drawn and settled; cancelled draws are refunded. Each step is a conditional update, so several
   * processes (or a rerun after a crash) do each once. Answers how many draws were settled now.
   */
  async advance(): Promise<number> {
    await this.repo.markOpen();
    let settled = 0;
    for (const draw of await this.repo.dueDraws()) {
      try {
        if (await this.run(draw)) settled++;
      } catch (error) {
        this.log?.error({ err: error, draw: draw.id }, 'lottery draw step failed; the next tick retries it');
      }
    }
    for (const draw of await this.repo.cancelledWithLines()) await this.refundDraw(draw);
    return settled;
  }

  /** Every brand's lotteries and their next draws, before the first page asks for them (server start). */
  async prepare(brands: Brand[]) {
    for (const brand of brands) {
      await this.ensureCatalogue(brand);
      await this.schedule(brand);
    }
  }

  /**
   * The lottery tick (job 'lottery.tick'): catalogues and calendars kept ahead, due steps run, and each
   * draw of the next minutes handed to `drawAt` so it gets a job of its own at its time.
   */
  async keepScheduled(brands: Brand[], drawAt: (draw: { id: number; drawsAt: Date }) => Promise<unknown>) {
    await this.prepare(brands);
    await this.advance();
    for (const draw of await this.drawsWithin(150_000)) await drawAt(draw);
  }

  /** Draws of every brand due within `ms` (for their own jobs). */
  drawsWithin(ms: number) {
    return this.repo.drawsWithin(ms);
  }

  /** Closes, draws and settles one due draw as far as it goes; true when it ended settled now. */
  private async run(draw: DrawRow): Promise<boolean> {
    const game = await this.repo.gameById(draw.gameId);
    if (!game) return false;
    let row: DrawRow | null = draw;
    if (row.status === 'scheduled' || row.status === 'open') {
      await this.repo.close(row.id);
      row = await this.repo.draw(row.id);
    }
    if (row?.status === 'closed') {
      const serverSeed = this.box.open(row.seedCipher);
      const result = drawResult(game.family as Family, serverSeed, row.mix!, {
        zodiacOfOne: row.zodiacOfOne ?? undefined,
      });
      await this.repo.markDrawn(row.id, serverSeed, result);
      row = await this.repo.draw(row.id);
    }
    if (row?.status === 'drawn') return this.settle(row, game);
    return false;
  }

  /** Pays a drawn draw's lines, a chunk per statement; stops chases that won; then marks it settled. */
  private async settle(draw: DrawRow, game: GameRow): Promise<boolean> {
    const brand = await this.ports.brand(draw.brandId);
    if (!brand) return false;
    const result = draw.result as DrawResult;
    for (let after = 0; ; ) {
      const lines = await this.repo.placedLines(draw.id, after, this.settleChunk);
      if (lines.length === 0) break;
      after = lines.at(-1)!.id;
      const lost: number[] = [];
      const paid: Array<{ id: number; memberId: number; payout: number }> = [];
      for (const line of lines) {
        const def = betTypes.get(line.betType);
        const payout = def
          ? linePayout(
              def.settle(line.selection as Selection, result),
              line.odds as Record<string, number>,
              line.unit,
              line.multiplier,
            )
          : 0;
        if (payout === 0) lost.push(line.id);
        else paid.push({ id: line.id, memberId: line.memberId, payout });
      }
      const prepared = await this.ledger.prepareHousePayments(
        brand,
        'house',
        'win',
        paid.map((p) => ({ key: `lot:${p.id}:win`, memberId: p.memberId, amount: p.payout })),
      );
      const out = await this.repo.settle({
        brandId: draw.brandId,
        drawId: draw.id,
        vendor: game.vendorCode,
        gameCode: game.code,
        lost,
        house: prepared.house,
        wins: paid.map((p, i) => ({
          id: p.id,
          payout: p.payout,
          key: prepared.items[i]!.key,
          hash: prepared.items[i]!.hash,
          wallet: prepared.items[i]!.wallet,
        })),
      });
      // Balances come back by wallet: each member's page hears its own.
      const members = new Map(prepared.items.map((i) => [String(i.wallet), i.memberId]));
      this.pushBalances(
        brand,
        Object.fromEntries(
          Object.entries(out.balances).map(([wallet, b]) => [String(members.get(wallet)), b]),
        ),
      );
    }
    await this.stopChases(draw, game, brand);
    await this.repo.updateChases(draw.id);
    return this.repo.finish(draw.id);
  }

  /** A chase that stops on a win gives back its lines on the draws still taking bets. */
  private async stopChases(draw: DrawRow, game: GameRow, brand: Brand) {
    const lines = await this.repo.chaseLinesToStop(draw.id);
    if (lines.length === 0) return;
    const out = await this.repo.refund({
      brandId: brand.id,
      vendor: game.vendorCode,
      gameCode: game.code,
      mode: 'chase',
      memberId: null,
      items: await this.refundItems(brand, lines),
    });
    this.pushBalances(brand, out.balances);
  }

  private async refundItems(brand: Brand, lines: LineRow[]): Promise<RefundItem[]> {
    return Promise.all(
      lines.map(async (line) => ({
        id: line.id,
        targetKey: betKey(line),
        key: `lot:${line.id}:refund`,
        hash: emptyFingerprint('reversal'),
        wallet: await this.ledger.memberAccount(brand.id, line.memberId, 'main', brand.currency),
      })),
    );
  }

  /** Every line of a cancelled draw gets its stake back, once. */
  private async refundDraw(draw: DrawRow) {
    const brand = await this.ports.brand(draw.brandId);
    const game = await this.repo.gameById(draw.gameId);
    if (!brand || !game) return;
    for (;;) {
      const lines = await this.repo.placedLines(draw.id, 0, this.settleChunk);
      if (lines.length === 0) return;
      const out = await this.repo.refund({
        brandId: brand.id,
        vendor: game.vendorCode,
        gameCode: game.code,
        mode: 'draw',
        memberId: null,
        items: await this.refundItems(brand, lines),
      });
      this.pushBalances(brand, out.balances);
      if (out.ids.length === 0) return;
    }
  }

  private pushBalances(brand: Brand, balances: Record<string, number>) {
    for (const [memberId, balance] of Object.entries(balances)) {
      if (balance !== null && balance !== undefined)
        this.ports.balanceChanged(brand, Number(memberId), Number(balance));
    }
  }

  // ---- what the pages read ----------------------------------------------------------------------------

  /**
   * A draw as any page shows it. Its seed and numbers only once it has ended: drawn, or cancelled (its
   * seed then shows it was the one committed, and with its mix what it would have drawn).
   */
  drawView(row: DrawRow): LotteryDraw {
    const drawn = row.status === 'drawn' || row.status === 'settled';
    const cancelled = row.status === 'cancelled';
    return {
      number: row.number,
      opensAt: row.opensAt.getTime(),
      closesAt: row.closesAt.getTime(),
      drawsAt: row.drawsAt.getTime(),
      status: row.status as LotteryDraw['status'],
      seedHash: row.seedHash,
      mix: row.mix,
      mixScheme: row.mixScheme,
      betCount: row.betCount,
      // Draws cancelled before cancelling revealed seeds kept them sealed: they show them too.
      serverSeed: drawn
        ? row.serverSeed
        : cancelled
          ? (row.serverSeed ?? this.box.open(row.seedCipher))
          : null,
      result: drawn ? (row.result as Record<string, unknown>) : null,
      zodiacOfOne: row.zodiacOfOne,
      cancelReason: row.cancelReason,
      cancelledAt: row.cancelledAt ? row.cancelledAt.getTime() : null,
    };
  }

  async state(brand: Brand, code: string, lang: LanguageCode) {
    const game = await this.playable(brand, code);
    const [upcoming, last, now] = await Promise.all([
      this.repo.upcoming(game.id, Math.min(game.maxChase, 120)),
      this.repo.history(game.id, 1),
      this.repo.now(),
    ]);
    return {
      game: this.gameView(game, brand, lang),
      now: now.getTime(),
      upcoming: upcoming.map((d) => this.drawView(d)),
      last: last[0] ? this.drawView(last[0]) : null,
    };
  }

  async results(brand: Brand, code: string, q: { before?: number; limit: number }) {
    const game = await this.gameRow(brand, code);
    const rows = await this.repo.history(game.id, q.limit, q.before ? new Date(q.before) : undefined);
    return { draws: rows.map((d) => this.drawView(d)) };
  }

  async drawOf(brand: Brand, code: string, number: string) {
    const game = await this.gameRow(brand, code);
    const row = await this.repo.drawByNumber(game.id, number);
    if (!row) throw new AppError('DRAW_NOT_FOUND');
    return this.drawView(row);
  }

  /**
   * A draw's accepted lines as it published them at its close: their leaves, sorted, with nothing of who
   * placed them; with the draw's mix any player recomputes its numbers. Nothing before the close.
   */
  async drawLines(brand: Brand, code: string, number: string) {
    const game = await this.gameRow(brand, code);
    const row = await this.repo.drawByNumber(game.id, number);
    if (!row) throw new AppError('DRAW_NOT_FOUND');
    const closed = row.mix !== null && row.mixScheme === LEAF_SCHEME;
    return {
      number: row.number,
      status: row.status as LotteryDraw['status'],
      mixScheme: row.mixScheme,
      mix: row.mix,
      betCount: row.betCount,
      leaves: closed ? await this.repo.drawLeaves(row.id) : null,
    };
  }

  /** Spec 7's menus: each game with its next draw and last numbers (VN ones, or the others). */
  async menu(brand: Brand, lang: LanguageCode, vendors: readonly string[]) {
    const games = (await this.repo.games(brand.id)).filter(
      (g) => g.enabled && vendors.includes(g.vendorCode),
    );
    return Promise.all(
      games.map(async (g) => {
        const [next] = await this.repo.upcoming(g.id, 1);
        const [last] = await this.repo.history(g.id, 1);
        return {
          gameCode: g.code,
          name: lang === 'en' ? g.nameEn : g.namePt,
          vendor: g.vendorCode as LotteryGame['vendor'],
          family: g.family as Family,
          nextDrawAt: next ? next.drawsAt.getTime() : null,
          lastNumbers: last?.result ? resultNumbers(last.result as DrawResult) : [],
        };
      }),
    );
  }

  /** The member's games (of these vendors) they bet on lately, latest first. */
  async recentMenu(brand: Brand, member: Member, lang: LanguageCode, vendors: readonly string[]) {
    const ids = await this.repo.recentGameIds(member.id);
    const menu = await this.menu(brand, lang, vendors);
    const codes = new Map((await this.repo.games(brand.id)).map((g) => [g.id, g.code]));
    const order = ids.map((id) => codes.get(id));
    return menu
      .filter((m) => order.includes(m.gameCode))
      .sort((a, b) => order.indexOf(a.gameCode) - order.indexOf(b.gameCode));
  }

  /** Spec 7's "opened numbers": the latest drawn numbers of each game (or one game). */
  async opened(brand: Brand, vendors: readonly string[], gameCode?: string) {
    const games = (await this.repo.games(brand.id)).filter(
      (g) => g.enabled && vendors.includes(g.vendorCode) && (!gameCode || g.code === gameCode),
    );
    const out = [];
    for (const g of games) {
      const [last] = await this.repo.history(g.id, 1);
      if (last?.result) {
        out.push({
          gameCode: g.code,
          numero: last.number,
          drawsAt: last.drawsAt.getTime(),
          numbers: resultNumbers(last.result as DrawResult),
        });
      }
    }
    return out;
  }

  // ---- slips ------------------------------------------------------------------------------------------

  /**
   * Places a slip: every line checked against its bet type and the game's limits, then one statement
   * that takes bets only while each draw's window is open by the database's clock, and moves each line's
   * stake as its own round. A chase places the same lines on the draws after, all paid now; a retried
   * request id answers with the lines it placed.
   */
  /** A game and its next draws as this process read them within the last second: the slip's statement checks them again. */
  private readonly hot = new TtlCache<{ game: GameRow | null; upcoming: DrawRow[] }>(1_000);

  /** Forgets what `hot` holds (the back office changed a game). */
  forget() {
    this.hot.clear();
  }

  async place(brand: Brand, member: Member, body: PlaceSlipBody, lang: LanguageCode): Promise<PlacedSlip> {
    try {
      return await this.placeNew(brand, member, body, lang);
    } catch (error) {
      // A retry of a slip that went through (its answer lost) meets a draw closed since, or limits
      // changed since: it is answered with the lines it placed, never refused.
      if (error instanceof AppError) {
        const earlier = await this.repo.slipLines(member.id, body.requestId);
        if (earlier.length > 0) return this.slipAnswer(brand, member, earlier, null);
      }
      throw error;
    }
  }

  private async placeNew(
    brand: Brand,
    member: Member,
    body: PlaceSlipBody,
    lang: LanguageCode,
  ): Promise<PlacedSlip> {
    const hot = await this.hot.get(`${brand.id}:${body.game}`, async () => {
      const row = await this.repo.game(brand.id, body.game);
      return {
        game: row,
        upcoming: row ? await this.repo.upcoming(row.id, Math.min(row.maxChase, 120) + 1) : [],
      };
    });
    const game = hot.game;
    if (!game) throw new AppError('LOTTERY_NOT_FOUND');
    if (!game.enabled) throw new AppError('GAME_DISABLED');
    const settings = new Map(betTypeSettingsOf(game).map((s) => [s.code, s]));
    const money = (v: number) => `${formatAmount(v, lang)} ${brand.currency}`;
    const lines = body.lines.map((line, i) =>
      this.checkLine(brand, game, settings, line, i + 1, money, lang),
    );
    if (lines.length > MAX_SLIP_LINES) throw new AppError('VALIDATION_FAILED');

    const drawCount = body.chase?.draws ?? 1;
    if (drawCount > game.maxChase) throw new AppError('CHASE_TOO_LONG', { max: game.maxChase });
    const upcoming = hot.upcoming.filter((d) => d.closesAt.getTime() > Date.now() - 60_000);
    const start = upcoming.findIndex((d) => d.number === body.draw);
    if (start < 0) {
      const named = await this.repo.drawByNumber(game.id, body.draw);
      throw new AppError(named ? 'DRAW_CLOSED' : 'DRAW_NOT_FOUND');
    }
    const draws = upcoming.slice(start, start + drawCount);
    if (draws.length < drawCount) throw new AppError('CHASE_TOO_LONG', { max: upcoming.length - start });
    const total = lines.reduce((n, l) => n + l.stake, 0) * drawCount;
    checkBrandAmount(brand, total, lang);

    const wallet = await this.ledger.memberAccount(brand.id, member.id, 'main', brand.currency);
    const house = await this.ledger.houseAccount(brand.id, 'house', brand.currency);
    const items = [];
    for (const line of lines) {
      const prepared = await this.ledger.prepare({
        brand,
        key: betKey({
          memberId: member.id,
          requestId: body.requestId,
          drawId: draws[0]!.id,
          line: line.line,
        }),
        kind: 'bet',
        from: { memberId: member.id, wallet: 'main' },
        to: { house: 'house' },
        amount: line.stake,
      });
      for (const draw of draws) {
        // Each line on each draw its own salt: its leaf in the draw's published list is found only by
        // its member, and no two leaves of a chase are alike.
        const salt = randomHex(16);
        items.push({
          ...line,
          draw: draw.id,
          key: betKey({ memberId: member.id, requestId: body.requestId, drawId: draw.id, line: line.line }),
          hash: prepared.fingerprint,
          salt,
          leaf: lineLeaf({ ...line, game: game.code, draw: draw.number, salt }),
        });
      }
    }
    let placed: Awaited<ReturnType<LotteryRepository['place']>>;
    try {
      placed = await this.repo.place({
        brandId: brand.id,
        memberId: member.id,
        gameId: game.id,
        gameCode: game.code,
        vendor: game.vendorCode,
        requestId: body.requestId,
        draws: draws.map((d) => d.id),
        stopOnWin: body.chase?.stopOnWin ?? false,
        items,
        wallet,
        house,
      });
    } catch (error) {
      // The same request id racing itself: the first one's lines answer.
      if (isUniqueViolation(error, 'lottery_bets_request_uq')) {
        return this.slipAnswer(brand, member, await this.repo.slipLines(member.id, body.requestId), null);
      }
      translate(error);
    }
    if (placed.replayed || !placed.lines) {
      return this.slipAnswer(brand, member, await this.repo.slipLines(member.id, body.requestId), null);
    }
    if (placed.balance !== undefined && placed.balance !== null) {
      this.ports.balanceChanged(brand, member.id, placed.balance);
    }
    // The answer from what was sent and what the statement gave back: no second read of the rows.
    const byKey = new Map(items.map((i) => [`${i.draw}:${i.line}`, i]));
    const drawOf = new Map(draws.map((d) => [d.id, d]));
    const at = placed.at ? new Date(placed.at).getTime() : Date.now();
    return {
      chaseId: placed.chase ?? null,
      balance: placed.balance ?? null,
      lines: placed.lines.map((p) => {
        const item = byKey.get(`${p.draw}:${p.line}`)!;
        const d = drawOf.get(Number(p.draw))!;
        return {
          id: Number(p.id),
          game: game.code,
          draw: d.number,
          drawsAt: d.drawsAt.getTime(),
          drawStatus: (at >= d.opensAt.getTime() ? 'open' : 'scheduled') as LotteryLine['drawStatus'],
          betType: item.betType,
          selection: item.selection,
          combos: item.combos,
          unit: item.unit,
          multiplier: item.multiplier,
          stake: item.stake,
          odds: item.odds,
          payout: 0,
          status: 'placed',
          chaseId: placed.chase ?? null,
          createdAt: at,
          salt: item.salt,
          leaf: item.leaf,
        };
      }),
    };
  }

  private checkLine(
    brand: Brand,
    game: GameRow,
    settings: Map<string, BetTypeSettings>,
    line: PlaceSlipBody['lines'][number],
    index: number,
    money: (v: number) => string,
    lang: LanguageCode,
  ) {
    const def = betTypes.get(line.betType);
    const s = settings.get(line.betType);
    if (!def || def.family !== game.family || !s) throw new AppError('BET_TYPE_UNKNOWN');
    if (!s.enabled) throw new AppError('BET_TYPE_DISABLED');
    const selection = normalise(line.selection);
    const problem = selectionError(def, selection);
    if (problem) throw new AppError(problem);
    const unit = checkBrandAmount(brand, line.unit, lang);
    const combos = def.combos(selection);
    const stake = unit * line.multiplier * combos;
    if (stake < s.minStake) throw new AppError('BET_BELOW_MIN', { min: money(s.minStake) });
    if (stake > s.maxStake) throw new AppError('BET_ABOVE_MAX', { max: money(s.maxStake) });
    return {
      line: index,
      betType: def.code,
      selection,
      combos,
      unit,
      multiplier: line.multiplier,
      stake,
      odds: s.odds,
    };
  }

  private async slipAnswer(
    brand: Brand,
    member: Member,
    rows: LineRow[],
    balance: number | null,
  ): Promise<PlacedSlip> {
    const views = await this.lineViews(brand, rows);
    const current = balance ?? (await this.ledger.mainBalances(brand.id, [member.id])).get(member.id) ?? null;
    return { lines: views, chaseId: rows[0]?.chaseId ?? null, balance: current };
  }

  private async lineViews(brand: Brand, rows: LineRow[]): Promise<LotteryLine[]> {
    const games = new Map((await this.repo.games(brand.id)).map((g) => [g.id, g.code]));
    const draws = new Map<number, DrawRow>();
    for (const id of new Set(rows.map((r) => r.drawId))) {
      const d = await this.repo.draw(id);
      if (d) draws.set(id, d);
    }
    return rows.map((r) => {
      const d = draws.get(r.drawId)!;
      return lineView(r, games.get(r.gameId) ?? '', d.number, d.status, d.drawsAt);
    });
  }

  /** Cancels the member's own lines on draws still taking bets: each stake comes back once. */
  async cancel(brand: Brand, member: Member, ids: number[]) {
    const rows = await this.repo.linesByIds(member.id, [...new Set(ids)]);
    if (rows.length !== new Set(ids).size) throw new AppError('LINE_NOT_CANCELLABLE');
    if (rows.some((r) => r.status !== 'placed')) throw new AppError('LINE_NOT_CANCELLABLE');
    const byGame = new Map<number, LineRow[]>();
    for (const r of rows) byGame.set(r.gameId, [...(byGame.get(r.gameId) ?? []), r]);
    let balance: number | null = null;
    for (const [gameId, lines] of byGame) {
      const game = await this.repo.gameById(gameId);
      if (!game) continue;
      try {
        const out = await this.repo.refund({
          brandId: brand.id,
          vendor: game.vendorCode,
          gameCode: game.code,
          mode: 'member',
          memberId: member.id,
          items: await this.refundItems(brand, lines),
        });
        balance = out.balances[String(member.id)] ?? balance;
      } catch (error) {
        // Lines of a game refunded before this one failed stay refunded: the page hears the balance.
        if (balance !== null) this.ports.balanceChanged(brand, member.id, balance);
        translate(error);
      }
    }
    if (balance !== null) this.ports.balanceChanged(brand, member.id, balance);
    return { ids: rows.map((r) => r.id), balance };
  }

  async myLines(
    brand: Brand,
    member: Member,
    q: { game?: string; draw?: string; status?: string; before?: number; limit: number },
  ) {
    const game = q.game ? await this.gameRow(brand, q.game) : null;
    // A draw is named within its game: without the game there is no draw to look for.
    const draw = game && q.draw ? await this.repo.drawByNumber(game.id, q.draw) : null;
    if (q.draw && !draw) return { lines: [], next: null };
    const rows = await this.repo.memberLines(member.id, {
      gameId: game?.id,
      drawId: draw?.id,
      status: q.status,
      beforeId: q.before,
      limit: q.limit + 1,
    });
    const games = new Map((await this.repo.games(brand.id)).map((g) => [g.id, g.code]));
    const page = rows.slice(0, q.limit);
    return {
      lines: page.map((r) => lineView(r, games.get(r.gameId) ?? '', r.drawNumber, r.drawStatus, r.drawsAt)),
      next: rows.length > q.limit ? page.at(-1)!.id : null,
    };
  }

  // ---- the back office ----------------------------------------------------------------------------------

  updateGame(...args: Parameters<LotteryRepository['updateGame']>) {
    return this.repo.updateGame(...args);
  }

  async adminDraws(brand: Brand, code: string) {
    const game = await this.gameRow(brand, code);
    const [rows, now] = await Promise.all([this.repo.aroundNow(game.id, 20, 40), this.repo.now()]);
    return { draws: rows.map((d) => this.drawView(d)), now: now.getTime() };
  }

  async adminDraw(brand: Brand, code: string, number: string) {
    const game = await this.gameRow(brand, code);
    const row = await this.repo.drawByNumber(game.id, number);
    if (!row) throw new AppError('DRAW_NOT_FOUND');
    const exposure = await this.repo.exposure(row.id);
    const lines = await this.repo.linesOfDraw(row.id);
    const most = new Map<string, bigint>();
    for (const l of lines) {
      const best = Math.max(0, ...Object.values(l.odds as Record<string, number>));
      const hits = BigInt(betTypes.get(l.betType)?.maxHits ?? 1);
      const top = (BigInt(l.unit) * BigInt(l.multiplier) * BigInt(l.combos) * hits * BigInt(best)) / 100n;
      most.set(l.betType, (most.get(l.betType) ?? 0n) + top);
    }
    return {
      ...this.drawView(row),
      exposure: exposure.map((e) => ({ ...e, maxPayout: Number(most.get(e.betType) ?? 0n) })),
    };
  }

  /**
   * Cancels a draw not drawn yet (its audit row in the same transaction) and reveals its seed; its lines
   * are refunded at once. After its close only with `afterClose`: its lines are fixed and its numbers
   * computable then, so the operator must say so, and the audit row and the players' results say it too.
   */
  async cancelDraw(
    brand: Brand,
    code: string,
    number: string,
    what: { reason: string; afterClose: boolean },
    alongside: Parameters<LotteryRepository['cancelDraw']>[2],
  ) {
    const game = await this.gameRow(brand, code);
    const row = await this.repo.drawByNumber(game.id, number);
    if (!row) throw new AppError('DRAW_NOT_FOUND');
    const cancelled = await this.repo.cancelDraw(
      row.id,
      { ...what, serverSeed: this.box.open(row.seedCipher) },
      alongside,
    );
    if (cancelled === 'after-close') throw new AppError('DRAW_CANCEL_AFTER_CLOSE');
    if (!cancelled) throw new AppError('DRAW_NOT_CANCELLABLE');
    await this.refundDraw(cancelled);
    return this.drawView((await this.repo.draw(row.id))!);
  }
}

function lineView(r: LineRow, game: string, draw: string, drawStatus: string, drawsAt: Date): LotteryLine {
  return {
    id: r.id,
    game,
    draw,
    drawsAt: drawsAt.getTime(),
    drawStatus: drawStatus as LotteryLine['drawStatus'],
    betType: r.betType,
    selection: r.selection as number[][],
    combos: r.combos,
    unit: r.unit,
    multiplier: r.multiplier,
    stake: r.stake,
    odds: r.odds as Record<string, number>,
    payout: r.payout,
    status: r.status as LotteryLine['status'],
    chaseId: r.chaseId,
    createdAt: r.createdAt.getTime(),
    salt: r.salt,
    leaf: r.leaf,
  };
}
