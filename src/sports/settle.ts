/**
 * What one outcome of a market gets when its fixture's result is known (docs/sports.md, "Settlement"):
 * a **factor**, an exact split of the leg's stake into a part that wins at the price, a part given back
 * (void) and the rest lost, as whole numbers over a common denominator.
 *
 * | result     | win | void | den | the leg returns per unit staked |
 * |------------|-----|------|-----|---------------------------------|
 * | win        | 1   | 0    | 1   | price                           |
 * | lose       | 0   | 0    | 1   | 0                               |
 * | void       | 0   | 1    | 1   | 1                               |
 * | half-win   | 1   | 1    | 2   | (price + 1) / 2                 |
 * | half-lose  | 0   | 1    | 2   | 1 / 2                           |
 * | dead heat  | k   | 0    | n   | price × k / n                   |
 *
 * A dead heat of n tied for k paid places (k < n) pays the k/n share of the stake at the price and loses
 * the rest. Quarter lines (Asian handicap and totals at .25 and .75) are half the stake on each
 * neighbouring line, so their factor is the average of the two halves' factors.
 */
import { CORRECT_SCORES, isQuarterLine, type MarketSpec, type Side, type Sport } from './model';

export interface Factor {
  win: number;
  void: number;
  den: number;
}

export const WIN: Factor = { win: 1, void: 0, den: 1 };
export const LOSE: Factor = { win: 0, void: 0, den: 1 };
export const VOID: Factor = { win: 0, void: 1, den: 1 };
export const HALF_WIN: Factor = { win: 1, void: 1, den: 2 };
export const HALF_LOSE: Factor = { win: 0, void: 1, den: 2 };

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** A factor in lowest terms (so equal factors compare equal field by field). */
export function factor(win: number, voided: number, den: number): Factor {
  const g = gcd(gcd(win, voided), den);
  return { win: win / g, void: voided / g, den: den / g };
}

/** A dead heat: `tied` selections share `paid` places (1 ≤ paid < tied): the paid/tied share wins. */
export const deadHeat = (paid: number, tied: number): Factor => factor(paid, 0, tied);

/** Half the stake on each of two factors. */
const average = (a: Factor, b: Factor) =>
  factor(a.win * b.den + b.win * a.den, a.void * b.den + b.void * a.den, 2 * a.den * b.den);

export type FactorKind = 'win' | 'lose' | 'void' | 'half-win' | 'half-lose' | 'dead-heat';

/** What a player reads beside a settled leg. */
export function factorKind(f: Factor): FactorKind {
  const { win, void: v, den } = factor(f.win, f.void, f.den);
  if (den === 1) return win === 1 ? 'win' : v === 1 ? 'void' : 'lose';
  if (den === 2 && v === 1) return win === 1 ? 'half-win' : 'half-lose';
  return 'dead-heat';
}

export const sameFactor = (a: Factor, b: Factor) =>
  a.win * b.den === b.win * a.den && a.void * b.den === b.void * a.den;

// ---- results -----------------------------------------------------------------------------------------

export type Score = readonly [home: number, away: number];

/**
 * How a fixture ended: `finished` as scheduled; `abandoned` part way (the figures are those at the stop);
 * `cancelled` (or postponed beyond the book's wait) and `walkover` (a side did not play) never played.
 */
export type FixtureStatus = 'finished' | 'abandoned' | 'cancelled' | 'walkover';

export interface FootballResult {
  sport: 'football';
  status: FixtureStatus;
  /** Half-time score; null if abandoned before it. */
  ht: Score | null;
  /** Full-time score (90 minutes and stoppage time), or the score at the abandonment. */
  ft: Score;
  corners: Score;
  cards: Score;
}

export interface MapResult {
  /** The map's winner; null while unfinished (an abandoned match's last map) or drawn. */
  winner: Side | null;
  finished: boolean;
  /** Rounds (CS2, Valorant) or kills (Dota 2, LoL) of each side. */
  stat: Score;
  firstBlood: Side | null;
  /** Restarted from the beginning and played again: the result is the replay's. */
  replayed?: boolean;
}

