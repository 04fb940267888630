import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { defineRoute } from '../../http/route';
import type { SportsService } from './sports.service';

/** The sportsbook's member routes (docs/sports.md): the board is public, bets need a real account. */
export function sportsRoutes(deps: { sports: SportsService; slipsPerMinute: number }) {
  return async (app: FastifyInstance) => {
    const { sports } = deps;
    const tags = ['sports'];
    const member = { tags, auth: 'member' as const };
    const real = { tags, auth: 'real' as const };

    defineRoute(
      app,
      endpoints.sportsLobby,
      { summary: 'Sports or e-sports: live now, starting soon, and the competitions with fixtures', tags },
      ({ request, query }) => sports.lobby(request.brand, request.lang, query.kind),
    );
    defineRoute(
      app,
      endpoints.sportsCompetition,
      { summary: "A competition's fixtures still to play or live, with their headline market", tags },
      ({ request, query }) => sports.competition(request.brand, request.lang, query.id),
    );
    defineRoute(
      app,
      endpoints.sportsFixture,
      { summary: 'A fixture with every market, its prices and versions, and its live state', tags },
      ({ request, query }) => sports.fixture(request.brand, request.lang, query.id),
    );
    defineRoute(
      app,
      endpoints.sportsResults,
      { summary: 'Fixtures that ended, were abandoned or called off, latest first', tags },
      ({ request, query }) => sports.results(request.brand, request.lang, query),
    );
    defineRoute(
      app,
      endpoints.placeSportsSlip,
      {
        summary:
          'Place a slip (singles, an accumulator or a system) at the prices seen, once per request id; in-play bets wait their delay',
        ...real,
        rateLimit: { max: deps.slipsPerMinute, timeWindow: 60_000 },
      },
      ({ request, body }) => sports.place(request.brand, request.member!, body, request.lang),
    );
    defineRoute(
      app,
      endpoints.mySportsBets,
      { summary: "The member's sports bets, newest first: open, settled or all", ...member },
      ({ request, query }) => sports.myBets(request.brand, request.member!, request.lang, query),
    );
    defineRoute(
      app,
      endpoints.sportsBet,
      { summary: "One of the member's sports bets (a pending in-play bet's decision)", ...member },
      ({ request, query }) => sports.myBet(request.brand, request.member!, request.lang, query.id),
    );
    defineRoute(
      app,
      endpoints.cashOutQuote,
      { summary: 'What the book pays now to end all or part of an open bet, held for 5 s', ...real },
      ({ request, body }) => sports.quote(request.brand, request.member!, body.betId, body.share),
    );
    defineRoute(
      app,
      endpoints.cashOut,
      { summary: 'Take a cash-out quote, once per request id and per quote', ...real },
      ({ request, body }) => sports.cashOut(request.brand, request.member!, body, request.lang),
    );
  };
}
