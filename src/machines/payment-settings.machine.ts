import { assign, setup } from 'xstate';
import type { PixKeyType } from '../api/pix-key';
import { failureCode, failureIssues } from './failure';
import { requiredActor } from './required-actor';
import type { BankAccountInput } from './withdraw.machine';

export interface BankAccountView {
  id: number;
  bankName: string;
  accountName: string;
  accountNumber: string;
  pixKeyType?: PixKeyType | null;
}
export interface PaymentSettings {
  hasPaymentPassword: boolean;
  bankAccounts: BankAccountView[];
}
/** Setting the first payment password takes the login password; changing it, the current one. */
export interface PaymentPasswordInput {
  password: string;
  loginPassword?: string;
  oldPassword?: string;
}
/** Which part of the page an answer is about. */
export type PaymentSection = 'password' | 'bank' | 'remove';

export type PaymentSettingsEvent =
  | { type: 'SET_PASSWORD'; input: PaymentPasswordInput }
  | { type: 'ADD_BANK'; bank: BankAccountInput }
  | { type: 'REMOVE_BANK'; id: number }
  | { type: 'RETRY' };

/**
 * The money settings on "Minha conta": the six-digit payment password (set with the login password,
 * changed with the current one) and the bank accounts withdrawals are paid to (add, remove). One change
 * at a time (`busy`); each answer names its section (`done` on success, `failed` with the reason), so
 * the page says it next to the form it concerns. Tags: `loading`, `failed`, `ready`, `busy`.
 */
export const paymentSettingsMachine = setup({
  types: {
    context: {} as {
      settings: PaymentSettings | null;
      done: PaymentSection | null;
      failed: PaymentSection | null;
      errorCode: string | null;
      issues: Array<{ path: string; message: string }>;
    },
    events: {} as PaymentSettingsEvent,
  },
  actors: {
    load: requiredActor<PaymentSettings>('load'),
    setPassword: requiredActor<unknown, PaymentPasswordInput>('setPassword'),
    addBank: requiredActor<BankAccountView[], BankAccountInput>('addBank'),
    removeBank: requiredActor<BankAccountView[], { id: number }>('removeBank'),
  },
}).createMachine({
  id: 'paymentSettings',
  context: { settings: null, done: null, failed: null, errorCode: null, issues: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output }) },
        onError: {
          target: 'unavailable',
          actions: assign({ errorCode: ({ event }) => failureCode(event.error) }),
        },
      },
    },
    unavailable: {
      tags: ['failed'],
      on: { RETRY: { target: 'loading', actions: assign({ errorCode: null }) } },
    },
    ready: {
      tags: ['ready'],
      on: {
        SET_PASSWORD: 'savingPassword',
        ADD_BANK: 'addingBank',
        REMOVE_BANK: 'removingBank',
      },
      exit: assign({ done: null, failed: null, errorCode: null, issues: [] }),
    },
    savingPassword: {
      tags: ['ready', 'busy'],
      invoke: {
        id: 'setPassword',
        src: 'setPassword',
        input: ({ event }) => (event as { input: PaymentPasswordInput }).input,
        onDone: {
          target: 'ready',
          actions: assign({
            settings: ({ context }) => ({ ...context.settings!, hasPaymentPassword: true }),
            done: 'password',
          }),
        },
        onError: {
          target: 'ready',
          actions: assign({
            failed: 'password',
            errorCode: ({ event }) => failureCode(event.error),
            issues: ({ event }) => failureIssues(event.error),
          }),
        },
      },
    },
    addingBank: {
      tags: ['ready', 'busy'],
      invoke: {
        id: 'addBank',
        src: 'addBank',
        input: ({ event }) => (event as { bank: BankAccountInput }).bank,
        onDone: {
          target: 'ready',
          actions: assign({
            settings: ({ context, event }) => ({ ...context.settings!, bankAccounts: event.output }),
            done: 'bank',
          }),
        },
        onError: {
          target: 'ready',
          actions: assign({
            failed: 'bank',
            errorCode: ({ event }) => failureCode(event.error),
            issues: ({ event }) => failureIssues(event.error),
          }),
        },
      },
    },
    removingBank: {
      tags: ['ready', 'busy'],
      invoke: {
        id: 'removeBank',
        src: 'removeBank',
        input: ({ event }) => ({ id: (event as { id: number }).id }),
        onDone: {
          target: 'ready',
          actions: assign({
            settings: ({ context, event }) => ({ ...context.settings!, bankAccounts: event.output }),
            done: 'remove',
          }),
        },
        onError: {
          target: 'ready',
          actions: assign({ failed: 'remove', errorCode: ({ event }) => failureCode(event.error) }),
        },
      },
    },
  },
});
