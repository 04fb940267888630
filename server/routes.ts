import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { membersAdminRoutes } from './modules/accounts/members-admin.routes';
import { agentsRoutes } from './modules/agents/agents.routes';
import { agentsAdminRoutes } from './modules/agents/agents-admin.routes';
import { artRoutes } from './modules/art/art.routes';
import { backofficeRoutes } from './modules/backoffice/backoffice.routes';
import { identityAdminRoutes } from './modules/backoffice/identity-admin.routes';
import { operatorsAdminRoutes } from './modules/backoffice/operators-admin.routes';
import { brandAdminRoutes } from './modules/brand/brand-admin.routes';
import { contentRoutes } from './modules/content/content.routes';
import { contentAdminRoutes } from './modules/content/content-admin.routes';
import { memberSocketRoutes } from './modules/events/member-socket.routes';
import { gamesRoutes } from './modules/games/games.routes';
import { gamesAdminRoutes } from './modules/games/games-admin.routes';
import { identityRoutes } from './modules/identity/identity.routes';
import { kycRoutes } from './modules/kyc/kyc.routes';
import { kycAdminRoutes } from './modules/kyc/kyc-admin.routes';
import { lotteryRoutes } from './modules/lottery/lottery.routes';
import { lotteryAdminRoutes } from './modules/lottery/lottery-admin.routes';
import { originalsRoutes } from './modules/originals/originals.routes';
import { originalsAdminRoutes } from './modules/originals/originals-admin.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { paymentsAdminRoutes } from './modules/payments/payments-admin.routes';
import { simGatewayRoutes } from './modules/payments/sim-gateway.routes';
import { withdrawalsRoutes } from './modules/payments/withdrawals.routes';
import { promotionsAdminRoutes, promotionsRoutes } from './modules/promotions/promotions.routes';
import { reportsAdminRoutes } from './modules/reports/reports-admin.routes';
import { riskAdminRoutes } from './modules/risk/risk-admin.routes';
import { sportsRoutes } from './modules/sports/sports.routes';
import { sportsAdminRoutes } from './modules/sports/sports-admin.routes';
import { systemRoutes } from './modules/system/system.routes';
import { vendorWalletRoutes } from './modules/wallet/vendor-wallet.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';

import type { Services } from './services';

type Register = (app: FastifyInstance, s: Services) => Promise<void>;

/**
 * Each module's routes, registered by the module's entry here: its member-facing routes, then its
 * back-office pages (the back office's permission check and audit trail given through the services).
 */
export const MODULE_ROUTES: Record<string, Register> = {
  system: async (app, s) => {
    await app.register(
      systemRoutes({ system: s.system, brands: s.brands, secureCookies: s.config.secureCookies }),
    );
  },
  art: async (app) => {
    await app.register(artRoutes());
  },
  brand: async (app, s) => {
    await app.register(brandAdminRoutes({ brandAdmin: s.brandAdmin }));
  },
  content: async (app, s) => {
    await app.register(contentRoutes({ content: s.content }));
    await app.register(contentAdminRoutes({ contentAdmin: s.contentAdmin }));
  },
  accounts: async (app, s) => {
    await app.register(
      accountsRoutes({
        accounts: s.accounts,
        humanCheck: s.humanCheck,
        messenger: s.outboxMessenger,
        outboxView: s.config.outboxView,
        secureCookies: s.config.secureCookies,
      }),
    );
    await app.register(membersAdminRoutes({ membersAdmin: s.membersAdmin }));
  },
  identity: async (app, s) => {
    await app.register(identityRoutes({ identity: s.identity, secureCookies: s.config.secureCookies }));
    await app.register(identityAdminRoutes({ identityAdmin: s.identityAdmin }));
  },
  kyc: async (app, s) => {
    await app.register(kycRoutes({ kyc: s.kyc }));
    await app.register(kycAdminRoutes({ kycAdmin: s.kycAdmin }));
  },
  games: async (app, s) => {
    await app.register(gamesRoutes({ games: s.games }));
    await app.register(gamesAdminRoutes({ gamesAdmin: s.gamesAdmin }));
  },
  wallet: async (app, s) => {
    await app.register(
      walletRoutes({ records: s.records, wallet: s.wallet, transfers: s.transfers, trial: s.trialWallet }),
    );
    await app.register(vendorWalletRoutes({ vendorWallet: s.vendorWallet }));
  },
  agents: async (app, s) => {
    await app.register(
      agentsRoutes({
        agents: s.agents,
        contracts: s.contracts,
        settlement: s.settlement,
        openDownline: (brand, agent, body, lang) => s.accounts.openDownline(brand, agent, body, lang),
      }),
    );
    await app.register(agentsAdminRoutes({ agentsAdmin: s.agentsAdmin }));
  },
  originals: async (app, s) => {
    await app.register(
      originalsRoutes({
        originals: s.originals,
        crash: s.crash,
        betsPerMinute: s.config.ORIGINALS_BETS_PER_MINUTE,
      }),
    );
    await app.register(originalsAdminRoutes({ originalsAdmin: s.originalsAdmin }));
  },
  sports: async (app, s) => {
    await app.register(sportsRoutes({ sports: s.sports, slipsPerMinute: s.config.SPORTS_SLIPS_PER_MINUTE }));
    await app.register(sportsAdminRoutes({ sportsAdmin: s.sportsAdmin }));
  },
  lottery: async (app, s) => {
    await app.register(
      lotteryRoutes({ lottery: s.lottery, slipsPerMinute: s.config.LOTTERY_SLIPS_PER_MINUTE }),
    );
    await app.register(lotteryAdminRoutes({ lotteryAdmin: s.lotteryAdmin }));
  },
  payments: async (app, s) => {
    await app.register(paymentsRoutes({ payments: s.payments }));
    // The simulated gateway pays without money: it exists in demo mode only.
    if (s.demo) await app.register(simGatewayRoutes({ payments: s.payments }));
    await app.register(withdrawalsRoutes({ withdrawals: s.withdrawals }));
    await app.register(paymentsAdminRoutes({ paymentsAdmin: s.paymentsAdmin }));
  },
  promotions: async (app, s) => {
    await app.register(promotionsRoutes({ promotions: s.promotions }));
    await app.register(promotionsAdminRoutes({ promotionsAdmin: s.promotionsAdmin }));
  },
  reports: async (app, s) => {
    await app.register(reportsAdminRoutes({ reports: s.reports }));
  },
  risk: async (app, s) => {
    await app.register(riskAdminRoutes({ riskAdmin: s.riskAdmin }));
  },
  backoffice: async (app, s) => {
    await app.register(backofficeRoutes({ backoffice: s.backoffice }));
    await app.register(operatorsAdminRoutes({ operatorsAdmin: s.operatorsAdmin }));
  },
  events: async (app, s) => {
    await app.register(
      memberSocketRoutes({
        events: s.events,
        accounts: s.accounts,
        sessionCheckMs: s.config.SOCKET_SESSION_CHECK_MS,
      }),
    );
  },
};

/** Every module's routes, in the order above. */
export async function registerRoutes(app: FastifyInstance, s: Services) {
  for (const register of Object.values(MODULE_ROUTES)) await register(app, s);
}
