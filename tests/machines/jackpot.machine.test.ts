import { describe, expect, it } from 'vitest';
import { JACKPOT_MAX, JACKPOT_MIN, jackpotMachine, TICK_DELAYS } from '../../src/machines/jackpot.machine';
import { machinePaths, replay } from './graph-paths';

function sequence(values: number[]) {
  let i = 0;
  return () => values[i++ % values.length]!;
}

const tick = { type: 'xstate.after.tick.jackpot.running' };
const events = [tick, { type: 'PAUSE' }, { type: 'RESUME' }] as never[];

describe('jackpot machine (graph-generated paths)', () => {
  const input = { random: sequence([0.5, 0.2, 0.9, 0.0, 0.99]) };
  const { statePaths, transitionPaths, reachable } = machinePaths(jackpotMachine, { events, input });

  it('reaches running and paused', () => {
    expect(reachable.sort()).toEqual(['"paused"', '"running"']);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    let before: number | undefined;
    replay(jackpotMachine, path, {
      input: { random: sequence([0.5, 0.2, 0.9, 0.0, 0.99]) },
      check: (actual, _expected, event) => {
        const { amount, delay } = actual.context;
        expect(Number.isInteger(amount)).toBe(true);
        expect(amount).toBeGreaterThanOrEqual(JACKPOT_MIN);
        expect(TICK_DELAYS).toContain(delay);
        if (event.type === tick.type && before !== undefined) {
          expect(amount - before).toBeGreaterThanOrEqual(100);
          expect(amount - before).toBeLessThanOrEqual(500);
        }
        if (event.type !== tick.type && before !== undefined) expect(amount).toBe(before);
        before = amount;
      },
    });
  });

  it('starts between 2.1 and 3 billion for any random source', () => {
    for (const r of [0, 0.3, 0.999999]) {
      const path = statePaths.find((p) => p.steps.length <= 1)!;
      const snap = replay(jackpotMachine, path, { input: { random: () => r } });
      expect(snap.context.amount).toBeGreaterThanOrEqual(JACKPOT_MIN);
      expect(snap.context.amount).toBeLessThan(JACKPOT_MAX);
    }
  });

  it('grows by exactly 100 at the low end and 500 at the high end of the random range', () => {
    const path = transitionPaths.find((p) => p.description.includes('"running" --xstate.after'))!;
    const low = replay(jackpotMachine, path, { input: { random: sequence([0, 0, 0]) } });
    expect(low.context.amount).toBe(JACKPOT_MIN + 100);
    const high = replay(jackpotMachine, path, { input: { random: sequence([0, 0, 0.9999]) } });
    expect(high.context.amount).toBe(JACKPOT_MIN + 500);
  });
});
