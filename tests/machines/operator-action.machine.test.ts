import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type OperatorAction, operatorActionMachine } from '../../src/machines/operator-action.machine';
import type { Attempt } from '../../src/machines/request-attempt';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const machine = operatorActionMachine.provide({ actors: { perform: requiredActor('t') } });
const credit: OperatorAction = {
  kind: 'adjust',
  username: 'demomember',
  amount: 5_000,
  reason: 'Goodwill',
  category: 'bonus',
};
const approve: OperatorAction = { kind: 'withdrawal', reference: 'W123456', decision: 'approve' };
const events = [
  { type: 'SUBMIT', action: credit },
  { type: 'SUBMIT', action: approve },
  { type: 'DISMISS' },
  { type: 'xstate.done.actor.perform', output: { username: 'demomember', balance: 5_000 } },
  { type: 'xstate.error.actor.perform', error: { code: 'TRY_AGAIN', message: 'try again' } },
] as never[];

describe('operator action machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, {
    events,
    serializeState: (s) =>
      `${JSON.stringify(s.value)} ${s.context.errorCode ?? ''}${s.context.result ? 'done' : ''}`,
  });

  it('sends, answers, and says why not', () => {
    expect(reachable).toEqual(expect.arrayContaining(['"sending" ', '"idle" done', '"idle" TRY_AGAIN']));
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(machine, path);
    if (end.matches('sending')) {
      expect(end.hasTag('busy')).toBe(true);
      expect(end.context.attempt?.requestId).toBeTruthy();
    }
    const last = path.steps.at(-1)?.event.type;
    if (last === 'xstate.error.actor.perform') expect(end.context.attempt).not.toBeNull();
    if (last === 'xstate.done.actor.perform') expect(end.context.attempt).toBeNull();
  });
});

describe('operator action request ids', () => {
  it('resends a failed action under its first id, and gives any other action a new one', async () => {
    const seen: Array<Attempt<OperatorAction>> = [];
    let fail = true;
    const actor = createActor(
      operatorActionMachine.provide({
        actors: {
          perform: fromPromise<unknown, Attempt<OperatorAction>>(async ({ input }) => {
            seen.push(input);
            if (fail) throw { code: 'NETWORK_ERROR' };
            return { username: 'demomember', balance: 5_000 };
          }),
        },
      }),
    ).start();
    const settle = () => new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'SUBMIT', action: credit });
    await settle();
    fail = false;
    actor.send({ type: 'SUBMIT', action: { ...credit } });
    await settle();
    actor.send({ type: 'SUBMIT', action: credit });
    await settle();
    actor.send({ type: 'SUBMIT', action: approve });
    await settle();
    const ids = seen.map((a) => a.requestId);
    // The retry of the lost one keeps its id; a new adjustment after success, and a decision, do not.
    expect(ids[1]).toBe(ids[0]);
    expect(new Set(ids).size).toBe(3);
    expect(actor.getSnapshot().context.completed).toBe(3);
  });
});
