import { assign, setup } from 'xstate';
import type { OriginalsBet } from '../api/contract/originals';
import { failureCode, failureMessage } from './failure';
import { type Attempt, attemptFor } from './request-attempt';
import { requiredActor } from './required-actor';

/** One wager of an instant in-house game: the stake and the game's own choices (chance, target, rows…). */
export interface WagerRequest {
  stake: number;
  params: Record<string, unknown>;
}

/** What changes the stake after a bet: back to the base stake, or up by a percentage. */
export interface StakeRule {
  mode: 'reset' | 'increase';
  percent: number;
}

export interface AutoConfig {
  /** How many bets; 0 plays until a stop condition or the player stops it. */
  count: number;
  onWin: StakeRule;
  onLoss: StakeRule;
  /** Stop once the session's profit reaches this (minor units); 0: never. */
  stopProfit: number;
  /** Stop once the session's loss reaches this (minor units); 0: never. */
  stopLoss: number;
}

export type StopReason = 'count' | 'profit' | 'loss' | 'stopped' | 'error';

export interface AutoStats {
  bets: number;
  wagered: number;
  profit: number;
}

interface Context {
  attempt: Attempt<WagerRequest> | null;
  last: OriginalsBet | null;
  /** Results of this page, newest first (a dozen at most), for the strip of recent outcomes. */
  results: OriginalsBet[];
  auto: AutoConfig | null;
  /** The stake auto-bet started with, and the one it bets next. */
  baseStake: number;
  nextStake: number;
  /** The game's choices auto-bet repeats. */
  params: Record<string, unknown>;
  stats: AutoStats;
  stopReason: StopReason | null;
  stopRequested: boolean;
  /** Transient failures auto-bet retried (with the same request id) in a row. */
  retries: number;
  /** Animation off: results show at once. */
  instant: boolean;
  errorCode: string | null;
  errorMessage: string | null;
}

/** Failures worth sending the same request again: the answer may simply have been lost. */
export const TRANSIENT = new Set(['NETWORK_ERROR', 'TIMEOUT', 'TRY_AGAIN', 'UNKNOWN', 'INTERNAL']);
export const AUTO_RETRIES = 3;

export const nextStakeAfter = (rule: StakeRule, stake: number, base: number) =>
  rule.mode === 'reset' ? base : Math.max(1, Math.floor((stake * (100 + rule.percent)) / 100));

/**
 * Betting an instant in-house game (dice, limbo, plinko, keno) by hand or automatically. A bet shows its
 * result (the view animates it and says SHOWN, unless animation is off) before the next can go. Auto-bet
 * repeats the bet, changes the stake on a win or a loss, and stops after its count, at the profit or loss
 * set, when the player stops it (after the bet in flight) or on a refusal. A bet whose answer was lost is
 * sent again with the same request id, so it is never placed twice.
 */
