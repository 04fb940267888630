import { useEffect, useSyncExternalStore } from 'react';

/**
 * Dialogs that ask the member something (a contract offer) take the foreground; the announcement popups
 * step aside while one is open and come back after, so two popups never stack on a phone.
 */
let holders = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Holds the foreground while `active`. */
export function useTakesForeground(active: boolean) {
  useEffect(() => {
    if (!active) return;
    holders += 1;
    emit();
    return () => {
      holders -= 1;
      emit();
    };
  }, [active]);
}

/** Whether a dialog that asks something is open. */
export function useForegroundTaken() {
  return useSyncExternalStore(
    subscribe,
    () => holders > 0,
    () => false,
  );
}
