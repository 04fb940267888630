import type { ContractTerms } from '../../../src/api/contract/agents';
import { betTypes } from '../../../src/lottery/bet-types';
import { betTypeReturns } from '../../../src/lottery/returns';

/**
 * What the house keeps of a game's valid bets, in basis points, by category (docs/agents.md "The house
 * edge"). The inputs are plain shapes server/app.ts fills from the games, originals and lottery services.
 */
export interface EdgeSources {
  /** Each vendor's category (the category its rounds and their rebate fall in). */
  vendorCategory: Map<string, string>;
  /** The catalogue's games (a vendor's game states its return as text, "96.48"). */
  catalogue: Array<{
    vendor: string;
    gameCode: string;
    category: string;
    active: boolean;
    rtp: string | null;
  }>;
  /** The in-house vendor's code and its games' settings (their edge is what they play with). */
  inHouse: { vendor: string; games: Array<{ game: string; enabled: boolean; edgeBp: number }> };
  /** The lotteries with each bet type's odds as they play now. */
  lottery: Array<{
    /** The lottery's own code (a back-office change names it). */
    game?: string;
    vendor: string;
    enabled: boolean;
    betTypes: Array<{ code: string; enabled: boolean; odds: Record<string, number> }>;
  }>;
}

/**
 * Each bet type's best return at its default odds, in millionths rounded up. Exact and costly to compute
 * (an SSC type walks 100,000 results: all of them take seconds), so kept here; tests/unit/house-edges.test.ts
 * recomputes every one from src/lottery/returns.ts and fails when the bet types or their odds change.
 */
export const DEFAULT_BEST_RETURNS: Record<string, number> = {
  'ssc.star5': 975_000,
  'ssc.star4': 975_000,
  'ssc.star3': 975_000,
  'ssc.star2': 975_000,
  'ssc.star1': 975_000,
  'ssc.group120': 975_000,
  'ssc.group24': 975_000,
  'ssc.group3': 975_000,
  'ssc.group6': 975_000,
  'ssc.group2': 975_000,
  'ssc.bsoe': 975_000,
  'ssc.sum': 975_000,
  'ssc.dragonTiger': 975_000,
  '11x5.any1': 972_728,
  '11x5.any2': 974_546,
  '11x5.any3': 974_546,
  '11x5.any4': 975_000,
  '11x5.any5': 975_000,
  '11x5.any6': 974_936,
  '11x5.any7': 975_000,
  '11x5.any8': 974_546,
  '11x5.front2': 975_000,
  '11x5.front2group': 974_910,
  '11x5.front3': 975_000,
  '11x5.front3group': 974_970,
  'pk10.position': 975_000,
  'pk10.sum': 974_889,
  'pk10.sumBsoe': 973_334,
  'pk10.bsoe': 975_000,
  'pk10.dragonTiger': 975_000,
  'lhc.special': 974_898,
  'lhc.zodiac': 974_694,
  'lhc.colour': 974_898,
  'lhc.bsoe': 970_613,
  '4d.big': 640_000,
  '4d.small': 650_000,
  'vn.lo': 974_700,
  'vn.de': 975_000,
  'vn.xien2': 974_158,
  'vn.xien3': 974_981,
  'vn.xien4': 975_000,
  'vn.3cang': 975_000,
};

/** Exact returns of a bet type the table does not know yet, once per odds. */
const returnsMemo = new Map<string, number>();

/**
 * A bet type's best return at its odds as a fraction, at most: a return is linear in the odds, so it is
 * at most the default odds' times the most any of its odds rose (exact at the default odds).
 */
async function bestReturn(code: string, odds: Record<string, number>) {
  const def = betTypes.get(code);
  if (!def) return null;
  const base = DEFAULT_BEST_RETURNS[code];
  if (base !== undefined) {
    let rise = 1;
    for (const [key, d] of Object.entries(def.defaultOdds)) rise = Math.max(rise, (odds[key] ?? d) / d);
    return (base * rise) / 1_000_000;
  }
  const key = `${code}:${JSON.stringify(Object.entries(odds).sort())}`;
  let best = returnsMemo.get(key);
  if (best === undefined) {
    // Up to half a second: let other requests run first.
    await new Promise((resolve) => setImmediate(resolve));
    best = betTypeReturns(def, odds).max;
    if (returnsMemo.size > 2_000) returnsMemo.clear();
    returnsMemo.set(key, best);
  }
  return best;
}

