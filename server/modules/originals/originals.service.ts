import type { FastifyBaseLogger } from 'fastify';
import { TRIAL_TYPE } from '../../../src/api/contract/accounts';
import type { LanguageCode } from '../../../src/api/contract/common';
import type {
  MinesGame,
  OriginalsBet,
  OriginalsBetBody,
  OriginalsSeeds,
  RecallRound,
  RecentBet,
} from '../../../src/api/contract/originals';
import { commitmentOf, randomHex } from '../../../src/originals/fair';
import { diceMultiplierShown, dicePayout } from '../../../src/originals/games/dice';
import { kenoHits } from '../../../src/originals/games/keno';
import { limboPayout } from '../../../src/originals/games/limbo';
import { MINES_TILES, minesMultiplierShown, minesPayout } from '../../../src/originals/games/mines';
import { type DrawInput, drawOutcome, type OriginalGame, type Outcome } from '../../../src/originals/outcome';
import { formatAmount } from '../../../src/ui/format';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../http/app-error';
import { MicroBatcher, type Settled } from '../../lib/micro-batcher';
import type { SecretBox } from '../../lib/secret-box';
import { TtlCache } from '../../lib/ttl-cache';
import type { SessionClaim } from '../accounts/session-claims';
import type { Brand } from '../brand/brand.service';
import { maskAccount } from '../games/games.service';
import { houseFor, type Ledger, translateError } from '../ledger/ledger';
import { checkBrandAmount } from '../wallet/amount';
import type {
  BatchAnswer,
  BetRow,
  InstantPlay,
  NewSeedPair,
  OriginalsRepository,
  SeedRow,
} from './originals.repository';
import { type GameSettings, settingsOf, tablesFor, theoreticalRtp } from './originals-settings';

/** What the in-house games ask of other modules (server/app.ts passes them in). */
export interface OriginalsPorts {
  /** Pushes the member's new main balance to their open pages. */
  balanceChanged(brand: Brand, memberId: number, balance: number): void;
  usernames(ids: number[]): Promise<Map<number, string>>;
  /**
   * Reads a session claim again (accounts' `reconfirm`): resolves while it is live, else fails with the
   * reason (SESSION_EXPIRED, ACCOUNT_DISABLED, UNAUTHORIZED).
   */
  reconfirmSession(brand: Brand, tokenHash: string): Promise<void>;
  /** Whether a member is a trial account (its money moves against the brand's `trial` account). */
  isTrial(memberId: number): Promise<boolean>;
}

type Member = { id: number; userType: number };
/** An active pair with its server seed opened from its sealed copy (in this process's memory only). */
type LiveSeed = SeedRow & { serverSeed: string };

const VENDOR = 'BGS';
/** A bet drawn with a nonce another bet took first is drawn again with the next one, a few times at most. */
const NONCE_RETRIES = 8;

const isCode = (error: unknown, code: string) => {
  const e = error as { message?: string; cause?: { message?: string } };
  return (e.cause?.message ?? e.message ?? '').includes(code);
};

/**
 * The in-house games (vendor BGS, docs/originals-fairness.md). Every wager draws its outcome from the
 * member's committed seed pair in the statement that accepts it, and moves its money as a BGS round
 * through the ledger, so the betting record, profit and loss, rebate and the winner board see it as any
 * vendor's round.
 */
export class OriginalsService {
  private readonly settingsCache: TtlCache<Record<OriginalGame, GameSettings>>;
  /** The member's active pair as this process last saw it; a stale one costs one retry. */
  private readonly seeds = new Map<number, LiveSeed>();
  /** Each member's wagers in this process, one after another: they would only race for the next nonce. */
  private readonly queues = new Map<number, Promise<unknown>>();

  /**
   * Instant wagers arriving together share one statement and one commit. A member's wagers always take
   * the same lane and each lane runs one batch at a time, so batches running at once never wait on each
   * other's rows. Empty when batching is off.
   */
  private readonly lanes: MicroBatcher<InstantPlay, BatchAnswer>[];

