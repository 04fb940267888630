import type { ContractKind } from '../../../src/api/contract/agents';
import { addDays, clockIn, dayIn, startOfDay } from '../../lib/brand-days';

/** A pay period of a contract: its key (unique per contract's bills) and the instants it spans. */
export interface Period {
  key: string;
  start: Date;
  end: Date;
}

export type PayPeriod = 'daily' | 'weekly' | 'semimonthly' | 'monthly';

const pad = (n: number) => String(n).padStart(2, '0');
const MINUTE = 60_000;

/** Days of the brand's calendar [first, last] as a period. */
function days(key: string, first: string, last: string, timeZone: string): Period {
  return { key, start: startOfDay(first, timeZone), end: startOfDay(addDays(last, 1), timeZone) };
}

/** ISO week number and its Monday, for a day. */
function isoWeek(day: string) {
  const d = new Date(`${day}T00:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0
  const monday = addDays(day, -weekday);
  const thursday = new Date(Date.parse(`${monday}T00:00:00Z`) + 3 * 86_400_000);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / (7 * 86_400_000)) + 1;
  return { key: `${thursday.getUTCFullYear()}-W${pad(week)}`, monday };
}

function lastDayOfMonth(year: number, month: number) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The pay period (of a dividend's pay period, or of a salary's kind) that the instant `at` falls in. */
export function periodAt(
  kind: ContractKind,
  payPeriod: PayPeriod | undefined,
  at: Date,
  timeZone: string,
): Period {
  const { day, hour, minute } = clockIn(at, timeZone);
  const midnight = startOfDay(day, timeZone).getTime();
  if (kind === 'realtime_salary') {
    const slot = minute - (minute % 5);
    const start = new Date(midnight + (hour * 60 + slot) * MINUTE);
    return { key: `${day}T${pad(hour)}:${pad(slot)}`, start, end: new Date(start.getTime() + 5 * MINUTE) };
  }
  if (kind === 'hourly_salary') {
    const start = new Date(midnight + hour * 60 * MINUTE);
    return { key: `${day}T${pad(hour)}`, start, end: new Date(start.getTime() + 60 * MINUTE) };
  }
  const every = kind === 'daily_salary' ? 'daily' : (payPeriod ?? 'daily');
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  switch (every) {
    case 'daily':
      return days(day, day, day, timeZone);
    case 'weekly': {
      const { key, monday } = isoWeek(day);
      return days(key, monday, addDays(monday, 6), timeZone);
    }
    case 'semimonthly': {
      const month = `${y}-${pad(m)}`;
      return d <= 15
        ? days(`${month}-H1`, `${month}-01`, `${month}-15`, timeZone)
        : days(`${month}-H2`, `${month}-16`, `${month}-${pad(lastDayOfMonth(y, m))}`, timeZone);
    }
    case 'monthly': {
      const month = `${y}-${pad(m)}`;
      return days(month, `${month}-01`, `${month}-${pad(lastDayOfMonth(y, m))}`, timeZone);
    }
  }
}

/** The last period that has ended by `now` (the one before the period `now` falls in). */
export function lastCompletePeriod(
  kind: ContractKind,
  payPeriod: PayPeriod | undefined,
  now: Date,
  timeZone: string,
) {
  const current = periodAt(kind, payPeriod, now, timeZone);
  return periodAt(kind, payPeriod, new Date(current.start.getTime() - 1), timeZone);
}

/** The brand day a period begins on (for messages). */
export const periodDay = (period: Period, timeZone: string) => dayIn(period.start, timeZone);