/** A stated return ("98.94") as the edge it leaves, in whole basis points rounded down; null if unreadable. */
export function edgeOfRtp(rtp: string | null): number | null {
  if (rtp === null || !/^\d{1,3}(\.\d+)?$/.test(rtp.trim())) return null;
  const edge = 10_000 - Number(rtp.trim()) * 100;
  return Math.floor(Number(edge.toFixed(6)));
}

/**
 * The lowest edge of each category's games on offer. In-house games count at the edge their settings
 * give; a lottery at its best-returning bet type; a vendor's game at its stated return. A game whose return
 * the catalogue does not state cannot be checked and is left out (docs/agents.md).
 */
export async function categoryEdges(sources: EdgeSources): Promise<Map<string, number>> {
  const edges = new Map<string, number>();
  const lowest = (category: string | undefined, edge: number | null) => {
    if (category === undefined || edge === null) return;
    edges.set(category, Math.min(edges.get(category) ?? edge, edge));
  };
  const houseCategory = sources.vendorCategory.get(sources.inHouse.vendor);
  for (const game of sources.inHouse.games) if (game.enabled) lowest(houseCategory, game.edgeBp);
  for (const lottery of sources.lottery) {
    if (!lottery.enabled) continue;
    let best = 0;
    for (const t of lottery.betTypes)
      if (t.enabled) best = Math.max(best, (await bestReturn(t.code, t.odds)) ?? 0);
    // Odds raised past the table may bound the return above 100 %: no edge left.
    lowest(
      sources.vendorCategory.get(lottery.vendor),
      Math.max(0, Math.floor(Number(((1 - best) * 10_000).toFixed(6)))),
    );
  }
  for (const game of sources.catalogue)
    if (game.active && game.vendor !== sources.inHouse.vendor) lowest(game.category, edgeOfRtp(game.rtp));
  return edges;
}

/**
 * The highest rate (basis points) a contract of this kind may have on a category of this edge and rebate,
 * beside the house's other contracts with the same agent (they count the same valid bets), so that the
 * house still keeps something of every valid bet:
 * - a salary pays at most its rate on every valid bet (its base in a period, valid bets, a loss or
 *   winnings, is on average at most the valid bets);
 * - a dividend pays its rate on what the team lost net of carried winnings, on average the edge.
 * So: (salaries + rebate) × 10,000 + dividend × edge < edge × 10,000.
 */
export function mostRateFor(
  kind: ContractTerms['kind'],
  edgeBp: number,
  rebateBp: number,
  others: { salariesBp: number; dividendBp: number } = { salariesBp: 0, dividendBp: 0 },
): number {
  const left = edgeBp * 10_000 - (others.salariesBp + rebateBp) * 10_000 - others.dividendBp * edgeBp;
  if (left <= 0) return 0;
  // rate < left / (10,000 for a salary, the edge for a dividend), in whole basis points.
  const per = kind === 'dividend' ? edgeBp : 10_000;
  return Math.max(0, Math.ceil(left / per) - 1);
}

/** The rate of each of the house's other contracts with the agent, as `mostRateFor` counts them. */
export function othersOf(contracts: Array<{ kind: string; rateBp: number }>) {
  let salariesBp = 0;
  let dividendBp = 0;
  for (const c of contracts) {
    if (c.kind === 'dividend') dividendBp += c.rateBp;
    else salariesBp += c.rateBp;
  }
  return { salariesBp, dividendBp };
}

/** The first category (lowest room first) whose edge cannot cover the contract's rate and its rebate. */
export function edgeShortfall(
  terms: Pick<ContractTerms, 'kind' | 'tiers'>,
  edges: Map<string, number>,
  rebates: Record<string, number>,
  others: { salariesBp: number; dividendBp: number } = { salariesBp: 0, dividendBp: 0 },
): { category: string; edgeBp: number; rebateBp: number; mostBp: number } | null {
  const rateBp = Math.max(...terms.tiers.map((t) => t.rateBp));
  let worst: { category: string; edgeBp: number; rebateBp: number; mostBp: number } | null = null;
  for (const [category, edgeBp] of edges) {
    const rebateBp = rebates[category] ?? 0;
    const mostBp = mostRateFor(terms.kind, edgeBp, rebateBp, others);
    if (rateBp > mostBp && (!worst || mostBp < worst.mostBp)) worst = { category, edgeBp, rebateBp, mostBp };
  }
  return worst;
}
