import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPrice,
  isEvens,
  MAX_PRICE,
  MIN_PRICE,
  ODDS_FORMATS,
  type OddsFormat,
  parsePrice,
  TRADITIONAL_FRACTIONS,
  toFractional,
} from '../../src/sports/price';

/*
 * Prices are decimal odds in ten-thousandths; every odds format shows them exactly enough to read back
 * to the same stored price, in Portuguese (comma) and English (point).
 */

const ALL = (p: number, lang = 'en') =>
  Object.fromEntries(ODDS_FORMATS.map((f) => [f, formatPrice(p, f, lang)])) as Record<OddsFormat, string>;

describe('known answers in every format', () => {
  it('2.00 is evens: 1/1, +100, 1.00 HK, 1.00 MY, 1.00 ID', () => {
    expect(ALL(20_000)).toEqual({
      decimal: '2.00',
      fractional: '1/1',
      american: '+100',
      hongkong: '1.00',
      malay: '1.00',
      indonesian: '1.00',
    });
    expect(isEvens(20_000)).toBe(true);
    for (const [text, f] of [
      ['evens', 'fractional'],
      ['Evs', 'fractional'],
      ['1/1', 'fractional'],
      ['+100', 'american'],
      ['-100', 'american'],
      ['100', 'american'],
      ['1.000', 'malay'],
      ['-1.000', 'malay'],
      ['1.000', 'indonesian'],
      ['-1.000', 'indonesian'],
      ['1,00', 'hongkong'],
    ] as const)
      expect(parsePrice(text, f), `${text} ${f}`).toBe(20_000);
  });

  it('1.50: 1/2, -200, 0.50 HK, 0.50 MY, -2.00 ID', () => {
    expect(ALL(15_000)).toEqual({
      decimal: '1.50',
      fractional: '1/2',
      american: '-200',
      hongkong: '0.50',
      malay: '0.50',
      indonesian: '-2.00',
    });
  });

  it('3.25: 9/4, +225, 2.25 HK, 2.25 ID, and in Malay the exact -0.44444 (−1/2.25 does not end)', () => {
    expect(ALL(32_500)).toEqual({
      decimal: '3.25',
      fractional: '9/4',
      american: '+225',
      hongkong: '2.25',
      malay: '-0.44444',
      indonesian: '2.25',
    });
    // The usual two decimals read back as the price they mean: −0.44 is 1 + 1/0.44 = 3.2727.
    expect(parsePrice('-0.44', 'malay')).toBe(32_727);
    expect(parsePrice('-0.4444', 'malay')).toBe(32_502);
  });

  it('1.95: 19/20, -105.26, 0.95 HK and MY, -1.0526 ID', () => {
    expect(ALL(19_500)).toEqual({
      decimal: '1.95',
      fractional: '19/20',
      american: '-105.26',
      hongkong: '0.95',
      malay: '0.95',
      indonesian: '-1.0526',
    });
  });

  it('traditional fractions: 4/6, 6/4, 100/30, 1/3, 8/13, 85/40, 10/11 as a UK book writes them', () => {
    expect(formatPrice(16_667, 'fractional')).toBe('4/6');
    expect(formatPrice(25_000, 'fractional')).toBe('6/4');
    expect(formatPrice(43_333, 'fractional')).toBe('100/30');
    expect(formatPrice(13_333, 'fractional')).toBe('1/3');
    expect(formatPrice(16_154, 'fractional')).toBe('8/13');
    expect(formatPrice(31_250, 'fractional')).toBe('85/40');
    expect(formatPrice(19_091, 'fractional')).toBe('10/11');
    // Prices between them are shown exactly, reduced.
    expect(formatPrice(16_666, 'fractional')).toBe('3333/5000');
    expect(formatPrice(21_000, 'fractional')).toBe('11/10');
    expect(toFractional(19_500)).toEqual({ num: 19, den: 20, traditional: false });
    // The reduced and the traditional forms read back to the same price.
    expect(parsePrice('2/3', 'fractional')).toBe(16_667);
    expect(parsePrice('4/6', 'fractional')).toBe(16_667);
    expect(parsePrice('3/2', 'fractional')).toBe(25_000);
  });

  it('no two traditional fractions share a price, and each shows as itself', () => {
    const prices = new Set<number>();
    for (const [n, d] of TRADITIONAL_FRACTIONS) {
      const p = parsePrice(`${n}/${d}`, 'fractional')!;
      expect(prices.has(p), `${n}/${d}`).toBe(false);
      prices.add(p);
      expect(formatPrice(p, 'fractional')).toBe(`${n}/${d}`);
    }
  });

  it('the extremes: 1.0001 and 1000.00', () => {
    expect(ALL(MIN_PRICE)).toEqual({
      decimal: '1.0001',
      fractional: '1/10000',
      american: '-1000000',
      hongkong: '0.0001',
      malay: '0.0001',
      indonesian: '-10000.00',
    });
    expect(ALL(MAX_PRICE)).toEqual({
      decimal: '1000.00',
      fractional: '999/1',
      american: '+99900',
      hongkong: '999.00',
      malay: '-0.001001001',
      indonesian: '999.00',
    });
  });
});

