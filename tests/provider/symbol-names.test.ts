import { describe, expect, it } from 'vitest';
import en from '../../locales/en/provider.json';
import pt from '../../locales/pt/provider.json';
import { SLOT_THEMES } from '../../provider/games/slot';

describe('slot symbols', () => {
  it('each has a name in both languages, so a win reads "4 × Ás", not "4 × ace"', () => {
    const ids = new Set(Object.values(SLOT_THEMES).flatMap((theme) => theme.symbols.map((s) => s.id)));
    expect(ids.size).toBeGreaterThan(20);
    for (const catalogue of [pt, en] as Array<Record<string, string>>) {
      for (const id of ids) {
        const name = catalogue[`symbol_${id}`];
        expect(name, id).toBeTruthy();
      }
    }
    expect((pt as Record<string, string>).symbol_jack).toBe('Valete');
  });
});
