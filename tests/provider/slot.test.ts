import { describe, expect, it } from 'vitest';
import { OutcomeStream } from '../../provider/fair';
import { Fraction } from '../../provider/games/exact';
import {
  assertStake,
  column,
  evaluateGrid,
  evaluateLine,
  freeSpinChance,
  hitFrequency,
  playRound,
  SLOT_THEMES,
  type SlotTheme,
  type StopSource,
  slotRtp,
  spin,
} from '../../provider/games/slot';

const THEMES = Object.values(SLOT_THEMES);
const dragon = SLOT_THEMES['golden-dragon']!;

/** A stream that hands out the given stops in order, so a test chooses exactly where the reels land. */
function stops(...values: number[]): StopSource {
  let i = 0;
  return {
    int(n: number) {
      const v = values[i++];
      if (v === undefined || v < 0 || v >= n)
        throw new Error(`scripted stop ${i - 1} (${v}) out of range 0…${n - 1}`);
      return v;
    },
  };
}

/** A grid written row by row (top, middle, bottom), as it looks on screen, turned into grid[reel][row]. */
function rows(top: string[], middle: string[], bottom: string[]): string[][] {
  return top.map((_, reel) => [top[reel]!, middle[reel]!, bottom[reel]!]);
}

/**
 * A tiny theme whose every stop combination can be enumerated: reels of 4–5 positions (one scatter each,
 * which short strips cannot show twice), 3 lines, a wild whose own pay sometimes beats the symbol it completes.
 */
const TINY: SlotTheme = {
  code: 'tiny',
  symbols: [
    { id: 'W', pays: { 3: 20, 4: 50, 5: 200 } },
    { id: 'S', pays: { 3: 0, 4: 0, 5: 0 } },
    { id: 'A', pays: { 3: 5, 4: 10, 5: 40 } },
    { id: 'B', pays: { 3: 3, 4: 8, 5: 20 } },
    { id: 'C', pays: { 3: 2, 4: 5, 5: 10 } },
  ],
  wild: 'W',
  scatter: 'S',
  reels: [
    ['A', 'W', 'B', 'S'],
    ['B', 'A', 'S', 'W', 'C'],
    ['A', 'C', 'W', 'S'],
    ['W', 'A', 'B', 'S', 'C'],
    ['A', 'B', 'S', 'C'],
  ],
  lines: [
    [1, 1, 1, 1, 1],
    [0, 1, 2, 1, 0],
    [2, 2, 0, 2, 2],
  ],
  lineBetDivisor: 20,
  scatterPays: { 3: 1, 4: 5, 5: 20 },
  freeSpins: { 3: 2, 4: 3, 5: 5 },
  freeSpinMultiplier: 3,
  publishedRtp: '',
};

/** Every stop combination of a theme's reels. */
function* allStops(theme: SlotTheme): Generator<number[]> {
  const walk = function* (reel: number, prefix: number[]): Generator<number[]> {
    if (reel === theme.reels.length) {
      yield prefix;
      return;
    }
    for (let stop = 0; stop < theme.reels[reel]!.length; stop++) yield* walk(reel + 1, [...prefix, stop]);
  };
  yield* walk(0, []);
}

