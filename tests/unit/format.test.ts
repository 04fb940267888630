import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDate,
  formatDateMinute,
  formatDateTime,
  formatDayMonth,
  formatDecimal,
  formatDecimalText,
  formatPercent,
  formatPercentText,
  formatTimes,
  formatWhole,
  parseAmount,
} from '../../src/ui/format';

describe('amount formatting', () => {
  it('shows two decimals and thousands separators in each language', () => {
    expect(formatAmount(123456789, 'pt')).toBe('1.234.567,89');
    expect(formatAmount(123456789, 'en')).toBe('1,234,567.89');
    expect(formatAmount(5, 'en')).toBe('0.05');
    expect(formatAmount(0, 'pt')).toBe('0,00');
    expect(formatAmount(-150, 'en')).toBe('-1.50');
  });

  it('never loses a cent, for any whole number of minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (minor) => {
        const digits = formatAmount(minor, 'en').replace(/[,.]/g, '');
        expect(BigInt(digits)).toBe(BigInt(minor));
      }),
    );
  });

  it('refuses fractions of a minor unit rather than rounding them', () => {
    expect(() => formatAmount(1.5, 'en')).toThrow(RangeError);
  });

  it('shows whole numbers without decimals', () => {
    expect(formatWhole(2_345_678_901, 'pt')).toBe('2.345.678.901');
    expect(formatWhole(2_345_678_901, 'en')).toBe('2,345,678,901');
    expect(formatWhole(-1234.9, 'pt')).toBe('-1.234');
    expect(formatWhole(999, 'pt')).toBe('999');
  });

  it('groups digits as Intl does in both locales, without asking Intl (slow the first time on a phone)', () => {
    const intl = {
      pt: new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 }),
      en: new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }),
    };
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom('pt' as const, 'en' as const),
        (n, lang) => {
          expect(formatWhole(n, lang)).toBe(intl[lang].format(n));
          const minor = formatAmount(n, lang);
          const decimal = lang === 'pt' ? ',' : '.';
          const whole = Math.trunc(Math.abs(n) / 100) * (n < 0 ? -1 : 1);
          expect(minor.slice(0, -3)).toBe(n < 0 && whole === 0 ? '-0' : intl[lang].format(whole));
          expect(minor.at(-3)).toBe(decimal);
        },
      ),
    );
    expect(formatWhole(1e21, 'pt')).toBe(intl.pt.format(1e21));
  });

  it("formats dates one way per language: day first in PT, the spec's YYYY-MM-DD in EN", () => {
    const at = new Date(2026, 10, 22, 9, 5, 7).getTime();
    expect(formatDateTime(at, 'pt')).toBe('22/11/2026 09:05:07');
    expect(formatDateTime(at, 'en')).toBe('2026-11-22 09:05:07');
    expect(formatDateMinute(at, 'pt')).toBe('22/11/2026 09:05');
    expect(formatDate('2026-11-22', 'pt')).toBe('22/11/2026');
    expect(formatDate('2026-11-22', 'en')).toBe('2026-11-22');
    expect(formatDayMonth('2026-11-22', 'pt')).toBe('22/11');
    expect(formatDayMonth('2026-11-22', 'en')).toBe('11-22');
  });

  it('writes decimals, percentages and multipliers the Brazilian way in PT', () => {
    expect(formatPercent(99, 'pt')).toBe('99,00\u00a0%');
    expect(formatPercent(99, 'en')).toBe('99.00%');
    expect(formatTimes(1.28, 'pt')).toBe('1,28×');
    expect(formatDecimal(2, 4, 'pt', { grouping: false })).toBe('2,0000');
    expect(formatDecimal(97_500, 2, 'pt')).toBe('97.500,00');
    expect(formatDecimal(97_500, 2, 'en')).toBe('97,500.00');
    expect(formatDecimal(1_000_000, 2, 'pt', { grouping: false })).toBe('1000000,00');
  });
});

describe('exact decimals sent as text', () => {
  it('writes them digit for digit in the language, never through a float', () => {
    expect(formatPercentText('97.50', 'pt')).toBe('97,50\u00a0%');
    expect(formatPercentText('97.50', 'en')).toBe('97.50%');
    expect(formatDecimalText('1234567.125', 'pt')).toBe('1.234.567,125');
    expect(formatDecimalText('1234567.125', 'en')).toBe('1,234,567.125');
    expect(formatDecimalText('-0.25', 'pt')).toBe('-0,25');
    expect(formatDecimalText('390', 'pt')).toBe('390');
    // 2^53 + 1 is not a double: the text keeps its last digit.
    expect(formatDecimalText('9007199254740993.01', 'en')).toBe('9,007,199,254,740,993.01');
  });

  it('keeps text that is not a plain decimal as it is', () => {
    for (const text of ['', 'n/a', '1e3', '97,50', '.5']) expect(formatDecimalText(text, 'pt')).toBe(text);
  });
});

describe('amount parsing', () => {
  it('reads what people type in each language, to the cent', () => {
    expect(parseAmount('1.234,56', 'pt')).toBe(123_456);
    expect(parseAmount('1,234.56', 'en')).toBe(123_456);
    expect(parseAmount('50', 'pt')).toBe(5_000);
    expect(parseAmount('50,5', 'pt')).toBe(5_050);
    expect(parseAmount('50.5', 'pt')).toBe(5_050);
    expect(parseAmount('0.07', 'en')).toBe(7);
    expect(parseAmount(' 2 500,00 ', 'pt')).toBe(250_000);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '-5', '1,2,3', '10.123', '1e3', '12,345.678'])
      expect(parseAmount(text, 'en')).toBeNull();
  });

  it('reads back every amount it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.constantFrom('pt', 'en'), (minor, lang) => {
        expect(parseAmount(formatAmount(minor, lang), lang)).toBe(minor);
      }),
    );
  });
});
