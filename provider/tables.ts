/**
 * Live tables: rounds that every seated player shares, on the provider's clock. A round opens with the
 * SHA-256 of its seed published, takes bets for a fixed window, then is drawn from that seed, shown, and
 * settled: one win (possibly of 0) per player who bet, which closes their round at the operator. The seed
 * is revealed with the result, so anyone can check the draw.
 */
import { randomBytes } from 'node:crypto';
import { commitment, newServerSeed, OutcomeStream } from './fair';
import type { Session } from './sessions';
import { WalletRefusal } from './wallet-client';

export interface TableRules<Spot extends string, Setup, Outcome> {
  kind: 'baccarat' | 'cockfight';
  spots: readonly Spot[];
  /** Throws a RangeError for a stake this spot does not take. */
  assertStake(spot: Spot, amount: number): void;
  /** Fixed when the round opens (a fight's odds), drawn first from the round's stream. */
  setup(stream: OutcomeStream): Setup;
  /** Drawn when betting closes, from the same stream. */
  draw(stream: OutcomeStream, setup: Setup): Outcome;
  /** What a bet returns (stake included; 0 when lost). */
  settle(spot: Spot, stake: number, setup: Setup, outcome: Outcome): number;
}

export interface Timing {
  bettingMs: number;
  /** Cards dealt or the fight fought: the outcome is shown during this phase. */
  revealMs: number;
  resultMs: number;
}

type Phase = 'betting' | 'revealing' | 'result';

interface SeatBet {
  spot: string;
  amount: number;
  transactionId: string;
}

interface Seat {
  session: Session;
  roundId: string;
  bets: SeatBet[];
  /** Bets sent to the operator for this seat, accepted or not (numbers each transaction id). */
  sent: number;
  returned?: number;
}

interface Round<Setup, Outcome> {
  no: number;
  seed: string;
  commitment: string;
  stream: OutcomeStream;
  setup: Setup;
  outcome: Outcome | null;
  phase: Phase;
  /** Epoch ms the current phase ends. */
  endsAt: number;
  seats: Map<string, Seat>;
}

export class TableError extends Error {
  constructor(readonly code: 'BETTING_CLOSED' | 'BAD_STAKE' | 'INSUFFICIENT_FUNDS' | 'WALLET_ERROR') {
    super(code);
  }
}

type Listener = (event: unknown) => void;

export class LiveTable<Spot extends string, Setup, Outcome> {
  private round: Round<Setup, Outcome>;
  private readonly history: { no: number; outcome: Outcome; seed: string; commitment: string }[] = [];
  private readonly listeners = new Map<Session, Set<Listener>>();
  private timer: NodeJS.Timeout | null = null;
  private roundNo = 0;
  /** Set at each start: round numbers begin again at 1, round ids at the operator must not. */
  private readonly epoch = randomBytes(4).toString('hex');

  constructor(
    readonly id: string,
    private readonly rules: TableRules<Spot, Setup, Outcome>,
    private readonly timing: Timing,
    private readonly log: (message: string, detail?: unknown) => void = () => {},
  ) {
    this.round = this.open();
    this.schedule();
  }

  private open(): Round<Setup, Outcome> {
    const seed = newServerSeed();
    const no = ++this.roundNo;
    const stream = new OutcomeStream(seed, this.id, no);
    return {
      no,
      seed,
      commitment: commitment(seed),
      stream,
      setup: this.rules.setup(stream),
      outcome: null,
      phase: 'betting',
      endsAt: Date.now() + this.timing.bettingMs,
      seats: new Map(),
    };
  }

  private schedule() {
    this.timer = setTimeout(() => void this.advance(), Math.max(0, this.round.endsAt - Date.now()));
    this.timer.unref?.();
  }

  private async advance() {
    const round = this.round;
    if (round.phase === 'betting') {
      round.outcome = this.rules.draw(round.stream, round.setup);
      round.phase = 'revealing';
      round.endsAt = Date.now() + this.timing.revealMs;
      this.broadcast();
    } else if (round.phase === 'revealing') {
      round.phase = 'result';
      round.endsAt = Date.now() + this.timing.resultMs;
      this.history.unshift({
        no: round.no,
        outcome: round.outcome!,
        seed: round.seed,
        commitment: round.commitment,
      });
      this.history.length = Math.min(this.history.length, 40);
      this.settleRound(round);
      this.broadcast();
    } else {
      this.round = this.open();
      this.broadcast();
    }
    this.schedule();
  }

  /**
   * What each seat gets back is fixed at once (the players see it); the wins go to the operator in the
   * background, so a slow operator never holds the table up.
   */
  private settleRound(round: Round<Setup, Outcome>) {
    const seats = [...round.seats.values()].filter((seat) => seat.bets.length > 0);
    for (const seat of seats) {
      seat.returned = seat.bets.reduce(
        (sum, b) => sum + this.rules.settle(b.spot as Spot, b.amount, round.setup, round.outcome!),
        0,
      );
    }
    // A seat whose every bet was refused has no round at the operator: nothing to settle.
    for (const seat of seats) void this.payWin(seat);
  }

