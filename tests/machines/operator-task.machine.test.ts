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
/** Shown and confirmed, but the route keeps no reason (a lottery's settings). */
const reasonless: OperatorTask = {
  kind: 'updateLottery',
  summary: { what: 'Trio 1' },
  body: { code: 'trio1', enabled: false },
  reason: false,
};
/** Sent at once (a template saved): no dialog. */
const immediate: OperatorTask = {
  kind: 'saveTemplate',
  summary: {},
  body: { name: 'Padrão' },
  confirm: false,
};
const machine = operatorTaskMachine.provide({ actors: { perform: requiredActor('t') } });
const events = [
  { type: 'REQUEST', task },
  { type: 'REQUEST', task: reasonless },
  { type: 'REQUEST', task: immediate },
  { type: 'CONFIRM', reason: '' },
  { type: 'CONFIRM', reason: 'Left the company' },
  { type: 'CONFIRM', reason: ' x ' },
  { type: 'RETRY' },
  { type: 'CANCEL' },
  { type: 'DISMISS' },
  { type: 'xstate.done.actor.perform', output: { ok: true } },
  { type: 'xstate.error.actor.perform', error: { code: 'NETWORK_ERROR' } },
] as never[];
const serializeState = (s: {
  value: unknown;
  context: { errorCode: string | null; task: OperatorTask | null };
}) => `${JSON.stringify(s.value)}#${s.context.errorCode}#${s.context.task?.kind ?? ''}`;

describe('operator task machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events, serializeState });

  it('reaches confirming, sending, a failure and a refused empty reason', () => {
    for (const s of [
      '"confirming"#null#setOperatorStatus',
      '"sending"#null#setOperatorStatus',
      '"failed"#NETWORK_ERROR#setOperatorStatus',
      '"confirming"#REASON_REQUIRED#setOperatorStatus',
      '"confirming"#null#updateLottery',
      '"sending"#null#updateLottery',
      '"sending"#null#saveTemplate',
      '"failed"#NETWORK_ERROR#saveTemplate',
    ])
      expect(reachable).toContain(s);
    // A task sent at once is never in the confirmation.
    expect(reachable).not.toContain('"confirming"#null#saveTemplate');
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(machine, path);
    // Nothing is sent without a confirmed reason where the route keeps one, and a confirmed change
    // carries it; a change confirmed without one, or sent at once, goes as it was asked.
    if (end.matches('sending') || end.matches('failed')) {
      const sent = end.context.attempt!;
      expect(sent.requestId).toBeTruthy();
      if (sent.request.kind === task.kind) expect(sent.request.body.reason).toBe('Left the company');
      else
        expect(sent.request.body).toEqual(
          sent.request.kind === reasonless.kind ? reasonless.body : immediate.body,
        );
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

  it('sends a form again under the same request id after a failure, and tells which task went through', async () => {
    const sent: Array<Attempt<OperatorTask>> = [];
    let fail = true;
    const actor = createActor(
      operatorTaskMachine.provide({
        actors: {
          perform: fromPromise<unknown, Attempt<OperatorTask>>(async ({ input }) => {
            sent.push(input);
            if (fail)
              throw { code: 'VALIDATION_FAILED', value: { issues: [{ path: 'body.name', message: 'x' }] } };
            return { saved: true };
          }),
        },
      }),
    );
    actor.start();
    actor.send({ type: 'REQUEST', task: immediate });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorIssues).toEqual([{ path: 'body.name', message: 'x' }]);
    fail = false;
    // The operator presses save again on the same form: the same change, the same id.
    actor.send({ type: 'REQUEST', task: { ...immediate } });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    expect(actor.getSnapshot().context).toMatchObject({ result: { saved: true }, errorIssues: [] });
    expect(actor.getSnapshot().context.done?.kind).toBe('saveTemplate');
    // A reasonless confirmation needs no reason and sends the body as it is.
    actor.send({ type: 'REQUEST', task: reasonless });
    expect(actor.getSnapshot().context.done).toBeNull();
    actor.send({ type: 'CONFIRM', reason: '' });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent[2]!.request.body).toEqual(reasonless.body);
    expect(actor.getSnapshot().context.done?.kind).toBe('updateLottery');
    actor.stop();
  });
});
