import type { ContractTerms } from '../../../src/api/contract/agents';

/** A contract's team over one period: its valid bets, its members' result, and its active members. */
export interface TeamPeriod {
  validBet: number;
  /** The members' result (payout and refunds less stake): negative when the team lost. */
  profit: number;
  active: number;
}

/** What one period of a contract comes to, with every input kept for the bill. */
export interface BillMath {
  /** The highest tier the team reached (0-based), or -1 when it reached none. */
  tier: number;
  rateBp: number;
  /** What the rate applies to. */
  base: number;
  amount: number;
  carryIn: number;
  carryOut: number;
}

/**
 * A period's pay under a contract (docs/agents.md). The highest tier whose valid bets and active members
 * the team reached gives the rate. A salary pays the rate on its type's base: valid bets (single bet),
 * what the members lost (loss), or what they won (profit). A dividend pays the rate on what the team lost
 * beyond the winnings carried in from earlier periods; a period the team won adds its winnings to what is
 * carried into the next. Amounts are whole minor units, rounded down.
 */
export function billFor(terms: ContractTerms, team: TeamPeriod, carryIn = 0): BillMath {
  let tier = -1;
  terms.tiers.forEach((t, i) => {
    if (team.validBet >= t.minValidBet && team.active >= t.minActive) tier = i;
  });
  const rateBp = tier >= 0 ? terms.tiers[tier]!.rateBp : 0;
  let base: number;
  let carryOut = 0;
  if (terms.kind === 'dividend') {
    const net = -team.profit - carryIn;
    base = Math.max(0, net);
    carryOut = Math.max(0, -net);
  } else if (terms.salaryType === 'loss') {
    base = Math.max(0, -team.profit);
  } else if (terms.salaryType === 'profit') {
    base = Math.max(0, team.profit);
  } else {
    base = team.validBet;
  }
  // Integer arithmetic: base × rate / 10,000 rounded down, exact for any safe base.
  const amount = Number((BigInt(base) * BigInt(rateBp)) / 10_000n);
  return { tier, rateBp, base, amount, carryIn: terms.kind === 'dividend' ? carryIn : 0, carryOut };
}
