import { assign, setup } from 'xstate';
import type {
  AcceptPolicy,
  FixtureCard,
  PlacedSportsSlip,
  SlipLegBody,
  SportsBet,
  SportsMarket,
} from '../api/contract/sports';
import { ACCEPT_POLICIES } from '../api/contract/sports';
import {
  accumulatorPrice,
  floorPrice,
  lineCount,
  MAX_LEGS,
  NAMED_SYSTEMS,
  potentialPayout,
  type SlipProblem,
  systemOf,
  systemPayout,
  validateSlip,
} from '../sports/payout';
import { failureCode, failureMessage } from './failure';
import { type Attempt, attemptFor } from './request-attempt';
import { requiredActor } from './required-actor';

/** An outcome the member picked on a page: what is sent (market, key, the price seen) and what the slip shows. */
export interface SlipSelection extends SlipLegBody {
  fixtureId: number;
  sport: FixtureCard['sport'];
  home: string;
  away: string;
  competition: string;
  spec: SportsMarket['spec'];
  /** Picked while the fixture was live (an in-play bet waits the sport's delay). */
  live: boolean;
}

/** A leg on the slip. */
export interface SlipEntry extends SlipSelection {
  /** How the price moved at its last change (the page's polling, or the server's PRICE_CHANGED). */
  moved: 'up' | 'down' | null;
  /** False while the outcome is not offered (its market suspended or closed, its price withdrawn). */
  offered: boolean;
}

export type SlipKindName = 'singles' | 'accumulator' | 'system';

/** A price the page (or the server) reports for an outcome now; null while it is not offered. */
export interface PriceNews {
  marketId: number;
  key: string;
  price: number | null;
}

/** What a slip sends (placeSportsSlipBody without its request id). */
export interface SlipRequest {
  kind: SlipKindName;
  system?: string;
  legs: SlipLegBody[];
  /** Singles: each single's stake; accumulator: the stake; system: one line's stake. */
  stake: number;
  accept: AcceptPolicy;
}

/** The slip's shape: its kind, system and legs (what validateSlip reads). */
export interface SlipShape {
  kind: SlipKindName;
  system: string | null;
  legs: ReadonlyArray<Pick<SlipSelection, 'fixtureId' | 'marketId' | 'key'>>;
}

export interface SlipContext extends SlipShape {
  legs: SlipEntry[];
  stake: number;
  accept: AcceptPolicy;
  /** What validateSlip says of the slip's shape; null when it makes a bet (or is empty). */
  problem: SlipProblem | null;
  /** The legs at fault (indexes): the shape's, a refused leg's, or the legs whose price moved. */
  faultLegs: number[];
  attempt: Attempt<SlipRequest> | null;
  /** The bets of the slip just placed, as the server last told them. */
  placed: SportsBet[];
  balance: number | null;
  /** Failed polls of pending bets in a row. */
  pollFailures: number;
  errorCode: string | null;
  errorMessage: string | null;
}

export interface SlipInput {
  /** The slip the page kept (its legs, kind, stake) and the member's accept policy. */
  legs?: SlipSelection[];
  kind?: SlipKindName;
  system?: string | null;
  stake?: number;
  accept?: AcceptPolicy;
}

export type SlipEvent =
  | { type: 'ADD_LEG'; leg: SlipSelection }
  | { type: 'REMOVE_LEG'; marketId: number; key: string }
  | { type: 'CLEAR' }
  | { type: 'SET_KIND'; kind: SlipKindName }
  | { type: 'SET_SYSTEM'; system: string }
  | { type: 'SET_STAKE'; stake: number }
  | { type: 'SET_ACCEPT'; accept: AcceptPolicy }
  | { type: 'PRICES'; prices: PriceNews[] }
  | { type: 'PLACE' }
  | { type: 'ACCEPT_CHANGES' }
  | { type: 'RETRY' }
  | { type: 'DISMISS' };

/** Polls of pending bets that may fail in a row before the slip stops watching (My Bets shows them). */
export const MAX_POLL_FAILURES = 5;

const WIN = { win: 1, void: 0, den: 1 } as const;

const sameOutcome = (a: { marketId: number; key: string }, b: { marketId: number; key: string }) =>
  a.marketId === b.marketId && a.key === b.key;

