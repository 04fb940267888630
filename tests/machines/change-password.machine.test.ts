import { describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '../../src/api/contract/accounts';
import { changePasswordMachine } from '../../src/machines/change-password.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const result = {
  token: 'new',
  firstTimeLogin: false,
  passwordExpired: false,
  mustChangePassword: null,
} as LoginResult;
const issue = { path: 'body.newPassword', message: '8-20 characters combining letters and digits.' };
const effects = { showLoader: vi.fn(), hideLoader: vi.fn() };
const machine = changePasswordMachine.provide({
  actors: { changePassword: requiredActor('test') },
  actions: { showLoader: effects.showLoader, hideLoader: effects.hideLoader },
});
const values = { oldPassword: 'Old12345', newPassword: 'New12345', confirmNewPassword: 'New12345' };
const events = [
  { type: 'SUBMIT', values },
  { type: 'xstate.done.actor.changePassword', output: result },
  { type: 'xstate.error.actor.changePassword', error: { code: 'WRONG_OLD_PASSWORD', value: null } },
  {
    type: 'xstate.error.actor.changePassword',
    error: { code: 'VALIDATION_FAILED', value: { issues: [issue] } },
  },
] as never[];

describe.each([true, false])('change password machine, forced=%s (graph-generated paths)', (forced) => {
  const serializeState = (s: { value: unknown; context: { errorCode: string | null } }) =>
    `${JSON.stringify(s.value)}#${s.context.errorCode}`;
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, {
    events,
    input: { forced },
    serializeState,
  });

  it('reaches the changed state and both kinds of refusal', () => {
    for (const s of ['"changed"#null', '"editing"#WRONG_OLD_PASSWORD', '"editing"#VALIDATION_FAILED']) {
      expect(reachable).toContain(s);
    }
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    effects.showLoader.mockClear();
    effects.hideLoader.mockClear();
    const end = replay(machine, path, { input: { forced } });
    expect(end.context.forced).toBe(forced);
    if (end.matches('changed')) expect(end.output).toEqual({ result });
    if (end.context.errorCode === 'VALIDATION_FAILED') expect(end.context.issues).toEqual([issue]);
    if (!end.matches('submitting')) {
      expect(effects.hideLoader).toHaveBeenCalledTimes(effects.showLoader.mock.calls.length);
    }
  });
});
