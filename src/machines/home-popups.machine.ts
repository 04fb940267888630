import { assign, setup } from 'xstate';
import type { Announcement, Execution } from '../api/contract/content';
import { requiredActor } from './required-actor';

export interface HomePopupsInput {
  /** Which popups this visitor gets (spec 4.7): B for guests, A for members, plus F on a first login. */
  executions: Execution[];
  /** The visitor already closed the popups in this browser session. */
  closedForSession: boolean;
  /** Another dialog asks the member something (a contract offer): the popups wait behind it. */
  blocked?: boolean;
}

export interface HomePopupsContext {
  executions: Execution[];
  closedForSession: boolean;
  blocked: boolean;
  items: Announcement[];
  /** The one expanded item, or null when all are folded. */
  openIndex: number | null;
}

export type HomePopupsEvent =
  | { type: 'TOGGLE'; index: number }
  | { type: 'CLOSE' }
  | { type: 'BLOCKED' }
  | { type: 'UNBLOCKED' };

/**
 * Homepage popups: shown until the visitor closes them, then not again in this session. While another
 * dialog asks the member something (BLOCKED … UNBLOCKED) they wait out of sight, so two never stack.
 */
export const homePopupsMachine = setup({
  types: {
    context: {} as HomePopupsContext,
    input: {} as HomePopupsInput,
    events: {} as HomePopupsEvent,
  },
  actors: { fetchPopups: requiredActor<Announcement[], { executions: Execution[] }>('fetchPopups') },
  actions: {
    /** Provided by the app: write the session flag. */
    rememberClosed: () => {},
  },
  guards: {
    closedBefore: ({ context }) => context.closedForSession,
    blocked: ({ context }) => context.blocked,
    hasItems: (_, items: Announcement[]) => items.length > 0,
  },
}).createMachine({
  id: 'homePopups',
  context: ({ input }) => ({ ...input, blocked: input.blocked ?? false, items: [], openIndex: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'closedBefore', target: 'hidden' }, { target: 'loading' }],
    },
    loading: {
      on: {
        BLOCKED: { actions: assign({ blocked: true }) },
        UNBLOCKED: { actions: assign({ blocked: false }) },
      },
      invoke: {
        id: 'fetchPopups',
        src: 'fetchPopups',
        input: ({ context }) => ({ executions: context.executions }),
        onDone: [
          {
            guard: { type: 'hasItems', params: ({ event }) => event.output },
            target: 'open',
            actions: assign({ items: ({ event }) => event.output, openIndex: 0 }),
          },
          { target: 'hidden' },
        ],
        onError: 'hidden',
      },
    },
    open: {
      initial: 'placing',
      states: {
        placing: { always: [{ guard: 'blocked', target: 'waiting' }, { target: 'showing' }] },
        showing: {
          on: {
            TOGGLE: {
              guard: ({ context, event }) => event.index >= 0 && event.index < context.items.length,
              actions: assign({
                openIndex: ({ context, event }) => (context.openIndex === event.index ? null : event.index),
              }),
            },
            CLOSE: { target: '#homePopups.hidden', actions: 'rememberClosed' },
            BLOCKED: { target: 'waiting', actions: assign({ blocked: true }) },
          },
        },
        waiting: {
          on: { UNBLOCKED: { target: 'showing', actions: assign({ blocked: false }) } },
        },
      },
    },
    hidden: { type: 'final', entry: assign({ openIndex: null }) },
  },
});
