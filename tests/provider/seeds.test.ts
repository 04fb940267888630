import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ProviderGame } from '../../provider/catalogue';
import { Session } from '../../provider/sessions';
import type { Operator, WalletClient } from '../../provider/wallet-client';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The demo provider commits to the server seed that comes next before the player picks the client seed
 * it will be paired with, as the site's own games do (issue 26): rotating activates exactly that seed.
 */
describe("the demo provider's seeds", () => {
  const session = () =>
    new Session(
      { code: 'AURORA' } as Operator,
      {} as WalletClient,
      { vendor: 'NOVA', kind: 'slot', variant: 'golden-dragon' } as unknown as ProviderGame,
      '7',
      't'.repeat(43),
      'FUN',
      'en',
      100_000,
    );

  it('shows the next server seed committed, and rotating reveals the old one and activates the next', () => {
    const s = session();
    const before = s.fairness();
    expect(before.nextCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(before.nextCommitment).not.toBe(before.commitment);
    s.nextRound();
    s.rotateSeeds('my-own-seed');
    const after = s.fairness();
    expect(sha256(after.revealed!.serverSeed)).toBe(before.commitment);
    expect(after.commitment).toBe(before.nextCommitment);
    expect(after.clientSeed).toBe('my-own-seed');
    expect(after.nonce).toBe(0);
    expect(after.nextCommitment).not.toBe(before.nextCommitment);
  });
});
