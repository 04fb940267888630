import { describe, expect, it } from 'vitest';
import { OutcomeStream } from '../../provider/fair';
import {
  assertStake,
  COCKFIGHT_SIDES,
  cardPublishedRtp,
  cockfightRtp,
  FIGHT_CARDS,
  type FightCard,
  fightResult,
  oddsHundredths,
  pickCard,
  settle,
} from '../../provider/games/cockfight';
import { Fraction } from '../../provider/games/exact';

/** A stream whose every int() is `value`, to reach the edges of a card's split. */
function fixed(value: number): OutcomeStream {
  return { int: () => value } as unknown as OutcomeStream;
}

function card(id: string): FightCard {
  const found = FIGHT_CARDS.find((c) => c.id === id);
  if (!found) throw new Error(`no card ${id}`);
  return found;
}

describe('cockfight fight cards', () => {
  it('has 4–6 cards with unique ids, chances summing to 1000 and two-decimal odds', () => {
    expect(FIGHT_CARDS.length).toBeGreaterThanOrEqual(4);
    expect(FIGHT_CARDS.length).toBeLessThanOrEqual(6);
    expect(new Set(FIGHT_CARDS.map((c) => c.id)).size).toBe(FIGHT_CARDS.length);
    for (const c of FIGHT_CARDS) {
      const { meron, wala, draw } = c.probabilities;
      expect(meron + wala + draw, c.id).toBe(1000);
      for (const side of COCKFIGHT_SIDES) {
        expect(Number.isInteger(c.probabilities[side]) && c.probabilities[side] > 0).toBe(true);
        expect(c.odds[side], `${c.id} ${side}`).toMatch(/^\d+\.\d{2}$/);
      }
    }
  });

  it('publishes the exact return of every side of every card', () => {
    for (const c of FIGHT_CARDS) {
      const rtp = cockfightRtp(c);
      for (const side of COCKFIGHT_SIDES) {
        expect(rtp[side].toFixed(2), `${c.id} ${side}`).toBe(c.publishedRtp[side]);
        expect(cardPublishedRtp(c)[side]).toBe(c.publishedRtp[side]);
      }
    }
  });

  it('keeps meron and wala between 94 % and 97 %, the draw between 80 % and 90 %', () => {
    for (const c of FIGHT_CARDS) {
      const rtp = cockfightRtp(c);
      for (const side of ['meron', 'wala'] as const) {
        expect(rtp[side].compare(94), `${c.id} ${side}`).toBe(1);
        expect(rtp[side].compare(97), `${c.id} ${side}`).toBe(-1);
      }
      expect(rtp.draw.compare(80), c.id).toBe(1);
      expect(rtp.draw.compare(90), c.id).toBe(-1);
    }
  });

  it('computes the return exactly: P(win) × odds + P(draw) for meron and wala, P(draw) × odds for the draw', () => {
    const rtp = cockfightRtp(card('meron-favourite'));
    // 0.54 × 1.66 + 0.06 = 0.9564; 0.40 × 2.24 + 0.06 = 0.956; 0.06 × 14 = 0.84.
    expect(rtp.meron.equals(new Fraction(9564, 100))).toBe(true);
    expect(rtp.wala.equals(new Fraction(956, 10))).toBe(true);
    expect(rtp.draw.equals(84)).toBe(true);
  });
});

describe('cockfight draws', () => {
  it('pins the card and result for a known seed', () => {
    const stream = new OutcomeStream('c'.repeat(64), 'arena', 3);
    const c = pickCard(stream);
    expect(c.id).toBe('meron-favourite');
    expect(fightResult(stream, c)).toBe('meron');
  });

  it('picks the card with one int over the number of cards', () => {
    expect(pickCard(fixed(0))).toBe(FIGHT_CARDS[0]);
    expect(pickCard(fixed(FIGHT_CARDS.length - 1))).toBe(FIGHT_CARDS[FIGHT_CARDS.length - 1]);
  });

  it('splits 0…999 as meron, then wala, then draw', () => {
    const c = card('meron-favourite'); // 540 / 400 / 60
    expect(fightResult(fixed(0), c)).toBe('meron');
    expect(fightResult(fixed(539), c)).toBe('meron');
    expect(fightResult(fixed(540), c)).toBe('wala');
    expect(fightResult(fixed(939), c)).toBe('wala');
    expect(fightResult(fixed(940), c)).toBe('draw');
    expect(fightResult(fixed(999), c)).toBe('draw');
  });

  it('refuses a card whose chances do not sum to 1000', () => {
    const bad = { ...card('even'), probabilities: { meron: 500, wala: 500, draw: 10 } };
    expect(() => fightResult(fixed(0), bad)).toThrow(RangeError);
  });
});

describe('cockfight settlement', () => {
  const even = card('even'); // 1.90 / 1.90 / 9.50

  it('pays the winning side stake × odds, nothing to the loser', () => {
    expect(settle('meron', 100, even, 'meron')).toBe(190);
    expect(settle('wala', 1000, even, 'wala')).toBe(1900);
    expect(settle('meron', 100, even, 'wala')).toBe(0);
    expect(settle('wala', 100, even, 'meron')).toBe(0);
    expect(settle('wala', 300, card('meron-favourite'), 'wala')).toBe(672);
    expect(settle('meron', 500, card('meron-strong'), 'meron')).toBe(650);
  });

  it('refunds meron and wala on a draw, pays the draw its odds', () => {
    expect(settle('meron', 200, even, 'draw')).toBe(200);
    expect(settle('wala', 200, even, 'draw')).toBe(200);
    expect(settle('draw', 200, even, 'draw')).toBe(1900);
    expect(settle('draw', 100, card('even-decisive'), 'draw')).toBe(2100);
    expect(settle('draw', 200, even, 'meron')).toBe(0);
    expect(settle('draw', 200, even, 'wala')).toBe(0);
  });

  it('accepts positive multiples of 100 only', () => {
    for (const bad of [0, 50, 150, -100, 100.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => assertStake(bad), String(bad)).toThrow(RangeError);
    }
    expect(() => assertStake(100)).not.toThrow();
    expect(() => assertStake(2500)).not.toThrow();
    expect(() => settle('meron', 150, even, 'meron')).toThrow(RangeError);
  });

  it('reads odds as exact hundredths', () => {
    expect(oddsHundredths('1.88')).toBe(188);
    expect(oddsHundredths('9.00')).toBe(900);
    expect(() => oddsHundredths('1.9')).toThrow(RangeError);
    expect(() => oddsHundredths('abc')).toThrow(RangeError);
  });
});
