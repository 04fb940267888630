import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/api/endpoints';
import { paths } from '../../../src/api/paths';
import { defineRoute } from '../../http/route';
import { operatorContext } from '../backoffice/operator-context';
import type { KycAdmin } from './kyc-admin.service';

/** The back office's identity pages: documents to review, a member's identity, erasure (LGPD). */
export function kycAdminRoutes(deps: { kycAdmin: KycAdmin }) {
  return async (app: FastifyInstance) => {
    const { kycAdmin } = deps;
    const ctx = operatorContext;
    const operator = { tags: ['back office'], auth: 'operator' as const, gate: 'open' as const };

    defineRoute(
      app,
      endpoints.adminKycDocuments,
      { summary: 'Identity documents by status (pending first)', ...operator, permission: 'kyc.review' },
      ({ request, query }) => kycAdmin.queue(ctx(request), query.status),
    );
    defineRoute(
      app,
      endpoints.decideKycDocument,
      {
        summary: 'Approve an identity document, or reject it with a reason the member reads',
        ...operator,
        permission: 'kyc.review',
      },
      ({ request, body }) => kycAdmin.decide(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.adminKycMember,
      {
        summary: "A member's identity and documents (the CPF masked without 'kyc.review')",
        ...operator,
        permission: 'members.read',
      },
      ({ request, query }) => kycAdmin.member(ctx(request), query.username),
    );
    defineRoute(
      app,
      endpoints.eraseMember,
      {
        summary: "Erase a member's personal data (LGPD) once no money is left or on its way",
        ...operator,
        permission: 'kyc.review',
      },
      ({ request, body }) => kycAdmin.erase(ctx(request), body),
    );
    app.get<{ Querystring: { id?: string } }>(
      paths.adminKycFile.path,
      {
        config: { auth: 'operator', gate: 'open', permission: 'kyc.review' },
        schema: {
          summary: 'The file of an identity document',
          tags: ['back office'],
          security: [{ bearer: [] }],
        },
      },
      async (request, reply) => {
        const file = await kycAdmin.file(ctx(request), Number(request.query.id));
        return reply
          .type(file.mime)
          .header('cache-control', 'private, no-store')
          .header('content-disposition', 'inline')
          .header('x-content-type-options', 'nosniff')
          .send(file.data);
      },
    );
  };
}
