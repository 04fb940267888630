import { describe, expect, it } from 'vitest';
import { attemptFor, newRequestId } from '../../src/machines/request-attempt';

describe('request attempts', () => {
  it('keeps the id for the same request, whatever the key order, and renews it for a changed one', () => {
    const first = attemptFor(null, { amount: 100, to: 'a' });
    expect(attemptFor(first, { to: 'a', amount: 100 })).toBe(first);
    expect(attemptFor(first, { amount: 101, to: 'a' }).requestId).not.toBe(first.requestId);
  });

  it('makes ids the server accepts (8 to 64 characters), also without crypto.randomUUID', () => {
    expect(newRequestId()).toMatch(/^[0-9a-f-]{8,64}$/);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const id = newRequestId();
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(newRequestId()).not.toBe(id);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
