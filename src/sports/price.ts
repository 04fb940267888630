/**
 * Sportsbook prices as exact integers (docs/sports.md, "Prices").
 *
 * A price is stored as **decimal odds in ten-thousandths**, a whole number: 1.95 → 19_500, 2.00 → 20_000,
 * 4/6 → 16_667. It includes the stake (a winning stake of 1 returns `price / 10_000`). Every display
 * format is an exact rational function of it:
 *
 * | format      | value for m = price − 10 000 (the winnings per 10 000 staked)                |
 * |-------------|-------------------------------------------------------------------------------|
 * | decimal     | price / 10 000                                                                |
 * | fractional  | m / 10 000 reduced (or a traditional fraction of the table that rounds to it) |
 * | American    | +m / 100 when m ≥ 10 000, −1 000 000 / m below                               |
 * | Hong Kong   | m / 10 000                                                                    |
 * | Malay       | m / 10 000 when m ≤ 10 000, −10 000 / m above                                 |
 * | Indonesian  | m / 10 000 when m ≥ 10 000, −10 000 / m below                                 |
 *
 * Reading a format back (`parsePrice`) computes the price exactly from the typed number and rounds it to
 * the nearest ten-thousandth (halves up). Showing a price (`formatPrice`) writes the format's value with
 * the fewest decimals, never fewer than the format's usual ones, that read back to the same price: so
 * `parsePrice(formatPrice(p, f), f) === p` for every price and format (tested over every price to 20.00
 * and at random above). Most prices need no more than the usual digits (1.95, 19/20, −105.26, 0.95); a
 * price whose Asian value does not end (3.25 in Malay is −0.4444…) shows the digits that keep it exact
 * (−0.44444) rather than a rounded value that would mean another price.
 */

/** Ten-thousandths per unit of decimal odds. */
export const PRICE_SCALE = 10_000;
/** The lowest price a market may offer (1.0001) and the highest (1000.00). */
export const MIN_PRICE = 10_001;
export const MAX_PRICE = 10_000_000;

