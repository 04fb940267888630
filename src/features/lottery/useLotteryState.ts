import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../api/client';
import type { LotteryDraw, LotteryState } from '../../api/contract/lottery';

/**
 * A game's state as the server tells it (the draw taking bets, the next ones, the last result), and the
 * server's clock: the countdown runs on the server's time, so a device whose clock is off still shows
 * when betting really closes. When the open draw closes the next one is fetched, and its result is asked
 * for every two seconds from its draw time until it is in (`drawing` meanwhile).
 */
export function useLotteryState(game: string) {
  const [state, setState] = useState<LotteryState | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const offset = useRef(0);
  const [now, setNow] = useState(() => Date.now());
  /** The draw that closed last, until its numbers arrive. */
  const [drawing, setDrawing] = useState<LotteryDraw | null>(null);

  const load = useCallback(async () => {
    try {
      const sent = Date.now();
      const next = await call('lotteryState', { query: { game } });
      // Half the round trip is the best guess of how old the server's clock reading is.
      offset.current = next.now - (sent + Date.now()) / 2;
      setState(next);
      setFailed(null);
      setDrawing((d) => (d && next.last && next.last.number >= d.number ? null : d));
    } catch (error) {
      setFailed((error as { code?: string }).code ?? 'UNKNOWN');
    }
  }, [game]);

  useEffect(() => {
    setState(null);
    setDrawing(null);
    void load();
  }, [load]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offset.current), 250);
    return () => clearInterval(timer);
  }, []);

  const open = state?.upcoming[0] ?? null;
  const closed = open !== null && now >= open.closesAt;
  useEffect(() => {
    if (!closed || !open) return;
    setDrawing(open);
    const timer = setTimeout(() => void load(), 300);
    return () => clearTimeout(timer);
  }, [closed, open, load]);

  const due = drawing !== null && now >= drawing.drawsAt;
  useEffect(() => {
    if (!due) return;
    const timer = setInterval(() => void load(), 2_000);
    return () => clearInterval(timer);
  }, [due, load]);

  return { state, failed, now, reload: load, drawing };
}
