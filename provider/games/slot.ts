/**
 * A 5-reel, 3-row video slot with 20 fixed paylines, a wild and a scatter that triggers free spins.
 *
 * Each reel stops at `stream.int(strip.length)` and shows strip[stop], strip[stop + 1], strip[stop + 2]
 * (wrapping). Lines pay left to right from reel 1: the longest run of one symbol (the wild standing in for
 * anything but the scatter), or the run of leading wilds paid as wilds, whichever pays more. Scatters pay
 * anywhere, as multiples of the total stake, and three or more award free spins in which every win is
 * multiplied and no further free spins are awarded (so a round is a bounded, exactly computable thing).
 *
 * Amounts are integer minor units. The stake is a multiple of 20, so the line bet (stake / 20) and every win
 * are whole numbers. The published return is computed exactly from the strips and paytable by `slotRtp`.
 */
import type { OutcomeStream } from '../fair';
import { Fraction } from './exact';

export interface SlotSymbol {
  id: string;
  /** Integer multiples of the LINE bet for 3, 4 and 5 in a row (all zero for the scatter). */
  pays: { 3: number; 4: number; 5: number };
}

export interface SlotTheme {
  code: string;
  symbols: SlotSymbol[];
  wild: string;
  scatter: string;
  /** Five reel strips of symbol ids. */
  reels: string[][];
  /** The paylines, each five row indexes (0 top … 2 bottom), one per reel. */
  lines: number[][];
  lineBetDivisor: 20;
  /** Scatter count (3, 4, 5) → multiple of the TOTAL stake. */
  scatterPays: Record<number, number>;
  /** Scatter count → free spins awarded. */
  freeSpins: Record<number, number>;
  freeSpinMultiplier: number;
  /** slotRtp(theme) (percent) to two decimals, e.g. '96.21'; the tests hold the two equal. */
  publishedRtp: string;
}

export interface LineWin {
  /** Index into theme.lines (0-based). */
  line: number;
  symbol: string;
  count: number;
  win: number;
}

export interface GridEvaluation {
  lineWins: LineWin[];
  scatters: number;
  scatterWin: number;
  freeSpinsAwarded: number;
  win: number;
}

export interface SpinResult extends GridEvaluation {
  stops: number[];
  /** grid[reel][row]. */
  grid: string[][];
}

export interface RoundResult {
  spins: SpinResult[];
  win: number;
}

/** All a spin needs from the fair stream, so tests can feed chosen stops. */
export type StopSource = Pick<OutcomeStream, 'int'>;

export const REELS = 5;
export const ROWS = 3;
export const LINE_BET_DIVISOR = 20;