describe('slot: published returns', () => {
  it.each(THEMES.map((t) => [t.code, t] as const))('%s publishes its exact return', (_, theme) => {
    expect(slotRtp(theme).toFixed(2)).toBe(theme.publishedRtp);
    expect(Number(theme.publishedRtp)).toBeGreaterThanOrEqual(95);
    expect(Number(theme.publishedRtp)).toBeLessThanOrEqual(97);
  });

  it('has the three themes, each with 8–10 symbols, 20 distinct lines and five strips of known symbols', () => {
    expect(Object.keys(SLOT_THEMES).sort()).toEqual(['golden-dragon', 'neon-nights', 'pharaoh-gold']);
    for (const theme of THEMES) {
      expect(SLOT_THEMES[theme.code]).toBe(theme);
      expect(theme.symbols.length).toBeGreaterThanOrEqual(8);
      expect(theme.symbols.length).toBeLessThanOrEqual(10);
      const ids = new Set(theme.symbols.map((s) => s.id));
      expect(ids.has(theme.wild) && ids.has(theme.scatter)).toBe(true);
      expect(theme.reels).toHaveLength(5);
      for (const strip of theme.reels) for (const id of strip) expect(ids).toContain(id);
      expect(theme.lines).toHaveLength(20);
      expect(new Set(theme.lines.map((l) => l.join())).size).toBe(20);
      for (const line of theme.lines) {
        expect(line).toHaveLength(5);
        for (const row of line) expect([0, 1, 2]).toContain(row);
      }
      for (const s of theme.symbols)
        for (const k of [3, 4, 5] as const) expect(Number.isInteger(s.pays[k])).toBe(true);
      for (const v of [...Object.values(theme.scatterPays), ...Object.values(theme.freeSpins)]) {
        expect(Number.isInteger(v)).toBe(true);
      }
    }
  });

  it.each(THEMES.map((t) => [t.code, t] as const))('%s never shows two scatters on one reel', (_, theme) => {
    theme.reels.forEach((strip) => {
      for (let stop = 0; stop < strip.length; stop++) {
        const window = [0, 1, 2].map((row) => strip[(stop + row) % strip.length]);
        expect(window.filter((id) => id === theme.scatter).length).toBeLessThanOrEqual(1);
      }
    });
  });

  it('keeps hit and free-spin frequencies lively', () => {
    for (const theme of THEMES) {
      const hit = hitFrequency(theme).toNumber();
      expect(hit).toBeGreaterThan(0.25);
      expect(hit).toBeLessThan(0.4);
      const spinsPerTrigger = 1 / freeSpinChance(theme).toNumber();
      expect(spinsPerTrigger).toBeGreaterThan(100);
      expect(spinsPerTrigger).toBeLessThan(180);
    }
  });
});

describe('slot: the exact formula against the evaluator', () => {
  it('matches the mean of every stop combination of a tiny theme', () => {
    const stake = 20;
    let combos = 0;
    let freeTotal = 0;
    for (const s of allStops(TINY)) {
      freeTotal += spin(TINY, stops(...s), stake, true).win;
      combos++;
    }
    expect(combos).toBe(4 * 5 * 4 * 5 * 4);
    const meanFreeSpin = new Fraction(freeTotal, combos);

    // A round is its base spin plus as many free spins as it awarded, each worth meanFreeSpin on average.
    let roundTotal = Fraction.ZERO;
    let hits = 0;
    let triggers = 0;
    let awarded = 0;
    for (const s of allStops(TINY)) {
      const base = spin(TINY, stops(...s), stake, false);
      roundTotal = roundTotal.add(meanFreeSpin.mul(base.freeSpinsAwarded).add(base.win));
      if (base.win > 0) hits++;
      if (base.freeSpinsAwarded > 0) triggers++;
      awarded += base.freeSpinsAwarded;
    }
    const rtp = roundTotal.div(combos * stake).mul(100);
    expect(slotRtp(TINY).equals(rtp)).toBe(true);
    expect(hitFrequency(TINY).equals(new Fraction(hits, combos))).toBe(true);
    expect(freeSpinChance(TINY).equals(new Fraction(triggers, combos))).toBe(true);
    // The tiny theme really exercises free spins and wild-versus-symbol readings.
    expect(awarded).toBeGreaterThan(0);
    expect(rtp.compare(0)).toBe(1);
  });

  it('refuses strips that could show two scatters on one reel', () => {
    const bad: SlotTheme = { ...TINY, reels: [['S', 'A', 'S', 'B', 'C', 'A'], ...TINY.reels.slice(1)] };
    expect(() => slotRtp(bad)).toThrow(/two scatters/);
  });
});

