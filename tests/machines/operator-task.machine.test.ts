import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type OperatorTask, operatorTaskMachine } from '../../src/machines/operator-task.machine';
import type { Attempt } from '../../src/machines/request-attempt';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const task: OperatorTask = {
  kind: 'setOperatorStatus',
  summary: { operator: 'ana', status: 'disabled' },
  body: { username: 'ana', status: 'disabled' },
};
const machine = operatorTaskMachine.provide({ actors: { perform: requiredActor('t') } });
const events = [
  { type: 'REQUEST', task },
  { type: 'CONFIRM', reason: 'Left the company' },
  { type: 'CONFIRM', reason: ' x ' },
  { type: 'RETRY' },
  { type: 'CANCEL' },
  { type: 'DISMISS' },
  { type: 'xstate.done.actor.perform', output: { ok: true } },
  { type: 'xstate.error.actor.perform', error: { code: 'NETWORK_ERROR' } },
] as never[];
const serializeState = (s: { value: unknown; context: { errorCode: string | null } }) =>
  `${JSON.stringify(s.value)}#${s.context.errorCode}`;

describe('operator task machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events, serializeState });

  it('reaches confirming, sending, a failure and a refused empty reason', () => {
    for (const s of [
      '"confirming"#null',
      '"sending"#null',
      '"failed"#NETWORK_ERROR',
      '"confirming"#REASON_REQUIRED',
    ])
      expect(reachable).toContain(s);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(machine, path);
    // Nothing is sent without a confirmed reason, and a confirmed change carries it.
    if (end.matches('sending') || end.matches('failed')) {
      expect(end.context.attempt?.request.body.reason).toBe('Left the company');
      expect(end.context.attempt?.requestId).toBeTruthy();
    }
    if (end.matches('idle')) expect(end.hasTag('busy')).toBe(false);
  });

  it('retries a failed change under the same request id, and a new change gets a new one', async () => {
    const sent: Array<Attempt<OperatorTask>> = [];
    let fail = true;
    const actor = createActor(
      operatorTaskMachine.provide({
        actors: {
          perform: fromPromise<unknown, Attempt<OperatorTask>>(async ({ input }) => {
            sent.push(input);
            if (fail) throw { code: 'TIMEOUT' };
            return { ok: true };
          }),
        },
      }),
    );
    actor.start();
    actor.send({ type: 'REQUEST', task });
    actor.send({ type: 'CONFIRM', reason: 'Left the company' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('failed');
    fail = false;
    actor.send({ type: 'RETRY' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.completed).toBe(1);
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    actor.send({ type: 'REQUEST', task: { ...task, body: { username: 'bia', status: 'disabled' } } });
    actor.send({ type: 'CONFIRM', reason: 'Left the company' });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent[2]!.requestId).not.toBe(sent[0]!.requestId);
    actor.stop();
  });
});
