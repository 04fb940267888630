import { describe, expect, it } from 'vitest';
import { OutcomeStream } from '../../provider/fair';
import {
  assertChip,
  BACCARAT_PUBLISHED_RTP,
  BACCARAT_SPOTS,
  type BaccaratHand,
  baccaratRtp,
  type Card,
  dealRound,
  freshShoe,
  pairProbability,
  playHand,
  type Rank,
  SHOE_SIZE,
  settle,
} from '../../provider/games/baccarat';
import { Fraction } from '../../provider/games/exact';

/** Cards from ranks, suits rotating so equal ranks are still distinct cards. */
function cards(...ranks: Rank[]): Card[] {
  const suits = ['S', 'H', 'D', 'C'] as const;
  return ranks.map((rank, i) => ({ rank, suit: suits[i % 4]! }));
}

function hand(
  winner: BaccaratHand['winner'],
  pairs: { player?: boolean; banker?: boolean } = {},
): BaccaratHand {
  return {
    player: [],
    banker: [],
    playerTotal: 0,
    bankerTotal: 0,
    winner,
    playerPair: pairs.player ?? false,
    bankerPair: pairs.banker ?? false,
  };
}

describe('baccarat exact returns', () => {
  it('equal the published figures for every spot', () => {
    const rtp = baccaratRtp();
    for (const spot of BACCARAT_SPOTS) expect(rtp[spot].toFixed(2), spot).toBe(BACCARAT_PUBLISHED_RTP[spot]);
  });

  it('are the known 8-deck figures', () => {
    const rtp = baccaratRtp();
    expect(rtp.player.toFixed(4)).toBe('98.7649');
    expect(rtp.banker.toFixed(4)).toBe('98.9421');
    expect(rtp.tie.toFixed(4)).toBe('85.6404');
  });

  it('prices the pairs on rank identity: 13 · 32/416 · 31/415, paid 12 for 1', () => {
    expect(pairProbability().equals(new Fraction(13 * 32 * 31, 416 * 415))).toBe(true);
    expect(baccaratRtp().playerPair.equals(new Fraction(7440, 83))).toBe(true);
    expect(baccaratRtp().bankerPair.equals(baccaratRtp().playerPair)).toBe(true);
  });

  it('is fast', () => {
    const start = performance.now();
    baccaratRtp();
    expect(performance.now() - start).toBeLessThan(2000);
  });
});

describe('baccarat shoe and deal', () => {
  it('holds 416 cards, 32 of each rank', () => {
    const shoe = freshShoe();
    expect(shoe).toHaveLength(SHOE_SIZE);
    expect(SHOE_SIZE).toBe(416);
    const byRank = new Map<string, number>();
    for (const c of shoe) byRank.set(c.rank, (byRank.get(c.rank) ?? 0) + 1);
    expect([...byRank.values()]).toEqual(Array(13).fill(32));
  });

  it('deals a pinned hand for a known seed', () => {
    const round = dealRound(new OutcomeStream('b'.repeat(64), 'table', 7));
    expect(round).toEqual({
      player: [
        { rank: 'J', suit: 'S' },
        { rank: '7', suit: 'D' },
      ],
      banker: [
        { rank: '6', suit: 'S' },
        { rank: '10', suit: 'H' },
      ],
      playerTotal: 7,
      bankerTotal: 6,
      winner: 'player',
      playerPair: false,
      bankerPair: false,
    });
  });

  it('deals the top of the stream-shuffled shoe by the tableau', () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      const shoe = new OutcomeStream('b'.repeat(64), 'table', nonce).shuffle(freshShoe());
      expect(dealRound(new OutcomeStream('b'.repeat(64), 'table', nonce))).toEqual(playHand(shoe));
    }
  });
});

