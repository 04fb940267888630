/**
 * Every lottery bet type (docs/lottery.md): what a selection looks like, how many combinations it holds,
 * and what it wins against a draw. One definition for the bet slip in the browser, the server that accepts
 * and settles lines, and the exact-return computation (src/lottery/returns.ts).
 *
 * A selection is one list of picks per row: numbers for number rows, option indexes for option rows (big,
 * small…). A line stakes `unit × multiplier` on each of its combinations; a combination that wins is paid
 * `unit × multiplier × odds / 100` per hit (odds in hundredths, stake included), and one that is voided
 * (Mark Six's 49 on big/small/odd/even) gets its stake back.
 */
import { choose } from '../originals/exact';
import { colourOf, type DrawResult, type Family, LHC_COLOURS, VN_TIERS, zodiacOf } from './results';

export type Selection = number[][];

export interface RowSpec {
  /** Translation key of the row's label under `lottery.rows.` (a position, "numbers", …). */
  label: string;
  /** Number rows: the lowest and highest number. Option rows: 0 … options.length − 1. */
  min: number;
  max: number;
  /** Option rows: each option's translation key under `lottery.options.`. */
  options?: readonly string[];
  /** Picks allowed in this row (at most max − min + 1). */
  minPicks: number;
  maxPicks: number;
  /** How numbers are written: digits to pad to (4D's 0123). */
  pad?: number;
}

/** What a line wins: hits per odds key, and combinations voided (stake back). */
export interface Settlement {
  hits: Record<string, number>;
  voided: number;
}

export interface BetTypeDef {
  code: string;
  family: Family;
  rows: RowSpec[];
  /** The odds keys this type pays on, with their default odds (hundredths). */
  defaultOdds: Record<string, number>;
  /** The selection's combinations (0 when it has none, which is refused). */
  combos(sel: Selection): number;
  settle(sel: Selection, result: DrawResult): Settlement;
  /** Quick pick: the picks of a one-combination selection from `rand(n)` (0 … n − 1). */
  quick(rand: (n: number) => number): Selection;
  /** The most hits one combination can take in a draw (lô: every prize), for the back office's exposure. */
  maxHits?: number;
}

const digitRow = (label: string, minPicks = 1, maxPicks = 10): RowSpec => ({
  label,
  min: 0,
  max: 9,
  minPicks,
  maxPicks,
});
const optionRow = (label: string, options: readonly string[], minPicks = 1): RowSpec => ({
  label,
  min: 0,
  max: options.length - 1,
  options,
  minPicks,
  maxPicks: options.length,
});

const product = (sel: Selection) => sel.reduce((n, row) => n * row.length, 1);
const total = (sel: Selection) => sel.reduce((n, row) => n + row.length, 0);
const hit = (n: number): Settlement => ({ hits: { win: n }, voided: 0 });
const none: Settlement = { hits: {}, voided: 0 };
/** k different numbers of min … max. */
function pickDifferent(rand: (n: number) => number, k: number, min: number, max: number) {
  const pool = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  const out: number[] = [];
  for (let i = 0; i < k; i++) out.push(pool.splice(rand(pool.length), 1)[0]!);
  return out.sort((a, b) => a - b);
}

const digits = (r: DrawResult) => (r as Extract<DrawResult, { family: 'ssc' }>).digits;
const elevens = (r: DrawResult) => (r as Extract<DrawResult, { family: '11x5' }>).numbers;
const cars = (r: DrawResult) => (r as Extract<DrawResult, { family: 'pk10' }>).order;
const lhc = (r: DrawResult) => r as Extract<DrawResult, { family: 'lhc' }>;
const fourD = (r: DrawResult) => r as Extract<DrawResult, { family: '4d' }>;
const vnPrizes = (r: DrawResult) => (r as Extract<DrawResult, { family: 'vn' }>).prizes;

/** Big, small, odd, even: the options of every size-and-parity bet. */
export const BSOE = ['big', 'small', 'odd', 'even'] as const;
/** Which of BSOE a value is: big when at least `bigFrom`. */
const bsoeOf = (v: number, bigFrom: number) => [v >= bigFrom, v < bigFrom, v % 2 === 1, v % 2 === 0];

// ---- SSC: five digits ------------------------------------------------------------------------------

const SSC_POSITIONS = ['p1', 'p2', 'p3', 'p4', 'p5'] as const;