  constructor(
    private readonly repo: OriginalsRepository,
    private readonly ledger: Ledger,
    private readonly ports: OriginalsPorts,
    /** Seals the server seeds not yet revealed (the installation's key). */
    private readonly box: SecretBox,
    cacheMs = 5_000,
    /** As the ledger's vendor batches (LEDGER_BATCH_MAX, LEDGER_BATCH_PARALLEL); `maxItems: 1` turns it off. */
    batch: { maxItems: number; lanes: number } = { maxItems: 32, lanes: 2 },
    private readonly log?: FastifyBaseLogger,
  ) {
    this.settingsCache = new TtlCache(cacheMs);
    this.lanes =
      repo.canBatch && batch.maxItems > 1
        ? Array.from(
            { length: batch.lanes },
            () =>
              new MicroBatcher<InstantPlay, BatchAnswer>((items) => this.runBatch(items), {
                maxItems: batch.maxItems,
                maxInFlight: 1,
              }),
          )
        : [];
  }

  // ---- settings -------------------------------------------------------------------------------------

  gameSettings(brand: Brand) {
    return this.settingsCache.get(`${brand.id}:${brand.currency}`, async () =>
      settingsOf(await this.repo.settings(brand.id, brand.currency)),
    );
  }

  forgetSettings() {
    this.settingsCache.clear();
  }

  /** The settings as stored now (the back office reads and writes them past the cache). */
  async storedSettings(brandId: number, currency: string) {
    return settingsOf(await this.repo.settings(brandId, currency));
  }

  async saveSettings(
    brandId: number,
    currency: string,
    s: GameSettings,
    alongside: (tx: Parameters<Parameters<OriginalsRepository['saveSettings']>[1]>[0]) => Promise<void>,
  ) {
    await this.repo.saveSettings({ brandId, currency, ...s }, alongside);
    this.forgetSettings();
  }

  measured(brandId: number, from: Date, to: Date) {
    return this.repo.measured(brandId, from, to);
  }

  async publicSettings(brand: Brand) {
    const all = await this.gameSettings(brand);
    return {
      currency: brand.currency,
      games: Object.values(all).map((s) => ({ ...s, rtp: theoreticalRtp(s.edgeBp) })),
      plinko: tablesFor('plinko', all.plinko.edgeBp),
      keno: tablesFor('keno', all.keno.edgeBp),
    };
  }

  private async playable(brand: Brand, game: OriginalGame, stake: number, lang: LanguageCode) {
    const settings = (await this.gameSettings(brand))[game];
    if (!settings.enabled) throw new AppError('GAME_DISABLED');
    checkBrandAmount(brand, stake, lang);
    const money = (v: number) => `${formatAmount(v, lang)} ${brand.currency}`;
    if (stake < settings.minBet) throw new AppError('BET_BELOW_MIN', { min: money(settings.minBet) });
    if (stake > settings.maxBet) throw new AppError('BET_ABOVE_MAX', { max: money(settings.maxBet) });
    return { settings, money };
  }

  // ---- seeds ----------------------------------------------------------------------------------------

  /**
   * The member's active pair with its server seed opened: made (with its successor committed) when there
   * is none, and completed when it was made before seeds were sealed and successors committed.
   */
  private async seed(brand: Brand, memberId: number, fresh = false): Promise<LiveSeed> {
    const known = fresh ? undefined : this.seeds.get(memberId);
    if (known) return known;
    let row =
      (await this.repo.activeSeed(memberId)) ??
      (await this.repo.ensureSeed({ brandId: brand.id, memberId, ...this.newPair() }));
    if (!row.serverSeedCipher || !row.nextSeedHash) {
      const next = this.sealedSecret();
      await this.repo.completeSeed(row.id, {
        ...(row.serverSeedCipher ? {} : { serverSeedCipher: this.box.seal(row.serverSeed!) }),
        ...(row.nextSeedHash ? {} : { nextSeedCipher: next.cipher, nextSeedHash: next.hash }),
      });
      row = (await this.repo.activeSeed(memberId)) ?? row;
    }
    const live = { ...row, serverSeed: this.box.open(row.serverSeedCipher!) };
    if (this.seeds.size > 50_000) this.seeds.clear();
    this.seeds.set(memberId, live);
    return live;
  }

