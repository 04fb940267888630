import { useEffect, useState } from 'react';
import type { ApiError } from './client';

export type Remote<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: ApiError };

/** Loads data for a view; a change of key (e.g. the language) loads again and drops stale answers. */
export function useRemote<T>(key: string, load: () => Promise<T>): Remote<T> {
  const [state, setState] = useState<Remote<T>>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names everything `load` depends on
  useEffect(() => {
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
