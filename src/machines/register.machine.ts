import { assign, setup } from 'xstate';
import type { LoginResult, RegisterBody } from '../api/contract/accounts';
import { CAPTCHA_REFRESH_MS } from './login.machine';
import { requiredActor } from './required-actor';

export type RegisterValues = Omit<RegisterBody, 'humanCheck' | 'login' | 'registerMethod'>;

export interface RegisterInput {
  /** The invitation code the visitor arrived with (?code=…), used when the form has no such field. */
  affiliateFromUrl: string | null;
  affiliateFieldShown: boolean;
  /** The brand's captcha rule is on: the image captcha is asked for with the form, a new one per attempt. */
  captchaRequired?: boolean;
  now?: () => number;
}

export interface RegisterContext extends Omit<RegisterInput, 'captchaRequired' | 'now'> {
  captchaRequired: boolean;
  /** The image to read (a data URL), null while it loads or when it could not be loaded. */
  captchaImage: string | null;
  lastCaptchaAt: number;
  now: () => number;
  values: RegisterValues | null;
  humanCheck: string | null;
  errorCode: string | null;
  issues: Array<{ path: string; message: string }>;
  /** The invitation code was refused: the warning popup is showing. */
  affiliateRejected: boolean;
  result: LoginResult | null;
}

interface FailureLike {
  code?: string;
  value?: { issues?: Array<{ path: string; message: string }>; captchaRequired?: boolean } | null;
}
const failure = (error: unknown) => (error ?? {}) as FailureLike;

/**
 * Registration (spec 4.3): the submitted form is valid; the invitation code (typed, or from the address
 * when the field is hidden) is checked first, then the human check, then the account is created and
 * logged in. With the brand's captcha rule on, an image captcha comes with the form (the login's, from
 * the same call); the server spends it on any attempt that reaches it, so a refused registration brings
 * a new one, as does the server asking for one the form did not know of.
 */
export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    input: {} as RegisterInput,
    events: {} as
      | { type: 'SUBMIT'; values: RegisterValues }
      | { type: 'DISMISS' }
      | { type: 'REFRESH_CAPTCHA' },
    output: {} as { result: LoginResult },
  },
  actors: {
    checkAffiliate: requiredActor<unknown, { code: string }>('checkAffiliate'),
    solveHumanCheck: requiredActor<string>('solveHumanCheck'),
    register: requiredActor<LoginResult, { values: RegisterValues; humanCheck: string }>('register'),
    loadCaptcha: requiredActor<string>('loadCaptcha'),
  },
  actions: {
    showLoader: () => {},
    hideLoader: () => {},
    /** A refused registration: its code, the field issues, and the invitation-code popup when that was it. */
    failed: assign(({ event }) => {
      const error = failure((event as { error?: unknown }).error);
      return {
        errorCode: error.code ?? 'UNKNOWN',
        issues: error.value?.issues ?? [],
        affiliateRejected: error.code === 'INVALID_AFFILIATE',
      };
    }),
  },
  guards: {
    hasAffiliateCode: ({ context }) => !!context.values?.affiliateCode,
    captchaRequired: ({ context }) => context.captchaRequired,
    canRefreshCaptcha: ({ context }) => context.now() - context.lastCaptchaAt >= CAPTCHA_REFRESH_MS,
    captchaSpent: ({ context }, error: unknown) =>
      context.captchaRequired || failure(error).value?.captchaRequired === true,
  },
}).createMachine({
  id: 'register',
  context: ({ input }) => ({
    affiliateFromUrl: input.affiliateFromUrl,
    affiliateFieldShown: input.affiliateFieldShown,
    captchaRequired: input.captchaRequired ?? false,
    captchaImage: null,
    lastCaptchaAt: Number.NEGATIVE_INFINITY,
    now: input.now ?? Date.now,
    values: null,
    humanCheck: null,
    errorCode: null,
    issues: [],
    affiliateRejected: false,
    result: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'captchaRequired', target: 'loadingCaptcha' }, { target: 'editing' }],
    },
    loadingCaptcha: {
      entry: assign({ lastCaptchaAt: ({ context }) => context.now(), captchaImage: null }),
      invoke: {
        id: 'loadCaptcha',
        src: 'loadCaptcha',
        onDone: { target: 'editing', actions: assign({ captchaImage: ({ event }) => event.output }) },
        // No image: the form offers the refresh button, which tries again.
        onError: 'editing',
      },
    },
    editing: {
      on: {
        SUBMIT: {
          target: 'checking',
          actions: assign({
            values: ({ context, event }) => ({
              ...event.values,
              affiliateCode:
                (context.affiliateFieldShown ? event.values.affiliateCode : context.affiliateFromUrl) ||
                undefined,
            }),
            errorCode: null,
            issues: [],
          }),
        },
        DISMISS: { actions: assign({ affiliateRejected: false }) },
        REFRESH_CAPTCHA: { guard: 'canRefreshCaptcha', target: 'loadingCaptcha' },
      },
    },
    checking: {
      entry: 'showLoader',
      always: [{ guard: 'hasAffiliateCode', target: 'checkingAffiliate' }, { target: 'verifying' }],
    },
    checkingAffiliate: {
      invoke: {
        id: 'checkAffiliate',
        src: 'checkAffiliate',
        input: ({ context }) => ({ code: context.values!.affiliateCode! }),
        onDone: 'verifying',
        onError: {
          target: 'editing',
          actions: ['hideLoader', assign({ affiliateRejected: true, errorCode: 'INVALID_AFFILIATE' })],
        },
      },
    },
    verifying: {
      invoke: {
        id: 'solveHumanCheck',
        src: 'solveHumanCheck',
        onDone: { target: 'registering', actions: assign({ humanCheck: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: ['hideLoader', assign({ errorCode: 'HUMAN_CHECK_REQUIRED' })],
        },
      },
    },
    registering: {
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({ values: context.values!, humanCheck: context.humanCheck! }),
        onDone: {
          target: 'registered',
          actions: ['hideLoader', assign({ result: ({ event }) => event.output })],
        },
        onError: [
          {
            guard: {
              type: 'captchaSpent',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'loadingCaptcha',
            actions: ['hideLoader', assign({ captchaRequired: true }), 'failed'],
          },
          { target: 'editing', actions: ['hideLoader', 'failed'] },
        ],
      },
    },
    registered: { type: 'final' },
  },
  output: ({ context }) => ({ result: context.result! }),
});
