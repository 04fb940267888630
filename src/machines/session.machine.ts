import { assign, setup } from 'xstate';
import type { LoginResult, MemberInfo } from '../api/contract/accounts';
import { requiredActor } from './required-actor';

export type SessionKind = 'guest' | 'trial' | 'member';

export interface SessionContext {
  token: string | null;
  member: MemberInfo | null;
  /** This login is the member's first ever (popups of execution F, first-login step). */
  firstLogin: boolean;
}

export type SessionEvent =
  /** A login, registration or free play succeeded: store the token, then fetch the member. */
  | { type: 'LOGGED_IN'; result: LoginResult }
  | { type: 'LOGOUT' }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' }
  /** Any call answered SESSION_EXPIRED or UNAUTHORIZED while logged in. */
  | { type: 'SESSION_EXPIRED' }
  | { type: 'ACKNOWLEDGE' }
  | { type: 'REFRESH' };

/**
 * Who is visiting (spec 4.1): restores a token from the address or session storage at start; is logged
 * in only once the token is stored and the member fetched; asks before logging out; and tells the
 * visitor when a session has expired.
 */
export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent },
  actors: {
    /** The token from the address query (then stripped from it) or from session storage. */
    restoreToken: requiredActor<string | null>('restoreToken'),
    fetchMember: requiredActor<MemberInfo, { token: string }>('fetchMember'),
    logout: requiredActor<void, { token: string }>('logout'),
  },
  actions: {
    saveToken: (_, _token: string) => {},
    clearToken: () => {},
    showLoader: () => {},
    hideLoader: () => {},
    goHome: () => {},
  },
  guards: {
    hasToken: (_, token: string | null) => !!token,
  },
}).createMachine({
  id: 'session',
  context: { token: null, member: null, firstLogin: false },
  initial: 'restoring',
  states: {
    restoring: {
      invoke: {
        id: 'restoreToken',
        src: 'restoreToken',
        onDone: [
          {
            guard: { type: 'hasToken', params: ({ event }) => event.output },
            target: 'loadingMember',
            actions: assign({ token: ({ event }) => event.output }),
          },
          { target: 'guest' },
        ],
        onError: 'guest',
      },
    },
    loadingMember: {
      invoke: {
        id: 'fetchMember',
        src: 'fetchMember',
        input: ({ context }) => ({ token: context.token! }),
        onDone: { target: 'authenticated', actions: assign({ member: ({ event }) => event.output }) },
        onError: {
          target: 'guest',
          actions: ['clearToken', assign({ token: null, member: null, firstLogin: false })],
        },
      },
    },
    guest: {
      on: {
        LOGGED_IN: {
          target: 'loadingMember',
          actions: [
            assign({
              token: ({ event }) => event.result.token,
              firstLogin: ({ event }) => event.result.firstTimeLogin,
            }),
            { type: 'saveToken', params: ({ event }) => event.result.token },
          ],
        },
      },
    },
    authenticated: {
      on: {
        LOGOUT: 'confirmingLogout',
        SESSION_EXPIRED: 'expired',
        REFRESH: 'loadingMember',
        LOGGED_IN: {
          target: 'loadingMember',
          actions: [
            assign({ token: ({ event }) => event.result.token, firstLogin: false }),
            { type: 'saveToken', params: ({ event }) => event.result.token },
          ],
        },
      },
    },
    confirmingLogout: {
      on: { CANCEL: 'authenticated', CONFIRM: 'loggingOut', SESSION_EXPIRED: 'expired' },
    },
    loggingOut: {
      entry: 'showLoader',
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.token! }),
        // Whether or not the server heard it, this browser forgets the session.
        onDone: 'loggedOut',
        onError: 'loggedOut',
      },
    },
    loggedOut: {
      always: {
        target: 'guest',
        actions: [
          'clearToken',
          'hideLoader',
          'goHome',
          assign({ token: null, member: null, firstLogin: false }),
        ],
      },
    },
    expired: {
      entry: ['clearToken', assign({ token: null, member: null, firstLogin: false })],
      on: { ACKNOWLEDGE: 'guest' },
    },
  },
});

export function sessionKind(member: MemberInfo | null): SessionKind {
  if (!member) return 'guest';
  return member.isTrial ? 'trial' : 'member';
}
