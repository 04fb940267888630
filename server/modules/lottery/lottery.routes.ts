import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TRIAL_TYPE } from '../../../src/api/contract/accounts';
import { endpoints } from '../../../src/api/endpoints';
import { AppError } from '../../http/app-error';
import { defineRoute } from '../../http/route';
import type { LotteryService } from './lottery.service';

/** A real account bets: trial accounts are told they need one, as at any vendor's game. */
function player(request: FastifyRequest) {
  const member = request.member!;
  if (member.userType === TRIAL_TYPE) throw new AppError('REAL_ACCOUNT_REQUIRED');
  return member;
}

const VN = ['TCG_LOTTO_VN'] as const;
const LOTTO = ['LOTT', 'ELOTT', 'TCG_SEA'] as const;

/** The lotteries (docs/lottery.md), with spec 7's lottery calls. */
export function lotteryRoutes(deps: { lottery: LotteryService; slipsPerMinute: number }) {
  return async (app: FastifyInstance) => {
    const { lottery } = deps;
    const tags = ['lottery'];
    const member = { tags, auth: 'member' as const };

    defineRoute(
      app,
      endpoints.lotteryGames,
      {
        summary: 'The lottery games that are on: family, vendor, calendar, bet types with odds and limits',
        tags,
      },
      ({ request }) => lottery.games(request.brand, request.lang),
    );
    defineRoute(
      app,
      endpoints.lotteryState,
      {
        summary: "A game, the draws taking bets now and next, the last result and the server's clock",
        ...member,
      },
      ({ request, query }) => lottery.state(request.brand, query.game, request.lang),
    );
    defineRoute(
      app,
      endpoints.placeSlip,
      {
        summary: 'Place a slip (and a chase over the next draws): every line paid now, once per request id',
        ...member,
        rateLimit: { max: deps.slipsPerMinute, timeWindow: 60_000 },
      },
      ({ request, body }) => lottery.place(request.brand, player(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.cancelLines,
      {
        summary: "Cancel the member's lines on draws still taking bets: each stake comes back once",
        ...member,
      },
      ({ request, body }) => lottery.cancel(request.brand, request.member!, body.ids),
    );
    defineRoute(
      app,
      endpoints.myLotteryLines,
      {
        summary: "The member's lottery lines, newest first, with their draws, status and winnings",
        ...member,
      },
      ({ request, query }) => lottery.myLines(request.brand, request.member!, query),
    );
    defineRoute(
      app,
      endpoints.lotteryResults,
      { summary: "A game's drawn draws, newest first, with their revealed seeds and numbers", tags },
      ({ request, query }) => lottery.results(request.brand, query.game, query),
    );
    defineRoute(
      app,
      endpoints.lotteryDraw,
      { summary: 'One draw: its commitment, and once drawn its seed, mix and numbers', tags },
      ({ request, query }) => lottery.drawOf(request.brand, query.game, query.number),
    );
    defineRoute(
      app,
      endpoints.lotteryDrawLines,
      {
        summary:
          "A closed draw's accepted lines as published at its close: each line's leaf (no member), sorted; their SHA-256 is the draw's mix",
        tags,
      },
      ({ request, query }) => lottery.drawLines(request.brand, query.game, query.number),
    );
    defineRoute(
      app,
      endpoints.vnGameMenu,
      { summary: 'Vietnamese lottery menu: each game with its next draw and last numbers', tags },
      ({ request }) => lottery.menu(request.brand, request.lang, VN),
    );
    defineRoute(
      app,
      endpoints.vnRecentGames,
      { summary: 'The Vietnamese lottery games the member bet on lately', ...member },
      ({ request }) => lottery.recentMenu(request.brand, request.member!, request.lang, VN),
    );
    defineRoute(
      app,
      endpoints.vnOpenedNumeros,
      { summary: 'The latest drawn numbers of the Vietnamese lottery games', tags },
      ({ request, query }) => lottery.opened(request.brand, VN, query.gameCode),
    );
    defineRoute(
      app,
      endpoints.lottoOpenedNumeros,
      { summary: 'The latest drawn numbers of the LOTT, ELOTT and SEA lottery games', ...member },
      ({ request, query }) => lottery.opened(request.brand, LOTTO, query.gameCode),
    );
  };
}
