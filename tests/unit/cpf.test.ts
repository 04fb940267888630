import { describe, expect, it } from 'vitest';
import { namesMatch, payeeReview } from '../../server/modules/kyc/holder-name';
import { cpfFrom, formatCpf, isValidCpf, maskCpf, normalizeCpf } from '../../src/api/cpf';
import { identityProblems } from '../../src/api/identity-fields';

describe('CPF', () => {
  it('accepts a CPF whose two check digits are right, with or without dots and dash', () => {
    for (const cpf of ['529.982.247-25', '52998224725', '123.456.789-09', '111.444.777-35'])
      expect(isValidCpf(cpf)).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length, letters, odd punctuation and the repeated digits', () => {
    for (const cpf of [
      '529.982.247-26',
      '529.982.247-35',
      '5299822472',
      '529982247251',
      '529.982.247-2a',
      '529-982-247.25',
      ...Array.from({ length: 10 }, (_, d) => String(d).repeat(11)),
    ])
      expect(isValidCpf(cpf)).toBe(false);
  });

  it('checks every CPF made from nine digits, and no other tenth or eleventh digit', () => {
    for (const nine of ['000000001', '123456789', '987654321', '529982247', '100000000']) {
      const cpf = cpfFrom(nine);
      expect(isValidCpf(cpf)).toBe(true);
      for (let d = 0; d <= 9; d++) {
        if (String(d) !== cpf[10]) expect(isValidCpf(`${cpf.slice(0, 10)}${d}`)).toBe(false);
        if (String(d) !== cpf[9]) expect(isValidCpf(`${cpf.slice(0, 9)}${d}${cpf[10]}`)).toBe(false);
      }
    }
  });

  it('stores 11 digits, shows them formatted, and masked all but the middle six', () => {
    expect(normalizeCpf(' 529.982.247-25 ')).toBe('52998224725');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('52998224725')).toBe('***.982.247-**');
  });
});

describe('identity fields', () => {
  it('is 18 on the 18th birthday, not the day before (the 29th of February on the 1st of March)', () => {
    expect(identityProblems({ birthday: '2008-06-15' }, '2026-06-15')).toEqual({});
    expect(identityProblems({ birthday: '2008-06-16' }, '2026-06-15')).toEqual({
      birthday: 'validation.birthday_adult',
    });
    expect(identityProblems({ birthday: '2008-02-29' }, '2026-02-28').birthday).toBe(
      'validation.birthday_adult',
    );
    expect(identityProblems({ birthday: '2008-02-29' }, '2026-03-01')).toEqual({});
  });

  it('wants a first and last name', () => {
    expect(identityProblems({ fullName: 'José da Silva' }, '2026-01-01')).toEqual({});
    expect(identityProblems({ fullName: "Ana O'Neil-Souza" }, '2026-01-01')).toEqual({});
    expect(identityProblems({ fullName: 'Madonna' }, '2026-01-01').fullName).toBe('validation.full_name');
    expect(identityProblems({ fullName: 'Ana 123' }, '2026-01-01').fullName).toBe('validation.full_name');
  });
});

describe('payee names', () => {
  it('matches without case, accents, punctuation or name particles', () => {
    expect(namesMatch('JOSE SILVA', 'José da Silva')).toBe(true);
    expect(namesMatch('josé  da   silva.', 'Jose Silva')).toBe(true);
    expect(namesMatch('Maria Silva', 'José Silva')).toBe(false);
    expect(namesMatch('José Silva Santos', 'José Silva')).toBe(false);
    expect(namesMatch('', '')).toBe(false);
  });

  it('holds a payment to another name, with both names for the operator', () => {
    expect(payeeReview('Maria Souza', 'José da Silva')).toEqual({
      reason: 'holder_name',
      holderName: 'Maria Souza',
      fullName: 'José da Silva',
    });
    expect(payeeReview('JOSE DA SILVA', 'José da Silva')).toBeNull();
    expect(payeeReview('Anyone', null)).toBeNull();
  });
});
