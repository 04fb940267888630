import dayjs from 'dayjs';
import i18next from 'i18next';

/**
 * How the site's two locales (localeOf: pt-BR, en-US) group thousands and mark decimals, written out rather
 * than asked of Intl.NumberFormat: the first NumberFormat a page makes loads the locale's data, a tenth of
 * a second on a phone, and the home page's first screen (the jackpot, the games' RTP) made one only for it.
 */
const separators = (locale: string) =>
  locale === 'pt-BR' ? { group: '.', decimal: ',' } : { group: ',', decimal: '.' };

/** The digits of a whole number (no sign, no leading zeros) grouped by thousands: "1234567" → "1.234.567". */
const groupDigits = (digits: string, group: string) => digits.replace(/\B(?=(\d{3})+$)/g, group);

const localeOf = (lang: string) => (lang === 'pt' ? 'pt-BR' : 'en-US');

/**
 * Minor units to text with two decimals and thousands separators, done in integers so no amount is
 * ever rounded by floating point.
 */
export function formatAmount(minor: number, lang: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`);
  const locale = localeOf(lang);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  const { group, decimal } = separators(locale);
  return `${sign}${groupDigits(String(whole), group)}${decimal}${cents}`;
}

/** Whole numbers with thousands separators and no decimals (the jackpot ticker). */
export function formatWhole(value: number, lang: string): string {
  const whole = Math.trunc(value);
  // Beyond 2^53 a number's text has an exponent; Intl writes all its digits (and "NaN", "∞").
  if (!Number.isSafeInteger(whole)) return whole.toLocaleString(localeOf(lang), { maximumFractionDigits: 0 });
  return `${whole < 0 ? '-' : ''}${groupDigits(String(Math.abs(whole)), separators(localeOf(lang)).group)}`;
}

/**
 * The page's language, for helpers called without one, so every page (the member's, the agent's, the
 * back office's) reads dates and numbers the same way; i18next switches it before the page renders again.
 * Portuguese, the default language, before the catalogue is loaded.
 */
export function pageLanguage(): string {
  return i18next.language?.startsWith('en') ? 'en' : 'pt';
}

/**
 * One date format per language, on every page: Brazilian day first in Portuguese, the spec's
 * YYYY-MM-DD in English (a day-first date reads as month-first to many English readers).
 */
const DATE_FORMATS = {
  pt: { dateTime: 'DD/MM/YYYY HH:mm:ss', date: 'DD/MM/YYYY', dayMonth: 'DD/MM', minute: 'DD/MM/YYYY HH:mm' },
  en: { dateTime: 'YYYY-MM-DD HH:mm:ss', date: 'YYYY-MM-DD', dayMonth: 'MM-DD', minute: 'YYYY-MM-DD HH:mm' },
} as const;
const datesOf = (lang: string) => (lang === 'en' ? DATE_FORMATS.en : DATE_FORMATS.pt);

/** A moment with its seconds: "22/11/2026 09:05:07" in PT, "2026-11-22 09:05:07" in EN. */
export function formatDateTime(epochMillis: number | string | Date, lang = pageLanguage()): string {
  return dayjs(epochMillis).format(datesOf(lang).dateTime);
}

/** A moment to the minute: "22/11/2026 09:05" in PT, "2026-11-22 09:05" in EN. */
export function formatDateMinute(epochMillis: number | string | Date, lang = pageLanguage()): string {
  return dayjs(epochMillis).format(datesOf(lang).minute);
}

/** A day: "22/11/2026" in PT, "2026-11-22" in EN. */
export function formatDate(day: number | string | Date, lang = pageLanguage()): string {
  return dayjs(day).format(datesOf(lang).date);
}

/** A day without its year, for charts: "22/11" in PT, "11-22" in EN. */
export function formatDayMonth(day: number | string | Date, lang = pageLanguage()): string {
  return dayjs(day).format(datesOf(lang).dayMonth);
}

/**
 * A number with a fixed count of decimals in the language's way ("1.234,50" in PT, "1,234.50" in EN);
 * without grouping for text a player may edit and send back ("2,0000").
 */
export function formatDecimal(
  value: number,
  digits: number,
  lang = pageLanguage(),
  options: { grouping?: boolean } = {},
): string {
  return value.toLocaleString(localeOf(lang), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: options.grouping ?? true,
  });
}

/**
 * What follows a percentage: Portuguese writes a space before the sign ("99,00 %"), one that never
 * breaks the number from its sign; English writes none ("99.00%").
 */
export function percentSign(lang = pageLanguage()): string {
  return lang === 'pt' ? '\u00a0%' : '%';
}

/** A percentage given in percent: 99 → "99,00 %" in PT, "99.00%" in EN. */
export function formatPercent(percent: number, lang = pageLanguage(), digits = 2): string {
  return `${formatDecimal(percent, digits, lang)}${percentSign(lang)}`;
}

/**
 * An exact decimal the server sends as text ("97.50", "1234.5", "-0.25") in the language's way, digit for
 * digit ("97,50", "1.234,5" in PT), never through a float; text that is not such a number is kept as it is.
 */
export function formatDecimalText(text: string, lang = pageLanguage()): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return text;
  const { group, decimal } = separators(localeOf(lang));
  const whole = groupDigits(BigInt(m[2]!).toString(), group);
  return `${m[1]}${whole}${m[3] === undefined ? '' : `${decimal}${m[3]}`}`;
}

/** A percentage the server sends as exact text ("97.50") in the language's way: "97,50 %" in PT. */
export function formatPercentText(text: string, lang = pageLanguage()): string {
  return `${formatDecimalText(text, lang)}${percentSign(lang)}`;
}

/** A multiplier: 1.28 → "1,28×" in PT, "1.28×" in EN. */
export function formatTimes(value: number, lang = pageLanguage(), digits = 2): string {
  return `${formatDecimal(value, digits, lang)}×`;
}

/**
 * What a person typed as an amount ("1.234,56" in PT, "1,234.56" in EN, or plain "1234.5") to minor
 * units, read as text so no cent is lost to floating point; null when it is not an amount.
 */
export function parseAmount(text: string, lang: string): number | null {
  const decimal = lang === 'pt' ? ',' : '.';
  const grouping = lang === 'pt' ? '.' : ',';
  let s = text.trim().replace(/\s/g, '');
  if (!s) return null;
  // A lone other separator followed by one or two digits is taken as the decimal point.
  if (!s.includes(decimal) && new RegExp(`\\${grouping}\\d{1,2}$`).test(s)) {
    const at = s.lastIndexOf(grouping);
    s = `${s.slice(0, at)}${decimal}${s.slice(at + 1)}`;
  }
  const [whole = '', cents = '', ...rest] = s.split(decimal);
  if (rest.length > 0) return null;
  const grouped = new RegExp(`^\\d{1,3}(\\${grouping}\\d{3})+$`);
  if (!/^\d+$/.test(whole) && !grouped.test(whole)) return null;
  if (!/^\d{0,2}$/.test(cents)) return null;
  const digits = whole.replaceAll(grouping, '');
  const minor = Number(digits) * 100 + Number(cents.padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** A rate in basis points as a percentage with two decimals in the page's language ("0,50 %" in PT). */
export function formatRate(bp: number, lang: string): string {
  return `${(bp / 100).toLocaleString(localeOf(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${percentSign(lang)}`;
}
