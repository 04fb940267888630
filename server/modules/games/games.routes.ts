import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { defineRoute } from '../../http/route';
import type { GamesService } from './games.service';

export function gamesRoutes(deps: { games: GamesService }) {
  return async (app: FastifyInstance) => {
    const { games } = deps;

    defineRoute(
      app,
      endpoints.gameMenus,
      { summary: 'Game categories in server order, each with its vendors', tags: ['games'] },
      ({ request }) => games.menus(request.brand),
    );

    defineRoute(
      app,
      endpoints.vendorList,
      { summary: 'Game vendors in server order', tags: ['games'] },
      ({ request, query }) => games.vendorList(request.brand, query.gameType),
    );

    defineRoute(
      app,
      endpoints.hotGames,
      { summary: 'Hot games for the given platforms', tags: ['games'] },
      ({ request, query }) => games.hotGames(request.brand, query.lang ?? request.lang, query.platforms),
    );

    defineRoute(
      app,
      endpoints.popularGames,
      { summary: 'Most played games', tags: ['games'] },
      ({ request, query }) => games.popularGames(request.brand, query.lang ?? request.lang, query.limit),
    );

    defineRoute(
      app,
      endpoints.rankList,
      { summary: 'Winner board: the latest big wins', tags: ['games'] },
      ({ request, query }) =>
        games.rankList(request.brand, query.language ?? request.lang, query.gameCategory, query.limitNum),
    );
  };
}
