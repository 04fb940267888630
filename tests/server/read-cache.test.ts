import { afterEach, describe, expect, it, vi } from 'vitest';
import { withReadCache } from '../../server/lib/read-cache';

afterEach(() => vi.useRealTimers());

function repository() {
  const calls: string[] = [];
  return {
    calls,
    repo: {
      async list(brandId: number, kinds: string[]) {
        calls.push(`${brandId}:${kinds.join(',')}`);
        return [brandId, ...kinds];
      },
      async broken() {
        calls.push('broken');
        throw new Error('database down');
      },
    },
  };
}

describe('read cache for settings and content', () => {
  it('answers the same read from the cache and different arguments separately', async () => {
    const { repo, calls } = repository();
    const cached = withReadCache(repo, 5_000);
    expect(await cached.list(1, ['a'])).toEqual([1, 'a']);
    expect(await cached.list(1, ['a'])).toEqual([1, 'a']);
    expect(await cached.list(2, ['a'])).toEqual([2, 'a']);
    expect(calls).toEqual(['1:a', '2:a']);
  });

  it('shares one load between concurrent reads', async () => {
    const { repo, calls } = repository();
    const cached = withReadCache(repo, 5_000);
    await Promise.all([cached.list(1, []), cached.list(1, []), cached.list(1, [])]);
    expect(calls).toHaveLength(1);
  });

  it('reads again once the time to live has passed', async () => {
    vi.useFakeTimers();
    const { repo, calls } = repository();
    const cached = withReadCache(repo, 5_000);
    await cached.list(1, []);
    vi.advanceTimersByTime(5_001);
    await cached.list(1, []);
    expect(calls).toHaveLength(2);
  });

  it('does not remember a failed read', async () => {
    const { repo, calls } = repository();
    const cached = withReadCache(repo, 5_000);
    await expect(cached.broken()).rejects.toThrow('database down');
    await expect(cached.broken()).rejects.toThrow('database down');
    expect(calls).toEqual(['broken', 'broken']);
  });

  it('is switched off by a time to live of zero', async () => {
    const { repo } = repository();
    expect(withReadCache(repo, 0)).toBe(repo);
  });
});