/** Direct bets on the last `n` digits: one row per position, every position must match. */
function sscDirect(n: number, odds: number): BetTypeDef {
  const first = 5 - n;
  return {
    code: `ssc.star${n}`,
    family: 'ssc',
    rows: SSC_POSITIONS.slice(first).map((p) => digitRow(p)),
    defaultOdds: { win: odds },
    combos: product,
    settle: (sel, r) => hit(sel.every((row, i) => row.includes(digits(r)[first + i]!)) ? 1 : 0),
    quick: (rand) => Array.from({ length: n }, () => [rand(10)]),
  };
}

/** The last three digits as a set: a pair and another digit (group 3) or three different (group 6). */
const lastThree = (r: DrawResult) => digits(r).slice(2);

const ssc: BetTypeDef[] = [
  sscDirect(5, 9_750_000),
  sscDirect(4, 975_000),
  sscDirect(3, 97_500),
  sscDirect(2, 9_750),
  {
    code: 'ssc.star1',
    family: 'ssc',
    rows: SSC_POSITIONS.map((p) => digitRow(p, 0)),
    defaultOdds: { win: 975 },
    combos: total,
    settle: (sel, r) => hit(sel.filter((row, i) => row.includes(digits(r)[i]!)).length),
    quick: (rand) => {
      const sel: Selection = SSC_POSITIONS.map(() => []);
      sel[rand(5)]!.push(rand(10));
      return sel;
    },
  },
  {
    // Five different digits, in any order: each combination is a set of five of the picks.
    code: 'ssc.group120',
    family: 'ssc',
    rows: [digitRow('numbers', 5)],
    defaultOdds: { win: 81_250 },
    combos: (sel) => Number(choose(sel[0]!.length, 5)),
    settle: (sel, r) => {
      const d = digits(r);
      return hit(new Set(d).size === 5 && d.every((x) => sel[0]!.includes(x)) ? 1 : 0);
    },
    quick: (rand) => [pickDifferent(rand, 5, 0, 9)],
  },
  {
    // The last four digits all different, in any order.
    code: 'ssc.group24',
    family: 'ssc',
    rows: [digitRow('numbers', 4)],
    defaultOdds: { win: 40_625 },
    combos: (sel) => Number(choose(sel[0]!.length, 4)),
    settle: (sel, r) => {
      const d = digits(r).slice(1);
      return hit(new Set(d).size === 4 && d.every((x) => sel[0]!.includes(x)) ? 1 : 0);
    },
    quick: (rand) => [pickDifferent(rand, 4, 0, 9)],
  },
  {
    // Each combination is an ordered pair (a, b), a ≠ b: "two a and one b" among the last three digits.
    code: 'ssc.group3',
    family: 'ssc',
    rows: [digitRow('numbers', 2)],
    defaultOdds: { win: 32_500 },
    combos: (sel) => sel[0]!.length * (sel[0]!.length - 1),
    settle: (sel, r) => {
      const [a, b, c] = lastThree(r) as [number, number, number];
      if (a === b && b === c) return none;
      if (a !== b && b !== c && a !== c) return none;
      return hit([a, b, c].every((d) => sel[0]!.includes(d)) ? 1 : 0);
    },
    quick: (rand) => [pickDifferent(rand, 2, 0, 9)],
  },
  {
    code: 'ssc.group6',
    family: 'ssc',
    rows: [digitRow('numbers', 3)],
    defaultOdds: { win: 16_250 },
    combos: (sel) => Number(choose(sel[0]!.length, 3)),
    settle: (sel, r) => {
      const [a, b, c] = lastThree(r) as [number, number, number];
      if (a === b || b === c || a === c) return none;
      return hit([a, b, c].every((d) => sel[0]!.includes(d)) ? 1 : 0);
    },
    quick: (rand) => [pickDifferent(rand, 3, 0, 9)],
  },
  {
    code: 'ssc.group2',
    family: 'ssc',
    rows: [digitRow('numbers', 2)],
    defaultOdds: { win: 4_875 },
    combos: (sel) => Number(choose(sel[0]!.length, 2)),
    settle: (sel, r) => {
      const [a, b] = digits(r).slice(3) as [number, number];
      return hit(a !== b && sel[0]!.includes(a) && sel[0]!.includes(b) ? 1 : 0);
    },
    quick: (rand) => [pickDifferent(rand, 2, 0, 9)],
  },
  {
    // Big is 5–9.
    code: 'ssc.bsoe',
    family: 'ssc',
    rows: SSC_POSITIONS.map((p) => optionRow(p, BSOE, 0)),
    defaultOdds: { win: 195 },
    combos: total,
    settle: (sel, r) =>
      hit(sel.reduce((n, row, i) => n + row.filter((o) => bsoeOf(digits(r)[i]!, 5)[o]).length, 0)),
    quick: (rand) => {
      const sel: Selection = SSC_POSITIONS.map(() => []);
      sel[rand(5)]!.push(rand(4));
      return sel;
    },
  },
  {
    // The sum of the five digits, 0–45: big from 23.
    code: 'ssc.sum',
    family: 'ssc',
    rows: [optionRow('sum', BSOE)],
    defaultOdds: { win: 195 },
    combos: total,
    settle: (sel, r) => {
      const sum = digits(r).reduce((a, b) => a + b, 0);
      return hit(sel[0]!.filter((o) => bsoeOf(sum, 23)[o]).length);
    },
    quick: (rand) => [[rand(4)]],
  },
  {
    // The first digit (dragon) against the last (tiger); a tie is its own bet, and dragon and tiger lose on it.
    code: 'ssc.dragonTiger',
    family: 'ssc',
    rows: [optionRow('dragonTiger', ['dragon', 'tiger', 'tie'])],
    defaultOdds: { dragonTiger: 216, tie: 975 },
    combos: total,
    settle: (sel, r) => {
      const d = digits(r);
      const outcome = d[0]! > d[4]! ? 0 : d[0]! < d[4]! ? 1 : 2;
      if (!sel[0]!.includes(outcome)) return none;
      return { hits: outcome === 2 ? { tie: 1 } : { dragonTiger: 1 }, voided: 0 };
    },
    quick: (rand) => [[rand(3)]],
  },
];

