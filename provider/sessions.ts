import { randomBytes } from 'node:crypto';
import type { ProviderGame } from './catalogue';
import { commitment, newServerSeed, OutcomeStream } from './fair';
import type { Operator, WalletClient } from './wallet-client';

/** A player's game session at this provider: who, which game, and the seeds their rounds draw from. */
export class Session {
  readonly id = randomBytes(18).toString('base64url');
  balance: number;
  serverSeed = newServerSeed();
  /** The server seed that follows, committed (its SHA-256 shown) before the player picks its client seed. */
  nextServerSeed = newServerSeed();
  clientSeed = randomBytes(8).toString('hex');
  nonce = 0;
  /** Rounds played in this session, never reset (the nonce restarts with every new seed pair). */
  private rounds = 0;
  /** The seed pair last rotated away, revealed so its rounds can be checked. */
  revealed: { serverSeed: string; clientSeed: string; lastNonce: number } | null = null;
  busy = false;
  lastSeen = Date.now();

  constructor(
    readonly operator: Operator,
    readonly wallet: WalletClient,
    readonly game: ProviderGame,
    readonly playerId: string,
    /** The launch token: the operator wants it on every bet. */
    readonly token: string,
    readonly currency: string,
    readonly language: 'pt' | 'en',
    balance: number,
  ) {
    this.balance = balance;
  }

  get vendor() {
    return this.game.vendor;
  }

  /** The next round's number and its outcome stream, fixed now: the round is drawn from it once. */
  nextRound() {
    const nonce = ++this.nonce;
    return {
      nonce,
      // Unique for the operator's records whatever the seeds: the session's id and its own round count.
      roundId: `${this.id.slice(0, 12)}-${++this.rounds}`,
      stream: new OutcomeStream(this.serverSeed, this.clientSeed, nonce),
    };
  }

  /** Reveals the server seed, pairs the committed next one with the client seed, commits a new next. */
  rotateSeeds(clientSeed?: string) {
    this.revealed = { serverSeed: this.serverSeed, clientSeed: this.clientSeed, lastNonce: this.nonce };
    this.serverSeed = this.nextServerSeed;
    this.nextServerSeed = newServerSeed();
    if (clientSeed) this.clientSeed = clientSeed;
    this.nonce = 0;
  }

  fairness() {
    return {
      commitment: commitment(this.serverSeed),
      nextCommitment: commitment(this.nextServerSeed),
      clientSeed: this.clientSeed,
      nonce: this.nonce,
      revealed: this.revealed,
    };
  }
}

export class Sessions {
  private readonly byId = new Map<string, Session>();

  add(session: Session) {
    this.byId.set(session.id, session);
    return session;
  }

  get(id: string) {
    const session = this.byId.get(id);
    if (session) session.lastSeen = Date.now();
    return session;
  }

  all() {
    return this.byId.values();
  }

  /** Forgets sessions idle for longer than `idleMs`. */
  prune(idleMs: number) {
    const before = Date.now() - idleMs;
    for (const [id, s] of this.byId) if (s.lastSeen < before && !s.busy) this.byId.delete(id);
  }
}
