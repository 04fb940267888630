import { isNationality } from './nationalities';

/**
 * The rules of the profile fields on "Minha conta" (spec 3: birthday, Telegram, Zalo, address,
 * nationality), defined once for the form and the server. Each problem is a translation key.
 *
 * What a member may change: the nickname, address, Telegram and Zalo at any time (empty clears them);
 * the full name, birthday and nationality are identity facts checked against documents and bank
 * accounts, so they are given once and corrected only by support.
 */
export const ADDRESS_MAX = 200;
/** A Telegram username (5 to 32 letters, digits or _, starting with a letter; an @ in front is fine) or a phone number. */
export const TELEGRAM_PATTERN = /^(@?[A-Za-z][A-Za-z0-9_]{4,31}|\+?\d{6,15})$/;
/** Zalo accounts are phone numbers. */
export const ZALO_PATTERN = /^\+?\d{6,15}$/;
/** Registration asks for 18 or older (spec 4.3); a birthday given later must agree. */
export const ADULT_AGE = 18;
const EARLIEST_BIRTHDAY = '1900-01-01';

/** Today's date as YYYY-MM-DD (UTC), the day birthdays are compared with. */
export const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/** Why a birthday (YYYY-MM-DD) cannot be stored, as a translation key; null when it is fine. */
export function birthdayProblem(value: string, now: Date): string | null {
  return birthdayProblemOn(value, isoDay(now));
}

/**
 * The same on a given day (YYYY-MM-DD: the brand's today, for the identity asked at registration or
 * before a withdrawal): 18 years old on the 18th birthday itself, not a day before.
 */
export function birthdayProblemOn(value: string, today: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return 'validation.birthday';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2001-02-30 rolls over to March: not a real date.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return 'validation.birthday';
  if (value > today) return 'validation.birthday_future';
  if (value < EARLIEST_BIRTHDAY) return 'validation.birthday';
  // Compared as text: the 18th birthday of 2008-02-29 is 2026-02-29, which sorts after the 28th.
  if (`${String(year + ADULT_AGE).padStart(4, '0')}${value.slice(4)}` > today)
    return 'validation.birthday_adult';
  return null;
}

export interface ProfileFieldValues {
  birthday?: string | undefined;
  nationality?: string | undefined;
  address?: string | undefined;
  telegram?: string | undefined;
  zalo?: string | undefined;
}

/** Each field's problem, by field name; empty values are not checked (they clear or leave a field). */
export function profileFieldProblems(values: ProfileFieldValues, now: Date): Record<string, string> {
  const problems: Record<string, string> = {};
  if (values.birthday) {
    const problem = birthdayProblem(values.birthday, now);
    if (problem) problems.birthday = problem;
  }
  if (values.nationality && !isNationality(values.nationality))
    problems.nationality = 'validation.nationality';
  if (values.address && [...values.address].length > ADDRESS_MAX) problems.address = 'validation.address';
  if (values.telegram && !TELEGRAM_PATTERN.test(values.telegram)) problems.telegram = 'validation.telegram';
  if (values.zalo && !ZALO_PATTERN.test(values.zalo)) problems.zalo = 'validation.zalo';
  return problems;
}
