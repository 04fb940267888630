import { describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '../../src/api/contract/accounts';
import { loginMachine } from '../../src/machines/login.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const user = {
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
};
const ok: LoginResult = {
  token: 't',
  firstTimeLogin: false,
  passwordExpired: false,
  mustChangePassword: null,
  user,
};
const weak: LoginResult = { ...ok, mustChangePassword: 'weak' };
const addressCheck = {
  challenge: 'a-1',
  channels: [{ channel: 'sms', destination: '+55 •••4321' }],
  holderName: true,
};
const values = { username: 'demomember', password: 'Demo1234', remember: true };

const effects = { showLoader: vi.fn(), hideLoader: vi.fn(), remember: vi.fn() };
const machine = loginMachine.provide({
  actors: {
    solveHumanCheck: requiredActor('test'),
    login: requiredActor('test'),
    loadCaptcha: requiredActor('test'),
    verifyTwoFactor: requiredActor('test'),
    verifyNewAddress: requiredActor('test'),
    verifyHolderName: requiredActor('test'),
  },
  actions: {
    showLoader: effects.showLoader,
    hideLoader: effects.hideLoader,
    remember: (_, v) => effects.remember(v),
  },
});

// A clock the test moves: each REFRESH_CAPTCHA is either too soon or a second later.
let clock = 0;
const input = { agentPage: false, now: () => clock };

const events = [
  { type: 'SUBMIT', values },
  { type: 'REFRESH_CAPTCHA' },
  { type: 'xstate.done.actor.solveHumanCheck', output: 'payload' },
  { type: 'xstate.error.actor.solveHumanCheck', error: new Error('aborted') },
  { type: 'xstate.done.actor.login', output: ok },
  { type: 'xstate.done.actor.login', output: weak },
  {
    type: 'xstate.error.actor.login',
    error: { code: 'INVALID_CREDENTIALS', message: 'wrong', value: { captchaRequired: false } },
  },
  {
    type: 'xstate.error.actor.login',
    error: { code: 'INVALID_CREDENTIALS', message: 'wrong', value: { captchaRequired: true } },
  },
  { type: 'xstate.done.actor.loadCaptcha', output: 'data:image/png;base64,AAA' },
  { type: 'xstate.error.actor.loadCaptcha', error: new Error('offline') },
  { type: 'xstate.error.actor.login', error: { code: 'TWO_FACTOR_REQUIRED', value: { challenge: 'c-1' } } },
  { type: 'SUBMIT_CODE', code: '123456' },
  { type: 'xstate.done.actor.verifyTwoFactor', output: ok },
  { type: 'xstate.error.actor.verifyTwoFactor', error: { code: 'TWO_FACTOR_INVALID' } },
  { type: 'xstate.error.actor.login', error: { code: 'NEW_ADDRESS_CHECK', value: addressCheck } },
  { type: 'SUBMIT_ADDRESS_CODE', code: '654321' },
  { type: 'BACK' },
  { type: 'xstate.done.actor.verifyNewAddress', output: ok },
  { type: 'xstate.error.actor.verifyNewAddress', error: { code: 'SMS_CODE_INVALID' } },
  { type: 'xstate.error.actor.verifyNewAddress', error: { code: 'LOGIN_CHECK_EXPIRED' } },
  { type: 'SUBMIT_HOLDER_NAME', holderName: 'José da Silva' },
  { type: 'xstate.done.actor.verifyHolderName', output: ok },
  { type: 'xstate.error.actor.verifyHolderName', error: { code: 'HOLDER_NAME_MISMATCH' } },
  { type: 'xstate.error.actor.verifyHolderName', error: { code: 'TOO_MANY_ATTEMPTS' } },
  { type: 'xstate.error.actor.verifyHolderName', error: { code: 'LOGIN_CHECK_EXPIRED' } },
] as never[];

const serializeState = (s: {
  value: unknown;
  context: { captchaRequired: boolean; addressCheck: { holderName: boolean } | null };
}) =>
  `${JSON.stringify(s.value)}${s.context.captchaRequired ? '+captcha' : ''}${
    s.context.addressCheck?.holderName === false ? '+nameSpent' : ''
  }`;