// ---- 11X5: five of 01–11 ---------------------------------------------------------------------------

const elevenRow = (label: string, minPicks: number, maxPicks = 11): RowSpec => ({
  label,
  min: 1,
  max: 11,
  minPicks,
  maxPicks,
  pad: 2,
});
const ANY_ODDS = [214, 536, 1_608, 6_435, 45_045, 7_507, 2_145, 804];

/**
 * Any k of 5: up to five, each k numbers picked that were all drawn wins (more picks, more combinations);
 * from six on, the line names exactly k numbers and wins when the five drawn are among them.
 */
function anyOf(k: number): BetTypeDef {
  return {
    code: `11x5.any${k}`,
    family: '11x5',
    rows: [elevenRow('numbers', k, k < 5 ? 11 : k)],
    defaultOdds: { win: ANY_ODDS[k - 1]! },
    combos: (sel) => Number(choose(sel[0]!.length, k)),
    settle: (sel, r) => {
      const inDraw = sel[0]!.filter((n) => elevens(r).includes(n)).length;
      return hit(k <= 5 ? Number(choose(inDraw, k)) : inDraw === 5 ? 1 : 0);
    },
    quick: (rand) => [pickDifferent(rand, k, 1, 11)],
  };
}

/** Ordered picks of the first `n` drawn, one row each: combinations have no number twice. */
function orderedCombos(sel: Selection): number {
  const walk = (i: number, used: number[]): number =>
    i === sel.length
      ? 1
      : sel[i]!.reduce((n, v) => (used.includes(v) ? n : n + walk(i + 1, [...used, v])), 0);
  return walk(0, []);
}

function frontDirect(n: number, odds: number): BetTypeDef {
  return {
    code: `11x5.front${n}`,
    family: '11x5',
    rows: Array.from({ length: n }, (_, i) => elevenRow(['first', 'second', 'third'][i]!, 1)),
    defaultOdds: { win: odds },
    combos: orderedCombos,
    settle: (sel, r) => hit(sel.every((row, i) => row.includes(elevens(r)[i]!)) ? 1 : 0),
    quick: (rand) => {
      const picks = pickDifferent(rand, n, 1, 11);
      // pickDifferent sorts; any order of different numbers is a valid direct bet.
      return picks.map((p) => [p]);
    },
  };
}

function frontGroup(n: number, odds: number): BetTypeDef {
  return {
    code: `11x5.front${n}group`,
    family: '11x5',
    rows: [elevenRow('numbers', n)],
    defaultOdds: { win: odds },
    combos: (sel) => Number(choose(sel[0]!.length, n)),
    settle: (sel, r) =>
      hit(
        elevens(r)
          .slice(0, n)
          .every((v) => sel[0]!.includes(v))
          ? 1
          : 0,
      ),
    quick: (rand) => [pickDifferent(rand, n, 1, 11)],
  };
}

