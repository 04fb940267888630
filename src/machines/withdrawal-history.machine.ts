import { assign, setup } from 'xstate';
import type { WithdrawalView } from '../api/contract/withdrawals';
import { failureCode } from './failure';
import { requiredActor } from './required-actor';

/** What a member can do with a withdrawal in the history. */
export type WithdrawalAction =
  | { kind: 'cancel'; reference: string }
  | { kind: 'confirm'; reference: string; outcome: 'received' | 'all_received' }
  | { kind: 'dispute'; reference: string; proof: string; pictures: File[] };

/**
 * The withdrawal history (spec: withdraw page): the member's latest withdrawals, reloaded when a new one
 * is made or the operator decides one (a socket event); cancel while pending; once paid, confirm receipt
 * or say it did not arrive, with a note and pictures. One action at a time (`busy`); a failed one leaves
 * the list as it was and says why.
 */
export const withdrawalHistoryMachine = setup({
  types: {
    context: {} as {
      items: WithdrawalView[];
      /** The withdrawal an action is running for. */
      acting: string | null;
      errorCode: string | null;
    },
    events: {} as { type: 'RELOAD' } | { type: 'ACT'; action: WithdrawalAction },
  },
  actors: {
    load: requiredActor<WithdrawalView[]>('load'),
    act: requiredActor<unknown, WithdrawalAction>('act'),
  },
}).createMachine({
  id: 'withdrawalHistory',
  context: { items: [], acting: null, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output }) },
        onError: { target: 'ready', actions: assign({ errorCode: ({ event }) => failureCode(event.error) }) },
      },
    },
    ready: {
      on: {
        RELOAD: 'loading',
        ACT: {
          target: 'acting',
          actions: assign({ acting: ({ event }) => event.action.reference, errorCode: null }),
        },
      },
    },
    acting: {
      tags: ['busy'],
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ event }) => (event as { action: WithdrawalAction }).action,
        onDone: { target: 'loading', actions: assign({ acting: null }) },
        onError: {
          target: 'ready',
          actions: assign({ acting: null, errorCode: ({ event }) => failureCode(event.error) }),
        },
      },
      // A decision that arrives meanwhile is read once the action is over.
      on: { RELOAD: {} },
    },
  },
});
