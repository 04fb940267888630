import { getAdjacencyMap, getShortestPaths } from '@xstate/graph';
import { expect } from 'vitest';
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type InputFrom,
} from 'xstate';

// Paths are checked at run time; the graph library's generics do not follow a generic machine.
type Snap<_M extends AnyStateMachine> = AnyMachineSnapshot;
type Ev<_M extends AnyStateMachine> = AnyEventObject;

export interface GraphOptions<M extends AnyStateMachine> {
  /** The events to try from every state, or from each state those its view offers. */
  events: Array<Ev<M>> | ((snapshot: Snap<M>) => Array<Ev<M>>);
  input?: InputFrom<M>;
  /** What makes two snapshots the same node of the graph; defaults to the state value. */
  serializeState?: (snapshot: Snap<M>) => string;
}

export interface MachinePath<M extends AnyStateMachine> {
  description: string;
  steps: Array<{ event: Ev<M>; state: Snap<M> }>;
}

const describeEvent = (e: { type: string }) => {
  const { type, ...rest } = e as Record<string, unknown>;
  const detail = Object.keys(rest).length ? JSON.stringify(rest) : '';
  return detail ? `${type} ${detail.length > 60 ? `${detail.slice(0, 57)}...` : detail}` : type;
};
const isInit = (e: { type: string }) => e.type === 'xstate.init';

/**
 * Paths generated from the machine graph: the shortest path to every state, and one path ending in each
 * transition (the shortest path to its source state, then the transition), so every edge is exercised.
 */
export function machinePaths<M extends AnyStateMachine>(machine: M, options: GraphOptions<M>) {
  const serializeState = options.serializeState ?? ((s: Snap<M>) => JSON.stringify(s.value));
  const traversal = {
    events: options.events,
    input: options.input,
    serializeState: (s: Snap<M>) => serializeState(s),
    serializeEvent: (e: Ev<M>) => JSON.stringify(e),
  };
  // biome-ignore lint/suspicious/noExplicitAny: @xstate/graph's generics do not narrow a generic machine
  const shortest = getShortestPaths(machine as any, traversal as any) as unknown as Array<{
    state: Snap<M>;
    steps: MachinePath<M>['steps'];
  }>;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const adjacency = getAdjacencyMap(machine as any, traversal as any) as unknown as Record<
    string,
    { state: Snap<M>; transitions: Record<string, { event: Ev<M>; state: Snap<M> }> }
  >;
  const toState = new Map(shortest.map((p) => [serializeState(p.state), p]));

  const statePaths: Array<MachinePath<M>> = shortest.map((p) => ({
    description: `reaches ${serializeState(p.state)} via ${
      p.steps
        .filter((s) => !isInit(s.event))
        .map((s) => describeEvent(s.event))
        .join(' → ') || '(start)'
    }`,
    steps: p.steps,
  }));
  const transitionPaths: Array<MachinePath<M>> = [];
  for (const [key, { state, transitions }] of Object.entries(adjacency)) {
    const head = toState.get(key);
    if (!head) continue;
    for (const { event, state: next } of Object.values(transitions)) {
      if (!state.can(event)) continue;
      transitionPaths.push({
        description: `${key} --${describeEvent(event)}--> ${serializeState(next)}`,
        steps: [...head.steps, { event, state: next }],
      });
    }
  }
  return { statePaths, transitionPaths, reachable: [...toState.keys()] };
}

/**
 * Replays a generated path on a live actor of the machine (with the test's effects provided) and checks
 * after each step that the actor is where the graph says, then runs the caller's checks.
 */
export function replay<M extends AnyStateMachine>(
  machine: M,
  path: MachinePath<M>,
  options: { input?: InputFrom<M>; check?: (actual: Snap<M>, expected: Snap<M>, event: Ev<M>) => void } = {},
) {
  const actor = createActor(machine, { input: options.input });
  actor.start();
  try {
    for (const step of path.steps) {
      if (isInit(step.event)) continue;
      actor.send(step.event as never);
      const actual = actor.getSnapshot() as Snap<M>;
      expect(actual.value, path.description).toEqual(step.state.value);
      options.check?.(actual, step.state, step.event);
    }
    return actor.getSnapshot() as Snap<M>;
  } finally {
    actor.stop();
  }
}
