/**
 * Session-storage cache for lists that change rarely (vendor list, hot games, winner board): a visitor
 * sees them at once on every page, and a refresh replaces them.
 */
const PREFIX = 'cache:';

export function readCache<T>(key: string): T | undefined {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeCache<T>(key: string, value: T) {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the page still works, it just fetches again next time.
  }
}

/** The cached value when there is one, else the fetched one (which is then cached). */
export async function cached<T>(key: string, fetcher: () => Promise<T>, options: { refresh?: boolean } = {}) {
  if (!options.refresh) {
    const hit = readCache<T>(key);
    if (hit !== undefined) return hit;
  }
  const value = await fetcher();
  writeCache(key, value);
  return value;
}
