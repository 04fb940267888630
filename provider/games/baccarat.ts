/**
 * Punto banco from an 8-deck shoe. Every round deals from a freshly shuffled 416-card shoe (so every round is
 * the first hand of a fresh shoe, and the exact returns below are the returns of every round), by the standard
 * tableau: two cards each (player, banker, player, banker), a natural 8 or 9 on either side ends the hand, the
 * player draws on 0–5, and the banker's third card follows the player's third card.
 *
 * Amounts are integer minor units. A banker win pays 0.95 : 1, so stakes are multiples of 20 and every return
 * is a whole number.
 */
import type { OutcomeStream } from '../fair';
import { Fraction } from './exact';

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export const SUITS = ['S', 'H', 'D', 'C'] as const;
export type Rank = (typeof RANKS)[number];
export type Suit = (typeof SUITS)[number];
export interface Card {
  rank: Rank;
  suit: Suit;
}

export const DECKS = 8;
export const SHOE_SIZE = DECKS * SUITS.length * RANKS.length; // 416

export type Winner = 'player' | 'banker' | 'tie';

export interface BaccaratHand {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: Winner;
  playerPair: boolean;
  bankerPair: boolean;
}

export const BACCARAT_SPOTS = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;
export type Spot = (typeof BACCARAT_SPOTS)[number];

/** Winnings per unit staked (the stake comes back besides), as decimals written exactly. */
export const BACCARAT_PAYS: Record<Spot, string> = {
  player: '1',
  banker: '0.95',
  tie: '8',
  playerPair: '11',
  bankerPair: '11',
};

/** The smallest stake unit: 0.95 × a multiple of 20 is a whole number. */
export const CHIP_UNIT = 20;

/** Baccarat point value: A = 1, 2–9 at face value, 10 and court cards 0. */
export function cardValue(card: Card): number {
  switch (card.rank) {
    case 'A':
      return 1;
    case '10':
    case 'J':
    case 'Q':
    case 'K':
      return 0;
    default:
      return Number(card.rank);
  }
}

/** An unshuffled 8-deck shoe, deck by deck, suit by suit, rank by rank. */
export function freshShoe(): Card[] {
  const shoe: Card[] = [];
  for (let deck = 0; deck < DECKS; deck++) {
    for (const suit of SUITS) for (const rank of RANKS) shoe.push({ rank, suit });
  }
  return shoe;
}

/** Whether the player, on `total` after two cards, draws a third (neither side having a natural). */
export function playerDraws(total: number): boolean {
  return total <= 5;
}

/**
 * Whether the banker, on `total` after two cards, draws a third: `playerThird` is the point value of the
 * player's third card, or null when the player stood (then the banker draws on 0–5, like the player).
 */
export function bankerDraws(total: number, playerThird: number | null): boolean {
  if (playerThird === null) return total <= 5;
  switch (total) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

function total(cards: readonly Card[]): number {
  return cards.reduce((sum, card) => sum + cardValue(card), 0) % 10;
}

/**
 * Plays one hand by the tableau from `cards` in dealing order (player, banker, player, banker, then the
 * player's third card if drawn, then the banker's). Cards after those the hand needs are not used.
 */
export function playHand(cards: readonly Card[]): BaccaratHand {
  let next = 0;
  const take = (): Card => {
    const card = cards[next++];
    if (!card) throw new RangeError('playHand: not enough cards');
    return card;
  };
  const p1 = take();
  const b1 = take();
  const p2 = take();
  const b2 = take();
  const player = [p1, p2];
  const banker = [b1, b2];
  const playerTwo = total(player);
  const bankerTwo = total(banker);
  if (playerTwo < 8 && bankerTwo < 8) {
    let playerThird: number | null = null;
    if (playerDraws(playerTwo)) {
      const card = take();
      player.push(card);
      playerThird = cardValue(card);
    }
    if (bankerDraws(bankerTwo, playerThird)) banker.push(take());
  }
  const playerTotal = total(player);
  const bankerTotal = total(banker);
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    playerPair: p1.rank === p2.rank,
    bankerPair: b1.rank === b2.rank,
  };
}

/** One round: a fresh 416-card shoe shuffled on the stream, then one hand dealt from its top. */
export function dealRound(stream: OutcomeStream): BaccaratHand {
  return playHand(stream.shuffle(freshShoe()));
}

/** Stakes are positive whole multiples of 20 minor units; anything else is a RangeError. */
export function assertChip(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount % CHIP_UNIT !== 0) {
    throw new RangeError(`baccarat stake must be a positive multiple of ${CHIP_UNIT}: ${amount}`);
  }
}

/** Everything returned to the player for `stake` on `spot`: stake + winnings, the stake alone on a push, or 0. */
export function settle(spot: Spot, stake: number, hand: BaccaratHand): number {
  assertChip(stake);
  switch (spot) {
    case 'player':
      if (hand.winner === 'tie') return stake;
      return hand.winner === 'player' ? stake * 2 : 0;
    case 'banker':
      if (hand.winner === 'tie') return stake;
      return hand.winner === 'banker' ? stake + (stake / CHIP_UNIT) * 19 : 0;
    case 'tie':
      return hand.winner === 'tie' ? stake * 9 : 0;
    case 'playerPair':
      return hand.playerPair ? stake * 12 : 0;
    case 'bankerPair':
      return hand.bankerPair ? stake * 12 : 0;
    default:
      throw new RangeError(`unknown baccarat spot: ${String(spot)}`);
  }
}

