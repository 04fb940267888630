import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { bearerToken } from '../../http/context';
import { defineRoute } from '../../http/route';
import type { AgentsAdmin } from './agents-admin.service';
import type { BackofficeService, OperatorContext } from './backoffice.service';
import type { GamesAdmin } from './games-admin.service';
import type { LotteryAdmin } from './lottery-admin.service';
import type { OriginalsAdmin } from './originals-admin.service';

/** The back office's API: its own login and sessions, the finance queue, adjustments and the audit trail. */
export function backofficeRoutes(deps: {
  backoffice: BackofficeService;
  gamesAdmin: GamesAdmin;
  originalsAdmin: OriginalsAdmin;
  agentsAdmin: AgentsAdmin;
  lotteryAdmin: LotteryAdmin;
}) {
  return async (app: FastifyInstance) => {
    const { backoffice, gamesAdmin, originalsAdmin, agentsAdmin, lotteryAdmin } = deps;
    const ctx = (request: FastifyRequest): OperatorContext => ({
      operator: request.operator!,
      brand: request.brand,
      ip: request.visitor.ip,
    });
    // Operators work during maintenance and from anywhere: the back office has its own login.
    const operator = { tags: ['back office'], auth: 'operator' as const, gate: 'open' as const };

    defineRoute(
      app,
      endpoints.operatorLogin,
      {
        summary:
          'Operator login: password, then a TOTP code; admin and finance without one get a secret to enrol',
        tags: ['back office'],
        // Operators must be able to log in while the site is down for maintenance.
        gate: 'open',
        rateLimit: { max: 10, timeWindow: 60_000 },
      },
      ({ request, body }) => backoffice.login(request.brand, body, request.visitor.ip),
    );
    defineRoute(
      app,
      endpoints.operatorLogout,
      { summary: 'End the operator session', ...operator },
      ({ request }) => backoffice.logout(ctx(request), bearerToken(request.headers.authorization) ?? ''),
    );
    defineRoute(
      app,
      endpoints.operatorMe,
      { summary: 'The operator behind the token', ...operator },
      ({ request }) => backoffice.info(request.operator!),
    );
    defineRoute(
      app,
      endpoints.operatorTwoFactorSetup,
      { summary: 'Start turning on two-step verification: the secret to scan', ...operator },
      ({ request }) => backoffice.setUpTwoFactor(ctx(request)),
    );
    defineRoute(
      app,
      endpoints.operatorTwoFactorEnable,
      { summary: 'Turn on two-step verification with a first code from the app', ...operator },
      ({ request, body }) => backoffice.enableTwoFactor(ctx(request), body.code),
    );
    defineRoute(
      app,
      endpoints.operatorDeposits,
      {
        summary: 'Deposits by status (pending: bank transfers to confirm)',
        ...operator,
        permission: 'finance.read',
      },
      ({ request, query }) => backoffice.depositQueue(ctx(request), query.status),
    );
    defineRoute(
      app,
      endpoints.decideDeposit,
      { summary: 'Confirm or reject a bank-transfer deposit', ...operator, permission: 'finance.decide' },
      ({ request, body }) => backoffice.decideDeposit(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.operatorWithdrawals,
      { summary: 'Withdrawals by status (pending, disputed...)', ...operator, permission: 'finance.read' },
      ({ request, query }) => backoffice.withdrawalQueue(ctx(request), query.status),
    );
    defineRoute(
      app,
      endpoints.decideWithdrawal,
      {
        summary: 'Approve or reject a withdrawal, or end a dispute',
        ...operator,
        permission: 'finance.decide',
      },
      ({ request, body }) => backoffice.decideWithdrawal(ctx(request), body),
    );
    app.get<{ Querystring: { id?: string } }>(
      '/api/backoffice/withdrawals/proof',
      {
        config: { auth: 'operator', gate: 'open', permission: 'finance.read' },
        schema: {
          summary: 'A picture a member attached to a withdrawal',
          tags: ['back office'],
          security: [{ bearer: [] }],
        },
      },
      async (request, reply) => {
        backoffice.require(ctx(request), 'finance.read');
        const image = await backoffice.proof(ctx(request), Number(request.query.id));
        return reply.type(image.mime).header('cache-control', 'private, no-store').send(image.data);
      },
    );
    defineRoute(
      app,
      endpoints.adjustBalance,
      { summary: "Adjust a member's balance with a reason", ...operator, permission: 'money.adjust' },
      ({ request, body }) => backoffice.adjust(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.moneyApprovals,
      {
        summary: 'Money actions waiting for a second operator (four eyes), or decided',
        ...operator,
        permission: 'finance.read',
      },
      ({ request, query }) => backoffice.approvals.list(ctx(request), query.status),
    );
    defineRoute(
      app,
      endpoints.decideMoneyApproval,
      {
        summary: "Approve another operator's money action (it runs now) or reject it with a reason",
        ...operator,
        permission: 'money.approve',
      },
      ({ request, body }) => backoffice.approvals.decide(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.approvalThreshold,
      { summary: "The brand's four-eyes threshold", ...operator, permission: 'finance.read' },
      async ({ request }) => ({ threshold: await backoffice.approvals.threshold(ctx(request).brand.id) }),
    );
    defineRoute(
      app,
      endpoints.setApprovalThreshold,
      {
        summary: "Change the brand's four-eyes threshold (audited, before and after)",
        ...operator,
        permission: 'settings.manage',
      },
      ({ request, body }) => backoffice.approvals.setThreshold(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.auditLog,
      { summary: 'The latest operator actions', ...operator, permission: 'audit.read' },
      ({ request }) => backoffice.auditTrail(ctx(request)),
    );
    defineRoute(
      app,
      endpoints.adminVendors,
      { summary: 'Game vendors: catalogue entry and connection', ...operator, permission: 'games.read' },
      ({ request }) => gamesAdmin.vendors(ctx(request)),
    );
    defineRoute(
      app,
      endpoints.connectVendor,
      {
        summary: 'Connect a vendor (launch address, mode, currencies); answers its secret once',
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => gamesAdmin.connect(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.rotateVendorSecret,
      {
        summary: 'Give a vendor a new signing secret; answers it once',
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => gamesAdmin.rotate(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.disconnectVendor,
      {
        summary: 'Disconnect a vendor: its calls are refused and nothing launches',
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => gamesAdmin.disconnect(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.updateVendor,
      {
        summary: "Change a vendor's name, status (active, maintenance, hidden) or order",
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => gamesAdmin.updateVendor(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.adminGames,
      { summary: 'Every game, switched off and hidden ones too', ...operator, permission: 'games.read' },
      ({ request, query }) => gamesAdmin.games(ctx(request), query.vendor),
    );
    defineRoute(
      app,
      endpoints.updateGame,
      {
        summary: 'Change a game: on or off, status, order, hot rank, names, category',
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => gamesAdmin.updateGame(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.roundLookup,
      {
        summary: 'Find rounds by member, vendor round id or date, with their wallet movements',
        ...operator,
        permission: 'games.read',
      },
      ({ request, query }) => gamesAdmin.rounds(ctx(request), query),
    );
    defineRoute(
      app,
      endpoints.adminOriginals,
      {
        summary: 'In-house games: settings per currency, theoretical and measured return, crash chains',
        ...operator,
        permission: 'games.read',
      },
      ({ request, query }) => originalsAdmin.overview(ctx(request), query),
    );
    defineRoute(
      app,
      endpoints.updateOriginal,
      {
        summary: "An in-house game's switch, house edge and limits (audited)",
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => originalsAdmin.update(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.announceCrashSalt,
      {
        summary: "Names the public source of a crash chain's salt before its value exists (once, audited)",
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => originalsAdmin.announceSalt(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.enterCrashSalt,
      {
        summary:
          "Enters the announced source's value as the chain's salt: its rounds can begin (once, audited)",
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => originalsAdmin.enterSalt(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.adminRecall,
      {
        summary: "Game recall: a member's last 10 rounds of each in-house game, with seeds",
        ...operator,
        permission: 'games.read',
      },
      ({ request, query }) => originalsAdmin.recall(ctx(request), query),
    );
    defineRoute(
      app,
      endpoints.adminLotteries,
      {
        summary:
          "Lotteries: each game's switch, window and chase, its bet types' odds with their exact return and limits",
        ...operator,
        permission: 'games.read',
      },
      ({ request }) => lotteryAdmin.overview(ctx(request)),
    );
    defineRoute(
      app,
      endpoints.updateLottery,
      {
        summary: "A lottery game's switch, window, chase length, or one bet type's odds and limits (audited)",
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => lotteryAdmin.update(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.adminLotteryDraws,
      {
        summary: "A lottery's draws of the last day and the scheduled ones",
        ...operator,
        permission: 'games.read',
      },
      ({ request, query }) => lotteryAdmin.draws(ctx(request), query.game),
    );
    defineRoute(
      app,
      endpoints.adminLotteryDraw,
      { summary: 'A draw with its lines and exposure by bet type', ...operator, permission: 'games.read' },
      ({ request, query }) => lotteryAdmin.draw(ctx(request), query.game, query.number),
    );
    defineRoute(
      app,
      endpoints.cancelLotteryDraw,
      {
        summary: 'Cancel a draw not drawn yet: every line refunded once (audited)',
        ...operator,
        permission: 'games.manage',
      },
      ({ request, body }) => lotteryAdmin.cancel(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.adminTree,
      {
        summary: "A member's place in the agent tree: uplines, direct downline, contracts",
        ...operator,
        permission: 'agents.read',
      },
      ({ request, query }) => agentsAdmin.tree(ctx(request), query),
    );
    defineRoute(
      app,
      endpoints.moveMember,
      {
        summary:
          'Move a member and its downline under another agent; its contracts with the old one end (audited)',
        ...operator,
        permission: 'agents.manage',
      },
      ({ request, body }) => agentsAdmin.move(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.settlementRuns,
      {
        summary: 'Contract settlement runs: each period with its bills counted and added up',
        ...operator,
        permission: 'agents.read',
      },
      ({ request, query }) => agentsAdmin.runs(ctx(request), query),
    );
    defineRoute(
      app,
      endpoints.runBills,
      { summary: "One settlement run's bills with their inputs", ...operator, permission: 'agents.read' },
      ({ request, query }) => agentsAdmin.runBills(ctx(request), query),
    );
    defineRoute(
      app,
      endpoints.rerunSettlement,
      {
        summary:
          "Ask to settle a finished period again: filed for a second operator's approval (four eyes), it runs as the approver; nothing already billed is paid twice",
        ...operator,
        permission: 'money.adjust',
      },
      ({ request, body }) => agentsAdmin.rerun(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.adminTemplates,
      {
        summary: 'Contract templates: terms the house offers top agents, and the default per kind',
        ...operator,
        permission: 'agents.read',
      },
      ({ request }) => agentsAdmin.templates(ctx(request)),
    );
    defineRoute(
      app,
      endpoints.saveTemplate,
      { summary: 'Create or change a contract template (audited)', ...operator, permission: 'agents.manage' },
      ({ request, body }) => agentsAdmin.saveTemplate(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.deleteTemplate,
      { summary: 'Delete a contract template (audited)', ...operator, permission: 'agents.manage' },
      ({ request, body }) => agentsAdmin.deleteTemplate(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.offerHouseContract,
      {
        summary: 'The house offers a top agent a contract from a template (audited)',
        ...operator,
        permission: 'agents.manage',
      },
      ({ request, body }) => agentsAdmin.offerHouseContract(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.endHouseContract,
      {
        summary: 'The house ends one of its contracts with a top agent (audited)',
        ...operator,
        permission: 'agents.manage',
      },
      ({ request, body }) => agentsAdmin.endHouseContract(ctx(request), body),
    );
  };
}
