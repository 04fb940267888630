import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { bearerToken } from '../../http/context';
import { defineRoute } from '../../http/route';
import type { BackofficeService } from './backoffice.service';
import { operatorContext } from './operator-context';

/** The back office's API: its own login and sessions, the finance queue, adjustments and the audit trail. */
export function backofficeRoutes(deps: { backoffice: BackofficeService }) {
  return async (app: FastifyInstance) => {
    const { backoffice } = deps;
    const ctx = operatorContext;
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
  };
}