  /** A new server seed, sealed, and its SHA-256 (the commitment shown before it is used). */
  private sealedSecret() {
    const seed = randomHex(32);
    return { cipher: this.box.seal(seed), hash: commitmentOf(seed) };
  }

  private newPair(): NewSeedPair {
    const server = this.sealedSecret();
    const next = this.sealedSecret();
    return {
      serverSeedCipher: server.cipher,
      serverSeedHash: server.hash,
      clientSeed: randomHex(8),
      nextSeedCipher: next.cipher,
      nextSeedHash: next.hash,
    };
  }

  async seedsOf(brand: Brand, memberId: number): Promise<OriginalsSeeds> {
    const active = await this.seed(brand, memberId, true);
    const previous = await this.repo.revealedSeeds(memberId);
    return { active: activeView(active), previous: previous.map(revealedView) };
  }

  /**
   * Reveals the active server seed and activates the next one, committed before the member chose the
   * client seed it is paired with (the one given, or a new one); a new next one is committed after it.
   */
  async rotate(brand: Brand, memberId: number, clientSeed?: string) {
    await this.seed(brand, memberId, true);
    const rotated = await this.repo
      .rotate(memberId, clientSeed ?? randomHex(8), this.sealedSecret(), (row) =>
        this.box.open(row.serverSeedCipher!),
      )
      .catch((error: unknown) => {
        // Two first pairs made at once: the other rotation's pair stands.
        if (isUniqueViolation(error, 'originals_seeds_active_uq')) return { status: 'raced' as const };
        throw error;
      });
    this.seeds.delete(memberId);
    if (rotated.status === 'open-game') throw new AppError('GAME_IN_PROGRESS');
    if (rotated.status === 'raced') throw new AppError('SEEDS_ROTATING');
    return { revealed: revealedView(rotated.revealed), active: activeView(rotated.active) };
  }

  // ---- wagers ---------------------------------------------------------------------------------------

  /**
   * Draws the outcome with the member's next nonce and has the database accept it only with that nonce:
   * a bet that raced another of the same member is drawn again with the next one, so no nonce is skipped
   * and no outcome is ever drawn twice for a wager.
   */
  private wager(...args: Parameters<OriginalsService['wagerNow']>) {
    const memberId = args[1].id;
    const previous = this.queues.get(memberId) ?? Promise.resolve();
    const run = previous.then(
      () => this.wagerNow(...args),
      () => this.wagerNow(...args),
    );
    const tail = run.catch(() => {});
    this.queues.set(memberId, tail);
    void tail.then(() => {
      if (this.queues.get(memberId) === tail) this.queues.delete(memberId);
    });
    return run;
  }

