import { describe, expect, it } from 'vitest';
import { type SessionClaim, SessionClaims } from '../../server/modules/accounts/session-claims';

const claim = (n: number, expiresAt = 10_000_000): SessionClaim => ({
  tokenHash: `hash-${n}`,
  member: { id: n, brandId: 1, userType: 0 },
  expiresAt,
});

describe('session claims remembered for the instant bets', () => {
  it('gives back a remembered session until it ends by itself or is forgotten', () => {
    const claims = new SessionClaims(60_000, 10);
    claims.remember(claim(1, 5_000), 0);
    expect(claims.get('hash-1', 4_999)?.member.id).toBe(1);
    // Past the session's own end it is not given back (the caller reads it again and answers why).
    expect(claims.get('hash-1', 5_000)).toBeUndefined();
    claims.remember(claim(2), 0);
    claims.forget('hash-2');
    expect(claims.get('hash-2', 1)).toBeUndefined();
  });

  it('reads a session again after a while even when it has not ended', () => {
    const claims = new SessionClaims(60_000, 10);
    claims.remember(claim(1), 0);
    expect(claims.get('hash-1', 59_999)).toBeDefined();
    expect(claims.get('hash-1', 60_000)).toBeUndefined();
  });

  it('keeps at most its number of sessions, forgetting the oldest first', () => {
    const claims = new SessionClaims(60_000, 3);
    for (let n = 1; n <= 5; n++) claims.remember(claim(n), n);
    expect(claims.size).toBe(3);
    expect(claims.get('hash-1', 10)).toBeUndefined();
    expect(claims.get('hash-2', 10)).toBeUndefined();
    expect(claims.get('hash-5', 10)?.member.id).toBe(5);
  });
});
