import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { LoginResult } from '../../src/api/contract/accounts';
import { accountPasswordMachine } from '../../src/machines/account-password.machine';
import { changePasswordMachine } from '../../src/machines/change-password.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const result: LoginResult = {
  token: 'tok-changed',
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
};

const enter = vi.fn();
const machine = accountPasswordMachine.provide({
  actors: { changePassword: requiredActor('t') as never },
  actions: { enter: (_, r) => enter(r) },
});
const events = [
  { type: 'OPEN' },
  { type: 'CLOSE' },
  { type: 'xstate.done.actor.changePassword', output: { result } },
] as never[];

describe('account password machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events });

  it('opens the form, changes the password, and can do it again', () => {
    expect(reachable).toEqual(expect.arrayContaining(['"closed"', '"changing"', '"changed"']));
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    enter.mockClear();
    const end = replay(machine, path);
    const shown = ['closed', 'form', 'changed'].filter((tag) => end.hasTag(tag));
    expect(shown).toHaveLength(1);
    // The form runs the change-password machine as a child only while it shows.
    expect(Boolean(end.children.changePassword)).toBe(end.hasTag('form'));
    const changes = path.steps.filter((s) => s.event.type === 'xstate.done.actor.changePassword').length;
    expect(enter).toHaveBeenCalledTimes(changes);
    if (changes > 0) expect(enter).toHaveBeenLastCalledWith(result);
  });
});

describe('account password hand-over', () => {
  it('runs a chosen change (not forced, the old password asked) and hands the new login to the session', async () => {
    const received: unknown[] = [];
    const entered = vi.fn();
    const actor = createActor(
      accountPasswordMachine.provide({
        actors: {
          changePassword: changePasswordMachine.provide({
            actors: {
              changePassword: fromPromise(async ({ input }) => {
                received.push(input);
                return result;
              }),
            },
          }),
        },
        actions: { enter: (_, r) => entered(r) },
      }),
    ).start();
    actor.send({ type: 'OPEN' });
    const child = actor.getSnapshot().children.changePassword!;
    expect(child.getSnapshot().context).toMatchObject({ forced: false, token: null, knownOldPassword: null });
    const values = { oldPassword: 'Secret123', newPassword: 'Changed456', confirmNewPassword: 'Changed456' };
    child.send({ type: 'SUBMIT', values } as never);
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('changed')).toBe(true));
    expect(received).toEqual([{ body: values, token: null }]);
    expect(entered).toHaveBeenCalledWith(result);
    actor.stop();
  });
});
