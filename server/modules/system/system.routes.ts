import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { qrQuery } from '../../../src/api/contract/system';
import { endpoints } from '../../../src/api/endpoints';
import { defineRoute } from '../../http/route';
import type { BrandService } from '../brand/brand.service';
import type { SystemService } from './system.service';

const ONE_YEAR_S = 365 * 24 * 3600;

export function systemRoutes(deps: { system: SystemService; brands: BrandService; secureCookies: boolean }) {
  return async (app: FastifyInstance) => {
    const { system, brands } = deps;

    defineRoute(
      app,
      endpoints.systemStatus,
      {
        summary: 'System status: 0 normal, 1 maintenance, 2 region restricted',
        tags: ['system'],
        gate: 'open',
      },
      async ({ request }) => {
        const status = await system.status(request.brand, request.visitor);
        return {
          status,
          ip: request.visitor.ip,
          message: status === 1 ? system.maintenanceMessage(request.brand, request.lang) : null,
          until: status === 1 ? system.maintenanceUntil(request.brand) : null,
        };
      },
    );

    defineRoute(
      app,
      endpoints.whitelabel,
      {
        summary: 'Brand configuration, site options and the caller location',
        tags: ['system'],
        gate: 'open',
      },
      ({ request }) => system.whitelabel(request.brand, request.visitor, request.lang),
    );

    defineRoute(
      app,
      endpoints.domainRoute,
      { summary: 'The brand domains and what each is for', tags: ['system'], gate: 'open' },
      ({ request }) => brands.domains(request.brand.id),
    );

    defineRoute(
      app,
      endpoints.setLanguage,
      { summary: 'Remember the visitor language for server messages', tags: ['system'], gate: 'open' },
      ({ request, body, reply }) => {
        reply.setCookie('lang', body.language, {
          path: '/',
          maxAge: ONE_YEAR_S,
          sameSite: 'lax',
          httpOnly: true,
          secure: deps.secureCookies || request.protocol === 'https',
        });
        return { language: body.language };
      },
    );

    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/qr.svg',
      {
        schema: {
          summary: 'A QR code (SVG) for an app-download link',
          tags: ['system'],
          querystring: qrQuery,
        },
        config: { gate: 'open' },
      },
      async (request, reply) => {
        const { text } = request.query;
        const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
        return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
      },
    );
  };
}
