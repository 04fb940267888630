import { assign, setup } from 'xstate';
import { requiredActor } from './required-actor';

/** Spec 5.1, 9: the send button reacts at most once a second. */
export const SEND_THROTTLE_MS = 1000;

export interface SmsCountdownContext {
  now: () => number;
  seconds: number;
  lastAttemptAt: number;
  errorCode: string | null;
  errorMessage: string | null;
}

export type SmsCountdownEvent = { type: 'SEND'; mobileValid: boolean } | { type: 'DISMISS' };

/**
 * The "send code" button (spec 4.4): needs a valid mobile first, sends at most once a second, then
 * counts down 60 x the minutes the server gives (1 by default) and is blocked until it reaches 0.
 * A failure shows the server's message in a warning popup.
 */
export const smsCountdownMachine = setup({
  types: {
    context: {} as SmsCountdownContext,
    input: {} as { now?: () => number },
    events: {} as SmsCountdownEvent,
  },
  actors: { sendCode: requiredActor<{ expiredMinutes?: number }>('sendCode') },
  guards: {
    throttled: ({ context }) => context.now() - context.lastAttemptAt < SEND_THROTTLE_MS,
    mobileInvalid: ({ event }) => event.type === 'SEND' && !event.mobileValid,
    finished: ({ context }) => context.seconds <= 0,
  },
}).createMachine({
  id: 'smsCountdown',
  context: ({ input }) => ({
    now: input.now ?? Date.now,
    seconds: 0,
    lastAttemptAt: Number.NEGATIVE_INFINITY,
    errorCode: null,
    errorMessage: null,
  }),
  initial: 'idle',
  on: { DISMISS: { actions: assign({ errorCode: null, errorMessage: null }) } },
  states: {
    idle: {
      on: {
        SEND: [
          { guard: 'throttled' },
          { guard: 'mobileInvalid', actions: assign({ errorCode: 'INVALID_MOBILE', errorMessage: null }) },
          {
            target: 'sending',
            actions: assign({
              lastAttemptAt: ({ context }) => context.now(),
              errorCode: null,
              errorMessage: null,
            }),
          },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        onDone: {
          target: 'counting',
          actions: assign({ seconds: ({ event }) => 60 * (event.output.expiredMinutes || 1) }),
        },
        onError: {
          target: 'idle',
          actions: assign({
            errorCode: ({ event }) => (event.error as { code?: string })?.code ?? 'UNKNOWN',
            errorMessage: ({ event }) => (event.error as { message?: string })?.message ?? null,
          }),
        },
      },
    },
    counting: {
      always: { guard: 'finished', target: 'idle' },
      after: {
        1000: {
          target: 'counting',
          reenter: true,
          actions: assign({ seconds: ({ context }) => context.seconds - 1 }),
        },
      },
    },
  },
});
