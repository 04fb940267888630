import { describe, expect, it } from 'vitest';
import { accountModalMachine } from '../../src/machines/account-modal.machine';
import { machinePaths, replay } from './graph-paths';

const events = [
  { type: 'OPEN', mode: 'login' },
  { type: 'OPEN', mode: 'register' },
  { type: 'CLOSE' },
] as never[];

describe('account modal machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(accountModalMachine, { events });

  it('opens on either tab and closes', () => {
    expect(reachable.sort()).toEqual(['"closed"', '"login"', '"register"']);
    // Every tab can switch to the other and close: 3 states x 3 events.
    expect(transitionPaths).toHaveLength(9);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(accountModalMachine, path);
    const last = path.steps.at(-1)?.event as { type: string; mode?: string } | undefined;
    if (last?.type === 'OPEN') expect(end.value).toBe(last.mode);
    if (last?.type === 'CLOSE') expect(end.value).toBe('closed');
  });
});