describe('login machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events, input, serializeState });

  it('reaches success, the forced password change and the captcha', () => {
    for (const state of [
      '"succeeded"',
      '"passwordChangeRequired"',
      '"editing"+captcha',
      '"loadingCaptcha"+captcha',
      '"twoFactor"',
      '"verifyingCode"',
      '"addressCheck"',
      '"verifyingAddress"',
      '"verifyingHolder"',
      '"addressCheck"+nameSpent',
    ]) {
      expect(reachable).toContain(state);
    }
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    for (const spy of Object.values(effects)) spy.mockClear();
    clock = 10_000;
    const end = replay(machine, path, { input });
    const types = path.steps.map((s) => s.event.type);
    // The loader is shown once per submission and always hidden again when the call ends.
    const submissions = types.filter(
      (t) =>
        t === 'SUBMIT' || t === 'SUBMIT_CODE' || t === 'SUBMIT_ADDRESS_CODE' || t === 'SUBMIT_HOLDER_NAME',
    ).length;
    expect(effects.showLoader).toHaveBeenCalledTimes(submissions);
    const pending = ['verifying', 'loggingIn', 'verifyingCode', 'verifyingAddress', 'verifyingHolder'];
    if (!pending.some((state) => end.matches(state))) {
      expect(effects.hideLoader).toHaveBeenCalledTimes(submissions);
    }
    if (end.matches('succeeded')) {
      expect(effects.remember).toHaveBeenCalledWith(values);
      expect(end.output).toMatchObject({ mustChangePassword: false, agentPage: false });
    }
    if (end.matches('passwordChangeRequired')) {
      expect(effects.remember).not.toHaveBeenCalled();
      expect(end.output).toMatchObject({ mustChangePassword: true });
    }
    if (end.matches('twoFactor')) expect(end.context.twoFactorChallenge).toBe('c-1');
    if (end.matches('twoFactor') && types.at(-1) === 'xstate.error.actor.verifyTwoFactor') {
      expect(end.context.errorCode).toBe('TWO_FACTOR_INVALID');
    }
    // Once the names' tries are spent the offer is withdrawn for this login; the codes stay.
    const codeOf = (e: unknown) => (e as { error?: { code?: string } }).error?.code;
    const lastCheck = path.steps.findLastIndex((s) => codeOf(s.event) === 'NEW_ADDRESS_CHECK');
    const nameSpent = path.steps.slice(lastCheck + 1).some((s) => codeOf(s.event) === 'TOO_MANY_ATTEMPTS');
    if (end.matches('addressCheck') && !nameSpent) expect(end.context.addressCheck).toEqual(addressCheck);
    if (end.matches('addressCheck') && nameSpent) {
      expect(end.context.addressCheck).toEqual({ ...addressCheck, holderName: false });
      expect(end.can({ type: 'SUBMIT_HOLDER_NAME', holderName: 'José da Silva' })).toBe(false);
      expect(end.can({ type: 'SUBMIT_ADDRESS_CODE', code: '654321' })).toBe(true);
    }
    if (end.matches('addressCheck') && types.at(-1) === 'xstate.error.actor.verifyHolderName') {
      const last = (path.steps.at(-1)!.event as { error?: { code?: string } }).error?.code;
      expect(['HOLDER_NAME_MISMATCH', 'TOO_MANY_ATTEMPTS']).toContain(last);
      expect(end.context.errorCode).toBe(last);
    }
    if (end.matches('editing') && types.at(-1) === 'xstate.error.actor.verifyHolderName') {
      expect(end.context).toMatchObject({ addressCheck: null, errorCode: 'LOGIN_CHECK_EXPIRED' });
    }
    if (end.matches('addressCheck') && types.at(-1) === 'xstate.error.actor.verifyNewAddress') {
      expect(end.context.errorCode).toBe('SMS_CODE_INVALID');
    }
    if (end.matches('editing') && types.at(-1) === 'xstate.error.actor.verifyNewAddress') {
      expect(end.context).toMatchObject({ addressCheck: null, errorCode: 'LOGIN_CHECK_EXPIRED' });
    }
    if (end.matches('editing') && types.at(-1) === 'BACK') expect(end.context.addressCheck).toBeNull();
    if (end.matches('editing') && types.at(-1) === 'xstate.error.actor.login') {
      expect(end.context.errorCode).toBe('INVALID_CREDENTIALS');
    }
  });

  it('refreshes the captcha at most once a second', () => {
    const path = transitionPaths.find((p) => p.description.startsWith('"editing" --REFRESH_CAPTCHA'))!;
    clock = 10_000;
    const end = replay(machine, { ...path, steps: path.steps.slice(0, -1) }, { input });
    expect(end.matches('editing')).toBe(true);
    // First refresh goes through; a second one 999 ms later is ignored; 1000 ms later it goes through.
    const actorPath = {
      description: 'refresh throttle',
      steps: [
        ...path.steps,
        { event: { type: 'xstate.done.actor.loadCaptcha', output: 'img' }, state: { value: 'editing' } },
      ],
    };
    const after = replay(machine, actorPath as never, { input });
    expect(after.context.lastCaptchaAt).toBe(10_000);
    clock = 10_999;
    expect(after.can({ type: 'REFRESH_CAPTCHA' })).toBe(false);
    clock = 11_000;
    expect(after.can({ type: 'REFRESH_CAPTCHA' })).toBe(true);
  });
});
