import { assign, setup } from 'xstate';
import type { LoginResult, MemberInfo } from '../api/contract/accounts';
import { requiredActor } from './required-actor';

export type SessionKind = 'guest' | 'trial' | 'member';

/** What the browser had at start: its stored token, and a hand-off code from a link (?handoff=…). */
export interface RestoredSession {
  token: string | null;
  handoff: string | null;
  /** Back from a third-party sign-in (?signin=external): its session waits in an HttpOnly cookie. */
  external?: boolean;
  /** Back from a third-party sign-in that failed (?signin_error=CODE). */
  externalError?: string | null;
}

export interface SessionContext {
  token: string | null;
  /** A hand-off code from the address, waiting to be exchanged or declined. */
  handoff: string | null;
  /** The account the hand-off code would log in, shown in the question before anything happens. */
  handoffAccount: string | null;
  member: MemberInfo | null;
  /** This login is the member's first ever (popups of execution F, first-login step). */
  firstLogin: boolean;
  /** Why a sign-in failed (third-party, or a hand-off link), an error code shown until dismissed. */
  signInError: string | null;
  /** A third-party sign-in of a member with two-step verification: the challenge its code answers. */
  twoFactor: { challenge: string; code: string | null; error: string | null } | null;
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
  | { type: 'REFRESH' }
  /** The visitor's answer when a hand-off link would replace the session this browser has. */
  | { type: 'SWITCH_ACCOUNT' }
  | { type: 'KEEP_SESSION' }
  /**
   * Another tab of this browser logged in, answered this tab's question, or its session continues under
   * a new token (`replaces`: a password change, a hand-off the visitor accepted there).
   */
  | { type: 'TAB_SESSION'; token: string; replaces: string | null }
  /** Another tab of this browser saw its session end: logged out there, or ended by the server. */
  | { type: 'TAB_ENDED'; token: string; reason: TabEndReason }
  | { type: 'DISMISS_SIGN_IN_ERROR' }
  /** The code from the member's authenticator app, after a third-party sign-in. */
  | { type: 'SUBMIT_TWO_FACTOR'; code: string };

export type TabEndReason = 'logout' | 'expired';

/** What a tab tells the other tabs of its browser (session.tsx carries it over a BroadcastChannel). */
export interface SharedSession {
  token: string;
  replaces: string | null;
}

/**
 * Who is visiting (spec 4.1): restores the token from session storage at start; is logged in only once
 * the token is stored and the member fetched; asks before logging out; and tells the visitor when a
 * session has expired. A link may carry a hand-off code (never a token): it is exchanged by a POST for a
 * session of its own, and never replaces a session this browser has without the visitor's say-so.
 *
 * One session per browser, not per tab: the token stays in each tab's session storage (spec), and a tab
 * that starts with none asks the tabs already open (`askOtherTabs`, never through the address) and joins
 * theirs. A login, a new token, a logout or a session the server ended is told to the other tabs
 * (`shareSession`, `shareEnd`), which follow: guests join, a tab holding the old token takes the new one,
 * and a tab holding an ended token ends it too.
 */
export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent },
  actors: {
    /** The stored token, and a hand-off code from the address (both stripped from it). */
    restoreToken: requiredActor<RestoredSession>('restoreToken'),
    /** Names the account a hand-off code belongs to, without spending it. */
    peekHandoff: requiredActor<{ account: string }, { code: string }>('peekHandoff'),
    /** The session of the third-party sign-in this browser just came back from (spec 4.2). */
    completeExternal: requiredActor<LoginResult>('completeExternal'),
    /** The second step after a third-party sign-in: the challenge and the app's code. */
    verifyTwoFactor: requiredActor<LoginResult, { challenge: string; code: string }>('verifyTwoFactor'),
    /** Trades a hand-off code for a login of its own (single use, short-lived). */
    exchangeHandoff: requiredActor<LoginResult, { code: string }>('exchangeHandoff'),
    fetchMember: requiredActor<MemberInfo, { token: string }>('fetchMember'),
    logout: requiredActor<void, { token: string }>('logout'),
    /** The token of another tab of this browser that has a session, or null when none answers soon. */
    askOtherTabs: requiredActor<string | null>('askOtherTabs'),
  },
  actions: {
    shareSession: (_, _shared: SharedSession) => {},
    shareEnd: (_, _ended: { token: string; reason: TabEndReason }) => {},
    saveToken: (_, _token: string) => {},
    clearToken: () => {},
    showLoader: () => {},
    hideLoader: () => {},
    goHome: () => {},
  },
  guards: {
    hasToken: (_, token: string | null) => !!token,
    hadSession: ({ context }) => !!context.token,
    /** An event from another tab about the session this tab holds. */
    holds: ({ context }, token: string | null) => !!token && context.token === token,
    /** The session is over, as opposed to a call that failed this time (offline, server busy). */
    sessionGone: (_, error: unknown) =>
      ['SESSION_EXPIRED', 'UNAUTHORIZED', 'ACCOUNT_DISABLED'].includes(
        (error as { code?: string } | null)?.code ?? '',
      ),
  },
}).createMachine({
  id: 'session',
  context: {
    token: null,
    handoff: null,
    handoffAccount: null,
    member: null,
    firstLogin: false,
    signInError: null,
    twoFactor: null,
  },
  initial: 'restoring',
  on: { DISMISS_SIGN_IN_ERROR: { actions: assign({ signInError: null }) } },
  states: {
    restoring: {
      invoke: {
        id: 'restoreToken',
        src: 'restoreToken',
        onDone: [
          {
            guard: ({ event }) => !!event.output.external,
            target: 'completingExternal',
            actions: assign({ token: ({ event }) => event.output.token }),
          },
          {
            guard: ({ event }) => !!event.output.handoff,
            target: 'inspectingHandoff',
            actions: assign({
              token: ({ event }) => event.output.token,
              handoff: ({ event }) => event.output.handoff,
              signInError: ({ event }) => event.output.externalError ?? null,
            }),
          },
          {
            guard: { type: 'hasToken', params: ({ event }) => event.output.token },
            target: 'loadingMember',
            actions: assign({
              token: ({ event }) => event.output.token,
              signInError: ({ event }) => event.output.externalError ?? null,
            }),
          },
          {
            target: 'joining',
            actions: assign({ signInError: ({ event }) => event.output.externalError ?? null }),
          },
        ],
        onError: 'guest',
      },
    },
    /**
     * Back from a third-party sign-in: the page trades the callback's HttpOnly cookie for the session (no
     * token or code ever in the address), then logs in like any login, shared with the other tabs. A
     * failure keeps the session this tab had, if any, and says why.
     */
    completingExternal: {
      invoke: {
        id: 'completeExternal',
        src: 'completeExternal',
        onDone: {
          target: 'loadingMember',
          actions: [
            {
              type: 'shareSession',
              params: ({ context, event }) => ({ token: event.output.token, replaces: context.token }),
            },
            assign({
              token: ({ event }) => event.output.token,
              firstLogin: ({ event }) => event.output.firstTimeLogin,
            }),
            { type: 'saveToken', params: ({ event }) => event.output.token },
          ],
        },
        onError: [
          {
            // Two-step verification on: the member's code comes next.
            guard: ({ event }) => !!twoFactorChallenge(event.error),
            target: 'externalTwoFactor',
            actions: assign({
              twoFactor: ({ event }) => ({
                challenge: twoFactorChallenge(event.error)!,
                code: null,
                error: null,
              }),
            }),
          },
          {
            guard: 'hadSession',
            target: 'loadingMember',
            actions: assign({ signInError: ({ event }) => errorCode(event.error) }),
          },
          { target: 'joining', actions: assign({ signInError: ({ event }) => errorCode(event.error) }) },
        ],
      },
    },
    /** The provider proved the person; the member's authenticator app must too. */
    externalTwoFactor: {
      on: {
        SUBMIT_TWO_FACTOR: {
          target: 'verifyingExternalTwoFactor',
          actions: assign({
            twoFactor: ({ context, event }) => ({ ...context.twoFactor!, code: event.code, error: null }),
          }),
        },
        CANCEL: [
          { guard: 'hadSession', target: 'loadingMember', actions: assign({ twoFactor: null }) },
          { target: 'joining', actions: assign({ twoFactor: null }) },
        ],
      },
    },
    verifyingExternalTwoFactor: {
      invoke: {
        id: 'verifyTwoFactor',
        src: 'verifyTwoFactor',
        input: ({ context }) => ({ challenge: context.twoFactor!.challenge, code: context.twoFactor!.code! }),
        onDone: {
          target: 'loadingMember',
          actions: [
            {
              type: 'shareSession',
              params: ({ context, event }) => ({ token: event.output.token, replaces: context.token }),
            },
            assign({
              token: ({ event }) => event.output.token,
              firstLogin: ({ event }) => event.output.firstTimeLogin,
              twoFactor: null,
            }),
            { type: 'saveToken', params: ({ event }) => event.output.token },
          ],
        },
        onError: {
          target: 'externalTwoFactor',
          actions: assign({
            twoFactor: ({ context, event }) => ({
              ...context.twoFactor!,
              code: null,
              error: errorCode(event.error),
            }),
          }),
        },
      },
    },
    /** A tab with nothing stored (a new tab) asks the tabs already open for their session. */
    joining: {
      invoke: {
        id: 'askOtherTabs',
        src: 'askOtherTabs',
        onDone: [
          {
            guard: { type: 'hasToken', params: ({ event }) => event.output },
            target: 'loadingMember',
            actions: [
              assign({ token: ({ event }) => event.output }),
              { type: 'saveToken', params: ({ event }) => event.output! },
            ],
          },
          { target: 'guest' },
        ],
        onError: 'guest',
      },
      on: {
        TAB_SESSION: {
          target: 'loadingMember',
          actions: [
            assign({ token: ({ event }) => event.token }),
            { type: 'saveToken', params: ({ event }) => event.token },
          ],
        },
      },
    },
    /** Which account the link is for: the visitor is told before anything happens. */
    inspectingHandoff: {
      invoke: {
        id: 'peekHandoff',
        src: 'peekHandoff',
        input: ({ context }) => ({ code: context.handoff! }),
        onDone: {
          target: 'confirmingHandoff',
          actions: assign({ handoffAccount: ({ event }) => event.output.account }),
        },
        onError: [
          { guard: 'hadSession', target: 'loadingMember', actions: assign({ handoff: null }) },
          { target: 'guest', actions: assign({ handoff: null }) },
        ],
      },
    },
    /**
     * A link would log this browser in to an account, and a stranger may send one to have the visitor play
     * and pay in the stranger's account: nothing happens until the visitor says yes, session or not.
     */
    confirmingHandoff: {
      on: {
        SWITCH_ACCOUNT: 'exchangingHandoff',
        KEEP_SESSION: [
          {
            guard: 'hadSession',
            target: 'loadingMember',
            actions: assign({ handoff: null, handoffAccount: null }),
          },
          { target: 'guest', actions: assign({ handoff: null, handoffAccount: null }) },
        ],
      },
    },
    exchangingHandoff: {
      invoke: {
        id: 'exchangeHandoff',
        src: 'exchangeHandoff',
        input: ({ context }) => ({ code: context.handoff! }),
        onDone: {
          target: 'loadingMember',
          actions: [
            // The other tabs follow this one into the account the visitor chose.
            {
              type: 'shareSession',
              params: ({ context, event }) => ({ token: event.output.token, replaces: context.token }),
            },
            assign({
              token: ({ event }) => event.output.token,
              handoff: null,
              handoffAccount: null,
              firstLogin: ({ event }) => event.output.firstTimeLogin,
            }),
            { type: 'saveToken', params: ({ event }) => event.output.token },
          ],
        },
        // A refused code changes nothing: the session the browser had, if any, carries on, and the visitor
        // who said yes is told why (used or expired, or an account that must change its password first).
        onError: [
          {
            guard: 'hadSession',
            target: 'loadingMember',
            actions: assign({
              handoff: null,
              handoffAccount: null,
              signInError: ({ event }) => errorCode(event.error),
            }),
          },
          {
            target: 'guest',
            actions: assign({
              handoff: null,
              handoffAccount: null,
              signInError: ({ event }) => errorCode(event.error),
            }),
          },
        ],
      },
    },
    loadingMember: {
      invoke: {
        id: 'fetchMember',
        src: 'fetchMember',
        input: ({ context }) => ({ token: context.token! }),
        onDone: { target: 'authenticated', actions: assign({ member: ({ event }) => event.output }) },
        onError: [
          {
            // The other tabs hold the same dead token: they end it too.
            guard: {
              type: 'sessionGone',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'guest',
            actions: [
              { type: 'shareEnd', params: ({ context }) => ({ token: context.token!, reason: 'expired' }) },
              'clearToken',
              assign({ token: null, member: null, firstLogin: false }),
            ],
          },
          {
            target: 'guest',
            actions: ['clearToken', assign({ token: null, member: null, firstLogin: false })],
          },
        ],
      },
    },
    guest: {
      on: {
        LOGGED_IN: {
          target: 'loadingMember',
          actions: [
            { type: 'shareSession', params: ({ event }) => ({ token: event.result.token, replaces: null }) },
            assign({
              token: ({ event }) => event.result.token,
              firstLogin: ({ event }) => event.result.firstTimeLogin,
            }),
            { type: 'saveToken', params: ({ event }) => event.result.token },
          ],
        },
        TAB_SESSION: {
          target: 'loadingMember',
          actions: [
            assign({ token: ({ event }) => event.token, firstLogin: false }),
            { type: 'saveToken', params: ({ event }) => event.token },
          ],
        },
      },
    },
    authenticated: {
      on: {
        LOGOUT: 'confirmingLogout',
        SESSION_EXPIRED: {
          target: 'expired',
          actions: {
            type: 'shareEnd',
            params: ({ context }) => ({ token: context.token!, reason: 'expired' }),
          },
        },
        REFRESH: 'loadingMember',
        LOGGED_IN: {
          target: 'loadingMember',
          actions: [
            {
              type: 'shareSession',
              params: ({ context, event }) => ({ token: event.result.token, replaces: context.token }),
            },
            assign({ token: ({ event }) => event.result.token, firstLogin: false }),
            { type: 'saveToken', params: ({ event }) => event.result.token },
          ],
        },
        TAB_SESSION: {
          guard: { type: 'holds', params: ({ event }) => event.replaces },
          target: 'loadingMember',
          actions: [
            assign({ token: ({ event }) => event.token, firstLogin: false }),
            { type: 'saveToken', params: ({ event }) => event.token },
          ],
        },
        TAB_ENDED: [
          {
            guard: {
              type: 'holds',
              params: ({ event }) => (event.reason === 'logout' ? event.token : null),
            },
            target: 'endedInAnotherTab',
          },
          { guard: { type: 'holds', params: ({ event }) => event.token }, target: 'expired' },
        ],
      },
    },
    confirmingLogout: {
      on: {
        CANCEL: 'authenticated',
        CONFIRM: {
          target: 'loggingOut',
          actions: {
            type: 'shareEnd',
            params: ({ context }) => ({ token: context.token!, reason: 'logout' }),
          },
        },
        SESSION_EXPIRED: {
          target: 'expired',
          actions: {
            type: 'shareEnd',
            params: ({ context }) => ({ token: context.token!, reason: 'expired' }),
          },
        },
        TAB_ENDED: [
          {
            guard: {
              type: 'holds',
              params: ({ event }) => (event.reason === 'logout' ? event.token : null),
            },
            target: 'endedInAnotherTab',
          },
          { guard: { type: 'holds', params: ({ event }) => event.token }, target: 'expired' },
        ],
      },
    },
    /** Logged out in another tab: this one forgets the session too and shows the site as a guest. */
    endedInAnotherTab: {
      always: {
        target: 'guest',
        actions: ['clearToken', 'goHome', assign({ token: null, member: null, firstLogin: false })],
      },
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

const errorCode = (error: unknown) => (error as { code?: string } | null)?.code ?? 'UNKNOWN';
const twoFactorChallenge = (error: unknown) =>
  errorCode(error) === 'TWO_FACTOR_REQUIRED'
    ? ((error as { value?: { challenge?: string } | null }).value?.challenge ?? null)
    : null;

export function sessionKind(member: MemberInfo | null): SessionKind {
  if (!member) return 'guest';
  return member.isTrial ? 'trial' : 'member';
}
