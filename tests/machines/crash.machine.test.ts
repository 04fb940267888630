import { describe, expect, it } from 'vitest';
import type { createActor } from 'xstate';
import type { CrashBet, CrashRound } from '../../src/api/contract/originals';
import { crashMachine } from '../../src/machines/crash.machine';
import type { AutoConfig } from '../../src/machines/originals-bet.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const machine = crashMachine.provide({
  actors: { placeBet: requiredActor('test'), cashout: requiredActor('test') },
});

const round = (id: number, status: CrashRound['status']): CrashRound => ({
  id,
  index: id,
  status,
  bettingEndsAt: 0,
  startedAt: status === 'betting' ? null : 1,
  bust: status === 'crashed' || status === 'settled' ? 250 : null,
  hash: status === 'crashed' || status === 'settled' ? 'h' : null,
});
const bet = (roundId: number, status: CrashBet['status'], payout = 0): CrashBet => ({
  id: roundId * 10,
  roundId,
  stake: 100,
  autoCashout: 150,
  multiplier: status === 'cashed' ? 150 : 0,
  payout,
  status,
  balance: 1_000,
});
const twice: AutoConfig = {
  count: 2,
  onWin: { mode: 'reset', percent: 0 },
  onLoss: { mode: 'increase', percent: 100 },
  stopProfit: 0,
  stopLoss: 0,
};

const events = [
  { type: 'ROUND', round: round(1, 'betting') },
  { type: 'ROUND', round: round(1, 'running') },
  { type: 'ROUND', round: round(1, 'crashed') },
  { type: 'ROUND', round: round(2, 'betting') },
  { type: 'ROUND', round: round(2, 'running') },
  { type: 'ROUND', round: round(2, 'crashed') },
  { type: 'BET', request: { stake: 100, autoCashout: null } },
  { type: 'CANCEL' },
  { type: 'CASHOUT' },
  { type: 'AUTO_START', request: { stake: 100, autoCashout: 150 }, config: twice },
  { type: 'STOP' },
  { type: 'MINE', bet: bet(1, 'cashed', 150) },
  { type: 'MINE', bet: bet(2, 'lost') },
  { type: 'xstate.done.actor.placeBet', output: bet(1, 'active') },
  { type: 'xstate.done.actor.placeBet', output: bet(2, 'active') },
  { type: 'xstate.done.actor.cashout', output: bet(1, 'cashed', 130) },
  { type: 'xstate.error.actor.placeBet', error: { code: 'CRASH_BETTING_CLOSED' } },
  { type: 'xstate.error.actor.cashout', error: { code: 'CRASH_BUSTED' } },
] as never[];

describe('crash machine (graph-generated paths)', () => {
  type Snap = ReturnType<ReturnType<typeof createActor<typeof machine>>['getSnapshot']>;
  const serializeState = (s: Snap) => {
    const c = s.context;
    return `${JSON.stringify(s.value)}#${c.round?.id ?? '-'}:${c.round?.status ?? '-'}#${c.mine ? `${c.mine.roundId}:${c.mine.status}` : '-'}#${c.errorCode}#${c.stopReason}#${c.auto ? `${c.stats.bets}:${c.stopRequested}` : '-'}`;
  };
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, {
    events,
    serializeState: serializeState as never,
  });

  it('bets now or for the next round, cashes out, and auto-bets until its count or a stop', () => {
    const values = new Set(reachable.map((r) => r.split('#')[0]));
    for (const v of [
      '"idle"',
      '"queued"',
      '"placing"',
      '"cashing"',
      '{"auto":"waiting"}',
      '{"auto":"playing"}',
    ])
      expect(values).toContain(v);
    const reasons = new Set(reachable.map((r) => r.split('#')[4]));
    expect([...reasons].sort()).toEqual(['count', 'error', 'null', 'stopped']);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    let placing = false;
    let cashing = false;
    replay(machine, path, {
      check: (actual) => {
        const c = actual.context;
        // A bet is only sent into a round that takes bets (the round may start while it is on its way).
        const nowPlacing = actual.matches('placing') || actual.matches({ auto: 'placing' });
        const entered = nowPlacing && !placing;
        placing = nowPlacing;
        if (entered) {
          expect(c.round?.status).toBe('betting');
          expect(c.attempt?.request.roundId).toBe(c.round!.id);
        }
        // A cash-out is only asked for a bet in play in the running round (the round may crash meanwhile).
        const nowCashing = actual.matches('cashing') || actual.matches({ auto: 'cashing' });
        const startedCashing = nowCashing && !cashing;
        cashing = nowCashing;
        if (startedCashing) {
          expect(c.round?.status).toBe('running');
          expect(c.mine?.status).toBe('active');
        }
        if (c.auto && c.auto.count > 0) expect(c.stats.bets).toBeLessThanOrEqual(c.auto.count);
      },
    });
  });
});
