import type { FastifyInstance } from 'fastify';
import { TRIAL_TYPE } from '../../../src/api/contract/accounts';
import { endpoints } from '../../../src/api/endpoints';
import { AppError } from '../../http/app-error';
import { keepRawJson } from '../../http/raw-body';
import { defineRoute } from '../../http/route';
import type { PaymentsService } from './payments.service';

/** Deposits by the member, and the notifications payment gateways send about them. */
export function paymentsRoutes(deps: { payments: PaymentsService }) {
  return async (app: FastifyInstance) => {
    const { payments } = deps;
    const member = { tags: ['payments'], auth: 'member' as const };

    defineRoute(
      app,
      endpoints.depositMethods,
      { summary: 'How the member can deposit, with limits', ...member },
      ({ request }) => payments.methods(request.brand, request.lang),
    );
    defineRoute(
      app,
      endpoints.createDeposit,
      {
        summary: 'Start a deposit (once per request id)',
        ...member,
        rateLimit: { max: 20, timeWindow: 60_000 },
      },
      ({ request, body }) => {
        if (request.member!.userType === TRIAL_TYPE) throw new AppError('REAL_ACCOUNT_REQUIRED');
        return payments.create(request.brand, request.member!.id, body, request.lang);
      },
    );
    defineRoute(
      app,
      endpoints.deposits,
      { summary: "The member's deposits, newest first", ...member },
      ({ request, query }) => payments.list(request.brand, request.member!.id, query.status, query.limit),
    );
    defineRoute(
      app,
      endpoints.deposit,
      { summary: 'One deposit and its status', ...member },
      async ({ request, query }) => {
        const { row, method } = await payments.get(request.brand, request.member!.id, query.reference);
        return payments.view(row, method);
      },
    );
    defineRoute(
      app,
      endpoints.cancelDeposit,
      { summary: 'Cancel a deposit not yet paid', ...member },
      ({ request, body }) => payments.cancel(request.brand, request.member!.id, body.reference),
    );

    await app.register(async (signed) => {
      keepRawJson(signed);
      defineRoute(
        signed,
        endpoints.gatewayNotify,
        {
          summary:
            "A payment gateway or PIX provider reports a payment (x-signature: hex HMAC-SHA256 of the raw body; a PIX provider's adapter verifies its own)",
          tags: ['payments'],
          gate: 'open',
          rateLimit: false,
        },
        ({ request, query, body }) => {
          // A provider's adapter reads what it signs with; repeated headers are not a signature.
          const headers = Object.fromEntries(
            Object.entries(request.headers).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]),
          );
          return payments.gatewayNotify(request.brand, query.method, request.rawBody ?? '', headers, body);
        },
      );
    });
  };
}
