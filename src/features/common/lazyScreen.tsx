import { type ComponentType, lazy } from 'react';

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

export function lazyScreen<P extends object>(
  loader: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs = SCREEN_TIMEOUT_MS,
) {
  return lazy(() =>
    withTimeout(loader(), timeoutMs).catch((error: unknown) => {
      throw new ScreenLoadError(classifyLoadError(error), { cause: error });
    }),
  );
}
