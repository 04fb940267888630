/**
 * A session this process found live a moment ago, as a hot route takes it without reading it again (the
 * instant bets: hundreds a second from the same sessions). It is a claim, not a proof: the route's own
 * write confirms it in the transaction that writes (the SQL function member_sessions_live), so a logout,
 * a password change or a disabled account stops the next write wherever the session was seen.
 */
export interface SessionClaim {
  /** SHA-256 of the session's token, as member_sessions keeps it. */
  tokenHash: string;
  member: { id: number; brandId: number; userType: number };
  /** When the session ends by itself (ms since the epoch). */
  expiresAt: number;
}

/** Claims remembered by token hash, the oldest forgotten first past `maxEntries`, each for `ttlMs` at most. */
export class SessionClaims {
  private readonly entries = new Map<string, { claim: SessionClaim; until: number }>();

  constructor(
    private readonly ttlMs = 10 * 60_000,
    private readonly maxEntries = 100_000,
  ) {}

  get(tokenHash: string, now = Date.now()): SessionClaim | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > now && entry.claim.expiresAt > now) return entry.claim;
    this.entries.delete(tokenHash);
    return undefined;
  }

  remember(claim: SessionClaim, now = Date.now()) {
    this.entries.delete(claim.tokenHash);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(claim.tokenHash, { claim, until: now + this.ttlMs });
  }

  forget(tokenHash: string) {
    this.entries.delete(tokenHash);
  }

  get size() {
    return this.entries.size;
  }
}
