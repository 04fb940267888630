import { describe, expect, it } from 'vitest';
import type { TrialWallet } from '../../src/api/contract/trial';
import { requiredActor } from '../../src/machines/required-actor';
import { trialWalletMachine } from '../../src/machines/trial-wallet.machine';
import { machinePaths, replay } from './graph-paths';

const wallet = (balance: number, topUpsLeft: number): TrialWallet => ({
  balance,
  currency: 'BRL',
  grant: 200_000,
  topUpBelow: 20_000,
  topUpsLeft,
  canTopUp: topUpsLeft > 0 && balance < 20_000,
  endsAt: 1_800_000_000_000,
});
const full = wallet(200_000, 3);
const low = wallet(5_000, 3);
const spent = wallet(0, 0);
const machine = trialWalletMachine.provide({
  actors: { loadWallet: requiredActor('t'), topUp: requiredActor('t') },
});
const events = [
  { type: 'xstate.done.actor.loadWallet', output: full },
  { type: 'xstate.done.actor.loadWallet', output: low },
  { type: 'xstate.done.actor.loadWallet', output: spent },
  { type: 'xstate.error.actor.loadWallet', error: { code: 'TRY_AGAIN' } },
  { type: 'TOP_UP' },
  { type: 'xstate.done.actor.topUp', output: full },
  { type: 'xstate.error.actor.topUp', error: { code: 'TRIAL_TOP_UP_LIMIT' } },
  { type: 'RETRY' },
  { type: 'REFRESH' },
] as never[];

describe('trial wallet machine (graph-generated paths)', () => {
  const serializeState = (s: {
    value: unknown;
    context: { wallet: TrialWallet | null; errorCode: string | null };
  }) => `${JSON.stringify(s.value)}#${s.context.wallet?.balance ?? '-'}#${s.context.errorCode}`;
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events, serializeState });

  it('shows the trial wallet, tops it up when it may, and says why not', () => {
    expect(reachable).toEqual(
      expect.arrayContaining([
        '"ready"#200000#null',
        '"ready"#5000#null',
        '"toppingUp"#5000#null',
        '"ready"#5000#TRIAL_TOP_UP_LIMIT',
        '"failed"#-#TRY_AGAIN',
      ]),
    );
    // A full wallet, or one with no top-ups left, is never topped up.
    expect(reachable.some((r) => r.startsWith('"toppingUp"#200000'))).toBe(false);
    expect(reachable.some((r) => r.startsWith('"toppingUp"#0'))).toBe(false);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(machine, path);
    const last = path.steps.at(-1)!.event as { type: string };
    const before = path.steps.at(-2)?.state;
    if (last.type === 'TOP_UP' && before?.matches('ready')) {
      if (before.context.wallet?.canTopUp) expect(end.matches('toppingUp')).toBe(true);
      else expect(end.matches('ready')).toBe(true);
    }
    if (last.type === 'xstate.done.actor.topUp' && before?.matches('toppingUp')) {
      expect(end.context.wallet).toEqual(full);
      expect(end.context.errorCode).toBeNull();
    }
    if (last.type === 'xstate.error.actor.topUp' && before?.matches('toppingUp')) {
      // The wallet stays shown, with the reason.
      expect(end.matches('ready')).toBe(true);
      expect(end.context.wallet).toEqual(before.context.wallet);
      expect(end.context.errorCode).toBe('TRIAL_TOP_UP_LIMIT');
    }
    if (end.matches('failed')) expect(end.hasTag('error')).toBe(true);
  });
});
