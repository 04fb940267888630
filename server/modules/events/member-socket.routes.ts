import type { FastifyInstance } from 'fastify';
import { SOCKET_PATH, type SocketAuth } from '../../../src/api/contract/events';
import type { AccountsService } from '../accounts/accounts.service';
import type { MemberEvents } from './member-events';

/** A socket that has not said who it is within this time is closed. */
const AUTH_TIMEOUT_MS = 5_000;
const PING_MS = 25_000;

/**
 * The member's event socket: the first message carries the session token (never the address, which
 * proxies log); then the server pushes balance, deposit and withdrawal events until the page goes.
 */
export function memberSocketRoutes(deps: { events: MemberEvents; accounts: AccountsService }) {
  return async (app: FastifyInstance) => {
    app.get(SOCKET_PATH, { websocket: true, schema: { hide: true } }, (socket) => {
      let detach: (() => void) | null = null;
      const deadline = setTimeout(() => socket.close(4401, 'auth timeout'), AUTH_TIMEOUT_MS);
      const ping = setInterval(() => socket.ping(), PING_MS);
      socket.once('message', async (raw: Buffer) => {
        clearTimeout(deadline);
        try {
          const message = JSON.parse(String(raw)) as Partial<SocketAuth>;
          if (message.type !== 'auth' || typeof message.token !== 'string') throw new Error('no auth');
          const member = await deps.accounts.authenticate(message.token);
          if (socket.readyState !== socket.OPEN) return;
          detach = deps.events.attach(member.id, { send: (data) => socket.send(data) });
          socket.send(JSON.stringify({ type: 'ready' }));
        } catch {
          socket.close(4401, 'unauthorized');
        }
      });
      socket.on('close', () => {
        clearTimeout(deadline);
        clearInterval(ping);
        detach?.();
      });
    });
  };
}
