import { describe, expect, it } from 'vitest';
import enProvider from '../../locales/en/provider.json';
import en from '../../locales/en/translation.json';
import ptProvider from '../../locales/pt/provider.json';
import pt from '../../locales/pt/translation.json';
import { errorCatalogue } from '../../src/api/errors';

function flatten(node: unknown, prefix = ''): Record<string, string> {
  if (typeof node === 'string') return { [prefix]: node };
  return Object.entries(node as Record<string, unknown>).reduce(
    (acc, [k, v]) => Object.assign(acc, flatten(v, prefix ? `${prefix}.${k}` : k)),
    {} as Record<string, string>,
  );
}

const flatPt = flatten(pt);
const flatEn = flatten(en);
const variables = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogues', () => {
  it('have the same keys in PT and EN', () => {
    expect(Object.keys(flatPt).sort()).toEqual(Object.keys(flatEn).sort());
  });

  it('have no empty message', () => {
    for (const [key, value] of [...Object.entries(flatPt), ...Object.entries(flatEn)]) {
      expect(value.trim(), key).not.toBe('');
    }
  });

  it('use the same interpolation variables in both languages', () => {
    for (const key of Object.keys(flatPt)) {
      expect(variables(flatPt[key]!), key).toEqual(variables(flatEn[key]!));
    }
  });

  it('have a message for every error code', () => {
    for (const { key } of Object.values(errorCatalogue)) {
      expect(flatPt[key], key).toBeDefined();
      expect(flatEn[key], key).toBeDefined();
    }
  });

  it("give the demo provider's game pages the same keys and variables in PT and EN", () => {
    expect(Object.keys(ptProvider).sort()).toEqual(Object.keys(enProvider).sort());
    for (const [key, value] of Object.entries(ptProvider)) {
      expect(value.trim(), key).not.toBe('');
      expect(variables(value), key).toEqual(variables((enProvider as Record<string, string>)[key]!));
    }
  });
});
