import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { defineRoute } from '../../http/route';
import type { BetRecords } from './bet-records.service';
import type { TreeTransfersService } from './tree-transfers.service';
import type { TrialWalletService } from './trial-wallet.service';
import type { WalletService } from './wallet.service';

/** The member's wallets (spec 2.5, 7) and their game records. */
export function walletRoutes(deps: {
  wallet: WalletService;
  transfers: TreeTransfersService;
  records: BetRecords;
  trial: TrialWalletService;
}) {
  return async (app: FastifyInstance) => {
    const { wallet, transfers, records, trial } = deps;
    const member = { tags: ['wallet'], auth: 'member' as const };
    // Trial money stays in its wallet: no transfers, no rebate (it is not business).
    const real = { tags: ['wallet'], auth: 'real' as const };

    defineRoute(
      app,
      endpoints.walletBalance,
      { summary: 'Main wallet balance and wallet mode', ...member },
      ({ request }) => wallet.balance(request.brand, request.member!.id),
    );
    defineRoute(
      app,
      endpoints.trialWallet,
      { summary: "A trial account's trial balance, top-ups left and when the trial ends", ...member },
      ({ request }) => trial.view(request.brand, request.member!),
    );
    defineRoute(
      app,
      endpoints.trialTopUp,
      {
        summary: 'Tops the trial balance back up (a few times, once it runs low)',
        ...member,
        rateLimit: { max: 10, timeWindow: 60_000 },
      },
      ({ request }) => trial.topUp(request.brand, request.member!, request.lang),
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
        ...real,
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
        ...real,
        rateLimit: { max: 10, timeWindow: 60_000 },
      },
      ({ request, body }) => transfers.toUpline(request.brand, request.member!, body, request.lang),
    );
    defineRoute(
      app,
      endpoints.transferDownline,
      {
        summary: 'An agent sends money to a player of its downline (payment password)',
        ...real,
        rateLimit: { max: 10, timeWindow: 60_000 },
      },
      ({ request, body }) => transfers.toDownline(request.brand, request.member!, body, request.lang),
    );
    defineRoute(
      app,
      endpoints.treeTransferSetup,
      {
        summary: 'The agent above, whether the member may pay players below, and the main wallet',
        ...real,
      },
      ({ request }) => transfers.setup(request.brand, request.member!),
    );
    defineRoute(
      app,
      endpoints.downlineMembers,
      { summary: "Players in the agent's downline whose username starts with q, nearest first", ...real },
      ({ request, query }) => transfers.downline(request.brand, request.member!, query),
    );
    defineRoute(
      app,
      endpoints.betRecords,
      {
        summary: 'The betting record: game rounds by category, vendor, status and date, newest first',
        ...member,
      },
      ({ request, query }) => records.list(request.brand, request.lang, request.member!.id, query),
    );
    defineRoute(
      app,
      endpoints.betRound,
      { summary: 'One game round with the wallet movements it made', ...member },
      ({ request, query }) =>
        records.round(request.brand, request.lang, request.member!.id, query.vassalage, query.roundId),
    );
    defineRoute(
      app,
      endpoints.personalProfit,
      { summary: 'Personal profit and loss per category and per day', ...member },
      ({ request, query }) => records.profit(request.brand, request.member!.id, query),
    );
    defineRoute(
      app,
      endpoints.rebate,
      { summary: 'The rebate valid bets have earned since the last claim', ...real },
      ({ request }) => records.rebate(request.brand, request.member!.id),
    );
    defineRoute(
      app,
      endpoints.claimRebate,
      { summary: 'Pays the earned rebate into the main wallet, once per period', ...real },
      ({ request }) => records.claimRebate(request.brand, request.member!.id),
    );
  };
}
