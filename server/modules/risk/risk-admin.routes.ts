import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { defineRoute } from '../../http/route';
import { operatorContext } from '../backoffice/operator-context';
import type { RiskAdmin } from './risk-admin.service';

/** The back office's risk pages: the queue of flags, withdrawal holds, the scan's thresholds. */
export function riskAdminRoutes(deps: { riskAdmin: RiskAdmin }) {
  return async (app: FastifyInstance) => {
    const { riskAdmin } = deps;
    const ctx = operatorContext;
    const operator = {
      tags: ['back office'],
      auth: 'operator' as const,
      gate: 'open' as const,
      permission: 'risk.manage' as const,
    };

    defineRoute(
      app,
      endpoints.riskFlags,
      { summary: 'Risk flags, open (newest first) or decided, by kind or member', ...operator },
      ({ request, query }) => riskAdmin.flags(ctx(request), query),
    );
    defineRoute(
      app,
      endpoints.decideRiskFlag,
      {
        summary: "Close a risk flag: clear it, hold the member's withdrawals, or lock the member",
        ...operator,
      },
      ({ request, body }) => riskAdmin.decide(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.noteRiskFlag,
      { summary: 'Add a note to a risk flag', ...operator },
      ({ request, body }) => riskAdmin.note(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.withdrawalHolds,
      { summary: 'Members whose withdrawals the risk team holds', ...operator },
      ({ request }) => riskAdmin.holds(ctx(request)),
    );
    defineRoute(
      app,
      endpoints.setWithdrawalHold,
      { summary: "Place or lift a member's withdrawal hold", ...operator },
      ({ request, body }) => riskAdmin.setHold(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.runRiskScan,
      { summary: "Run the risk scan for the operator's brand now", ...operator },
      ({ request }) => riskAdmin.scanNow(ctx(request)),
    );
    defineRoute(
      app,
      endpoints.riskRules,
      { summary: "The risk scan's thresholds", ...operator },
      ({ request }) => riskAdmin.rules(ctx(request)),
    );
    defineRoute(
      app,
      endpoints.setRiskRules,
      { summary: "Change the risk scan's thresholds", ...operator },
      ({ request, body }) => riskAdmin.setRules(ctx(request), body),
    );
  };
}
