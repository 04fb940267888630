import { describe, expect, it } from 'vitest';
import { OutcomeStream } from '../../src/originals/fair';
import { drawKeno } from '../../src/originals/games/keno';
import { drawPlinko } from '../../src/originals/games/plinko';

/*
 * Chi-square goodness of fit of every way the stream's bytes become numbers. The seeds are fixed, so each
 * test passes or fails the same way on every run; a bias shows as a statistic past the 99.9th percentile.
 * The draw counts keep the whole file to a few seconds on a 2-core machine (the HMAC is pure TypeScript).
 */

const SERVER_SEED = 'aurora-uniformity-server-seed';
const CLIENT_SEED = 'aurora-uniformity';

/** One stream per test (its own nonce), read for as long as the test needs. */
const streamFor = (nonce: number) => new OutcomeStream(SERVER_SEED, CLIENT_SEED, nonce);

/** The standard normal's 99.9th percentile. */
const Z_999 = 3.090232306167813;

/**
 * The 99.9th percentile of chi-square with `df` degrees of freedom, by Wilson–Hilferty: (X/df)^(1/3) is
 * close to normal with mean 1 − 2/(9·df) and variance 2/(9·df), so X ≈ df·(1 − v + z·√v)³ with v = 2/(9·df).
 * It errs slightly high (3 % at df = 1, under 1.2 % from df = 5): the tests are a little lenient, never strict.
 */
function chiSquareCritical(df: number): number {
  const v = 2 / (9 * df);
  return df * (1 - v + Z_999 * Math.sqrt(v)) ** 3;
}

function chiSquare(observed: readonly number[], expected: readonly number[]): number {
  let sum = 0;
  observed.forEach((o, i) => {
    const e = expected[i]!;
    sum += ((o - e) * (o - e)) / e;
  });
  return sum;
}

/** Asserts the counts fit the probabilities (which sum to 1) at the 0.1 % level. */
function expectFit(observed: readonly number[], probabilities: readonly number[], label: string) {
  const total = observed.reduce((a, b) => a + b, 0);
  const expected = probabilities.map((p) => p * total);
  // Pearson's approximation wants at least 5 expected per bin.
  expect(Math.min(...expected), `${label}: smallest expected count`).toBeGreaterThanOrEqual(5);
  const df = observed.length - 1;
  expect(chiSquare(observed, expected), `${label}: chi-square with ${df} degrees of freedom`).toBeLessThan(
    chiSquareCritical(df),
  );
}

/** Each heavy test takes 1–2 s on an idle 2-core machine; a busy one (the whole suite at once) is slower. */
const SLOW = 30_000;

const uniform = (bins: number) => Array.from({ length: bins }, () => 1 / bins);

/** Exact n choose k for small n, as a double (Pascal's rule, no library code). */
function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let row = [1];
  for (let i = 1; i <= n; i++)
    row = Array.from({ length: i + 1 }, (_, j) => (row[j - 1] ?? 0) + (row[j] ?? 0));
  return row[k]!;
}

/** Joins the rarest trailing bins until each expects at least 5 in `draws` draws. */
function mergeTail(observed: number[], probabilities: number[], draws: number) {
  const o = [...observed];
  const p = [...probabilities];
  while (o.length > 2 && p[p.length - 1]! * draws < 5) {
    const lastO = o.pop()!;
    const lastP = p.pop()!;
    o[o.length - 1]! += lastO;
    p[p.length - 1]! += lastP;
  }
  return { observed: o, probabilities: p };
}

describe('the chi-square critical value', () => {
  // Published 99.9th percentiles (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.4).
  const table: [number, number][] = [
    [1, 10.828],
    [5, 20.515],
    [9, 27.877],
    [10, 29.588],
    [20, 45.315],
    [30, 59.703],
    [40, 73.402],
    [50, 86.661],
    [100, 149.449],
  ];

  it.each(table)('Wilson–Hilferty at df %i is close to the table (%d) and not below it', (df, value) => {
    const approx = chiSquareCritical(df);
    expect(approx).toBeGreaterThanOrEqual(value);
    expect(approx / value - 1).toBeLessThan(df === 1 ? 0.035 : 0.012);
  });
});

describe('int(n) is uniform', { timeout: SLOW }, () => {
  const DRAWS = 1_000_000;

  it.each([2, 6, 37])('int(%i) over 1,000,000 draws', (n) => {
    const stream = streamFor(n);
    const counts = new Array<number>(n).fill(0);
    for (let i = 0; i < DRAWS; i++) counts[stream.int(n)]! += 1;
    expectFit(counts, uniform(n), `int(${n})`);
  });

  it('int(10000) over 1,000,000 draws: by hundreds, by last two digits, and every value', () => {
    const stream = streamFor(10_000);
    const values = new Array<number>(10_000).fill(0);
    for (let i = 0; i < DRAWS; i++) values[stream.int(10_000)]! += 1;
    const hundreds = new Array<number>(100).fill(0);
    const lastDigits = new Array<number>(100).fill(0);
    values.forEach((count, v) => {
      hundreds[Math.floor(v / 100)]! += count;
      lastDigits[v % 100]! += count;
    });
    expectFit(hundreds, uniform(100), 'int(10000) by hundreds');
    expectFit(lastDigits, uniform(100), 'int(10000) by last two digits');
    expectFit(values, uniform(10_000), 'int(10000) every value');
  });
});