describe('baccarat tableau', () => {
  it('stands on a natural: neither side draws', () => {
    const h = playHand(cards('4', '2', '5', '3', '9', '9'));
    expect(h.player).toHaveLength(2);
    expect(h.banker).toHaveLength(2);
    expect(h).toMatchObject({ playerTotal: 9, bankerTotal: 5, winner: 'player' });
    // The banker's natural stops the player's draw too.
    const b = playHand(cards('2', '4', '3', '4', '9', '9'));
    expect(b).toMatchObject({ playerTotal: 5, bankerTotal: 8, winner: 'banker' });
    expect(b.player).toHaveLength(2);
  });

  it('natural against natural of the same value ties', () => {
    expect(playHand(cards('4', 'K', '4', '8')).winner).toBe('tie');
  });

  it('player draws on 5, stands on 6', () => {
    const five = playHand(cards('2', '10', '3', '7', '4', '9'));
    expect(five.player.map((c) => c.rank)).toEqual(['2', '3', '4']);
    expect(five.playerTotal).toBe(9);
    const six = playHand(cards('3', '10', '3', '7', '4', '9'));
    expect(six.player).toHaveLength(2);
  });

  it('banker, when the player stood, draws on 5 and stands on 6', () => {
    const draws = playHand(cards('7', '2', 'K', '3', '2'));
    expect(draws.player).toHaveLength(2);
    expect(draws.banker.map((c) => c.rank)).toEqual(['2', '3', '2']);
    expect(draws).toMatchObject({ playerTotal: 7, bankerTotal: 7, winner: 'tie' });
    const stands = playHand(cards('7', '2', 'K', '4', '2'));
    expect(stands.banker).toHaveLength(2);
    expect(stands).toMatchObject({ playerTotal: 7, bankerTotal: 6, winner: 'player' });
  });

  it('banker 3 stands against a player third card of 8, draws against 9', () => {
    const vs8 = playHand(cards('A', '2', '2', 'A', '8', '5'));
    expect(vs8.player).toHaveLength(3);
    expect(vs8.banker).toHaveLength(2);
    expect(vs8).toMatchObject({ playerTotal: 1, bankerTotal: 3, winner: 'banker' });
    const vs9 = playHand(cards('A', '2', '2', 'A', '9', '5'));
    expect(vs9.banker).toHaveLength(3);
    expect(vs9).toMatchObject({ playerTotal: 2, bankerTotal: 8 });
  });

  it('banker 4 draws against 2–7, stands against 1 and 8', () => {
    expect(playHand(cards('A', '2', '2', '2', '2', '5')).banker).toHaveLength(3);
    expect(playHand(cards('A', '2', '2', '2', '7', '5')).banker).toHaveLength(3);
    expect(playHand(cards('A', '2', '2', '2', 'A', '5')).banker).toHaveLength(2);
    expect(playHand(cards('A', '2', '2', '2', '8', '5')).banker).toHaveLength(2);
  });

  it('banker 5 draws against 4–7, stands against 3 and 8', () => {
    expect(playHand(cards('A', '2', '2', '3', '4', 'K')).banker).toHaveLength(3);
    expect(playHand(cards('A', '2', '2', '3', '7', 'K')).banker).toHaveLength(3);
    expect(playHand(cards('A', '2', '2', '3', '3', 'K')).banker).toHaveLength(2);
    expect(playHand(cards('A', '2', '2', '3', '8', 'K')).banker).toHaveLength(2);
  });

  it('banker 6 draws against a player third card of 6 or 7, stands against 5', () => {
    const vs6 = playHand(cards('A', '3', '2', '3', '6', '2'));
    expect(vs6.banker.map((c) => c.rank)).toEqual(['3', '3', '2']);
    expect(vs6).toMatchObject({ playerTotal: 9, bankerTotal: 8, winner: 'player' });
    expect(playHand(cards('A', '3', '2', '3', '7', '2')).banker).toHaveLength(3);
    expect(playHand(cards('A', '3', '2', '3', '5', '2')).banker).toHaveLength(2);
  });

  it('banker 7 stands; banker 0–2 always draws', () => {
    expect(playHand(cards('A', '3', '2', '4', '6', '2')).banker).toHaveLength(2);
    expect(playHand(cards('A', 'K', '2', 'Q', '8', '2')).banker).toHaveLength(3);
    expect(playHand(cards('A', 'K', '2', '2', '8', '2')).banker).toHaveLength(3);
  });

  it('pairs are by rank, not point value', () => {
    const h = playHand(cards('K', '4', 'K', '4'));
    expect(h.playerPair).toBe(true);
    expect(h.bankerPair).toBe(true);
    const mixed = playHand(cards('K', '4', 'Q', '5'));
    expect(mixed.playerPair).toBe(false);
    expect(mixed.bankerPair).toBe(false);
  });

  it('refuses to play from too few cards', () => {
    expect(() => playHand(cards('A', '2', '2'))).toThrow(RangeError);
    expect(() => playHand(cards('A', '2', '2', '2'))).toThrow(RangeError);
  });
});

describe('baccarat settlement', () => {
  it('player pays 1:1, pushes on a tie', () => {
    expect(settle('player', 100, hand('player'))).toBe(200);
    expect(settle('player', 100, hand('banker'))).toBe(0);
    expect(settle('player', 100, hand('tie'))).toBe(100);
  });

  it('banker pays 0.95:1, pushes on a tie', () => {
    expect(settle('banker', 100, hand('banker'))).toBe(195);
    expect(settle('banker', 20, hand('banker'))).toBe(39);
    expect(settle('banker', 100, hand('player'))).toBe(0);
    expect(settle('banker', 100, hand('tie'))).toBe(100);
  });

  it('tie pays 8:1', () => {
    expect(settle('tie', 100, hand('tie'))).toBe(900);
    expect(settle('tie', 100, hand('player'))).toBe(0);
    expect(settle('tie', 100, hand('banker'))).toBe(0);
  });

  it('pairs pay 11:1 whoever wins', () => {
    expect(settle('playerPair', 100, hand('banker', { player: true }))).toBe(1200);
    expect(settle('playerPair', 100, hand('tie', { banker: true }))).toBe(0);
    expect(settle('bankerPair', 100, hand('player', { banker: true }))).toBe(1200);
    expect(settle('bankerPair', 100, hand('tie', { player: true }))).toBe(0);
  });

  it('accepts positive multiples of 20 only', () => {
    for (const bad of [0, 10, 30, -20, 20.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => assertChip(bad), String(bad)).toThrow(RangeError);
    }
    expect(() => assertChip(20)).not.toThrow();
    expect(() => assertChip(1000)).not.toThrow();
    expect(() => settle('player', 30, hand('player'))).toThrow(RangeError);
  });
});
