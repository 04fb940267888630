import { fromPromise, type NonReducibleUnknown } from 'xstate';

/**
 * A placeholder for an effect the app (or a test) must provide with `machine.provide`, so machines stay
 * free of fetch and storage and a forgotten effect fails loudly.
 */
export function requiredActor<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`actor "${name}" must be provided`)));
}
