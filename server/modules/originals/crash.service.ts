import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { TRIAL_TYPE } from '../../../src/api/contract/accounts';
import type { LanguageCode } from '../../../src/api/contract/common';
import type {
  CrashBet,
  CrashPlayer,
  CrashRound,
  CrashState,
  RecallRound,
} from '../../../src/api/contract/originals';
import { randomHex } from '../../../src/originals/fair';
import { crashMultiplierAt, crashPoint, crashTimeOf } from '../../../src/originals/games/crash';
import { formatAmount } from '../../../src/ui/format';
import { AppError } from '../../http/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { Brand } from '../brand/brand.service';
import { maskAccount } from '../games/games.service';
import { emptyFingerprint, houseFor, type Ledger, translateError } from '../ledger/ledger';
import { checkBrandAmount } from '../wallet/amount';
import type { ChainRow, CrashBetRow, CrashRepository, RoundOutcome, RoundRow } from './crash.repository';
import type { OriginalsPorts, OriginalsService } from './originals.service';

export interface CrashTiming {
  /** How long a round takes bets. */
  bettingMs: number;
  /** The pause after a crash before the next round opens. */
  pauseMs: number;
  /** Rounds in a new chain. */
  chainLength: number;
  /** How often each process looks at the round. */
  tickMs: number;
  /** How often a process asks the lottery whether the draw salting a waiting chain is drawn. */
  saltPollMs?: number;
}

export const DEFAULT_CRASH_TIMING: CrashTiming = {
  bettingMs: 7_000,
  pauseMs: 3_000,
  chainLength: 100_000,
  tickMs: 100,
};

/** A cash-out recorded just before the bust may still be paying: losers are settled this long after it. */
const SETTLE_GRACE_MS = 250;
const PLAYERS_SHOWN = 50;
const PLAYERS_PUSH_MS = 500;

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The first millisecond at which the multiplier has reached `bust` (crashMultiplierAt decides). */
export function bustTime(bust: number): number {
  let t = crashTimeOf(bust);
  while (t > 0 && crashMultiplierAt(t - 1) >= bust) t--;
  while (crashMultiplierAt(t) < bust) t++;
  return t;
}

type Listener = (state: Omit<CrashState, 'mine'>) => void;

/**
 * Where a new chain's salt comes from (docs/originals-fairness.md, section 5). It must be a public value
 * that did not exist when the chain's commitment was published, so the operator cannot choose it.
 * 'operator': the operator announces a source in the back office (a named future draw, a future block)
 * and enters its value once it exists. 'lottery' (the demo's default): the numbers of the brand's own
 * next lottery draw, announced when the chain is made and entered by the game once drawn.
 */
export interface CrashSalt {
  mode: 'operator' | 'lottery';
  lottery?: {
    /** The draw now taking bets of the brand's fastest lottery. */
    next(brand: Brand): Promise<{ game: string; number: string } | null>;
    /** A draw's numbers as players read them, joined by '-', once drawn; null before. */
    numbers(brand: Brand, game: string, number: string): Promise<string | null>;
  };
}

/** The demo's salt: the numbers of the next draw of this lottery (drawn every minute). */
export const CRASH_SALT_LOTTERY = 'ssc1';

/**
 * A draw's numbers as the salt: every number of its result in the order shown, joined by '-' (SSC
 * 3,8,2,0,4 → "3-8-2-0-4"; the zodiac of Mark Six is not a drawn number and is left out).
 */
export function drawNumbersText(result: Record<string, unknown>): string {
  const numbers: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'number' || typeof v === 'string') numbers.push(String(v));
  };
  for (const [key, value] of Object.entries(result))
    if (key !== 'family' && key !== 'zodiacOfOne') walk(value);
  return numbers.join('-');
}

/** A chain's salt source when it is the brand's own lottery draw. */
export const lotterySaltSource = (game: string, number: string) => `lottery:${game}:${number}`;
const LOTTERY_SOURCE = /^lottery:([a-z0-9]+):([0-9-]+)$/;

