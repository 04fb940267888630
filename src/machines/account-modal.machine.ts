import { setup } from 'xstate';

export type AccountMode = 'login' | 'register';

/** The account popup (spec 2.4, 4.5): closed, or open on its login or register tab. */
export const accountModalMachine = setup({
  types: {
    events: {} as { type: 'OPEN'; mode: AccountMode } | { type: 'CLOSE' },
  },
}).createMachine({
  id: 'accountModal',
  initial: 'closed',
  states: {
    closed: {},
    login: {},
    register: {},
  },
  on: {
    OPEN: [{ guard: ({ event }) => event.mode === 'login', target: '.login' }, { target: '.register' }],
    CLOSE: '.closed',
  },
});
