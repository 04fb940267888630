import { assign, setup } from 'xstate';
import type { ChangePasswordBody, LoginResult } from '../api/contract/accounts';
import { requiredActor } from './required-actor';

export interface ChangePasswordContext {
  forced: boolean;
  /** A forced change right after a login runs under that login's token, with the password just typed. */
  token: string | null;
  knownOldPassword: string | null;
  errorCode: string | null;
  issues: Array<{ path: string; message: string }>;
  result: LoginResult | null;
}

interface FailureLike {
  code?: string;
  value?: { issues?: Array<{ path: string; message: string }> } | null;
}

/**
 * Changing the password (spec 4.5, 5.5), forced after a login with a weak or expired password or chosen
 * by the member: submit, then either the new session or the form again with the reasons.
 */
export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    input: {} as { forced: boolean; token?: string; knownOldPassword?: string },
    events: {} as { type: 'SUBMIT'; values: ChangePasswordBody },
    output: {} as { result: LoginResult },
  },
  actors: {
    changePassword: requiredActor<LoginResult, { body: ChangePasswordBody; token: string | null }>(
      'changePassword',
    ),
  },
  actions: { showLoader: () => {}, hideLoader: () => {} },
}).createMachine({
  id: 'changePassword',
  context: ({ input }) => ({
    forced: input.forced,
    token: input.token ?? null,
    knownOldPassword: input.knownOldPassword ?? null,
    errorCode: null,
    issues: [],
    result: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: { SUBMIT: { target: 'submitting', actions: assign({ errorCode: null, issues: [] }) } },
    },
    submitting: {
      entry: 'showLoader',
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context, event }) => ({
          body: (event as { values: ChangePasswordBody }).values,
          token: context.token,
        }),
        onDone: {
          target: 'changed',
          actions: ['hideLoader', assign({ result: ({ event }) => event.output })],
        },
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
    changed: { type: 'final' },
  },
  output: ({ context }) => ({ result: context.result! }),
});