/** What validateSlip says of a slip; null when its legs make the bet it asks for, or when it is empty. */
export function shapeProblem(slip: SlipShape): { code: SlipProblem; legs: number[] } | null {
  if (slip.legs.length === 0) return null;
  const check = validateSlip(
    slip.kind === 'system' ? { kind: 'system', system: slip.system ?? '' } : { kind: slip.kind },
    slip.legs.map((l) => ({ event: String(l.fixtureId), market: String(l.marketId), outcome: l.key })),
  );
  return check.ok ? null : { code: check.code, legs: check.legs ?? [] };
}

/** The systems a slip of n legs can be: every k/n with 2 ≤ k < n, and the named ones of n legs. */
export function systemsFor(n: number): string[] {
  if (n > MAX_LEGS) return [];
  const out: string[] = [];
  for (let k = 2; k < n; k++) out.push(`${k}/${n}`);
  for (const [name, spec] of Object.entries(NAMED_SYSTEMS)) if (spec.legs === n) out.push(name);
  return out;
}

/**
 * The kinds a slip's legs can make: singles always; an accumulator from two legs, and systems from three,
 * when no two legs are on one event (related legs are offered as singles only).
 */
export function kindsFor(legs: SlipShape['legs']): SlipKindName[] {
  if (legs.length === 0) return [];
  const kinds: SlipKindName[] = ['singles'];
  if (legs.length < 2 || shapeProblem({ kind: 'accumulator', system: null, legs }) !== null) return kinds;
  kinds.push('accumulator');
  if (systemsFor(legs.length).length > 0) kinds.push('system');
  return kinds;
}

export interface SlipTotals {
  /** Bets' lines: one per single, one for an accumulator, a system's line count. */
  lines: number;
  /** What the slip costs: the stake on every line. */
  totalStake: number;
  /** What it pays if every leg wins, floored per line as the server does; null beyond a safe integer. */
  potentialPayout: number | null;
  /** An accumulator's total price in ten-thousandths, rounded down; null for singles and systems. */
  price: number | null;
}

/** An accumulator's total price in ten-thousandths, rounded down (never more than the bet pays). */
export const totalPrice = (prices: readonly number[]) => floorPrice(accumulatorPrice(prices));