/** Stakes are whole minor units and a positive multiple of 20, so every line bet and win is whole. */
export function assertStake(stake: number): void {
  if (!Number.isSafeInteger(stake) || stake <= 0 || stake % LINE_BET_DIVISOR !== 0) {
    throw new RangeError(`slot stake must be a positive multiple of ${LINE_BET_DIVISOR}: ${stake}`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Evaluation
// ---------------------------------------------------------------------------------------------------------

/** The visible column of a reel stopped at `stop`: three consecutive strip positions, wrapping. */
export function column(strip: readonly string[], stop: number): string[] {
  return Array.from({ length: ROWS }, (_, row) => strip[(stop + row) % strip.length]!);
}

function paysOf(theme: SlotTheme, id: string): SlotSymbol['pays'] {
  const symbol = theme.symbols.find((s) => s.id === id);
  if (!symbol) throw new Error(`${theme.code}: unknown symbol ${id}`);
  return symbol.pays;
}

function payFor(theme: SlotTheme, id: string, count: number): number {
  return count >= 3 ? paysOf(theme, id)[count as 3 | 4 | 5] : 0;
}

/** The cells a line crosses: one per reel of the grid (grid[reel][row]), at that reel's row. */
function lineCells(grid: readonly string[][], rows: readonly number[]): string[] {
  return grid.map((col, reel) => col[rows[reel]!]!);
}

function countScatters(theme: SlotTheme, grid: readonly string[][]): number {
  return grid.reduce((n, col) => n + col.filter((id) => id === theme.scatter).length, 0);
}

/** How many cells from the left satisfy `matches`. */
function runLength(cells: readonly string[], matches: (id: string) => boolean): number {
  let n = 0;
  while (n < cells.length && matches(cells[n]!)) n++;
  return n;
}

export interface LineOutcome {
  symbol: string;
  count: number;
  /** Multiple of the line bet (before any free-spin multiplier). */
  multiple: number;
}

/**
 * The best reading of one line's cells (left to right), or null when it pays nothing. Two readings compete:
 * the leading wilds paid as wilds, and the first non-wild symbol extended through wilds. The scatter never
 * joins a run. Works on fewer than five cells too (hitFrequency reads only the first three).
 */
export function evaluateLine(theme: SlotTheme, cells: readonly string[]): LineOutcome | null {
  const wildCount = runLength(cells, (id) => id === theme.wild);
  const wildReading = {
    symbol: theme.wild,
    count: wildCount,
    multiple: payFor(theme, theme.wild, wildCount),
  };

  const first = cells.find((id) => id !== theme.wild);
  let best = wildReading;
  if (first !== undefined && first !== theme.scatter) {
    const count = runLength(cells, (id) => id === first || id === theme.wild);
    const multiple = payFor(theme, first, count);
    // Ties go to the symbol, so a win is named after what the player sees completed by wilds.
    if (multiple >= best.multiple) best = { symbol: first, count, multiple };
  }
  return best.multiple > 0 ? best : null;
}

/**
 * Everything a visible grid (grid[reel][row]) pays at `stake`. Free spins multiply every win and award no
 * further free spins.
 */
export function evaluateGrid(
  theme: SlotTheme,
  grid: string[][],
  stake: number,
  free: boolean,
): GridEvaluation {
  assertStake(stake);
  const lineBet = stake / theme.lineBetDivisor;
  const multiplier = free ? theme.freeSpinMultiplier : 1;

  const lineWins: LineWin[] = [];
  theme.lines.forEach((rows, line) => {
    const outcome = evaluateLine(theme, lineCells(grid, rows));
    if (outcome) {
      lineWins.push({
        line,
        symbol: outcome.symbol,
        count: outcome.count,
        win: outcome.multiple * lineBet * multiplier,
      });
    }
  });

  const scatters = countScatters(theme, grid);
  const scatterWin = (theme.scatterPays[scatters] ?? 0) * stake * multiplier;
  const freeSpinsAwarded = free ? 0 : (theme.freeSpins[scatters] ?? 0);
  const win = lineWins.reduce((sum, w) => sum + w.win, 0) + scatterWin;
  return { lineWins, scatters, scatterWin, freeSpinsAwarded, win };
}

/** One spin: a stop per reel, drawn reel 1 to 5 from the stream, then the grid's pays. */
export function spin(theme: SlotTheme, stream: StopSource, stake: number, free: boolean): SpinResult {
  const stops = theme.reels.map((strip) => stream.int(strip.length));
  const grid = theme.reels.map((strip, reel) => column(strip, stops[reel]!));
  return { stops, grid, ...evaluateGrid(theme, grid, stake, free) };
}

/** A paid round: the base spin, then every free spin it awarded, all drawn in order from one stream. */
export function playRound(theme: SlotTheme, stream: StopSource, stake: number): RoundResult {
  assertStake(stake);
  const spins = [spin(theme, stream, stake, false)];
  for (let i = 0; i < spins[0]!.freeSpinsAwarded; i++) spins.push(spin(theme, stream, stake, true));
  return { spins, win: spins.reduce((sum, s) => sum + s.win, 0) };
}

// ---------------------------------------------------------------------------------------------------------
// Exact figures
// ---------------------------------------------------------------------------------------------------------

/** How often each symbol sits on a strip. */
function symbolCounts(strip: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of strip) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/**
 * The exact reckoning assumes a reel shows at most one scatter, so that "reel i shows a scatter" has
 * probability 3 × count / length. Strips that break this would make the published figure wrong.
 */
export function assertScattersSpaced(theme: SlotTheme): void {
  theme.reels.forEach((strip, reel) => {
    for (let stop = 0; stop < strip.length; stop++) {
      if (column(strip, stop).filter((id) => id === theme.scatter).length > 1) {
        throw new Error(`${theme.code}: reel ${reel + 1} can show two scatters at stop ${stop}`);
      }
    }
  });
}

/**
 * Expected multiple of the line bet on ONE line. A line takes one cell from each reel, each uniform over its
 * strip and independent of the others, so enumerate symbol combinations weighted by their counts.
 */
function expectedLineMultiple(theme: SlotTheme): Fraction {
  const perReel = theme.reels.map((strip) => [...symbolCounts(strip)]);
  let weighted = 0n;
  const cells: string[] = [];
  const walk = (reel: number, weight: bigint): void => {
    if (reel === REELS) {
      const outcome = evaluateLine(theme, cells);
      if (outcome) weighted += weight * BigInt(outcome.multiple);
      return;
    }
    for (const [id, count] of perReel[reel]!) {
      cells[reel] = id;
      walk(reel + 1, weight * BigInt(count));
    }
  };
  walk(0, 1n);
  const combinations = theme.reels.reduce((n, strip) => n * BigInt(strip.length), 1n);
  return new Fraction(weighted, combinations);
}

/** The chance that reel `reel` shows a scatter (at most one, by assertScattersSpaced). */
function scatterChance(theme: SlotTheme, reel: number): Fraction {
  const strip = theme.reels[reel]!;
  return new Fraction(3 * strip.filter((id) => id === theme.scatter).length, strip.length);
}

/** P(exactly k scatters) for k = 0 … number of reels, the reels being independent. */
function scatterCountDistribution(theme: SlotTheme, reels: readonly number[]): Fraction[] {
  let dist: Fraction[] = [Fraction.ONE];
  for (const reel of reels) {
    const p = scatterChance(theme, reel);
    const q = Fraction.ONE.sub(p);
    const next = Array.from({ length: dist.length + 1 }, () => Fraction.ZERO);
    dist.forEach((pk, k) => {
      next[k] = next[k]!.add(pk.mul(q));
      next[k + 1] = next[k + 1]!.add(pk.mul(p));
    });
    dist = next;
  }
  return dist;
}

function allReels(theme: SlotTheme): number[] {
  return theme.reels.map((_, reel) => reel);
}

/** The chance that a base spin awards free spins. */
export function freeSpinChance(theme: SlotTheme): Fraction {
  assertScattersSpaced(theme);
  return scatterCountDistribution(theme, allReels(theme)).reduce(
    (sum, p, k) => ((theme.freeSpins[k] ?? 0) > 0 ? sum.add(p) : sum),
    Fraction.ZERO,
  );
}

/**
 * The exact return of a round in percent (expected total win / stake × 100, so `.toFixed(2)` is the
 * published figure): a base spin plus, for each scatter count, its chance × the free spins it awards × the
 * expected free spin. Expectations add even though lines and scatters share cells, and free spins never
 * retrigger, so the sum is finite and exact.
 */
export function slotRtp(theme: SlotTheme): Fraction {
  assertScattersSpaced(theme);
  const lines = expectedLineMultiple(theme).mul(theme.lines.length).div(theme.lineBetDivisor);
  const scatterDist = scatterCountDistribution(theme, allReels(theme));
  const scatter = scatterDist.reduce((sum, p, k) => sum.add(p.mul(theme.scatterPays[k] ?? 0)), Fraction.ZERO);
  const baseSpin = lines.add(scatter);
  const freeSpin = baseSpin.mul(theme.freeSpinMultiplier);
  const freeSpinsExpected = scatterDist.reduce(
    (sum, p, k) => sum.add(p.mul(theme.freeSpins[k] ?? 0)),
    Fraction.ZERO,
  );
  return baseSpin.add(freeSpinsExpected.mul(freeSpin)).mul(100);
}

/**
 * The exact chance that a base spin wins anything. It relies on every paying symbol paying for three in a
 * row: then a line pays exactly when its first three cells do, so only reels 1–3 need enumerating stop by
 * stop, and reels 4–5 matter only through the scatters they add.
 */
export function hitFrequency(theme: SlotTheme): Fraction {
  assertScattersSpaced(theme);
  for (const s of theme.symbols) {
    if (s.id !== theme.scatter && s.pays[3] <= 0)
      throw new Error(`${theme.code}: ${s.id} must pay for three`);
  }
  const firstThree = theme.reels.slice(0, 3);
  const columns = firstThree.map((strip) => strip.map((_, stop) => column(strip, stop)));

  // Stop combinations of reels 1–3: those with a line win, and the others by how many scatters they show.
  let lineHits = 0n;
  const missesByScatters = [0n, 0n, 0n, 0n];
  for (const c1 of columns[0]!) {
    for (const c2 of columns[1]!) {
      for (const c3 of columns[2]!) {
        const grid = [c1, c2, c3];
        if (theme.lines.some((rows) => evaluateLine(theme, lineCells(grid, rows)))) lineHits++;
        else missesByScatters[countScatters(theme, grid)]!++;
      }
    }
  }

  // A miss on the lines still wins if reels 4–5 bring enough scatters for a scatter pay.
  const minScatterWin = Math.min(
    ...Object.entries(theme.scatterPays)
      .filter(([, multiple]) => multiple > 0)
      .map(([count]) => Number(count)),
  );
  const tail = scatterCountDistribution(theme, [3, 4]);
  const atLeast = (need: number) => tail.slice(Math.max(0, need)).reduce((s, p) => s.add(p), Fraction.ZERO);
  const scatterHits = missesByScatters.reduce(
    (sum, misses, scatters) => sum.add(atLeast(minScatterWin - scatters).mul(new Fraction(misses))),
    Fraction.ZERO,
  );

  const combinations = firstThree.reduce((n, strip) => n * BigInt(strip.length), 1n);
  return scatterHits.add(new Fraction(lineHits)).div(new Fraction(combinations));
}

// ---------------------------------------------------------------------------------------------------------
// Themes
// ---------------------------------------------------------------------------------------------------------

/** The usual 20 lines: rows 0 top, 1 middle, 2 bottom, one per reel. */
export const STANDARD_LINES: number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
];

/** A reel strip written as space-separated symbol ids, top to bottom. */
function strip(ids: string): string[] {
  return ids.trim().split(/\s+/);
}

function pays(three: number, four: number, five: number): SlotSymbol['pays'] {
  return { 3: three, 4: four, 5: five };
}

/**
 * Low volatility: two wilds a reel and the four card symbols stacked in pairs, so small wins come often
 * (about 38 % of spins) and the top line pays 800 × the line bet.
 */
const GOLDEN_DRAGON: SlotTheme = {
  code: 'golden-dragon',
  symbols: [
    { id: 'dragon', pays: pays(40, 150, 800) },
    { id: 'pearl', pays: pays(0, 0, 0) },
    { id: 'ingot', pays: pays(30, 100, 350) },
    { id: 'koi', pays: pays(20, 70, 200) },
    { id: 'lantern', pays: pays(15, 50, 180) },
    { id: 'fan', pays: pays(15, 40, 150) },
    { id: 'ace', pays: pays(8, 30, 80) },
    { id: 'king', pays: pays(8, 25, 80) },
    { id: 'queen', pays: pays(6, 15, 70) },
    { id: 'jack', pays: pays(6, 15, 70) },
  ],
  wild: 'dragon',
  scatter: 'pearl',
  reels: [
    strip(
      'dragon fan ingot lantern king king fan jack jack koi ace ace queen queen lantern dragon fan pearl ingot koi king king fan jack jack lantern ace ace koi queen queen',
    ),
    strip(
      'koi fan queen queen dragon lantern ingot king king fan koi jack jack ace ace lantern fan queen queen dragon koi ingot king king fan pearl lantern jack jack ace ace',
    ),
    strip(
      'lantern jack jack ace ace koi fan pearl queen queen dragon lantern ingot fan king king koi jack jack ace ace fan lantern queen queen dragon koi ingot fan king king',
    ),
    strip(
      'ingot king king lantern jack jack fan koi ace ace queen queen dragon lantern pearl fan ingot koi king king jack jack fan lantern ace ace queen queen koi dragon fan',
    ),
    strip(
      'koi queen queen fan dragon ingot lantern king king fan koi jack jack ace ace lantern queen queen fan dragon koi ingot king king pearl fan jack jack lantern ace ace',
    ),
  ],
  lines: STANDARD_LINES,
  lineBetDivisor: 20,
  scatterPays: { 3: 2, 4: 10, 5: 50 },
  freeSpins: { 3: 10, 4: 12, 5: 15 },
  freeSpinMultiplier: 2,
  publishedRtp: '96.48',
};

/** Medium volatility: a single wild a reel and the two lowest fruits stacked in pairs. */
const NEON_NIGHTS: SlotTheme = {
  code: 'neon-nights',
  symbols: [
    { id: 'star', pays: pays(75, 300, 1500) },
    { id: 'disco', pays: pays(0, 0, 0) },
    { id: 'seven', pays: pays(50, 250, 1000) },
    { id: 'bar', pays: pays(40, 150, 600) },
    { id: 'bell', pays: pays(30, 100, 350) },
    { id: 'melon', pays: pays(20, 80, 250) },
    { id: 'grape', pays: pays(18, 60, 200) },
    { id: 'plum', pays: pays(14, 40, 150) },
    { id: 'lemon', pays: pays(11, 30, 125) },
    { id: 'cherry', pays: pays(10, 30, 125) },
  ],
  wild: 'star',
  scatter: 'disco',
  reels: [
    strip(
      'star melon plum seven bell grape cherry cherry bar lemon lemon plum melon grape bell cherry cherry plum disco seven bar lemon lemon grape melon bell plum cherry cherry grape bar lemon',
    ),
    strip(
      'bar lemon lemon melon plum grape bell seven cherry cherry star bar plum lemon lemon melon grape bell cherry cherry plum bar lemon grape seven melon plum disco bell cherry cherry grape',
    ),
    strip(
      'bell cherry cherry grape bar lemon lemon disco melon plum grape bell cherry cherry seven plum bar lemon lemon melon grape star bell cherry cherry plum bar grape lemon melon seven plum',
    ),
    strip(
      'plum seven bell cherry cherry grape bar lemon lemon plum melon grape bell cherry cherry disco plum seven bar lemon lemon grape melon bell plum cherry cherry star grape bar lemon melon',
    ),
    strip(
      'bar lemon lemon melon plum star seven bell grape cherry cherry bar lemon lemon plum melon grape bell cherry cherry plum bar seven lemon grape melon disco plum bell cherry cherry grape',
    ),
  ],
  lines: STANDARD_LINES,
  lineBetDivisor: 20,
  scatterPays: { 3: 2, 4: 10, 5: 100 },
  freeSpins: { 3: 10, 4: 15, 5: 20 },
  freeSpinMultiplier: 2,
  publishedRtp: '96.01',
};

/**
 * High volatility: a single wild a reel, most symbols stacked in pairs (wins cluster on fewer spins, about
 * one in four) and big five-of-a-kind pays: 5000 × the line bet for masks, 10000 for wilds, free spins × 3.
 */
const PHARAOH_GOLD: SlotTheme = {
  code: 'pharaoh-gold',
  symbols: [
    { id: 'pharaoh', pays: pays(100, 1000, 10000) },
    { id: 'pyramid', pays: pays(0, 0, 0) },
    { id: 'mask', pays: pays(50, 500, 5000) },
    { id: 'scarab', pays: pays(40, 200, 2000) },
    { id: 'ankh', pays: pays(25, 100, 750) },
    { id: 'eye', pays: pays(20, 100, 600) },
    { id: 'ace', pays: pays(10, 40, 150) },
    { id: 'king', pays: pays(10, 40, 150) },
    { id: 'queen', pays: pays(9, 30, 125) },
    { id: 'jack', pays: pays(8, 30, 125) },
  ],
  wild: 'pharaoh',
  scatter: 'pyramid',
  reels: [
    strip(
      'pharaoh eye eye king king mask jack jack ankh ankh ace ace queen queen scarab king king jack jack eye ace ace pyramid mask queen queen ankh king jack jack ace scarab queen queen',
    ),
    strip(
      'scarab queen queen eye eye king king mask jack jack pharaoh ace ace ankh ankh queen queen king king scarab jack jack ace ace eye queen queen mask king ankh pyramid jack jack ace',
    ),
    strip(
      'ankh ankh jack jack ace ace queen queen pyramid scarab king king eye eye jack jack mask ace ace queen queen ankh pharaoh king king jack jack scarab ace eye queen queen mask king',
    ),
    strip(
      'mask king king jack jack ankh ankh ace ace queen queen scarab king king jack jack eye eye pyramid ace ace mask queen queen ankh king jack jack ace scarab pharaoh queen queen eye',
    ),
    strip(
      'scarab queen queen eye eye pharaoh king king mask jack jack ace ace ankh ankh queen queen king king scarab jack jack ace ace eye mask queen queen pyramid ankh king jack jack ace',
    ),
  ],
  lines: STANDARD_LINES,
  lineBetDivisor: 20,
  scatterPays: { 3: 3, 4: 20, 5: 200 },
  freeSpins: { 3: 12, 4: 15, 5: 25 },
  freeSpinMultiplier: 3,
  publishedRtp: '95.48',
};

/** The published themes by code. Each publishedRtp is slotRtp(theme).toFixed(2) (pinned by the tests). */
export const SLOT_THEMES: Record<string, SlotTheme> = {
  [GOLDEN_DRAGON.code]: GOLDEN_DRAGON,
  [NEON_NIGHTS.code]: NEON_NIGHTS,
  [PHARAOH_GOLD.code]: PHARAOH_GOLD,
};
