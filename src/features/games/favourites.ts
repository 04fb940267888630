import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { call } from '../../api/client';
import { useSession } from '../session/session';

/** The member's favourite games (nodeIds), shared by every tile on the page. */
let ids: ReadonlySet<number> = new Set();
let loadedFor: number | null = null;
/** Bumped by every toggle: a load that started before one must not overwrite what it answered. */
let version = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
const set = (next: number[]) => {
  ids = new Set(next);
  emit();
};

/** Favourites for the logged-in member (none for guests and trial players), and a toggle. */
export function useFavourites() {
  const session = useSession();
  const memberId = session.kind === 'member' ? (session.member?.id ?? null) : null;
  const current = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => ids,
  );
  useEffect(() => {
    if (memberId === null) {
      if (loadedFor !== null) {
        loadedFor = null;
        set([]);
      }
      return;
    }
    if (loadedFor === memberId) return;
    loadedFor = memberId;
    const started = version;
    call('favouriteIds').then(
      (v) => started === version && set(v.nodeIds),
      () => {
        loadedFor = null;
      },
    );
  }, [memberId]);
  const toggle = useCallback(async (nodeId: number) => {
    version++;
    const next = ids.has(nodeId)
      ? await call('removeFavourite', { query: { nodeId } })
      : await call('addFavourite', { body: { nodeId } });
    set(next.nodeIds);
  }, []);
  return { enabled: memberId !== null, ids: current, toggle };
}
