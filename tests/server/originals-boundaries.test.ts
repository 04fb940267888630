import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originalsSeeds } from '../../server/db/schema';
import { masterBox } from '../../server/lib/master-key';
import { SecretBox } from '../../server/lib/secret-box';
import { installationSecret } from '../../server/lib/secrets';
import { LIMBO_MIN_TARGET } from '../../src/originals/games/limbo';
import { drawOutcome } from '../../src/originals/outcome';
import { createTestContext, databaseKinds, fund, type Member, newMember, type TestContext } from './harness';

/**
 * Boundaries of the in-house games through the whole path (route, service, the shared math, the ledger):
 * a limbo bet whose drawn multiplier is exactly its target wins, as the rules and the verifier say.
 */

let seq = 0;
const rid = () => `edge-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

describe.each(databaseKinds)('in-house games at their boundaries, on %s', (kind) => {
  let ctx: TestContext;
  let player: Member;
  const balance = async () => (await ctx.call('walletBalance', { token: player.token })).value.balance;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    player = await newMember(ctx, { prefix: 'edge' });
    await fund(ctx, player, 1_000_000);
  });
  afterAll(() => ctx.close());

  /** The outcome the member's next limbo bet will draw, read as only the server can (its sealed seed). */
  async function nextLimboResult() {
    const seeds = (await ctx.call('originalsSeeds', { token: player.token })).value.active;
    const [row] = await ctx.handle.db
      .select()
      .from(originalsSeeds)
      .where(and(eq(originalsSeeds.memberId, player.id), isNull(originalsSeeds.revealedAt)));
    const box = new SecretBox(
      await installationSecret(ctx.handle.db, masterBox(ctx.masterKey), 'sealed-secrets-key'),
    );
    const outcome = drawOutcome(
      { serverSeed: box.open(row!.serverSeedCipher!), clientSeed: seeds.clientSeed, nonce: seeds.nonce },
      { game: 'limbo', edgeBp: 100 },
    );
    return (outcome as { result: number }).result;
  }

  it('refuses a request id already used by another wager instead of answering with that wager', async () => {
    const requestId = rid();
    const dice = await ctx.call('originalsBet', {
      token: player.token,
      body: { game: 'dice', requestId, stake: 100, chance: 5_000, side: 'under' } as never,
    });
    expect(dice.code).toBe('OK');
    const before = await balance();
    const mines = await ctx.call('minesStart', {
      token: player.token,
      body: { requestId, stake: 100, mines: 3 },
    });
    expect([mines.status, mines.code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    const limbo = await ctx.call('originalsBet', {
      token: player.token,
      body: { game: 'limbo', requestId, stake: 100, target: 200 } as never,
    });
    expect(limbo.code).toBe('IDEMPOTENCY_CONFLICT');
    const more = await ctx.call('originalsBet', {
      token: player.token,
      body: { game: 'dice', requestId, stake: 200, chance: 5_000, side: 'under' } as never,
    });
    expect(more.code).toBe('IDEMPOTENCY_CONFLICT');
    // The same wager sent again is still answered with itself.
    const again = await ctx.call('originalsBet', {
      token: player.token,
      body: { game: 'dice', requestId, stake: 100, chance: 5_000, side: 'under' } as never,
    });
    expect(again.value.id).toBe(dice.value.id);
    expect(await balance()).toBe(before);
  });

  it('pays a limbo bet whose multiplier lands exactly on its target', async () => {
    // Small bets move the nonce on until the next draw can be a target (1.01× or more).
    let result = await nextLimboResult();
    while (result < LIMBO_MIN_TARGET) {
      await ctx.call('originalsBet', {
        token: player.token,
        body: { game: 'dice', requestId: rid(), stake: 10, chance: 5_000, side: 'under' } as never,
      });
      result = await nextLimboResult();
    }
    const before = await balance();
    const bet = await ctx.call('originalsBet', {
      token: player.token,
      body: { game: 'limbo', requestId: rid(), stake: 1_000, target: result } as never,
    });
    expect(bet.code).toBe('OK');
    expect(bet.value.outcome).toMatchObject({ result });
    const payout = Math.floor((1_000 * result) / 100);
    expect(bet.value.payout).toBe(payout);
    expect(await balance()).toBe(before - 1_000 + payout);

    // One hundredth above the multiplier drawn, a bet loses.
    const next = await nextLimboResult();
    const lost = await ctx.call('originalsBet', {
      token: player.token,
      body: {
        game: 'limbo',
        requestId: rid(),
        stake: 1_000,
        target: Math.max(next + 1, LIMBO_MIN_TARGET),
      } as never,
    });
    expect(lost.value.outcome).toMatchObject({ result: next });
    expect(lost.value.payout).toBe(0);
  });
});
