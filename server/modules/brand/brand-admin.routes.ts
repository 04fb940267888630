import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { defineRoute } from '../../http/route';
import { operatorContext } from '../backoffice/operator-context';
import type { BrandAdmin } from './brand-admin.service';

/** The back office's brand settings: read with settings.read, each change with settings.manage. */
export function brandAdminRoutes(deps: { brandAdmin: BrandAdmin }) {
  return async (app: FastifyInstance) => {
    const { brandAdmin } = deps;
    const ctx = operatorContext;
    // Open during maintenance: operators set it up and end it from here.
    const operator = { tags: ['back office'], auth: 'operator' as const, gate: 'open' as const };
    const manage = { ...operator, permission: 'settings.manage' as const };

    defineRoute(
      app,
      endpoints.adminBrandSettings,
      {
        summary: "The brand's settings as stored (options, rules, limits, maintenance, domains...)",
        ...operator,
        permission: 'settings.read',
      },
      ({ request }) => brandAdmin.settings(ctx(request)),
    );
    defineRoute(
      app,
      endpoints.saveSiteOptions,
      { summary: 'Switch site option flags (spec 3) on or off', ...manage },
      ({ request, body }) => brandAdmin.saveOptions(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.saveRegisterRules,
      { summary: 'Change registration field rules (shown, required, length, pattern)', ...manage },
      ({ request, body }) => brandAdmin.saveRegisterRules(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.savePasswordPolicy,
      { summary: 'Password expiry and the weak default password (write-only)', ...manage },
      ({ request, body }) => brandAdmin.savePasswordPolicy(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.saveLanguages,
      { summary: 'The languages the site offers and its default', ...manage },
      ({ request, body }) => brandAdmin.saveLanguages(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.saveCurrency,
      { summary: "The brand's currency, while no money has moved", ...manage },
      ({ request, body }) => brandAdmin.saveCurrency(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.saveKycAt,
      { summary: 'When the identity is asked: at registration, before a withdrawal, or never', ...manage },
      ({ request, body }) => brandAdmin.saveKycAt(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.saveBrandLimits,
      { summary: 'Withdrawal limits and daily count, confirmation time, largest movement', ...manage },
      ({ request, body }) => brandAdmin.saveLimits(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.saveMaintenance,
      { summary: 'Maintenance now or in a scheduled window, with its message', ...manage },
      ({ request, body }) => brandAdmin.saveMaintenance(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.saveRegionRules,
      { summary: 'Addresses, ranges and countries refused (region rules)', ...manage },
      ({ request, body }) => brandAdmin.saveRegionRules(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.saveDomains,
      { summary: "The brand's domains and what each is for", ...manage },
      ({ request, body }) => brandAdmin.saveDomains(ctx(request), body, request.hostname.toLowerCase()),
    );
    defineRoute(
      app,
      endpoints.saveSiteResources,
      { summary: 'Social links and app downloads', ...manage },
      ({ request, body }) => brandAdmin.saveResources(ctx(request), body, request.lang),
    );
    defineRoute(
      app,
      endpoints.saveCustomerService,
      { summary: 'Customer-service channels', ...manage },
      ({ request, body }) => brandAdmin.saveCustomerService(ctx(request), body, request.lang),
    );
  };
}
