/**
 * The month bitmaps of member_active_months: bit d - 1 of a month's `days` is day d (days are
 * `YYYY-MM-DD` of the brand's calendar; months are their first day).
 */

/** Every day of a month set: 31 bits, a positive 32-bit integer. */
export const WHOLE_MONTH = 0x7fffffff;

/** The month `day` falls in (its first day). */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** The bit of `day` in its month's bitmap. */
export const dayBit = (day: string) => 1 << (Number(day.slice(8, 10)) - 1);

/** `days` grouped by month, each month with the bits of its days among them. */
export function monthMasks(days: string[]) {
  const masks = new Map<string, number>();
  for (const day of days) masks.set(monthOf(day), (masks.get(monthOf(day)) ?? 0) | dayBit(day));
  return masks;
}

/**
 * The period [fromDay, toDay] as months and the bits of its days in each: its first and last months in
 * part, the months between whole (every month of the period, in order).
 */
export function periodMasks(fromDay: string, toDay: string): Array<{ month: string; mask: number }> {
  if (toDay < fromDay) return [];
  const first = monthOf(fromDay);
  const last = monthOf(toDay);
  const fromBits = WHOLE_MONTH & ~(dayBit(fromDay) - 1);
  const toBits = WHOLE_MONTH & (dayBit(toDay) * 2 - 1);
  const out: Array<{ month: string; mask: number }> = [];
  for (let month = first; month <= last; ) {
    const mask = (month === first ? fromBits : WHOLE_MONTH) & (month === last ? toBits : WHOLE_MONTH);
    out.push({ month, mask });
    const [y, m] = month.split('-').map(Number) as [number, number];
    month = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  }
  return out;
}
