import type { FastifyInstance } from 'fastify';
import {
  SESSION_CHECK_EVENT,
  SESSION_ENDED_CLOSE,
  SOCKET_PATH,
  type SocketAuth,
} from '../../../src/api/contract/events';
import { AppError } from '../../http/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import type { MemberEvents } from './member-events';

/** A socket that has not said who it is within this time is closed. */
const AUTH_TIMEOUT_MS = 5_000;
const PING_MS = 25_000;

/** A login that no longer holds, as opposed to a database that did not answer this time. */
const sessionEnded = (error: unknown) =>
  error instanceof AppError &&
  (error.code === 'UNAUTHORIZED' || error.code === 'SESSION_EXPIRED' || error.code === 'ACCOUNT_DISABLED');

/**
 * The member's event socket: the first message carries the session token (never the address, which
 * proxies log); then the server pushes balance, deposit and withdrawal events until the page goes, or
 * until the login ends elsewhere, which a check every `sessionCheckMs` notices.
 */
export function memberSocketRoutes(deps: {
  events: MemberEvents;
  accounts: AccountsService;
  sessionCheckMs: number;
}) {
  return async (app: FastifyInstance) => {
    app.get(SOCKET_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
      let detach: (() => void) | null = null;
      let check: NodeJS.Timeout | null = null;
      const deadline = setTimeout(() => socket.close(SESSION_ENDED_CLOSE, 'auth timeout'), AUTH_TIMEOUT_MS);
      const ping = setInterval(() => socket.ping(), PING_MS);
      socket.once('message', async (raw: Buffer) => {
        clearTimeout(deadline);
        try {
          const message = JSON.parse(String(raw)) as Partial<SocketAuth>;
          if (message.type !== 'auth' || typeof message.token !== 'string') throw new Error('no auth');
          const token = message.token;
          const member = await deps.accounts.authenticate(request.brand, token);
          if (socket.readyState !== socket.OPEN) return;
          const checkLogin = () => {
            deps.accounts.authenticate(request.brand, token).catch((error: unknown) => {
              if (sessionEnded(error)) socket.close(SESSION_ENDED_CLOSE, 'session ended');
              // Anything else (the database busy for a moment): the socket stays, the next check decides.
              else request.log.warn({ err: error }, 'member socket: login check failed');
            });
          };
          // Logins of this member ended elsewhere (the back office): check this one now, tell the page nothing.
          detach = deps.events.attach(member.id, {
            send: (data) => (data === SESSION_CHECK_EVENT ? checkLogin() : socket.send(data)),
          });
          check = setInterval(checkLogin, deps.sessionCheckMs);
          socket.send(JSON.stringify({ type: 'ready' }));
        } catch (error) {
          // A login that must change its password first says so, as the API does; anything else is refused.
          const reason =
            error instanceof AppError && error.code === 'PASSWORD_CHANGE_REQUIRED'
              ? error.code
              : 'unauthorized';
          socket.close(SESSION_ENDED_CLOSE, reason);
        }
      });
      socket.on('close', () => {
        clearTimeout(deadline);
        clearInterval(ping);
        if (check) clearInterval(check);
        detach?.();
      });
    });
  };
}
