import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TFunction } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, fromPromise, type NonReducibleUnknown } from 'xstate';
import type { LoginResult } from '../../src/api/contract/accounts';
import { errorKey } from '../../src/api/errors';
import { LoginForm, siteLoginMachine } from '../../src/features/account/LoginForm';
import { rememberedUsername } from '../../src/features/account/remember';
import { initI18n } from '../../src/i18n';
import type { LoginValues } from '../../src/machines/login.machine';
import { type MachinePath, machinePaths } from '../machines/graph-paths';
import { installFakeServer } from '../support/fake-server';

/**
 * The login form driven through the login machine's generated paths: the visitor's events are typed and
 * clicked in the real view, the calls' answers are released by the test, and at every step the machine
 * must be where the graph says and the view must show what that state means.
 */

const user = {
  id: 1,
  account: 'player01',
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
const addressCheck = { challenge: 'a-1', channels: [{ channel: 'sms', destination: '+55 •••4321' }] };
const values: LoginValues = { username: 'player01', password: 'Secret123', remember: true };
const CAPTCHA_IMAGE = 'data:image/png;base64,AAA';

// The machine's effects are calls the test answers: each invocation waits until its step is replayed.
type Pending = { input: unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };
const pending = new Map<string, Pending>();
function held<T, I = NonReducibleUnknown>(name: string) {
  return fromPromise<T, I>(
    ({ input }) =>
      new Promise<T>((resolve, reject) => {
        pending.set(name, { input, resolve: resolve as (value: unknown) => void, reject });
      }),
  );
}
type Code = { challenge: string; code: string };
const machine = siteLoginMachine.provide({
  actors: {
    solveHumanCheck: held<string>('solveHumanCheck'),
    login: held<LoginResult, { values: LoginValues; humanCheck: string | null; agentLogin: boolean }>(
      'login',
    ),
    loadCaptcha: held<string>('loadCaptcha'),
    verifyTwoFactor: held<LoginResult, Code>('verifyTwoFactor'),
    verifyNewAddress: held<LoginResult, Code>('verifyNewAddress'),
  },
});

// A clock that moves a second at every reading, so the captcha may always be refreshed (the throttle
// itself is checked in tests/machines/login.machine.test.ts).
let clock = 0;
const input = { agentPage: false, now: () => (clock += 1_000) };

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
  { type: 'xstate.done.actor.loadCaptcha', output: CAPTCHA_IMAGE },
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
] as never[];

const serializeState = (s: { value: unknown; context: { captchaRequired: boolean } }) =>
  `${JSON.stringify(s.value)}${s.context.captchaRequired ? '+captcha' : ''}`;

type Path = MachinePath<typeof machine>;

/**
 * The events a visitor can cause on the page in a state: the captcha image (the only way to ask for
 * another one) is shown only once the server asked for a captcha, so refreshing before that exists in
 * the machine but not on the page.
 */
const pageEvents = (state: AnyMachineSnapshot) =>
  events.filter((e: { type: string }) => e.type !== 'REFRESH_CAPTCHA' || state.context.captchaRequired);

let t: TFunction;
beforeAll(async () => {
  t = (await initI18n('pt')).t;
});
afterEach(() => {
  pending.clear();
  // The remembered login lives in a cookie, which the shared cleanup leaves alone.
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the cookie the form under test wrote
  document.cookie = 'remember_login=; Max-Age=0; Path=/';
});

