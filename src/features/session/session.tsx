import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { call, onApiError, setAuthToken } from '../../api/client';
import type { LoginResult, MemberInfo } from '../../api/contract/accounts';
import { inspectOptions } from '../../machines/inspect';
import {
  type RestoredSession,
  type SessionKind,
  sessionKind,
  sessionMachine,
} from '../../machines/session.machine';
import { loader } from '../../ui/Loader';
import { tabChannel } from './tab-channel';

const TOKEN_KEY = 'token';

/**
 * What the browser has at start: the token kept in this tab, and a hand-off code from a link (a new tab
 * has no token of its own: the session machine then asks the tabs already open). A session
 * token in the address is never used (it would log a visitor into someone else's account); both leave
 * the address at once, so neither stays in the history or reaches another site as a referrer.
 */
function restoreSession(): RestoredSession {
  const url = new URL(window.location.href);
  const handoff = url.searchParams.get('handoff');
  // Back from a third-party sign-in: the marker (its session waits in an HttpOnly cookie) or its error.
  const external = url.searchParams.get('signin') === 'external';
  const externalError = url.searchParams.get('signin_error');
  const marks = ['handoff', 'token', 'signin', 'signin_error'];
  if (marks.some((name) => url.searchParams.has(name))) {
    for (const name of marks) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  let token: string | null = null;
  try {
    token = sessionStorage.getItem(TOKEN_KEY);
  } catch {
    // Without storage the session lasts until the tab closes.
  }
  return {
    token,
    handoff: handoff && /^[A-Za-z0-9_-]{20,200}$/.test(handoff) ? handoff : null,
    external,
    externalError: externalError && /^[A-Z_]{2,40}$/.test(externalError) ? externalError : null,
  };
}

function storeToken(token: string | null) {
  setAuthToken(token);
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Without storage the session lasts until the tab closes.
  }
}

export interface SessionView {
  kind: SessionKind;
  isAgent: boolean;
  member: MemberInfo | null;
  firstLogin: boolean;
  /** Still finding out (restoring a stored token): guarded pages wait instead of redirecting. */
  pending: boolean;
  /** The session just ended elsewhere and the notice is showing: guarded pages wait for it to be read. */
  expired: boolean;
}

type SessionActor = ActorRefFrom<typeof sessionMachine>;
const ActorContext = createContext<SessionActor | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      sessionMachine.provide({
        actors: {
          restoreToken: fromPromise(async () => {
            const restored = restoreSession();
            setAuthToken(restored.token);
            return restored;
          }),
          peekHandoff: fromPromise<{ account: string }, { code: string }>(({ input }) =>
            call('peekHandoff', { body: { code: input.code } }),
          ),
          completeExternal: fromPromise<LoginResult>(() => call('oidcComplete')),
          verifyTwoFactor: fromPromise<LoginResult, { challenge: string; code: string }>(({ input }) =>
            call('twoFactorLogin', { body: input }),
          ),
          // The session this tab has stays in place until the new one is stored: a failed exchange keeps it.
          exchangeHandoff: fromPromise<LoginResult, { code: string }>(({ input }) =>
            call('exchangeHandoff', { body: { code: input.code } }),
          ),
          fetchMember: fromPromise<MemberInfo, { token: string }>(() => call('memberInfo')),
          logout: fromPromise<void, { token: string }>(async () => {
            await call('logout');
          }),
          askOtherTabs: fromPromise(async () => (await tabChannel()?.ask()) ?? null),
        },
        actions: {
          shareSession: (_, shared) => tabChannel()?.post({ type: 'session', ...shared }),
          shareEnd: (_, ended) => tabChannel()?.post({ type: 'ended', ...ended }),
          saveToken: (_, token) => storeToken(token),
          clearToken: () => storeToken(null),
          showLoader: () => loader.show(),
          hideLoader: () => loader.hide(),
          goHome: () => navigate('/'),
        },
      }),
    [navigate],
  );
  const actor = useActorRef(machine, inspectOptions());
  // The other tabs of this browser: a new one asking for the session, a login, a new token, an end.
  useEffect(
    () =>
      tabChannel()?.listen((message) => {
        const state = actor.getSnapshot();
        if (message.type === 'ask') {
          const token = state.context.token;
          if (token && (state.matches('authenticated') || state.matches('confirmingLogout'))) {
            tabChannel()?.post({ type: 'session', token, replaces: null });
          }
        } else if (message.type === 'session') {
          actor.send({ type: 'TAB_SESSION', token: message.token, replaces: message.replaces });
        } else {
          actor.send({ type: 'TAB_ENDED', token: message.token, reason: message.reason });
        }
      }),
    [actor],
  );
  useEffect(
    () =>
      onApiError((error) => {
        const state = actor.getSnapshot();
        const loggedIn = state.matches('authenticated') || state.matches('confirmingLogout');
        if (loggedIn && (error.code === 'SESSION_EXPIRED' || error.code === 'UNAUTHORIZED')) {
          actor.send({ type: 'SESSION_EXPIRED' });
        }
      }),
    [actor],
  );
  return <ActorContext.Provider value={actor}>{children}</ActorContext.Provider>;
}

export function useSessionActor(): SessionActor {
  const actor = useContext(ActorContext);
  if (!actor) throw new Error('useSessionActor outside SessionProvider');
  return actor;
}

export function useSession(): SessionView {
  const actor = useSessionActor();
  // While a refresh reloads the member, the page keeps showing the one it has.
  const member = useSelector(actor, (s) =>
    s.matches('authenticated') || s.matches('confirmingLogout') || s.matches('loadingMember')
      ? s.context.member
      : null,
  );
  const firstLogin = useSelector(actor, (s) => s.context.firstLogin);
  const pending = useSelector(
    actor,
    (s) =>
      s.matches('restoring') ||
      s.matches('joining') ||
      s.matches('inspectingHandoff') ||
      s.matches('confirmingHandoff') ||
      s.matches('exchangingHandoff') ||
      s.matches('completingExternal') ||
      s.matches('externalTwoFactor') ||
      s.matches('verifyingExternalTwoFactor') ||
      (s.matches('loadingMember') && s.context.member === null),
  );
  const expired = useSelector(actor, (s) => s.matches('expired'));
  return {
    kind: sessionKind(member),
    isAgent: member?.isAgent ?? false,
    member,
    firstLogin,
    pending,
    expired,
  };
}
