import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { defineRoute } from '../../http/route';
import type { TreeTransfersService } from './tree-transfers.service';
import type { VendorWalletService } from './vendor-wallet.service';
import type { WalletService } from './wallet.service';

/** The member's wallets (spec 2.5, 7) and the launch of a game session. */
export function walletRoutes(deps: {
  wallet: WalletService;
  vendorWallet: VendorWalletService;
  transfers: TreeTransfersService;
}) {
  return async (app: FastifyInstance) => {
    const { wallet, vendorWallet, transfers } = deps;
    const member = { tags: ['wallet'], auth: 'member' as const };

    defineRoute(
      app,
      endpoints.walletBalance,
      { summary: 'Main wallet balance and wallet mode', ...member },
      ({ request }) => wallet.balance(request.brand, request.member!.id),
    );
    defineRoute(
      app,
      endpoints.consolidatedFunds,
      { summary: 'All the member funds: main, vendor wallets and the total', ...member },
      ({ request }) => wallet.consolidated(request.brand, request.member!.id),
    );
    defineRoute(
      app,
      endpoints.merchantWallets,
      { summary: 'Each game vendor wallet of the member (transfer mode)', ...member },
      ({ request }) => wallet.merchantWallets(request.brand, request.member!.id),
    );
    defineRoute(
      app,
      endpoints.walletTransfer,
      {
        summary: 'Move money between the main wallet and a vendor wallet, once per request id',
        ...member,
        rateLimit: { max: 60, timeWindow: 60_000 },
      },
      ({ request, body }) => wallet.transfer(request.brand, request.member!.id, body, request.lang),
    );
    defineRoute(
      app,
      endpoints.accountRecords,
      { summary: 'The account record: every posting on the member wallets, newest first', ...member },
      ({ request, query }) => wallet.records(request.member!.id, query),
    );
    defineRoute(
      app,
      endpoints.transferUpline,
      {
        summary: 'Send money to the agent above (payment password)',
        ...member,
        rateLimit: { max: 10, timeWindow: 60_000 },
      },
      ({ request, body }) => transfers.toUpline(request.brand, request.member!, body, request.lang),
    );
    defineRoute(
      app,
      endpoints.transferDownline,
      {
        summary: 'An agent sends money to a player of its downline (payment password)',
        ...member,
        rateLimit: { max: 10, timeWindow: 60_000 },
      },
      ({ request, body }) => transfers.toDownline(request.brand, request.member!, body, request.lang),
    );
    defineRoute(
      app,
      endpoints.treeTransferSetup,
      {
        summary: 'The agent above, whether the member may pay players below, and the main wallet',
        ...member,
      },
      ({ request }) => transfers.setup(request.brand, request.member!),
    );
    defineRoute(
      app,
      endpoints.downlineMembers,
      { summary: "Players in the agent's downline whose username starts with q, nearest first", ...member },
      ({ request, query }) => transfers.downline(request.brand, request.member!, query),
    );
    defineRoute(
      app,
      endpoints.launchToken,
      { summary: 'A token for one game session, handed to the game vendor', ...member },
      ({ request, body }) =>
        vendorWallet.issueLaunchToken(request.brand, request.member!, body.vendor, body.gameCode),
    );
  };
}
