import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

const WIDE = '(min-width: 1200px)';

interface SideMenuState {
  open: boolean;
  setOpen(open: boolean): void;
  toggle(): void;
  /** On narrow screens the menu is a drawer over the page; on wide ones a rail beside it. */
  isWide(): boolean;
}

const Ctx = createContext<SideMenuState | null>(null);

const isWide = () => typeof window !== 'undefined' && !!window.matchMedia?.(WIDE).matches;

export function SideMenuProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(isWide);
  const toggle = useCallback(() => setOpen((o) => !o), []);
  const value = useMemo(() => ({ open, setOpen, toggle, isWide }), [open, toggle]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useSideMenu() {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('useSideMenu outside SideMenuProvider');
  return ctx;
}
