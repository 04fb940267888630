import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { LoginResult } from '../../src/api/contract/accounts';
import { authFlowMachine } from '../../src/machines/auth-flow.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const login = (over: Partial<LoginResult> = {}): LoginResult => ({
  token: 'tok-login',
  firstTimeLogin: false,
  passwordExpired: false,
  mustChangePassword: null,
  user: {
    id: 1,
    account: 'demomember',
    nickname: null,
    type: 0,
    isAgent: false,
    isTrial: false,
    icon: 1,
    mobile: null,
    email: null,
    language: null,
    twoFactor: false,
    createdAt: 0,
  },
  ...over,
});

const enter = vi.fn();
const machine = authFlowMachine.provide({
  actors: { login: requiredActor('t') as never, changePassword: requiredActor('t') as never },
  actions: { enter: (_, output) => enter(output) },
});
const events = [
  { type: 'xstate.done.actor.login', output: { result: login(), mustChangePassword: false } },
  {
    type: 'xstate.done.actor.login',
    output: {
      result: login({ mustChangePassword: 'weak' }),
      mustChangePassword: true,
      oldPassword: 'Welcome123',
    },
  },
  { type: 'xstate.done.actor.changePassword', output: { result: login({ token: 'tok-changed' }) } },
] as never[];

describe('auth flow machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, {
    events,
    input: { agentPage: false, method: 'username' },
  });

  it('goes from the login to the session, through a password change when the server requires one', () => {
    expect(reachable).toEqual(expect.arrayContaining(['"loggingIn"', '"changingPassword"', '"entered"']));
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    enter.mockClear();
    const end = replay(machine, path, { input: { agentPage: false, method: 'username' } });
    const types = path.steps.map((s) => s.event.type);
    if (end.matches('entered')) {
      expect(enter).toHaveBeenCalledTimes(1);
      const changed = types.includes('xstate.done.actor.changePassword');
      // The session gets the login that came last: the one the password change started.
      expect(enter.mock.calls[0]![0]).toMatchObject({
        changedPassword: changed,
        result: { token: changed ? 'tok-changed' : 'tok-login' },
      });
    } else expect(enter).not.toHaveBeenCalled();
  });
});

describe('auth flow hand-over to the password change', () => {
  it("runs the change under the new login's token, with the password just typed", () => {
    let changeInput: unknown = null;
    const actor = createActor(
      authFlowMachine.provide({
        actors: {
          login: createMachine({
            initial: 'done',
            states: { done: { type: 'final' } },
            output: {
              result: login({ token: 'tok-weak', mustChangePassword: 'weak' }),
              mustChangePassword: true,
              oldPassword: 'Welcome123',
            },
          }) as never,
          changePassword: createMachine({
            context: ({ input }) => {
              changeInput = input;
              return {};
            },
          }) as never,
        },
      }),
      { input: { agentPage: true, method: 'username' } },
    ).start();
    expect(actor.getSnapshot().value).toBe('changingPassword');
    expect(changeInput).toEqual({ forced: true, token: 'tok-weak', knownOldPassword: 'Welcome123' });
  });
});
