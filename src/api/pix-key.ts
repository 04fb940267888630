import { isValidCpf, normalizeCpf } from './cpf';

/**
 * A PIX key (Banco Central do Brasil's DICT): the four kinds a person can hold. One implementation for the
 * withdraw page's form and the server, so what the form lets through the server keeps.
 */
export const PIX_KEY_TYPES = ['cpf', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/**
 * The key as the DICT stores it, or null when it is not a key of that type: a CPF's 11 digits (check
 * digits right), an e-mail in lower case (77 characters at most), a Brazilian mobile as +55, area code and
 * 9 digits, or a random key (a UUID in lower case).
 */
export function normalizePixKey(type: PixKeyType, value: string): string | null {
  const raw = value.trim();
  switch (type) {
    case 'cpf':
      return isValidCpf(raw) ? normalizeCpf(raw) : null;
    case 'email': {
      const email = raw.toLowerCase();
      return email.length <= 77 && /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(email)
        ? email
        : null;
    }
    case 'phone': {
      const digits = raw.replace(/[\s().-]/g, '');
      const national = digits.startsWith('+55') ? digits.slice(3) : digits.startsWith('+') ? null : digits;
      // Area codes 11 to 99 without a zero; mobiles have 9 digits starting with 9.
      return national && /^[1-9][1-9]9\d{8}$/.test(national) ? `+55${national}` : null;
    }
    case 'random': {
      const key = raw.toLowerCase();
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(key)
        ? key
        : null;
    }
  }
}

/** How a key shows to its owner: enough to recognise it, not enough to read it off a shoulder. */
export function maskPixKey(type: PixKeyType, key: string): string {
  switch (type) {
    case 'cpf':
      return `***.${key.slice(3, 6)}.${key.slice(6, 9)}-**`;
    case 'email': {
      const [user = '', domain = ''] = key.split('@');
      return `${user.slice(0, 2)}***@${domain}`;
    }
    case 'phone':
      return `${key.slice(0, 5)} *****-${key.slice(-4)}`;
    case 'random':
      return `${key.slice(0, 8)}-****-…-${key.slice(-4)}`;
  }
}
