import { describe, expect, it } from 'vitest';
import type { GameMenu, VendorCard } from '../../src/api/contract/games';
import { buildNavigation, lotteryRoute, sportsRoute } from '../../src/features/games/navigation';

const v = (vassalage: string, gameType: VendorCard['gameType'] = 'LOTT'): VendorCard => ({
  vassalage,
  accountTypeName: vassalage,
  gameType,
  isGame: null,
  status: 'active',
  iconUrl: '',
  playable: true,
  images: { DEFAULT: '', ACTIVE: '', WHITE: '', COLOR: '', PURPLE: '' },
});
const menu = (gameType: GameMenu['gameType'], vendors: VendorCard[]): GameMenu => ({
  gameType,
  useGameListCenter: false,
  vendors,
});

describe('top navigation rules (spec 2.2)', () => {
  it('sends lottery by its first vendor', () => {
    expect(lotteryRoute(v('TCG_LOTTO_VN'))).toBe('/vnLottery');
    expect(lotteryRoute(v('TCG_SEA'))).toBe('/seaLottery');
    expect(lotteryRoute(v('LOTT'))).toBe('/lottery');
    expect(lotteryRoute(v('ELOTT'))).toBe('/lottery');
    expect(lotteryRoute(undefined)).toBeNull();
  });

  it('sends sports to /fbSport only when a vendor coded FB exists', () => {
    expect(sportsRoute([menu('SPORTS', [v('ARENA', 'SPORTS'), v('FB', 'SPORTS')])])).toBe('/fbSport');
    expect(sportsRoute([menu('SPORTS', [v('ARENA', 'SPORTS')])])).toBeNull();
  });

  it('keeps server order, drops empty categories and always ends with promotions and customer service', () => {
    const entries = buildNavigation([
      menu('COCKFIGHT', [v('DS88', 'COCKFIGHT')]),
      menu('LIVE', []),
      menu('SPORTS', [v('ARENA', 'SPORTS')]),
      menu('LOTT', [v('TCG_LOTTO_VN'), v('TCG_SEA')]),
    ]);
    expect(entries.map((e) => [e.key, e.to])).toEqual([
      ['home', '/'],
      ['cockfight', '/cockfight'],
      ['sports', null],
      ['lottery', '/vnLottery'],
      ['promotions', '/promotions'],
      ['service', null],
    ]);
    expect(entries.at(-1)?.external).toBe(true);
  });

  it('still offers home, promotions and customer service when no category has vendors', () => {
    expect(buildNavigation([menu('RNG', [])]).map((e) => e.key)).toEqual(['home', 'promotions', 'service']);
  });
});
