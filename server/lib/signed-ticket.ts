import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived tickets the server hands out between two steps of a flow (a password step, then a code):
 * the data travels with the browser, signed so it cannot be altered, and dies at its expiry.
 */
export class TicketSigner {
  constructor(private readonly key: string) {}

  private mac(payload: string) {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  issue<T extends object>(data: T, ttlMs: number): string {
    const payload = Buffer.from(JSON.stringify({ ...data, exp: Date.now() + ttlMs })).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The ticket's data, or null when it was forged, altered or has expired. */
  read<T extends object>(ticket: string): T | null {
    const [payload = '', signature = ''] = ticket.split('.');
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const data = JSON.parse(Buffer.from(payload, 'base64url').toString()) as T & { exp: number };
      return typeof data.exp === 'number' && data.exp > Date.now() ? data : null;
    } catch {
      return null;
    }
  }
}