/**
 * Exact outcome weights of the first hand of a fresh shoe: each is a count of ordered 6-card sequences off
 * the top of the shoe (hands that use fewer cards count every way the unused cards could fall), so all three
 * share the denominator 416·415·414·413·412·411. Drawn without replacement over the ten point classes (value
 * 0: 128 cards, 1–9: 32 each). Every partial sum is below 2^53, so Number arithmetic is exact; checked below.
 */
function outcomeWeights(): { player: number; banker: number; tie: number; total: number } {
  const counts = [DECKS * 16, ...Array.from({ length: 9 }, () => DECKS * 4)];
  const acc = { player: 0, banker: 0, tie: 0 };
  let left = SHOE_SIZE;
  const record = (p: number, b: number, weight: number) => {
    if (p > b) acc.player += weight;
    else if (b > p) acc.banker += weight;
    else acc.tie += weight;
  };
  // Draw a card of class v: its weight is the number of such cards left; the caller restores it.
  const draw = (v: number): number => {
    const w = counts[v]!;
    counts[v] = w - 1;
    left--;
    return w;
  };
  const undo = (v: number) => {
    counts[v]!++;
    left++;
  };
  for (let p1 = 0; p1 < 10; p1++) {
    const w1 = draw(p1);
    for (let b1 = 0; b1 < 10; b1++) {
      const w2 = w1 * draw(b1);
      for (let p2 = 0; p2 < 10; p2++) {
        const w3 = w2 * draw(p2);
        for (let b2 = 0; b2 < 10; b2++) {
          const w4 = w3 * draw(b2);
          if (w4 > 0) {
            const pt = (p1 + p2) % 10;
            const bt = (b1 + b2) % 10;
            // Cards 5 and 6 of the sequence, whatever they are: left · (left − 1) ways.
            if (pt >= 8 || bt >= 8) record(pt, bt, w4 * left * (left - 1));
            else if (playerDraws(pt)) {
              for (let p3 = 0; p3 < 10; p3++) {
                const w5 = w4 * draw(p3);
                if (w5 > 0) {
                  const pt3 = (pt + p3) % 10;
                  if (bankerDraws(bt, p3)) {
                    for (let b3 = 0; b3 < 10; b3++) {
                      const w6 = w5 * counts[b3]!;
                      if (w6 > 0) record(pt3, (bt + b3) % 10, w6);
                    }
                  } else record(pt3, bt, w5 * left);
                }
                undo(p3);
              }
            } else if (bankerDraws(bt, null)) {
              for (let b3 = 0; b3 < 10; b3++) {
                const w5 = w4 * draw(b3);
                if (w5 > 0) record(pt, (bt + b3) % 10, w5 * left);
                undo(b3);
              }
            } else record(pt, bt, w4 * left * (left - 1));
          }
          undo(b2);
        }
        undo(p2);
      }
      undo(b1);
    }
    undo(p1);
  }
  let sequences = 1;
  for (let k = 0; k < 6; k++) sequences *= SHOE_SIZE - k;
  const sum = acc.player + acc.banker + acc.tie;
  if (!Number.isSafeInteger(sequences) || sum !== sequences) {
    throw new Error(`baccarat enumeration is not exact: ${sum} of ${sequences}`);
  }
  return { ...acc, total: sequences };
}

/** Probability that the first two cards dealt to one side share a rank: 13 · (32/416) · (31/415). */
export function pairProbability(): Fraction {
  const perRank = DECKS * SUITS.length;
  return new Fraction(RANKS.length * perRank * (perRank - 1), SHOE_SIZE * (SHOE_SIZE - 1));
}

/**
 * Exact return to player per spot, in percent (so `.toFixed(2)` is the published figure), for the first hand
 * of a fresh 8-deck shoe, which is every round here. Pushes return the stake.
 */
export function baccaratRtp(): Record<Spot, Fraction> {
  const w = outcomeWeights();
  const p = new Fraction(w.player, w.total);
  const b = new Fraction(w.banker, w.total);
  const t = new Fraction(w.tie, w.total);
  const pair = pairProbability().mul(12);
  const pct = (f: Fraction) => f.mul(100);
  return {
    player: pct(p.mul(2).add(t)),
    banker: pct(b.mul(Fraction.of(1.95)).add(t)),
    tie: pct(t.mul(9)),
    playerPair: pct(pair),
    bankerPair: pct(pair),
  };
}

/** The returns as published (percent, two decimals); the tests hold them equal to baccaratRtp(). */
export const BACCARAT_PUBLISHED_RTP: Record<Spot, string> = {
  player: '98.76',
  banker: '98.94',
  tie: '85.64',
  playerPair: '89.64',
  bankerPair: '89.64',
};
