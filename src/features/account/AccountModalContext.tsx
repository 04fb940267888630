import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

export type AccountMode = 'login' | 'register';

interface AccountModalState {
  mode: AccountMode | null;
  open(mode: AccountMode): void;
  close(): void;
}

const Ctx = createContext<AccountModalState | null>(null);

export function AccountModalProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<AccountMode | null>(null);
  const value = useMemo(() => ({ mode, open: setMode, close: () => setMode(null) }), [mode]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useAccountModal() {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('useAccountModal outside AccountModalProvider');
  return ctx;
}
