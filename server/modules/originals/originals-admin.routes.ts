import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { defineRoute } from '../../http/route';
import { operatorContext } from '../backoffice/operator-context';
import type { OriginalsAdmin } from './originals-admin.service';

/** The back office's in-house games: settings, the crash chain's salt, and a round recalled for a dispute. */
export function originalsAdminRoutes(deps: { originalsAdmin: OriginalsAdmin }) {
  return async (app: FastifyInstance) => {
    const { originalsAdmin } = deps;
    const ctx = operatorContext;
    // Operators work during maintenance and from anywhere: the back office has its own login.
    const operator = { tags: ['back office'], auth: 'operator' as const, gate: 'open' as const };

    defineRoute(
      app,
      endpoints.adminOriginals,
      {
        summary: 'In-house games: settings per currency, theoretical and measured return, crash chains',
        ...operator,
        permission: 'games.read',
      },
      ({ request, query }) => originalsAdmin.overview(ctx(request), query),
    );
    defineRoute(
      app,
      endpoints.updateOriginal,
      {
        summary: "An in-house game's switch, house edge and limits (audited)",
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => originalsAdmin.update(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.announceCrashSalt,
      {
        summary: "Names the public source of a crash chain's salt before its value exists (once, audited)",
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => originalsAdmin.announceSalt(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.enterCrashSalt,
      {
        summary:
          "Enters the announced source's value as the chain's salt: its rounds can begin (once, audited)",
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => originalsAdmin.enterSalt(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.adminRecall,
      {
        summary: "Game recall: a member's last 10 rounds of each in-house game, with seeds",
        ...operator,
        permission: 'games.read',
      },
      ({ request, query }) => originalsAdmin.recall(ctx(request), query),
    );
  };
}
