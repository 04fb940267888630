import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CRASH_SOCKET_PATH, type CrashEvent } from '../../../src/api/contract/originals';
import { endpoints } from '../../../src/api/endpoints';
import { AppError } from '../../http/app-error';
import { defineRoute } from '../../http/route';
import type { CrashService } from './crash.service';
import type { OriginalsService } from './originals.service';

/**
 * Members and trial accounts play alike: a trial account's wagers move its trial money against the
 * brand's `trial` house account (docs/money.md, "Trial money"), with the same seeds and the same rules.
 */
const player = (request: FastifyRequest) => request.member!;

/** The in-house games (docs/originals-fairness.md). */
export function originalsRoutes(deps: {
  originals: OriginalsService;
  crash: CrashService;
  betsPerMinute: number;
}) {
  return async (app: FastifyInstance) => {
    const { originals, crash } = deps;
    const tags = ['originals'];
    const member = { tags, auth: 'member' as const };
    // Auto-bet sends a bet as soon as the last one is answered; the limit is per address.
    const betting = { ...member, rateLimit: { max: deps.betsPerMinute, timeWindow: 60_000 } };

    defineRoute(
      app,
      endpoints.originalsSettings,
      { summary: 'Each in-house game: on or off, house edge, limits, return; plinko and keno tables', tags },
      ({ request }) => originals.publicSettings(request.brand),
    );
    defineRoute(
      app,
      endpoints.originalsSeeds,
      { summary: "The member's seed pair (the server seed's SHA-256 only) and the revealed ones", ...member },
      ({ request }) => originals.seedsOf(request.brand, request.member!.id),
    );
    defineRoute(
      app,
      endpoints.rotateSeed,
      {
        summary: 'Reveal the server seed and commit to a new one, with a new client seed',
        ...member,
        rateLimit: { max: 30, timeWindow: 60_000 },
      },
      ({ request, body }) => originals.rotate(request.brand, request.member!.id, body.clientSeed),
    );
    defineRoute(
      app,
      endpoints.originalsBet,
      {
        summary: 'A dice, limbo, plinko or keno bet: drawn, paid and settled at once, once per request id',
        ...betting,
        // Auto-bet's hot path: the session is confirmed by the statement that takes the wager.
        auth: 'claim',
      },
      ({ request, body }) => {
        return originals.bet(request.brand, request.claim!, body, request.lang);
      },
    );
    defineRoute(
      app,
      endpoints.minesStart,
      { summary: 'Start a mines game: the stake is taken and the mines are placed', ...betting },
      ({ request, body }) => originals.minesStart(request.brand, player(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.minesReveal,
      { summary: 'Open a tile of the open mines game', ...betting },
      ({ request, body }) => originals.minesReveal(request.brand, request.member!, body),
    );
    defineRoute(
      app,
      endpoints.minesCashout,
      { summary: 'Cash out the open mines game at its multiplier', ...betting },
      ({ request, body }) => originals.minesCashout(request.brand, request.member!, body.betId),
    );
    defineRoute(
      app,
      endpoints.minesCurrent,
      { summary: "The member's open mines game, if any (it survives a reload or a restart)", ...member },
      async ({ request }) => ({ game: await originals.minesCurrent(request.member!.id) }),
    );
    defineRoute(
      app,
      endpoints.originalsRecent,
      {
        summary: "Latest bets: the member's own, or everyone's with the accounts masked",
        tags,
        auth: 'optional',
      },
      ({ request, query }) => originals.recent(request.brand, request.member?.id ?? null, query),
    );
    defineRoute(
      app,
      endpoints.originalsRecall,
      {
        summary: 'Game recall: the last 10 rounds with seeds, outcome, stake, payout and balances',
        ...member,
      },
      async ({ request, query }) => {
        const memberId = request.member!.id;
        if (query.game === 'crash')
          return { currency: request.brand.currency, rounds: await crash.recall(memberId) };
        const recalled = await originals.recall(request.brand, memberId, query.game);
        if (query.game) return recalled;
        // Every game at once: the ten latest of both kinds of rounds.
        const rounds = [...recalled.rounds, ...(await crash.recall(memberId))]
          .sort((a, b) => b.createdAt - a.createdAt)
          .slice(0, 10);
        return { currency: recalled.currency, rounds };
      },
    );
    defineRoute(
      app,
      endpoints.originalsRound,
      { summary: "One of the member's rounds with its seeds, for the verifier", ...member },
      async ({ request, query }) => {
        if (query.game !== 'crash') return originals.round(request.member!.id, query.betId);
        const round = (await crash.recall(request.member!.id, 1, query.betId))[0];
        if (!round) throw new AppError('BET_NOT_FOUND');
        return round;
      },
    );

    defineRoute(
      app,
      endpoints.crashState,
      {
        summary: "Crash: the round, its players, the last busts, the chain's commitment, my bet",
        tags,
        auth: 'optional',
      },
      ({ request }) => crash.state(request.brand, request.member?.id ?? null),
    );
    defineRoute(
      app,
      endpoints.crashBet,
      { summary: 'Crash: a bet in the round taking bets, once per request id (one per round)', ...betting },
      ({ request, body }) => crash.placeBet(request.brand, player(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.crashCashout,
      {
        summary: "Crash: cash out now, at the multiplier of the server's clock, before the bust",
        ...betting,
      },
      ({ request, body }) => crash.cashout(request.brand, request.member!, body.betId),
    );

    // The round as it changes, for everyone watching (guests too): no session needed to watch.
    app.get(CRASH_SOCKET_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
      const unsubscribe = crash.subscribe(request.brand, (state) => {
        if (socket.readyState === socket.OPEN)
          socket.send(JSON.stringify({ type: 'state', state } satisfies CrashEvent));
      });
      const ping = setInterval(() => socket.ping(), 25_000);
      socket.on('close', () => {
        clearInterval(ping);
        unsubscribe();
      });
    });
  };
}
