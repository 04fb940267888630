import { type ActorRefFrom, assign, setup } from 'xstate';
import type { PlacedSlip, SlipLine } from '../api/contract/lottery';
import { betTypes, type Selection, selectionError } from '../lottery/bet-types';
import { failureCode, failureMessage } from './failure';
import { lotteryChaseMachine } from './lottery-chase.machine';
import { type Attempt, attemptFor } from './request-attempt';
import { requiredActor } from './required-actor';

/** A line on the slip, priced as the server will price it. */
export interface SlipDraft extends SlipLine {
  combos: number;
  stake: number;
}

export interface PlaceRequest {
  game: string;
  draw: string;
  lines: SlipLine[];
  chase?: { draws: number; stopOnWin: boolean };
}

interface Context {
  game: string;
  betType: string;
  selection: Selection;
  unit: number;
  multiplier: number;
  lines: SlipDraft[];
  chase: ActorRefFrom<typeof lotteryChaseMachine>;
  attempt: Attempt<PlaceRequest> | null;
  placed: PlacedSlip | null;
  errorCode: string | null;
  errorMessage: string | null;
}

export const MAX_LINES = 20;

const emptyFor = (betType: string): Selection => (betTypes.get(betType)?.rows ?? []).map(() => []);

/** The selection's combinations, or 0 while it is not a bet yet. */
export function combosOf(betType: string, selection: Selection): number {
  const def = betTypes.get(betType);
  if (!def || selectionError(def, selection)) return 0;
  return def.combos(selection);
}

const draftOf = (c: Pick<Context, 'betType' | 'selection' | 'unit' | 'multiplier'>): SlipDraft => {
  const combos = combosOf(c.betType, c.selection);
  return {
    betType: c.betType,
    selection: c.selection.map((row) => [...row].sort((a, b) => a - b)),
    unit: c.unit,
    multiplier: c.multiplier,
    combos,
    stake: c.unit * c.multiplier * combos,
  };
};

/** The slip's cost: each line on each draw it covers. */
export const slipCost = (lines: SlipDraft[], draws: number) => lines.reduce((n, l) => n + l.stake, 0) * draws;

/**
 * A lottery bet slip (docs/lottery.md): pick a bet type and numbers (or quick pick), an amount per
 * combination and a multiplier, add the line (its combinations and cost computed as the server will),
 * add more, then review and confirm for the draw taking bets, with a chase over the next draws when it is
 * on (the chase machine, a child of this one). A slip sent again after a failure keeps its request id, so
 * it is placed once; the server refuses it if its draw has closed meanwhile.
 */
