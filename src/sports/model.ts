/**
 * The sportsbook's market model (docs/sports.md, "Model"), one for the operator's own fixtures, the
 * simulator and a real feed: sport → competition → fixture → market (a type and its line parameters) →
 * outcomes with prices. Shared by the server (catalogue, settlement) and the browser (bet slip, pages).
 *
 * Handicap and total lines are whole numbers of **quarters** (`lineQ`): −0.25 → −1, 2.5 → 10, 2.75 → 11,
 * so whole (multiple of 4), half (2 mod 4) and quarter lines (odd) are exact and told apart by arithmetic.
 */

export const SPORTS = ['football', 'cs2', 'dota2', 'lol', 'valorant'] as const;
export type Sport = (typeof SPORTS)[number];
/** Football is the only "sports" sport so far; the other four are e-sports (their own vendor and rebate). */
export type SportKind = 'sports' | 'esports';
export const sportKind = (sport: Sport): SportKind => (sport === 'football' ? 'sports' : 'esports');

/** What an e-sports game's maps count besides the map itself: rounds (CS2, Valorant) or kills (MOBAs). */
export const MAP_STAT: Record<Exclude<Sport, 'football'>, 'rounds' | 'kills'> = {
  cs2: 'rounds',
  valorant: 'rounds',
  dota2: 'kills',
  lol: 'kills',
};

export interface Competition {
  id: string;
  sport: Sport;
  name: string;
  /** ISO 3166 country, or null for international competitions (Libertadores, the majors). */
  country: string | null;
}

export interface Team {
  id: string;
  name: string;
}

export interface Fixture {
  id: string;
  competitionId: string;
  sport: Sport;
  home: Team;
  away: Team;
  /** Epoch milliseconds. */
  startsAt: number;
  /** E-sports: the number of maps the match is played as (1, 2, 3, 5). */
  bestOf?: number;
}

/** A football statistic a total can count. */
export type FootballStat = 'goals' | 'corners' | 'cards';
export type Side = 'home' | 'away';

/**
 * A market: its type and line parameters. `event` (on every market) is what makes two legs related: the
 * fixture's id, or for an outright the competition's season id.
 */
export type MarketSpec =
  // Football (full time, 90 minutes and stoppage time; extra time and penalties never count).
  | { type: '1x2' }
  | { type: 'double_chance' }
  | { type: 'draw_no_bet' }
  | { type: 'asian_handicap'; lineQ: number }
  | { type: 'over_under'; stat: FootballStat; lineQ: number }
  | { type: 'team_total'; team: Side; lineQ: number }
  | { type: 'btts' }
  | { type: 'correct_score' }
  | { type: 'ht_ft' }
  | { type: 'outright'; places: number; competitors: readonly string[] }
  // E-sports (a map is 1-based; a total without a map counts the whole match).
  | { type: 'match_winner' }
  | { type: 'map_winner'; map: number }
  | { type: 'map_handicap'; lineQ: number }
  | { type: 'total_maps'; lineQ: number }
  | { type: 'map_total'; stat: 'rounds' | 'kills'; map?: number; lineQ: number }
  | { type: 'first_blood'; map: number };

export type MarketType = MarketSpec['type'];

export const FOOTBALL_MARKETS = [
  '1x2',
  'double_chance',
  'draw_no_bet',
  'asian_handicap',
  'over_under',
  'team_total',
  'btts',
  'correct_score',
  'ht_ft',
  'outright',
] as const satisfies readonly MarketType[];

export const ESPORTS_MARKETS = [
  'match_winner',
  'map_winner',
  'map_handicap',
  'total_maps',
  'map_total',
  'first_blood',
  'outright',
] as const satisfies readonly MarketType[];

export type MarketStatus = 'open' | 'suspended' | 'closed' | 'settled' | 'void';

export interface Market {
  id: string;
  fixtureId: string;
  spec: MarketSpec;
  status: MarketStatus;
  /** Bumped on every price or status change: an in-play bet is re-checked against it before acceptance. */
  version: number;
}

export interface Outcome {
  marketId: string;
  /** The outcome's key within its market (`outcomeKeys`): "home", "over", "2-1", "home/draw", a team id. */
  key: string;
  /** Decimal odds in ten-thousandths (src/sports/price.ts). */
  price: number;
}

/** The correct scores a correct-score market lists one by one; every other score is "other". */
export const CORRECT_SCORES: readonly string[] = (() => {
  const out: string[] = [];
  for (let h = 0; h <= 4; h++) for (let a = 0; a <= 4; a++) out.push(`${h}-${a}`);
  return out;
})();

const RESULTS3 = ['home', 'draw', 'away'] as const;

/** A market's outcome keys, in the order a page lists them. */
export function outcomeKeys(spec: MarketSpec): readonly string[] {
  switch (spec.type) {
    case '1x2':
      return RESULTS3;
    case 'double_chance':
      return ['1X', '12', 'X2'];
    case 'draw_no_bet':
    case 'asian_handicap':
    case 'match_winner':
    case 'map_winner':
    case 'map_handicap':
    case 'first_blood':
      return ['home', 'away'];
    case 'over_under':
    case 'team_total':
    case 'total_maps':
    case 'map_total':
      return ['over', 'under'];
    case 'btts':
      return ['yes', 'no'];
    case 'correct_score':
      return [...CORRECT_SCORES, 'other'];
    case 'ht_ft':
      return RESULTS3.flatMap((ht) => RESULTS3.map((ft) => `${ht}/${ft}`));
    case 'outright':
      return spec.competitors;
  }
}

/**
 * How an event is named wherever it is listed: "Flamengo x Palmeiras", or an outright's own name (its
 * `home`; an outright has no `away`).
 */
