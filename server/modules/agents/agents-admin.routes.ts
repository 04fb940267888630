import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { defineRoute } from '../../http/route';
import { operatorContext } from '../backoffice/operator-context';
import type { AgentsAdmin } from './agents-admin.service';

/** The back office's agent tree, contract templates, the house's contracts and settlement runs. */
export function agentsAdminRoutes(deps: { agentsAdmin: AgentsAdmin }) {
  return async (app: FastifyInstance) => {
    const { agentsAdmin } = deps;
    const ctx = operatorContext;
    // Operators work during maintenance and from anywhere: the back office has its own login.
    const operator = { tags: ['back office'], auth: 'operator' as const, gate: 'open' as const };

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
