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