export const eventName = (e: { home: string; away: string }) =>
  e.away === '' ? e.home : `${e.home} x ${e.away}`;

/** Whether a line in quarters is a quarter line (split in two half stakes on its neighbours). */
export const isQuarterLine = (lineQ: number) => Math.abs(lineQ % 2) === 1;

/** A line in quarters as text: 10 → "2.5", −1 → "-0.25", 0 → "0"; `signed` writes "+0.5" and "0". */
export function lineText(lineQ: number, lang = 'en', signed = false): string {
  const sign = lineQ < 0 ? '-' : signed && lineQ > 0 ? '+' : '';
  const abs = Math.abs(lineQ);
  const whole = Math.floor(abs / 4);
  const frac = ['', '25', '5', '75'][abs % 4]!;
  return `${sign}${whole}${frac ? `${lang === 'pt' ? ',' : '.'}${frac}` : ''}`;
}

/** The lines a template offers around its main one. */
const around = (main: number, steps: readonly number[]) => steps.map((s) => main + s);

/**
 * The markets a fixture of a sport gets by default (the simulator's and the operator's starting set); a
 * feed may add others of the same types. E-sports totals and handicaps depend on the match's best-of.
 */
export function marketTemplate(sport: Sport, bestOf = 3): MarketSpec[] {
  if (sport === 'football') {
    return [
      { type: '1x2' },
      { type: 'double_chance' },
      { type: 'draw_no_bet' },
      ...around(0, [-6, -5, -4, -3, -2, -1, 0, 1, 2]).map(
        (lineQ): MarketSpec => ({ type: 'asian_handicap', lineQ }),
      ),
      ...around(10, [-8, -4, -1, 0, 1, 4, 8]).map(
        (lineQ): MarketSpec => ({ type: 'over_under', stat: 'goals', lineQ }),
      ),
      { type: 'over_under', stat: 'corners', lineQ: 38 },
      { type: 'over_under', stat: 'cards', lineQ: 18 },
      { type: 'btts' },
      { type: 'correct_score' },
      { type: 'ht_ft' },
      { type: 'team_total', team: 'home', lineQ: 6 },
      { type: 'team_total', team: 'away', lineQ: 6 },
    ];
  }
  const stat = MAP_STAT[sport];
  const maps = Array.from({ length: bestOf }, (_, i) => i + 1);
  /**
   * A map's usual total: 21.5 rounds in CS2 (MR12) and Valorant, inside regulation's 24 (a line above it
   * would be an overtime bet only); 46.5 kills in Dota 2, 28.5 in LoL.
   */
  const mapLine = { cs2: 86, valorant: 86, dota2: 186, lol: 114 }[sport];
  const specs: MarketSpec[] = [{ type: 'match_winner' }];
  if (bestOf > 1) {
    specs.push({ type: 'map_handicap', lineQ: -6 }, { type: 'map_handicap', lineQ: 6 });
    // Over (best-of − 0.5) maps: whether it goes the distance. A best of 2 always plays both maps.
    if (bestOf % 2 === 1) specs.push({ type: 'total_maps', lineQ: 4 * bestOf - 2 });
  }
  for (const map of maps) {
    specs.push({ type: 'map_winner', map }, { type: 'map_total', stat, map, lineQ: mapLine });
    if (stat === 'kills') specs.push({ type: 'first_blood', map });
  }
  return specs;
}

/** Whether `key` is one of a market's outcomes. */
export const isOutcomeOf = (spec: MarketSpec, key: string) => outcomeKeys(spec).includes(key);

/** The furthest a handicap or total line may be from 0, in quarters: 500 (a match's rounds or kills). */
const MAX_LINE_Q = 2_000;

export type MarketProblem = 'MARKET_WRONG_SPORT' | 'MARKET_BAD_LINE' | 'MARKET_BAD_MAP' | 'MARKET_BAD_PLACES';

/**
 * Whether a market can be offered on a fixture of a sport (an operator's or a feed's market is checked
 * before it is stored): a type of the sport, a whole number of quarters as its line (a total above 0, a
 * handicap within ±500), a map within the best-of, an outright paying fewer places than it has
 * competitors, all different. Null when it can.
 */
export function checkMarketSpec(spec: MarketSpec, sport: Sport, bestOf = 1): MarketProblem | null {
  const types: readonly MarketType[] = sport === 'football' ? FOOTBALL_MARKETS : ESPORTS_MARKETS;
  if (!types.includes(spec.type)) return 'MARKET_WRONG_SPORT';
  if ('lineQ' in spec) {
    const total = spec.type !== 'asian_handicap' && spec.type !== 'map_handicap';
    if (!Number.isSafeInteger(spec.lineQ) || Math.abs(spec.lineQ) > MAX_LINE_Q || (total && spec.lineQ <= 0))
      return 'MARKET_BAD_LINE';
  }
  if (spec.type === 'map_total' && spec.stat !== MAP_STAT[sport as keyof typeof MAP_STAT])
    return 'MARKET_WRONG_SPORT';
  if (spec.type === 'first_blood' && MAP_STAT[sport as keyof typeof MAP_STAT] !== 'kills')
    return 'MARKET_WRONG_SPORT';
  if (
    'map' in spec &&
    spec.map !== undefined &&
    !(Number.isSafeInteger(spec.map) && spec.map >= 1 && spec.map <= bestOf)
  )
    return 'MARKET_BAD_MAP';
  if (spec.type === 'outright') {
    const n = spec.competitors.length;
    if (!Number.isSafeInteger(spec.places) || spec.places < 1 || spec.places >= n) return 'MARKET_BAD_PLACES';
    if (new Set(spec.competitors).size !== n || spec.competitors.some((c) => c === ''))
      return 'MARKET_BAD_PLACES';
  }
  return null;
}
