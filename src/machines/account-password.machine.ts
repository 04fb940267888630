import { setup } from 'xstate';
import type { LoginResult } from '../api/contract/accounts';
import { changePasswordMachine } from './change-password.machine';

export type AccountPasswordEvent = { type: 'OPEN' } | { type: 'CLOSE' };

/**
 * A password change the member chooses on "Minha conta" (spec 5.5): the form opens on request and runs
 * the change-password machine as a child (not forced, the old password asked); when it succeeds the
 * server has ended every other session and `enter` hands the new login to the session. The form can be
 * closed unsent, and opened again for another change. Tags: `closed`, `form`, `changed`.
 */
export const accountPasswordMachine = setup({
  types: { events: {} as AccountPasswordEvent },
  actors: { changePassword: changePasswordMachine },
  actions: { enter: (_, _result: LoginResult) => {} },
}).createMachine({
  id: 'accountPassword',
  initial: 'closed',
  states: {
    closed: { tags: ['closed'], on: { OPEN: 'changing' } },
    changing: {
      tags: ['form'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: { forced: false },
        onDone: {
          target: 'changed',
          actions: { type: 'enter', params: ({ event }) => event.output.result },
        },
      },
      on: { CLOSE: 'closed' },
    },
    changed: { tags: ['changed'], on: { OPEN: 'changing', CLOSE: 'closed' } },
  },
});