export interface EsportsResult {
  sport: Exclude<Sport, 'football'>;
  status: FixtureStatus;
  /** The best-of the markets were priced on, and the one the match was played as. */
  scheduledBestOf: number;
  bestOf: number;
  /** The maps in the order played. */
  maps: readonly MapResult[];
}

export interface OutrightResult {
  sport: 'outright';
  /** The finishing order, tied competitors grouped: [["a"], ["b", "c"], ["d"]]. */
  standings: readonly (readonly string[])[];
  /** Competitors withdrawn before the start: their bets are void. */
  nonRunners?: readonly string[];
  /** The competition was called off: every bet on it is void. */
  cancelled?: boolean;
}

export type Result = FootballResult | EsportsResult | OutrightResult;

// ---- lines -----------------------------------------------------------------------------------------

/**
 * A selection `margin` quarters up (its side's goal difference, or a total's count, times 4, signed for
 * the side) on a line of `lineQ` quarters: it wins above zero, is void at zero, loses below; a quarter
 * line is half the stake on each neighbouring half or whole line.
 */
export function lineFactor(margin: number, lineQ: number): Factor {
  const one = (line: number) => (margin + line > 0 ? WIN : margin + line < 0 ? LOSE : VOID);
  return isQuarterLine(lineQ) ? average(one(lineQ - 1), one(lineQ + 1)) : one(lineQ);
}

/** Over or under a total line in quarters: over is `4·total − line` up, under the opposite. */
const totalFactor = (key: string, total: number, lineQ: number) =>
  key === 'over' ? lineFactor(4 * total, -lineQ) : lineFactor(-4 * total, lineQ);

/**
 * A total stopped part way (an abandoned match) stands only when no later count could change it: the
 * over has already fully won (and so the under fully lost). Anything else is void.
 */
const stoppedTotal = (key: string, total: number, lineQ: number) =>
  factorKind(totalFactor('over', total, lineQ)) === 'win' ? (key === 'over' ? WIN : LOSE) : VOID;

const winnerOf = (s: Score) => (s[0] > s[1] ? 'home' : s[0] < s[1] ? 'away' : 'draw');
const sideIs = (key: string, side: string) => (key === side ? WIN : LOSE);
const sum = (s: Score) => s[0] + s[1];

// ---- settlement --------------------------------------------------------------------------------------

/**
 * The factor of outcome `key` of a market on a result. The handicap of an Asian handicap or map
 * handicap market is the home side's (`lineQ`); the away side has the opposite line.
 */
export function settleOutcome(spec: MarketSpec, key: string, result: Result): Factor {
  if (spec.type === 'outright') return settleOutright(spec.places, key, result);
  if (result.sport === 'outright') throw new Error(`a ${spec.type} market needs its fixture's result`);
  if (result.status === 'cancelled' || result.status === 'walkover') return VOID;
  if (result.sport === 'football') return settleFootball(spec, key, result);
  return settleEsports(spec, key, result);
}

/** Every outcome of a market at once. */
export function settleMarket(
  spec: MarketSpec,
  keys: readonly string[],
  result: Result,
): Record<string, Factor> {
  return Object.fromEntries(keys.map((k) => [k, settleOutcome(spec, k, result)]));
}

