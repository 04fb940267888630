import { Secret, TOTP } from 'otpauth';
import { AppError } from '../../http/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { TicketSigner } from '../../lib/signed-ticket';

/** Secrets stored sealed under the master key start with this; older rows hold the base32 itself. */
const SEALED = 'mk1.';

const CHALLENGE_TTL_MS = 5 * 60_000;
const PERIOD_S = 30;

function totp(secret: string, issuer: string, label: string) {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * Two-step verification with an authenticator app (TOTP, RFC 6238). A password login of a member who
 * turned it on yields a short-lived signed challenge instead of a session; the challenge and a fresh
 * code then open the session. A code's time step is accepted once.
 */
export class TwoFactor {
  private readonly tickets: TicketSigner;

  /** `box` seals the secrets at rest, so a copy of the database cannot make codes. */
  constructor(
    signingKey: string,
    private readonly box: SecretBox,
  ) {
    this.tickets = new TicketSigner(signingKey);
  }

  /** `weak` carries the password step's finding (the brand's weak default) to the second step. */
  challengeFor(memberId: number, weak: boolean): string {
    return this.tickets.issue({ memberId, weak }, CHALLENGE_TTL_MS);
  }

  /** What a challenge was issued for; TWO_FACTOR_INVALID when forged or stale. */
  read(challenge: string): { memberId: number; weak: boolean } {
    const data = this.tickets.read<{ memberId: number; weak: boolean }>(challenge);
    if (!data) throw new AppError('TWO_FACTOR_INVALID');
    return { memberId: data.memberId, weak: data.weak };
  }

  /** A new secret: `secret` and `uri` for the app (shown once), `stored` for the database (sealed). */
  newSecret(issuer: string, label: string) {
    const secret = new Secret({ size: 20 }).base32;
    return { secret, uri: totp(secret, issuer, label).toString(), stored: SEALED + this.box.seal(secret) };
  }

  /**
   * The time step the code belongs to (this one or a neighbour, for clock drift), or null when wrong.
   * `stored` is the secret as the database keeps it.
   */
  stepOf(stored: string, code: string, now = Date.now()): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    const secret = stored.startsWith(SEALED) ? this.box.open(stored.slice(SEALED.length)) : stored;
    const delta = totp(secret, 'x', 'x').validate({ token: code, timestamp: now, window: 1 });
    return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
  }
}
