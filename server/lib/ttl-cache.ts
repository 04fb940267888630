/**
 * A small per-process cache for settings and content that operators change rarely: each value lives for
 * `ttlMs`, concurrent misses for one key share a single load, and a failed load is not remembered.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return Promise.resolve(load());
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    // Settled into a promise of its own: a query builder is a thenable that runs its query again every
    // time it is awaited, so caching the builder itself would cache nothing.
    const value = new Promise<V>((resolve) => resolve(load()));
    this.entries.set(key, { value, expires: now + this.ttlMs });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear() {
    this.entries.clear();
  }
}
