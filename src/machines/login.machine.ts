import { assign, setup } from 'xstate';
import type { LoginResult, NewAddressChallenge } from '../api/contract/accounts';
import { requiredActor } from './required-actor';

/** Spec 9: the captcha image can be refreshed at most once a second. */
export const CAPTCHA_REFRESH_MS = 1000;

export interface LoginValues {
  /** The username, or the mobile number for an sms login. */
  username: string;
  /** The password, or the sms code. */
  password: string;
  /** Set for an sms login. */
  countryDialingCode?: string;
  captcha?: string;
  remember: boolean;
}

export interface LoginInput {
  /** Logging in from the agent page: only agents may, and they land on /agentHome. */
  agentPage: boolean;
  /** By sms code the human check is skipped: sending the code already passed one (spec 4.2). */
  method?: 'username' | 'sms';
  now?: () => number;
}

export interface LoginContext {
  agentPage: boolean;
  method: 'username' | 'sms';
  now: () => number;
  values: LoginValues | null;
  humanCheck: string | null;
  captchaRequired: boolean;
  captchaImage: string | null;
  lastCaptchaAt: number;
  errorCode: string | null;
  errorMessage: string | null;
  /** Set while the second step of two-step verification is asked for. */
  twoFactorChallenge: string | null;
  /**
   * Set while a login from a new address waits for the code sent to the member's mobile or email, or the
   * holder name of one of the member's bank accounts.
   */
  addressCheck: NewAddressChallenge | null;
  result: LoginResult | null;
}

export type LoginEvent =
  | { type: 'SUBMIT'; values: LoginValues }
  | { type: 'REFRESH_CAPTCHA' }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'SUBMIT_ADDRESS_CODE'; code: string }
  /** Spec 2.7: the holder name of a bank account on the account instead of a code. */
  | { type: 'SUBMIT_HOLDER_NAME'; holderName: string }
  | { type: 'BACK' };

interface FailureLike {
  code?: string;
  message?: string;
  value?: {
    captchaRequired?: boolean;
    challenge?: string;
    channels?: NewAddressChallenge['channels'];
    holderName?: boolean;
  } | null;
}
const failure = (error: unknown) => (error ?? {}) as FailureLike;

