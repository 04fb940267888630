import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { defineRoute } from '../../http/route';
import type { IdentityAdmin } from './identity-admin.service';
import { operatorContext } from './operator-context';

/** The site's address as the operator's browser sees it: the redirect URI shown is on it. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The back office's third-party sign-in providers (add, edit, enable, disable). */
export function identityAdminRoutes(deps: { identityAdmin: IdentityAdmin }) {
  return async (app: FastifyInstance) => {
    const { identityAdmin } = deps;
    const ctx = operatorContext;
    const operator = { tags: ['back office'], auth: 'operator' as const, gate: 'open' as const };

    defineRoute(
      app,
      endpoints.adminIdentityProviders,
      {
        summary: "The brand's third-party sign-in providers (never their secrets)",
        ...operator,
        permission: 'settings.read',
      },
      ({ request }) => identityAdmin.list(ctx(request), originOf(request)),
    );
    defineRoute(
      app,
      endpoints.saveIdentityProvider,
      {
        summary:
          'Add a third-party sign-in provider, or edit the one with this code (the secret is write-only)',
        ...operator,
        permission: 'settings.manage',
      },
      ({ request, body }) => identityAdmin.save(ctx(request), body, originOf(request), request.lang),
    );
    defineRoute(
      app,
      endpoints.setIdentityProviderEnabled,
      {
        summary: 'Enable or disable a third-party sign-in provider',
        ...operator,
        permission: 'settings.manage',
      },
      ({ request, body }) => identityAdmin.setEnabled(ctx(request), body, originOf(request)),
    );
  };
}
