import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { authToken, call } from '../../api/client';
import { type MemberEvent, SESSION_ENDED_CLOSE, SOCKET_PATH } from '../../api/contract/events';
import { inspectOptions } from '../../machines/inspect';
import { backoffMs, memberSocketMachine } from '../../machines/member-socket.machine';
import { useSession } from './session';

export type PageEvent = MemberEvent | { type: 'resync' };
type Listener = (event: PageEvent) => void;
const listeners = new Set<Listener>();
const emit = (event: PageEvent) => {
  for (const listener of listeners) listener(event);
};

const machine = memberSocketMachine.provide({
  actors: {
    connection: fromCallback<
      { type: 'READY' } | { type: 'CLOSED' } | { type: 'REJECTED' },
      { token: string }
    >(({ input, sendBack }) => {
      const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}${SOCKET_PATH}`);
      socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token: input.token }));
      socket.onmessage = (message) => {
        const data = JSON.parse(String(message.data)) as PageEvent | { type: 'ready' };
        if (data.type === 'ready') sendBack({ type: 'READY' });
        else emit(data);
      };
      socket.onclose = (event) =>
        sendBack({ type: event.code === SESSION_ENDED_CLOSE ? 'REJECTED' : 'CLOSED' });
      return () => {
        socket.onclose = null;
        socket.close();
      };
    }),
    // An ended login answers SESSION_EXPIRED or UNAUTHORIZED, which the session turns into a logout.
    checkSession: fromPromise<unknown>(() => call('memberInfo')),
    wait: fromPromise<void, { attempt: number }>(
      ({ input }) => new Promise((resolve) => setTimeout(resolve, backoffMs(input.attempt))),
    ),
  },
  actions: { resync: () => emit({ type: 'resync' }) },
});

/**
 * Keeps the event socket open while a member is logged in, trial accounts included (their trial balance
 * moves as they play); not for guests.
 */
export function MemberEventsConnector() {
  const { kind, member } = useSession();
  const actor = useActorRef(machine, inspectOptions());
  const memberId = member?.id ?? null;
  useEffect(() => {
    const token = authToken();
    if ((kind === 'member' || kind === 'trial') && token && memberId !== null)
      actor.send({ type: 'START', token });
    else actor.send({ type: 'STOP' });
  }, [actor, kind, memberId]);
  return null;
}

/** Runs `listener` for every event the server pushes to this member (and 'resync' after a reconnection). */
export function useMemberEvents(listener: Listener) {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const forward: Listener = (event) => latest.current(event);
    listeners.add(forward);
    return () => {
      listeners.delete(forward);
    };
  }, []);
}

/** The main wallet balance, kept live by the socket. */
export function useLiveBalance(enabled: boolean) {
  const [balance, setBalance] = useState<{ balance: number; currency: string } | null>(null);
  const load = useCallback(() => {
    if (!enabled) return;
    call('walletBalance').then(
      (b) => setBalance({ balance: b.balance, currency: b.currency }),
      () => {},
    );
  }, [enabled]);
  useEffect(load, [load]);
  useMemberEvents((event) => {
    if (event.type === 'balance') setBalance({ balance: event.balance, currency: event.currency });
    if (event.type === 'resync') load();
  });
  return balance;
}
