import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { lotteryChaseMachine } from '../../src/machines/lottery-chase.machine';
import { lotterySlipMachine, slipCost } from '../../src/machines/lottery-slip.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const input = { game: 'ssc1', betType: 'ssc.star2', unit: 100, maxChase: 10 };
const machine = lotterySlipMachine.provide({ actors: { placeSlip: requiredActor('placeSlip') } });
const placed = { lines: [], chaseId: null, balance: 0 };
const events = [
  { type: 'TOGGLE', row: 0, value: 1 },
  { type: 'TOGGLE', row: 1, value: 2 },
  { type: 'TOGGLE', row: 0, value: 12 },
  { type: 'QUICK', selection: [[3], [4]] },
  { type: 'QUICK', selection: [[3]] },
  { type: 'CLEAR' },
  { type: 'SELECT_TYPE', betType: 'ssc.sum' },
  { type: 'SELECT_TYPE', betType: 'nope' },
  { type: 'SET_UNIT', unit: 250 },
  { type: 'SET_UNIT', unit: 1.5 },
  { type: 'SET_MULTIPLIER', multiplier: 3 },
  { type: 'SET_MULTIPLIER', multiplier: 1000 },
  { type: 'ADD' },
  { type: 'REMOVE', index: 0 },
  { type: 'REVIEW' },
  { type: 'BACK' },
  { type: 'CONFIRM', draw: '20261126-0001' },
  { type: 'xstate.done.actor.placeSlip', output: placed },
  { type: 'xstate.error.actor.placeSlip', error: { code: 'DRAW_CLOSED', message: 'closed' } },
  { type: 'NEW' },
  { type: 'AGAIN' },
] as never[];

describe('lottery slip machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, {
    events,
    input,
    serializeState: (s) =>
      `${JSON.stringify(s.value)} lines:${Math.min(s.context.lines.length, 2)} pick:${s.context.selection
        .map((r: number[]) => r.length)
        .join('')} ${s.context.betType} ${s.context.errorCode ?? ''}`,
  });

  it('reaches picking, reviewing, placing and placed', () => {
    const values = new Set(reachable.map((r) => r.split(' ')[0]));
    expect([...values].sort()).toEqual(['"picking"', '"placed"', '"placing"', '"reviewing"']);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(machine, path, { input });
    const last = path.steps.at(-1)?.event as { type: string } | undefined;
    // A line is only added when its selection is a bet: every line on the slip has combinations.
    for (const line of end.context.lines) expect(line.combos).toBeGreaterThan(0);
    // Picks never pass a row's limits or range.
    expect(end.context.selection.every((row: number[]) => row.every((v) => v >= 0 && v <= 9))).toBe(true);
    if (end.matches('placing')) {
      expect(end.context.attempt?.requestId).toBeTruthy();
      expect(end.context.attempt?.request.lines.length).toBeGreaterThan(0);
    }
    if (last?.type === 'xstate.error.actor.placeSlip') {
      expect(end.matches('reviewing')).toBe(true);
      expect(end.context.errorCode).toBe('DRAW_CLOSED');
      expect(end.context.attempt).not.toBeNull();
    }
    if (last?.type === 'xstate.done.actor.placeSlip') {
      expect(end.context.lines).toEqual([]);
      expect(end.context.placed).toEqual(placed);
    }
  });
});

