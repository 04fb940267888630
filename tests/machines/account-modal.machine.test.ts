import { describe, expect, it } from 'vitest';
import { accountModalMachine } from '../../src/machines/account-modal.machine';
import { machinePaths, replay } from './graph-paths';

const events = [
  { type: 'OPEN', mode: 'login' },
  { type: 'OPEN', mode: 'login', returnTo: '/lottery?gameCode=x' },
  { type: 'OPEN', mode: 'register' },
  { type: 'CLOSE' },
] as never[];

describe('account modal machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(accountModalMachine, { events });

  it('opens on either tab and closes', () => {
    expect(reachable.sort()).toEqual(['"closed"', '"login"', '"register"']);
    // Every tab can switch to the other and close: 3 states x 4 events.
    expect(transitionPaths).toHaveLength(12);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(accountModalMachine, path);
    const last = path.steps.at(-1)?.event as { type: string; mode?: string } | undefined;
    if (last?.type === 'OPEN') expect(end.value).toBe(last.mode);
    if (last?.type === 'CLOSE') expect(end.value).toBe('closed');
    // Where a guarded route stopped the guest is kept while the popup is open, and forgotten when it closes.
    const asked = path.steps.some((s) => (s.event as { returnTo?: string }).returnTo);
    const closedSince = path.steps.findLastIndex((s) => s.event.type === 'CLOSE');
    const askedSince = path.steps.findLastIndex((s) => (s.event as { returnTo?: string }).returnTo);
    expect(end.context.returnTo).toBe(asked && askedSince > closedSince ? '/lottery?gameCode=x' : null);
  });
});
