import { assign, setup } from 'xstate';
import { failureCode, failureMessage } from './failure';
import { type Attempt, attemptFor } from './request-attempt';
import { requiredActor } from './required-actor';

/** A back-office change: its kind, what it changes (shown to confirm), and the body it sends. */
export interface OperatorTask {
  kind: string;
  /** What the confirmation shows: the target (member, operator, role) and the values. */
  summary: Record<string, string>;
  body: Record<string, unknown>;
}

/**
 * Every operator change (issue 27): asked (REQUEST) → confirmed with its reason (CONFIRM) → sent with a
 * request id → its result. A failure offers RETRY, which sends the same change under the same request
 * id (a lost answer never applies it twice); CANCEL drops it. The view renders by tags (`confirming`,
 * `busy`, `failed`) and shows the last result.
 */
export const operatorTaskMachine = setup({
  types: {
    context: {} as {
      task: OperatorTask | null;
      attempt: Attempt<OperatorTask> | null;
      result: unknown;
      /** Changes that went through: a list reloads when it moves. */
      completed: number;
      errorCode: string | null;
      errorMessage: string | null;
    },
    events: {} as
      | { type: 'REQUEST'; task: OperatorTask }
      | { type: 'CONFIRM'; reason: string }
      | { type: 'RETRY' }
      | { type: 'CANCEL' }
      | { type: 'DISMISS' },
  },
  actors: { perform: requiredActor<unknown, Attempt<OperatorTask>>('perform') },
  guards: {
    reasonGiven: ({ event }) => event.type === 'CONFIRM' && event.reason.trim().length >= 3,
  },
}).createMachine({
  id: 'operatorTask',
  context: { task: null, attempt: null, result: null, completed: 0, errorCode: null, errorMessage: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        REQUEST: {
          target: 'confirming',
          actions: assign({ task: ({ event }) => event.task, errorCode: null, errorMessage: null }),
        },
        DISMISS: { actions: assign({ result: null }) },
      },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        CONFIRM: [
          {
            guard: 'reasonGiven',
            target: 'sending',
            actions: assign({
              attempt: ({ context, event }) =>
                attemptFor(context.attempt, {
                  ...context.task!,
                  body: { ...context.task!.body, reason: (event as { reason: string }).reason.trim() },
                }),
              result: null,
            }),
          },
          { actions: assign({ errorCode: 'REASON_REQUIRED', errorMessage: null }) },
        ],
        CANCEL: { target: 'idle', actions: assign({ task: null, errorCode: null }) },
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
            task: null,
          }),
        },
        // The attempt is kept: RETRY sends it again under its request id.
        onError: {
          target: 'failed',
          actions: assign({
            errorCode: ({ event }) => failureCode(event.error),
            errorMessage: ({ event }) => failureMessage(event.error),
          }),
        },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        RETRY: { target: 'sending', actions: assign({ errorCode: null, errorMessage: null }) },
        CANCEL: {
          target: 'idle',
          actions: assign({ task: null, attempt: null, errorCode: null, errorMessage: null }),
        },
      },
    },
  },
});
