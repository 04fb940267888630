import { assign, setup } from 'xstate';

/** Spec 9: a cosmetic figure that starts between 2.1 and 3 billion and grows by 100–500 every 3, 4 or 5 s. */
export const JACKPOT_MIN = 2_100_000_000;
export const JACKPOT_MAX = 3_000_000_000;
export const TICK_DELAYS = [3000, 4000, 5000] as const;

export interface JackpotInput {
  /** Uniform in [0, 1); injected so tests can fix it. */
  random: () => number;
}

export interface JackpotContext {
  amount: number;
  delay: number;
  random: () => number;
}

const pickDelay = (random: () => number) => TICK_DELAYS[Math.floor(random() * TICK_DELAYS.length)]!;
const pickStep = (random: () => number) => 100 + Math.floor(random() * 401);

export const jackpotMachine = setup({
  types: {
    context: {} as JackpotContext,
    input: {} as JackpotInput,
    events: {} as { type: 'PAUSE' } | { type: 'RESUME' },
  },
  delays: { tick: ({ context }) => context.delay },
  actions: {
    grow: assign(({ context }) => ({
      amount: context.amount + pickStep(context.random),
      delay: pickDelay(context.random),
    })),
  },
}).createMachine({
  id: 'jackpot',
  context: ({ input }) => ({
    amount: Math.floor(JACKPOT_MIN + input.random() * (JACKPOT_MAX - JACKPOT_MIN)),
    delay: pickDelay(input.random),
    random: input.random,
  }),
  initial: 'running',
  states: {
    running: {
      after: { tick: { target: 'running', reenter: true, actions: 'grow' } },
      // A hidden tab does not need a ticking number.
      on: { PAUSE: 'paused' },
    },
    paused: { on: { RESUME: 'running' } },
  },
});
