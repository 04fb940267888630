import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { requiredActor } from '../../src/machines/required-actor';
import { walletTransferMachine } from '../../src/machines/wallet-transfer.machine';
import { machinePaths, replay } from './graph-paths';

const machine = walletTransferMachine.provide({ actors: { transfer: requiredActor('t') } });
const request = { vendor: 'AURORA', direction: 'in' as const, amount: 5_000 };
const events = [
  { type: 'SUBMIT', request },
  { type: 'SUBMIT', request: { ...request, direction: 'out' } },
  { type: 'xstate.done.actor.transfer', output: null },
  { type: 'xstate.error.actor.transfer', error: { code: 'INSUFFICIENT_FUNDS', message: 'no money' } },
] as never[];

describe('wallet transfer machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, {
    events,
    serializeState: (s) =>
      `${JSON.stringify(s.value)} ${s.context.errorCode ?? ''}${s.context.done ? 'done' : ''}`,
  });

  it('goes from idle to transferring and back with an answer', () => {
    expect(reachable).toEqual(expect.arrayContaining(['"idle" ', '"transferring" ', '"idle" done']));
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(machine, path);
    const last = path.steps.at(-1)?.event.type;
    if (end.matches('transferring')) expect(end.context.attempt?.requestId).toBeTruthy();
    if (last === 'xstate.done.actor.transfer') {
      expect(end.context.done).not.toBeNull();
      expect(end.context.completed).toBeGreaterThan(0);
      expect(end.context.attempt).toBeNull();
    }
    if (last === 'xstate.error.actor.transfer') {
      expect(end.context).toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS', errorMessage: 'no money' });
      expect(end.context.attempt).not.toBeNull();
    }
  });
});

describe('wallet transfer request ids', () => {
  it('retries a failed transfer under its first id and gives the next transfer a new one', async () => {
    const ids: string[] = [];
    let fail = true;
    const actor = createActor(
      walletTransferMachine.provide({
        actors: {
          transfer: fromPromise(async ({ input }) => {
            ids.push(input.requestId);
            if (fail) throw { code: 'NETWORK_ERROR' };
            return null;
          }),
        },
      }),
    ).start();
    const settle = () => new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'SUBMIT', request });
    await settle();
    fail = false;
    actor.send({ type: 'SUBMIT', request });
    await settle();
    actor.send({ type: 'SUBMIT', request });
    await settle();
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[1]);
    expect(actor.getSnapshot().context.completed).toBe(2);
    actor.stop();
  });
});
