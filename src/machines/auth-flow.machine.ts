import { assign, setup } from 'xstate';
import type { LoginResult } from '../api/contract/accounts';
import { changePasswordMachine } from './change-password.machine';
import { loginMachine } from './login.machine';

export type LoginMethod = 'username' | 'sms';

/** What a finished flow hands to the session: the login, and whether a password change came first. */
export interface AuthFlowOutput {
  result: LoginResult;
  changedPassword: boolean;
}

interface LoginOutput {
  result: LoginResult;
  mustChangePassword: boolean;
  oldPassword?: string;
}

/**
 * From the login form to a session (spec 4.2, 4.5, 6): the login machine runs as a child; when the
 * server requires a new password (reset, weak default, expired), the change-password machine runs next
 * under the new login's token with the password just typed; then the session gets the final login. One
 * definition for the account popup and the agent page; views render the child that is running.
 */
export const authFlowMachine = setup({
  types: {
    input: {} as { agentPage: boolean; method: LoginMethod },
    context: {} as {
      agentPage: boolean;
      method: LoginMethod;
      login: LoginOutput | null;
      output: AuthFlowOutput | null;
    },
    output: {} as AuthFlowOutput,
  },
  actors: { login: loginMachine, changePassword: changePasswordMachine },
  actions: { enter: (_, _output: AuthFlowOutput) => {} },
  guards: { mustChange: (_, login: LoginOutput) => login.mustChangePassword },
}).createMachine({
  id: 'authFlow',
  context: ({ input }) => ({ agentPage: input.agentPage, method: input.method, login: null, output: null }),
  initial: 'loggingIn',
  states: {
    loggingIn: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ agentPage: context.agentPage, method: context.method }),
        onDone: [
          {
            guard: { type: 'mustChange', params: ({ event }) => event.output },
            target: 'changingPassword',
            actions: assign({ login: ({ event }) => event.output }),
          },
          {
            target: 'entered',
            actions: assign({
              output: ({ event }) => ({ result: event.output.result, changedPassword: false }),
            }),
          },
        ],
      },
    },
    changingPassword: {
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({
          forced: true,
          token: context.login!.result.token,
          knownOldPassword: context.login!.oldPassword ?? '',
        }),
        onDone: {
          target: 'entered',
          actions: assign({
            output: ({ event }) => ({ result: event.output.result, changedPassword: true }),
          }),
        },
      },
    },
    entered: {
      type: 'final',
      entry: { type: 'enter', params: ({ context }) => context.output! },
    },
  },
  output: ({ context }) => context.output!,
});
