import { LOTTERY_VENDORS } from '../../../src/api/contract/lottery';
import { SPORTS_VENDORS } from '../../../src/api/contract/sports';

/**
 * The vendor codes of the site's own games: the in-house games (BGS, server/modules/originals), the
 * lotteries (src/api/contract/lottery.ts) and the sportsbook (FB, FBE: src/api/contract/sports.ts). Their
 * rounds are written by the site's own database functions, so none of them may be connected as an
 * external vendor: a connection would let whoever holds its secret post bets and wins into any member's
 * in-house rounds, lottery lines and sports bets.
 */
const IN_HOUSE_VENDORS: ReadonlySet<string> = new Set(['BGS', ...LOTTERY_VENDORS, ...SPORTS_VENDORS]);

export function isInHouseVendor(code: string) {
  return IN_HOUSE_VENDORS.has(code.trim().toUpperCase());
}
