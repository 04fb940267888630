/**
 * The lottery games every brand starts with (docs/lottery.md), and how a game's stored bet-type settings
 * are read: a bet type the game has no settings for yet plays at its default odds and limits.
 */
import type { BetTypeSettings } from '../../../src/api/contract/lottery';
import { betTypesOf } from '../../../src/lottery/bet-types';
import type { Family } from '../../../src/lottery/results';
import type { GameRow, NewGameRow } from './lottery.repository';

/** A line's default limits: 1.00 to 10,000.00 of the brand's currency (its minor units). */
const DEFAULT_MIN_STAKE = 100;
const DEFAULT_MAX_STAKE = 1_000_000;

interface CatalogueGame {
  code: string;
  vendor: string;
  family: Family;
  pt: string;
  en: string;
  intervalMinutes?: number;
  dailyTime?: string;
  timeZone?: string;
  closeSeconds: number;
  maxChase: number;
}

export const LOTTERY_CATALOGUE: CatalogueGame[] = [
  {
    code: 'ssc1',
    vendor: 'ELOTT',
    family: 'ssc',
    pt: 'SSC Relâmpago 1′',
    en: 'Flash SSC 1′',
    intervalMinutes: 1,
    closeSeconds: 10,
    maxChase: 60,
  },
  {
    code: 'ssc5',
    vendor: 'LOTT',
    family: 'ssc',
    pt: 'SSC Clássico 5′',
    en: 'Classic SSC 5′',
    intervalMinutes: 5,
    closeSeconds: 30,
    maxChase: 48,
  },
  {
    code: '11x5',
    vendor: 'LOTT',
    family: '11x5',
    pt: '11 Seleção 5 · 3′',
    en: '11 Pick 5 · 3′',
    intervalMinutes: 3,
    closeSeconds: 20,
    maxChase: 60,
  },
  {
    code: 'pk10',
    vendor: 'ELOTT',
    family: 'pk10',
    pt: 'Corrida PK10 · 3′',
    en: 'PK10 Race · 3′',
    intervalMinutes: 3,
    closeSeconds: 20,
    maxChase: 60,
  },
  {
    code: 'lhc',
    vendor: 'LOTT',
    family: 'lhc',
    pt: 'Mark Six Diário',
    en: 'Daily Mark Six',
    dailyTime: '21:30',
    timeZone: 'Asia/Hong_Kong',
    closeSeconds: 300,
    maxChase: 30,
  },
  {
    code: '4d',
    vendor: 'TCG_SEA',
    family: '4d',
    pt: '4D Sudeste Asiático',
    en: 'SEA 4D',
    dailyTime: '19:00',
    timeZone: 'Asia/Kuala_Lumpur',
    closeSeconds: 600,
    maxChase: 30,
  },
  {
    code: '4d5',
    vendor: 'TCG_SEA',
    family: '4d',
    pt: '4D Rápido · 5′',
    en: 'Quick 4D · 5′',
    intervalMinutes: 5,
    closeSeconds: 30,
    maxChase: 48,
  },
  {
    code: 'mb',
    vendor: 'TCG_LOTTO_VN',
    family: 'vn',
    pt: 'Loteria do Norte (Miền Bắc)',
    en: 'Northern Lottery (Miền Bắc)',
    dailyTime: '18:15',
    timeZone: 'Asia/Ho_Chi_Minh',
    closeSeconds: 900,
    maxChase: 30,
  },
  {
    code: 'mb5',
    vendor: 'TCG_LOTTO_VN',
    family: 'vn',
    pt: 'Miền Bắc Expresso · 5′',
    en: 'Miền Bắc Express · 5′',
    intervalMinutes: 5,
    closeSeconds: 30,
    maxChase: 48,
  },
];

/** Every bet type of a family at its defaults. */
export function defaultBetTypes(family: Family): Record<string, Omit<BetTypeSettings, 'code'>> {
  return Object.fromEntries(
    betTypesOf(family).map((def) => [
      def.code,
      {
        enabled: true,
        odds: { ...def.defaultOdds },
        minStake: DEFAULT_MIN_STAKE,
        maxStake: DEFAULT_MAX_STAKE,
      },
    ]),
  );
}

export function catalogueRows(brandId: number): NewGameRow[] {
  return LOTTERY_CATALOGUE.map((g, i) => ({
    brandId,
    code: g.code,
    vendorCode: g.vendor,
    family: g.family,
    namePt: g.pt,
    nameEn: g.en,
    intervalMinutes: g.intervalMinutes ?? null,
    dailyTime: g.dailyTime ?? null,
    timeZone: g.timeZone ?? null,
    closeSeconds: g.closeSeconds,
    maxChase: g.maxChase,
    betTypes: defaultBetTypes(g.family),
    sort: i,
  }));
}

/** A game's bet types as they play now: stored settings over the defaults, odds key by key. */
export function betTypeSettingsOf(game: GameRow): BetTypeSettings[] {
  const stored = (game.betTypes ?? {}) as Record<string, Partial<Omit<BetTypeSettings, 'code'>>>;
  return betTypesOf(game.family as Family).map((def) => {
    const s = stored[def.code] ?? {};
    return {
      code: def.code,
      enabled: s.enabled ?? true,
      odds: { ...def.defaultOdds, ...(s.odds ?? {}) },
      minStake: s.minStake ?? DEFAULT_MIN_STAKE,
      maxStake: s.maxStake ?? DEFAULT_MAX_STAKE,
    };
  });
}
