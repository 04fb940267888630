import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { bearerToken } from '../../http/context';
import { defineRoute } from '../../http/route';
import { operatorContext } from './operator-context';
import type { OperatorsAdmin } from './operators-admin.service';

/** Operators, roles, their sessions and the audit trail's search (issue 27, item 6). */
export function operatorsAdminRoutes(deps: { operatorsAdmin: OperatorsAdmin }) {
  return async (app: FastifyInstance) => {
    const { operatorsAdmin } = deps;
    const ctx = operatorContext;
    const manage = {
      tags: ['back office'],
      auth: 'operator' as const,
      gate: 'open' as const,
      permission: 'operators.manage' as const,
    };

    defineRoute(
      app,
      endpoints.adminOperators,
      { summary: "The brand's operators", ...manage },
      ({ request }) => operatorsAdmin.list(ctx(request)),
    );
    defineRoute(
      app,
      endpoints.createOperator,
      { summary: 'Add an operator: the password to hand them is answered once', ...manage },
      ({ request, body }) => operatorsAdmin.create(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.setOperatorStatus,
      { summary: 'Disable or enable an operator (their sessions end)', ...manage },
      ({ request, body }) => operatorsAdmin.setStatus(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.setOperatorRole,
      { summary: "Change an operator's role (their sessions end)", ...manage },
      ({ request, body }) => operatorsAdmin.setRole(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.resetOperator,
      { summary: "Reset an operator's password (answered once) or two-step verification", ...manage },
      ({ request, body }) => operatorsAdmin.reset(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.operatorSessions,
      { summary: "Operators' live sessions", ...manage },
      ({ request, query }) =>
        operatorsAdmin.sessions(
          ctx(request),
          query.username,
          bearerToken(request.headers.authorization) ?? '',
        ),
    );
    defineRoute(
      app,
      endpoints.revokeOperatorSession,
      { summary: "End an operator's session", ...manage },
      ({ request, body }) => operatorsAdmin.revokeSession(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.operatorRoles,
      { summary: 'Roles and their permissions', ...manage },
      ({ request }) => operatorsAdmin.roles(ctx(request)),
    );
    defineRoute(
      app,
      endpoints.saveOperatorRole,
      { summary: 'Add or change a custom role', ...manage },
      ({ request, body }) => operatorsAdmin.saveRole(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.deleteOperatorRole,
      { summary: 'Remove a custom role nobody holds', ...manage },
      ({ request, body }) => operatorsAdmin.deleteRole(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.auditSearch,
      {
        summary: 'The audit trail searched by operator, target, action and period',
        tags: ['back office'],
        auth: 'operator',
        gate: 'open',
        permission: 'audit.read',
      },
      ({ request, query }) => operatorsAdmin.auditSearch(ctx(request), query),
    );
  };
}
