import type { InspectionEvent, Observer } from 'xstate';

let inspect: Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined;

/**
 * In development, `?inspect` in the address opens the Stately inspector and every actor the app
 * creates reports to it. Production builds never load the inspector.
 */
export async function setUpInspector(search: string) {
  if (!import.meta.env.DEV || !new URLSearchParams(search).has('inspect')) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspect = createBrowserInspector().inspect;
}

/** Options to spread into `createActor` / `useActorRef`. */
export function inspectOptions() {
  return inspect ? { inspect } : {};
}
