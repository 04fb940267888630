import { assign, setup } from 'xstate';
import type { MinesGame } from '../api/contract/originals';
import { failureCode, failureMessage } from './failure';
import {
  type AutoConfig,
  type AutoStats,
  nextStakeAfter,
  type StopReason,
  TRANSIENT,
} from './originals-bet.machine';
import { type Attempt, attemptFor } from './request-attempt';
import { requiredActor } from './required-actor';

export interface MinesRequest {
  stake: number;
  mines: number;
}

interface Context {
  game: MinesGame | null;
  attempt: Attempt<MinesRequest> | null;
  /** The tile asked for, until the server answers. */
  pending: number | null;
  /** Auto-bet: the tiles to open each game, in order; the settings and the session's tally. */
  tiles: number[];
  auto: AutoConfig | null;
  baseStake: number;
  nextStake: number;
  mines: number;
  stats: AutoStats;
  stopReason: StopReason | null;
  stopRequested: boolean;
  retries: number;
  errorCode: string | null;
  errorMessage: string | null;
}

const ended = (game: MinesGame | null) => game !== null && game.status === 'settled';
const error = (event: unknown) => (event as { error?: unknown }).error;

/**
 * Mines (5×5, 1–24 mines). A game is open on the server from its start until a mine, a cash-out or the
 * last safe tile; the page picks up an open game when it loads (after a reload or a server restart). By
 * hand the player opens tiles and cashes out; auto-bet plays the tiles the player marked, in order, and
 * cashes out after the last, changing the stake and stopping as the instant games' auto-bet does. A start
 * whose answer was lost is sent again with the same request id; a move on a game that already ended
 * reloads the game instead.
 */