function settleFootball(spec: MarketSpec, key: string, r: FootballResult): Factor {
  const stopped = r.status === 'abandoned';
  switch (spec.type) {
    case 'over_under': {
      const total = sum(r[spec.stat === 'goals' ? 'ft' : spec.stat]);
      return stopped ? stoppedTotal(key, total, spec.lineQ) : totalFactor(key, total, spec.lineQ);
    }
    case 'team_total': {
      const goals = r.ft[spec.team === 'home' ? 0 : 1];
      return stopped ? stoppedTotal(key, goals, spec.lineQ) : totalFactor(key, goals, spec.lineQ);
    }
    case 'btts': {
      const both = r.ft[0] > 0 && r.ft[1] > 0;
      if (stopped && !both) return VOID;
      return sideIs(key, both ? 'yes' : 'no');
    }
    default:
      break;
  }
  // Every other football market needs the full 90 minutes.
  if (stopped) return VOID;
  const ft = winnerOf(r.ft);
  switch (spec.type) {
    case '1x2':
      return sideIs(key, ft);
    case 'double_chance':
      return { '1X': ft !== 'away', '12': ft !== 'draw', X2: ft !== 'home' }[key] ? WIN : LOSE;
    case 'draw_no_bet':
      return ft === 'draw' ? VOID : sideIs(key, ft);
    case 'asian_handicap': {
      const diff = 4 * (r.ft[0] - r.ft[1]);
      return key === 'home' ? lineFactor(diff, spec.lineQ) : lineFactor(-diff, -spec.lineQ);
    }
    case 'correct_score': {
      const score = `${r.ft[0]}-${r.ft[1]}`;
      return sideIs(key, CORRECT_SCORES.includes(score) ? score : 'other');
    }
    case 'ht_ft':
      if (!r.ht) return VOID;
      return sideIs(key, `${winnerOf(r.ht)}/${ft}`);
    default:
      throw new Error(`${spec.type} is not a football market`);
  }
}

function settleEsports(spec: MarketSpec, key: string, r: EsportsResult): Factor {
  const formatChanged = r.bestOf !== r.scheduledBestOf;
  const complete = r.status === 'finished' && !formatChanged;
  const finished = r.maps.filter((m) => m.finished);
  const won = (side: Side) => finished.filter((m) => m.winner === side).length;
  const mapAt = (n: number) => r.maps[n - 1];
  switch (spec.type) {
    // The match as a whole: only a match played to the end in the format it was priced on.
    case 'match_winner': {
      if (!complete) return VOID;
      const [h, a] = [won('home'), won('away')];
      return h === a ? VOID : sideIs(key, h > a ? 'home' : 'away');
    }
    case 'map_handicap': {
      if (!complete) return VOID;
      const diff = 4 * (won('home') - won('away'));
      return key === 'home' ? lineFactor(diff, spec.lineQ) : lineFactor(-diff, -spec.lineQ);
    }
    case 'total_maps':
      return complete ? totalFactor(key, finished.length, spec.lineQ) : VOID;
    // One map: stands whatever happens to the match, if that map was played to its end.
    case 'map_winner': {
      const m = mapAt(spec.map);
      return m?.finished && m.winner ? sideIs(key, m.winner) : VOID;
    }
    case 'first_blood': {
      const m = mapAt(spec.map);
      // A replayed map's first blood of the abandoned first play no longer counts: void.
      return m?.firstBlood && !m.replayed ? sideIs(key, m.firstBlood) : VOID;
    }
    case 'map_total': {
      if (spec.map === undefined) {
        // The whole match's rounds or kills: a match-level market.
        if (!complete || r.maps.some((m) => m.replayed)) return VOID;
        return totalFactor(
          key,
          r.maps.reduce((n, m) => n + sum(m.stat), 0),
          spec.lineQ,
        );
      }
      const m = mapAt(spec.map);
      if (!m || m.replayed) return VOID;
      return m.finished
        ? totalFactor(key, sum(m.stat), spec.lineQ)
        : stoppedTotal(key, sum(m.stat), spec.lineQ);
    }
    default:
      throw new Error(`${spec.type} is not an e-sports market`);
  }
}

function settleOutright(places: number, key: string, r: Result): Factor {
  if (r.sport !== 'outright') throw new Error('an outright needs its standings');
  if (r.cancelled || r.nonRunners?.includes(key)) return VOID;
  let position = 1;
  for (const group of r.standings) {
    if (group.includes(key)) {
      if (position > places) return LOSE;
      const last = position + group.length - 1;
      return last <= places ? WIN : deadHeat(places - position + 1, group.length);
    }
    position += group.length;
  }
  return LOSE;
}
