/**
 * Cockfighting (sabong): timed fights with bets on meron, wala or a draw. Each fight is priced by one of a
 * fixed list of fight cards: the chances of each result out of 1000 and fixed decimal odds (the total
 * returned per unit staked). On a draw the meron and wala bets are refunded and the draw bet is paid its odds.
 *
 * Amounts are integer minor units. Odds have two decimals, so stakes are multiples of 100 and every return is
 * a whole number.
 */
import type { OutcomeStream } from '../fair';
import { Fraction } from './exact';

export const COCKFIGHT_SIDES = ['meron', 'wala', 'draw'] as const;
export type Side = (typeof COCKFIGHT_SIDES)[number];

export interface FightCard {
  id: string;
  label: string;
  /** Chances of each result, whole numbers out of 1000 (they sum to 1000). */
  probabilities: Record<Side, number>;
  /** Decimal odds, two decimals: the total returned per unit staked when the side wins ('9.00' is 8 : 1). */
  odds: Record<Side, string>;
  /** Return to player per side in percent, two decimals; the tests hold it equal to cockfightRtp(card). */
  publishedRtp: Record<Side, string>;
}

export const PROBABILITY_SCALE = 1000;

/** The smallest stake unit: odds × a multiple of 100 is a whole number. */
export const STAKE_UNIT = 100;

export const FIGHT_CARDS: readonly FightCard[] = [
  {
    id: 'even',
    label: 'Even fight',
    probabilities: { meron: 455, wala: 455, draw: 90 },
    odds: { meron: '1.90', wala: '1.90', draw: '9.50' },
    publishedRtp: { meron: '95.45', wala: '95.45', draw: '85.50' },
  },
  {
    id: 'even-decisive',
    label: 'Even fight, draw unlikely',
    probabilities: { meron: 480, wala: 480, draw: 40 },
    odds: { meron: '1.90', wala: '1.90', draw: '21.00' },
    publishedRtp: { meron: '95.20', wala: '95.20', draw: '84.00' },
  },
  {
    id: 'meron-favourite',
    label: 'Meron favourite',
    probabilities: { meron: 540, wala: 400, draw: 60 },
    odds: { meron: '1.66', wala: '2.24', draw: '14.00' },
    publishedRtp: { meron: '95.64', wala: '95.60', draw: '84.00' },
  },
  {
    id: 'wala-favourite',
    label: 'Wala favourite',
    probabilities: { meron: 400, wala: 540, draw: 60 },
    odds: { meron: '2.24', wala: '1.66', draw: '14.00' },
    publishedRtp: { meron: '95.60', wala: '95.64', draw: '84.00' },
  },
  {
    id: 'meron-strong',
    label: 'Meron strong favourite',
    probabilities: { meron: 700, wala: 250, draw: 50 },
    odds: { meron: '1.30', wala: '3.60', draw: '17.00' },
    publishedRtp: { meron: '96.00', wala: '95.00', draw: '85.00' },
  },
  {
    id: 'wala-strong',
    label: 'Wala strong favourite',
    probabilities: { meron: 250, wala: 700, draw: 50 },
    odds: { meron: '3.60', wala: '1.30', draw: '17.00' },
    publishedRtp: { meron: '95.00', wala: '96.00', draw: '85.00' },
  },
];

/** Decimal odds as hundredths ('1.88' → 188); anything but digits with exactly two decimals is refused. */
export function oddsHundredths(odds: string): number {
  const m = /^(\d+)\.(\d{2})$/.exec(odds);
  if (!m) throw new RangeError(`odds must have two decimals: ${odds}`);
  return Number(m[1]) * 100 + Number(m[2]);
}

/** Which card the next fight uses, each equally likely. */
export function pickCard(stream: OutcomeStream): FightCard {
  return FIGHT_CARDS[stream.int(FIGHT_CARDS.length)]!;
}

/** The fight's result, drawn with the card's chances: one draw of 0…999 split meron | wala | draw. */
export function fightResult(stream: OutcomeStream, card: FightCard): Side {
  const { meron, wala, draw } = card.probabilities;
  if (meron + wala + draw !== PROBABILITY_SCALE) {
    throw new RangeError(`fight card ${card.id}: probabilities must sum to ${PROBABILITY_SCALE}`);
  }
  const x = stream.int(PROBABILITY_SCALE);
  if (x < meron) return 'meron';
  if (x < meron + wala) return 'wala';
  return 'draw';
}

/** Stakes are positive whole multiples of 100 minor units; anything else is a RangeError. */
export function assertStake(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount % STAKE_UNIT !== 0) {
    throw new RangeError(`cockfight stake must be a positive multiple of ${STAKE_UNIT}: ${amount}`);
  }
}

/**
 * Everything returned to the player for `stake` on `side`: stake × odds when the side wins, the stake when a
 * meron or wala bet meets a draw, otherwise 0.
 */
export function settle(side: Side, stake: number, card: FightCard, result: Side): number {
  assertStake(stake);
  if (result === side) return (stake / STAKE_UNIT) * oddsHundredths(card.odds[side]);
  if (result === 'draw') return stake;
  return 0;
}

/** Exact return to player per side, in percent (so `.toFixed(2)` is the published figure). */
export function cockfightRtp(card: FightCard): Record<Side, Fraction> {
  const p = (side: Side) => new Fraction(card.probabilities[side], PROBABILITY_SCALE);
  const odds = (side: Side) => new Fraction(oddsHundredths(card.odds[side]), 100);
  const pct = (f: Fraction) => f.mul(100);
  return {
    meron: pct(p('meron').mul(odds('meron')).add(p('draw'))),
    wala: pct(p('wala').mul(odds('wala')).add(p('draw'))),
    draw: pct(p('draw').mul(odds('draw'))),
  };
}

/** The published returns of a card (percent, two decimals). */
export function cardPublishedRtp(card: FightCard): Record<Side, string> {
  return card.publishedRtp;
}