export const originalsBetMachine = setup({
  types: {
    context: {} as Context,
    events: {} as
      | { type: 'BET'; request: WagerRequest }
      | { type: 'AUTO_START'; request: WagerRequest; config: AutoConfig }
      | { type: 'STOP' }
      | { type: 'SHOWN' }
      | { type: 'SET_INSTANT'; instant: boolean }
      | { type: 'DISMISS' },
  },
  actors: { placeBet: requiredActor<OriginalsBet, Attempt<WagerRequest>>('placeBet') },
  delays: { retryDelay: 1_000, showLimit: 6_000 },
  guards: {
    instant: ({ context }) => context.instant,
    transient: ({ context, event }) =>
      TRANSIENT.has(failureCode((event as { error?: unknown }).error)) && context.retries < AUTO_RETRIES,
    stopRequested: ({ context }) => context.stopRequested,
    countReached: ({ context }) => context.auto!.count > 0 && context.stats.bets >= context.auto!.count,
    profitReached: ({ context }) =>
      context.auto!.stopProfit > 0 && context.stats.profit >= context.auto!.stopProfit,
    lossReached: ({ context }) =>
      context.auto!.stopLoss > 0 && -context.stats.profit >= context.auto!.stopLoss,
  },
  actions: {
    record: assign(({ context, event }) => {
      const bet = (event as unknown as { output: OriginalsBet }).output;
      return {
        last: bet,
        results: [bet, ...context.results].slice(0, 12),
        attempt: null,
        retries: 0,
        errorCode: null,
        errorMessage: null,
      };
    }),
    tally: assign(({ context }) => {
      const bet = context.last!;
      const net = bet.payout - bet.stake;
      const rule = net > 0 ? context.auto!.onWin : context.auto!.onLoss;
      return {
        stats: {
          bets: context.stats.bets + 1,
          wagered: context.stats.wagered + bet.stake,
          profit: context.stats.profit + net,
        },
        nextStake: nextStakeAfter(rule, bet.stake, context.baseStake),
      };
    }),
    fail: assign(({ event }) => {
      const error = (event as { error?: unknown }).error;
      return { errorCode: failureCode(error), errorMessage: failureMessage(error) };
    }),
  },
}).createMachine({
  id: 'originalsBet',
  context: {
    attempt: null,
    last: null,
    results: [],
    auto: null,
    baseStake: 0,
    nextStake: 0,
    params: {},
    stats: { bets: 0, wagered: 0, profit: 0 },
    stopReason: null,
    stopRequested: false,
    retries: 0,
    instant: false,
    errorCode: null,
    errorMessage: null,
  },
  on: { SET_INSTANT: { actions: assign({ instant: ({ event }) => event.instant }) } },
  initial: 'idle',
  states: {
    idle: {
      on: {
        BET: {
          target: 'manual',
          actions: assign({
            attempt: ({ context, event }) => attemptFor(context.attempt, event.request),
            errorCode: null,
            errorMessage: null,
            stopReason: null,
          }),
        },
        AUTO_START: {
          target: 'auto',
          actions: assign({
            auto: ({ event }) => event.config,
            baseStake: ({ event }) => event.request.stake,
            nextStake: ({ event }) => event.request.stake,
            params: ({ event }) => event.request.params,
            stats: { bets: 0, wagered: 0, profit: 0 },
            stopReason: null,
            stopRequested: false,
            attempt: null,
            retries: 0,
            errorCode: null,
            errorMessage: null,
          }),
        },
        DISMISS: { actions: assign({ errorCode: null, errorMessage: null, stopReason: null }) },
      },
    },
    manual: {
      initial: 'placing',
      states: {
        placing: {
          tags: ['busy'],
          invoke: {
            id: 'placeBet',
            src: 'placeBet',
            input: ({ context }) => context.attempt!,
            onDone: [
              { guard: 'instant', target: '#originalsBet.idle', actions: 'record' },
              { target: 'showing', actions: 'record' },
            ],
            // The attempt stays: betting the same again keeps its request id.
            onError: { target: '#originalsBet.idle', actions: 'fail' },
          },
        },
        showing: {
          tags: ['busy', 'showing'],
          after: { showLimit: '#originalsBet.idle' },
          on: { SHOWN: '#originalsBet.idle' },
        },
      },
    },
    auto: {
      tags: ['auto'],
      on: { STOP: { actions: assign({ stopRequested: true }) } },
      initial: 'placing',
      states: {
        placing: {
          tags: ['busy'],
          entry: assign({
            attempt: ({ context }) =>
              context.attempt ?? attemptFor(null, { stake: context.nextStake, params: context.params }),
          }),
          invoke: {
            id: 'placeBet',
            src: 'placeBet',
            input: ({ context }) => context.attempt!,
            onDone: [
              { guard: 'instant', target: 'deciding', actions: ['record', 'tally'] },
              { target: 'showing', actions: ['record', 'tally'] },
            ],
            onError: [
              {
                guard: 'transient',
                target: 'retrying',
                actions: ['fail', assign({ retries: ({ context }) => context.retries + 1 })],
              },
              {
                target: '#originalsBet.idle',
                actions: ['fail', assign({ stopReason: 'error', auto: null, attempt: null })],
              },
            ],
          },
        },
        retrying: {
          tags: ['busy'],
          after: { retryDelay: 'placing' },
        },
        showing: {
          tags: ['busy', 'showing'],
          after: { showLimit: 'deciding' },
          on: { SHOWN: 'deciding' },
        },
        deciding: {
          always: [
            { guard: 'profitReached', target: 'done', actions: assign({ stopReason: 'profit' }) },
            { guard: 'lossReached', target: 'done', actions: assign({ stopReason: 'loss' }) },
            { guard: 'countReached', target: 'done', actions: assign({ stopReason: 'count' }) },
            { guard: 'stopRequested', target: 'done', actions: assign({ stopReason: 'stopped' }) },
            { target: 'placing' },
          ],
        },
        done: {
          type: 'final',
        },
      },
      onDone: { target: 'idle', actions: assign({ auto: null, stopRequested: false }) },
    },
  },
});
