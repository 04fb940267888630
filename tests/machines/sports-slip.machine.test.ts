import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PlacedSportsSlip, SportsBet } from '../../src/api/contract/sports';
import type { Attempt } from '../../src/machines/request-attempt';
import { requiredActor } from '../../src/machines/required-actor';
import {
  kindsFor,
  type SlipRequest,
  type SlipSelection,
  slipTotals,
  sportsSlipMachine,
  systemsFor,
} from '../../src/machines/sports-slip.machine';
import { MAX_LEGS } from '../../src/sports/payout';
import { machinePaths, replay } from './graph-paths';

const leg = (
  fixtureId: number,
  marketId: number,
  key: string,
  price: number,
  live = false,
): SlipSelection => ({
  marketId,
  key,
  price,
  fixtureId,
  sport: 'football',
  home: `Home ${fixtureId}`,
  away: `Away ${fixtureId}`,
  competition: 'Série A',
  spec: { type: '1x2' },
  live,
});
const a = leg(1, 11, 'home', 21_000);
const b = leg(2, 21, 'away', 30_000);
/** On a's fixture: related to a. */
const c = { ...leg(1, 12, 'yes', 18_000), spec: { type: 'btts' as const } };
const d = leg(3, 31, 'home', 15_000);

const bet = (over: Partial<SportsBet> = {}): SportsBet => ({
  id: 1,
  reference: 'S1',
  kind: 'accumulator',
  system: null,
  lines: 1,
  unitStake: 1_000,
  stake: 1_000,
  openStake: 1_000,
  potentialPayout: 6_300,
  status: 'open',
  payout: 0,
  cashedOut: 0,
  rejectReason: null,
  acceptsAt: null,
  createdAt: 0,
  settledAt: null,
  legs: [],
  ...over,
});
const placedOpen: PlacedSportsSlip = { bets: [bet()], balance: 99_000 };
const placedPending: PlacedSportsSlip = {
  bets: [bet({ status: 'pending', acceptsAt: 5_000 })],
  balance: 99_000,
};

const machine = sportsSlipMachine.provide({
  actors: { place: requiredActor('place'), pollBets: requiredActor('pollBets') },
});
const keys = (legs: Array<{ marketId: number; key: string }>) =>
  legs
    .map((l) => `${l.marketId}${l.key[0]}`)
    .sort()
    .join(',');

describe('sports slip machine, building a slip (graph-generated paths)', () => {
  const events = [
    { type: 'ADD_LEG', leg: a },
    { type: 'ADD_LEG', leg: b },
    { type: 'ADD_LEG', leg: c },
    { type: 'ADD_LEG', leg: d },
    { type: 'REMOVE_LEG', marketId: 21, key: 'away' },
    { type: 'CLEAR' },
    { type: 'SET_KIND', kind: 'singles' },
    { type: 'SET_KIND', kind: 'accumulator' },
    { type: 'SET_KIND', kind: 'system' },
    { type: 'SET_SYSTEM', system: 'trixie' },
    { type: 'SET_SYSTEM', system: '2/4' },
    { type: 'SET_SYSTEM', system: 'goliath' },
  ] as never[];
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, {
    events,
    input: {},
    serializeState: (s) =>
      `${JSON.stringify(s.value)} ${keys(s.context.legs)} ${s.context.kind}${
        s.context.kind === 'system' ? `:${s.context.system}` : ''
      } ${s.context.problem ?? ''}`,
  });

  it('reaches editing and invalid, with every problem a slip of these legs can have', () => {
    const values = new Set(reachable.map((r) => r.split(' ')[0]));
    expect([...values].sort()).toEqual(['{"building":"editing"}', '{"building":"invalid"}']);
    const problems = new Set(reachable.map((r) => r.split(' ')[3]).filter(Boolean));
    expect([...problems].sort()).toEqual(['SLIP_RELATED_LEGS', 'SLIP_SYSTEM_LEGS']);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(machine, path, { input: {} });
    const ctx = end.context;
    // Never the same outcome twice: a second pick takes it off.
    expect(new Set(ctx.legs.map((l: SlipSelection) => `${l.marketId}/${l.key}`)).size).toBe(ctx.legs.length);
    // One leg or none is singles; the kind chosen is one the legs offered when it was chosen.
    if (ctx.legs.length <= 1) expect(ctx.kind).toBe('singles');
    if (ctx.kind === 'system') expect(ctx.system).not.toBeNull();
    if (end.hasTag('invalid')) {
      expect(ctx.problem).not.toBeNull();
      expect(slipTotals(ctx)).toBeNull();
    }
    if (end.hasTag('editing')) {
      expect(ctx.problem).toBeNull();
      if (ctx.legs.length > 0) expect(slipTotals(ctx)).not.toBeNull();
    }
    if (ctx.problem === 'SLIP_RELATED_LEGS') {
      // The clashing legs are named, and only singles are offered.
      expect(ctx.faultLegs.map((i: number) => ctx.legs[i]!.fixtureId)).toEqual([1, 1]);
      expect(kindsFor(ctx.legs)).toEqual(['singles']);
    }
  });
});

