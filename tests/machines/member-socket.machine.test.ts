import { describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import { backoffMs, memberSocketMachine } from '../../src/machines/member-socket.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const resync = vi.fn();
const machine = memberSocketMachine.provide({
  actors: {
    connection: fromCallback(() => () => {}),
    checkSession: requiredActor('t'),
    wait: requiredActor('t'),
  },
  actions: { resync: () => resync() },
});
const events = [
  { type: 'START', token: 't-1' },
  { type: 'READY' },
  { type: 'CLOSED' },
  { type: 'REJECTED' },
  { type: 'xstate.done.actor.checkSession', output: null },
  { type: 'xstate.error.actor.checkSession', error: { code: 'SESSION_EXPIRED' } },
  { type: 'xstate.done.actor.wait' },
  { type: 'STOP' },
] as never[];
const serializeState = (s: { value: unknown; context: { attempt: number } }) =>
  `${JSON.stringify(s.value)}@${Math.min(s.context.attempt, 2)}`;

describe('member socket machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events, serializeState });

  it('connects, drops, waits and comes back', () => {
    expect(reachable).toEqual(
      expect.arrayContaining([
        '{"connected":"live"}@0',
        '"waiting"@1',
        '{"connected":"connecting"}@1',
        '"idle"@0',
        '"checking"@0',
        '"ended"@0',
      ]),
    );
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    resync.mockClear();
    const end = replay(machine, path);
    const types = path.steps.map((s) => s.event.type);
    // A page resyncs exactly when a connection is accepted after a drop.
    const lastReady = types.lastIndexOf('READY');
    const dropBefore = types.slice(0, lastReady).includes('CLOSED');
    if (lastReady >= 0 && dropBefore && !types.slice(0, lastReady).includes('STOP'))
      expect(resync).toHaveBeenCalled();
    if (!types.includes('CLOSED')) expect(resync).not.toHaveBeenCalled();
    if (end.matches('idle')) expect(end.context.token).toBe(types.includes('STOP') ? null : null);
    if (end.matches({ connected: 'live' })) expect(end.context.attempt).toBe(0);
    // A refused socket is reopened only after the session proved to hold, and then after a wait.
    const last = types.at(-1);
    if (last === 'REJECTED') expect(end.matches('checking')).toBe(true);
    if (last === 'xstate.error.actor.checkSession') expect(end.matches('ended')).toBe(true);
    if (last === 'xstate.done.actor.checkSession') expect(end.matches('waiting')).toBe(true);
  });

  it('waits longer after each failure, up to 15 seconds', () => {
    expect([1, 2, 3, 4, 5, 6].map(backoffMs)).toEqual([1_000, 2_000, 4_000, 8_000, 15_000, 15_000]);
  });
});