const elevenFive: BetTypeDef[] = [
  ...Array.from({ length: 8 }, (_, i) => anyOf(i + 1)),
  frontDirect(2, 10_725),
  frontGroup(2, 5_362),
  frontDirect(3, 96_525),
  frontGroup(3, 16_087),
];

// ---- PK10: the order of cars 1–10 ------------------------------------------------------------------

const PK10_POSITIONS = Array.from({ length: 10 }, (_, i) => `rank${i + 1}`);
const carRow = (label: string, minPicks = 0): RowSpec => ({
  label,
  min: 1,
  max: 10,
  minPicks,
  maxPicks: 10,
  pad: 2,
});
/** Champion plus runner-up: how many ordered pairs make each sum (of 90). */
const SUM_ODDS: Record<number, number> = {
  3: 4_387,
  4: 4_387,
  5: 2_193,
  6: 2_193,
  7: 1_462,
  8: 1_462,
  9: 1_096,
  10: 1_096,
  11: 877,
};
const sumKey = (s: number) => `sum${Math.min(s, 22 - s)}`;

const pk10: BetTypeDef[] = [
  {
    code: 'pk10.position',
    family: 'pk10',
    rows: PK10_POSITIONS.map((p) => carRow(p)),
    defaultOdds: { win: 975 },
    combos: total,
    settle: (sel, r) => hit(sel.filter((row, i) => row.includes(cars(r)[i]!)).length),
    quick: (rand) => {
      const sel: Selection = PK10_POSITIONS.map(() => []);
      sel[rand(10)]!.push(1 + rand(10));
      return sel;
    },
  },
  {
    code: 'pk10.sum',
    family: 'pk10',
    rows: [{ label: 'sum', min: 3, max: 19, minPicks: 1, maxPicks: 17 }],
    defaultOdds: Object.fromEntries(Object.entries(SUM_ODDS).map(([s, o]) => [`sum${s}`, o])),
    combos: total,
    settle: (sel, r) => {
      const s = cars(r)[0]! + cars(r)[1]!;
      return sel[0]!.includes(s) ? { hits: { [sumKey(s)]: 1 }, voided: 0 } : none;
    },
    quick: (rand) => [[3 + rand(17)]],
  },
  {
    // Champion plus runner-up, 3–19: big from 12. Big and odd are less likely than small and even.
    code: 'pk10.sumBsoe',
    family: 'pk10',
    rows: [optionRow('sum', BSOE)],
    defaultOdds: { big: 219, small: 175, odd: 175, even: 219 },
    combos: total,
    settle: (sel, r) => {
      const flags = bsoeOf(cars(r)[0]! + cars(r)[1]!, 12);
      const hits: Record<string, number> = {};
      for (const o of sel[0]!) if (flags[o]) hits[BSOE[o]!] = 1;
      return { hits, voided: 0 };
    },
    quick: (rand) => [[rand(4)]],
  },
  {
    // Big is 6–10.
    code: 'pk10.bsoe',
    family: 'pk10',
    rows: PK10_POSITIONS.map((p) => optionRow(p, BSOE, 0)),
    defaultOdds: { win: 195 },
    combos: total,
    settle: (sel, r) =>
      hit(sel.reduce((n, row, i) => n + row.filter((o) => bsoeOf(cars(r)[i]!, 6)[o]).length, 0)),
    quick: (rand) => {
      const sel: Selection = PK10_POSITIONS.map(() => []);
      sel[rand(10)]!.push(rand(4));
      return sel;
    },
  },
  {
    // Each of the first five places (dragon) against its mirror, 10th to 6th (tiger).
    code: 'pk10.dragonTiger',
    family: 'pk10',
    rows: Array.from({ length: 5 }, (_, i) => optionRow(`pair${i + 1}`, ['dragon', 'tiger'], 0)),
    defaultOdds: { win: 195 },
    combos: total,
    settle: (sel, r) =>
      hit(
        sel.reduce((n, row, i) => {
          const dragonWins = cars(r)[i]! > cars(r)[9 - i]!;
          return n + row.filter((o) => (o === 0) === dragonWins).length;
        }, 0),
      ),
    quick: (rand) => {
      const sel: Selection = Array.from({ length: 5 }, () => []);
      sel[rand(5)]!.push(rand(2));
      return sel;
    },
  },
];

// ---- LHC / Mark Six: six of 1–49 and a special -------------------------------------------------------

const ZODIAC_OPTIONS = [
  'rat',
  'ox',
  'tiger',
  'rabbit',
  'dragon',
  'snake',
  'horse',
  'goat',
  'monkey',
  'rooster',
  'dog',
  'pig',
] as const;

