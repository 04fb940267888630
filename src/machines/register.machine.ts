import { assign, setup } from 'xstate';
import type { LoginResult, RegisterBody } from '../api/contract/accounts';
import { requiredActor } from './required-actor';

export type RegisterValues = Omit<RegisterBody, 'humanCheck' | 'login' | 'registerMethod'>;

export interface RegisterInput {
  /** The invitation code the visitor arrived with (?code=…), used when the form has no such field. */
  affiliateFromUrl: string | null;
  affiliateFieldShown: boolean;
}

export interface RegisterContext extends RegisterInput {
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
  value?: { issues?: Array<{ path: string; message: string }> } | null;
}

/**
 * Registration (spec 4.3): the submitted form is valid; the invitation code (typed, or from the address
 * when the field is hidden) is checked first, then the human check, then the account is created and
 * logged in.
 */
export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    input: {} as RegisterInput,
    events: {} as { type: 'SUBMIT'; values: RegisterValues } | { type: 'DISMISS' },
    output: {} as { result: LoginResult },
  },
  actors: {
    checkAffiliate: requiredActor<unknown, { code: string }>('checkAffiliate'),
    solveHumanCheck: requiredActor<string>('solveHumanCheck'),
    register: requiredActor<LoginResult, { values: RegisterValues; humanCheck: string }>('register'),
  },
  actions: { showLoader: () => {}, hideLoader: () => {} },
  guards: {
    hasAffiliateCode: ({ context }) => !!context.values?.affiliateCode,
  },
}).createMachine({
  id: 'register',
  context: ({ input }) => ({
    ...input,
    values: null,
    humanCheck: null,
    errorCode: null,
    issues: [],
    affiliateRejected: false,
    result: null,
  }),
  initial: 'editing',
  states: {
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
        onError: {
          target: 'editing',
          actions: [
            'hideLoader',
            assign({
              errorCode: ({ event }) => (event.error as FailureLike)?.code ?? 'UNKNOWN',
              issues: ({ event }) => (event.error as FailureLike)?.value?.issues ?? [],
              affiliateRejected: ({ event }) => (event.error as FailureLike)?.code === 'INVALID_AFFILIATE',
            }),
          ],
        },
      },
    },
    registered: { type: 'final' },
  },
  output: ({ context }) => ({ result: context.result! }),
});