/** What the visitor must see in a state of the machine. */
function expectView(state: AnyMachineSnapshot, description: string) {
  const { errorCode, captchaRequired, captchaImage } = state.context as {
    errorCode: string | null;
    captchaRequired: boolean;
    captchaImage: string | null;
  };
  if (state.matches('twoFactor') || state.matches('verifyingCode')) {
    const form = screen.getByTestId('two-factor-form');
    expect(form, description).toHaveTextContent(t('errors.TWO_FACTOR_REQUIRED'));
    expect(within(form).getByLabelText(`${t('account.two_factor_code')} *`)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: t('account.login_submit') })).toHaveProperty(
      'disabled',
      state.matches('verifyingCode'),
    );
    const alerts = within(form).queryAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(errorCode ? [t(errorKey(errorCode))] : []);
    expect(screen.queryByTestId('login-form')).toBeNull();
    return;
  }
  if (state.matches('addressCheck') || state.matches('verifyingAddress')) {
    const form = screen.getByTestId('new-address-form');
    expect(form, description).toHaveTextContent(t('errors.NEW_ADDRESS_CHECK'));
    expect(within(form).getByTestId('channel-sms')).toHaveTextContent('+55 •••4321');
    const busy = state.matches('verifyingAddress');
    const submit = within(form).getByRole('button', {
      name: busy ? t('account.verifying') : t('account.new_address_confirm'),
    });
    expect(submit).toHaveProperty('disabled', busy);
    if (errorCode) {
      expect(within(form).getByTestId('login-error')).toHaveTextContent(t(errorKey(errorCode)));
    } else expect(within(form).queryByTestId('login-error')).toBeNull();
    expect(screen.queryByTestId('login-form')).toBeNull();
    return;
  }
  // Every other state shows the login form itself.
  const form = screen.getByTestId('login-form');
  expect(screen.queryByTestId('two-factor-form'), description).toBeNull();
  expect(screen.queryByTestId('new-address-form')).toBeNull();
  const busy = state.matches('verifying') || state.matches('loggingIn');
  const submit = within(form).getByRole('button', {
    name: busy ? t('account.verifying') : t('account.login_submit'),
  });
  expect(submit, description).toHaveProperty('disabled', busy);
  if (errorCode) {
    const error = within(form).getByTestId('login-error');
    expect(error, description).toHaveTextContent(t(errorKey(errorCode)));
    expect(error).toHaveAttribute('data-code', errorCode);
  } else expect(within(form).queryByTestId('login-error'), description).toBeNull();
  const captcha = within(form).queryByLabelText(`${t('account.captcha')} *`);
  if (captchaRequired) {
    expect(captcha, description).toBeInTheDocument();
    // The image is the button that asks for another one.
    expect(within(form).getByTitle(t('account.refresh_captcha')).tagName).toBe('BUTTON');
    if (captchaImage) expect(within(form).getByTestId('captcha-image')).toHaveAttribute('src', captchaImage);
    else expect(within(form).queryByTestId('captcha-image')).toBeNull();
  } else expect(captcha, description).toBeNull();
}

