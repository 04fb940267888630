import { describe, expect, it } from 'vitest';
import type { WithdrawalView } from '../../src/api/contract/withdrawals';
import { requiredActor } from '../../src/machines/required-actor';
import { withdrawalHistoryMachine } from '../../src/machines/withdrawal-history.machine';
import { machinePaths, replay } from './graph-paths';

const machine = withdrawalHistoryMachine.provide({
  actors: { load: requiredActor('t'), act: requiredActor('t') },
});
const paid = { reference: 'W0000001', status: 'paid' } as WithdrawalView;
const events = [
  { type: 'xstate.done.actor.load', output: [paid] },
  { type: 'xstate.error.actor.load', error: { code: 'TRY_AGAIN' } },
  { type: 'RELOAD' },
  { type: 'ACT', action: { kind: 'cancel', reference: 'W0000001' } },
  { type: 'ACT', action: { kind: 'confirm', reference: 'W0000001', outcome: 'received' } },
  { type: 'ACT', action: { kind: 'dispute', reference: 'W0000001', proof: 'nothing came', pictures: [] } },
  { type: 'xstate.done.actor.act', output: null },
  { type: 'xstate.error.actor.act', error: { code: 'WITHDRAWAL_STATE' } },
] as never[];

describe('withdrawal history machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, {
    events,
    serializeState: (s) => `${JSON.stringify(s.value)} ${s.context.errorCode ?? ''}${s.context.acting ?? ''}`,
  });

  it('loads, acts one at a time, reloads after an action, and says why one failed', () => {
    expect(reachable).toEqual(
      expect.arrayContaining(['"loading" ', '"ready" ', '"acting" W0000001', '"ready" WITHDRAWAL_STATE']),
    );
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(machine, path);
    const last = path.steps.at(-1)?.event.type;
    if (end.matches('acting')) {
      expect(end.hasTag('busy')).toBe(true);
      expect(end.context.acting).toBe('W0000001');
    }
    // After an action went through, the list is read again; a failed one leaves it and says why.
    if (last === 'xstate.done.actor.act') expect(end.matches('loading')).toBe(true);
    if (last === 'xstate.error.actor.act') {
      expect(end.matches('ready')).toBe(true);
      expect(end.context.errorCode).toBe('WITHDRAWAL_STATE');
    }
  });
});