describe('uint48 and float are uniform', { timeout: SLOW }, () => {
  it('float over 1,000,000 draws in 100 equal bins, and the low byte of uint48 in 256 bins', () => {
    const stream = streamFor(48);
    const bins = new Array<number>(100).fill(0);
    const lowByte = new Array<number>(256).fill(0);
    let outside = 0;
    for (let i = 0; i < 500_000; i++) {
      const f = stream.float();
      if (!(f >= 0 && f < 1)) outside += 1;
      else bins[Math.floor(f * 100)]! += 1;
    }
    expect(outside).toBe(0);
    // float is uint48 / 2^48: the other half of the draws looks at the bits the bins above cannot see.
    for (let i = 0; i < 500_000; i++) {
      const x = stream.uint48();
      bins[Math.floor((x / 2 ** 48) * 100)]! += 1;
      lowByte[x % 256]! += 1;
    }
    expectFit(bins, uniform(100), 'float in 100 bins');
    expectFit(lowByte, uniform(256), 'uint48 low byte');
  });
});

describe('shuffle is uniform', { timeout: SLOW }, () => {
  it('all 24 orders of 4 items are equally likely over 1,000,000 shuffles', () => {
    const stream = streamFor(4);
    const items = [0, 1, 2, 3];
    const counts = new Map<string, number>();
    for (let i = 0; i < 1_000_000; i++) {
      const key = stream.shuffle(items).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    expectFit([...counts.values()], uniform(24), 'orders of 4');
  });

  it('the first item of 10 lands in each place equally often over 250,000 shuffles', () => {
    const stream = streamFor(10);
    const items = Array.from({ length: 10 }, (_, i) => i);
    const first = new Array<number>(10).fill(0);
    const last = new Array<number>(10).fill(0);
    for (let i = 0; i < 250_000; i++) {
      const out = stream.shuffle(items);
      first[out.indexOf(0)]! += 1;
      last[out.indexOf(9)]! += 1;
    }
    expectFit(first, uniform(10), 'place of item 0');
    // The last item is swapped first: an off-by-one in the swap range shows here first.
    expectFit(last, uniform(10), 'place of item 9');
  });
});

describe('keno draws are uniform', { timeout: SLOW }, () => {
  const ROUNDS = 250_000;
  const numberCounts = new Array<number>(41).fill(0);
  // hits[p][h]: rounds in which the picks 1 … p had h hits.
  const hits = Array.from({ length: 11 }, (_, p) => new Array<number>(p + 1).fill(0));
  let drawn = false;

  function drawRounds() {
    if (drawn) return;
    drawn = true;
    const stream = streamFor(40);
    for (let round = 0; round < ROUNDS; round++) {
      const numbers = drawKeno(stream);
      let hitsSoFar = 0;
      const isDrawn = new Array<boolean>(41).fill(false);
      for (const n of numbers) {
        numberCounts[n]! += 1;
        isDrawn[n] = true;
      }
      for (let p = 1; p <= 10; p++) {
        if (isDrawn[p]) hitsSoFar += 1;
        hits[p]![hitsSoFar]! += 1;
      }
    }
  }

  it('each number of 1 … 40 is drawn equally often over 250,000 rounds (2,500,000 numbers)', () => {
    drawRounds();
    const counts = numberCounts.slice(1);
    const expected = (ROUNDS * 10) / 40;
    /*
     * Pearson's statistic assumes independent draws; 10 distinct numbers a round make each count vary by
     * (1 − 1/4)·40/39 of its mean instead of by its mean (sampling without replacement), with 39 degrees
     * of freedom left. Scaling by 39/30 makes it chi-square with 39 degrees of freedom again.
     */
    const statistic =
      chiSquare(
        counts,
        uniform(40).map(() => expected),
      ) *
      (39 / 30);
    expect(statistic).toBeLessThan(chiSquareCritical(39));
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])(
    'hits of %i picks follow the hypergeometric distribution',
    (picks) => {
      drawRounds();
      const total = binomial(40, 10);
      const probabilities = hits[picks]!.map(
        (_, h) => (binomial(picks, h) * binomial(40 - picks, 10 - h)) / total,
      );
      const merged = mergeTail(hits[picks]!, probabilities, ROUNDS);
      expectFit(merged.observed, merged.probabilities, `keno hits with ${picks} picks`);
    },
  );
});

describe('plinko bins are binomial', { timeout: SLOW }, () => {
  it('8 rows over 250,000 drops (2,000,000 left-or-right draws)', () => {
    const stream = streamFor(8);
    const bins = new Array<number>(9).fill(0);
    for (let i = 0; i < 250_000; i++) bins[drawPlinko(stream, 8).bin]! += 1;
    expectFit(
      bins,
      bins.map((_, k) => binomial(8, k) / 256),
      'plinko 8 rows',
    );
  });
});
