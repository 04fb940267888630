import { assign, setup } from 'xstate';
import type { LoginResult } from '../api/contract/accounts';
import { requiredActor } from './required-actor';

/**
 * Free play (spec 4.2, FREEPLAY3): a trial account with no credentials, holding trial money to play the
 * in-house games and the vendors that take trial players (docs/money.md "Trial money"), then the home page.
 */
export const freePlayMachine = setup({
  types: {
    context: {} as { errorCode: string | null; result: LoginResult | null },
    events: {} as { type: 'START' },
    output: {} as { result: LoginResult },
  },
  actors: { startFreePlay: requiredActor<LoginResult>('startFreePlay') },
  actions: { showLoader: () => {}, hideLoader: () => {} },
}).createMachine({
  id: 'freePlay',
  context: { errorCode: null, result: null },
  initial: 'idle',
  states: {
    idle: { on: { START: { target: 'starting', actions: assign({ errorCode: null }) } } },
    starting: {
      entry: 'showLoader',
      invoke: {
        id: 'startFreePlay',
        src: 'startFreePlay',
        onDone: {
          target: 'started',
          actions: ['hideLoader', assign({ result: ({ event }) => event.output })],
        },
        onError: {
          target: 'idle',
          actions: [
            'hideLoader',
            assign({ errorCode: ({ event }) => (event.error as { code?: string })?.code ?? 'UNKNOWN' }),
          ],
        },
      },
    },
    started: { type: 'final' },
  },
  output: ({ context }) => ({ result: context.result! }),
});
