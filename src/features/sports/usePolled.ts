import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from '../../api/client';

/**
 * Data that moves while the page is open (prices, scores): loaded at once, then again every `everyMs`
 * while the tab is visible. A failed refresh keeps what was shown and says so; a change of `key` starts
 * over. Prices never come from a cache: the slip must price what the book offers now.
 */
export function usePolled<T>(key: string, load: () => Promise<T>, everyMs: number | ((data: T) => number)) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const loader = useRef(load);
  loader.current = load;
  const every = useRef(everyMs);
  every.current = everyMs;

  const refresh = useCallback(async () => {
    try {
      const next = await loader.current();
      setData(next);
      setError(null);
      return next;
    } catch (e) {
      setError(e as ApiError);
      return null;
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names everything `load` depends on
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setData(null);
    setError(null);
    const tick = async () => {
      const next = document.visibilityState === 'hidden' ? null : await refresh();
      if (!live) return;
      const wait = typeof every.current === 'number' ? every.current : next ? every.current(next) : 10_000;
      timer = setTimeout(() => void tick(), wait);
    };
    void tick();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [key]);

  return { data, error, refresh };
}