const markSix: BetTypeDef[] = [
  {
    code: 'lhc.special',
    family: 'lhc',
    rows: [{ label: 'special', min: 1, max: 49, minPicks: 1, maxPicks: 49, pad: 2 }],
    defaultOdds: { win: 4_777 },
    combos: total,
    settle: (sel, r) => hit(sel[0]!.includes(lhc(r).special) ? 1 : 0),
    quick: (rand) => [[1 + rand(49)]],
  },
  {
    // The year's own animal has five numbers (1, 13, 25, 37, 49), the others four: two odds.
    code: 'lhc.zodiac',
    family: 'lhc',
    rows: [optionRow('zodiac', ZODIAC_OPTIONS)],
    defaultOdds: { yearZodiac: 955, zodiac: 1_194 },
    combos: total,
    settle: (sel, r) => {
      const { special, zodiacOfOne } = lhc(r);
      const z = zodiacOf(special, zodiacOfOne);
      if (!sel[0]!.includes(z)) return none;
      return { hits: z === zodiacOfOne ? { yearZodiac: 1 } : { zodiac: 1 }, voided: 0 };
    },
    quick: (rand) => [[rand(12)]],
  },
  {
    code: 'lhc.colour',
    family: 'lhc',
    rows: [optionRow('colour', Object.keys(LHC_COLOURS))],
    defaultOdds: { red: 281, blue: 298, green: 298 },
    combos: total,
    settle: (sel, r) => {
      const c = colourOf(lhc(r).special);
      const i = Object.keys(LHC_COLOURS).indexOf(c);
      return sel[0]!.includes(i) ? { hits: { [c]: 1 }, voided: 0 } : none;
    },
    quick: (rand) => [[rand(3)]],
  },
  {
    // The special: big is 25–48, small 1–24; 49 is neither, and every such bet gets its stake back.
    code: 'lhc.bsoe',
    family: 'lhc',
    rows: [optionRow('special', BSOE)],
    defaultOdds: { win: 194 },
    combos: total,
    settle: (sel, r) => {
      const s = lhc(r).special;
      if (s === 49) return { hits: {}, voided: sel[0]!.length };
      return hit(sel[0]!.filter((o) => bsoeOf(s, 25)[o]).length);
    },
    quick: (rand) => [[rand(4)]],
  },
];

// ---- SEA 4D: 23 numbers of 0000–9999 ---------------------------------------------------------------

const fourDRow: RowSpec = { label: 'number', min: 0, max: 9_999, minPicks: 1, maxPicks: 10, pad: 4 };
/** Which prize a number took, if any. */
function fourDPrize(
  n: number,
  r: DrawResult,
): 'first' | 'second' | 'third' | 'starter' | 'consolation' | null {
  const d = fourD(r);
  if (d.first === n) return 'first';
  if (d.second === n) return 'second';
  if (d.third === n) return 'third';
  if (d.starters.includes(n)) return 'starter';
  if (d.consolations.includes(n)) return 'consolation';
  return null;
}
const fourDSettle =
  (keys: readonly string[]) =>
  (sel: Selection, r: DrawResult): Settlement => {
    const hits: Record<string, number> = {};
    for (const n of sel[0]!) {
      const prize = fourDPrize(n, r);
      if (prize && keys.includes(prize)) hits[prize] = (hits[prize] ?? 0) + 1;
    }
    return { hits, voided: 0 };
  };

const sea4d: BetTypeDef[] = [
  {
    // The classic schedule (per unit): 2,500 / 1,000 / 500 / 180 / 60.
    code: '4d.big',
    family: '4d',
    rows: [fourDRow],
    defaultOdds: { first: 250_000, second: 100_000, third: 50_000, starter: 18_000, consolation: 6_000 },
    combos: total,
    settle: fourDSettle(['first', 'second', 'third', 'starter', 'consolation']),
    quick: (rand) => [[rand(10_000)]],
  },
  {
    code: '4d.small',
    family: '4d',
    rows: [fourDRow],
    defaultOdds: { first: 350_000, second: 200_000, third: 100_000 },
    combos: total,
    settle: fourDSettle(['first', 'second', 'third']),
    quick: (rand) => [[rand(10_000)]],
  },
];

// ---- The northern Vietnamese draw: 27 numbers --------------------------------------------------------

