import { describe, expect, it } from 'vitest';
import en from '../../locales/en/translation.json';
import pt from '../../locales/pt/translation.json';
import { outcomeText, rollText, timesText } from '../../src/features/originals/outcomeText';

/** The catalogue's text for a key with i18next's {{name}} interpolation. */
const translator =
  (catalogue: unknown) =>
  (key: string, params: Record<string, unknown> = {}) => {
    const text = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
    if (typeof text !== 'string') throw new Error(`no text for ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
  };
const tPt = translator(pt);
const tEn = translator(en);

describe('a recorded in-house outcome in words', () => {
  it('writes each game’s outcome in the language, numbers in its format', () => {
    expect(outcomeText('dice', { game: 'dice', roll: 3664 }, tPt, 'pt')).toBe('Número sorteado 36,64');
    expect(outcomeText('dice', { game: 'dice', roll: 3664 }, tEn, 'en')).toBe('Rolled 36.64');
    expect(outcomeText('limbo', { game: 'limbo', result: 235 }, tPt, 'pt')).toBe(
      'Multiplicador sorteado 2,35×',
    );
    expect(outcomeText('plinko', { game: 'plinko', path: [1, 0, 1, 1, 0, 0, 1, 0], bin: 4 }, tPt, 'pt')).toBe(
      'Caiu na casa 4 de 0–8',
    );
    expect(outcomeText('keno', { game: 'keno', drawn: [33, 2, 17] }, tPt, 'pt')).toBe('Sorteados: 2, 17, 33');
    expect(outcomeText('mines', { game: 'mines', mines: [12, 3, 7] }, tPt, 'pt')).toBe(
      'Minas nas casas 3, 7, 12',
    );
    expect(outcomeText('crash', { hash: 'ab', salt: 's', bust: 123_456, cashedOutAt: null }, tPt, 'pt')).toBe(
      'Caiu em 1.234,56×',
    );
    expect(outcomeText('crash', { hash: 'ab', salt: 's', bust: 235, cashedOutAt: 180 }, tEn, 'en')).toBe(
      'Busted at 2.35× · cashed out at 1.80×',
    );
  });

  it('gives nothing for an outcome of another shape rather than guessing', () => {
    expect(outcomeText('dice', { game: 'dice', roll: '36.64' }, tPt, 'pt')).toBeNull();
    expect(outcomeText('mines', { mines: [1, 'x'] }, tPt, 'pt')).toBeNull();
    expect(outcomeText('crash', {}, tPt, 'pt')).toBeNull();
  });

  it('formats rolls and multipliers without rounding them', () => {
    expect(rollText(9999, 'pt')).toBe('99,99');
    expect(rollText(0, 'en')).toBe('0.00');
    expect(timesText(100_000_000, 'pt')).toBe('1.000.000,00×');
    expect(timesText(101, 'en')).toBe('1.01×');
  });
});