describe('sports slip machine, placing (graph-generated paths)', () => {
  const input = { legs: [a, b], kind: 'accumulator' as const, stake: 1_000 };
  const moved = {
    legs: [
      { marketId: 11, key: 'home', price: 20_000 },
      { marketId: 21, key: 'away', price: 30_000 },
    ],
  };
  const events = [
    { type: 'PLACE' },
    { type: 'ACCEPT_CHANGES' },
    { type: 'RETRY' },
    { type: 'DISMISS' },
    { type: 'SET_STAKE', stake: 2_000 },
    { type: 'SET_STAKE', stake: 0 },
    { type: 'REMOVE_LEG', marketId: 21, key: 'away' },
    { type: 'ADD_LEG', leg: d },
    { type: 'PRICES', prices: [{ marketId: 21, key: 'away', price: null }] },
    { type: 'PRICES', prices: [{ marketId: 21, key: 'away', price: 32_000 }] },
    { type: 'xstate.done.actor.place', output: placedOpen },
    { type: 'xstate.done.actor.place', output: placedPending },
    { type: 'xstate.error.actor.place', error: { code: 'PRICE_CHANGED', message: 'moved', value: moved } },
    { type: 'xstate.error.actor.place', error: { code: 'NETWORK_ERROR' } },
    { type: 'xstate.error.actor.place', error: { code: 'MARKET_SUSPENDED', value: { legs: [1] } } },
    { type: 'xstate.done.actor.pollBets', output: placedPending.bets },
    {
      type: 'xstate.done.actor.pollBets',
      output: [bet({ status: 'rejected', rejectReason: 'PRICE_CHANGED' })],
    },
    { type: 'xstate.error.actor.pollBets', error: { code: 'NETWORK_ERROR' } },
  ] as never[];
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, {
    events,
    input,
    serializeState: (s) =>
      `${JSON.stringify(s.value)} legs:${s.context.legs.length} off:${
        s.context.legs.filter((l: { offered: boolean }) => !l.offered).length
      } ${keys(s.context.legs)}=${s.context.legs.map((l: { price: number }) => l.price).join('/')} stake:${
        s.context.stake
      } ${s.context.attempt ? 'attempt' : '-'} polls:${s.context.pollFailures} ${s.context.errorCode ?? ''}`,
  });

  it('reaches every state of the flow', () => {
    const values = new Set(reachable.map((r) => r.split(' ')[0]));
    expect([...values].sort()).toEqual([
      '"pending"',
      '"placed"',
      '"placing"',
      '{"building":"editing"}',
      '{"building":"failed"}',
      '{"building":"priceChanged"}',
    ]);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    let before: Attempt<SlipRequest> | null = null;
    const end = replay(machine, path, {
      input,
      check: (actual, _expected, event) => {
        const attempt = actual.context.attempt as Attempt<SlipRequest> | null;
        if (actual.matches('placing')) {
          expect(attempt?.requestId).toMatch(/^[0-9a-f-]{32,36}$/);
          if (event.type === 'RETRY') expect(attempt).toBe(before);
          if (event.type === 'ACCEPT_CHANGES') {
            // New prices are a new body: a new request id, carrying the prices now.
            expect(attempt!.requestId).not.toBe(before!.requestId);
            expect(attempt!.request.legs.map((l) => l.price)).toEqual(
              actual.context.legs.map((l: { price: number }) => l.price),
            );
          }
          if (event.type === 'PLACE') {
            const same =
              before !== null && JSON.stringify(before.request) === JSON.stringify(attempt!.request);
            expect(attempt!.requestId === before?.requestId).toBe(same);
            expect(attempt!.request).toMatchObject({
              kind: actual.context.kind,
              stake: actual.context.stake,
              legs: actual.context.legs.map(({ marketId, key, price }: SlipRequest['legs'][number]) => ({
                marketId,
                key,
                price,
              })),
            });
            expect(actual.context.stake).toBeGreaterThan(0);
            expect(actual.context.legs.every((l: { offered: boolean }) => l.offered)).toBe(true);
          }
        }
        before = attempt;
      },
    });
    const ctx = end.context;
    const last = path.steps.at(-1)?.event as { type: string; error?: { code: string } } | undefined;
    if (end.matches('placed') || end.matches('pending')) {
      // A placed slip is done: its legs are gone and its request id with them.
      expect(ctx.legs).toEqual([]);
      expect(ctx.attempt).toBeNull();
      expect(ctx.placed.length).toBeGreaterThan(0);
    }
    if (end.matches('pending')) expect(ctx.placed.some((p: SportsBet) => p.status === 'pending')).toBe(true);
    if (end.hasTag('priceChanged')) expect(ctx.errorCode).toBe('PRICE_CHANGED');
    if (last?.error?.code === 'PRICE_CHANGED') {
      // The prices now are on the slip, for the member to accept.
      for (const l of ctx.legs) {
        const now = moved.legs.find((m) => m.marketId === l.marketId && m.key === l.key);
        if (now) expect(l.price).toBe(now.price);
      }
    }
    if (end.hasTag('failed')) {
      // Kept, so the same slip sent again keeps its request id.
      expect(ctx.attempt).not.toBeNull();
      expect(ctx.errorCode).not.toBeNull();
      if (last?.error?.code === 'MARKET_SUSPENDED') expect(ctx.faultLegs).toEqual([1]);
    }
    if (last?.type === 'xstate.error.actor.pollBets' && end.matches('placed')) {
      expect(ctx.errorCode).toBe('NETWORK_ERROR');
    }
  });
});

