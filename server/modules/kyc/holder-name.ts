/**
 * Whether a payee (a bank account's holder, later a PIX key's) is the member: the names compared without
 * case, accents, punctuation or the particles Brazilian names carry (de, da, do, das, dos, e), so
 * "JOSÉ DA SILVA" is "Jose Silva" but "Maria Silva" is not "José Silva". A payee that is not the
 * member holds the withdrawal for an operator's review (the withdrawals' `review`).
 */
const PARTICLES = new Set(['de', 'da', 'do', 'das', 'dos', 'e', 'di', 'du', 'del']);

/** The name's words, lower case, without accents, punctuation or particles. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((w) => w !== '' && !PARTICLES.has(w));
}

export function namesMatch(a: string, b: string): boolean {
  const x = nameWords(a);
  const y = nameWords(b);
  return x.length > 0 && x.join(' ') === y.join(' ');
}

/** Why a payment to this payee waits for review, as the withdrawal keeps it; null when it may go. */
export type PayeeReview = { reason: 'holder_name'; holderName: string; fullName: string };

export function payeeReview(holderName: string, fullName: string | null): PayeeReview | null {
  // No name on the account yet: the identity step asks for it before any withdrawal.
  if (!fullName) return null;
  return namesMatch(holderName, fullName) ? null : { reason: 'holder_name', holderName, fullName };
}
