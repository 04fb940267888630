import { useEffect, useRef } from 'react';

/**
 * Keyboard shortcuts while the player has turned them on: `keys` maps a key (' ' for space, lower-case
 * letters) to what it does. Keys typed into a field, or with a modifier held, are the browser's.
 */
export function useHotkeys(enabled: boolean, keys: Record<string, () => void>) {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)))
        return;
      if (target?.closest('[role="dialog"]')) return;
      const action = latest.current[e.key.toLowerCase()];
      if (!action) return;
      e.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
