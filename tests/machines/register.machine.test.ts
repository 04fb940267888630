import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
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
    loadCaptcha: requiredActor('t'),
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
  // The rule was turned on after the form loaded: the server asks for the captcha.
  {
    type: 'xstate.error.actor.register',
    error: { code: 'CAPTCHA_REQUIRED', value: { captchaRequired: true } },
  },
  { type: 'REFRESH_CAPTCHA' },
  { type: 'xstate.done.actor.loadCaptcha', output: 'data:image/png;base64,AAAA' },
  { type: 'xstate.error.actor.loadCaptcha', error: new Error('offline') },
] as never[];

const serializeState = (s: {
  value: unknown;
  context: {
    errorCode: string | null;
    affiliateRejected: boolean;
    captchaRequired: boolean;
    captchaImage: string | null;
  };
}) =>
  `${JSON.stringify(s.value)}#${s.context.errorCode}${s.context.affiliateRejected ? '!popup' : ''}${
    s.context.captchaRequired ? `+captcha${s.context.captchaImage ? '' : '(none)'}` : ''
  }`;

describe.each([
  { affiliateFieldShown: true, affiliateFromUrl: null },
  { affiliateFieldShown: false, affiliateFromUrl: 'URLCODE1' },
  { affiliateFieldShown: false, affiliateFromUrl: null },
  { affiliateFieldShown: true, affiliateFromUrl: null, captchaRequired: true },
  { affiliateFieldShown: false, affiliateFromUrl: 'URLCODE1', captchaRequired: true },
])('register machine with %o (graph-generated paths)', (input) => {
  // The graph's refresh is never too soon; the pace itself is checked below.
  const graphInput = { ...input, now: () => Number.POSITIVE_INFINITY };
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, {
    events,
    input: graphInput,
    serializeState,
  });

  it('reaches registration, and the invitation-code popup whenever a code is in play', () => {
    expect(reachable).toContain(`"registered"#null${input.captchaRequired ? '+captcha' : ''}`);
    const codeInPlay = input.affiliateFieldShown || input.affiliateFromUrl;
    expect(reachable.some((r) => r.startsWith('"editing"#INVALID_AFFILIATE!popup'))).toBe(!!codeInPlay);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    effects.showLoader.mockClear();
    effects.hideLoader.mockClear();
    const end = replay(machine, path, { input: graphInput });
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
    // With the rule on, the captcha image is the first thing the form loads, and every refused
    // registration brings a new one (the server spent the old one).
    const first = path.steps.find((s) => s.event.type !== 'xstate.init');
    if (input.captchaRequired && first) expect(path.steps[0]!.state.matches('loadingCaptcha')).toBe(true);
    const last = path.steps.at(-1)!;
    if (last.event.type === 'xstate.error.actor.register') {
      const spent = input.captchaRequired || end.context.captchaRequired;
      expect(end.matches('loadingCaptcha')).toBe(spent);
    }
    const busy = ['checkingAffiliate', 'verifying', 'registering'].some((s) => end.matches(s));
    if (!busy) expect(effects.hideLoader).toHaveBeenCalledTimes(effects.showLoader.mock.calls.length);
  });
});

describe('register machine and the captcha rule', () => {
  const start = (input: { captchaRequired?: boolean; now?: () => number }) => {
    const actor = createActor(machine, {
      input: { affiliateFieldShown: true, affiliateFromUrl: null, ...input },
    });
    actor.start();
    return actor;
  };

  it('loads an image captcha with the form when the rule is on, and none when it is off', () => {
    const on = start({ captchaRequired: true });
    expect(on.getSnapshot().value).toBe('loadingCaptcha');
    on.send({ type: 'xstate.done.actor.loadCaptcha', output: 'data:image/png;base64,AAAA' } as never);
    expect(on.getSnapshot().value).toBe('editing');
    expect(on.getSnapshot().context.captchaImage).toBe('data:image/png;base64,AAAA');
    const off = start({});
    expect(off.getSnapshot().value).toBe('editing');
    expect(off.getSnapshot().context.captchaRequired).toBe(false);
  });

  it('refreshes the image at most once a second', () => {
    let now = 10_000;
    const actor = start({ captchaRequired: true, now: () => now });
    actor.send({ type: 'xstate.done.actor.loadCaptcha', output: 'a' } as never);
    actor.send({ type: 'REFRESH_CAPTCHA' });
    expect(actor.getSnapshot().value).toBe('editing');
    now += 1_000;
    actor.send({ type: 'REFRESH_CAPTCHA' });
    expect(actor.getSnapshot().value).toBe('loadingCaptcha');
    expect(actor.getSnapshot().context.captchaImage).toBeNull();
  });
});
