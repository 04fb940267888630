import { assign, setup } from 'xstate';
import { failureCode, failureMessage } from './failure';
import { type Attempt, attemptFor } from './request-attempt';
import { requiredActor } from './required-actor';

export interface WalletTransferRequest {
  vendor: string;
  direction: 'in' | 'out';
  amount: number;
}

/**
 * Moving money between the main wallet and a game vendor's wallet (transferFund, transfer mode). One
 * transfer at a time; a failed one sent again keeps its request id, so it is never applied twice.
 */
export const walletTransferMachine = setup({
  types: {
    context: {} as {
      attempt: Attempt<WalletTransferRequest> | null;
      /** The last transfer that went through, so the page can refresh the balances and say so. */
      done: WalletTransferRequest | null;
      /** How many transfers went through; the balances are reloaded when it changes. */
      completed: number;
      errorCode: string | null;
      errorMessage: string | null;
    },
    events: {} as { type: 'SUBMIT'; request: WalletTransferRequest },
  },
  actors: { transfer: requiredActor<unknown, Attempt<WalletTransferRequest>>('transfer') },
}).createMachine({
  id: 'walletTransfer',
  context: { attempt: null, done: null, completed: 0, errorCode: null, errorMessage: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        SUBMIT: {
          target: 'transferring',
          actions: assign({
            attempt: ({ context, event }) => attemptFor(context.attempt, event.request),
            done: null,
            errorCode: null,
            errorMessage: null,
          }),
        },
      },
    },
    transferring: {
      invoke: {
        id: 'transfer',
        src: 'transfer',
        input: ({ context }) => context.attempt!,
        onDone: {
          target: 'idle',
          actions: assign({
            done: ({ context }) => context.attempt!.request,
            completed: ({ context }) => context.completed + 1,
            attempt: null,
          }),
        },
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
