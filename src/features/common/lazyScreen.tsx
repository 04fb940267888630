import { type ComponentType, createElement, lazy, type ReactElement, useState } from 'react';

/** Spec 7: screens load lazily and give up after 120 seconds. */
export const SCREEN_TIMEOUT_MS = 120_000;

export type LoadErrorType = 'missing' | 'timeout' | 'CSS_CHUNK_LOAD_FAILED' | 'unknown';

export class ScreenLoadError extends Error {
  constructor(
    readonly type: LoadErrorType,
    options?: { cause?: unknown },
  ) {
    super(`screen failed to load: ${type}`, options);
    this.name = 'ScreenLoadError';
  }
}

/** Names what went wrong when a screen's code or stylesheet did not arrive. */
export function classifyLoadError(error: unknown): LoadErrorType {
  if (error instanceof ScreenLoadError) return error.type;
  const message = error instanceof Error ? error.message : String(error);
  if (/preload CSS|stylesheet|\.css/i.test(message)) return 'CSS_CHUNK_LOAD_FAILED';
  if (
    /dynamically imported module|Importing a module script failed|Failed to fetch|Loading chunk|MIME type/i.test(
      message,
    )
  ) {
    return 'missing';
  }
  return 'unknown';
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ScreenLoadError('timeout')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** A lazily loaded screen; `preload` asks for its code before it renders, and tells when it is here. */
export interface LazyScreen<P extends object> {
  (props: P): ReactElement;
  preload(): Promise<void>;
}

export function lazyScreen<P extends object>(
  loader: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs = SCREEN_TIMEOUT_MS,
): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const load = () => {
    loading ??= withTimeout(loader(), timeoutMs).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw new ScreenLoadError(classifyLoadError(error), { cause: error });
      },
    );
    return loading;
  };
  const Lazy = lazy(load);
  /*
   * A screen whose code has already arrived (preloaded) renders at once, in the same commit as the layout
   * around it. Suspending on it would commit the layout with the loading step first, and React holds a
   * screen revealed after a loading step back (300 ms at least, longer while other updates keep coming):
   * on a phone that held the home page's largest paint back by up to a second (bench/login-speed.ts).
   * Which of the two a mounted screen renders never changes, so it is never mounted twice.
   */
  const Screen = (props: P) => {
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  };
  // A failure is the screen's to show, when it renders.
  Screen.preload = () =>
    load().then(
      () => {},
      () => {},
    );
  return Screen;
}
