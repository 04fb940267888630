import { assign, setup } from 'xstate';
import { failureCode, failureIssues, failureMessage } from './failure';
import { type Attempt, attemptFor } from './request-attempt';
import { requiredActor } from './required-actor';

/** A back-office change: its kind, what it changes (shown to confirm), and the body it sends. */
export interface OperatorTask {
  kind: string;
  /** What the confirmation shows: the target (member, operator, role) and the values. */
  summary: Record<string, string>;
  body: Record<string, unknown>;
  /**
   * false: sent at once, with no confirmation (a form that changes nothing players see or money: a
   * template saved, a search). Its failure is the panel's to show, beside the form.
   */
  confirm?: boolean;
  /** false: confirmed without a reason (the route keeps none); the body is sent as it is. */
  reason?: boolean;
  /** The row it changes, when a panel shows a change's progress, failure or success on its row. */
  target?: string;
}

const asksReason = (task: OperatorTask | null) => task?.reason !== false;
const confirmed = (task: OperatorTask | null) => task?.confirm !== false;

/**
 * Every operator change (issue 27): asked (REQUEST) → confirmed, with its reason where the route keeps
 * one (CONFIRM) → sent with a request id → its result. A task that needs no confirmation goes from
 * REQUEST straight to sending. A failure offers RETRY, which sends the same change under the same
 * request id (a lost answer never applies it twice); CANCEL drops it; a new REQUEST (the form corrected)
 * replaces it, keeping the request id when it asks for the very same change. The view renders by tags
 * (`confirming`, `busy`, `failed`) and shows the last result.
 */
export const operatorTaskMachine = setup({
  types: {
    context: {} as {
      task: OperatorTask | null;
      attempt: Attempt<OperatorTask> | null;
      result: unknown;
      /** The task that went through last (its kind tells what `result` is). */
      done: OperatorTask | null;
      /** Changes that went through: a list reloads when it moves. */
      completed: number;
      errorCode: string | null;
      errorMessage: string | null;
      /** The field problems of a VALIDATION_FAILED answer. */
      errorIssues: Array<{ path: string; message: string }>;
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
    reasonGiven: ({ context, event }) =>
      event.type === 'CONFIRM' && (!asksReason(context.task) || event.reason.trim().length >= 3),
    unconfirmed: ({ event }) => event.type === 'REQUEST' && !confirmed(event.task),
  },
  actions: {
    /** A task sent without confirmation: its attempt now (the same id when it repeats the last one). */
    sendAtOnce: assign({
      task: ({ event }) => (event as { task: OperatorTask }).task,
      attempt: ({ context, event }) => attemptFor(context.attempt, (event as { task: OperatorTask }).task),
      result: null,
      done: null,
      errorCode: null,
      errorMessage: null,
      errorIssues: [],
    }),
    ask: assign({
      task: ({ event }) => (event as { task: OperatorTask }).task,
      result: null,
      done: null,
      errorCode: null,
      errorMessage: null,
      errorIssues: [],
    }),
  },
}).createMachine({
  id: 'operatorTask',
  context: {
    task: null,
    attempt: null,
    result: null,
    done: null,
    completed: 0,
    errorCode: null,
    errorMessage: null,
    errorIssues: [],
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        REQUEST: [
          { guard: 'unconfirmed', target: 'sending', actions: 'sendAtOnce' },
          { target: 'confirming', actions: 'ask' },
        ],
        DISMISS: { actions: assign({ result: null, done: null }) },
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
                  body: asksReason(context.task)
                    ? { ...context.task!.body, reason: (event as { reason: string }).reason.trim() }
                    : context.task!.body,
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
            done: ({ context }) => context.task,
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
            errorIssues: ({ event }) => failureIssues(event.error),
          }),
        },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        RETRY: {
          target: 'sending',
          actions: assign({ errorCode: null, errorMessage: null, errorIssues: [] }),
        },
        // The form sent again, corrected or not: the same change keeps its request id.
        REQUEST: [
          { guard: 'unconfirmed', target: 'sending', actions: 'sendAtOnce' },
          { target: 'confirming', actions: 'ask' },
        ],
        CANCEL: {
          target: 'idle',
          actions: assign({
            task: null,
            attempt: null,
            errorCode: null,
            errorMessage: null,
            errorIssues: [],
          }),
        },
      },
    },
  },
});
