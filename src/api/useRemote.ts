import { useEffect, useRef, useState } from 'react';
import type { ApiError } from './client';

export type Remote<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: ApiError };

/**
 * Loads data for a view; a change of key (e.g. the language) loads again and drops stale answers.
 * `initial` may hand over data already at hand (an answer asked for while the page booted): the view
 * then renders it at once instead of a loading step first.
 */
export function useRemote<T>(key: string, load: () => Promise<T>, initial?: () => T | undefined): Remote<T> {
  const [state, setState] = useState<Remote<T>>(() => {
    const data = initial?.();
    return data === undefined ? { status: 'loading' } : { status: 'ready', data };
  });
  const given = useRef(state.status === 'ready' ? key : null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names everything `load` depends on
  useEffect(() => {
    if (given.current === key) {
      given.current = null;
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (data) => live && setState({ status: 'ready', data }),
      (error: ApiError) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}
