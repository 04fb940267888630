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

/** A secret to enrol in an authenticator app, when the operator's role requires two-step verification. */
export interface OperatorEnrolment {
  secret: string;
  uri: string;
}

/**
 * The back office's own login: password, then a TOTP code when the operator has it on. An admin or
 * finance operator without it (where it is required) is shown a secret to scan; the code from it logs in
 * and turns it on.
 */
export const operatorLoginMachine = setup({
  types: {
    context: {} as {
      credentials: OperatorCredentials | null;
      needsCode: boolean;
      enrolment: OperatorEnrolment | null;
      errorCode: string | null;
      session: OperatorSession | null;
    },
    events: {} as { type: 'SUBMIT'; credentials: OperatorCredentials },
    output: {} as OperatorSession,
  },
  actors: { login: requiredActor<OperatorSession, OperatorCredentials>('login') },
  actions: { keepSession: (_, _session: OperatorSession) => {} },
  guards: {
    codeAsked: (_, error: unknown) => (error as { code?: string })?.code === 'TWO_FACTOR_REQUIRED',
    enrolmentAsked: (_, error: unknown) => (error as { code?: string })?.code === 'TWO_FACTOR_SETUP_REQUIRED',
  },
}).createMachine({
  id: 'operatorLogin',
  context: { credentials: null, needsCode: false, enrolment: null, errorCode: null, session: null },
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
            guard: {
              type: 'enrolmentAsked',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'editing',
            actions: assign({
              needsCode: true,
              errorCode: null,
              enrolment: ({ event }) => (event.error as { value?: OperatorEnrolment | null })?.value ?? null,
            }),
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
