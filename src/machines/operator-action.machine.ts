import { assign, setup } from 'xstate';
import { failureCode, failureMessage } from './failure';
import { type Attempt, attemptFor } from './request-attempt';
import { requiredActor } from './required-actor';

/** An operator's money action: a balance adjustment, or a decision on a deposit or a withdrawal. */
export type OperatorAction =
  | {
      kind: 'adjust';
      username: string;
      amount: number;
      reason: string;
      category: 'correction' | 'bonus';
    }
  | { kind: 'deposit'; reference: string; decision: 'confirm' | 'reject'; reason?: string }
  | {
      kind: 'withdrawal';
      reference: string;
      decision: 'approve' | 'reject' | 'force_received' | 'refund';
      reason?: string;
    };

/**
 * One operator money action at a time (back office). The same action sent again after a failure (a
 * lost answer, a timeout) keeps its request id, so the server applies it once; any other action gets a
 * new id. The view renders by the `busy` tag and sends SUBMIT.
 */
export const operatorActionMachine = setup({
  types: {
    context: {} as {
      attempt: Attempt<OperatorAction> | null;
      /** The server's answer to the last action that went through. */
      result: unknown;
      /** Counts the actions that went through, so a queue knows to reload. */
      completed: number;
      errorCode: string | null;
      errorMessage: string | null;
    },
    events: {} as { type: 'SUBMIT'; action: OperatorAction } | { type: 'DISMISS' },
  },
  actors: { perform: requiredActor<unknown, Attempt<OperatorAction>>('perform') },
}).createMachine({
  id: 'operatorAction',
  context: { attempt: null, result: null, completed: 0, errorCode: null, errorMessage: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        SUBMIT: {
          target: 'sending',
          actions: assign({
            attempt: ({ context, event }) => attemptFor(context.attempt, event.action),
            result: null,
            errorCode: null,
            errorMessage: null,
          }),
        },
        DISMISS: { actions: assign({ result: null, errorCode: null, errorMessage: null }) },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ context }) => context.attempt!,
        onDone: {
          target: 'idle',
          actions: assign({
            result: ({ event }) => event.output,
            completed: ({ context }) => context.completed + 1,
            attempt: null,
          }),
        },
        // The attempt is kept: sending the same action again reuses its request id.
        onError: {
          target: 'idle',
          actions: assign({
            errorCode: ({ event }) => failureCode(event.error),
            errorMessage: ({ event }) => failureMessage(event.error),
          }),
        },
      },
    },
  },
});
