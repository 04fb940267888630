import { assign, setup } from 'xstate';
import { requiredActor } from './required-actor';

export type RecoveryMethod = 'email' | 'phone';

export interface ForgotPasswordContext {
  method: RecoveryMethod;
  errorCode: string | null;
  issues: Array<{ path: string; message: string }>;
}

interface FailureLike {
  code?: string;
  value?: { issues?: Array<{ path: string; message: string }> } | null;
}

/**
 * Forgotten password (spec 4.5, 5.5): by email (username and email; a confirmation dialog follows) or by
 * phone (mobile, sms code, new password). The method can be switched while editing.
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    input: {} as { method?: RecoveryMethod },
    events: {} as
      | { type: 'USE'; method: RecoveryMethod }
      | { type: 'SUBMIT'; values: Record<string, string> }
      | { type: 'ACKNOWLEDGE' },
  },
  actors: {
    recover: requiredActor<unknown, { method: RecoveryMethod; values: Record<string, string> }>('recover'),
  },
  actions: { showLoader: () => {}, hideLoader: () => {}, finish: () => {} },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({ method: input?.method ?? 'email', errorCode: null, issues: [] }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        USE: { actions: assign({ method: ({ event }) => event.method, errorCode: null, issues: [] }) },
        SUBMIT: { target: 'submitting', actions: ['showLoader', assign({ errorCode: null, issues: [] })] },
      },
    },
    submitting: {
      invoke: {
        id: 'recover',
        src: 'recover',
        input: ({ context, event }) => ({
          method: context.method,
          values: (event as { values: Record<string, string> }).values,
        }),
        onDone: { target: 'confirmed', actions: 'hideLoader' },
        onError: {
          target: 'editing',
          actions: [
            'hideLoader',
            assign({
              errorCode: ({ event }) => (event.error as FailureLike)?.code ?? 'UNKNOWN',
              issues: ({ event }) => (event.error as FailureLike)?.value?.issues ?? [],
            }),
          ],
        },
      },
    },
    /** The confirmation dialog is showing. */
    confirmed: { on: { ACKNOWLEDGE: 'done' } },
    done: { type: 'final', entry: 'finish' },
  },
});