describe('sports slip helpers', () => {
  it('offers the systems that fit the legs: k/n for 2 ≤ k < n and the named ones of n legs', () => {
    expect(systemsFor(1)).toEqual([]);
    expect(systemsFor(2)).toEqual([]);
    expect(systemsFor(3)).toEqual(['2/3', 'trixie', 'patent']);
    expect(systemsFor(4)).toEqual(['2/4', '3/4', 'yankee', 'lucky15']);
    expect(systemsFor(8)).toContain('goliath');
    expect(systemsFor(20)).toHaveLength(18);
    expect(kindsFor([a])).toEqual(['singles']);
    expect(kindsFor([a, b])).toEqual(['singles', 'accumulator']);
    expect(kindsFor([a, b, d])).toEqual(['singles', 'accumulator', 'system']);
    expect(kindsFor([a, b, c])).toEqual(['singles']);
  });

  it('totals singles per leg, an accumulator once with its floored price, a system per line', () => {
    const legs = [a, b, d];
    expect(slipTotals({ kind: 'singles', system: null, legs, stake: 1_000 })).toEqual({
      lines: 3,
      totalStake: 3_000,
      potentialPayout: 2_100 + 3_000 + 1_500,
      price: null,
    });
    // 2.10 × 3.00 × 1.50 = 9.45
    expect(slipTotals({ kind: 'accumulator', system: null, legs, stake: 1_000 })).toEqual({
      lines: 1,
      totalStake: 1_000,
      potentialPayout: 9_450,
      price: 94_500,
    });
    // A trixie: three doubles and the treble, 1.000 each.
    expect(slipTotals({ kind: 'system', system: 'trixie', legs, stake: 1_000 })).toEqual({
      lines: 4,
      totalStake: 4_000,
      potentialPayout: 6_300 + 3_150 + 4_500 + 9_450,
      price: null,
    });
    // Related legs make no accumulator.
    expect(slipTotals({ kind: 'accumulator', system: null, legs: [a, c], stake: 1_000 })).toBeNull();
    // Beyond a safe integer the payout is not shown (the book's maximum payout refuses it first).
    const huge = Array.from({ length: 20 }, (_, i) => leg(100 + i, 100 + i, 'home', 10_000_000));
    expect(
      slipTotals({ kind: 'accumulator', system: null, legs: huge, stake: 1_000 })?.potentialPayout,
    ).toBeNull();
  });
});

