import { assign, fromCallback, setup } from 'xstate';
import { requiredActor } from './required-actor';

/** Waits before reconnecting: 1 s, 2 s, 4 s … up to 15 s. */
export const backoffMs = (attempt: number) => Math.min(15_000, 1_000 * 2 ** Math.max(0, attempt - 1));

/**
 * The member's event socket (spec 2.4, socket event listener): connects while a member is logged in,
 * reconnects with a growing wait when the line drops, and asks the page to resync after a reconnection
 * (events sent while it was away are not replayed). A socket the server closes because the login ended
 * is not reopened with that token; the session is checked instead (an ended one logs the page out).
 */
export const memberSocketMachine = setup({
  types: {
    context: {} as { token: string | null; attempt: number },
    events: {} as
      | { type: 'START'; token: string }
      | { type: 'STOP' }
      | { type: 'READY' }
      | { type: 'CLOSED' }
      | { type: 'REJECTED' },
  },
  actors: {
    /**
     * Opens the socket, authenticates, forwards events; sends READY once accepted, then CLOSED when the
     * line drops or REJECTED when the server closes it because the login is missing or ended.
     */
    connection: fromCallback<
      { type: 'READY' } | { type: 'CLOSED' } | { type: 'REJECTED' },
      { token: string }
    >(() => () => {}),
    /** Asks the server whether the login still holds; fails when it does not. */
    checkSession: requiredActor<unknown>('checkSession'),
    wait: requiredActor<void, { attempt: number }>('wait'),
  },
  actions: {
    /** Tells the page to reload what the socket would have told it while the line was down. */
    resync: () => {},
  },
  guards: { reconnected: ({ context }) => context.attempt > 0 },
}).createMachine({
  id: 'memberSocket',
  context: { token: null, attempt: 0 },
  initial: 'idle',
  on: { STOP: { target: '.idle', actions: assign({ token: null, attempt: 0 }) } },
  states: {
    idle: {
      on: {
        START: { target: 'connected', actions: assign({ token: ({ event }) => event.token, attempt: 0 }) },
      },
    },
    connected: {
      invoke: { id: 'connection', src: 'connection', input: ({ context }) => ({ token: context.token! }) },
      initial: 'connecting',
      on: {
        CLOSED: { target: 'waiting', actions: assign({ attempt: ({ context }) => context.attempt + 1 }) },
        REJECTED: 'checking',
      },
      states: {
        connecting: {
          on: {
            READY: [
              { guard: 'reconnected', target: 'live', actions: ['resync', assign({ attempt: 0 })] },
              { target: 'live' },
            ],
          },
        },
        live: {},
      },
    },
    checking: {
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        // Still logged in (the socket was refused for another reason): try again after the usual wait.
        onDone: { target: 'waiting', actions: assign({ attempt: ({ context }) => context.attempt + 1 }) },
        onError: 'ended',
      },
    },
    /** The login ended; the page logs out (STOP), or logs in again (START). */
    ended: {
      on: {
        START: { target: 'connected', actions: assign({ token: ({ event }) => event.token, attempt: 0 }) },
      },
    },
    waiting: {
      invoke: {
        id: 'wait',
        src: 'wait',
        input: ({ context }) => ({ attempt: context.attempt }),
        onDone: 'connected',
      },
    },
  },
});