/**
 * Username login (spec 4.2): the form is valid when it is submitted; then the human check, the call,
 * and either a session (or a forced password change) or the form again with the reason, and a captcha
 * when the server asks for one.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    input: {} as LoginInput,
    events: {} as LoginEvent,
    output: {} as {
      result: LoginResult;
      mustChangePassword: boolean;
      agentPage: boolean;
      oldPassword?: string;
    },
  },
  actors: {
    solveHumanCheck: requiredActor<string>('solveHumanCheck'),
    login: requiredActor<
      LoginResult,
      { values: LoginValues; humanCheck: string | null; agentLogin: boolean }
    >('login'),
    loadCaptcha: requiredActor<string>('loadCaptcha'),
    verifyTwoFactor: requiredActor<LoginResult, { challenge: string; code: string }>('verifyTwoFactor'),
    verifyNewAddress: requiredActor<LoginResult, { challenge: string; code: string }>('verifyNewAddress'),
    verifyHolderName: requiredActor<LoginResult, { challenge: string; holderName: string }>(
      'verifyHolderName',
    ),
  },
  actions: {
    showLoader: () => {},
    hideLoader: () => {},
    /** Keep (ticked) or forget (unticked) the remembered login for a day (spec 4.2 step 6). */
    remember: (_, _values: LoginValues) => {},
  },
  guards: {
    canRefreshCaptcha: ({ context }) => context.now() - context.lastCaptchaAt >= CAPTCHA_REFRESH_MS,
    mustChangePassword: ({ context }) => context.result?.mustChangePassword != null,
    captchaAsked: (_, error: unknown) => failure(error).value?.captchaRequired === true,
    twoFactorAsked: (_, error: unknown) => failure(error).code === 'TWO_FACTOR_REQUIRED',
    addressCheckAsked: (_, error: unknown) => failure(error).code === 'NEW_ADDRESS_CHECK',
    ticketExpired: (_, error: unknown) => failure(error).code === 'LOGIN_CHECK_EXPIRED',
    attemptsSpent: (_, error: unknown) => failure(error).code === 'TOO_MANY_ATTEMPTS',
    holderNameOffered: ({ context }) => context.addressCheck?.holderName === true,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    agentPage: input.agentPage,
    method: input.method ?? 'username',
    now: input.now ?? Date.now,
    values: null,
    humanCheck: null,
    captchaRequired: false,
    captchaImage: null,
    lastCaptchaAt: Number.NEGATIVE_INFINITY,
    errorCode: null,
    errorMessage: null,
    twoFactorChallenge: null,
    addressCheck: null,
    result: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        SUBMIT: [
          {
            guard: ({ context }) => context.method === 'sms',
            target: 'loggingIn',
            actions: [
              'showLoader',
              assign({ values: ({ event }) => event.values, errorCode: null, errorMessage: null }),
            ],
          },
          {
            target: 'verifying',
            actions: [
              'showLoader',
              assign({ values: ({ event }) => event.values, errorCode: null, errorMessage: null }),
            ],
          },
        ],
        REFRESH_CAPTCHA: { guard: 'canRefreshCaptcha', target: 'loadingCaptcha' },
      },
    },
    loadingCaptcha: {
      entry: assign({ lastCaptchaAt: ({ context }) => context.now() }),
      invoke: {
        id: 'loadCaptcha',
        src: 'loadCaptcha',
        onDone: { target: 'editing', actions: assign({ captchaImage: ({ event }) => event.output }) },
        onError: 'editing',
      },
    },
    verifying: {
      invoke: {
        id: 'solveHumanCheck',
        src: 'solveHumanCheck',
        onDone: { target: 'loggingIn', actions: assign({ humanCheck: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: ['hideLoader', assign({ errorCode: 'HUMAN_CHECK_REQUIRED', errorMessage: null })],
        },
      },
    },
    loggingIn: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({
          values: context.values!,
          humanCheck: context.humanCheck,
          agentLogin: context.agentPage,
        }),
        onDone: {
          target: 'sessionStarted',
          actions: ['hideLoader', assign({ result: ({ event }) => event.output })],
        },
        onError: [
          {
            guard: {
              type: 'twoFactorAsked',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'twoFactor',
            actions: [
              'hideLoader',
              assign({
                twoFactorChallenge: ({ event }) => failure(event.error).value?.challenge ?? null,
                errorCode: null,
                errorMessage: null,
              }),
            ],
          },
          {
            guard: {
              type: 'addressCheckAsked',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'addressCheck',
            actions: [
              'hideLoader',
              assign({
                addressCheck: ({ event }) => {
                  const value = failure(event.error).value;
                  return {
                    challenge: value?.challenge ?? '',
                    channels: value?.channels ?? [],
                    holderName: value?.holderName === true,
                  };
                },
                errorCode: null,
                errorMessage: null,
              }),
            ],
          },
          {
            guard: {
              type: 'captchaAsked',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'loadingCaptcha',
            actions: [
              'hideLoader',
              assign({
                captchaRequired: true,
                errorCode: ({ event }) => failure(event.error).code ?? 'UNKNOWN',
                errorMessage: ({ event }) => failure(event.error).message ?? null,
              }),
            ],
          },
          {
            target: 'editing',
            actions: [
              'hideLoader',
              assign({
                errorCode: ({ event }) => failure(event.error).code ?? 'UNKNOWN',
                errorMessage: ({ event }) => failure(event.error).message ?? null,
              }),
            ],
          },
        ],
      },
    },
    twoFactor: {
      on: { SUBMIT_CODE: { target: 'verifyingCode', actions: ['showLoader', assign({ errorCode: null })] } },
    },
    verifyingCode: {
      invoke: {
        id: 'verifyTwoFactor',
        src: 'verifyTwoFactor',
        input: ({ context, event }) => ({
          challenge: context.twoFactorChallenge!,
          code: (event as { code: string }).code,
        }),
        onDone: {
          target: 'sessionStarted',
          actions: ['hideLoader', assign({ result: ({ event }) => event.output })],
        },
        onError: {
          target: 'twoFactor',
          actions: [
            'hideLoader',
            assign({ errorCode: ({ event }) => failure(event.error).code ?? 'UNKNOWN' }),
          ],
        },
      },
    },
    addressCheck: {
      on: {
        SUBMIT_ADDRESS_CODE: {
          target: 'verifyingAddress',
          actions: ['showLoader', assign({ errorCode: null })],
        },
        SUBMIT_HOLDER_NAME: {
          guard: 'holderNameOffered',
          target: 'verifyingHolder',
          actions: ['showLoader', assign({ errorCode: null })],
        },
        BACK: { target: 'editing', actions: assign({ addressCheck: null, errorCode: null }) },
      },
    },
    verifyingHolder: {
      invoke: {
        id: 'verifyHolderName',
        src: 'verifyHolderName',
        input: ({ context, event }) => ({
          challenge: context.addressCheck!.challenge,
          holderName: (event as { holderName: string }).holderName,
        }),
        onDone: {
          target: 'sessionStarted',
          actions: ['hideLoader', assign({ result: ({ event }) => event.output })],
        },
        onError: [
          {
            guard: {
              type: 'ticketExpired',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'editing',
            actions: ['hideLoader', assign({ addressCheck: null, errorCode: 'LOGIN_CHECK_EXPIRED' })],
          },
          {
            // No tries left for names: the offer is withdrawn, the codes (if any) remain.
            guard: {
              type: 'attemptsSpent',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'addressCheck',
            actions: [
              'hideLoader',
              assign({
                addressCheck: ({ context }) => ({ ...context.addressCheck!, holderName: false }),
                errorCode: 'TOO_MANY_ATTEMPTS',
              }),
            ],
          },
          {
            target: 'addressCheck',
            actions: [
              'hideLoader',
              assign({ errorCode: ({ event }) => failure(event.error).code ?? 'UNKNOWN' }),
            ],
          },
        ],
      },
    },
    verifyingAddress: {
      invoke: {
        id: 'verifyNewAddress',
        src: 'verifyNewAddress',
        input: ({ context, event }) => ({
          challenge: context.addressCheck!.challenge,
          code: (event as { code: string }).code,
        }),
        onDone: {
          target: 'sessionStarted',
          actions: ['hideLoader', assign({ result: ({ event }) => event.output })],
        },
        onError: [
          {
            // The ticket died (too slow, or the address changed): start the login again.
            guard: {
              type: 'ticketExpired',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'editing',
            actions: ['hideLoader', assign({ addressCheck: null, errorCode: 'LOGIN_CHECK_EXPIRED' })],
          },
          {
            target: 'addressCheck',
            actions: [
              'hideLoader',
              assign({ errorCode: ({ event }) => failure(event.error).code ?? 'UNKNOWN' }),
            ],
          },
        ],
      },
    },
    // Every way in (password, two-step code, new-address code or holder name) ends here with a session.
    sessionStarted: {
      always: [
        { guard: 'mustChangePassword', target: 'passwordChangeRequired' },
        { target: 'succeeded', actions: { type: 'remember', params: ({ context }) => context.values! } },
      ],
    },
    passwordChangeRequired: { type: 'final' },
    succeeded: { type: 'final' },
  },
  output: ({ context }) => {
    const mustChangePassword = context.result?.mustChangePassword != null;
    return {
      result: context.result!,
      mustChangePassword,
      agentPage: context.agentPage,
      // The forced change needs the old password the member just typed, and nothing else ever does.
      ...(mustChangePassword ? { oldPassword: context.values!.password } : {}),
    };
  },
});