const orNull = (pay: () => number) => {
  try {
    return pay();
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
};

/**
 * The slip's lines, whole stake, potential payout (every leg a win) and, for an accumulator, its total
 * price; null while the slip is not a bet (empty, or a shape validateSlip refuses).
 */
export function slipTotals(
  slip: Omit<SlipShape, 'legs'> & {
    legs: ReadonlyArray<Pick<SlipSelection, 'fixtureId' | 'marketId' | 'key' | 'price'>>;
    stake: number;
  },
): SlipTotals | null {
  if (slip.legs.length === 0 || shapeProblem(slip) !== null) return null;
  const prices = slip.legs.map((l) => l.price);
  const stake = slip.stake;
  if (slip.kind === 'singles') {
    return {
      lines: prices.length,
      totalStake: stake * prices.length,
      potentialPayout: orNull(() => prices.reduce((n, p) => n + potentialPayout(stake, [p]), 0)),
      price: null,
    } satisfies SlipTotals;
  }
  if (slip.kind === 'accumulator') {
    return {
      lines: 1,
      totalStake: stake,
      potentialPayout: orNull(() => potentialPayout(stake, prices)),
      price: totalPrice(prices),
    } satisfies SlipTotals;
  }
  const spec = systemOf(slip.system ?? '')!;
  const lines = lineCount(spec);
  return {
    lines,
    totalStake: stake * lines,
    potentialPayout: orNull(() =>
      systemPayout(
        stake,
        prices.map((price) => ({ price, factor: WIN })),
        spec,
      ),
    ),
    price: null,
  } satisfies SlipTotals;
}

/** The legs with the prices reported now: a moved price is taken and marked up or down. */
export function applyPrices(legs: readonly SlipEntry[], news: readonly PriceNews[]): SlipEntry[] {
  return legs.map((leg) => {
    const now = news.find((n) => sameOutcome(n, leg));
    if (!now) return leg;
    if (now.price === null) return leg.offered ? { ...leg, offered: false } : leg;
    if (now.price === leg.price && leg.offered) return leg;
    const moved = now.price > leg.price ? 'up' : now.price < leg.price ? 'down' : leg.moved;
    return { ...leg, price: now.price, moved, offered: true };
  });
}

/** The request the slip sends as it stands. */
export const requestOf = (c: Pick<SlipContext, 'kind' | 'system' | 'legs' | 'stake' | 'accept'>) =>
  ({
    kind: c.kind,
    ...(c.kind === 'system' ? { system: c.system ?? '' } : {}),
    legs: c.legs.map(({ marketId, key, price }) => ({ marketId, key, price })),
    stake: c.stake,
    accept: c.accept,
  }) satisfies SlipRequest;

/** A slip of one leg (or none) is singles: an accumulator or a system needs more. */
const fitKind = (kind: SlipKindName, legs: readonly unknown[]): SlipKindName =>
  legs.length <= 1 ? 'singles' : kind;

const entryOf = (leg: SlipSelection): SlipEntry => ({ ...leg, moved: null, offered: true });
const error = (event: unknown) => (event as { error?: unknown }).error;
const errorValue = (event: unknown) => (error(event) as { value?: unknown } | null)?.value;

/** The indexes a refusal names (`value.legs` of MARKET_SUSPENDED, SLIP_RELATED_LEGS …), if any. */
const refusedLegs = (event: unknown): number[] => {
  const legs = (errorValue(event) as { legs?: unknown } | null)?.legs;
  return Array.isArray(legs) && legs.every((l) => typeof l === 'number') ? legs : [];
};
const priceNews = (event: unknown): PriceNews[] =>
  ((errorValue(event) as { legs?: PriceNews[] } | null)?.legs ?? []).filter(
    (l) => l && typeof l.marketId === 'number' && typeof l.key === 'string',
  );
const stillPending = (bets: readonly SportsBet[]) => bets.filter((b) => b.status === 'pending');

/**
 * The sportsbook's bet slip (docs/sports.md): outcomes picked on the pages (a second pick of the same
 * outcome takes it off), as singles, an accumulator or a system, with a stake per single, per accumulator
 * or per system line. validateSlip's answer shows which legs clash (two legs of one event make only
 * singles); at most 20 legs. Prices the page polls are taken and marked up or down. Placing sends the slip
 * with the member's accept policy; a PRICE_CHANGED answer shows the new prices and placing them is a new
 * request (its body changed); any other failure can be sent again as it was, under the same request id.
 * In-play bets answer pending and are watched until the server decides them.
 */
export const sportsSlipMachine = setup({
  types: {
    context: {} as SlipContext,
    input: {} as SlipInput,
    events: {} as SlipEvent,
  },
  actors: {
    place: requiredActor<PlacedSportsSlip, Attempt<SlipRequest>>('place'),
    /** Waits until the pending bets' check is due, then reads them again (sportsBet). */
    pollBets: requiredActor<SportsBet[], { ids: number[]; acceptsAt: number | null }>('pollBets'),
  },
  guards: {
    onSlip: ({ context, event }) =>
      event.type === 'ADD_LEG' && context.legs.some((l) => sameOutcome(l, event.leg)),
    full: ({ context }) => context.legs.length >= MAX_LEGS,
    kindOffered: ({ context, event }) =>
      event.type === 'SET_KIND' && kindsFor(context.legs).includes(event.kind),
    systemOffered: ({ context, event }) =>
      event.type === 'SET_SYSTEM' &&
      kindsFor(context.legs).includes('system') &&
      systemsFor(context.legs.length).includes(event.system),
    validStake: ({ event }) =>
      event.type === 'SET_STAKE' && Number.isSafeInteger(event.stake) && event.stake >= 0,
    validAccept: ({ event }) =>
      event.type === 'SET_ACCEPT' && (ACCEPT_POLICIES as readonly string[]).includes(event.accept),
    misshapen: ({ context }) => shapeProblem(context) !== null,
    canPlace: ({ context }) =>
      context.legs.length > 0 &&
      shapeProblem(context) === null &&
      Number.isSafeInteger(context.stake) &&
      context.stake > 0 &&
      context.legs.every((l) => l.offered),
    hasAttempt: ({ context }) => context.attempt !== null,
    priceChanged: ({ event }) => failureCode(error(event)) === 'PRICE_CHANGED',
    anyPending: ({ event }) =>
      stillPending((event as unknown as { output: PlacedSportsSlip }).output.bets).length > 0,
    pollPending: ({ context, event }) => {
      const now = (event as unknown as { output: SportsBet[] }).output;
      return stillPending(context.placed.map((b) => now.find((n) => n.id === b.id) ?? b)).length > 0;
    },
    pollAgain: ({ context }) => context.pollFailures + 1 < MAX_POLL_FAILURES,
  },
  actions: {
    clearError: assign({ errorCode: null, errorMessage: null }),
    fail: assign(({ event }) => ({
      errorCode: failureCode(error(event)),
      errorMessage: failureMessage(error(event)),
      faultLegs: refusedLegs(event),
    })),
    /** The attempt a member's PLACE makes: the same slip sent again keeps its request id. */
    attempt: assign(({ context }) => ({
      attempt: attemptFor(context.attempt, requestOf(context)),
      legs: context.legs.map((l) => (l.moved ? { ...l, moved: null } : l)),
      errorCode: null,
      errorMessage: null,
      faultLegs: [],
    })),
    /** The prices a PRICE_CHANGED reported, accepted: a new slip, so a new request id. */
    newAttempt: assign(({ context }) => ({
      attempt: attemptFor(null, requestOf(context)),
      legs: context.legs.map((l) => (l.moved ? { ...l, moved: null } : l)),
      errorCode: null,
      errorMessage: null,
      faultLegs: [],
    })),
    takePlaced: assign(({ event }) => {
      const { bets, balance } = (event as unknown as { output: PlacedSportsSlip }).output;
      // A placed slip is done: the same legs placed again later are a new slip with a new request id.
      return { placed: bets, balance, legs: [], kind: 'singles' as const, attempt: null, pollFailures: 0 };
    }),
    mergePolled: assign(({ context, event }) => {
      const now = (event as unknown as { output: SportsBet[] }).output;
      return { placed: context.placed.map((b) => now.find((n) => n.id === b.id) ?? b), pollFailures: 0 };
    }),
    reset: assign({
      legs: [],
      kind: 'singles',
      placed: [],
      attempt: null,
      pollFailures: 0,
      problem: null,
      faultLegs: [],
      errorCode: null,
      errorMessage: null,
    }),
    addLeg: assign(({ context, event }) => {
      if (event.type !== 'ADD_LEG') return {};
      const legs = [...context.legs, entryOf(event.leg)];
      return { legs, kind: fitKind(context.kind, legs) };
    }),
  },
}).createMachine({
  id: 'sportsSlip',
  context: ({ input }) => {
    const legs = (input.legs ?? []).slice(0, MAX_LEGS).map(entryOf);
    return {
      legs,
      kind: fitKind(input.kind ?? 'singles', legs),
      system: input.system ?? null,
      stake: input.stake ?? 0,
      accept: input.accept ?? 'none',
      problem: null,
      faultLegs: [],
      attempt: null,
      placed: [],
      balance: null,
      pollFailures: 0,
      errorCode: null,
      errorMessage: null,
    };
  },
  initial: 'building',
  states: {
    building: {
      initial: 'checking',
      // Every change of the slip leaves a failure or a price change behind and checks its shape again.
      on: {
        ADD_LEG: [
          {
            // The same outcome again takes it off the slip.
            guard: 'onSlip',
            target: '.checking',
            actions: [
              'clearError',
              assign(({ context, event }) => {
                const legs = context.legs.filter((l) => !sameOutcome(l, event.leg));
                return { legs, kind: fitKind(context.kind, legs) };
              }),
            ],
          },
          {
            guard: 'full',
            target: '.checking',
            actions: assign({ errorCode: 'SLIP_TOO_MANY_LEGS', errorMessage: null }),
          },
          { target: '.checking', actions: ['clearError', 'addLeg'] },
        ],
        REMOVE_LEG: {
          target: '.checking',
          actions: [
            'clearError',
            assign(({ context, event }) => {
              const legs = context.legs.filter((l) => !sameOutcome(l, event));
              return { legs, kind: fitKind(context.kind, legs) };
            }),
          ],
        },
        CLEAR: { target: '.checking', actions: 'reset' },
        SET_KIND: {
          guard: 'kindOffered',
          target: '.checking',
          actions: [
            'clearError',
            assign(({ context, event }) => ({
              kind: event.kind,
              system:
                event.kind === 'system' && !systemsFor(context.legs.length).includes(context.system ?? '')
                  ? (systemsFor(context.legs.length)[0] ?? null)
                  : context.system,
            })),
          ],
        },
        SET_SYSTEM: {
          guard: 'systemOffered',
          target: '.checking',
          actions: ['clearError', assign({ kind: 'system', system: ({ event }) => event.system })],
        },
        SET_STAKE: {
          guard: 'validStake',
          target: '.checking',
          actions: ['clearError', assign({ stake: ({ event }) => event.stake })],
        },
        SET_ACCEPT: {
          guard: 'validAccept',
          target: '.checking',
          actions: ['clearError', assign({ accept: ({ event }) => event.accept })],
        },
        // The page's polling: stays where it is (a price change on a failed slip is still news).
        PRICES: {
          actions: assign({ legs: ({ context, event }) => applyPrices(context.legs, event.prices) }),
        },
      },
      states: {
        checking: {
          always: [
            {
              guard: 'misshapen',
              target: 'invalid',
              actions: assign(({ context }) => {
                const problem = shapeProblem(context)!;
                return { problem: problem.code, faultLegs: problem.legs };
              }),
            },
            { target: 'editing', actions: assign({ problem: null, faultLegs: [] }) },
          ],
        },
        editing: {
          tags: 'editing',
          on: { PLACE: { guard: 'canPlace', target: '#sportsSlip.placing', actions: 'attempt' } },
        },
        invalid: { tags: 'invalid' },
        priceChanged: {
          tags: 'priceChanged',
          on: {
            // The new prices are a new slip: a new request id, never the refused one's.
            ACCEPT_CHANGES: {
              guard: 'canPlace',
              target: '#sportsSlip.placing',
              actions: 'newAttempt',
            },
            DISMISS: { target: 'checking', actions: 'clearError' },
          },
        },
        failed: {
          tags: 'failed',
          on: {
            // The same slip again: the same request id, so it is placed at most once.
            RETRY: { guard: 'hasAttempt', target: '#sportsSlip.placing', actions: 'clearError' },
            PLACE: { guard: 'canPlace', target: '#sportsSlip.placing', actions: 'attempt' },
            DISMISS: { target: 'checking', actions: 'clearError' },
          },
        },
      },
    },
    placing: {
      tags: ['placing', 'busy'],
      invoke: {
        id: 'place',
        src: 'place',
        input: ({ context }) => context.attempt!,
        onDone: [
          { guard: 'anyPending', target: 'pending', actions: 'takePlaced' },
          { target: 'placed', actions: 'takePlaced' },
        ],
        onError: [
          {
            guard: 'priceChanged',
            target: 'building.priceChanged',
            actions: assign(({ context, event }) => {
              const legs = applyPrices(context.legs, priceNews(event));
              return {
                legs,
                faultLegs: legs.flatMap((l, i) =>
                  !l.offered || l.price !== context.legs[i]!.price ? [i] : [],
                ),
                errorCode: 'PRICE_CHANGED',
                errorMessage: failureMessage(error(event)),
              };
            }),
          },
          // The attempt stays: the same slip sent again keeps its request id.
          { target: 'building.failed', actions: 'fail' },
        ],
      },
    },
    pending: {
      tags: 'pending',
      invoke: {
        id: 'pollBets',
        src: 'pollBets',
        input: ({ context }) => {
          const pending = stillPending(context.placed);
          const due = pending.flatMap((b) => (b.acceptsAt === null ? [] : [b.acceptsAt]));
          return { ids: pending.map((b) => b.id), acceptsAt: due.length ? Math.max(...due) : null };
        },
        onDone: [
          { guard: 'pollPending', target: 'pending', reenter: true, actions: 'mergePolled' },
          { target: 'placed', actions: 'mergePolled' },
        ],
        onError: [
          {
            guard: 'pollAgain',
            target: 'pending',
            reenter: true,
            actions: assign({ pollFailures: ({ context }) => context.pollFailures + 1 }),
          },
          // The bets stand; My Bets shows what the server decided.
          { target: 'placed', actions: 'fail' },
        ],
      },
      on: { DISMISS: { target: 'building', actions: 'reset' } },
    },
    placed: {
      tags: 'placed',
      on: {
        DISMISS: { target: 'building', actions: 'reset' },
        CLEAR: { target: 'building', actions: 'reset' },
        ADD_LEG: { target: 'building', actions: ['reset', 'addLeg'] },
      },
    },
  },
});
