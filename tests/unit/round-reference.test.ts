import { describe, expect, it } from 'vitest';
import pt from '../../locales/pt/translation.json';
import { LOTTERY_VENDORS } from '../../src/api/contract/lottery';
import { LOTTERY_VENDOR_CODES, roundReference } from '../../src/features/member/roundReference';

const t = (key: string, params: Record<string, unknown> = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], pt);
  if (typeof text !== 'string') throw new Error(`no text for ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
};

describe('a round as a player reads it', () => {
  it('names in-house bets and lottery lines, not their ids', () => {
    expect(roundReference(t, { vassalage: 'BGS', roundId: 'dice-15' })).toBe('Dados nº 15');
    expect(roundReference(t, { vassalage: 'ELOTT', roundId: 'L4', draw: '20261127-0843' })).toBe(
      'Concurso 20261127-0843 · aposta nº 4',
    );
    expect(roundReference(t, { vassalage: 'ELOTT', roundId: 'L4' })).toBe('Aposta de loteria nº 4');
    // An external vendor's round keeps the vendor's own reference (its support asks for it).
    expect(roundReference(t, { vassalage: 'NOVA', roundId: 'guEQhZ71dpaw-3' })).toBe('guEQhZ71dpaw-3');
    expect(roundReference(t, { vassalage: 'NOVA', roundId: 'L4' })).toBe('L4');
  });

  it('knows the lottery vendors the contract names', () => {
    expect([...LOTTERY_VENDOR_CODES].sort()).toEqual([...LOTTERY_VENDORS].sort());
  });
});
