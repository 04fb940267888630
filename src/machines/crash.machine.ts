import { assign, setup } from 'xstate';
import type { CrashBet, CrashRound } from '../api/contract/originals';
import { failureCode, failureMessage } from './failure';
import { type AutoConfig, type AutoStats, nextStakeAfter, type StopReason } from './originals-bet.machine';
import { type Attempt, attemptFor } from './request-attempt';
import { requiredActor } from './required-actor';

export interface CrashRequest {
  stake: number;
  /** Hundredths; null cashes out by hand. */
  autoCashout: number | null;
}

interface Context {
  round: CrashRound | null;
  mine: CrashBet | null;
  attempt: Attempt<CrashRequest & { roundId: number }> | null;
  request: CrashRequest | null;
  auto: AutoConfig | null;
  baseStake: number;
  stats: AutoStats;
  stopReason: StopReason | null;
  stopRequested: boolean;
  errorCode: string | null;
  errorMessage: string | null;
}

const over = (round: CrashRound | null) => round?.status === 'crashed' || round?.status === 'settled';
const error = (event: unknown) => (event as { error?: unknown }).error;

/**
 * The player's side of the shared crash round. A bet goes into the round taking bets, or waits for the
 * next one when a round is running; a bet in play cashes out by hand (or at its automatic multiplier, on
 * the server) before the bust. Auto-bet bets every round with its automatic cash-out, changes the stake
 * after a win or a loss and stops after its count, at its profit or loss, or when asked. The round's
 * phases arrive as ROUND events (from the socket), the member's bet as MINE (read after each phase).
 */