  private async wagerNow(
    brand: Brand,
    member: Member,
    w: {
      requestId: string;
      game: OriginalGame;
      stake: number;
      params: Record<string, unknown>;
      draw: DrawInput;
      open: boolean;
      /** The hash of the session claimed for this wager, confirmed by the write that takes it. */
      session?: string;
      /** The payout (minor units) and multiplier (ten-thousandths) of an outcome. */
      settle: (outcome: Outcome) => { payout: number; multiplier: number };
    },
  ) {
    const main = await this.ledger.memberAccount(brand.id, member.id, 'main', brand.currency);
    const side = { memberId: member.id, wallet: 'main' as const };
    // A trial account's stake and win move against the brand's trial account, never its house.
    const house = houseFor(member.userType === TRIAL_TYPE);
    const key = `bgs:${member.id}:${w.requestId}`;
    for (let attempt = 0; ; attempt++) {
      const seed = await this.seed(brand, member.id, attempt > 0);
      const outcome = drawOutcome(seed, w.draw);
      const { payout, multiplier } = w.open ? { payout: 0, multiplier: 0 } : w.settle(outcome);
      const [bet, win] = await Promise.all([
        this.ledger.prepare({
          brand,
          key: `${key}:bet`,
          kind: 'bet',
          from: side,
          to: { house },
          amount: w.stake,
        }),
        this.ledger.prepare({
          brand,
          key: `${key}:win`,
          kind: 'win',
          from: { house },
          to: side,
          amount: payout,
        }),
      ]);
      const play = {
        brandId: brand.id,
        memberId: member.id,
        seedId: seed.id,
        nonce: seed.nonce,
        requestId: w.requestId,
        game: w.game,
        stake: w.stake,
        payout,
        multiplier,
        params: w.params,
        outcome,
      };
      try {
        const played = w.open
          ? await this.repo.play({ ...play, open: true, wallet: main, bet, win, meta: {} })
          : await this.playInstant(brand, {
              ...play,
              wallet: main,
              house: bet.to,
              bet,
              win,
              session: w.session ?? null,
            });
        // A request id already used by another wager (another game, another stake) is not a retry of it.
        if (played.replayed && (played.bet.game !== w.game || played.bet.stake !== w.stake))
          throw new AppError('IDEMPOTENCY_CONFLICT');
        if (!played.replayed) {
          this.seeds.set(member.id, { ...seed, nonce: seed.nonce + 1 });
          if (played.bet.balanceAfter !== null)
            this.ports.balanceChanged(brand, member.id, played.bet.balanceAfter);
        }
        return { ...played, seed: played.replayed ? await this.seedOfBet(played.bet) : seed };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (isCode(error, 'ORIGINALS_NONCE_MOVED') && attempt < NONCE_RETRIES) continue;
        if (isUniqueViolation(error, 'originals_bets_open_uq')) throw new AppError('GAME_IN_PROGRESS');
        // The same request id racing itself: the first one's row answers.
        if (isUniqueViolation(error, 'originals_bets_request_uq') && attempt < NONCE_RETRIES) continue;
        if (isCode(error, 'ORIGINALS_NONCE_MOVED')) throw new AppError('TRY_AGAIN');
        translateError(error);
      }
    }
  }

  /**
   * A wager settled at once: with the other members' wagers of the moment in one statement and one
   * commit when a driver is reachable (originals_batch, which confirms the wager's session in that
   * transaction), else alone, its session read again just before. A refusal comes back as its error.
   */
  private async playInstant(brand: Brand, play: InstantPlay) {
    const alone = async () => {
      if (play.session) await this.ports.reconfirmSession(brand, play.session);
      return this.repo.play({ ...play, open: false, meta: {} });
    };
    if (this.lanes.length === 0) return alone();
    let answer: BatchAnswer;
    try {
      answer = await this.lanes[play.memberId % this.lanes.length]!.submit(play);
    } catch {
      // The batch's statement failed and wrote nothing (logged once by the batch): this wager goes alone.
      return alone();
    }
    // The session ended since it was claimed: read again, it answers why (or, live after all, the wager
    // goes alone).
    if ('error' in answer && answer.error === 'SESSION_GONE') return alone();
    if ('error' in answer) throw new Error(answer.error);
    return answer;
  }

  private async runBatch(items: InstantPlay[]): Promise<Settled<BatchAnswer>[]> {
    // Members in ascending order: another process's batch locks the same members' rows in the same
    // order, so the two may wait for each other but never deadlock (a deadlock costs PostgreSQL a second
    // to find).
    const order = items.map((_, i) => i).sort((a, b) => items[a]!.memberId - items[b]!.memberId || a - b);
    try {
      const answers = await this.repo.playBatch(order.map((i) => items[i]!));
      const settled: Settled<BatchAnswer>[] = new Array(items.length);
      order.forEach((i, k) => {
        settled[i] = { ok: true, value: answers[k]! };
      });
      return settled;
    } catch (error) {
      this.log?.warn({ err: error, items: items.length }, 'originals batch failed; wagers sent one by one');
      throw error;
    }
  }

  private async seedOfBet(bet: BetRow): Promise<SeedRow> {
    const [seed] = await this.repo.seedsByIds([bet.seedId]);
    return seed!;
  }

