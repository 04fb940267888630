import { describe, expect, it } from 'vitest';
import { TtlCache } from '../../server/lib/ttl-cache';

/** A query builder as drizzle makes it: a thenable that runs its query every time it is awaited. */
function lazyQuery<T>(value: T) {
  const runs = { count: 0 };
  const query = {
    // biome-ignore lint/suspicious/noThenProperty: the point is a thenable that is not a promise
    then<R>(onFulfilled: (v: T) => R, onRejected?: (e: unknown) => R) {
      runs.count++;
      return Promise.resolve(value).then(onFulfilled, onRejected);
    },
  };
  return { query: query as unknown as Promise<T>, runs };
}

describe('TtlCache', () => {
  it('runs a lazy query once for every read within its time, not once per read', async () => {
    const cache = new TtlCache<number>(60_000);
    const { query, runs } = lazyQuery(7);
    const reads = await Promise.all(Array.from({ length: 5 }, () => cache.get('k', () => query)));
    expect(reads).toEqual([7, 7, 7, 7, 7]);
    expect(await cache.get('k', () => query)).toBe(7);
    expect(runs.count).toBe(1);
  });

  it('loads again once cleared, and forgets a failed load', async () => {
    const cache = new TtlCache<number>(60_000);
    let loads = 0;
    const load = async () => {
      loads++;
      if (loads === 1) throw new Error('down');
      return loads;
    };
    await expect(cache.get('k', load)).rejects.toThrow('down');
    expect(await cache.get('k', load)).toBe(2);
    expect(await cache.get('k', load)).toBe(2);
    cache.clear();
    expect(await cache.get('k', load)).toBe(3);
  });

  it('with no time to live, loads on every read', async () => {
    const cache = new TtlCache<number>(0);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });
});
