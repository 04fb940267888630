import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { defineRoute } from '../../http/route';
import { operatorContext } from '../backoffice/operator-context';
import type { GamesAdmin } from './games-admin.service';

/** The back office's game vendors (connection, secret, status), games and round lookup. */
export function gamesAdminRoutes(deps: { gamesAdmin: GamesAdmin }) {
  return async (app: FastifyInstance) => {
    const { gamesAdmin } = deps;
    const ctx = operatorContext;
    // Operators work during maintenance and from anywhere: the back office has its own login.
    const operator = { tags: ['back office'], auth: 'operator' as const, gate: 'open' as const };

    defineRoute(
      app,
      endpoints.adminVendors,
      { summary: 'Game vendors: catalogue entry and connection', ...operator, permission: 'games.read' },
      ({ request }) => gamesAdmin.vendors(ctx(request)),
    );
    defineRoute(
      app,
      endpoints.connectVendor,
      {
        summary: 'Connect a vendor (launch address, mode, currencies); answers its secret once',
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => gamesAdmin.connect(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.rotateVendorSecret,
      {
        summary: 'Give a vendor a new signing secret; answers it once',
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => gamesAdmin.rotate(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.disconnectVendor,
      {
        summary: 'Disconnect a vendor: its calls are refused and nothing launches',
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => gamesAdmin.disconnect(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.updateVendor,
      {
        summary: "Change a vendor's name, status (active, maintenance, hidden) or order",
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => gamesAdmin.updateVendor(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.adminGames,
      { summary: 'Every game, switched off and hidden ones too', ...operator, permission: 'games.read' },
      ({ request, query }) => gamesAdmin.games(ctx(request), query.vendor),
    );
    defineRoute(
      app,
      endpoints.updateGame,
      {
        summary: 'Change a game: on or off, status, order, hot rank, names, category',
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => gamesAdmin.updateGame(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.roundLookup,
      {
        summary: 'Find rounds by member, vendor round id or date, with their wallet movements',
        ...operator,
        permission: 'games.read',
      },
      ({ request, query }) => gamesAdmin.rounds(ctx(request), query),
    );
  };
}
