import { describe, expect, it, vi } from 'vitest';
import { operatorLoginMachine } from '../../src/machines/operator-login.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const session = { token: 't', operator: { id: 1, username: 'demoadmin', role: 'admin', twoFactor: false } };
const keepSession = vi.fn();
const machine = operatorLoginMachine.provide({
  actors: { login: requiredActor('t') },
  actions: { keepSession: (_, s) => keepSession(s) },
});
const events = [
  { type: 'SUBMIT', credentials: { username: 'demoadmin', password: 'x' } },
  { type: 'xstate.done.actor.login', output: session },
  { type: 'xstate.error.actor.login', error: { code: 'INVALID_CREDENTIALS' } },
  { type: 'xstate.error.actor.login', error: { code: 'TWO_FACTOR_REQUIRED' } },
  {
    type: 'xstate.error.actor.login',
    error: { code: 'TWO_FACTOR_SETUP_REQUIRED', value: { secret: 'S', uri: 'otpauth://totp/x' } },
  },
] as never[];
const serializeState = (s: {
  value: unknown;
  context: { needsCode: boolean; enrolment: unknown; errorCode: string | null };
}) =>
  `${JSON.stringify(s.value)}${s.context.needsCode ? '+code' : ''}${s.context.enrolment ? '+enrol' : ''}#${s.context.errorCode}`;

describe('operator login machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events, serializeState });

  it('logs in, asks for a code, or says why not', () => {
    expect(reachable).toEqual(
      expect.arrayContaining([
        '"loggedIn"#null',
        '"editing"+code#null',
        '"editing"+code+enrol#null',
        '"editing"#INVALID_CREDENTIALS',
      ]),
    );
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    keepSession.mockClear();
    const end = replay(machine, path);
    if (end.matches('loggedIn')) {
      expect(keepSession).toHaveBeenCalledWith(session);
      expect(end.output).toEqual(session);
    } else expect(keepSession).not.toHaveBeenCalled();
  });
});
