import { assign, setup } from 'xstate';
import type { TrialWallet } from '../api/contract/trial';
import { requiredActor } from './required-actor';

const codeOf = (error: unknown) => (error as { code?: string } | undefined)?.code ?? 'UNKNOWN';

/**
 * The trial wallet (free play, docs/money.md "Trial money"): the trial balance, when the trial ends, and
 * its top-up ("recarregar saldo de teste"), offered only when the server says one is allowed (the balance
 * below the threshold, top-ups left). A refused top-up keeps the wallet shown, with the reason.
 */
export const trialWalletMachine = setup({
  types: {
    context: {} as { wallet: TrialWallet | null; errorCode: string | null },
    events: {} as { type: 'TOP_UP' } | { type: 'RETRY' } | { type: 'REFRESH' },
  },
  actors: {
    loadWallet: requiredActor<TrialWallet>('loadWallet'),
    topUp: requiredActor<TrialWallet>('topUp'),
  },
  guards: { canTopUp: ({ context }) => context.wallet?.canTopUp === true },
}).createMachine({
  id: 'trialWallet',
  context: { wallet: null, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadWallet',
        src: 'loadWallet',
        onDone: {
          target: 'ready',
          actions: assign({ wallet: ({ event }) => event.output, errorCode: null }),
        },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => codeOf(event.error) }) },
      },
    },
    ready: {
      on: {
        TOP_UP: { guard: 'canTopUp', target: 'toppingUp' },
        REFRESH: 'loading',
      },
    },
    toppingUp: {
      tags: ['busy'],
      entry: assign({ errorCode: null }),
      invoke: {
        id: 'topUp',
        src: 'topUp',
        onDone: { target: 'ready', actions: assign({ wallet: ({ event }) => event.output }) },
        // Refused (not yet, no top-ups left) or lost: the wallet as it was, with the reason.
        onError: { target: 'ready', actions: assign({ errorCode: ({ event }) => codeOf(event.error) }) },
      },
    },
    failed: { tags: ['error'], on: { RETRY: 'loading' } },
  },
});
