import { TtlCache } from './ttl-cache';

/**
 * Wraps a repository so that each read (method and arguments) is answered from a short-lived cache.
 * For settings and content operators change rarely; never for money or sessions.
 */
export function withReadCache<T extends object>(repository: T, ttlMs: number): T {
  if (ttlMs <= 0) return repository;
  const cache = new TtlCache<unknown>(ttlMs);
  return new Proxy(repository, {
    get(target, prop, receiver) {
      const member = Reflect.get(target, prop, receiver);
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) =>
        // Query builders run again on every await; a settled promise is shared instead.
        cache.get(`${String(prop)}:${JSON.stringify(args)}`, () =>
          Promise.resolve(member.apply(target, args)),
        );
    },
  });
}
