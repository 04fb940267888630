import { z } from 'zod';
import { epochMillis, languageCode, minorUnits, sectionKey } from './common';

export const vendorCard = z.object({
  vassalage: z.string(),
  accountTypeName: z.string(),
  gameType: sectionKey,
  isGame: z.enum(['VASSALAGE']).nullable(),
  status: z.enum(['active', 'maintenance']),
  iconUrl: z.string(),
  /**
   * Spec 9's image variants: DEFAULT and ACTIVE (small icon), WHITE, COLOR and PURPLE (the list of vendors
   * per game type). A lottery (LOTT) vendor uses the ELOTT images.
   */
  images: z.object({
    DEFAULT: z.string(),
    ACTIVE: z.string(),
    WHITE: z.string(),
    COLOR: z.string(),
    PURPLE: z.string(),
  }),
  /** False while the vendor has no game to play here yet (its category says so instead). */
  playable: z.boolean(),
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
  /** The game's id: what favourites name (nodeId). */
  nodeId: z.number().int(),
  gameCode: z.string(),
  vassalage: z.string(),
  gameType: sectionKey,
  gameName: z.string(),
  isGame: z.enum(['VASSALAGE']).nullable(),
  classification: gameClassification.nullable(),
  imageUrl: z.string(),
  /** 'maintenance': listed but not launchable (game_maintenance). */
  status: z.enum(['active', 'maintenance']),
  /** The vendor's published return to player, "96.21", when it states one. */
  rtp: z.string().nullable(),
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

const code = z.string().trim().min(1).max(64);

/** GCSGAME_gameList: a vendor's or a category's games, filtered and paged (spec 2.8). */
export const gameListQuery = z.object({
  vassalage: code.optional(),
  gameType: sectionKey.optional(),
  /** SC, VP, JP, TG, AC (BG only where language TY is supported), or ALL. */
  classification: z.union([z.literal('ALL'), gameClassification]).default('ALL'),
  search: z.string().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
  lang: languageCode.optional(),
});
export const gameList = z.object({
  items: z.array(gameItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** GCSGAME_getVassGameType: which classification filters a vendor's list offers, with their counts. */
export const vassGameTypesQuery = z.object({ vassalage: code });
export const vassGameType = z.object({
  classification: z.union([z.literal('ALL'), gameClassification]),
  count: z.number().int(),
});

export const recentGamesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(12),
  lang: languageCode.optional(),
});

export const favouriteBody = z.object({ nodeId: z.coerce.number().int().min(1).max(2_147_483_647) });
export const favouriteIds = z.object({ nodeIds: z.array(z.number().int()) });

/** /wps/game/launchGame: starts a game at its vendor; the answer is where the game runs. */
export const launchGameBody = z.object({
  vassalage: code,
  /** Absent for a vendor card that opens straight into the vendor's game (its first one). */
  gameCode: code.optional(),
  platform: z.enum(['html5', 'html5-desktop']).default('html5-desktop'),
});
export const launchedGame = z.object({
  url: z.string(),
  /**
   * 'page': show it in /seamless; 'window': the vendor asks for a window of its own; 'route': the site's
   * own page at `url` (the lotteries).
   */
  opensIn: z.enum(['page', 'window', 'route']),
  vassalage: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  gameType: sectionKey,
});
export type LaunchedGame = z.infer<typeof launchedGame>;
