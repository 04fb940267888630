import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REPLAY_HEADER, SIGNATURE_HEADER, VENDOR_HEADER } from '../../../src/api/contract/wallet';
import { endpoints } from '../../../src/api/endpoints';
import { keepRawJson } from '../../http/raw-body';
import { defineRoute, type RouteOptions } from '../../http/route';
import type { Answered, VendorCall, VendorWalletService } from './vendor-wallet.service';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The game-vendor wallet API. Each request carries the vendor's code and an HMAC-SHA256 of its raw body
 * with the vendor's secret; it is checked before the body is even validated. Open during maintenance and
 * to every region (vendors settle rounds whatever the site shows), and not rate-limited per address.
 */
export function vendorWalletRoutes(deps: { vendorWallet: VendorWalletService }) {
  return async (app: FastifyInstance) => {
    const { vendorWallet } = deps;

    keepRawJson(app);
    app.addHook('preValidation', async (request) => {
      await vendorWallet.verify(
        request.brand.id,
        header(request, VENDOR_HEADER),
        request.rawBody ?? '',
        header(request, SIGNATURE_HEADER),
      );
    });

    const call = (request: FastifyRequest): VendorCall => ({
      brand: request.brand,
      vendor: header(request, VENDOR_HEADER)!,
    });
    const send = (reply: FastifyReply, answered: Answered) => {
      if (answered.replayed) reply.header(REPLAY_HEADER, 'true');
      return answered.answer;
    };
    const options = (summary: string): RouteOptions => ({
      summary,
      tags: ['vendor wallet'],
      gate: 'open',
      rateLimit: false,
    });

    defineRoute(
      app,
      endpoints.vendorAuthenticate,
      options('Trade a launch token for the player and balance'),
      ({ request, body }) => vendorWallet.authenticate(call(request), body.token),
    );
    defineRoute(
      app,
      endpoints.vendorBalance,
      options("The player's game wallet balance"),
      ({ request, body }) => vendorWallet.balance(call(request), body.playerId),
    );
    defineRoute(
      app,
      endpoints.vendorBet,
      options('Debit a bet (needs a live launch token); replays get the first answer'),
      async ({ request, reply, body }) => send(reply, await vendorWallet.bet(call(request), body)),
    );
    defineRoute(
      app,
      endpoints.vendorWin,
      options('Credit a win in a round the player bet in; accepted after the launch token expired'),
      async ({ request, reply, body }) => send(reply, await vendorWallet.win(call(request), body)),
    );
    defineRoute(
      app,
      endpoints.vendorRollback,
      options('Refund a bet; a bet that arrives after its rollback is refused'),
      async ({ request, reply, body }) => send(reply, await vendorWallet.rollback(call(request), body)),
    );
  };
}