describe('the language of the page', () => {
  it('Portuguese writes a decimal comma, English a point; fractions and signs are the same', () => {
    expect(ALL(19_500, 'pt')).toEqual({
      decimal: '1,95',
      fractional: '19/20',
      american: '-105,26',
      hongkong: '0,95',
      malay: '0,95',
      indonesian: '-1,0526',
    });
    expect(formatPrice(32_550, 'american', 'pt')).toBe('+225,5');
    expect(formatPrice(1_234_500, 'decimal', 'pt')).toBe('123,45');
    // Odds are never grouped: 1000,00, not 1.000,00.
    expect(formatPrice(MAX_PRICE, 'decimal', 'pt')).toBe('1000,00');
  });

  it('reads either decimal mark and the typographic minus', () => {
    expect(parsePrice('1,95', 'decimal')).toBe(19_500);
    expect(parsePrice(' 1.95 ', 'decimal')).toBe(19_500);
    expect(parsePrice('\u2212105,26', 'american')).toBe(19_500);
  });
});

describe('what is not a price', () => {
  it('is refused, not guessed', () => {
    for (const [text, f] of [
      ['1.00', 'decimal'],
      ['0.5', 'decimal'],
      ['1000.01', 'decimal'],
      ['', 'decimal'],
      ['abc', 'decimal'],
      ['1.2.3', 'decimal'],
      ['1.000,5', 'decimal'],
      ['-1.5', 'decimal'],
      ['+50', 'american'],
      ['-99.99', 'american'],
      ['0', 'american'],
      ['1.5', 'malay'],
      ['-1.5', 'malay'],
      ['0', 'malay'],
      ['0.5', 'indonesian'],
      ['-0.5', 'indonesian'],
      ['0', 'hongkong'],
      ['-0.5', 'hongkong'],
      ['0/4', 'fractional'],
      ['4/0', 'fractional'],
      ['1.5/2', 'fractional'],
      ['2', 'fractional'],
    ] as const)
      expect(parsePrice(text, f), `${text} ${f}`).toBeNull();
  });

  it('a stored price out of range or not whole cannot be shown', () => {
    expect(() => formatPrice(10_000, 'decimal')).toThrow(RangeError);
    expect(() => formatPrice(19_500.5, 'decimal')).toThrow(RangeError);
    expect(() => formatPrice(MAX_PRICE + 1, 'american')).toThrow(RangeError);
  });
});

describe('round trips', () => {
  it('every price from 1.0001 to 5.0000 reads back from every format, in both languages', () => {
    for (let p = MIN_PRICE; p <= 50_000; p++)
      for (const f of ODDS_FORMATS) {
        if (parsePrice(formatPrice(p, f, 'en'), f) !== p) expect.fail(`${p} ${f}: ${formatPrice(p, f)}`);
        if (parsePrice(formatPrice(p, f, 'pt'), f) !== p)
          expect.fail(`${p} ${f} pt: ${formatPrice(p, f, 'pt')}`);
      }
  });

  it('any price up to 1000.00 reads back from every format (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MIN_PRICE, max: MAX_PRICE }),
        fc.constantFrom(...ODDS_FORMATS),
        (p, f) => {
          expect(parsePrice(formatPrice(p, f), f)).toBe(p);
          expect(parsePrice(formatPrice(p, f, 'pt'), f)).toBe(p);
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('a price typed in any format is shown back as the same price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MIN_PRICE, max: MAX_PRICE }),
        fc.constantFrom(...ODDS_FORMATS),
        (p, f) => {
          const text = formatPrice(p, f);
          expect(formatPrice(parsePrice(text, f)!, f)).toBe(text);
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
