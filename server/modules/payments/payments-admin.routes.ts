import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { defineRoute } from '../../http/route';
import { operatorContext } from '../backoffice/operator-context';
import type { PaymentsAdmin } from './payments-admin.service';

/** The back office's payment methods: read with settings.read, each change with settings.manage. */
export function paymentsAdminRoutes(deps: { paymentsAdmin: PaymentsAdmin }) {
  return async (app: FastifyInstance) => {
    const { paymentsAdmin } = deps;
    const ctx = operatorContext;
    const operator = { tags: ['back office'], auth: 'operator' as const, gate: 'open' as const };
    const manage = { ...operator, permission: 'settings.manage' as const };

    defineRoute(
      app,
      endpoints.adminPaymentMethods,
      {
        summary: "The brand's payment methods, switched-off ones too, and the PIX providers available",
        ...operator,
        permission: 'settings.read',
      },
      ({ request }) => paymentsAdmin.methods(ctx(request)),
    );
    defineRoute(
      app,
      endpoints.addPaymentMethod,
      { summary: 'Add a payment method (a bank transfer or PIX), last in the order', ...manage },
      ({ request, body }) => paymentsAdmin.add(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.savePaymentMethod,
      {
        summary: "Change a method's names, limits, details, PIX provider or secret (write-only)",
        ...manage,
      },
      ({ request, body }) => paymentsAdmin.save(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.switchPaymentMethod,
      { summary: 'Switch a payment method on or off', ...manage },
      ({ request, body }) => paymentsAdmin.switch(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.orderPaymentMethods,
      { summary: 'The order the deposit page lists the methods in', ...manage },
      ({ request, body }) => paymentsAdmin.order(ctx(request), body),
    );
  };
}
