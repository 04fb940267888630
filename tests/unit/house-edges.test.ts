import { describe, expect, it } from 'vitest';
import {
  categoryEdges,
  DEFAULT_BEST_RETURNS,
  edgeOfRtp,
  edgeShortfall,
  mostRateFor,
} from '../../server/modules/agents/house-edges';
import type { ContractTerms } from '../../src/api/contract/agents';
import { betTypes } from '../../src/lottery/bet-types';
import { betTypeReturns } from '../../src/lottery/returns';

const salary = (rateBp: number): Pick<ContractTerms, 'kind' | 'tiers'> => ({
  kind: 'daily_salary',
  tiers: [{ minValidBet: 0, minActive: 0, rateBp }],
});

describe('the house edge a contract must leave', () => {
  it('reads a stated return as the edge it leaves, rounded down to a basis point', () => {
    expect(edgeOfRtp('98.94')).toBe(106);
    expect(edgeOfRtp('96.215')).toBe(378);
    expect(edgeOfRtp('100')).toBe(0);
    expect(edgeOfRtp(null)).toBeNull();
    expect(edgeOfRtp('about 96')).toBeNull();
  });

  it('lets a salary pay less than the edge less the rebate, a dividend a share of the edge less the rebate', () => {
    // Dice: 1 % edge, 0.1 % rebate. The demo's 1 % salary gave away 1.1 % of every valid bet.
    expect(mostRateFor('daily_salary', 100, 10)).toBe(89);
    expect(mostRateFor('daily_salary', 100, 100)).toBe(0);
    // Baccarat: 1.06 % edge, 0.8 % rebate: 24.52 % of the loss and the rebate stay under the edge.
    expect(mostRateFor('dividend', 106, 80)).toBe(2_452);
    expect(80 * 10_000 < 106 * (10_000 - 2_452)).toBe(true);
    expect(80 * 10_000 < 106 * (10_000 - 2_453)).toBe(false);
    // An exact bound is not enough: 50 % of a 2 % edge with a 1 % rebate gives all of it away.
    expect(mostRateFor('dividend', 200, 100)).toBe(4_999);
    // The house's other contracts with the agent take their share first: 0.1 % of salary and 10 % of the
    // loss on baccarat leave 0.054 %, so a third salary may pay 0.05 %, a dividend beside the salary 15.09 %.
    expect(mostRateFor('hourly_salary', 106, 80, { salariesBp: 10, dividendBp: 1_000 })).toBe(5);
    expect(mostRateFor('dividend', 106, 80, { salariesBp: 10, dividendBp: 0 })).toBe(1_509);
    expect(mostRateFor('daily_salary', 106, 80, { salariesBp: 30, dividendBp: 0 })).toBe(0);
  });

  it('takes each category at its lowest edge: in-house settings, lottery odds, stated returns', async () => {
    const edges = await categoryEdges({
      vendorCategory: new Map([
        ['BGS', 'INHOUSE'],
        ['LOTT', 'LOTT'],
        ['SUNL', 'LIVE'],
      ]),
      catalogue: [
        { vendor: 'BGS', gameCode: 'dice', category: 'INHOUSE', active: true, rtp: '99.90' },
        { vendor: 'SUNL', gameCode: 'bac', category: 'LIVE', active: true, rtp: '98.94' },
        { vendor: 'SUNL', gameCode: 'old', category: 'LIVE', active: false, rtp: '99.99' },
        { vendor: 'SUNL', gameCode: 'new', category: 'LIVE', active: true, rtp: null },
      ],
      inHouse: {
        vendor: 'BGS',
        games: [
          { game: 'dice', enabled: true, edgeBp: 100 },
          { game: 'limbo', enabled: true, edgeBp: 75 },
          { game: 'keno', enabled: false, edgeBp: 50 },
        ],
      },
      lottery: [
        {
          vendor: 'LOTT',
          enabled: true,
          betTypes: [
            { code: '11x5.any5', enabled: true, odds: { win: 45_045 } },
            { code: '11x5.any4', enabled: false, odds: { win: 99_999 } },
          ],
        },
      ],
    });
    // The in-house catalogue's stated return is not what the games play with: their settings are.
    expect(edges.get('INHOUSE')).toBe(75);
    expect(edges.get('LIVE')).toBe(106);
    // Any 5 of 11 pays 450.45 × at 1 in 462: 97.5 % back; a bet type switched off does not count.
    expect(edges.get('LOTT')).toBe(250);
    expect(edgeShortfall(salary(30), edges, { INHOUSE: 10, LIVE: 80, LOTT: 100 })?.category).toBe('LIVE');
    expect(edgeShortfall(salary(25), edges, { INHOUSE: 10, LIVE: 80, LOTT: 100 })).toBeNull();
  });

  it('knows the best return of every lottery bet type at its default odds, exactly (rounded up to a millionth)', () => {
    const exact = Object.fromEntries(
      [...betTypes.values()].map((def) => [
        def.code,
        Math.max(
          ...betTypeReturns(def, def.defaultOdds).each.map((e) =>
            Number((e.ratio.num * 1_000_000n + e.ratio.den - 1n) / e.ratio.den),
          ),
        ),
      ]),
    );
    expect(DEFAULT_BEST_RETURNS).toEqual(exact);
  }, 120_000);

  it('bounds a lottery whose odds were raised by the most any odds rose, and never below nothing', async () => {
    const edgeAt = async (odds: Record<string, number>) =>
      (
        await categoryEdges({
          vendorCategory: new Map([['LOTT', 'LOTT']]),
          catalogue: [],
          inHouse: { vendor: 'BGS', games: [] },
          lottery: [
            { vendor: 'LOTT', enabled: true, betTypes: [{ code: '11x5.any5', enabled: true, odds }] },
          ],
        })
      ).get('LOTT');
    expect(await edgeAt({ win: 45_045 })).toBe(250);
    // About 2 % more on the odds (45,946): 97.5 % × 1.02002 = 99.452 % back at most.
    expect(await edgeAt({ win: 45_946 })).toBe(54);
    expect(await edgeAt({ win: 90_090 })).toBe(0);
  });
});
