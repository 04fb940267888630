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

    const member = { auth: 'member' as const, tags: ['games'] };
    defineRoute(
      app,
      endpoints.gameList,
      { summary: "A vendor's or a category's games: classification filter, name search, pages", ...member },
      ({ request, query }) => games.gameList(request.brand, query.lang ?? request.lang, query),
    );
    defineRoute(
      app,
      endpoints.vassGameTypes,
      { summary: "The classification filters a vendor's game list offers", ...member },
      ({ request, query }) => games.vassGameTypes(request.brand, query.vassalage),
    );
    defineRoute(
      app,
      endpoints.recentGames,
      { summary: 'The games this member launched, newest first', ...member },
      ({ request, query }) =>
        games.recentGames(request.brand, query.lang ?? request.lang, request.member!.id, query.limit),
    );
    defineRoute(
      app,
      endpoints.favouriteIds,
      { summary: "The ids (nodeId) of this member's favourite games", ...member },
      ({ request }) => games.favouriteIds(request.member!.id),
    );
    defineRoute(
      app,
      endpoints.favouriteGames,
      { summary: "This member's favourite games, newest first", ...member },
      ({ request, query }) =>
        games.favouriteGames(request.brand, query.lang ?? request.lang, request.member!.id, query.limit),
    );
    defineRoute(
      app,
      endpoints.addFavourite,
      { summary: 'Adds a game (nodeId) to the favourites', ...member },
      ({ request, body }) => games.addFavourite(request.brand, request.member!.id, body.nodeId),
    );
    defineRoute(
      app,
      endpoints.removeFavourite,
      { summary: 'Removes a game (nodeId) from the favourites', ...member },
      ({ request, query }) => games.removeFavourite(request.member!.id, query.nodeId),
    );
    defineRoute(
      app,
      endpoints.launchGame,
      { summary: 'Starts a game at its vendor and answers where it runs', ...member },
      ({ request, body }) => games.launch(request.brand, request.lang, request.member!, body),
    );
    defineRoute(
      app,
      endpoints.launchFbSports,
      { summary: "Starts the FB sports book (vendor FB's first game), as launchGame does", ...member },
      ({ request, body }) =>
        games.launch(request.brand, request.lang, request.member!, {
          vassalage: 'FB',
          platform: body.platform,
        }),
    );
  };
}