  /**
   * Dice, limbo, plinko and keno: drawn, paid and settled at once, for the member of a session claim
   * (session-claims.ts) that the wager's own write confirms.
   */
  async bet(
    brand: Brand,
    claim: SessionClaim,
    body: OriginalsBetBody,
    lang: LanguageCode,
  ): Promise<OriginalsBet> {
    const { settings, money } = await this.playable(brand, body.game, body.stake, lang);
    const cap = (payout: number) => Math.min(payout, settings.maxWin);
    let params: Record<string, unknown>;
    let draw: DrawInput;
    let settle: (o: Outcome) => { payout: number; multiplier: number };
    switch (body.game) {
      case 'dice': {
        const bet = { chance: body.chance, side: body.side };
        const top = dicePayout(body.stake, body.side === 'under' ? 0 : 9_999, bet, settings.edgeBp);
        if (top > settings.maxWin) throw new AppError('WIN_ABOVE_MAX', { max: money(settings.maxWin) });
        params = { ...bet, edgeBp: settings.edgeBp };
        draw = { game: 'dice' };
        settle = (o) => {
          const payout = dicePayout(body.stake, (o as { roll: number }).roll, bet, settings.edgeBp);
          return { payout, multiplier: payout > 0 ? diceMultiplierShown(bet.chance, settings.edgeBp) : 0 };
        };
        break;
      }
      case 'limbo': {
        const top = limboPayout(body.stake, body.target, body.target);
        if (top > settings.maxWin) throw new AppError('WIN_ABOVE_MAX', { max: money(settings.maxWin) });
        params = { target: body.target, edgeBp: settings.edgeBp };
        draw = { game: 'limbo', edgeBp: settings.edgeBp };
        settle = (o) => {
          const payout = limboPayout(body.stake, (o as { result: number }).result, body.target);
          return { payout, multiplier: payout > 0 ? body.target * 100 : 0 };
        };
        break;
      }
      case 'plinko': {
        const table = tablesFor('plinko', settings.edgeBp)[`${body.rows}:${body.risk}`]!;
        params = { rows: body.rows, risk: body.risk, edgeBp: settings.edgeBp };
        draw = { game: 'plinko', rows: body.rows };
        settle = (o) => {
          const m = table[(o as { bin: number }).bin]!;
          return { payout: cap(Math.floor((body.stake * m) / 100)), multiplier: m * 100 };
        };
        break;
      }
      case 'keno': {
        if (new Set(body.picks).size !== body.picks.length) throw new AppError('PICKS_REPEATED');
        const picks = [...body.picks].sort((a, b) => a - b);
        const table = tablesFor('keno', settings.edgeBp)[`${picks.length}:${body.risk}`]!;
        params = { picks, risk: body.risk, edgeBp: settings.edgeBp };
        draw = { game: 'keno' };
        settle = (o) => {
          const m = table[kenoHits(picks, (o as { drawn: number[] }).drawn)]!;
          return { payout: cap(Math.floor((body.stake * m) / 100)), multiplier: m * 100 };
        };
        break;
      }
    }
    const played = await this.wager(brand, claim.member, {
      requestId: body.requestId,
      game: body.game,
      stake: body.stake,
      params,
      draw,
      open: false,
      session: claim.tokenHash,
      settle,
    });
    return betView(played.bet, played.seed);
  }

  // ---- mines ----------------------------------------------------------------------------------------

  async minesStart(
    brand: Brand,
    member: Member,
    body: { requestId: string; stake: number; mines: number },
    lang: LanguageCode,
  ): Promise<MinesGame> {
    const { settings } = await this.playable(brand, 'mines', body.stake, lang);
    const open = await this.repo.openBet(member.id, 'mines');
    if (open && open.requestId !== body.requestId) throw new AppError('GAME_IN_PROGRESS');
    const played = await this.wager(brand, member, {
      requestId: body.requestId,
      game: 'mines',
      stake: body.stake,
      // The rules in force now stay with the game until it ends: a later change reaches only new games.
      params: { mines: body.mines, edgeBp: settings.edgeBp, maxWin: settings.maxWin },
      draw: { game: 'mines', mines: body.mines },
      open: true,
      settle: () => ({ payout: 0, multiplier: 0 }),
    });
    return minesView(played.bet, played.seed);
  }

