import { describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '../../src/api/contract/accounts';
import { registerMachine } from '../../src/machines/register.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const result = {
  token: 't',
  firstTimeLogin: true,
  passwordExpired: false,
  mustChangePassword: null,
} as LoginResult;
const base = {
  username: 'newplayer1',
  password: 'Secret123',
  confirmPassword: 'Secret123',
  acceptTerms: true as const,
};
const effects = { showLoader: vi.fn(), hideLoader: vi.fn() };
const machine = registerMachine.provide({
  actors: {
    checkAffiliate: requiredActor('t'),
    solveHumanCheck: requiredActor('t'),
    register: requiredActor('t'),
  },
  actions: { showLoader: effects.showLoader, hideLoader: effects.hideLoader },
});

const events = [
  { type: 'SUBMIT', values: base },
  { type: 'SUBMIT', values: { ...base, affiliateCode: 'AURORA01' } },
  { type: 'DISMISS' },
  { type: 'xstate.done.actor.checkAffiliate', output: { valid: true } },
  { type: 'xstate.error.actor.checkAffiliate', error: { code: 'INVALID_AFFILIATE' } },
  { type: 'xstate.done.actor.solveHumanCheck', output: 'payload' },
  { type: 'xstate.error.actor.solveHumanCheck', error: new Error('x') },
  { type: 'xstate.done.actor.register', output: result },
  { type: 'xstate.error.actor.register', error: { code: 'USERNAME_TAKEN', value: null } },
] as never[];

const serializeState = (s: {
  value: unknown;
  context: { errorCode: string | null; affiliateRejected: boolean };
}) => `${JSON.stringify(s.value)}#${s.context.errorCode}${s.context.affiliateRejected ? '!popup' : ''}`;

describe.each([
  { affiliateFieldShown: true, affiliateFromUrl: null },
  { affiliateFieldShown: false, affiliateFromUrl: 'URLCODE1' },
  { affiliateFieldShown: false, affiliateFromUrl: null },
])('register machine with %o (graph-generated paths)', (input) => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events, input, serializeState });

  it('reaches registration, and the invitation-code popup whenever a code is in play', () => {
    expect(reachable).toContain('"registered"#null');
    const codeInPlay = input.affiliateFieldShown || input.affiliateFromUrl;
    expect(reachable.includes('"editing"#INVALID_AFFILIATE!popup')).toBe(!!codeInPlay);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    effects.showLoader.mockClear();
    effects.hideLoader.mockClear();
    const end = replay(machine, path, { input });
    const submitted = path.steps.filter((s) => s.event.type === 'SUBMIT').at(-1)?.event as
      | { values: { affiliateCode?: string } }
      | undefined;
    if (submitted && end.context.values) {
      // A hidden field means the code from the address; a shown one means what was typed.
      const expected = input.affiliateFieldShown
        ? submitted.values.affiliateCode
        : (input.affiliateFromUrl ?? undefined);
      expect(end.context.values.affiliateCode).toBe(expected);
    }
    if (end.matches('registered')) expect(end.output).toEqual({ result });
    const busy = ['checkingAffiliate', 'verifying', 'registering'].some((s) => end.matches(s));
    if (!busy) expect(effects.hideLoader).toHaveBeenCalledTimes(effects.showLoader.mock.calls.length);
  });
});
