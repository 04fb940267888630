import dayjs from 'dayjs';

const groupers = new Map<string, Intl.NumberFormat>();
function grouper(locale: string) {
  let f = groupers.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: true });
    groupers.set(locale, f);
  }
  return f;
}

function decimalSeparator(locale: string) {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

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
  return `${sign}${grouper(locale).format(whole)}${decimalSeparator(locale)}${cents}`;
}

/** Whole numbers with thousands separators and no decimals (the jackpot ticker). */
export function formatWhole(value: number, lang: string): string {
  return grouper(localeOf(lang)).format(Math.trunc(value));
}

/** The spec's date format everywhere: YYYY-MM-DD HH:mm:ss. */
export function formatDateTime(epochMillis: number): string {
  return dayjs(epochMillis).format('YYYY-MM-DD HH:mm:ss');
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

/** A rate in basis points as a percentage with two decimals in the page's language ("0,50%" in PT). */
export function formatRate(bp: number, lang: string): string {
  return `${(bp / 100).toLocaleString(localeOf(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
}
