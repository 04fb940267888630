import { readCache } from '../../api/cache';
import { callEarly } from '../../api/client';
import type { LanguageCode } from '../../api/languages';

/** The home page's banners, notices and promotions, asked the same way at boot and by the page. */
export const homeContentQuery = (lang: string) => ({
  types: 'banner,notice,promotion',
  platform: 'W' as const,
  bannerGroup: 'w_home',
  lang: lang as 'pt' | 'en',
});
export const HOT_GAMES_QUERY = { platforms: 'flash,html5-desktop' };
export const winnerBoardQuery = (lang: string) => ({
  gameCategory: 'ALL' as const,
  language: lang as 'pt' | 'en',
  limitNum: 20,
});

/**
 * Asked while the page boots, beside its scripts and catalogue, instead of one after the other: the site
 * settings every page needs, and on the home page what it shows first (lists this tab already holds in
 * session storage are not asked again).
 */
export function startBootRequests(lang: LanguageCode, pathname: string) {
  void callEarly('systemStatus');
  void callEarly('whitelabel');
  if (readCache('gameMenus') === undefined) void callEarly('gameMenus');
  if (pathname !== '/') return;
  // The first banner is what the visitor sees largest: its picture is on its way before the page renders.
  void callEarly('announcements', { query: homeContentQuery(lang) }).then((set) => {
    const first = set?.banners[0]?.url;
    if (first) new Image().src = first;
  });
  if (readCache(`hotGames:${lang}`) === undefined) void callEarly('hotGames', { query: HOT_GAMES_QUERY });
  if (readCache(`winnerBoard:${lang}`) === undefined)
    void callEarly('rankList', { query: winnerBoardQuery(lang) });
}