/**
 * Crash: one shared round at a time per brand. Every process runs the same loop and every step is a
 * conditional update, so whichever process comes first opens, starts, crashes and settles a round, once;
 * the database's clock is the only clock. Bust points come from the brand's hash chain, committed before
 * its first round. Each process pushes the state to the sockets it holds.
 */
export class CrashService {
  private readonly chainHashes = new Map<number, string[]>();
  private readonly listeners = new Map<number, Set<Listener>>();
  private readonly lastPushed = new Map<number, string>();
  private readonly phases = new Map<number, string>();
  private readonly pushedAt = new Map<number, number>();
  private readonly autos = new Map<number, { roundId: number; bets: CrashBetRow[] }>();
  /** The round each brand's loop last saw running here: cash-outs check against it without a read. */
  private readonly live = new Map<number, RoundRow>();
  private readonly saltPolledAt = new Map<number, number>();
  /** Outcomes of rounds in play, opened from their sealed copy once per process. */
  private readonly outcomes = new Map<number, RoundOutcome>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private brands: Brand[] = [];
  private brandsLoadedAt = 0;
  private loadBrands: (() => Promise<Brand[]>) | null = null;

  constructor(
    private readonly repo: CrashRepository,
    private readonly ledger: Ledger,
    private readonly originals: OriginalsService,
    private readonly ports: OriginalsPorts,
    private readonly box: SecretBox,
    private readonly timing: CrashTiming = DEFAULT_CRASH_TIMING,
    private readonly log?: FastifyBaseLogger,
    private readonly salt: CrashSalt = { mode: 'operator' },
  ) {}

  // ---- the loop -------------------------------------------------------------------------------------

  /** Runs the loop for every brand (the server process does; tests step it with `tick`). */
  start(loadBrands: () => Promise<Brand[]>) {
    this.loadBrands = loadBrands;
    if (!this.timer) this.schedule();
  }

  private schedule() {
    this.timer = setTimeout(() => void this.loop(), this.timing.tickMs);
    this.timer.unref?.();
  }

