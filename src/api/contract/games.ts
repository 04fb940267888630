import { z } from 'zod';
import { epochMillis, languageCode, minorUnits, sectionKey } from './common';

export const vendorCard = z.object({
  vassalage: z.string(),
  accountTypeName: z.string(),
  gameType: sectionKey,
  isGame: z.enum(['VASSALAGE']).nullable(),
  status: z.enum(['active', 'maintenance']),
  iconUrl: z.string(),
});
export type VendorCard = z.infer<typeof vendorCard>;

export const gameMenu = z.object({
  gameType: sectionKey,
  useGameListCenter: z.boolean(),
  vendors: z.array(vendorCard),
});
export type GameMenu = z.infer<typeof gameMenu>;

export const gameClassification = z.enum(['SC', 'VP', 'JP', 'TG', 'AC', 'BG']);

export const gameItem = z.object({
  gameCode: z.string(),
  vassalage: z.string(),
  gameType: sectionKey,
  gameName: z.string(),
  isGame: z.enum(['VASSALAGE']).nullable(),
  classification: gameClassification.nullable(),
  imageUrl: z.string(),
});
export type GameItem = z.infer<typeof gameItem>;

export const platformName = z.enum(['flash', 'html5-desktop', 'html5']);

export const vendorListQuery = z.object({
  platform: platformName.default('html5-desktop'),
  gameType: sectionKey.optional(),
});

export const hotGamesQuery = z.object({
  platforms: z
    .string()
    .max(100)
    .default('flash,html5-desktop')
    .transform((s) => s.split(',').map((p) => p.trim()))
    .pipe(z.array(platformName).min(1)),
  lang: languageCode.optional(),
});

export const popularGamesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(12),
  lang: languageCode.optional(),
});

export const rankListQuery = z.object({
  gameCategory: z.union([z.literal('ALL'), sectionKey]).default('ALL'),
  language: languageCode.optional(),
  limitNum: z.coerce.number().int().min(1).max(20).default(20),
});

export const rankEntry = z.object({
  vo: z.object({
    account: z.string(),
    gameName: z.string(),
    vassalage: z.string(),
    gameCategory: sectionKey,
    winAmount: minorUnits,
    currency: z.string(),
    wonAt: epochMillis,
  }),
});
export type RankEntry = z.infer<typeof rankEntry>;