describe('slot: stakes', () => {
  it('rejects stakes that are not positive whole multiples of 20', () => {
    for (const stake of [0, -20, 30, 20.5, Number.NaN, 10])
      expect(() => assertStake(stake)).toThrow(RangeError);
    for (const stake of [20, 200, 2000]) expect(() => assertStake(stake)).not.toThrow();
    expect(() => playRound(dragon, stops(0, 0, 0, 0, 0), 30)).toThrow(RangeError);
    expect(() => evaluateGrid(dragon, rows(['a'], ['b'], ['c']), 25, false)).toThrow(RangeError);
  });
});

describe('slot: reading a grid', () => {
  // Golden dragon pays (× line bet): dragon 40/150/800, king 8/25/80, queen 6/15/70, jack 6/15/70.
  const stake = 200; // line bet 10

  it('lets the wild stand in for a symbol', () => {
    const grid = rows(
      ['ace', 'fan', 'koi', 'lantern', 'ingot'],
      ['king', 'dragon', 'king', 'king', 'jack'],
      ['queen', 'lantern', 'fan', 'ace', 'koi'],
    );
    const result = evaluateGrid(dragon, grid, stake, false);
    expect(result.lineWins).toEqual([{ line: 0, symbol: 'king', count: 4, win: 250 }]);
    expect(result).toMatchObject({ scatters: 0, scatterWin: 0, freeSpinsAwarded: 0, win: 250 });
  });

  it('pays leading wilds as wilds when that reads better, and the symbol when that does', () => {
    expect(evaluateLine(dragon, ['dragon', 'dragon', 'dragon', 'queen', 'ace'])).toEqual({
      symbol: 'dragon',
      count: 3,
      multiple: 40, // three dragons (40) beat four queens (15)
    });
    expect(evaluateLine(dragon, ['dragon', 'dragon', 'dragon', 'jack', 'jack'])).toEqual({
      symbol: 'jack',
      count: 5,
      multiple: 70, // five jacks (70) beat three dragons (40)
    });
    expect(evaluateLine(dragon, ['dragon', 'dragon', 'dragon', 'dragon', 'dragon'])).toEqual({
      symbol: 'dragon',
      count: 5,
      multiple: 800,
    });
    expect(evaluateLine(dragon, ['queen', 'dragon', 'jack', 'jack', 'jack'])).toBeNull(); // a run starts on reel 1
    expect(evaluateLine(dragon, ['king', 'king', 'ace', 'king', 'king'])).toBeNull(); // only the leftmost run
  });

  it('never lets the wild stand in for the scatter, nor the scatter join a run', () => {
    expect(evaluateLine(dragon, ['dragon', 'pearl', 'pearl', 'king', 'king'])).toBeNull();
    expect(evaluateLine(dragon, ['pearl', 'dragon', 'dragon', 'dragon', 'king'])).toBeNull();
    expect(evaluateLine(dragon, ['king', 'pearl', 'king', 'king', 'king'])).toBeNull();
    expect(evaluateLine(dragon, ['dragon', 'dragon', 'dragon', 'pearl', 'king'])).toEqual({
      symbol: 'dragon',
      count: 3,
      multiple: 40,
    });
  });

  it('pays scatters anywhere on the total stake and awards free spins', () => {
    const grid = rows(
      ['pearl', 'fan', 'koi', 'lantern', 'ingot'],
      ['king', 'ace', 'pearl', 'queen', 'jack'],
      ['queen', 'lantern', 'fan', 'ace', 'pearl'],
    );
    const base = evaluateGrid(dragon, grid, stake, false);
    expect(base).toEqual({
      lineWins: [],
      scatters: 3,
      scatterWin: 2 * stake,
      freeSpinsAwarded: 10,
      win: 400,
    });
  });

  it('multiplies every win in a free spin and awards no more free spins', () => {
    const grid = rows(
      ['pearl', 'fan', 'koi', 'lantern', 'ingot'],
      ['king', 'dragon', 'king', 'king', 'jack'],
      ['queen', 'lantern', 'fan', 'ace', 'pearl'],
    );
    const base = evaluateGrid(dragon, grid, stake, false);
    const free = evaluateGrid(dragon, grid, stake, true);
    expect(base.lineWins).toEqual([{ line: 0, symbol: 'king', count: 4, win: 250 }]);
    expect(base).toMatchObject({ scatters: 2, scatterWin: 0, freeSpinsAwarded: 0, win: 250 });
    expect(free.lineWins).toEqual([{ line: 0, symbol: 'king', count: 4, win: 500 }]);
    expect(free.win).toBe(500);

    const scatterGrid = rows(
      ['pearl', 'fan', 'pearl', 'lantern', 'pearl'],
      ['king', 'ace', 'koi', 'queen', 'jack'],
      ['queen', 'lantern', 'fan', 'ace', 'koi'],
    );
    expect(evaluateGrid(dragon, scatterGrid, stake, true)).toEqual({
      lineWins: [],
      scatters: 3,
      scatterWin: 2 * stake * 2,
      freeSpinsAwarded: 0,
      win: 800,
    });
  });
});

