import type { SharedSession, TabEndReason } from '../../machines/session.machine';

/**
 * The tabs of one browser talking about their session over a `BroadcastChannel` (same origin only; never
 * through the address, which is logged and sent on as a referrer). Each tab keeps its own copy of the
 * token in session storage, as the spec asks; this only lets a new tab join, and every tab follow a
 * login, a new token or the end of the session.
 */
export type TabMessage =
  | { type: 'ask' }
  | ({ type: 'session' } & SharedSession)
  | { type: 'ended'; token: string; reason: TabEndReason };

const CHANNEL_NAME = 'session';
/** How long a new tab waits for an open tab to answer before it shows the site as a guest. */
export const JOIN_WAIT_MS = 300;

const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;
const isToken = (value: unknown): value is string => typeof value === 'string' && TOKEN.test(value);

/** A message another tab (of this site, possibly of another version) sent, if it is one we understand. */
function read(data: unknown): TabMessage | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as Record<string, unknown>;
  if (m.type === 'ask') return { type: 'ask' };
  if (m.type === 'session' && isToken(m.token) && (m.replaces === null || isToken(m.replaces))) {
    return { type: 'session', token: m.token, replaces: m.replaces };
  }
  if (m.type === 'ended' && isToken(m.token) && (m.reason === 'logout' || m.reason === 'expired')) {
    return { type: 'ended', token: m.token, reason: m.reason };
  }
  return null;
}

export interface TabChannel {
  post(message: TabMessage): void;
  /** Calls `listener` for each message from another tab; returns the unsubscribe. */
  listen(listener: (message: TabMessage) => void): () => void;
  /** Asks the open tabs for their session: the first token answered within `waitMs`, else null. */
  ask(waitMs?: number): Promise<string | null>;
}

function open(): TabChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  let channel: BroadcastChannel;
  try {
    channel = new BroadcastChannel(CHANNEL_NAME);
  } catch {
    return null;
  }
  const listeners = new Set<(message: TabMessage) => void>();
  channel.onmessage = (event: MessageEvent) => {
    const message = read(event.data);
    if (message) for (const listener of [...listeners]) listener(message);
  };
  const listen = (listener: (message: TabMessage) => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    post: (message) => channel.postMessage(message),
    listen,
    ask: (waitMs = JOIN_WAIT_MS) =>
      new Promise((resolve) => {
        const stop = listen((message) => {
          if (message.type !== 'session') return;
          stop();
          clearTimeout(timer);
          resolve(message.token);
        });
        const timer = setTimeout(() => {
          stop();
          resolve(null);
        }, waitMs);
        channel.postMessage({ type: 'ask' } satisfies TabMessage);
      }),
  };
}

let shared: TabChannel | null | undefined;
/** This page's channel to the other tabs, or null where the browser has none. */
export function tabChannel(): TabChannel | null {
  if (shared === undefined) shared = open();
  return shared;
}
