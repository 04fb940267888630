import { assign, setup } from 'xstate';
import { requiredActor } from './required-actor';

export type RecoveryMethod = 'email' | 'phone';

export interface ForgotPasswordContext {
  method: RecoveryMethod;
  /** By email: who asked for the code, sent again with it and the new password. */
  account: { username: string; email: string } | null;
  errorCode: string | null;
  issues: Array<{ path: string; message: string }>;
}

interface FailureLike {
  code?: string;
  value?: { issues?: Array<{ path: string; message: string }> } | null;
}

/**
 * Forgotten password (spec 4.5, 5.5). By email: username and email ask for a code, then the code and a new
 * password change it (nothing changes before). By phone: mobile, SMS code and new password at once. The
 * method can be switched while editing; a confirmation dialog ends either way.
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    input: {} as { method?: RecoveryMethod },
    events: {} as
      | { type: 'USE'; method: RecoveryMethod }
      | { type: 'SUBMIT'; values: Record<string, string> }
      | { type: 'RESEND' }
      | { type: 'BACK' }
      | { type: 'ACKNOWLEDGE' },
  },
  actors: {
    /** By email: sends the code to the member's address. */
    requestCode: requiredActor<unknown, { username: string; email: string }>('requestCode'),
    /** Sets the new password with a code (by email: with the account that asked for it). */
    reset: requiredActor<unknown, { method: RecoveryMethod; values: Record<string, string> }>('reset'),
  },
  actions: {
    showLoader: () => {},
    hideLoader: () => {},
    finish: () => {},
    failed: assign({
      errorCode: ({ event }) =>
        ((event as { error?: FailureLike }).error?.code ?? 'UNKNOWN') as string | null,
      issues: ({ event }) => (event as { error?: FailureLike }).error?.value?.issues ?? [],
    }),
  },
  guards: { byEmail: ({ context }) => context.method === 'email' },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({ method: input?.method ?? 'email', account: null, errorCode: null, issues: [] }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        USE: { actions: assign({ method: ({ event }) => event.method, errorCode: null, issues: [] }) },
        SUBMIT: [
          {
            guard: 'byEmail',
            target: 'requestingCode',
            actions: [
              'showLoader',
              assign({
                errorCode: null,
                issues: [],
                account: ({ event }) => ({
                  username: event.values.username ?? '',
                  email: event.values.email ?? '',
                }),
              }),
            ],
          },
          { target: 'resetting', actions: ['showLoader', assign({ errorCode: null, issues: [] })] },
        ],
      },
    },
    requestingCode: {
      tags: ['busy'],
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => context.account!,
        onDone: { target: 'enteringCode', actions: 'hideLoader' },
        onError: { target: 'editing', actions: ['hideLoader', 'failed'] },
      },
    },
    /** By email: the code was sent; the member types it with the new password. */
    enteringCode: {
      on: {
        SUBMIT: { target: 'resetting', actions: ['showLoader', assign({ errorCode: null, issues: [] })] },
        RESEND: {
          target: 'requestingCode',
          actions: ['showLoader', assign({ errorCode: null, issues: [] })],
        },
        BACK: { target: 'editing', actions: assign({ errorCode: null, issues: [] }) },
      },
    },
    resetting: {
      tags: ['busy'],
      invoke: {
        id: 'reset',
        src: 'reset',
        input: ({ context, event }) => ({
          method: context.method,
          values: { ...(event as { values: Record<string, string> }).values, ...(context.account ?? {}) },
        }),
        onDone: { target: 'confirmed', actions: 'hideLoader' },
        onError: [
          { guard: 'byEmail', target: 'enteringCode', actions: ['hideLoader', 'failed'] },
          { target: 'editing', actions: ['hideLoader', 'failed'] },
        ],
      },
    },
    /** The confirmation dialog is showing. */
    confirmed: { on: { ACKNOWLEDGE: 'done' } },
    done: { type: 'final', entry: 'finish' },
  },
});
