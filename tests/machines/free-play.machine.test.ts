import { describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '../../src/api/contract/accounts';
import { freePlayMachine } from '../../src/machines/free-play.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const result = {
  token: 't',
  firstTimeLogin: true,
  passwordExpired: false,
  mustChangePassword: null,
} as LoginResult;
const effects = { showLoader: vi.fn(), hideLoader: vi.fn() };
const machine = freePlayMachine.provide({
  actors: { startFreePlay: requiredActor('t') },
  actions: { showLoader: effects.showLoader, hideLoader: effects.hideLoader },
});
const events = [
  { type: 'START' },
  { type: 'xstate.done.actor.startFreePlay', output: result },
  { type: 'xstate.error.actor.startFreePlay', error: { code: 'FREE_PLAY_DISABLED' } },
] as never[];

describe('free play machine (graph-generated paths)', () => {
  const serializeState = (s: { value: unknown; context: { errorCode: string | null } }) =>
    `${JSON.stringify(s.value)}#${s.context.errorCode}`;
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events, serializeState });

  it('starts a trial or explains why not', () => {
    expect(reachable).toEqual(expect.arrayContaining(['"started"#null', '"idle"#FREE_PLAY_DISABLED']));
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    effects.showLoader.mockClear();
    effects.hideLoader.mockClear();
    const end = replay(machine, path);
    if (end.matches('started')) expect(end.output).toEqual({ result });
    if (!end.matches('starting'))
      expect(effects.hideLoader).toHaveBeenCalledTimes(effects.showLoader.mock.calls.length);
  });
});
