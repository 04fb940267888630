import { assign, setup } from 'xstate';
import type { IdentityField } from '../api/contract/kyc';
import type { PixKeyType } from '../api/pix-key';
import { failureCode, failureMessage } from './failure';
import { type Attempt, attemptFor } from './request-attempt';
import { requiredActor } from './required-actor';

export interface WithdrawSetup {
  hasPaymentPassword: boolean;
  bankAccounts: Array<{
    id: number;
    bankName: string;
    accountName: string;
    accountNumber: string;
    pixKeyType?: PixKeyType | null;
  }>;
  currency: string;
  balance: number;
  minAmount: number;
  maxAmount: number;
  dailyCount: number;
  usedToday: number;
  confirmMinutes: number;
  /** The identity the brand still needs first (full name, birthday, CPF); empty or absent: none. */
  identityMissing?: IdentityField[];
}
export interface WithdrawRequest {
  bankAccountId: number;
  amount: number;
  paymentPassword: string;
}
export interface BankAccountInput {
  /** A PIX key instead of a bank account (the key in accountNumber). */
  pixKeyType?: PixKeyType;
  bankName?: string;
  accountName: string;
  accountNumber: string;
}

/** The identity step's answers: only the facts still missing are sent. */
export type IdentityInput = Partial<Record<IdentityField, string>>;

export type WithdrawEvent =
  | { type: 'SAVE_IDENTITY'; identity: IdentityInput }
  | { type: 'SET_PASSWORD'; loginPassword: string; password: string }
  | { type: 'ADD_BANK'; bank: BankAccountInput }
  | { type: 'SUBMIT'; request: WithdrawRequest }
  | { type: 'NEW' }
  | { type: 'RETRY' };

/**
 * A withdrawal (spec 4.8): the member's identity first when the brand still needs it (full name, date of
 * birth, CPF: src/api/contract/kyc.ts), a payment password, a bank account, then the request with the
 * amount and the payment password; the money is held until the operator decides.
 */
export const withdrawMachine = setup({
  types: {
    context: {} as {
      setup: WithdrawSetup | null;
      attempt: Attempt<WithdrawRequest> | null;
      reference: string | null;
      errorCode: string | null;
      errorMessage: string | null;
    },
    events: {} as WithdrawEvent,
  },
  actors: {
    loadSetup: requiredActor<WithdrawSetup>('loadSetup'),
    saveIdentity: requiredActor<unknown, IdentityInput>('saveIdentity'),
    setPassword: requiredActor<unknown, { loginPassword: string; password: string }>('setPassword'),
    addBank: requiredActor<unknown, BankAccountInput>('addBank'),
    requestWithdrawal: requiredActor<{ reference: string }, Attempt<WithdrawRequest>>('requestWithdrawal'),
  },
  guards: {
    needsIdentity: ({ context }) => (context.setup?.identityMissing?.length ?? 0) > 0,
    needsPassword: ({ context }) => !context.setup?.hasPaymentPassword,
    needsBank: ({ context }) => (context.setup?.bankAccounts.length ?? 0) === 0,
  },
}).createMachine({
  id: 'withdraw',
  context: { setup: null, attempt: null, reference: null, errorCode: null, errorMessage: null },
  initial: 'loading',
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
        // The payment password first: it also authorises transfers to the agent, which need no identity.
        { guard: 'needsPassword', target: 'needsPassword' },
        { guard: 'needsIdentity', target: 'needsIdentity' },
        { guard: 'needsBank', target: 'needsBank' },
        { target: 'editing' },
      ],
    },
    needsIdentity: {
      on: {
        SAVE_IDENTITY: { target: 'savingIdentity', actions: assign({ errorCode: null, errorMessage: null }) },
      },
    },
    savingIdentity: {
      invoke: {
        id: 'saveIdentity',
        src: 'saveIdentity',
        input: ({ event }) => (event as { identity: IdentityInput }).identity,
        onDone: 'loading',
        onError: {
          target: 'needsIdentity',
          actions: assign({
            errorCode: ({ event }) => failureCode(event.error),
            errorMessage: ({ event }) => failureMessage(event.error),
          }),
        },
      },
    },
    needsPassword: {
      on: {
        SET_PASSWORD: { target: 'savingPassword', actions: assign({ errorCode: null, errorMessage: null }) },
      },
    },
    savingPassword: {
      invoke: {
        id: 'setPassword',
        src: 'setPassword',
        input: ({ event }) => {
          const { loginPassword, password } = event as { loginPassword: string; password: string };
          return { loginPassword, password };
        },
        onDone: 'loading',
        onError: {
          target: 'needsPassword',
          actions: assign({
            errorCode: ({ event }) => failureCode(event.error),
            errorMessage: ({ event }) => failureMessage(event.error),
          }),
        },
      },
    },
    needsBank: {
      on: { ADD_BANK: { target: 'savingBank', actions: assign({ errorCode: null, errorMessage: null }) } },
    },
    savingBank: {
      invoke: {
        id: 'addBank',
        src: 'addBank',
        input: ({ event }) => (event as { bank: BankAccountInput }).bank,
        onDone: 'loading',
        onError: {
          target: 'routing',
          actions: assign({
            errorCode: ({ event }) => failureCode(event.error),
            errorMessage: ({ event }) => failureMessage(event.error),
          }),
        },
      },
    },
    editing: {
      on: {
        SUBMIT: {
          target: 'submitting',
          actions: assign({
            attempt: ({ context, event }) => attemptFor(context.attempt, event.request),
            errorCode: null,
            errorMessage: null,
          }),
        },
        ADD_BANK: { target: 'savingBank', actions: assign({ errorCode: null, errorMessage: null }) },
      },
    },
    submitting: {
      invoke: {
        id: 'requestWithdrawal',
        src: 'requestWithdrawal',
        input: ({ context }) => context.attempt!,
        onDone: {
          target: 'requested',
          actions: assign({ reference: ({ event }) => event.output.reference, attempt: null }),
        },
        // The attempt is kept: the same request sent again must not hold the money twice.
        onError: {
          target: 'editing',
          actions: assign({
            errorCode: ({ event }) => failureCode(event.error),
            errorMessage: ({ event }) => failureMessage(event.error),
          }),
        },
      },
    },
    requested: { on: { NEW: { target: 'loading', actions: assign({ reference: null }) } } },
  },
});
