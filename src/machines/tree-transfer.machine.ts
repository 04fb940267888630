import { assign, setup } from 'xstate';
import { failureCode, failureMessage } from './failure';
import { type Attempt, attemptFor } from './request-attempt';
import { requiredActor } from './required-actor';

export interface TreeTransferSetup {
  upline: string | null;
  canPayDownline: boolean;
  hasPaymentPassword: boolean;
  balance: number;
  currency: string;
}
export type TreeTransferRequest =
  | { direction: 'upline'; amount: number; paymentPassword: string }
  | { direction: 'downline'; username: string; amount: number; paymentPassword: string };
export interface TreeTransferResult {
  to: string;
  amount: number;
  balance: number;
  currency: string;
}

export type TreeTransferEvent =
  | { type: 'SUBMIT'; request: TreeTransferRequest }
  | { type: 'NEW' }
  | { type: 'RETRY' }
  /** The main wallet changed elsewhere (the member socket). */
  | { type: 'BALANCE'; balance: number };

/**
 * Money inside the agent tree (spec 2.5 transferUpline; agents also pay players below them): who is
 * above and what the member may do is loaded first, then each transfer is sent with an id that a retry
 * of the same transfer keeps.
 */
export const treeTransferMachine = setup({
  types: {
    context: {} as {
      setup: TreeTransferSetup | null;
      attempt: Attempt<TreeTransferRequest> | null;
      result: TreeTransferResult | null;
      errorCode: string | null;
      errorMessage: string | null;
    },
    events: {} as TreeTransferEvent,
  },
  actors: {
    loadSetup: requiredActor<TreeTransferSetup>('loadSetup'),
    transfer: requiredActor<TreeTransferResult, Attempt<TreeTransferRequest>>('transfer'),
  },
  guards: {
    nowhereToSend: ({ context }) => !context.setup?.upline && !context.setup?.canPayDownline,
    needsPassword: ({ context }) => !context.setup?.hasPaymentPassword,
    allowed: ({ context, event }) => {
      const { request } = event as { request: TreeTransferRequest };
      return request.direction === 'upline'
        ? context.setup?.upline != null
        : context.setup?.canPayDownline === true;
    },
  },
}).createMachine({
  id: 'treeTransfer',
  context: { setup: null, attempt: null, result: null, errorCode: null, errorMessage: null },
  initial: 'loading',
  on: {
    BALANCE: {
      actions: assign({
        setup: ({ context, event }) => (context.setup ? { ...context.setup, balance: event.balance } : null),
      }),
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadSetup',
        src: 'loadSetup',
        onDone: { target: 'routing', actions: assign({ setup: ({ event }) => event.output }) },
        onError: {
          target: 'unavailable',
          actions: assign({ errorCode: ({ event }) => failureCode(event.error) }),
        },
      },
    },
    unavailable: { on: { RETRY: { target: 'loading', actions: assign({ errorCode: null }) } } },
    routing: {
      always: [
        { guard: 'nowhereToSend', target: 'nowhere' },
        { guard: 'needsPassword', target: 'needsPassword' },
        { target: 'editing' },
      ],
    },
    /** No agent above and no players below: there is nobody to send to. */
    nowhere: {},
    /** Transfers are authorised with the payment password, which is set on the withdraw page. */
    needsPassword: { on: { RETRY: 'loading' } },
    editing: {
      on: {
        SUBMIT: {
          guard: 'allowed',
          target: 'submitting',
          actions: assign({
            attempt: ({ context, event }) => attemptFor(context.attempt, event.request),
            errorCode: null,
            errorMessage: null,
          }),
        },
      },
    },
    submitting: {
      invoke: {
        id: 'transfer',
        src: 'transfer',
        input: ({ context }) => context.attempt!,
        onDone: {
          target: 'sent',
          actions: assign({
            result: ({ event }) => event.output,
            attempt: null,
            setup: ({ context, event }) => ({ ...context.setup!, balance: event.output.balance }),
          }),
        },
        // The attempt is kept: sending the same transfer again must not move the money twice.
        onError: {
          target: 'editing',
          actions: assign({
            errorCode: ({ event }) => failureCode(event.error),
            errorMessage: ({ event }) => failureMessage(event.error),
          }),
        },
      },
    },
    sent: { on: { NEW: { target: 'editing', actions: assign({ result: null }) } } },
  },
});
