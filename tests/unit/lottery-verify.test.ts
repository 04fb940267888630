import { describe, expect, it } from 'vitest';
import type { LotteryDraw } from '../../src/api/contract/lottery';
import { verifyDraw } from '../../src/features/lottery/ResultsPanel';
import { drawResult } from '../../src/lottery/results';
import { commitmentOf } from '../../src/originals/fair';

const seed = 'a3f1c2d4e5b6978812345678900abcdef0123456789abcdef0123456789abcd';
const mix = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const draw = (result: unknown, overrides: Partial<LotteryDraw> = {}): LotteryDraw => ({
  number: '20261126-0001',
  opensAt: 0,
  closesAt: 0,
  drawsAt: 0,
  status: 'settled',
  seedHash: commitmentOf(seed),
  mix,
  betCount: 3,
  serverSeed: seed,
  result: result as Record<string, unknown>,
  zodiacOfOne: null,
  cancelReason: null,
  ...overrides,
});

describe('the browser’s check of a draw', () => {
  it('recomputes the numbers from the revealed seed and the mix, whatever order the keys came back in', () => {
    const r = drawResult('ssc', seed, mix) as { family: string; digits: number[] };
    // As the database returns it: keys reordered.
    expect(verifyDraw('ssc', draw({ digits: r.digits, family: r.family }))).toBe('verified');
  });

  it('finds a result that does not follow from its seed, and a seed that is not the committed one', () => {
    const r = drawResult('ssc', seed, mix) as { digits: number[] };
    expect(verifyDraw('ssc', draw({ family: 'ssc', digits: [...r.digits].reverse() }))).toBe('mismatch');
    expect(verifyDraw('ssc', draw(drawResult('ssc', seed, mix), { seedHash: commitmentOf('other') }))).toBe(
      'mismatch',
    );
    expect(verifyDraw('ssc', draw(null, { serverSeed: null }))).toBe('pending');
  });

  it('checks Mark Six with the zodiac the draw was scheduled with', () => {
    const r = drawResult('lhc', seed, mix, { zodiacOfOne: 6 });
    expect(verifyDraw('lhc', draw(r, { zodiacOfOne: 6 }))).toBe('verified');
    expect(verifyDraw('lhc', draw(r, { zodiacOfOne: 5 }))).toBe('mismatch');
  });
});
