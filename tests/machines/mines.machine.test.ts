import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { MinesGame } from '../../src/api/contract/originals';
import { type MinesRequest, minesMachine } from '../../src/machines/mines.machine';
import type { AutoConfig } from '../../src/machines/originals-bet.machine';
import type { Attempt } from '../../src/machines/request-attempt';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const machine = minesMachine.provide({
  actors: {
    loadCurrent: requiredActor('test'),
    start: requiredActor('test'),
    reveal: requiredActor('test'),
    cashout: requiredActor('test'),
  },
});

const game = (over: Partial<MinesGame> = {}): MinesGame => ({
  id: 7,
  stake: 100,
  mines: 3,
  revealed: [],
  status: 'open',
  multiplier: 100,
  next: 113,
  payout: 0,
  minesAt: null,
  nonce: 0,
  serverSeedHash: 'h',
  clientSeed: 'c',
  balance: 900,
  ...over,
});
const opened = game();
const oneGem = game({ revealed: [0], multiplier: 113 });
const lost = game({ revealed: [0, 5], status: 'settled', minesAt: [5, 9, 12] });
const won = game({ revealed: [0, 1], status: 'settled', multiplier: 128, payout: 128, minesAt: [5, 9, 12] });
const twice: AutoConfig = {
  count: 2,
  onWin: { mode: 'reset', percent: 0 },
  onLoss: { mode: 'increase', percent: 100 },
  stopProfit: 0,
  stopLoss: 0,
};
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, code: string) => ({ type: `xstate.error.actor.${id}`, error: { code } });

const events = [
  { type: 'START', request: { stake: 100, mines: 3 } },
  { type: 'REVEAL', tile: 0 },
  { type: 'REVEAL', tile: 1 },
  { type: 'CASHOUT' },
  { type: 'AUTO_START', request: { stake: 100, mines: 3 }, tiles: [0, 1], config: twice },
  { type: 'STOP' },
  { type: 'DISMISS' },
  done('loadCurrent', { game: oneGem }),
  done('loadCurrent', { game: null }),
  done('start', opened),
  done('reveal', oneGem),
  done('reveal', lost),
  done('reveal', won),
  done('cashout', won),
  fail('start', 'INSUFFICIENT_FUNDS'),
  fail('start', 'NETWORK_ERROR'),
  fail('reveal', 'GAME_NOT_OPEN'),
  fail('reveal', 'NETWORK_ERROR'),
  fail('cashout', 'GAME_NOT_OPEN'),
] as never[];

describe('mines machine (graph-generated paths)', () => {
  type Snap = ReturnType<ReturnType<typeof createActor<typeof machine>>['getSnapshot']>;
  const serializeState = (s: Snap) => {
    const c = s.context;
    return `${JSON.stringify(s.value)}#${c.game?.status ?? '-'}:${c.game?.revealed.length ?? 0}#${c.errorCode}#${c.stopReason}#${
      c.auto ? `${Math.min(c.stats.bets, 2)}:${c.stopRequested}` : '-'
    }`;
  };
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, {
    events,
    serializeState: serializeState as never,
  });

  it('picks up an open game, plays by hand and automatically, and stops for every reason', () => {
    const values = new Set(reachable.map((r) => r.split('#')[0]));
    for (const v of [
      '"loading"',
      '"idle"',
      '"playing"',
      '"revealing"',
      '"cashing"',
      '"over"',
      '{"auto":"revealing"}',
    ])
      expect(values).toContain(v);
    // The pause between auto games is a delay the graph does not take: the timed test below stops by count.
    const reasons = new Set(reachable.map((r) => r.split('#')[3]));
    expect([...reasons].sort()).toEqual(['error', 'null']);
    expect(values).toContain('{"auto":"pausing"}');
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(machine, path, {
      check: (actual) => {
        const c = actual.context;
        // A cash-out is only ever asked for a game with a gem found; a move only for an open game.
        if (actual.matches('cashing')) expect(c.game!.revealed.length).toBeGreaterThan(0);
        if (actual.matches('revealing')) expect(c.game!.status).toBe('open');
        if (actual.matches({ auto: 'starting' }) && c.auto!.count > 0)
          expect(c.stats.bets).toBeLessThan(c.auto!.count);
      },
    });
    if (end.matches('over')) expect(end.context.game?.status).toBe('settled');
    if (end.context.stopReason === 'count') expect(end.context.stats.bets).toBe(2);
  });
});

describe('mines machine by time', () => {
  const settle = () => new Promise((r) => setTimeout(r, 5));

  it('auto-bet opens the marked tiles in order and cashes out after the last, then stops at its count', async () => {
    const calls: string[] = [];
    let revealed: number[] = [];
    const actor = createActor(
      minesMachine.provide({
        delays: { pause: 0 },
        actors: {
          loadCurrent: fromPromise<{ game: MinesGame | null }>(async () => ({ game: null })),
          start: fromPromise<MinesGame, Attempt<MinesRequest>>(async () => {
            calls.push('start');
            revealed = [];
            return game();
          }),
          reveal: fromPromise<MinesGame, { betId: number; tile: number }>(async ({ input }) => {
            calls.push(`reveal ${input.tile}`);
            revealed = [...revealed, input.tile];
            return game({ revealed });
          }),
          cashout: fromPromise<MinesGame, { betId: number }>(async () => {
            calls.push('cashout');
            return game({ revealed, status: 'settled', payout: 128, multiplier: 128, minesAt: [5, 9, 12] });
          }),
        },
      }),
    ).start();
    await settle();
    actor.send({ type: 'AUTO_START', request: { stake: 100, mines: 3 }, tiles: [4, 2], config: twice });
    for (let i = 0; i < 100 && !actor.getSnapshot().matches('over'); i++) await settle();
    expect(calls).toEqual([
      'start',
      'reveal 4',
      'reveal 2',
      'cashout',
      'start',
      'reveal 4',
      'reveal 2',
      'cashout',
    ]);
    expect(actor.getSnapshot().context).toMatchObject({
      stopReason: 'count',
      stats: { bets: 2, profit: 56 },
    });
    actor.stop();
  });
});
