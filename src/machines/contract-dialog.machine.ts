import { assign, fromPromise, setup } from 'xstate';
import type { ContractStatus } from '../agents/contract-lifecycle';
import type { ContractView } from '../api/contract/agents';

export type ContractAction = 'accept' | 'reject';
export interface ContractAnswer {
  contract: ContractView;
  action: ContractAction;
  /** The downline contracts the member agreed to end (after CONTRACT_ENDS_DOWNLINE named them). */
  endDownline: number[];
}
type Failure = { code?: string; message?: string; value?: { contracts?: ContractView[] } };

interface Context {
  requests: ContractView[];
  /** The request open in the dialog. */
  current: ContractView | null;
  /** Contracts the member gave its downline that accepting would end, waiting for its confirmation. */
  ending: ContractView[];
  errorCode: string | null;
  /** The server's message for it, in the member's language, with its figures (a rate, a category). */
  errorMessage: string | null;
  /** Requests the member put aside for now (closed the dialog); a new request opens it again. */
  seen: number[];
}

const firstUnseen = (requests: ContractView[], seen: number[]) =>
  requests.find((r) => !seen.includes(r.id)) ?? null;
/** What the member is asked: a new contract, or to agree that one ends. */
export const requestKind = (status: ContractStatus) =>
  status === 'termination_requested' ? 'termination' : 'offer';

/**
 * The contract dialog (spec 2.4, 4.8): shows the contract requests waiting for the member, one at a time,
 * and sends its answer. Accepting a lower rate than the member gives its own downline is asked twice: the
 * server names the contracts that would end and the member confirms them. A push about a contract
 * (REFRESH) looks again. Tags: `open` while the dialog shows, `busy` while a call runs, `confirm-ending`.
 */
export const contractDialogMachine = setup({
  types: {
    context: {} as Context,
    events: {} as
      | { type: 'REFRESH' }
      | { type: 'ACCEPT' }
      | { type: 'REJECT' }
      | { type: 'CONFIRM_ENDING' }
      | { type: 'BACK' }
      | { type: 'CLOSE' },
  },
  actors: {
    load: fromPromise<ContractView[]>(async () => []),
    answer: fromPromise<ContractView, ContractAnswer>(async () => {
      throw new Error('answer: not provided');
    }),
  },
  guards: {
    hasRequest: ({ context }) => context.current !== null,
    endsDownline: ({ event }) => (event as { error?: Failure }).error?.code === 'CONTRACT_ENDS_DOWNLINE',
  },
}).createMachine({
  id: 'contractDialog',
  initial: 'loading',
  context: { requests: [], current: null, ending: [], errorCode: null, errorMessage: null, seen: [] },
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'deciding',
          actions: assign(({ context, event }) => ({
            requests: event.output,
            current: firstUnseen(event.output, context.seen),
          })),
        },
        // Requests are not worth an error on screen: the next push or page load looks again.
        onError: { target: 'idle' },
      },
    },
    deciding: {
      always: [{ guard: 'hasRequest', target: 'showing' }, { target: 'idle' }],
    },
    idle: {
      on: { REFRESH: 'loading' },
    },
    showing: {
      tags: ['open'],
      on: {
        ACCEPT: 'accepting',
        REJECT: 'rejecting',
        CLOSE: {
          target: 'deciding',
          actions: assign(({ context }) => {
            const seen = [...context.seen, context.current!.id];
            return {
              seen,
              current: firstUnseen(context.requests, seen),
              errorCode: null,
              errorMessage: null,
            };
          }),
        },
        REFRESH: 'loading',
      },
    },
    accepting: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'answer',
        src: 'answer',
        input: ({ context }) => ({
          contract: context.current!,
          action: 'accept' as const,
          endDownline: context.ending.map((c) => c.id),
        }),
        onDone: { target: 'loading', actions: assign({ ending: [], errorCode: null, errorMessage: null }) },
        onError: [
          {
            guard: 'endsDownline',
            target: 'confirmingEnding',
            actions: assign({ ending: ({ event }) => (event.error as Failure).value?.contracts ?? [] }),
          },
          {
            target: 'showing',
            actions: assign({
              errorCode: ({ event }) => (event.error as Failure).code ?? 'UNKNOWN',
              errorMessage: ({ event }) => (event.error as Failure).message ?? null,
              ending: [],
            }),
          },
        ],
      },
    },
    confirmingEnding: {
      tags: ['open', 'confirm-ending'],
      on: {
        CONFIRM_ENDING: 'accepting',
        BACK: { target: 'showing', actions: assign({ ending: [] }) },
        CLOSE: { target: 'showing', actions: assign({ ending: [] }) },
      },
    },
    rejecting: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'answer',
        src: 'answer',
        input: ({ context }) => ({ contract: context.current!, action: 'reject' as const, endDownline: [] }),
        onDone: { target: 'loading', actions: assign({ errorCode: null, errorMessage: null }) },
        onError: {
          target: 'showing',
          actions: assign({
            errorCode: ({ event }) => (event.error as Failure).code ?? 'UNKNOWN',
            errorMessage: ({ event }) => (event.error as Failure).message ?? null,
          }),
        },
      },
    },
  },
});