  async minesCurrent(memberId: number): Promise<MinesGame | null> {
    const open = await this.repo.openBet(memberId, 'mines');
    return open ? minesView(open, await this.seedOfBet(open)) : null;
  }

  private async openMines(memberId: number, betId: number) {
    const bet = await this.repo.bet(memberId, betId);
    if (bet?.game !== 'mines') throw new AppError('BET_NOT_FOUND');
    if (bet.status !== 'open') throw new AppError('GAME_NOT_OPEN');
    return bet;
  }

  async minesReveal(brand: Brand, member: Member, body: { betId: number; tile: number }): Promise<MinesGame> {
    const bet = await this.openMines(member.id, body.betId);
    if (bet.revealed.includes(body.tile)) throw new AppError('TILE_REVEALED');
    const { mines: minesAt } = bet.outcome as { mines: number[] };
    const revealed = [...bet.revealed, body.tile];
    if (minesAt.includes(body.tile)) return this.minesEnd(brand, member, bet, revealed, false);
    if (revealed.length === MINES_TILES - minesAt.length)
      return this.minesEnd(brand, member, bet, revealed, true);
    const next = await this.repo.reveal(bet.id, member.id, revealed, bet.revealed.length);
    if (!next) throw new AppError('GAME_NOT_OPEN');
    return minesView(next, await this.seedOfBet(next));
  }

  async minesCashout(brand: Brand, member: Member, betId: number): Promise<MinesGame> {
    const bet = await this.openMines(member.id, betId);
    if (bet.revealed.length === 0) throw new AppError('CASHOUT_NOTHING');
    return this.minesEnd(brand, member, bet, bet.revealed, true);
  }

  private async minesEnd(brand: Brand, member: Member, bet: BetRow, revealed: number[], won: boolean) {
    const { mines, edgeBp, maxWin } = bet.params as { mines: number; edgeBp: number; maxWin?: number };
    // Games started before the limit was kept with them are capped by today's.
    const cap = maxWin ?? (await this.gameSettings(brand)).mines.maxWin;
    const payout = won ? Math.min(minesPayout(bet.stake, mines, revealed.length, edgeBp), cap) : 0;
    const multiplier = won ? minesMultiplierShown(mines, revealed.length, edgeBp) * 100 : 0;
    const side = { memberId: member.id, wallet: 'main' as const };
    const win = await this.ledger.prepare({
      brand,
      key: `bgs:mines:${bet.id}:win`,
      kind: 'win',
      from: { house: houseFor(member.userType === TRIAL_TYPE) },
      to: side,
      amount: payout,
    });
    const main = await this.ledger.memberAccount(brand.id, member.id, 'main', brand.currency);
    try {
      const settled = await this.repo.settle({
        betId: bet.id,
        memberId: member.id,
        revealed,
        payout,
        multiplier,
        wallet: main,
        win,
        meta: {},
      });
      if (payout > 0 && settled.bet.balanceAfter !== null)
        this.ports.balanceChanged(brand, member.id, settled.bet.balanceAfter);
      return minesView(settled.bet, await this.seedOfBet(settled.bet));
    } catch (error) {
      if (isCode(error, 'ORIGINALS_NOT_OPEN')) throw new AppError('GAME_NOT_OPEN');
      translateError(error);
    }
  }

  // ---- records --------------------------------------------------------------------------------------

  async recent(
    brand: Brand,
    memberId: number | null,
    query: { game?: OriginalGame | undefined; scope: 'mine' | 'all'; limit: number },
  ): Promise<{ items: RecentBet[]; currency: string }> {
    const rows =
      query.scope === 'mine' && memberId !== null
        ? await this.repo.memberBets(memberId, { game: query.game, limit: query.limit })
        : await this.repo.brandBets(brand.id, { game: query.game, limit: query.limit });
    const names = await this.ports.usernames([...new Set(rows.map((r) => r.memberId))]);
    return {
      currency: brand.currency,
      items: rows.map((r) => {
        const name = names.get(r.memberId) ?? '?';
        return {
          id: r.id,
          game: r.game as OriginalGame,
          player: r.memberId === memberId ? name : maskAccount(name),
          stake: r.stake,
          payout: r.payout,
          multiplier: r.multiplier,
          createdAt: (r.settledAt ?? r.createdAt).getTime(),
        };
      }),
    };
  }

