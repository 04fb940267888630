import { createContext, type ReactNode, useContext } from 'react';

/**
 * Who is visiting. Until the account flows land every visitor is a guest; the session machine will
 * provide this same shape.
 */
export interface SessionView {
  kind: 'guest' | 'trial' | 'member';
  isAgent: boolean;
  token: string | null;
}

const guest: SessionView = { kind: 'guest', isAgent: false, token: null };
const SessionContext = createContext<SessionView>(guest);

export function SessionProvider({ children }: { children: ReactNode }) {
  return <SessionContext.Provider value={guest}>{children}</SessionContext.Provider>;
}

export function useSession() {
  return useContext(SessionContext);
}
