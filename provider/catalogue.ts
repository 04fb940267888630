/**
 * What this provider offers, per vendor code it is connected as. An operator lists these games in its
 * catalogue under the same vendor and game codes (the demo seed does).
 */
export type GameKind = 'slot' | 'fish' | 'baccarat' | 'cockfight';

export interface ProviderGame {
  vendor: string;
  code: string;
  kind: GameKind;
  /** The slot theme, or the table a live game seats the player at. */
  variant: string;
  names: { pt: string; en: string };
}

export const PROVIDER_GAMES: ProviderGame[] = [
  {
    vendor: 'NOVA',
    code: 'golden-dragon',
    kind: 'slot',
    variant: 'golden-dragon',
    names: { pt: 'Dragão Dourado', en: 'Golden Dragon' },
  },
  {
    vendor: 'NOVA',
    code: 'neon-nights',
    kind: 'slot',
    variant: 'neon-nights',
    names: { pt: 'Noites de Neon', en: 'Neon Nights' },
  },
  {
    vendor: 'LUXR',
    code: 'pharaoh-gold',
    kind: 'slot',
    variant: 'pharaoh-gold',
    names: { pt: 'Ouro do Faraó', en: "Pharaoh's Gold" },
  },
  {
    vendor: 'SUNL',
    code: 'baccarat-sunrise',
    kind: 'baccarat',
    variant: 'sunrise',
    names: { pt: 'Bacará Sunrise', en: 'Sunrise Baccarat' },
  },
  {
    vendor: 'GDKL',
    code: 'baccarat-speed',
    kind: 'baccarat',
    variant: 'speed',
    names: { pt: 'Bacará Rápido', en: 'Speed Baccarat' },
  },
  {
    vendor: 'DEEP',
    code: 'ocean-king',
    kind: 'fish',
    variant: 'ocean',
    names: { pt: 'Rei do Oceano', en: 'Ocean King' },
  },
  {
    vendor: 'DS88',
    code: 'derby-live',
    kind: 'cockfight',
    variant: 'arena',
    names: { pt: 'Rinha ao Vivo', en: 'Live Derby' },
  },
];

export function findGame(vendor: string, code: string) {
  return PROVIDER_GAMES.find((g) => g.vendor === vendor && g.code === code);
}
