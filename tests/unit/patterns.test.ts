import { describe, expect, it } from 'vitest';
import { checkField, PATTERN_IDS, patternRange } from '../../src/api/patterns';

const rule = (patternId: number, minLength = 1, maxLength = 30) => ({
  enabled: true,
  required: true,
  minLength,
  maxLength,
  patternId,
});

const cases: Record<number, [string[], string[]]> = {
  1: [['anything goes 1!'], []],
  2: [
    ['abc123', 'Z9'],
    ['1abc', 'ab_c'],
  ],
  3: [['张三123', '12'], ['abc']],
  4: [['a.b+c@example.com'], ['a@b', 'no-at.example.com']],
  5: [
    ['AbC123', 'abc'],
    ['ab c', 'ab-c'],
  ],
  6: [
    ['abc123', '1a'],
    ['abcdef', '123456'],
  ],
  7: [['0123'], ['12a']],
  8: [['Abc123'], ['abc123']],
  9: [['John Smith'], ['John3']],
  10: [['no-spaces!'], ['has space']],
  11: [['你好，世界'], ['hello']],
  12: [['안녕하세요'], ['hello']],
  13: [['สวัสดี'], ['hello']],
  14: [['สวัสดี hello'], ['hello1']],
  15: [['JOHN SMITH'], ['John', '   ']],
  16: [['a1!b2@'], ['with space']],
  17: [['Aa1!aaaa'], ['aa1!aaaa', 'AA1!AAAA', 'Aa!aaaaa', 'Aa1aaaaa']],
};

describe('registration patterns (spec 5.3)', () => {
  it('defines all 17 pattern types', () => {
    expect(PATTERN_IDS).toHaveLength(17);
  });

  it.each(Object.entries(cases))('pattern %s accepts and rejects as documented', (id, [good, bad]) => {
    for (const value of good) expect(checkField(value, rule(Number(id))), value).toBeNull();
    for (const value of bad) expect(checkField(value, rule(Number(id))), value).not.toBeNull();
  });

  it('checks length in characters and names the range, one number when the bounds are equal', () => {
    expect(checkField('abc', rule(2, 6, 20))).toEqual({ key: 'patterns.p2', params: { range: '6-20' } });
    expect(checkField('1234567', rule(7, 8, 8))).toEqual({ key: 'patterns.p7', params: { range: '8' } });
    expect(patternRange({ minLength: 4, maxLength: 4 })).toBe('4');
  });

  it('asks for required values and lets optional empty ones through', () => {
    expect(checkField('', rule(1))).toEqual({ key: 'validation.required', params: {} });
    expect(checkField('', { ...rule(1), required: false })).toBeNull();
  });
});