const twoDigitRow = (minPicks: number, maxPicks: number): RowSpec => ({
  label: 'numbers',
  min: 0,
  max: 99,
  minPicks,
  maxPicks,
  pad: 2,
});
const endings = (r: DrawResult) => vnPrizes(r).flatMap((tier) => tier.map((p) => Number(p.slice(-2))));
const specialPrize = (r: DrawResult) => vnPrizes(r)[0]![0]!;

/** Xiên k: k numbers that each end at least one of the 27 prizes; more picks, more combinations. */
function xien(k: number, odds: number): BetTypeDef {
  return {
    code: `vn.xien${k}`,
    family: 'vn',
    rows: [twoDigitRow(k, 10)],
    defaultOdds: { win: odds },
    combos: (sel) => Number(choose(sel[0]!.length, k)),
    settle: (sel, r) => {
      const seen = new Set(endings(r));
      return hit(Number(choose(sel[0]!.filter((n) => seen.has(n)).length, k)));
    },
    quick: (rand) => [pickDifferent(rand, k, 0, 99)],
  };
}

const vietnam: BetTypeDef[] = [
  {
    // Lô: paid for each prize whose last two digits are the number.
    code: 'vn.lo',
    family: 'vn',
    rows: [twoDigitRow(1, 10)],
    defaultOdds: { win: 361 },
    maxHits: 27,
    combos: total,
    settle: (sel, r) => hit(endings(r).filter((e) => sel[0]!.includes(e)).length),
    quick: (rand) => [[rand(100)]],
  },
  {
    // Đề: the special prize's last two digits.
    code: 'vn.de',
    family: 'vn',
    rows: [twoDigitRow(1, 10)],
    defaultOdds: { win: 9_750 },
    combos: total,
    settle: (sel, r) => hit(sel[0]!.includes(Number(specialPrize(r).slice(-2))) ? 1 : 0),
    quick: (rand) => [[rand(100)]],
  },
  xien(2, 1_775),
  xien(3, 7_928),
  xien(4, 36_518),
  {
    // 3 càng: the special prize's last three digits.
    code: 'vn.3cang',
    family: 'vn',
    rows: [{ label: 'numbers', min: 0, max: 999, minPicks: 1, maxPicks: 10, pad: 3 }],
    defaultOdds: { win: 97_500 },
    combos: total,
    settle: (sel, r) => hit(sel[0]!.includes(Number(specialPrize(r).slice(-3))) ? 1 : 0),
    quick: (rand) => [[rand(1_000)]],
  },
];

export const BET_TYPES: readonly BetTypeDef[] = [
  ...ssc,
  ...elevenFive,
  ...pk10,
  ...markSix,
  ...sea4d,
  ...vietnam,
];
export const betTypes = new Map(BET_TYPES.map((b) => [b.code, b]));
export const betTypesOf = (family: Family) => BET_TYPES.filter((b) => b.family === family);

/** Why a selection cannot be a line, as an error code; null when it can. */
export function selectionError(
  def: BetTypeDef,
  sel: Selection,
): 'SELECTION_INVALID' | 'PICKS_REPEATED' | null {
  if (sel.length !== def.rows.length) return 'SELECTION_INVALID';
  for (let i = 0; i < sel.length; i++) {
    const row = sel[i]!;
    const spec = def.rows[i]!;
    if (row.some((v) => !Number.isInteger(v) || v < spec.min || v > spec.max)) return 'SELECTION_INVALID';
    if (new Set(row).size !== row.length) return 'PICKS_REPEATED';
    if (row.length < spec.minPicks || row.length > spec.maxPicks) return 'SELECTION_INVALID';
  }
  return def.combos(sel) > 0 ? null : 'SELECTION_INVALID';
}

/** A selection in its one written form: each row's picks in ascending order. */
export const normalise = (sel: Selection): Selection => sel.map((row) => [...row].sort((a, b) => a - b));

/**
 * What a line pays: each hit at its odds, floored to a minor unit once for the line, and the stake of each
 * voided combination back. BigInt inside, so no product passes through a rounded float.
 */
export function linePayout(
  settlement: Settlement,
  odds: Record<string, number>,
  unit: number,
  multiplier: number,
): number {
  const perCombo = BigInt(unit) * BigInt(multiplier);
  let hundredths = 0n;
  for (const [key, n] of Object.entries(settlement.hits)) hundredths += BigInt(n) * BigInt(odds[key] ?? 0);
  return Number((perCombo * hundredths) / 100n + perCombo * BigInt(settlement.voided));
}

/** Tiers of the Vietnamese draw, re-exported for the result view. */
export { VN_TIERS };
