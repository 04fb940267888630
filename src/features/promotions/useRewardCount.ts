import { useEffect, useState } from 'react';
import { call } from '../../api/client';
import { useMemberEvents } from '../session/member-events';
import { useSession } from '../session/session';

/**
 * The reward centre's badge: rewards waiting for a claim, read once for a real member and kept up to date
 * by the server's `rewards` events (and read again after a reconnection), so it changes without a reload.
 */
export function useRewardCount(): number {
  const session = useSession();
  const real = session.kind === 'member';
  const [count, setCount] = useState(0);
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks for a fresh read
  useEffect(() => {
    if (!real) {
      setCount(0);
      return;
    }
    let live = true;
    call('rewardCenter').then(
      (c) => live && setCount(c.count),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [real, round]);
  useMemberEvents((event) => {
    if (event.type === 'rewards') setCount(event.claimable);
    if (event.type === 'resync') setRound((n) => n + 1);
  });
  return count;
}
