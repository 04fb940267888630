import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { call, onApiError, setAuthToken } from '../../api/client';
import type { MemberInfo } from '../../api/contract/accounts';
import { inspectOptions } from '../../machines/inspect';
import { type SessionKind, sessionKind, sessionMachine } from '../../machines/session.machine';
import { loader } from '../../ui/Loader';

const TOKEN_KEY = 'token';

/** A token handed over in the address (?token=…) wins over the stored one, and leaves the address. */
function restoreToken(): string | null {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
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
            const token = restoreToken();
            setAuthToken(token);
            return token;
          }),
          fetchMember: fromPromise<MemberInfo, { token: string }>(() => call('memberInfo')),
          logout: fromPromise<void, { token: string }>(async () => {
            await call('logout');
          }),
        },
        actions: {
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
    (s) => s.matches('restoring') || (s.matches('loadingMember') && s.context.member === null),
  );
  return { kind: sessionKind(member), isAgent: member?.isAgent ?? false, member, firstLogin, pending };
}