export const ODDS_FORMATS = ['decimal', 'fractional', 'american', 'hongkong', 'malay', 'indonesian'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

/** The fewest decimals each format is shown with (American shows whole numbers when they are exact). */
const MIN_DIGITS: Record<Exclude<OddsFormat, 'fractional'>, number> = {
  decimal: 2,
  american: 0,
  hongkong: 2,
  malay: 2,
  indonesian: 2,
};
/** Enough decimals for every price up to MAX_PRICE in every format (Malay near 1000.00 needs 11). */
const MAX_DIGITS = 14;

/** An exact rational with a positive denominator. */
interface Q {
  num: bigint;
  den: bigint;
}

const S = BigInt(PRICE_SCALE);

export const isPrice = (p: number) => Number.isSafeInteger(p) && p >= MIN_PRICE && p <= MAX_PRICE;

function assertPrice(p: number) {
  if (!isPrice(p)) throw new RangeError(`not a price in ten-thousandths: ${p}`);
}

/** a / b rounded to the nearest whole number, halves away from zero (b > 0). */
function roundDiv(a: bigint, b: bigint): bigint {
  return a >= 0n ? (2n * a + b) / (2n * b) : -((-2n * a + b) / (2n * b));
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x;
};

/**
 * The traditional fractions a UK book shows, in the forms it writes them (4/6 and 6/4, not 2/3 and 3/2;
 * 100/30 for 4.33). A price that is the nearest ten-thousandth of one of them is shown as that fraction,
 * and that fraction reads back to it; any other price is shown as its exact reduced fraction (1.95 → 19/20).
 */
// biome-ignore format: a table, one row of the ladder a line
export const TRADITIONAL_FRACTIONS: ReadonlyArray<readonly [number, number]> = [
  [1, 100], [1, 66], [1, 50], [1, 40], [1, 33], [1, 25], [1, 20], [1, 16], [1, 14], [1, 12], [1, 11],
  [1, 10], [1, 9], [2, 17], [1, 8], [2, 15], [1, 7], [2, 13], [1, 6], [2, 11], [1, 5], [2, 9], [1, 4],
  [2, 7], [3, 10], [1, 3], [4, 11], [2, 5], [4, 9], [1, 2], [8, 15], [4, 7], [8, 13], [4, 6], [8, 11],
  [4, 5], [5, 6], [10, 11], [20, 21], [1, 1], [21, 20], [11, 10], [6, 5], [5, 4], [11, 8], [6, 4],
  [13, 8], [7, 4], [15, 8], [2, 1], [85, 40], [9, 4], [5, 2], [11, 4], [3, 1], [100, 30], [7, 2], [4, 1],
  [9, 2], [5, 1], [11, 2], [6, 1], [13, 2], [7, 1], [15, 2], [8, 1], [17, 2], [9, 1], [10, 1], [11, 1],
  [12, 1], [14, 1], [16, 1], [18, 1], [20, 1], [25, 1], [33, 1], [40, 1], [50, 1], [66, 1], [80, 1],
  [100, 1], [150, 1], [200, 1], [250, 1], [500, 1],
];

/** The price a fraction n/d reads as: 10 000 + 10 000 n / d to the nearest ten-thousandth. */
const fractionPrice = (n: number, d: number) => Number(S + roundDiv(S * BigInt(n), BigInt(d)));

const traditionalByPrice = new Map(
  TRADITIONAL_FRACTIONS.map(([n, d]) => [fractionPrice(n, d), [n, d] as const]),
);

/** A price as a fraction of winnings to stake: traditional when the table has it, else exact and reduced. */
export function toFractional(p: number): { num: number; den: number; traditional: boolean } {
  assertPrice(p);
  const t = traditionalByPrice.get(p);
  if (t) return { num: t[0], den: t[1], traditional: true };
  const m = BigInt(p) - S;
  const g = gcd(m, S);
  return { num: Number(m / g), den: Number(S / g), traditional: false };
}

/** The exact value of a price in a decimal-valued format. */
function formatValue(p: number, format: Exclude<OddsFormat, 'fractional'>): Q {
  const m = BigInt(p) - S;
  switch (format) {
    case 'decimal':
      return { num: BigInt(p), den: S };
    case 'hongkong':
      return { num: m, den: S };
    case 'american':
      return m >= S ? { num: m, den: 100n } : { num: -(S * 100n), den: m };
    case 'malay':
      return m <= S ? { num: m, den: S } : { num: -S, den: m };
    case 'indonesian':
      return m >= S ? { num: m, den: S } : { num: -S, den: m };
  }
}

/** The price a decimal-valued format's value means, to the nearest ten-thousandth; null outside its range. */
function priceOfValue(v: Q, format: Exclude<OddsFormat, 'fractional'>): number | null {
  const { num, den } = v;
  let m: bigint | null = null;
  /** v ≥ x for a whole x. */
  const atLeast = (x: bigint) => num >= x * den;
  const atMost = (x: bigint) => num <= x * den;
  switch (format) {
    case 'decimal':
      m = roundDiv(num * S, den) - S;
      break;
    case 'hongkong':
      m = num > 0n ? roundDiv(num * S, den) : null;
      break;
    case 'american':
      // +100 and −100 both mean evens; nothing strictly between is an American price.
      if (atLeast(100n)) m = roundDiv(num * 100n, den);
      else if (atMost(-100n)) m = roundDiv(S * 100n * den, -num);
      break;
    case 'malay':
      if (num > 0n && atMost(1n)) m = roundDiv(num * S, den);
      else if (num < 0n && atLeast(-1n)) m = roundDiv(S * den, -num);
      break;
    case 'indonesian':
      if (atLeast(1n)) m = roundDiv(num * S, den);
      else if (atMost(-1n)) m = roundDiv(S * den, -num);
      break;
  }
  if (m === null) return null;
  const p = Number(S + m);
  return isPrice(p) ? p : null;
}

/** v rounded to `digits` decimals (halves away from zero), as the scaled whole number. */
const scaled = (v: Q, digits: number) => roundDiv(v.num * 10n ** BigInt(digits), v.den);

/** A scaled whole number as text with `digits` decimals and the given decimal mark. */
function decimalText(n: bigint, digits: number, mark: string): string {
  const sign = n < 0n ? '-' : '';
  const abs = (n < 0n ? -n : n).toString().padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -digits)}${mark}${abs.slice(-digits)}`;
}

/** The decimal mark of the site's languages: Portuguese writes 1,95, English 1.95. Odds are never grouped. */
const markOf = (lang: string) => (lang === 'pt' ? ',' : '.');

/**
 * A price in a format as the member reads it, in their language: `formatPrice(19_500, 'decimal', 'pt')`
 * is "1,95", `'american'` "-105,26" in PT and "-105.26" in EN, `'fractional'` "19/20". American prices
 * carry their sign (+225, -200); evens is "1/1" in fractional and "+100" in American (a page may label a
 * price `isEvens` with its own translated word).
 */
export function formatPrice(p: number, format: OddsFormat, lang = 'en'): string {
  assertPrice(p);
  if (format === 'fractional') {
    const f = toFractional(p);
    return `${f.num}/${f.den}`;
  }
  const v = formatValue(p, format);
  for (let digits = MIN_DIGITS[format]; digits <= MAX_DIGITS; digits++) {
    const n = scaled(v, digits);
    if (priceOfValue({ num: n, den: 10n ** BigInt(digits) }, format) === p) {
      const text = decimalText(n, digits, markOf(lang));
      return format === 'american' && n > 0n ? `+${text}` : text;
    }
  }
  throw new RangeError(`price ${p} has no exact ${format} text`);
}

export const isEvens = (p: number) => p === 2 * PRICE_SCALE;

/**
 * What a member or an operator typed in a format, back to the stored price (nearest ten-thousandth), or
 * null when it is not a price in that format. Either decimal mark is read (odds are never grouped), a
 * leading + or − (also U+2212) is allowed, and fractional reads "9/4", "1/1", "evens" and "evs".
 */
export function parsePrice(text: string, format: OddsFormat): number | null {
  const t = text
    .trim()
    .replace(/\u2212/g, '-')
    .replace(/\s+/g, '');
  if (format === 'fractional') {
    if (/^(evens|evs|ev)$/i.test(t)) return 2 * PRICE_SCALE;
    const f = /^(\d{1,7})\/(\d{1,7})$/.exec(t);
    if (!f) return null;
    const n = Number(f[1]);
    const d = Number(f[2]);
    if (n === 0 || d === 0) return null;
    const p = fractionPrice(n, d);
    return isPrice(p) ? p : null;
  }
  const m = /^([+-]?)(\d{1,9})(?:[.,](\d{1,16}))?$/.exec(t);
  if (!m) return null;
  const decimals = m[3] ?? '';
  const magnitude = BigInt(m[2]! + decimals);
  const num = m[1] === '-' ? -magnitude : magnitude;
  return priceOfValue({ num, den: 10n ** BigInt(decimals.length) }, format);
}

/** A price from decimal odds written as text ("1.95", "1,95"), exact: the way prices are entered by hand. */
export const priceFromDecimal = (text: string) => parsePrice(text, 'decimal');
