import { assign, setup } from 'xstate';
import type { CashOutQuote, SportsBet } from '../api/contract/sports';
import { failureCode, failureMessage } from './failure';
import { type Attempt, attemptFor } from './request-attempt';
import { requiredActor } from './required-actor';

/** The whole open stake, in basis points of it. */
export const WHOLE_SHARE = 10_000;

export interface CashOutRequest {
  quoteId: string;
}

/** What a cash-out answers: the bet after it and the amount paid. */
export interface CashOutResult {
  bet: SportsBet;
  amount: number;
  balance: number | null;
}

export interface CashOutContext {
  betId: number;
  /** The share of the open stake to cash out, in basis points (10 000 = all of it). */
  share: number;
  quote: CashOutQuote | null;
  attempt: Attempt<CashOutRequest> | null;
  result: CashOutResult | null;
  errorCode: string | null;
  errorMessage: string | null;
}

export type CashOutEvent =
  | { type: 'QUOTE'; share?: number }
  | { type: 'SHARE'; share: number }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'DISMISS' };

export const isShare = (share: unknown): share is number =>
  typeof share === 'number' && Number.isInteger(share) && share >= 1 && share <= WHOLE_SHARE;

const error = (event: unknown) => (event as { error?: unknown }).error;
const codeIs =
  (code: string) =>
  ({ event }: { event: unknown }) =>
    failureCode(error(event)) === code;

/**
 * Cashing out one sports bet (docs/sports.md): a quote for a share of the open stake (all of it, or a
 * slider's value), offered while it holds (5 s; a lapsed offer, or a new share, is quoted again at once),
 * then taken. A take whose answer was lost is sent again with the same request id, so it is paid at most
 * once; a quote that lapsed meanwhile (CASHOUT_QUOTE_EXPIRED) is quoted afresh, and a bet the book will
 * not cash out now (a market suspended, a leg lost) waits in `unavailable` until the member tries again.
 */
export const sportsCashOutMachine = setup({
  types: {
    context: {} as CashOutContext,
    input: {} as { betId: number; share?: number },
    events: {} as CashOutEvent,
  },
  actors: {
    quote: requiredActor<CashOutQuote, { betId: number; share: number }>('quote'),
    /**
     * Resolves when the offer lapses. The app measures it from when the quote arrived (its `expiresAt`
     * is the server's clock), so a member's wrong clock neither shortens nor stretches the offer.
     */
    expiry: requiredActor<void, { quote: CashOutQuote }>('expiry'),
    cashOut: requiredActor<CashOutResult, Attempt<CashOutRequest>>('cashOut'),
  },
  guards: {
    newShare: ({ context, event }) =>
      event.type === 'SHARE' && isShare(event.share) && event.share !== context.share,
    validShare: ({ event }) => event.type === 'SHARE' && isShare(event.share),
    quoteExpired: codeIs('CASHOUT_QUOTE_EXPIRED'),
    unavailable: codeIs('CASHOUT_UNAVAILABLE'),
    hasAttempt: ({ context }) => context.attempt !== null,
    /** Something still rides on the bet after a partial cash-out. */
    stillOpen: ({ context }) =>
      context.result === null || (context.result.bet.status === 'open' && context.result.bet.openStake > 0),
  },
  actions: {
    clearError: assign({ errorCode: null, errorMessage: null }),
    fail: assign(({ event }) => ({
      errorCode: failureCode(error(event)),
      errorMessage: failureMessage(error(event)),
    })),
    setShare: assign({
      share: ({ context, event }) => ('share' in event && isShare(event.share) ? event.share : context.share),
    }),
    /** Taking this quote: the same quote taken again keeps its request id. */
    attempt: assign(({ context }) => ({
      attempt: attemptFor(context.attempt, { quoteId: context.quote!.quoteId }),
      errorCode: null,
      errorMessage: null,
    })),
    forget: assign({ quote: null, attempt: null }),
  },
}).createMachine({
  id: 'sportsCashOut',
  context: ({ input }) => ({
    betId: input.betId,
    share: isShare(input.share) ? input.share : WHOLE_SHARE,
    quote: null,
    attempt: null,
    result: null,
    errorCode: null,
    errorMessage: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      tags: 'idle',
      on: {
        QUOTE: {
          guard: 'stillOpen',
          target: 'quoting',
          actions: ['clearError', 'setShare', assign({ result: null })],
        },
        SHARE: { guard: 'validShare', actions: 'setShare' },
      },
    },
    quoting: {
      tags: ['quoting', 'busy'],
      invoke: {
        id: 'quote',
        src: 'quote',
        input: ({ context }) => ({ betId: context.betId, share: context.share }),
        onDone: { target: 'offer', actions: assign({ quote: ({ event }) => event.output }) },
        onError: { target: 'unavailable', actions: ['fail', 'forget'] },
      },
      on: {
        // A slider moved on: its last value is quoted (the earlier call is dropped).
        SHARE: { guard: 'validShare', target: 'quoting', reenter: true, actions: ['clearError', 'setShare'] },
        CANCEL: { target: 'idle', actions: ['clearError', 'forget'] },
      },
    },
    offer: {
      tags: 'offer',
      invoke: {
        id: 'expiry',
        src: 'expiry',
        input: ({ context }) => ({ quote: context.quote! }),
        // A lapsed offer is quoted again at the same share.
        onDone: { target: 'quoting' },
      },
      on: {
        SHARE: { guard: 'newShare', target: 'quoting', actions: ['clearError', 'setShare'] },
        CONFIRM: { target: 'confirming', actions: 'attempt' },
        CANCEL: { target: 'idle', actions: ['clearError', 'forget'] },
      },
    },
    confirming: {
      tags: ['confirming', 'busy'],
      invoke: {
        id: 'cashOut',
        src: 'cashOut',
        input: ({ context }) => context.attempt!,
        onDone: {
          target: 'done',
          actions: [
            'clearError',
            'forget',
            assign({ result: ({ event }) => event.output, share: WHOLE_SHARE }),
          ],
        },
        onError: [
          // The quote lapsed (or was taken by another try that failed to answer): a fresh one.
          { guard: 'quoteExpired', target: 'quoting', actions: ['fail', 'forget'] },
          { guard: 'unavailable', target: 'unavailable', actions: ['fail', 'forget'] },
          // The answer may have been lost: the attempt stays, so a retry is paid once.
          { target: 'failed', actions: 'fail' },
        ],
      },
    },
    failed: {
      tags: 'failed',
      on: {
        RETRY: { guard: 'hasAttempt', target: 'confirming', actions: 'clearError' },
        CONFIRM: { guard: 'hasAttempt', target: 'confirming', actions: 'attempt' },
        DISMISS: { target: 'idle', actions: ['clearError', 'forget'] },
      },
    },
    unavailable: {
      tags: 'unavailable',
      on: {
        RETRY: { target: 'quoting', actions: 'clearError' },
        DISMISS: { target: 'idle', actions: 'clearError' },
        CANCEL: { target: 'idle', actions: 'clearError' },
      },
    },
    done: {
      tags: 'done',
      on: {
        // What still rides after a partial cash-out can be cashed out in turn.
        QUOTE: {
          guard: 'stillOpen',
          target: 'quoting',
          actions: ['clearError', 'setShare', assign({ result: null })],
        },
        DISMISS: { target: 'idle' },
      },
    },
  },
});