  private async loop() {
    if (this.running) return;
    this.running = true;
    try {
      // A brand added while the server runs starts playing within a minute.
      if (this.loadBrands && Date.now() - this.brandsLoadedAt > 60_000) {
        this.brands = await this.loadBrands();
        this.brandsLoadedAt = Date.now();
      }
      for (const brand of this.brands) {
        try {
          await this.tick(brand);
        } catch (error) {
          this.log?.warn(
            { err: error, brandId: brand.id },
            'crash: a step failed; the next tick tries again',
          );
        }
      }
    } catch (error) {
      this.log?.warn({ err: error }, 'crash: the brands could not be read; the next tick tries again');
    } finally {
      this.running = false;
      if (this.timer !== null) this.schedule();
    }
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** One look at the brand's round, moving it on when its time has come. Public for tests. */
  async tick(brand: Brand) {
    const settings = (await this.originals.gameSettings(brand)).crash;
    const { round, nowMs } = await this.repo.latest(brand.id);
    if (!round || (round.status === 'settled' && nowMs >= round.crashedAt!.getTime() + this.timing.pauseMs)) {
      if (settings.enabled) await this.open(brand, settings.edgeBp);
    } else if (round.status === 'betting' && nowMs >= round.bettingEndsAt.getTime()) {
      const started = await this.repo.start(round.id);
      if (started) this.autos.set(brand.id, { roundId: round.id, bets: await this.repo.dueBets(round.id) });
    } else if (round.status === 'running') {
      const outcome = this.outcomeOf(round);
      this.live.set(brand.id, round);
      const elapsed = nowMs - round.startedAt!.getTime();
      await this.payAutos(brand, round, outcome, Math.min(elapsed, outcome.bustMs));
      if (elapsed >= outcome.bustMs) await this.repo.crash(round.id, outcome);
    } else if (round.status === 'crashed' && nowMs >= round.crashedAt!.getTime() + SETTLE_GRACE_MS) {
      await this.settle(brand, round);
    }
    // Sockets hear a change of phase at once; the players' list at most twice a second.
    const phase = `${round?.id}:${round?.status}`;
    const due = Date.now() - (this.pushedAt.get(brand.id) ?? 0) >= PLAYERS_PUSH_MS;
    if (phase !== this.phases.get(brand.id) || due) {
      this.phases.set(brand.id, phase);
      this.pushedAt.set(brand.id, Date.now());
      await this.push(brand);
    }
  }

  private async open(brand: Brand, edgeBp: number) {
    const chains = await this.unspent(brand);
    let chain = chains[0]!;
    // No round plays before the chain's salt is known.
    if (chain.salt === null) {
      const salted = await this.saltFromLottery(brand, chain);
      if (!salted) return;
      chain = salted;
    }
    // The next chain is published well before this one is spent, so its salt can be entered in time.
    const ahead = Math.max(1, Math.min(1_000, Math.floor(chain.length / 10)));
    if (chains.length === 1 && chain.length - chain.nextIndex < ahead) await this.newChain(brand);
    const hash = this.hashAt(chain, chain.nextIndex);
    const bust = crashPoint(hash, chain.salt!, edgeBp);
    const outcome: RoundOutcome = { hash, bust, bustMs: bustTime(bust) };
    await this.repo.openRound({
      brandId: brand.id,
      chainId: chain.id,
      index: chain.nextIndex,
      outcomeCipher: this.box.seal(JSON.stringify(outcome)),
      edgeBp,
      bettingMs: this.timing.bettingMs,
    });
  }

  /** A round's outcome: from its row once it has crashed, else opened from its sealed copy. */
  private outcomeOf(round: RoundRow): RoundOutcome {
    if (round.hash !== null && round.bust !== null && round.bustMs !== null)
      return { hash: round.hash, bust: round.bust, bustMs: round.bustMs };
    let outcome = this.outcomes.get(round.id);
    if (!outcome) {
      outcome = JSON.parse(this.box.open(round.outcomeCipher!)) as RoundOutcome;
      if (this.outcomes.size > 100) this.outcomes.clear();
      this.outcomes.set(round.id, outcome);
    }
    return outcome;
  }

  /**
   * The brand's chains not yet spent, oldest (the one in play) first; a new one is made, and its
   * commitment published, when there is none.
   */
  private async unspent(brand: Brand): Promise<ChainRow[]> {
    const chains = await this.repo.unspentChains(brand.id);
    if (chains.length > 0) return chains;
    return [await this.newChain(brand)];
  }

  /** The chain in play (or the one waiting for its salt), made when there is none. */
  async chainFor(brand: Brand): Promise<ChainRow> {
    return (await this.unspent(brand))[0]!;
  }

  /** A new chain: its commitment published now, its salt from a source that does not exist yet. */
  private async newChain(brand: Brand): Promise<ChainRow> {
    const next = this.salt.mode === 'lottery' ? await this.salt.lottery?.next(brand) : null;
    const seed = randomHex(32);
    const length = this.timing.chainLength;
    let hash = seed;
    const hashes: string[] = new Array(length + 1);
    hashes[length] = seed;
    for (let i = length - 1; i >= 0; i--) {
      hash = sha256Hex(hash);
      hashes[i] = hash;
    }
    const row = await this.repo.addChain({
      brandId: brand.id,
      seedCipher: this.box.seal(seed),
      commitment: hashes[0]!,
      saltSource: next ? lotterySaltSource(next.game, next.number) : null,
      length,
    });
    this.chainHashes.set(row.id, hashes);
    return row;
  }

  /** Enters a chain's salt from the lottery draw it names, once drawn: the chain with its salt, or null. */
  private async saltFromLottery(brand: Brand, chain: ChainRow): Promise<ChainRow | null> {
    const source = LOTTERY_SOURCE.exec(chain.saltSource ?? '');
    if (!source || !this.salt.lottery) return null;
    const now = Date.now();
    if (now - (this.saltPolledAt.get(chain.id) ?? 0) < (this.timing.saltPollMs ?? 5_000)) return null;
    this.saltPolledAt.set(chain.id, now);
    const numbers = await this.salt.lottery.numbers(brand, source[1]!, source[2]!);
    if (numbers === null) return null;
    const entered = await this.repo.enterSalt(chain.id, brand.id, numbers);
    if (entered) this.log?.info({ chainId: chain.id }, 'crash: the chain has its salt; rounds begin');
    // Another process may have entered it first: the same numbers either way.
    return entered ?? (await this.repo.chain(chain.id));
  }

  /** The operator names where the salt of a chain waiting for it will come from (audited alongside). */
  async announceSalt(
    brand: Brand,
    chainId: number,
    source: string,
    alongside: Parameters<CrashRepository['announceSalt']>[3],
  ) {
    const chain = await this.repo.chain(chainId);
    if (!chain || chain.brandId !== brand.id) throw new AppError('CRASH_CHAIN_NOT_FOUND');
    if (chain.salt !== null || chain.saltSource !== null) throw new AppError('CRASH_SALT_ANNOUNCED');
    if (!(await this.repo.announceSalt(chainId, brand.id, source, alongside)))
      throw new AppError('CRASH_SALT_ANNOUNCED');
  }

  /** The operator enters the value of the announced source: the chain can start (audited alongside). */
  async enterSalt(
    brand: Brand,
    chainId: number,
    salt: string,
    alongside: Parameters<CrashRepository['enterSalt']>[3],
  ) {
    const chain = await this.repo.chain(chainId);
    if (!chain || chain.brandId !== brand.id) throw new AppError('CRASH_CHAIN_NOT_FOUND');
    if (chain.salt !== null) throw new AppError('CRASH_SALT_ENTERED');
    if (chain.saltSource === null) throw new AppError('CRASH_SALT_NOT_ANNOUNCED');
    // The brand's own draw salts its chain by itself: nobody types its value.
    if (LOTTERY_SOURCE.test(chain.saltSource)) throw new AppError('CRASH_SALT_AUTOMATIC');
    if (!(await this.repo.enterSalt(chainId, brand.id, salt, alongside)))
      throw new AppError('CRASH_SALT_ENTERED');
  }

  /** x_index of a chain: hashed down from its sealed seed once per process and kept. */
  private hashAt(chain: ChainRow, index: number): string {
    let hashes = this.chainHashes.get(chain.id);
    if (!hashes) {
      hashes = new Array(chain.length + 1);
      let hash = this.box.open(chain.seedCipher);
      hashes[chain.length] = hash;
      for (let i = chain.length - 1; i >= 0; i--) {
        hash = sha256Hex(hash);
        hashes[i] = hash;
      }
      if (hashes[0] !== chain.commitment)
        throw new Error(`crash chain ${chain.id} does not hash to its commitment`);
      this.chainHashes.set(chain.id, hashes);
    }
    return hashes[index]!;
  }

  /** Pays the automatic cash-outs the multiplier has reached (at their own multiplier, never above the bust). */
  private async payAutos(brand: Brand, round: RoundRow, outcome: RoundOutcome, elapsed: number) {
    let known = this.autos.get(brand.id);
    if (!known || known.roundId !== round.id) {
      known = { roundId: round.id, bets: await this.repo.dueBets(round.id) };
      this.autos.set(brand.id, known);
    }
    const reached = crashMultiplierAt(elapsed);
    const due = known.bets.filter(
      (b) => b.autoCashout !== null && b.autoCashout <= reached && b.autoCashout <= outcome.bust,
    );
    if (due.length === 0) return;
    known.bets = known.bets.filter((b) => !due.includes(b));
    await Promise.all(due.map((b) => this.pay(brand, b, bustTime(b.autoCashout!), b.autoCashout!)));
  }

  /** A crashed round: every recorded or automatic cash-out paid, then everything else lost. */
  async settle(brand: Brand, round: RoundRow) {
    const { bust } = this.outcomeOf(round);
    for (const bet of await this.repo.dueBets(round.id)) {
      if (bet.cashoutMs !== null) await this.pay(brand, bet, bet.cashoutMs, crashMultiplierAt(bet.cashoutMs));
      else if (bet.autoCashout !== null && bet.autoCashout <= bust)
        await this.pay(brand, bet, bustTime(bet.autoCashout), bet.autoCashout);
    }
    const lost = await this.repo.settleLost(round.id, emptyFingerprint('win'));
    if (lost > 0) this.log?.debug({ roundId: round.id, lost }, 'crash: round settled');
  }

  private async pay(brand: Brand, bet: CrashBetRow, cashoutMs: number, multiplier: number) {
    // The limit the bet was accepted under (bets placed before it was kept with them: today's).
    const maxWin = bet.maxWin ?? (await this.originals.gameSettings(brand)).crash.maxWin;
    const payout = Math.min(Math.floor((bet.stake * multiplier) / 100), maxWin);
    const side = { memberId: bet.memberId, wallet: 'main' as const };
    // Paid from where the stake went: the brand's trial account for a trial account's bet.
    const house = houseFor(await this.ports.isTrial(bet.memberId));
    const [postings, wallet] = await Promise.all([
      this.ledger.prepare({
        brand,
        key: `bgs:crash:${bet.id}:win`,
        kind: 'win',
        from: { house },
        to: side,
        amount: payout,
      }),
      this.ledger.memberAccount(brand.id, bet.memberId, 'main', brand.currency),
    ]);
    try {
      const paid = await this.repo.pay({ betId: bet.id, cashoutMs, multiplier, payout, wallet, postings });
      if (!paid.replayed && paid.bet.balanceAfter !== null)
        this.ports.balanceChanged(brand, bet.memberId, paid.bet.balanceAfter);
      return paid.bet;
    } catch (error) {
      translateError(error);
    }
  }

  // ---- members' calls ---------------------------------------------------------------------------------

  async placeBet(
    brand: Brand,
    member: { id: number; userType: number },
    body: { requestId: string; stake: number; autoCashout?: number | undefined },
    lang: LanguageCode,
  ): Promise<CrashBet> {
    const settings = (await this.originals.gameSettings(brand)).crash;
    if (!settings.enabled) throw new AppError('GAME_DISABLED');
    checkBrandAmount(brand, body.stake, lang);
    const money = (v: number) => `${formatAmount(v, lang)} ${brand.currency}`;
    if (body.stake < settings.minBet) throw new AppError('BET_BELOW_MIN', { min: money(settings.minBet) });
    if (body.stake > settings.maxBet) throw new AppError('BET_ABOVE_MAX', { max: money(settings.maxBet) });
    const { round } = await this.repo.latest(brand.id);
    if (round?.status !== 'betting') throw new AppError('CRASH_BETTING_CLOSED');
    const [postings, wallet] = await Promise.all([
      this.ledger.prepare({
        brand,
        key: `bgs:crash:${member.id}:${body.requestId}:bet`,
        kind: 'bet',
        from: { memberId: member.id, wallet: 'main' },
        to: { house: houseFor(member.userType === TRIAL_TYPE) },
        amount: body.stake,
      }),
      this.ledger.memberAccount(brand.id, member.id, 'main', brand.currency),
    ]);
    try {
      const placed = await this.repo.bet({
        brandId: brand.id,
        memberId: member.id,
        roundId: round.id,
        requestId: body.requestId,
        stake: body.stake,
        autoCashout: body.autoCashout ?? null,
        maxWin: settings.maxWin,
        wallet,
        postings,
      });
      if (!placed.replayed && placed.balance !== null)
        this.ports.balanceChanged(brand, member.id, placed.balance);
      return betView(placed.bet, placed.balance);
    } catch (error) {
      const e = error as { code?: string; message?: string; constraint?: string };
      if (e.code === '23505' && `${e.message} ${e.constraint}`.includes('crash_bets_round_member_uq'))
        throw new AppError('CRASH_ALREADY_BET');
      if ((e.message ?? '').includes('CRASH_BETTING_CLOSED')) throw new AppError('CRASH_BETTING_CLOSED');
      translateError(error);
    }
  }

  /** Cashes out now, by the database's clock: refused once the multiplier has reached the bust point. */
  async cashout(brand: Brand, member: { id: number }, betId: number): Promise<CrashBet> {
    const attempt = (round: RoundRow | null | undefined) =>
      round?.status === 'running'
        ? this.repo.cashoutNow(betId, member.id, round.id, this.outcomeOf(round).bustMs)
        : Promise.resolve(null);
    // The running round as this process's loop last saw it; read again when the bet is not in it.
    const seen = this.live.get(brand.id);
    let recorded = await attempt(seen);
    if (!recorded) {
      const { round } = await this.repo.latest(brand.id);
      if (round && round.id !== seen?.id) recorded = await attempt(round);
    }
    if (!recorded) {
      const bet = await this.repo.betById(betId);
      if (!bet || bet.memberId !== member.id) throw new AppError('CRASH_NO_BET');
      if (bet.status === 'cashed' || bet.cashoutMs !== null) throw new AppError('CRASH_CASHED_OUT');
      const round = await this.repo.round(bet.roundId);
      if (round?.status === 'betting') throw new AppError('CRASH_NOT_STARTED');
      throw new AppError('CRASH_BUSTED');
    }
    const paid = await this.pay(brand, recorded, recorded.cashoutMs!, crashMultiplierAt(recorded.cashoutMs!));
    return betView(paid!, paid!.balanceAfter);
  }

  // ---- what pages see ---------------------------------------------------------------------------------

  measured(brandId: number, from: Date, to: Date) {
    return this.repo.measured(brandId, from, to);
  }

  async chains(brandId: number) {
    return (await this.repo.chains(brandId)).map((c) => ({
      ...chainView(c),
      id: c.id,
      played: c.nextIndex - 1,
      createdAt: c.createdAt.getTime(),
    }));
  }

  /**
   * Game recall for crash: the member's last settled bets with their round's hash (its "server seed"),
   * the chain's salt and commitment, the bust point and the cash-out.
   */
  async recall(memberId: number, limit = 10, betId?: number): Promise<RecallRound[]> {
    const rows = await this.repo.memberBets(memberId, limit, betId);
    const chains = new Map<number, ChainRow | null>();
    for (const { round } of rows)
      if (!chains.has(round.chainId)) chains.set(round.chainId, await this.repo.chain(round.chainId));
    return rows.map(({ bet, round }) => {
      const chain = chains.get(round.chainId);
      return {
        id: bet.id,
        game: 'crash',
        nonce: round.index,
        serverSeedHash: chain?.commitment ?? '',
        serverSeed: round.hash!,
        clientSeed: chain?.salt ?? '',
        params: { edgeBp: round.edgeBp, autoCashout: bet.autoCashout, crashRound: round.id },
        outcome: {
          hash: round.hash!,
          salt: chain?.salt ?? '',
          bust: round.bust!,
          cashedOutAt: bet.multiplier,
        },
        stake: bet.stake,
        payout: bet.payout,
        multiplier: bet.multiplier * 100,
        balanceBefore: bet.balanceBefore,
        balanceAfter: bet.balanceAfter,
        createdAt: bet.createdAt.getTime(),
      };
    });
  }

  async state(brand: Brand, memberId: number | null): Promise<CrashState> {
    const base = await this.publicState(brand);
    let mine: CrashBet | null = null;
    if (memberId !== null && base.round) {
      const bet = await this.repo.memberBetInRound(memberId, base.round.id);
      if (bet)
        mine = betView(
          bet,
          bet.balanceAfter ?? (bet.balanceBefore === null ? null : bet.balanceBefore - bet.stake),
        );
    }
    return { ...base, mine };
  }

  private async publicState(brand: Brand): Promise<Omit<CrashState, 'mine'>> {
    const { round, nowMs } = await this.repo.latest(brand.id);
    const [bets, history, chain] = await Promise.all([
      round ? this.repo.roundBets(round.id) : Promise.resolve([]),
      this.repo.rounds(brand.id, 21),
      this.repo.unspentChains(brand.id).then((c) => c[0] ?? null),
    ]);
    const names = await this.ports.usernames([...new Set(bets.map((b) => b.memberId))]);
    const shown = [...bets].sort((a, b) => b.stake - a.stake).slice(0, PLAYERS_SHOWN);
    const players: CrashPlayer[] = shown.map((b) => ({
      player: maskAccount(names.get(b.memberId) ?? '?'),
      stake: b.stake,
      multiplier: b.multiplier,
      payout: b.payout,
      status: b.status as CrashPlayer['status'],
    }));
    return {
      round: round ? roundView(round) : null,
      serverNow: nowMs,
      players,
      playerCount: bets.length,
      totalStake: bets.reduce((s, b) => s + b.stake, 0),
      history: history
        .filter((r) => r.status === 'crashed' || r.status === 'settled')
        .slice(0, 20)
        .map((r) => ({ id: r.id, bust: r.bust!, hash: r.hash! })),
      chain: chain ? chainView(chain) : null,
      currency: brand.currency,
    };
  }

  /** Sockets of this process hear the state whenever its round's phase or players change. */
  subscribe(brand: Brand, listener: Listener) {
    const set = this.listeners.get(brand.id) ?? new Set<Listener>();
    this.listeners.set(brand.id, set);
    set.add(listener);
    void this.publicState(brand).then(listener, () => {});
    return () => set.delete(listener);
  }

  private async push(brand: Brand, force = false) {
    const set = this.listeners.get(brand.id);
    if (!set || set.size === 0) return;
    const state = await this.publicState(brand);
    const key = JSON.stringify([state.round?.id, state.round?.status, state.playerCount, state.players]);
    if (!force && this.lastPushed.get(brand.id) === key) return;
    this.lastPushed.set(brand.id, key);
    for (const listener of set) listener(state);
  }
}

/** A chain as players and operators see it: never its secret end. */
export function chainView(c: ChainRow) {
  return {
    commitment: c.commitment,
    salt: c.salt,
    saltSource: c.saltSource,
    saltAnnouncedAt: c.saltAnnouncedAt?.getTime() ?? null,
    saltAt: c.saltAt?.getTime() ?? null,
    length: c.length,
  };
}

function roundView(r: RoundRow): CrashRound {
  const over = r.status === 'crashed' || r.status === 'settled';
  return {
    id: r.id,
    index: r.index,
    status: r.status as CrashRound['status'],
    bettingEndsAt: r.bettingEndsAt.getTime(),
    startedAt: r.startedAt?.getTime() ?? null,
    bust: over ? r.bust : null,
    hash: over ? r.hash : null,
  };
}

function betView(b: CrashBetRow, balance: number | null): CrashBet {
  return {
    id: b.id,
    roundId: b.roundId,
    stake: b.stake,
    autoCashout: b.autoCashout,
    multiplier: b.multiplier,
    payout: b.payout,
    status: b.status as CrashBet['status'],
    balance,
  };
}
