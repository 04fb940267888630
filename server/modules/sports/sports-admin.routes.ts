import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { defineRoute } from '../../http/route';
import { operatorContext } from '../backoffice/operator-context';
import type { SportsAdmin } from './sports-admin.service';

/**
 * The back office's sportsbook: fixtures with their markets, prices and results, the exposure, bets and
 * settlement log (sports.read), and the trading changes, each audited (sports.manage).
 */
export function sportsAdminRoutes(deps: { sportsAdmin: SportsAdmin }) {
  return async (app: FastifyInstance) => {
    const { sportsAdmin } = deps;
    const ctx = operatorContext;
    // Operators work during maintenance and from anywhere: the back office has its own login.
    const operator = { tags: ['back office'], auth: 'operator' as const, gate: 'open' as const };
    const read = { ...operator, permission: 'sports.read' as const };
    const manage = { ...operator, permission: 'sports.manage' as const };

    defineRoute(
      app,
      endpoints.adminSportsFixtures,
      {
        summary: 'Fixtures by sport, status, start and name, with the markets offered and the exposure',
        ...read,
      },
      ({ request, query }) => sportsAdmin.fixtures(ctx(request), query, request.lang),
    );
    defineRoute(
      app,
      endpoints.adminSportsFixture,
      { summary: 'A fixture with every market, its prices and results, live state and result', ...read },
      ({ request, query }) => sportsAdmin.fixture(ctx(request), query.id, request.lang),
    );
    defineRoute(
      app,
      endpoints.createSportsFixture,
      {
        summary:
          "An operator's fixture with the sport's template of markets, priced as typed or from a model (audited)",
        ...manage,
      },
      ({ request, body }) => sportsAdmin.create(ctx(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.createSportsOutright,
      {
        summary: "An operator's outright: competitors, betting close and a market per places paid (audited)",
        ...manage,
      },
      ({ request, body }) => sportsAdmin.createOutright(ctx(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.addSportsMarket,
      { summary: 'A market the fixture does not offer yet, with its prices (audited)', ...manage },
      ({ request, body }) => sportsAdmin.addMarket(ctx(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.priceSportsMarket,
      { summary: "A market's new prices through the fixture's source (audited)", ...manage },
      ({ request, body }) => sportsAdmin.price(ctx(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.suspendSportsMarket,
      { summary: 'Stop or resume betting on one market (audited)', ...manage },
      ({ request, body }) => sportsAdmin.suspendMarket(ctx(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.voidSportsMarket,
      {
        summary: 'Void one market, every stake on it back, with the reason players read (audited)',
        ...manage,
      },
      ({ request, body }) => sportsAdmin.voidMarket(ctx(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.suspendSportsFixture,
      { summary: 'Stop or resume betting on a whole fixture (audited)', ...manage },
      ({ request, body }) => sportsAdmin.suspendFixture(ctx(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.liveSportsFixture,
      { summary: 'Mark a fixture live or update its score (audited)', ...manage },
      ({ request, body }) => sportsAdmin.live(ctx(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.resultSportsFixture,
      { summary: "Enter or correct a fixture's result: every market settles on it (audited)", ...manage },
      ({ request, body }) => sportsAdmin.result(ctx(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.withdrawSportsResult,
      { summary: 'Withdraw a result entered by mistake: its bets open again (audited)', ...manage },
      ({ request, body }) => sportsAdmin.withdrawResult(ctx(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.cancelSportsFixture,
      { summary: 'Call a fixture off: every market void, with the reason players read (audited)', ...manage },
      ({ request, body }) => sportsAdmin.cancel(ctx(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.adminSportsExposure,
      { summary: 'The events with the most open liability', ...read },
      ({ request }) => sportsAdmin.exposure(ctx(request), request.lang),
    );
    defineRoute(
      app,
      endpoints.adminSportsEventExposure,
      { summary: "One event's markets with each outcome's liability, stakes and bets", ...read },
      ({ request, query }) => sportsAdmin.eventExposure(ctx(request), query.id, request.lang),
    );
    defineRoute(
      app,
      endpoints.adminSportsBets,
      { summary: 'Sports bets by id, member or fixture, with their legs', ...read },
      ({ request, query }) => sportsAdmin.bets(ctx(request), query, request.lang),
    );
    defineRoute(
      app,
      endpoints.adminSportsSettlements,
      { summary: "A fixture's settlement log: settles, corrections, rollbacks and voids", ...read },
      ({ request, query }) => sportsAdmin.settlements(ctx(request), query.fixtureId),
    );
    defineRoute(
      app,
      endpoints.adminSportsCompetitions,
      { summary: 'Competitions with their margin and switch', ...read },
      ({ request }) => sportsAdmin.competitions(ctx(request)),
    );
    defineRoute(
      app,
      endpoints.saveSportsCompetition,
      { summary: "A competition's margin and switch (audited)", ...manage },
      ({ request, body }) => sportsAdmin.saveCompetition(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.adminSportsLimits,
      { summary: "The book's limits per sport, `*` for every sport without its own", ...read },
      ({ request }) => sportsAdmin.limits(ctx(request)),
    );
    defineRoute(
      app,
      endpoints.saveSportsLimits,
      { summary: "A sport's limits, or its own row removed (audited)", ...manage },
      ({ request, body }) => sportsAdmin.saveLimits(ctx(request), body),
    );
  };
}
