import { assign, setup } from 'xstate';

export type AccountMode = 'login' | 'register';

/**
 * The account popup (spec 2.4, 4.5): closed, or open on its login or register tab. It remembers where a
 * guest stopped at a guarded route was going (a lottery, a game), so a login lands there.
 */
export const accountModalMachine = setup({
  types: {
    context: {} as { returnTo: string | null },
    events: {} as { type: 'OPEN'; mode: AccountMode; returnTo?: string | null } | { type: 'CLOSE' },
  },
}).createMachine({
  id: 'accountModal',
  context: { returnTo: null },
  initial: 'closed',
  states: {
    closed: { entry: assign({ returnTo: null }) },
    login: {},
    register: {},
  },
  on: {
    OPEN: [
      {
        guard: ({ event }) => event.mode === 'login',
        target: '.login',
        actions: assign({ returnTo: ({ event, context }) => event.returnTo ?? context.returnTo }),
      },
      {
        target: '.register',
        actions: assign({ returnTo: ({ event, context }) => event.returnTo ?? context.returnTo }),
      },
    ],
    CLOSE: '.closed',
  },
});
