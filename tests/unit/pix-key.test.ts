import { describe, expect, it } from 'vitest';
import { maskPixKey, normalizePixKey } from '../../src/api/pix-key';

describe('PIX keys (as the DICT stores them)', () => {
  it('takes a CPF with or without punctuation only when its check digits are right', () => {
    expect(normalizePixKey('cpf', '529.982.247-25')).toBe('52998224725');
    expect(normalizePixKey('cpf', '52998224725')).toBe('52998224725');
    expect(normalizePixKey('cpf', '529.982.247-24')).toBeNull();
    expect(normalizePixKey('cpf', '111.111.111-11')).toBeNull();
  });

  it('takes an e-mail in lower case, up to 77 characters', () => {
    expect(normalizePixKey('email', ' Ana.Lima@Exemplo.com.br ')).toBe('ana.lima@exemplo.com.br');
    const local = 'a'.repeat(77 - '@ex.com'.length);
    expect(normalizePixKey('email', `${local}@ex.com`)).toHaveLength(77);
    expect(normalizePixKey('email', `${local}a@ex.com`)).toBeNull();
    expect(normalizePixKey('email', 'ana@localhost')).toBeNull();
    expect(normalizePixKey('email', 'ana lima@ex.com')).toBeNull();
  });

  it('takes a Brazilian mobile as +55, area code and nine digits starting with 9', () => {
    expect(normalizePixKey('phone', '(11) 91234-5678')).toBe('+5511912345678');
    expect(normalizePixKey('phone', '+55 21 99876 5432')).toBe('+5521998765432');
    // A landline (8 digits), an area code with a zero, a foreign number.
    expect(normalizePixKey('phone', '(11) 3123-4567')).toBeNull();
    expect(normalizePixKey('phone', '(01) 91234-5678')).toBeNull();
    expect(normalizePixKey('phone', '+351 912 345 678')).toBeNull();
  });

  it('takes a random key as a UUID, in lower case', () => {
    expect(normalizePixKey('random', '123E4567-E89B-42D3-A456-426614174000')).toBe(
      '123e4567-e89b-42d3-a456-426614174000',
    );
    expect(normalizePixKey('random', '123e4567e89b42d3a456426614174000')).toBeNull();
    expect(normalizePixKey('random', '52998224725')).toBeNull();
  });

  it('masks a key to its owner without hiding which one it is', () => {
    expect(maskPixKey('cpf', '52998224725')).toBe('***.982.247-**');
    expect(maskPixKey('email', 'ana.lima@exemplo.com')).toBe('an***@exemplo.com');
    expect(maskPixKey('phone', '+5511912345678')).toBe('+5511 *****-5678');
    expect(maskPixKey('random', '123e4567-e89b-42d3-a456-426614174000')).toBe('123e4567-****-…-4000');
  });
});
