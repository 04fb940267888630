/**
 * Days of a brand's calendar (an IANA time zone) as `YYYY-MM-DD`, and the instants they begin at: agents'
 * reports and contracts' pay periods are days of the brand, whatever the server's own zone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows this time zone. */
export function isTimeZone(timeZone: string) {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

function wallClock(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    ms: Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!),
  };
}

/** The brand's wall clock at `at`: its day, and the hour and minute of that day. */
export function clockIn(at: Date, timeZone: string) {
  const { day, ms } = wallClock(at, timeZone);
  const sinceMidnight = ms - Date.parse(`${day}T00:00:00Z`);
  return {
    day,
    hour: Math.floor(sinceMidnight / 3_600_000),
    minute: Math.floor((sinceMidnight % 3_600_000) / 60_000),
  };
}

/** The day of the brand's calendar that `at` falls on. */
export function dayIn(at: Date, timeZone: string): string {
  return wallClock(at, timeZone).day;
}

/** The instant the brand's day begins (its local midnight; the first instant of the day across a DST change). */
export function startOfDay(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // The zone's offset at a guess, then again at the corrected instant (the offset may change between).
  let at = midnight;
  for (let i = 0; i < 3; i++) {
    const offset = wallClock(new Date(at), timeZone).ms - (at - (at % 1000));
    const next = midnight - offset;
    if (next === at) break;
    at = next;
  }
  return new Date(at);
}

/** The day `n` days after `day` (before it when `n` is negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The day after `day`. */
export const nextDay = (day: string) => addDays(day, 1);

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = nextDay(d)) out.push(d);
  return out;
}