export const lotterySlipMachine = setup({
  types: {
    context: {} as Context,
    input: {} as { game: string; betType: string; unit: number; maxChase: number },
    events: {} as
      | { type: 'SELECT_TYPE'; betType: string }
      | { type: 'TOGGLE'; row: number; value: number }
      | { type: 'QUICK'; selection: Selection }
      | { type: 'CLEAR' }
      | { type: 'SET_UNIT'; unit: number }
      | { type: 'SET_MULTIPLIER'; multiplier: number }
      | { type: 'ADD' }
      | { type: 'REMOVE'; index: number }
      | { type: 'CLEAR_LINES' }
      | { type: 'REVIEW' }
      | { type: 'BACK' }
      | { type: 'CONFIRM'; draw: string }
      | { type: 'NEW' }
      | { type: 'AGAIN' },
  },
  actors: {
    placeSlip: requiredActor<PlacedSlip, Attempt<PlaceRequest>>('placeSlip'),
    chase: lotteryChaseMachine,
  },
  guards: {
    knownType: ({ event }) => event.type === 'SELECT_TYPE' && betTypes.has(event.betType),
    canToggle: ({ context, event }) => {
      if (event.type !== 'TOGGLE') return false;
      const spec = betTypes.get(context.betType)?.rows[event.row];
      if (!spec || event.value < spec.min || event.value > spec.max) return false;
      const row = context.selection[event.row]!;
      return row.includes(event.value) || row.length < spec.maxPicks;
    },
    validQuick: ({ context, event }) => {
      const def = betTypes.get(context.betType);
      return event.type === 'QUICK' && !!def && selectionError(def, event.selection) === null;
    },
    validUnit: ({ event }) => event.type === 'SET_UNIT' && Number.isInteger(event.unit) && event.unit > 0,
    validMultiplier: ({ event }) =>
      event.type === 'SET_MULTIPLIER' &&
      Number.isInteger(event.multiplier) &&
      event.multiplier >= 1 &&
      event.multiplier <= 999,
    lineReady: ({ context }) =>
      context.lines.length < MAX_LINES && combosOf(context.betType, context.selection) > 0,
    hasLines: ({ context }) => context.lines.length > 0,
    hasLastSlip: ({ context }) => (context.attempt?.request.lines.length ?? 0) > 0,
  },
  actions: {
    clearError: assign({ errorCode: null, errorMessage: null }),
  },
}).createMachine({
  id: 'lotterySlip',
  context: ({ input, spawn }) => ({
    game: input.game,
    betType: input.betType,
    selection: emptyFor(input.betType),
    unit: input.unit,
    multiplier: 1,
    lines: [],
    chase: spawn('chase', { id: 'chase', input: { max: input.maxChase } }),
    attempt: null,
    placed: null,
    errorCode: null,
    errorMessage: null,
  }),
  initial: 'picking',
  states: {
    picking: {
      tags: 'editing',
      on: {
        SELECT_TYPE: {
          guard: 'knownType',
          actions: assign({
            betType: ({ event }) => event.betType,
            selection: ({ event }) => emptyFor(event.betType),
          }),
        },
        TOGGLE: {
          guard: 'canToggle',
          actions: assign({
            selection: ({ context, event }) =>
              context.selection.map((row, i) =>
                i !== event.row
                  ? row
                  : row.includes(event.value)
                    ? row.filter((v) => v !== event.value)
                    : [...row, event.value],
              ),
          }),
        },
        QUICK: { guard: 'validQuick', actions: assign({ selection: ({ event }) => event.selection }) },
        CLEAR: { actions: assign({ selection: ({ context }) => emptyFor(context.betType) }) },
        SET_UNIT: { guard: 'validUnit', actions: assign({ unit: ({ event }) => event.unit }) },
        SET_MULTIPLIER: {
          guard: 'validMultiplier',
          actions: assign({ multiplier: ({ event }) => event.multiplier }),
        },
        ADD: {
          guard: 'lineReady',
          actions: assign({
            lines: ({ context }) => [...context.lines, draftOf(context)],
            selection: ({ context }) => emptyFor(context.betType),
          }),
        },
        REMOVE: {
          actions: assign({
            lines: ({ context, event }) => context.lines.filter((_, i) => i !== event.index),
          }),
        },
        CLEAR_LINES: { actions: assign({ lines: [] }) },
        REVIEW: { guard: 'hasLines', target: 'reviewing', actions: 'clearError' },
      },
    },
    reviewing: {
      tags: 'review',
      on: {
        BACK: { target: 'picking', actions: 'clearError' },
        CONFIRM: {
          target: 'placing',
          actions: assign({
            attempt: ({ context, event }) => {
              const chase = context.chase.getSnapshot();
              const request: PlaceRequest = {
                game: context.game,
                draw: event.draw,
                lines: context.lines.map(({ betType, selection, unit, multiplier }) => ({
                  betType,
                  selection,
                  unit,
                  multiplier,
                })),
                ...(chase.matches('on')
                  ? { chase: { draws: chase.context.draws, stopOnWin: chase.context.stopOnWin } }
                  : {}),
              };
              return attemptFor(context.attempt, request);
            },
            errorCode: null,
            errorMessage: null,
          }),
        },
      },
    },
    placing: {
      tags: 'busy',
      invoke: {
        id: 'placeSlip',
        src: 'placeSlip',
        input: ({ context }) => context.attempt!,
        onDone: {
          target: 'placed',
          actions: assign({ placed: ({ event }) => event.output, lines: [] }),
        },
        onError: {
          target: 'reviewing',
          actions: assign({
            errorCode: ({ event }) => failureCode(event.error),
            errorMessage: ({ event }) => failureMessage(event.error),
          }),
        },
      },
    },
    placed: {
      tags: 'done',
      on: {
        NEW: { target: 'picking', actions: assign({ placed: null, attempt: null }) },
        // The same lines again, for the next draw: a new slip with a new request id.
        AGAIN: {
          guard: 'hasLastSlip',
          target: 'picking',
          actions: assign({
            lines: ({ context }) => context.attempt!.request.lines.map((l) => ({ ...l, ...priceOf(l) })),
            placed: null,
            attempt: null,
          }),
        },
      },
    },
  },
});

function priceOf(line: SlipLine) {
  const combos = combosOf(line.betType, line.selection);
  return { combos, stake: line.unit * line.multiplier * combos };
}
