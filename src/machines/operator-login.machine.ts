import { assign, setup } from 'xstate';
import { requiredActor } from './required-actor';

export interface OperatorCredentials {
  username: string;
  password: string;
  code?: string;
}
export interface OperatorSession {
  token: string;
  operator: { id: number; username: string; role: string; twoFactor: boolean };
}

/** The back office's own login: password, then a TOTP code when the operator turned it on. */
export const operatorLoginMachine = setup({
  types: {
    context: {} as {
      credentials: OperatorCredentials | null;
      needsCode: boolean;
      errorCode: string | null;
      session: OperatorSession | null;
    },
    events: {} as { type: 'SUBMIT'; credentials: OperatorCredentials },
    output: {} as OperatorSession,
  },
  actors: { login: requiredActor<OperatorSession, OperatorCredentials>('login') },
  actions: { keepSession: (_, _session: OperatorSession) => {} },
  guards: { codeAsked: (_, error: unknown) => (error as { code?: string })?.code === 'TWO_FACTOR_REQUIRED' },
}).createMachine({
  id: 'operatorLogin',
  context: { credentials: null, needsCode: false, errorCode: null, session: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        SUBMIT: {
          target: 'submitting',
          actions: assign({ credentials: ({ event }) => event.credentials, errorCode: null }),
        },
      },
    },
    submitting: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => context.credentials!,
        onDone: {
          target: 'loggedIn',
          actions: [
            assign({ session: ({ event }) => event.output }),
            { type: 'keepSession', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            guard: { type: 'codeAsked', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'editing',
            actions: assign({ needsCode: true, errorCode: null }),
          },
          {
            target: 'editing',
            actions: assign({
              errorCode: ({ event }) => (event.error as { code?: string })?.code ?? 'UNKNOWN',
            }),
          },
        ],
      },
    },
    loggedIn: { type: 'final' },
  },
  output: ({ context }) => context.session!,
});