describe('slot: rounds', () => {
  it('draws one stop per reel and shows three consecutive strip positions, wrapping', () => {
    const last = dragon.reels.map((strip) => strip.length - 1);
    const result = spin(dragon, stops(...last), 20, false);
    expect(result.stops).toEqual(last);
    result.grid.forEach((col, reel) => {
      const strip = dragon.reels[reel]!;
      expect(col).toEqual([strip[strip.length - 1], strip[0], strip[1]]);
      expect(col).toEqual(column(strip, strip.length - 1));
    });
  });

  it('plays every free spin awarded, in order, from the same stream', () => {
    // Stops that put a pearl on reels 1, 2 and 3 of golden dragon, then zeros for the free spins.
    const scatterStop = (reel: number) => dragon.reels[reel]!.indexOf('pearl');
    const base = [scatterStop(0), scatterStop(1), scatterStop(2), 0, 0];
    const baseSpin = spin(dragon, stops(...base), 20, false);
    const awarded = baseSpin.freeSpinsAwarded;
    expect(baseSpin.scatters).toBeGreaterThanOrEqual(3);
    expect(awarded).toBeGreaterThanOrEqual(10);

    const round = playRound(dragon, stops(...base, ...Array<number>(awarded * 5).fill(0)), 20);
    expect(round.spins).toHaveLength(1 + awarded);
    expect(round.spins[0]).toEqual(baseSpin);
    const freeSpin = spin(dragon, stops(0, 0, 0, 0, 0), 20, true);
    for (const s of round.spins.slice(1)) expect(s).toEqual(freeSpin);
    expect(round.win).toBe(baseSpin.win + awarded * freeSpin.win);
  });

  it('plays a known seed the same way every time', () => {
    const round = playRound(dragon, new OutcomeStream('a'.repeat(64), 'client-seed', 1), 200);
    expect(round.spins).toHaveLength(1);
    expect(round.spins[0]!.stops).toEqual([9, 5, 7, 8, 12]);
    expect(round.spins[0]!.grid).toEqual([
      ['koi', 'ace', 'ace'],
      ['lantern', 'ingot', 'king'],
      ['pearl', 'queen', 'queen'],
      ['ace', 'ace', 'queen'],
      ['jack', 'ace', 'ace'],
    ]);
    expect(round.spins[0]!.scatters).toBe(1);
    expect(round.win).toBe(0);
  });

  it.each(THEMES.map((t) => [t.code, t] as const))(
    '%s: 20,000 sampled rounds land near the exact return',
    (_, theme) => {
      const rounds = 20_000;
      const stake = 20;
      let sum = 0;
      let sumSquares = 0;
      for (let nonce = 0; nonce < rounds; nonce++) {
        const ratio = playRound(theme, new OutcomeStream('b'.repeat(64), 'sample', nonce), stake).win / stake;
        sum += ratio;
        sumSquares += ratio * ratio;
      }
      const mean = sum / rounds;
      const standardError = Math.sqrt((sumSquares / rounds - mean * mean) / rounds);
      // Slots are heavy-tailed; four standard errors is a loose but honest band.
      expect(Math.abs(mean * 100 - slotRtp(theme).toNumber())).toBeLessThan(4 * standardError * 100);
    },
  );
});