describe('lottery slip', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('prices lines as the server does, and keeps a failed slip’s request id when it is sent again', async () => {
    const sent: Array<{ requestId: string; request: unknown }> = [];
    let fail = true;
    const actor = createActor(
      lotterySlipMachine.provide({
        actors: {
          placeSlip: fromPromise(async ({ input: attempt }) => {
            sent.push(attempt);
            if (fail) throw { code: 'NETWORK_ERROR' };
            return placed;
          }),
        },
      }),
      { input },
    ).start();
    actor.send({ type: 'TOGGLE', row: 0, value: 1 });
    actor.send({ type: 'TOGGLE', row: 0, value: 2 });
    actor.send({ type: 'TOGGLE', row: 1, value: 3 });
    actor.send({ type: 'SET_MULTIPLIER', multiplier: 2 });
    actor.send({ type: 'ADD' });
    expect(actor.getSnapshot().context.lines).toEqual([
      { betType: 'ssc.star2', selection: [[1, 2], [3]], unit: 100, multiplier: 2, combos: 2, stake: 400 },
    ]);
    actor.send({ type: 'SELECT_TYPE', betType: 'ssc.dragonTiger' });
    actor.send({ type: 'TOGGLE', row: 0, value: 2 });
    actor.send({ type: 'ADD' });
    expect(slipCost(actor.getSnapshot().context.lines, 3)).toBe((400 + 200) * 3);
    actor.getSnapshot().context.chase.send({ type: 'ENABLE' });
    actor.getSnapshot().context.chase.send({ type: 'SET_DRAWS', draws: 3 });
    actor.send({ type: 'REVIEW' });
    actor.send({ type: 'CONFIRM', draw: 'D1' });
    await settle();
    expect(actor.getSnapshot().context.errorCode).toBe('NETWORK_ERROR');
    fail = false;
    actor.send({ type: 'CONFIRM', draw: 'D1' });
    await settle();
    expect(actor.getSnapshot().matches('placed')).toBe(true);
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    expect(sent[0]!.request).toMatchObject({
      game: 'ssc1',
      draw: 'D1',
      chase: { draws: 3, stopOnWin: true },
    });
    // The same lines again are a new slip: a new request id.
    actor.send({ type: 'AGAIN' });
    expect(actor.getSnapshot().context.lines).toHaveLength(2);
    actor.send({ type: 'REVIEW' });
    actor.send({ type: 'CONFIRM', draw: 'D2' });
    await settle();
    expect(sent[2]!.requestId).not.toBe(sent[0]!.requestId);
    actor.stop();
  });

  it('a slip for another draw (the first closed meanwhile) is a new request', async () => {
    const sent: string[] = [];
    const actor = createActor(
      lotterySlipMachine.provide({
        actors: {
          placeSlip: fromPromise(async ({ input: attempt }) => {
            sent.push(attempt.requestId);
            throw { code: 'DRAW_CLOSED' };
          }),
        },
      }),
      { input },
    ).start();
    actor.send({ type: 'QUICK', selection: [[1], [2]] });
    actor.send({ type: 'ADD' });
    actor.send({ type: 'REVIEW' });
    actor.send({ type: 'CONFIRM', draw: 'D1' });
    await settle();
    actor.send({ type: 'CONFIRM', draw: 'D2' });
    await settle();
    expect(sent[1]).not.toBe(sent[0]);
    actor.stop();
  });
});

describe('lottery chase machine (graph-generated paths)', () => {
  const chaseEvents = [
    { type: 'ENABLE' },
    { type: 'DISABLE' },
    { type: 'SET_DRAWS', draws: 2 },
    { type: 'SET_DRAWS', draws: 10 },
    { type: 'SET_DRAWS', draws: 11 },
    { type: 'SET_DRAWS', draws: 1 },
    { type: 'TOGGLE_STOP' },
  ] as never[];
  for (const max of [10, 1]) {
    const { statePaths, transitionPaths, reachable } = machinePaths(lotteryChaseMachine, {
      events: chaseEvents,
      input: { max },
      serializeState: (s) => `${JSON.stringify(s.value)} ${s.context.draws} ${s.context.stopOnWin}`,
    });
    it(`with at most ${max} draws: ${max >= 2 ? 'turns on and off' : 'stays off'}`, () => {
      expect(reachable.some((r) => r.startsWith('"on"'))).toBe(max >= 2);
    });
    it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))(
      `max ${max}: %s`,
      (_, path) => {
        const end = replay(lotteryChaseMachine, path, { input: { max } });
        if (end.matches('on')) {
          expect(end.context.draws).toBeGreaterThanOrEqual(2);
          expect(end.context.draws).toBeLessThanOrEqual(max);
        }
      },
    );
  }
});
