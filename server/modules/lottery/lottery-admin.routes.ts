import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { defineRoute } from '../../http/route';
import { operatorContext } from '../backoffice/operator-context';
import type { LotteryAdmin } from './lottery-admin.service';

/** The back office's lotteries: each game's settings and bet types, its draws, and a draw cancelled. */
export function lotteryAdminRoutes(deps: { lotteryAdmin: LotteryAdmin }) {
  return async (app: FastifyInstance) => {
    const { lotteryAdmin } = deps;
    const ctx = operatorContext;
    // Operators work during maintenance and from anywhere: the back office has its own login.
    const operator = { tags: ['back office'], auth: 'operator' as const, gate: 'open' as const };

    defineRoute(
      app,
      endpoints.adminLotteries,
      {
        summary:
          "Lotteries: each game's switch, window and chase, its bet types' odds with their exact return and limits",
        ...operator,
        permission: 'games.read',
      },
      ({ request }) => lotteryAdmin.overview(ctx(request)),
    );
    defineRoute(
      app,
      endpoints.updateLottery,
      {
        summary: "A lottery game's switch, window, chase length, or one bet type's odds and limits (audited)",
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => lotteryAdmin.update(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.adminLotteryDraws,
      {
        summary: "A lottery's draws of the last day and the scheduled ones",
        ...operator,
        permission: 'games.read',
      },
      ({ request, query }) => lotteryAdmin.draws(ctx(request), query.game),
    );
    defineRoute(
      app,
      endpoints.adminLotteryDraw,
      { summary: 'A draw with its lines and exposure by bet type', ...operator, permission: 'games.read' },
      ({ request, query }) => lotteryAdmin.draw(ctx(request), query.game, query.number),
    );
    defineRoute(
      app,
      endpoints.cancelLotteryDraw,
      {
        summary: 'Cancel a draw not drawn yet: every line refunded once (audited)',
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => lotteryAdmin.cancel(ctx(request), body),
    );
  };
}