/** Replays a generated path on the rendered form: user events through the page, answers by the test. */
async function walk(path: Path) {
  installFakeServer();
  clock = 0;
  pending.clear();
  const actor = createActor(machine, { input });
  actor.start();
  const ui = userEvent.setup({ delay: null });
  render(<LoginForm actor={actor} onForgot={() => {}} />);
  expectView(actor.getSnapshot(), `${path.description} (start)`);
  let submitted: LoginValues | null = null;

  for (const step of path.steps) {
    const { event } = step;
    const before = actor.getSnapshot();
    const label = `${path.description}: ${event.type}`;
    if (event.type === 'xstate.init') continue;
    if (event.type === 'SUBMIT') {
      const form = screen.getByTestId('login-form');
      const username = within(form).getByLabelText(`${t('account.username')} *`);
      const password = within(form).getByLabelText(`${t('account.password')} *`);
      await ui.clear(username);
      await ui.type(username, values.username);
      await ui.clear(password);
      // An empty password is refused by the form itself: a field error, and the machine is not told.
      await ui.click(within(form).getByRole('button', { name: t('account.login_submit') }));
      expect(await within(form).findByText(t('validation.required')), label).toBeInTheDocument();
      expect(actor.getSnapshot().value).toEqual(before.value);
      await ui.type(password, values.password);
      const remember = within(form).getByLabelText(t('account.remember'));
      if ((remember as HTMLInputElement).checked !== values.remember) await ui.click(remember);
      const captcha = within(form).queryByLabelText(`${t('account.captcha')} *`);
      if (captcha) {
        await ui.clear(captcha);
        await ui.click(within(form).getByRole('button', { name: t('account.login_submit') }));
        expect(await within(form).findByText(t('errors.CAPTCHA_REQUIRED')), label).toBeInTheDocument();
        expect(actor.getSnapshot().value).toEqual(before.value);
        await ui.type(captcha, '1234');
      }
      submitted = { ...values, ...(captcha ? { captcha: '1234' } : {}) };
      await ui.click(within(form).getByRole('button', { name: t('account.login_submit') }));
    } else if (event.type === 'REFRESH_CAPTCHA') {
      await ui.click(screen.getByTitle(t('account.refresh_captcha')));
    } else if (event.type === 'SUBMIT_CODE') {
      const form = screen.getByTestId('two-factor-form');
      const code = within(form).getByLabelText(`${t('account.two_factor_code')} *`);
      await ui.clear(code);
      await ui.type(code, '12');
      await ui.click(within(form).getByRole('button', { name: t('account.login_submit') }));
      // A code that is not six digits stays in the form.
      expect(await within(form).findAllByText(t('errors.TWO_FACTOR_INVALID')), label).not.toHaveLength(0);
      expect(actor.getSnapshot().value).toEqual(before.value);
      await ui.clear(code);
      await ui.type(code, String(event.code));
      await ui.click(within(form).getByRole('button', { name: t('account.login_submit') }));
    } else if (event.type === 'SUBMIT_ADDRESS_CODE') {
      const form = screen.getByTestId('new-address-form');
      const code = within(form).getByLabelText(`${t('account.new_address_code')} *`);
      await ui.clear(code);
      await ui.type(code, String(event.code));
      await ui.click(within(form).getByRole('button', { name: t('account.new_address_confirm') }));
    } else if (event.type === 'BACK') {
      await ui.click(screen.getByRole('button', { name: t('account.new_address_back') }));
    } else {
      // An answer to a call the machine is waiting on.
      const [, outcome, , id] = event.type.split('.') as [string, 'done' | 'error', string, string];
      const call = pending.get(id!);
      expect(call, `${label}: nothing was waiting for ${id}`).toBeDefined();
      pending.delete(id!);
      await act(async () => {
        if (outcome === 'done') call!.resolve(event.output);
        else call!.reject(event.error);
      });
    }
    await waitFor(() => expect(actor.getSnapshot().value, label).toEqual(step.state.value));
    const now = actor.getSnapshot();
    expect(now.context.captchaRequired, label).toBe(step.state.context.captchaRequired);
    // What the calls were asked: the values typed, the human check's answer, the codes typed.
    if (now.matches('loggingIn')) {
      expect(pending.get('login')?.input, label).toEqual({
        values: submitted,
        humanCheck: 'payload',
        agentLogin: false,
      });
    }
    if (now.matches('verifyingCode')) {
      expect(pending.get('verifyTwoFactor')?.input).toEqual({ challenge: 'c-1', code: '123456' });
    }
    if (now.matches('verifyingAddress')) {
      expect(pending.get('verifyNewAddress')?.input).toEqual({ challenge: 'a-1', code: '654321' });
    }
    await waitFor(() => expectView(actor.getSnapshot(), label));
  }

  const end = actor.getSnapshot();
  // A session that needs no password change remembers the login (the box was ticked); one that must
  // change its password first remembers nothing yet.
  if (end.matches('succeeded')) expect(rememberedUsername()).toBe(values.username);
  if (end.matches('passwordChangeRequired')) expect(rememberedUsername()).toBe('');
  actor.stop();
}

describe('login form driven by the login machine (model-based)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, {
    events: pageEvents,
    input,
    serializeState,
  });
  // One path per transition walks every edge and so reaches every state; the start is the one more.
  const paths: Path[] = [statePaths[0]!, ...transitionPaths];

  it('walks every transition a visitor can take on the page', () => {
    const seen = new Set(paths.flatMap((p) => p.steps.map((s) => serializeState(s.state))));
    expect(reachable.filter((state) => !seen.has(state))).toEqual([]);
    // Of the machine's states, only loading a captcha nobody asked for is not on the page (`pageEvents`).
    const all = machinePaths(machine, { events, input, serializeState });
    expect(all.reachable.filter((state) => !reachable.includes(state))).toEqual(['"loadingCaptcha"']);
    expect(paths.length).toBeGreaterThan(30);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', { timeout: 30_000 }, async (_, path) => {
    await walk(path);
  });
});