export const minesMachine = setup({
  types: {
    context: {} as Context,
    events: {} as
      | { type: 'START'; request: MinesRequest }
      | { type: 'REVEAL'; tile: number }
      | { type: 'CASHOUT' }
      | { type: 'AUTO_START'; request: MinesRequest; tiles: number[]; config: AutoConfig }
      | { type: 'STOP' }
      | { type: 'DISMISS' },
  },
  actors: {
    loadCurrent: requiredActor<{ game: MinesGame | null }>('loadCurrent'),
    start: requiredActor<MinesGame, Attempt<MinesRequest>>('start'),
    reveal: requiredActor<MinesGame, { betId: number; tile: number }>('reveal'),
    cashout: requiredActor<MinesGame, { betId: number }>('cashout'),
  },
  delays: { retryDelay: 1_000, pause: 400 },
  guards: {
    hasOpenGame: ({ event }) => {
      const game = (event as unknown as { output: { game: MinesGame | null } }).output.game;
      return game !== null && game.status === 'open';
    },
    canReveal: ({ context, event }) =>
      event.type === 'REVEAL' &&
      context.game !== null &&
      !context.game.revealed.includes(event.tile) &&
      event.tile >= 0 &&
      event.tile < 25,
    canCashout: ({ context }) => (context.game?.revealed.length ?? 0) > 0,
    answerEnded: ({ event }) => ended((event as unknown as { output: MinesGame }).output),
    gameGone: ({ event }) => ['GAME_NOT_OPEN', 'BET_NOT_FOUND'].includes(failureCode(error(event))),
    transient: ({ context, event }) => TRANSIENT.has(failureCode(error(event))) && context.retries < 3,
    moreTiles: ({ context }) =>
      context.game !== null &&
      context.tiles.some((t) => !context.game!.revealed.includes(t)) &&
      context.game.revealed.length < 25 - context.game.mines,
    stopRequested: ({ context }) => context.stopRequested,
    countReached: ({ context }) => context.auto!.count > 0 && context.stats.bets >= context.auto!.count,
    profitReached: ({ context }) =>
      context.auto!.stopProfit > 0 && context.stats.profit >= context.auto!.stopProfit,
    lossReached: ({ context }) =>
      context.auto!.stopLoss > 0 && -context.stats.profit >= context.auto!.stopLoss,
  },
  actions: {
    setGame: assign({
      game: ({ event }) => (event as unknown as { output: MinesGame }).output,
      pending: null,
    }),
    clearError: assign({ errorCode: null, errorMessage: null }),
    fail: assign(({ event }) => ({
      errorCode: failureCode(error(event)),
      errorMessage: failureMessage(error(event)),
      pending: null,
    })),
    tally: assign(({ context }) => {
      const game = context.game!;
      const net = game.payout - game.stake;
      const rule = net > 0 ? context.auto!.onWin : context.auto!.onLoss;
      return {
        stats: {
          bets: context.stats.bets + 1,
          wagered: context.stats.wagered + game.stake,
          profit: context.stats.profit + net,
        },
        nextStake: nextStakeAfter(rule, game.stake, context.baseStake),
      };
    }),
  },
}).createMachine({
  id: 'mines',
  context: {
    game: null,
    attempt: null,
    pending: null,
    tiles: [],
    auto: null,
    baseStake: 0,
    nextStake: 0,
    mines: 3,
    stats: { bets: 0, wagered: 0, profit: 0 },
    stopReason: null,
    stopRequested: false,
    retries: 0,
    errorCode: null,
    errorMessage: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCurrent',
        src: 'loadCurrent',
        onDone: [
          {
            guard: 'hasOpenGame',
            target: 'playing',
            actions: assign({ game: ({ event }) => event.output.game }),
          },
          { target: 'idle' },
        ],
        onError: { target: 'idle', actions: 'fail' },
      },
    },
    idle: {
      on: {
        START: {
          target: 'starting',
          actions: [
            'clearError',
            assign({
              attempt: ({ context, event }) => attemptFor(context.attempt, event.request),
              stopReason: null,
            }),
          ],
        },
        AUTO_START: {
          target: 'auto',
          actions: [
            'clearError',
            assign({
              auto: ({ event }) => event.config,
              tiles: ({ event }) => event.tiles,
              baseStake: ({ event }) => event.request.stake,
              nextStake: ({ event }) => event.request.stake,
              mines: ({ event }) => event.request.mines,
              stats: { bets: 0, wagered: 0, profit: 0 },
              stopReason: null,
              stopRequested: false,
              attempt: null,
              retries: 0,
            }),
          ],
        },
        DISMISS: { actions: ['clearError', assign({ stopReason: null })] },
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'start',
        src: 'start',
        input: ({ context }) => context.attempt!,
        onDone: { target: 'playing', actions: ['setGame', assign({ attempt: null })] },
        // The attempt stays: starting the same game again keeps its request id.
        onError: { target: 'idle', actions: 'fail' },
      },
    },
    playing: {
      tags: ['playing'],
      on: {
        REVEAL: {
          guard: 'canReveal',
          target: 'revealing',
          actions: ['clearError', assign({ pending: ({ event }) => event.tile })],
        },
        CASHOUT: { guard: 'canCashout', target: 'cashing', actions: 'clearError' },
      },
    },
    revealing: {
      tags: ['playing', 'busy'],
      invoke: {
        id: 'reveal',
        src: 'reveal',
        input: ({ context }) => ({ betId: context.game!.id, tile: context.pending! }),
        onDone: [
          { guard: 'answerEnded', target: 'over', actions: 'setGame' },
          { target: 'playing', actions: 'setGame' },
        ],
        onError: [
          { guard: 'gameGone', target: 'loading', actions: 'fail' },
          { target: 'playing', actions: 'fail' },
        ],
      },
    },
    cashing: {
      tags: ['playing', 'busy'],
      invoke: {
        id: 'cashout',
        src: 'cashout',
        input: ({ context }) => ({ betId: context.game!.id }),
        onDone: { target: 'over', actions: 'setGame' },
        onError: [
          { guard: 'gameGone', target: 'loading', actions: 'fail' },
          { target: 'playing', actions: 'fail' },
        ],
      },
    },
    over: {
      tags: ['ended'],
      on: {
        START: {
          target: 'starting',
          actions: [
            'clearError',
            assign({
              attempt: ({ context, event }) => attemptFor(context.attempt, event.request),
              stopReason: null,
            }),
          ],
        },
        AUTO_START: {
          target: 'auto',
          actions: [
            'clearError',
            assign({
              auto: ({ event }) => event.config,
              tiles: ({ event }) => event.tiles,
              baseStake: ({ event }) => event.request.stake,
              nextStake: ({ event }) => event.request.stake,
              mines: ({ event }) => event.request.mines,
              stats: { bets: 0, wagered: 0, profit: 0 },
              stopReason: null,
              stopRequested: false,
              attempt: null,
              retries: 0,
            }),
          ],
        },
        DISMISS: { actions: ['clearError', assign({ stopReason: null })] },
      },
    },
    auto: {
      tags: ['auto'],
      on: { STOP: { actions: assign({ stopRequested: true }) } },
      initial: 'starting',
      states: {
        starting: {
          tags: ['busy'],
          entry: assign({
            attempt: ({ context }) =>
              context.attempt ?? attemptFor(null, { stake: context.nextStake, mines: context.mines }),
          }),
          invoke: {
            id: 'start',
            src: 'start',
            input: ({ context }) => context.attempt!,
            onDone: { target: 'revealing', actions: ['setGame', assign({ attempt: null, retries: 0 })] },
            onError: [
              {
                guard: 'transient',
                target: 'retrying',
                actions: ['fail', assign({ retries: ({ context }) => context.retries + 1 })],
              },
              {
                target: '#mines.idle',
                actions: ['fail', assign({ stopReason: 'error', auto: null, attempt: null })],
              },
            ],
          },
        },
        retrying: { tags: ['busy'], after: { retryDelay: 'starting' } },
        revealing: {
          tags: ['busy', 'playing'],
          entry: assign({
            pending: ({ context }) => context.tiles.find((t) => !context.game!.revealed.includes(t)) ?? null,
          }),
          invoke: {
            id: 'reveal',
            src: 'reveal',
            input: ({ context }) => ({ betId: context.game!.id, tile: context.pending! }),
            onDone: [
              { guard: 'answerEnded', target: 'pausing', actions: ['setGame', 'tally'] },
              { target: 'next', actions: 'setGame' },
            ],
            onError: {
              target: '#mines.loading',
              actions: ['fail', assign({ stopReason: 'error', auto: null })],
            },
          },
        },
        next: {
          always: [{ guard: 'moreTiles', target: 'revealing' }, { target: 'cashing' }],
        },
        cashing: {
          tags: ['busy', 'playing'],
          invoke: {
            id: 'cashout',
            src: 'cashout',
            input: ({ context }) => ({ betId: context.game!.id }),
            onDone: { target: 'pausing', actions: ['setGame', 'tally'] },
            onError: {
              target: '#mines.loading',
              actions: ['fail', assign({ stopReason: 'error', auto: null })],
            },
          },
        },
        // The ended field shows a moment before the next game.
        pausing: { tags: ['ended'], after: { pause: 'deciding' } },
        deciding: {
          always: [
            { guard: 'profitReached', target: 'done', actions: assign({ stopReason: 'profit' }) },
            { guard: 'lossReached', target: 'done', actions: assign({ stopReason: 'loss' }) },
            { guard: 'countReached', target: 'done', actions: assign({ stopReason: 'count' }) },
            { guard: 'stopRequested', target: 'done', actions: assign({ stopReason: 'stopped' }) },
            { target: 'starting' },
          ],
        },
        done: { type: 'final' },
      },
      onDone: { target: 'over', actions: assign({ auto: null, stopRequested: false }) },
    },
  },
});
