import { describe, expect, it, vi } from 'vitest';
import { classifyLoadError, ScreenLoadError, withTimeout } from '../../src/features/common/lazyScreen';

describe('screen loading', () => {
  it('names missing chunks, stylesheets and unknown failures', () => {
    expect(
      classifyLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe('missing');
    expect(classifyLoadError(new Error('Unable to preload CSS for /assets/Home.css'))).toBe(
      'CSS_CHUNK_LOAD_FAILED',
    );
    expect(classifyLoadError(new ScreenLoadError('timeout'))).toBe('timeout');
    expect(classifyLoadError(new Error('boom'))).toBe('unknown');
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    try {
      const never = new Promise(() => {});
      const result = withTimeout(never, 120_000);
      vi.advanceTimersByTime(119_999);
      const settled = vi.fn();
      result.catch(settled);
      await Promise.resolve();
      expect(settled).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      await expect(result).rejects.toMatchObject({ type: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes a loaded screen through', async () => {
    await expect(withTimeout(Promise.resolve('ok'), 10)).resolves.toBe('ok');
  });
});
