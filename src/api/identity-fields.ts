import { isValidCpf } from './cpf';
import { birthdayProblemOn } from './profile-fields';

/**
 * The identity a Brazilian brand asks for (full name, date of birth, CPF), checked the same way by the
 * registration form, the withdrawal's identity step and the server. Each problem is a translation key.
 */

/** A person's full name: two words at least, letters (accented too), spaces, apostrophes, dots and dashes. */
export const FULL_NAME_PATTERN = /^(?=.{5,64}$)\p{L}[\p{L}'.-]*(?: +\p{L}[\p{L}'.-]*)+$/u;

export interface IdentityValues {
  fullName?: string | undefined;
  birthday?: string | undefined;
  cpf?: string | undefined;
}

/** Each given field's problem, by field name; `today` is YYYY-MM-DD of the brand's day. */
export function identityProblems(values: IdentityValues, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (values.fullName !== undefined && !FULL_NAME_PATTERN.test(values.fullName.trim().replace(/\s+/g, ' ')))
    problems.fullName = 'validation.full_name';
  if (values.birthday !== undefined) {
    const problem = birthdayProblemOn(values.birthday, today);
    if (problem) problems.birthday = problem;
  }
  if (values.cpf !== undefined && !isValidCpf(values.cpf)) problems.cpf = 'validation.cpf';
  return problems;
}

/** The full name as stored: trimmed, single spaces. */
export const cleanFullName = (name: string) => name.trim().replace(/\s+/g, ' ');