  /** Game recall: the member's last 10 rounds (of one game, or all) with everything to check them. */
  async recall(brand: Brand, memberId: number, game?: OriginalGame) {
    return { currency: brand.currency, rounds: await this.recallOf(memberId, game) };
  }

  async recallOf(memberId: number, game?: OriginalGame) {
    return this.recallRows(await this.repo.memberBets(memberId, { game, limit: 10 }));
  }

  async round(memberId: number, betId: number): Promise<RecallRound> {
    const bet = await this.repo.bet(memberId, betId);
    if (bet?.status !== 'settled') throw new AppError('BET_NOT_FOUND');
    return (await this.recallRows([bet]))[0]!;
  }

  async recallRows(rows: BetRow[]): Promise<RecallRound[]> {
    const seeds = new Map(
      (await this.repo.seedsByIds([...new Set(rows.map((r) => r.seedId))])).map((s) => [s.id, s]),
    );
    return rows.map((r) => {
      const seed = seeds.get(r.seedId)!;
      return {
        id: r.id,
        game: r.game as OriginalGame,
        nonce: r.nonce,
        serverSeedHash: seed.serverSeedHash,
        serverSeed: seed.revealedAt ? seed.serverSeed : null,
        clientSeed: seed.clientSeed,
        params: r.params as Record<string, unknown>,
        outcome: r.outcome as Record<string, unknown>,
        stake: r.stake,
        payout: r.payout,
        multiplier: r.multiplier,
        balanceBefore: r.balanceBefore,
        balanceAfter: r.balanceAfter,
        createdAt: r.createdAt.getTime(),
      };
    });
  }
}

const activeView = (s: SeedRow) => ({
  serverSeedHash: s.serverSeedHash,
  clientSeed: s.clientSeed,
  nonce: s.nonce,
  nextServerSeedHash: s.nextSeedHash!,
});

const revealedView = (s: SeedRow) => ({
  serverSeed: s.serverSeed!,
  serverSeedHash: s.serverSeedHash,
  clientSeed: s.clientSeed,
  nonce: s.nonce,
  revealedAt: s.revealedAt!.getTime(),
});

function betView(bet: BetRow, seed: SeedRow): OriginalsBet {
  return {
    id: bet.id,
    game: bet.game as OriginalGame,
    stake: bet.stake,
    payout: bet.payout,
    multiplier: bet.multiplier,
    params: bet.params as Record<string, unknown>,
    outcome: bet.outcome as Record<string, unknown>,
    nonce: bet.nonce,
    serverSeedHash: seed.serverSeedHash,
    clientSeed: seed.clientSeed,
    balance: bet.balanceAfter ?? 0,
    createdAt: bet.createdAt.getTime(),
  };
}

function minesView(bet: BetRow, seed: SeedRow): MinesGame {
  const { mines, edgeBp } = bet.params as { mines: number; edgeBp: number };
  const open = bet.status === 'open';
  const safe = bet.revealed.length;
  return {
    id: bet.id,
    stake: bet.stake,
    mines,
    revealed: bet.revealed,
    status: open ? 'open' : 'settled',
    multiplier: safe > 0 ? minesMultiplierShown(mines, safe, edgeBp) : 100,
    next: open && safe < MINES_TILES - mines ? minesMultiplierShown(mines, safe + 1, edgeBp) : null,
    payout: bet.payout,
    // Never while the game is open: the positions would decide it.
    minesAt: open ? null : (bet.outcome as { mines: number[] }).mines,
    nonce: bet.nonce,
    serverSeedHash: seed.serverSeedHash,
    clientSeed: seed.clientSeed,
    balance: bet.balanceAfter,
  };
}

export { VENDOR as ORIGINALS_VENDOR };
