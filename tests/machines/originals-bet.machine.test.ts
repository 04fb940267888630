import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { OriginalsBet } from '../../src/api/contract/originals';
import {
  type AutoConfig,
  originalsBetMachine,
  type WagerRequest,
} from '../../src/machines/originals-bet.machine';
import type { Attempt } from '../../src/machines/request-attempt';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const machine = originalsBetMachine.provide({ actors: { placeBet: requiredActor('test') } });

const request: WagerRequest = { stake: 100, params: { chance: 4_950, side: 'over' } };
const bet = (payout: number, stake = 100): OriginalsBet => ({
  id: 1,
  game: 'dice',
  stake,
  payout,
  multiplier: payout > 0 ? 20_000 : 0,
  params: request.params,
  outcome: { roll: 7_000 },
  nonce: 0,
  serverSeedHash: 'h',
  clientSeed: 'c',
  balance: 1_000,
  createdAt: 0,
});
const twoBets: AutoConfig = {
  count: 2,
  onWin: { mode: 'reset', percent: 0 },
  onLoss: { mode: 'reset', percent: 0 },
  stopProfit: 0,
  stopLoss: 0,
};
const martingale: AutoConfig = {
  count: 0,
  onWin: { mode: 'reset', percent: 0 },
  onLoss: { mode: 'increase', percent: 100 },
  stopProfit: 100,
  stopLoss: 250,
};

const won = { type: 'xstate.done.actor.placeBet', output: bet(200) };
const lost = { type: 'xstate.done.actor.placeBet', output: bet(0) };
const lostAnswer = { type: 'xstate.error.actor.placeBet', error: { code: 'NETWORK_ERROR' } };
const refused = { type: 'xstate.error.actor.placeBet', error: { code: 'INSUFFICIENT_FUNDS' } };
const events = [
  { type: 'BET', request },
  { type: 'AUTO_START', request, config: twoBets },
  { type: 'AUTO_START', request, config: martingale },
  { type: 'STOP' },
  { type: 'SHOWN' },
  { type: 'SET_INSTANT', instant: true },
  { type: 'DISMISS' },
  won,
  lost,
  lostAnswer,
  refused,
] as never[];

describe('in-house instant bet machine (graph-generated paths)', () => {
  type Snap = ReturnType<ReturnType<typeof createActor<typeof machine>>['getSnapshot']>;
  const serializeState = (s: Snap) =>
    `${JSON.stringify(s.value)}#${s.context.stopReason}#${s.context.errorCode}#${s.context.instant}#${
      s.context.auto
        ? `${s.context.auto.count}:${Math.min(s.context.stats.bets, 3)}:${Math.max(-300, Math.min(100, s.context.stats.profit))}:${s.context.stopRequested}`
        : '-'
    }`;
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, {
    events,
    serializeState: serializeState as never,
  });

  it('reaches every stop reason of auto-bet', () => {
    const reasons = new Set(reachable.map((r) => r.split('#')[1]));
    expect([...reasons].sort()).toEqual(['count', 'error', 'loss', 'null', 'profit', 'stopped']);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(machine, path, {
      check: (actual) => {
        const c = actual.context;
        // Auto-bet never keeps going past a stop condition it has met.
        if (c.auto && actual.matches({ auto: 'placing' })) {
          if (c.auto.count > 0) expect(c.stats.bets).toBeLessThan(c.auto.count);
          if (c.auto.stopProfit > 0) expect(c.stats.profit).toBeLessThan(c.auto.stopProfit);
          if (c.auto.stopLoss > 0) expect(-c.stats.profit).toBeLessThan(c.auto.stopLoss);
        }
        // A bet waiting for its answer always has a request to carry.
        if (actual.hasTag('busy') && !actual.hasTag('showing')) expect(c.attempt).not.toBeNull();
      },
    });
    const c = end.context;
    if (c.stopReason === 'count') expect(c.stats.bets).toBe(2);
    if (c.stopReason === 'profit') expect(c.stats.profit).toBeGreaterThanOrEqual(100);
    if (c.stopReason === 'loss') expect(-c.stats.profit).toBeGreaterThanOrEqual(250);
    if (c.stopReason === 'error') expect(c.errorCode).toBe('INSUFFICIENT_FUNDS');
    if (end.matches('idle') && c.stopReason !== null) expect(c.auto).toBeNull();
  });
});

describe('in-house instant bet machine, auto-bet by time', () => {
  const settle = () => new Promise((r) => setTimeout(r, 5));
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await settle();
  };

  it('doubles after each loss and goes back to the base stake after a win (martingale), stopping at the profit', async () => {
    // Lose 100, lose 200, then 400 pays 800: the session is 100 up.
    const outcomes = [0, 0, 800];
    const stakes: number[] = [];
    const actor = createActor(
      originalsBetMachine.provide({
        actors: {
          placeBet: fromPromise(async ({ input }: { input: Attempt<WagerRequest> }) => {
            stakes.push(input.request.stake);
            // A real answer comes in a later task; never a run of microtasks that starves the timers.
            await new Promise((r) => setTimeout(r, 0));
            return bet(outcomes.shift() ?? 0, input.request.stake);
          }),
        },
      }),
    ).start();
    actor.send({ type: 'SET_INSTANT', instant: true });
    actor.send({ type: 'AUTO_START', request, config: { ...martingale, stopLoss: 0 } });
    await until(() => actor.getSnapshot().matches('idle'));
    actor.stop();
    expect(stakes).toEqual([100, 200, 400]);
    expect(actor.getSnapshot().context).toMatchObject({
      stopReason: 'profit',
      stats: { bets: 3, profit: 100 },
    });
  });

  it('sends a bet whose answer was lost again with the same request id, then goes on', async () => {
    const ids: string[] = [];
    let fail = 2;
    const actor = createActor(
      originalsBetMachine.provide({
        delays: { retryDelay: 0 },
        actors: {
          placeBet: fromPromise(async ({ input }: { input: Attempt<WagerRequest> }) => {
            ids.push(input.requestId);
            await new Promise((r) => setTimeout(r, 0));
            if (fail-- > 0) throw { code: 'NETWORK_ERROR' };
            return bet(0);
          }),
        },
      }),
    ).start();
    actor.send({ type: 'SET_INSTANT', instant: true });
    actor.send({ type: 'AUTO_START', request, config: twoBets });
    await until(() => actor.getSnapshot().matches('idle'));
    actor.stop();
    expect(ids).toHaveLength(4);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).toBe(ids[0]);
    expect(ids[3]).not.toBe(ids[0]);
    expect(actor.getSnapshot().context.stopReason).toBe('count');
  });

  it('finishes the bet in flight when the player stops, then stops', async () => {
    let release: () => void = () => {};
    const actor = createActor(
      originalsBetMachine.provide({
        actors: {
          placeBet: fromPromise(
            () => new Promise<OriginalsBet>((resolve) => (release = () => resolve(bet(0)))),
          ),
        },
      }),
    ).start();
    actor.send({ type: 'SET_INSTANT', instant: true });
    actor.send({ type: 'AUTO_START', request, config: { ...twoBets, count: 0 } });
    actor.send({ type: 'STOP' });
    expect(actor.getSnapshot().hasTag('auto')).toBe(true);
    release();
    await settle();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ stopReason: 'stopped', stats: { bets: 1 } });
  });
});
