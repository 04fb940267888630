import { describe, expect, it, vi } from 'vitest';
import type { Announcement } from '../../src/api/contract/content';
import { homePopupsMachine } from '../../src/machines/home-popups.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const items: Announcement[] = [
  { id: 1, title: 'Welcome', content: '<p>Hi</p>', startDateStr: 0 },
  { id: 2, title: 'App', content: '<p>Get it</p>', startDateStr: 0 },
];

const events = [
  { type: 'xstate.done.actor.fetchPopups', output: items },
  { type: 'xstate.done.actor.fetchPopups', output: [] },
  { type: 'xstate.error.actor.fetchPopups', error: new Error('offline') },
  { type: 'TOGGLE', index: 0 },
  { type: 'TOGGLE', index: 1 },
  { type: 'TOGGLE', index: 5 },
  { type: 'CLOSE' },
  { type: 'BLOCKED' },
  { type: 'UNBLOCKED' },
] as never[];

const serializeState = (s: { value: unknown; context: { openIndex: number | null; blocked: boolean } }) =>
  `${JSON.stringify(s.value)}#${s.context.openIndex}${s.context.blocked ? '#blocked' : ''}`;

describe.each([
  { closedForSession: false, blocked: false, name: 'first visit in the session' },
  { closedForSession: true, blocked: false, name: 'popups already closed in this session' },
  { closedForSession: false, blocked: true, name: 'a contract offer is open when the popups load' },
])('home popups machine: $name (graph-generated paths)', ({ closedForSession, blocked }) => {
  const input = { executions: ['B' as const], closedForSession, blocked };
  const rememberClosed = vi.fn();
  const machine = homePopupsMachine.provide({
    actors: { fetchPopups: requiredActor('test') },
    actions: { rememberClosed },
  });
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events, input, serializeState });

  it('reaches the expected states', () => {
    const showing = '{"open":"showing"}';
    const waiting = '{"open":"waiting"}';
    // Behind another dialog the popups wait, keeping the item that was open, and show again after it.
    expect(reachable.sort()).toEqual(
      closedForSession
        ? ['"hidden"#null']
        : [
            '"hidden"#null',
            '"hidden"#null#blocked',
            '"loading"#null',
            '"loading"#null#blocked',
            `${showing}#0`,
            `${showing}#1`,
            `${showing}#null`,
            `${waiting}#0#blocked`,
            `${waiting}#1#blocked`,
            `${waiting}#null#blocked`,
          ].sort(),
    );
  });

  it('never shows the popups while another dialog is open', () => {
    for (const path of [...statePaths, ...transitionPaths]) {
      for (const step of path.steps) {
        if (step.state.context.blocked) expect(step.state.matches({ open: 'showing' })).toBe(false);
      }
    }
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    rememberClosed.mockClear();
    const end = replay(machine, path, {
      input,
      check: (actual, expected) => {
        expect(actual.context.openIndex).toBe(expected.context.openIndex);
        // One item open at a time: the index is a single number or none.
        if (actual.matches('open')) expect(actual.context.items).toEqual(items);
        expect(actual.context.blocked).toBe(expected.context.blocked);
      },
    });
    const closedByUser = path.steps.some((s) => s.event.type === 'CLOSE');
    expect(rememberClosed).toHaveBeenCalledTimes(closedByUser ? 1 : 0);
    if (closedByUser) expect(end.status).toBe('done');
  });
});
