import { describe, expect, it } from 'vitest';
import { lastCompletePeriod, periodAt } from '../../server/modules/agents/periods';
import { billFor } from '../../server/modules/agents/settlement-math';
import type { ContractTerms } from '../../src/api/contract/agents';

const tiers = [
  { minValidBet: 0, minActive: 0, rateBp: 50 },
  { minValidBet: 1_000_000, minActive: 3, rateBp: 100 },
  { minValidBet: 5_000_000, minActive: 10, rateBp: 150 },
];
const salary = (salaryType: 'single_bet' | 'loss' | 'profit'): ContractTerms => ({
  kind: 'daily_salary',
  salaryType,
  minActiveBet: 1_000,
  tiers,
});
const dividend: ContractTerms = { kind: 'dividend', payPeriod: 'weekly', minActiveBet: 1_000, tiers };

describe('contract pay, known answers', () => {
  it('pays a salary on valid bets at the highest tier the team reached', () => {
    expect(billFor(salary('single_bet'), { validBet: 999_999, profit: 0, active: 50 })).toMatchObject({
      tier: 0,
      rateBp: 50,
      base: 999_999,
      amount: 4_999, // 999,999 × 0.5 % = 4,999.995, rounded down
    });
    expect(billFor(salary('single_bet'), { validBet: 2_000_000, profit: 0, active: 3 }).amount).toBe(20_000);
    // Enough bets for the top tier but too few active members: the middle one.
    expect(billFor(salary('single_bet'), { validBet: 9_000_000, profit: 0, active: 9 })).toMatchObject({
      tier: 1,
      amount: 90_000,
    });
    expect(billFor(salary('single_bet'), { validBet: 9_000_000, profit: 0, active: 10 }).amount).toBe(
      135_000,
    );
  });

  it('pays a loss salary on what the members lost and a profit salary on what they won', () => {
    const lost = { validBet: 2_000_000, profit: -300_000, active: 4 };
    const won = { validBet: 2_000_000, profit: 300_000, active: 4 };
    expect(billFor(salary('loss'), lost)).toMatchObject({ base: 300_000, amount: 3_000 });
    expect(billFor(salary('loss'), won)).toMatchObject({ base: 0, amount: 0 });
    expect(billFor(salary('profit'), won)).toMatchObject({ base: 300_000, amount: 3_000 });
    expect(billFor(salary('profit'), lost).amount).toBe(0);
  });

  it('pays a dividend on the team’s loss and carries a winning period into the next', () => {
    const team = (profit: number) => ({ validBet: 2_000_000, profit, active: 5 });
    // Week 1: the team won 400,000: nothing paid, 400,000 carried.
    const w1 = billFor(dividend, team(400_000), 0);
    expect(w1).toMatchObject({ amount: 0, base: 0, carryOut: 400_000 });
    // Week 2: the team lost 250,000: still 150,000 carried, nothing paid.
    const w2 = billFor(dividend, team(-250_000), w1.carryOut);
    expect(w2).toMatchObject({ amount: 0, carryIn: 400_000, carryOut: 150_000 });
    // Week 3: the team lost 1,150,000: 1,000,000 beyond the carry, at 1 %.
    const w3 = billFor(dividend, team(-1_150_000), w2.carryOut);
    expect(w3).toMatchObject({ base: 1_000_000, amount: 10_000, carryOut: 0 });
  });

  it('keeps amounts exact for large bases', () => {
    const big = billFor(salary('single_bet'), { validBet: 9_007_199_254_740_000, profit: 0, active: 10 });
    expect(big.amount).toBe(Number((9_007_199_254_740_000n * 150n) / 10_000n));
  });
});

describe('pay periods in the brand’s time zone', () => {
  const tz = 'America/Sao_Paulo';
  const at = new Date('2026-11-25T02:07:00Z'); // 23:07 on 24 November in São Paulo
  it.each([
    [
      'realtime_salary',
      undefined,
      '2026-11-24T23:00',
      '2026-11-25T02:00:00.000Z',
      '2026-11-25T02:05:00.000Z',
    ],
    ['hourly_salary', undefined, '2026-11-24T22', '2026-11-25T01:00:00.000Z', '2026-11-25T02:00:00.000Z'],
    ['daily_salary', undefined, '2026-11-23', '2026-11-23T03:00:00.000Z', '2026-11-24T03:00:00.000Z'],
    ['dividend', 'daily', '2026-11-23', '2026-11-23T03:00:00.000Z', '2026-11-24T03:00:00.000Z'],
    ['dividend', 'weekly', '2026-W47', '2026-11-16T03:00:00.000Z', '2026-11-23T03:00:00.000Z'],
    ['dividend', 'semimonthly', '2026-11-H1', '2026-11-01T03:00:00.000Z', '2026-11-16T03:00:00.000Z'],
    ['dividend', 'monthly', '2026-10', '2026-10-01T03:00:00.000Z', '2026-11-01T03:00:00.000Z'],
  ] as const)('%s %s: the last complete period is %s', (kind, payPeriod, key, start, end) => {
    const p = lastCompletePeriod(kind, payPeriod, at, tz);
    expect([p.key, p.start.toISOString(), p.end.toISOString()]).toEqual([key, start, end]);
    // Periods tile time: the one after it begins where it ends.
    expect(periodAt(kind, payPeriod, p.end, tz).start).toEqual(p.end);
  });
});
