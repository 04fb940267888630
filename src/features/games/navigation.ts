import type { SectionKey } from '../../api/contract/common';
import type { GameMenu, VendorCard } from '../../api/contract/games';

export interface NavEntry {
  /** Stable id; also the translation key under `nav.` */
  key: string;
  /** Where a click goes; null means the click does nothing (sports without the FB vendor). */
  to: string | null;
  section?: SectionKey;
  vendors: VendorCard[];
  /** Customer service opens the help target rather than a page. */
  external?: boolean;
}

const categoryRoutes: Partial<Record<SectionKey, string>> = {
  LIVE: '/live',
  FISH: '/fish',
  RNG: '/rng',
  PVP: '/pvp',
  ESPORTS: '/esports',
  COCKFIGHT: '/cockfight',
  ELOTT: '/elott',
  INHOUSE: '/originals',
};

/** Spec 2.2: the lottery entry follows its first vendor. */
export function lotteryRoute(vendor: VendorCard | undefined): string | null {
  switch (vendor?.vassalage) {
    case 'TCG_LOTTO_VN':
      return '/vnLottery';
    case 'TCG_SEA':
      return '/seaLottery';
    case 'LOTT':
    case 'ELOTT':
      return '/lottery';
    default:
      return vendor ? '/lott' : null;
  }
}

/** Spec 2.2: sports goes to /fbSport only if a vendor coded FB exists, otherwise the click does nothing. */
export function sportsRoute(menus: GameMenu[]): string | null {
  return menus.some((m) => m.vendors.some((v) => v.vassalage === 'FB')) ? '/fbSport' : null;
}

export function hasFbVendor(menus: GameMenu[]) {
  return sportsRoute(menus) !== null;
}

/**
 * The top navigation: home, then each category that has at least one vendor in the order the server
 * gives, then promotions and customer service, always.
 */
export function buildNavigation(menus: GameMenu[]): NavEntry[] {
  const entries: NavEntry[] = [{ key: 'home', to: '/', vendors: [] }];
  for (const menu of menus) {
    if (menu.vendors.length === 0) continue;
    if (menu.gameType === 'LOTT') {
      entries.push({
        key: 'lottery',
        to: lotteryRoute(menu.vendors[0]),
        section: 'LOTT',
        vendors: menu.vendors,
      });
    } else if (menu.gameType === 'SPORTS') {
      entries.push({ key: 'sports', to: sportsRoute(menus), section: 'SPORTS', vendors: menu.vendors });
    } else {
      const to = categoryRoutes[menu.gameType];
      if (to)
        entries.push({ key: menu.gameType.toLowerCase(), to, section: menu.gameType, vendors: menu.vendors });
    }
  }
  entries.push({ key: 'promotions', to: '/promotions', vendors: [] });
  entries.push({ key: 'service', to: null, vendors: [], external: true });
  return entries;
}
