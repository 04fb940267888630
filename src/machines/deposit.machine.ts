import { assign, setup } from 'xstate';
import { type DepositView, isFinalDeposit, type PaymentMethod } from '../api/contract/payments';
import { failureCode, failureMessage } from './failure';
import { type Attempt, attemptFor } from './request-attempt';
import { requiredActor } from './required-actor';

export interface DepositContext {
  methods: PaymentMethod[];
  selected: string | null;
  deposit: DepositView | null;
  attempt: Attempt<DepositRequest> | null;
  /** The deposit the page was opened for (back from the gateway), or the one just made. */
  reference: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}

export interface DepositRequest {
  method: string;
  amount: number;
}

export type DepositEvent =
  | { type: 'SELECT'; code: string }
  | { type: 'SUBMIT'; amount: number }
  | { type: 'CANCEL' }
  | { type: 'NEW' }
  | { type: 'RETRY' };

/**
 * A deposit (depositv2): pick a method, enter an amount, then either leave for the gateway's checkout or
 * get the bank details and reference; the deposit's status is then followed until it is final.
 */
export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    input: {} as { reference?: string | null },
    events: {} as DepositEvent,
  },
  actors: {
    loadMethods: requiredActor<PaymentMethod[]>('loadMethods'),
    createDeposit: requiredActor<DepositView, Attempt<DepositRequest>>('createDeposit'),
    loadDeposit: requiredActor<DepositView, { reference: string }>('loadDeposit'),
    cancelDeposit: requiredActor<DepositView, { reference: string }>('cancelDeposit'),
    /** Waits before the status is asked for again. */
    wait: requiredActor<void>('wait'),
  },
  actions: {
    /** Leaves for the gateway's checkout page. */
    openPayment: (_, _url: string) => {},
  },
  guards: {
    hasReference: ({ context }) => context.reference !== null,
    /** An online checkout to leave for; a PIX deposit's code is paid from the page itself. */
    isGateway: (_, deposit: DepositView) => deposit.kind === 'gateway' && deposit.payUrl !== null,
    isFinal: (_, deposit: DepositView) => isFinalDeposit(deposit.status),
  },
}).createMachine({
  id: 'deposit',
  context: ({ input }) => ({
    methods: [],
    selected: null,
    deposit: null,
    attempt: null,
    reference: input.reference ?? null,
    errorCode: null,
    errorMessage: null,
  }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'hasReference', target: 'watching' }, { target: 'loadingMethods' }] },
    loadingMethods: {
      invoke: {
        id: 'loadMethods',
        src: 'loadMethods',
        onDone: {
          target: 'editing',
          actions: assign({
            methods: ({ event }) => event.output,
            selected: ({ event, context }) => context.selected ?? event.output[0]?.code ?? null,
          }),
        },
        onError: {
          target: 'unavailable',
          actions: assign({ errorCode: ({ event }) => failureCode(event.error) }),
        },
      },
    },
    unavailable: { on: { RETRY: { target: 'loadingMethods', actions: assign({ errorCode: null }) } } },
    editing: {
      on: {
        SELECT: {
          actions: assign({ selected: ({ event }) => event.code, errorCode: null, errorMessage: null }),
        },
        SUBMIT: {
          target: 'submitting',
          actions: assign({
            attempt: ({ context, event }) =>
              attemptFor(context.attempt, { method: context.selected!, amount: event.amount }),
            errorCode: null,
            errorMessage: null,
          }),
        },
      },
    },
    submitting: {
      invoke: {
        id: 'createDeposit',
        src: 'createDeposit',
        input: ({ context }) => context.attempt!,
        onDone: [
          {
            guard: { type: 'isGateway', params: ({ event }) => event.output },
            target: 'redirecting',
            actions: [
              assign({
                deposit: ({ event }) => event.output,
                reference: ({ event }) => event.output.reference,
                attempt: null,
              }),
              { type: 'openPayment', params: ({ event }) => event.output.payUrl! },
            ],
          },
          {
            target: 'watching',
            actions: assign({
              deposit: ({ event }) => event.output,
              reference: ({ event }) => event.output.reference,
              attempt: null,
            }),
          },
        ],
        onError: {
          target: 'editing',
          actions: assign({
            errorCode: ({ event }) => failureCode(event.error),
            errorMessage: ({ event }) => failureMessage(event.error),
          }),
        },
      },
    },
    redirecting: { type: 'final' },
    watching: {
      initial: 'fetching',
      on: {
        CANCEL: { target: 'cancelling' },
        NEW: {
          target: 'loadingMethods',
          actions: assign({ deposit: null, reference: null, errorCode: null }),
        },
      },
      states: {
        fetching: {
          invoke: {
            id: 'loadDeposit',
            src: 'loadDeposit',
            input: ({ context }) => ({ reference: context.reference! }),
            onDone: [
              {
                guard: { type: 'isFinal', params: ({ event }) => event.output },
                target: '#deposit.settled',
                actions: assign({ deposit: ({ event }) => event.output }),
              },
              { target: 'waiting', actions: assign({ deposit: ({ event }) => event.output }) },
            ],
            onError: [
              {
                // A deposit that is not this member's (or a mistyped link): start a new one.
                guard: ({ event }) => failureCode(event.error) === 'DEPOSIT_NOT_FOUND',
                target: '#deposit.loadingMethods',
                actions: assign({ reference: null, deposit: null, errorCode: 'DEPOSIT_NOT_FOUND' }),
              },
              { target: 'waiting' },
            ],
          },
        },
        waiting: { invoke: { id: 'wait', src: 'wait', onDone: 'fetching' } },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelDeposit',
        src: 'cancelDeposit',
        input: ({ context }) => ({ reference: context.reference! }),
        onDone: { target: 'settled', actions: assign({ deposit: ({ event }) => event.output }) },
        onError: {
          target: 'watching',
          actions: assign({ errorCode: ({ event }) => failureCode(event.error) }),
        },
      },
    },
    settled: {
      on: {
        NEW: {
          target: 'loadingMethods',
          actions: assign({ deposit: null, reference: null, errorCode: null }),
        },
      },
    },
  },
});