describe('sports slip', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const start = (
    actors: Partial<Record<'place' | 'pollBets', unknown>>,
    input: Record<string, unknown> = {},
  ) =>
    createActor(
      sportsSlipMachine.provide({
        actors: { place: requiredActor('place'), pollBets: requiredActor('pollBets'), ...actors } as never,
      }),
      { input },
    ).start();

  it('takes a second pick of the same outcome off, and refuses a 21st leg', () => {
    const actor = start({});
    actor.send({ type: 'ADD_LEG', leg: a });
    actor.send({ type: 'ADD_LEG', leg: b });
    actor.send({ type: 'ADD_LEG', leg: a });
    expect(actor.getSnapshot().context.legs.map((l) => l.marketId)).toEqual([21]);
    actor.send({ type: 'CLEAR' });
    for (let i = 0; i < MAX_LEGS; i++)
      actor.send({ type: 'ADD_LEG', leg: leg(100 + i, 100 + i, 'home', 20_000) });
    actor.send({ type: 'ADD_LEG', leg: d });
    expect(actor.getSnapshot().context).toMatchObject({ errorCode: 'SLIP_TOO_MANY_LEGS' });
    expect(actor.getSnapshot().context.legs).toHaveLength(MAX_LEGS);
    // Taking one off makes room.
    actor.send({ type: 'ADD_LEG', leg: leg(100, 100, 'home', 20_000) });
    actor.send({ type: 'ADD_LEG', leg: d });
    expect(actor.getSnapshot().context.errorCode).toBeNull();
    expect(actor.getSnapshot().context.legs.at(-1)?.marketId).toBe(31);
    actor.stop();
  });

  it('keeps two legs of one event and shows them clashing in an accumulator, offering singles only', () => {
    const actor = start({}, { legs: [a, b], kind: 'accumulator', stake: 500 });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    actor.send({ type: 'ADD_LEG', leg: c });
    const snap = actor.getSnapshot();
    expect(snap.hasTag('invalid')).toBe(true);
    expect(snap.context).toMatchObject({ problem: 'SLIP_RELATED_LEGS', faultLegs: [0, 2] });
    expect(snap.can({ type: 'PLACE' })).toBe(false);
    expect(snap.can({ type: 'SET_KIND', kind: 'system' })).toBe(false);
    actor.send({ type: 'SET_KIND', kind: 'singles' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(slipTotals(actor.getSnapshot().context)?.totalStake).toBe(1_500);
    actor.stop();
  });

  it('marks polled prices up or down and will not place while a leg is not offered', () => {
    const actor = start({}, { legs: [a, b], stake: 500 });
    actor.send({
      type: 'PRICES',
      prices: [
        { marketId: 11, key: 'home', price: 22_000 },
        { marketId: 21, key: 'away', price: 29_000 },
      ],
    });
    expect(actor.getSnapshot().context.legs.map((l) => [l.price, l.moved])).toEqual([
      [22_000, 'up'],
      [29_000, 'down'],
    ]);
    actor.send({ type: 'PRICES', prices: [{ marketId: 21, key: 'away', price: null }] });
    expect(actor.getSnapshot().can({ type: 'PLACE' })).toBe(false);
    actor.send({ type: 'PRICES', prices: [{ marketId: 21, key: 'away', price: 29_000 }] });
    expect(actor.getSnapshot().can({ type: 'PLACE' })).toBe(true);
    actor.stop();
  });

  it('after PRICE_CHANGED places the new prices under a new request id; RETRY keeps the id', async () => {
    const sent: Array<Attempt<SlipRequest>> = [];
    const answers: Array<() => PlacedSportsSlip> = [
      () => {
        throw {
          code: 'PRICE_CHANGED',
          message: 'The price changed',
          value: {
            legs: [
              { marketId: 11, key: 'home', price: 20_000 },
              { marketId: 21, key: 'away', price: 31_000 },
            ],
          },
        };
      },
      () => {
        throw { code: 'NETWORK_ERROR' };
      },
      () => placedOpen,
    ];
    const actor = start(
      {
        place: fromPromise(async ({ input }: { input: Attempt<SlipRequest> }) => {
          sent.push(input);
          return answers.shift()!();
        }),
      },
      { legs: [a, b], kind: 'accumulator', stake: 1_000, accept: 'better' },
    );
    actor.send({ type: 'PLACE' });
    await settle();
    let snap = actor.getSnapshot();
    expect(snap.hasTag('priceChanged')).toBe(true);
    expect(snap.context.legs.map((l) => [l.price, l.moved])).toEqual([
      [20_000, 'down'],
      [31_000, 'up'],
    ]);
    expect(snap.context.faultLegs).toEqual([0, 1]);
    expect(slipTotals(snap.context)?.potentialPayout).toBe(6_200);
    actor.send({ type: 'ACCEPT_CHANGES' });
    await settle();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    actor.send({ type: 'RETRY' });
    await settle();
    snap = actor.getSnapshot();
    expect(snap.hasTag('placed')).toBe(true);
    expect(snap.context).toMatchObject({ placed: placedOpen.bets, balance: 99_000, legs: [], attempt: null });
    expect(sent).toHaveLength(3);
    expect(sent[0]!.request).toEqual({
      kind: 'accumulator',
      legs: [
        { marketId: 11, key: 'home', price: 21_000 },
        { marketId: 21, key: 'away', price: 30_000 },
      ],
      stake: 1_000,
      accept: 'better',
    });
    expect(sent[1]!.requestId).not.toBe(sent[0]!.requestId);
    expect(sent[1]!.request.legs.map((l) => l.price)).toEqual([20_000, 31_000]);
    expect(sent[2]).toEqual(sent[1]);
    actor.stop();
  });

  it('watches in-play bets until the server decides them', async () => {
    const polls: Array<{ ids: number[]; acceptsAt: number | null }> = [];
    const pending = [
      bet({ id: 7, kind: 'single', status: 'pending', acceptsAt: 9_000 }),
      bet({ id: 8, kind: 'single', status: 'pending', acceptsAt: 9_500 }),
    ];
    const answers = [
      [pending[0]!, bet({ id: 8, kind: 'single', status: 'rejected', rejectReason: 'PRICE_CHANGED' })],
      [bet({ id: 7, kind: 'single', status: 'open' })],
    ];
    const actor = start(
      {
        place: fromPromise(async () => ({ bets: pending, balance: 97_000 })),
        pollBets: fromPromise(async ({ input }: { input: { ids: number[]; acceptsAt: number | null } }) => {
          polls.push(input);
          const answer = answers.shift();
          if (!answer) throw { code: 'NETWORK_ERROR' };
          return answer;
        }),
      },
      { legs: [leg(1, 11, 'home', 21_000, true), leg(1, 11, 'draw', 34_000, true)], stake: 1_000 },
    );
    actor.send({ type: 'PLACE' });
    await settle();
    await settle();
    await settle();
    const snap = actor.getSnapshot();
    expect(snap.hasTag('placed')).toBe(true);
    expect(polls).toEqual([
      { ids: [7, 8], acceptsAt: 9_500 },
      { ids: [7], acceptsAt: 9_000 },
    ]);
    expect(snap.context.placed.map((p) => [p.id, p.status])).toEqual([
      [7, 'open'],
      [8, 'rejected'],
    ]);
    actor.stop();
  });

  it('stops watching after polls fail in a row; the bets stand', async () => {
    let polls = 0;
    const actor = start(
      {
        place: fromPromise(async () => placedPending),
        pollBets: fromPromise(async () => {
          polls++;
          throw { code: 'NETWORK_ERROR' };
        }),
      },
      { legs: [a], stake: 1_000 },
    );
    actor.send({ type: 'PLACE' });
    for (let i = 0; i < 8; i++) await settle();
    expect(actor.getSnapshot().hasTag('placed')).toBe(true);
    expect(actor.getSnapshot().context.errorCode).toBe('NETWORK_ERROR');
    expect(polls).toBe(5);
    actor.stop();
  });
});
