/**
 * A lottery game's calendar (docs/lottery.md): when its draws happen and what they are called. Fast games
 * draw every N minutes on the clock (N dividing a day), numbered within the day of their zone; daily games
 * draw at a time of their zone, numbered by that day.
 */
import { addDays, dayIn, startOfDay } from '../../lib/brand-days';

export interface Calendar {
  intervalMinutes: number | null;
  dailyTime: string | null;
  timeZone: string;
}

export interface DrawSlot {
  number: string;
  opensAt: Date;
  closesAt: Date;
  drawsAt: Date;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A daily draw's instant on a day of its zone. */
function dailyAt(day: string, time: string, timeZone: string) {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return new Date(startOfDay(day, timeZone).getTime() + h * 3_600_000 + m * MINUTE);
}

/** The name of the draw at `drawsAt`: `YYYYMMDD-NNNN` (fast; NNNN from 0001 after midnight) or `YYYYMMDD`. */
export function drawNumber(cal: Calendar, drawsAt: Date): string {
  if (cal.intervalMinutes) {
    // A draw at midnight ends the day before (its last, NNNN = draws per day).
    const day = dayIn(new Date(drawsAt.getTime() - 1), cal.timeZone);
    const seq = Math.round(
      (drawsAt.getTime() - startOfDay(day, cal.timeZone).getTime()) / (cal.intervalMinutes * MINUTE),
    );
    return `${day.replaceAll('-', '')}-${String(seq).padStart(4, '0')}`;
  }
  return dayIn(drawsAt, cal.timeZone).replaceAll('-', '');
}

/**
 * Every draw after `after` up to `until`, with its window: from the close of the draw before it (windows
 * follow one another, so some draw always takes bets) to `closeSeconds` before its own time.
 */
export function slotsBetween(cal: Calendar, closeSeconds: number, after: Date, until: Date): DrawSlot[] {
  const slots: DrawSlot[] = [];
  if (cal.intervalMinutes) {
    const step = cal.intervalMinutes * MINUTE;
    for (let t = Math.floor(after.getTime() / step) * step + step; t <= until.getTime(); t += step) {
      const drawsAt = new Date(t);
      slots.push({
        number: drawNumber(cal, drawsAt),
        opensAt: new Date(t - step - closeSeconds * 1000),
        closesAt: new Date(t - closeSeconds * 1000),
        drawsAt,
      });
    }
    return slots;
  }
  if (!cal.dailyTime) return slots;
  for (let day = dayIn(after, cal.timeZone); ; day = addDays(day, 1)) {
    const drawsAt = dailyAt(day, cal.dailyTime, cal.timeZone);
    if (drawsAt > until) break;
    if (drawsAt <= after) continue;
    const before = dailyAt(addDays(day, -1), cal.dailyTime, cal.timeZone);
    slots.push({
      number: drawNumber(cal, drawsAt),
      opensAt: new Date(before.getTime() - closeSeconds * 1000),
      closesAt: new Date(drawsAt.getTime() - closeSeconds * 1000),
      drawsAt,
    });
  }
  return slots;
}

/** How far ahead a game's draws are kept scheduled: its longest chase and an hour more, a day at least for daily games. */
export function horizon(cal: Calendar, maxChase: number, now: Date): Date {
  const span = cal.intervalMinutes
    ? Math.max(60 * MINUTE, (maxChase + 2) * cal.intervalMinutes * MINUTE)
    : (maxChase + 2) * DAY;
  return new Date(now.getTime() + span);
}
