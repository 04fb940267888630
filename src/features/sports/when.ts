import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { FixtureCard } from '../../api/contract/sports';
import { formatDateMinute } from '../../ui/format';

/** When a fixture starts, as a card says it: "Hoje 20:00", "Amanhã 16:30", or the date. */
export function startText(t: TFunction, startsAt: number, lang: string, now = Date.now()): string {
  const day = dayjs(startsAt).startOf('day');
  const today = dayjs(now).startOf('day');
  const time = dayjs(startsAt).format('HH:mm');
  if (day.isSame(today)) return `${t('sports.today')} ${time}`;
  if (day.isSame(today.add(1, 'day'))) return `${t('sports.tomorrow')} ${time}`;
  return formatDateMinute(startsAt, lang);
}

/** The live clock a card shows: "67'" in football, "Mapa 2" in e-sports, the phase between. */
export function liveClock(t: TFunction, f: Pick<FixtureCard, 'live' | 'sport'>): string {
  const live = f.live;
  if (!live) return '';
  if (f.sport === 'football') {
    if (live.phase === 'first_half' || live.phase === 'second_half') return `${live.minute ?? 0}'`;
    return t(`sports.phase.${live.phase}`, { defaultValue: '' });
  }
  if (live.phase === 'map') return t('sports.phase.map', { map: live.map ?? 1 });
  return t(`sports.phase.${live.phase}`, { defaultValue: '' });
}
