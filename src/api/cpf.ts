/**
 * The CPF (Cadastro de Pessoas Físicas), Brazil's taxpayer number: 11 digits, the last two check digits
 * (mod 11). One implementation for the registration form, the withdrawal's identity step and the server.
 */

/** The 11 digits of a CPF typed with or without its dots and dash; null when it is not that shape. */
export function normalizeCpf(value: string): string | null {
  const trimmed = value.trim();
  if (!/^(\d{3}\.?\d{3}\.?\d{3}-?\d{2})$/.test(trimmed)) return null;
  return trimmed.replace(/\D/g, '');
}

/** The check digit of the first `length` digits (weights length+1 down to 2). */
function checkDigit(digits: string, length: number) {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** Whether the value is a CPF whose check digits are right (and not one of the eleven repeated-digit ones). */
export function isValidCpf(value: string): boolean {
  const digits = normalizeCpf(value);
  if (!digits) return false;
  // 000.000.000-00 ... 999.999.999-99 pass the arithmetic but are no one's.
  if (/^(\d)\1{10}$/.test(digits)) return false;
  return checkDigit(digits, 9) === Number(digits[9]) && checkDigit(digits, 10) === Number(digits[10]);
}

/** 12345678909 → 123.456.789-09. */
export function formatCpf(digits: string) {
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9, 11)}`;
}

/**
 * What a member and operators without 'kyc.review' see: the middle six digits only, as the Receita
 * Federal's own receipts and the ANPD's guidance do (***.456.789-**).
 */
export function maskCpf(digits: string) {
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

/** A valid CPF made from nine digits (tests and the demo seed). */
export function cpfFrom(nine: string) {
  const first = checkDigit(nine, 9);
  const ten = `${nine}${first}`;
  return `${ten}${checkDigit(`${ten}0`, 10)}`;
}
