import { describe, expect, it, vi } from 'vitest';
import { forgotPasswordMachine } from '../../src/machines/forgot-password.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const effects = { showLoader: vi.fn(), hideLoader: vi.fn(), finish: vi.fn() };
const machine = forgotPasswordMachine.provide({
  actors: { recover: requiredActor('t') },
  actions: { showLoader: effects.showLoader, hideLoader: effects.hideLoader, finish: effects.finish },
});
const events = [
  { type: 'USE', method: 'email' },
  { type: 'USE', method: 'phone' },
  { type: 'SUBMIT', values: { username: 'demomember', email: 'demo@aurora.example' } },
  { type: 'xstate.done.actor.recover', output: null },
  { type: 'xstate.error.actor.recover', error: { code: 'ACCOUNT_NOT_FOUND' } },
  { type: 'ACKNOWLEDGE' },
] as never[];
const serializeState = (s: { value: unknown; context: { method: string; errorCode: string | null } }) =>
  `${JSON.stringify(s.value)}:${s.context.method}#${s.context.errorCode}`;

describe('forgot password machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events, serializeState });

  it('recovers by email and by phone, and shows refusals', () => {
    for (const s of [
      '"done":email#null',
      '"done":phone#null',
      '"editing":email#ACCOUNT_NOT_FOUND',
      '"confirmed":phone#null',
    ]) {
      expect(reachable).toContain(s);
    }
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    for (const spy of Object.values(effects)) spy.mockClear();
    const end = replay(machine, path);
    expect(effects.finish).toHaveBeenCalledTimes(end.matches('done') ? 1 : 0);
    if (!end.matches('submitting'))
      expect(effects.hideLoader).toHaveBeenCalledTimes(effects.showLoader.mock.calls.length);
  });
});