export const crashMachine = setup({
  types: {
    context: {} as Context,
    events: {} as
      | { type: 'ROUND'; round: CrashRound | null }
      | { type: 'MINE'; bet: CrashBet | null }
      | { type: 'BET'; request: CrashRequest }
      | { type: 'CANCEL' }
      | { type: 'CASHOUT' }
      | { type: 'AUTO_START'; request: CrashRequest; config: AutoConfig }
      | { type: 'STOP' }
      | { type: 'DISMISS' },
  },
  actors: {
    placeBet: requiredActor<CrashBet, Attempt<CrashRequest & { roundId: number }>>('placeBet'),
    cashout: requiredActor<CrashBet, { betId: number }>('cashout'),
  },
  guards: {
    canBet: ({ context }) =>
      context.round?.status === 'betting' && context.mine?.roundId !== context.round.id,
    betting: ({ context, event }) =>
      event.type === 'ROUND' && event.round?.status === 'betting' && event.round.id !== context.mine?.roundId,
    canCashout: ({ context }) =>
      context.round?.status === 'running' &&
      context.mine?.status === 'active' &&
      context.mine.roundId === context.round.id,
    roundOver: ({ context, event }) =>
      event.type === 'ROUND' && over(event.round) && event.round?.id === context.mine?.roundId,
    mineSettled: ({ context, event }) =>
      event.type === 'MINE' && event.bet !== null && event.bet.status !== 'active' && over(context.round),
    stopRequested: ({ context }) => context.stopRequested,
    countReached: ({ context }) => context.auto!.count > 0 && context.stats.bets >= context.auto!.count,
    profitReached: ({ context }) =>
      context.auto!.stopProfit > 0 && context.stats.profit >= context.auto!.stopProfit,
    lossReached: ({ context }) =>
      context.auto!.stopLoss > 0 && -context.stats.profit >= context.auto!.stopLoss,
  },
  actions: {
    takeRound: assign({ round: ({ event }) => (event as { round: CrashRound | null }).round }),
    takeMine: assign({ mine: ({ event }) => (event as { bet: CrashBet | null }).bet }),
    clearError: assign({ errorCode: null, errorMessage: null }),
    fail: assign(({ event }) => ({
      errorCode: failureCode(error(event)),
      errorMessage: failureMessage(error(event)),
    })),
    prepare: assign({
      attempt: ({ context }) =>
        attemptFor(context.attempt, { ...context.request!, roundId: context.round!.id }),
    }),
    tally: assign(({ context }) => {
      const bet = context.mine!;
      const net = bet.payout - bet.stake;
      const rule = net > 0 ? context.auto!.onWin : context.auto!.onLoss;
      return {
        stats: {
          bets: context.stats.bets + 1,
          wagered: context.stats.wagered + bet.stake,
          profit: context.stats.profit + net,
        },
        request: { ...context.request!, stake: nextStakeAfter(rule, bet.stake, context.baseStake) },
      };
    }),
  },
}).createMachine({
  id: 'crash',
  context: {
    round: null,
    mine: null,
    attempt: null,
    request: null,
    auto: null,
    baseStake: 0,
    stats: { bets: 0, wagered: 0, profit: 0 },
    stopReason: null,
    stopRequested: false,
    errorCode: null,
    errorMessage: null,
  },
  on: {
    ROUND: { actions: 'takeRound' },
    MINE: { actions: 'takeMine' },
    DISMISS: { actions: ['clearError', assign({ stopReason: null })] },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        BET: [
          {
            guard: 'canBet',
            target: 'placing',
            actions: [
              'clearError',
              assign({ request: ({ event }) => event.request, stopReason: null }),
              'prepare',
            ],
          },
          { target: 'queued', actions: ['clearError', assign({ request: ({ event }) => event.request })] },
        ],
        CASHOUT: { guard: 'canCashout', target: 'cashing', actions: 'clearError' },
        AUTO_START: {
          target: 'auto',
          actions: [
            'clearError',
            assign({
              auto: ({ event }) => event.config,
              request: ({ event }) => event.request,
              baseStake: ({ event }) => event.request.stake,
              stats: { bets: 0, wagered: 0, profit: 0 },
              stopReason: null,
              stopRequested: false,
            }),
          ],
        },
      },
    },
    queued: {
      tags: ['queued'],
      on: {
        ROUND: [
          { guard: 'betting', target: 'placing', actions: ['takeRound', 'prepare'] },
          { actions: 'takeRound' },
        ],
        CANCEL: 'idle',
      },
    },
    placing: {
      tags: ['busy'],
      invoke: {
        id: 'placeBet',
        src: 'placeBet',
        input: ({ context }) => context.attempt!,
        onDone: { target: 'idle', actions: [assign({ mine: ({ event }) => event.output, attempt: null })] },
        onError: { target: 'idle', actions: 'fail' },
      },
    },
    cashing: {
      tags: ['busy'],
      invoke: {
        id: 'cashout',
        src: 'cashout',
        input: ({ context }) => ({ betId: context.mine!.id }),
        onDone: { target: 'idle', actions: assign({ mine: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: 'fail' },
      },
    },
    auto: {
      tags: ['auto'],
      on: { STOP: { actions: assign({ stopRequested: true }) } },
      initial: 'waiting',
      states: {
        waiting: {
          always: [{ guard: 'canBet', target: 'placing' }],
          on: {
            ROUND: [{ guard: 'betting', target: 'placing', actions: 'takeRound' }, { actions: 'takeRound' }],
            STOP: { target: 'done', actions: assign({ stopReason: 'stopped' }) },
          },
        },
        placing: {
          tags: ['busy'],
          entry: 'prepare',
          invoke: {
            id: 'placeBet',
            src: 'placeBet',
            input: ({ context }) => context.attempt!,
            onDone: {
              target: 'playing',
              actions: assign({ mine: ({ event }) => event.output, attempt: null }),
            },
            onError: {
              target: '#crash.idle',
              actions: ['fail', assign({ stopReason: 'error', auto: null, attempt: null })],
            },
          },
        },
        playing: {
          on: {
            CASHOUT: { guard: 'canCashout', target: 'cashing' },
            MINE: [
              { guard: 'mineSettled', target: 'deciding', actions: ['takeMine', 'tally'] },
              { actions: 'takeMine' },
            ],
          },
        },
        cashing: {
          tags: ['busy'],
          invoke: {
            id: 'cashout',
            src: 'cashout',
            input: ({ context }) => ({ betId: context.mine!.id }),
            onDone: { target: 'playing', actions: assign({ mine: ({ event }) => event.output }) },
            onError: { target: 'playing', actions: 'fail' },
          },
        },
        deciding: {
          always: [
            { guard: 'profitReached', target: 'done', actions: assign({ stopReason: 'profit' }) },
            { guard: 'lossReached', target: 'done', actions: assign({ stopReason: 'loss' }) },
            { guard: 'countReached', target: 'done', actions: assign({ stopReason: 'count' }) },
            { guard: 'stopRequested', target: 'done', actions: assign({ stopReason: 'stopped' }) },
            { target: 'waiting' },
          ],
        },
        done: { type: 'final' },
      },
      onDone: { target: 'idle', actions: assign({ auto: null, stopRequested: false }) },
    },
  },
});
