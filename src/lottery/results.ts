/**
 * The lotteries' draws (docs/lottery.md): what each family draws, and the one function the server draws
 * with and the browser's verifier recomputes a draw with.
 *
 * A draw's numbers come from the fairness core of the in-house games (src/originals/fair.ts): the bytes of
 * HMAC-SHA256(key = the draw's server seed, message = `${mix}:0:${cursor}`), where the server seed's
 * SHA-256 was published when the draw was scheduled, and `mix` is the SHA-256 of the draw's accepted bets,
 * fixed only when its window closes. Neither can be chosen knowing the other.
 */
import { OutcomeStream } from '../originals/fair';

export const FAMILIES = ['ssc', '11x5', 'pk10', 'lhc', '4d', 'vn'] as const;
export type Family = (typeof FAMILIES)[number];

/** Prize tiers of the northern Vietnamese draw: how many numbers each has and how many digits. */
export const VN_TIERS = [
  { tier: 'special', count: 1, digits: 5 },
  { tier: 'first', count: 1, digits: 5 },
  { tier: 'second', count: 2, digits: 5 },
  { tier: 'third', count: 6, digits: 5 },
  { tier: 'fourth', count: 4, digits: 4 },
  { tier: 'fifth', count: 6, digits: 4 },
  { tier: 'sixth', count: 3, digits: 3 },
  { tier: 'seventh', count: 4, digits: 2 },
] as const;
/** 27 numbers in all. */
export const VN_PRIZES = VN_TIERS.reduce((n, t) => n + t.count, 0);

export type DrawResult =
  /** Five digits 0–9, each drawn on its own. */
  | { family: 'ssc'; digits: number[] }
  /** Five different numbers of 1–11, in the order drawn. */
  | { family: '11x5'; numbers: number[] }
  /** The finishing order of cars 1–10. */
  | { family: 'pk10'; order: number[] }
  /**
   * Six different numbers of 1–49 and a seventh, the special. `zodiacOfOne` is the zodiac (0 rat … 11 pig)
   * of number 1: the animal of the lunar year of the draw's date, fixed when the draw is scheduled.
   */
  | { family: 'lhc'; numbers: number[]; special: number; zodiacOfOne: number }
  /** 23 different numbers of 0000–9999: first, second and third prizes, ten starters, ten consolations. */
  | { family: '4d'; first: number; second: number; third: number; starters: number[]; consolations: number[] }
  /** Each tier's numbers as text with leading zeros (VN_TIERS), each number drawn on its own. */
  | { family: 'vn'; prizes: string[][] };

/** The first `k` of a uniformly random order of 0 … n − 1 (a partial Fisher–Yates over a virtual array). */
function partialShuffle(stream: OutcomeStream, n: number, k: number): number[] {
  const swapped = new Map<number, number>();
  const at = (i: number) => swapped.get(i) ?? i;
  const out: number[] = [];
  for (let i = 0; i < k; i++) {
    const j = i + stream.int(n - i);
    const picked = at(j);
    swapped.set(j, at(i));
    out.push(picked);
  }
  return out;
}

export interface DrawContext {
  /** Mark Six only: the zodiac of number 1 (see DrawResult). */
  zodiacOfOne?: number;
}

/** A draw's numbers from its server seed and mix. */
export function drawResult(
  family: Family,
  serverSeed: string,
  mix: string,
  ctx: DrawContext = {},
): DrawResult {
  const stream = new OutcomeStream(serverSeed, mix, 0);
  switch (family) {
    case 'ssc':
      return { family, digits: Array.from({ length: 5 }, () => stream.int(10)) };
    case '11x5':
      return { family, numbers: partialShuffle(stream, 11, 5).map((n) => n + 1) };
    case 'pk10':
      return { family, order: partialShuffle(stream, 10, 10).map((n) => n + 1) };
    case 'lhc': {
      const seven = partialShuffle(stream, 49, 7).map((n) => n + 1);
      return { family, numbers: seven.slice(0, 6), special: seven[6]!, zodiacOfOne: ctx.zodiacOfOne ?? 0 };
    }
    case '4d': {
      const all = partialShuffle(stream, 10_000, 23);
      return {
        family,
        first: all[0]!,
        second: all[1]!,
        third: all[2]!,
        starters: all.slice(3, 13),
        consolations: all.slice(13, 23),
      };
    }
    case 'vn':
      return {
        family,
        prizes: VN_TIERS.map((t) =>
          Array.from({ length: t.count }, () => String(stream.int(10 ** t.digits)).padStart(t.digits, '0')),
        ),
      };
  }
}

/** The zodiac animals in their order; number 1's animal is the lunar year's, number 2 the one before… */
export const ZODIAC = [
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

/** The zodiac (0 … 11) of a Mark Six number when number 1's is `zodiacOfOne`: counting backwards. */
export const zodiacOf = (n: number, zodiacOfOne: number) => (((zodiacOfOne - (n - 1)) % 12) + 12) % 12;

/** Lunar new year's day (month-day) for the years the engine may draw in. */
const LUNAR_NEW_YEAR: Record<number, string> = {
  2024: '02-10',
  2025: '01-29',
  2026: '02-17',
  2027: '02-06',
  2028: '01-26',
  2029: '02-13',
  2030: '02-03',
  2031: '01-23',
  2032: '02-11',
  2033: '01-31',
  2034: '02-19',
  2035: '02-08',
  2036: '01-28',
  2037: '02-15',
  2038: '02-04',
  2039: '01-24',
  2040: '02-12',
};

/**
 * The animal of the lunar year a calendar day (YYYY-MM-DD) falls in: 2020 was a rat's year. Past the table,
 * the new year is taken as 4 February (within days of the real one).
 */
export function lunarYearZodiac(day: string): number {
  const year = Number(day.slice(0, 4));
  const newYear = LUNAR_NEW_YEAR[year] ?? '02-04';
  const lunarYear = day.slice(5) < newYear ? year - 1 : year;
  return (((lunarYear - 2020) % 12) + 12) % 12;
}

/** Mark Six's colour waves (fixed by number). */
export const LHC_COLOURS = {
  red: [1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46],
  blue: [3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48],
  green: [5, 6, 11, 16, 17, 21, 22, 27, 28, 32, 33, 38, 39, 43, 44, 49],
} as const;
export type LhcColour = keyof typeof LHC_COLOURS;

export function colourOf(n: number): LhcColour {
  if ((LHC_COLOURS.red as readonly number[]).includes(n)) return 'red';
  if ((LHC_COLOURS.blue as readonly number[]).includes(n)) return 'blue';
  return 'green';
}

/** The numbers of a result in one flat list, for the draw animation and the history table. */
export function resultNumbers(r: DrawResult): string[] {
  switch (r.family) {
    case 'ssc':
      return r.digits.map(String);
    case '11x5':
      return r.numbers.map((n) => String(n).padStart(2, '0'));
    case 'pk10':
      return r.order.map((n) => String(n).padStart(2, '0'));
    case 'lhc':
      return [...r.numbers, r.special].map((n) => String(n).padStart(2, '0'));
    case '4d':
      return [r.first, r.second, r.third].map((n) => String(n).padStart(4, '0'));
    case 'vn':
      return r.prizes.flat();
  }
}