  private async payWin(seat: Seat) {
    // Rollbacks still owed (a bet of this round whose answer was lost) go first: the operator refuses a
    // rollback once the round is paid.
    await seat.session.wallet.sweep();
    const body = {
      playerId: seat.session.playerId,
      transactionId: `${seat.roundId}-win`,
      roundId: seat.roundId,
      amount: seat.returned ?? 0,
      gameCode: seat.session.game.code,
      currency: seat.session.currency,
    };
    try {
      const answer = await seat.session.wallet.win(seat.session.vendor, body);
      seat.session.balance = answer.balance;
    } catch (error) {
      // The win is owed: sent again until the operator has it.
      this.log('table win not delivered; will retry', String(error));
      if (!(error instanceof WalletRefusal)) seat.session.wallet.oweLater(seat.session.vendor, 'win', body);
      return;
    }
    this.notify(seat.session);
  }

  /** A bet on the open round, taken only once the operator has debited it and while betting is open. */
  async bet(session: Session, spot: Spot, amount: number) {
    if (!this.rules.spots.includes(spot)) throw new TableError('BAD_STAKE');
    try {
      this.rules.assertStake(spot, amount);
    } catch {
      throw new TableError('BAD_STAKE');
    }
    const round = this.round;
    if (round.phase !== 'betting' || Date.now() >= round.endsAt - 300) throw new TableError('BETTING_CLOSED');
    const key = `${session.operator.code}:${session.vendor}:${session.playerId}`;
    // The seat is taken before the operator answers, so bets sent together share it, each with its own
    // transaction id.
    let seat = round.seats.get(key);
    if (!seat) {
      seat = {
        session,
        roundId: `${this.id}-${this.epoch}-${round.no}-${session.playerId}`,
        bets: [],
        sent: 0,
      };
      round.seats.set(key, seat);
    }
    const transactionId = `${seat.roundId}-b${++seat.sent}`;
    let answer: Awaited<ReturnType<Session['wallet']['bet']>>;
    try {
      answer = await session.wallet.bet(session.vendor, {
        token: session.token,
        playerId: session.playerId,
        transactionId,
        roundId: seat.roundId,
        amount,
        gameCode: session.game.code,
        currency: session.currency,
      });
    } catch (error) {
      if (error instanceof WalletRefusal && error.code === 'INSUFFICIENT_FUNDS')
        throw new TableError('INSUFFICIENT_FUNDS');
      throw new TableError('WALLET_ERROR');
    }
    session.balance = answer.balance;
    if (this.round !== round || round.phase !== 'betting') {
      // The window closed while the operator answered: the bet is given back, never played.
      await session.wallet
        .rollback(session.vendor, {
          playerId: session.playerId,
          transactionId: `${transactionId}-late`,
          betTransactionId: transactionId,
          roundId: seat.roundId,
        })
        .then((a) => {
          session.balance = a.balance;
        })
        .catch(() =>
          session.wallet.oweLater(session.vendor, 'rollback', {
            playerId: session.playerId,
            transactionId: `${transactionId}-late`,
            betTransactionId: transactionId,
            roundId: seat.roundId,
          }),
        );
      throw new TableError('BETTING_CLOSED');
    }
    seat.bets.push({ spot, amount, transactionId });
    this.broadcast();
    return { balance: session.balance };
  }

  /** The table as every seated player sees it, plus this player's own bets. */
  view(session?: Session) {
    const round = this.round;
    const totals: Record<string, number> = {};
    let players = 0;
    for (const seat of round.seats.values()) {
      if (seat.bets.length === 0) continue;
      players++;
      for (const b of seat.bets) totals[b.spot] = (totals[b.spot] ?? 0) + b.amount;
    }
    const key = session ? `${session.operator.code}:${session.vendor}:${session.playerId}` : '';
    const mine = round.seats.get(key);
    return {
      table: this.id,
      kind: this.rules.kind,
      round: round.no,
      phase: round.phase,
      endsAt: round.endsAt,
      serverNow: Date.now(),
      commitment: round.commitment,
      setup: round.setup,
      outcome: round.phase === 'betting' ? null : round.outcome,
      seed: round.phase === 'result' ? round.seed : null,
      totals,
      players,
      myBets: mine?.bets.map((b) => ({ spot: b.spot, amount: b.amount })) ?? [],
      myReturn: round.phase === 'result' ? (mine?.returned ?? null) : null,
      balance: session?.balance ?? null,
      history: this.history.slice(0, 24),
    };
  }

  subscribe(session: Session, listener: Listener) {
    const set = this.listeners.get(session) ?? new Set();
    set.add(listener);
    this.listeners.set(session, set);
    listener(this.view(session));
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(session);
    };
  }

  private notify(session: Session) {
    const view = this.view(session);
    for (const l of this.listeners.get(session) ?? []) l(view);
  }

  private broadcast() {
    for (const session of this.listeners.keys()) this.notify(session);
  }

  close() {
    if (this.timer) clearTimeout(this.timer);
  }
}
