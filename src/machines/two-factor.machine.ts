import { assign, setup } from 'xstate';
import { failureCode } from './failure';
import { requiredActor } from './required-actor';

export interface TwoFactorSetup {
  secret: string;
  uri: string;
}

export type TwoFactorEvent =
  | { type: 'START' }
  | { type: 'CONFIRM'; code: string }
  | { type: 'CANCEL' }
  | { type: 'DISABLE'; code: string };

/**
 * Two-step verification of a member (an authenticator app, TOTP): off → a new secret to scan → a first
 * code turns it on; on → a current code turns it off. A wrong code leaves the member where they were,
 * with the reason. Tags: `off`, `setup` (the secret is showing), `on`, `busy` (a call is running).
 * `changed` runs after it is turned on or off, so the app can reload the member.
 */
export const twoFactorMachine = setup({
  types: {
    input: {} as { enabled: boolean },
    context: {} as { enabled: boolean; setup: TwoFactorSetup | null; errorCode: string | null },
    events: {} as TwoFactorEvent,
  },
  actors: {
    setUp: requiredActor<TwoFactorSetup>('setUp'),
    enable: requiredActor<unknown, { code: string }>('enable'),
    disable: requiredActor<unknown, { code: string }>('disable'),
  },
  actions: { changed: (_, _enabled: boolean) => {} },
  guards: { enabled: ({ context }) => context.enabled },
}).createMachine({
  id: 'twoFactor',
  context: ({ input }) => ({ enabled: input.enabled, setup: null, errorCode: null }),
  initial: 'routing',
  states: {
    routing: {
      always: [{ guard: 'enabled', target: 'on' }, { target: 'off' }],
    },
    off: {
      tags: ['off'],
      on: { START: { target: 'starting', actions: assign({ errorCode: null }) } },
    },
    starting: {
      tags: ['off', 'busy'],
      invoke: {
        id: 'setUp',
        src: 'setUp',
        onDone: { target: 'scanning', actions: assign({ setup: ({ event }) => event.output }) },
        onError: { target: 'off', actions: assign({ errorCode: ({ event }) => failureCode(event.error) }) },
      },
    },
    scanning: {
      tags: ['setup'],
      on: {
        CONFIRM: { target: 'enabling', actions: assign({ errorCode: null }) },
        CANCEL: { target: 'off', actions: assign({ setup: null, errorCode: null }) },
      },
    },
    enabling: {
      tags: ['setup', 'busy'],
      invoke: {
        id: 'enable',
        src: 'enable',
        input: ({ event }) => ({ code: (event as { code: string }).code }),
        onDone: {
          target: 'on',
          actions: [assign({ enabled: true, setup: null }), { type: 'changed', params: true }],
        },
        onError: {
          target: 'scanning',
          actions: assign({ errorCode: ({ event }) => failureCode(event.error) }),
        },
      },
    },
    on: {
      tags: ['on'],
      on: { DISABLE: { target: 'disabling', actions: assign({ errorCode: null }) } },
    },
    disabling: {
      tags: ['on', 'busy'],
      invoke: {
        id: 'disable',
        src: 'disable',
        input: ({ event }) => ({ code: (event as { code: string }).code }),
        onDone: {
          target: 'off',
          actions: [assign({ enabled: false }), { type: 'changed', params: false }],
        },
        onError: { target: 'on', actions: assign({ errorCode: ({ event }) => failureCode(event.error) }) },
      },
    },
  },
});
