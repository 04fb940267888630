import { assign, setup } from 'xstate';

/**
 * A chase (docs/lottery.md): the slip is placed on the draw taking bets and on the next ones, `draws` in
 * all, and stops (its later draws' lines refunded) once one wins when `stopOnWin` is on. Off by default;
 * at most the game's longest chase.
 */
export const lotteryChaseMachine = setup({
  types: {
    context: {} as { draws: number; stopOnWin: boolean; max: number },
    input: {} as { max: number },
    events: {} as
      | { type: 'ENABLE' }
      | { type: 'DISABLE' }
      | { type: 'SET_DRAWS'; draws: number }
      | { type: 'TOGGLE_STOP' },
  },
  guards: {
    canChase: ({ context }) => context.max >= 2,
    drawsAllowed: ({ context, event }) =>
      event.type === 'SET_DRAWS' &&
      Number.isInteger(event.draws) &&
      event.draws >= 2 &&
      event.draws <= context.max,
  },
}).createMachine({
  id: 'lotteryChase',
  context: ({ input }) => ({ draws: Math.min(5, input.max), stopOnWin: true, max: input.max }),
  initial: 'off',
  states: {
    off: {
      tags: 'single',
      on: { ENABLE: { guard: 'canChase', target: 'on' } },
    },
    on: {
      tags: 'chasing',
      on: {
        DISABLE: 'off',
        SET_DRAWS: { guard: 'drawsAllowed', actions: assign({ draws: ({ event }) => event.draws }) },
        TOGGLE_STOP: { actions: assign({ stopOnWin: ({ context }) => !context.stopOnWin }) },
      },
    },
  },
});
