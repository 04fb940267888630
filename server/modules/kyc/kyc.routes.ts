import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { KYC_MAX_BYTES, kycDocumentKind } from '../../../src/api/contract/kyc';
import { endpoints } from '../../../src/api/endpoints';
import { paths } from '../../../src/api/paths';
import { AppError } from '../../http/app-error';
import { defineRoute } from '../../http/route';
import type { KycService } from './kyc.service';

/** The member's identity: the facts a withdrawal needs, documents to upload, and their own data (LGPD). */
export function kycRoutes(deps: { kyc: KycService }) {
  return async (app: FastifyInstance) => {
    const { kyc } = deps;
    const real = { tags: ['kyc'], auth: 'real' as const };
    const strict = { max: 10, timeWindow: 60_000 };

    defineRoute(
      app,
      endpoints.memberKyc,
      { summary: "The member's identity (CPF masked), what is still needed, and their documents", ...real },
      ({ request }) => kyc.status(request.brand, request.member!.id),
    );
    defineRoute(
      app,
      endpoints.saveIdentity,
      {
        summary: 'Give the missing full name, date of birth (18 or older) and CPF; each is given once',
        ...real,
        rateLimit: strict,
      },
      ({ request, body }) => kyc.saveIdentity(request.brand, request.member!.id, body, request.lang),
    );
    defineRoute(
      app,
      endpoints.memberDataExport,
      {
        summary: 'Everything the site keeps about the member, as JSON (LGPD art. 18 II)',
        ...real,
        rateLimit: strict,
      },
      async ({ request, reply }) => {
        reply.header('cache-control', 'private, no-store');
        return kyc.exportData(request.brand, request.member!.id);
      },
    );
    await app.register(async (uploads) => {
      await uploads.register(multipart, {
        limits: { fileSize: KYC_MAX_BYTES, files: 2, fields: 2, fieldSize: 32 },
      });
      uploads.post(
        paths.uploadKycDocument.path,
        {
          config: { auth: 'real', rateLimit: strict },
          schema: {
            summary: 'Upload identity documents (multipart: kind, file; png, jpg or pdf, 5 MB each)',
            tags: ['kyc'],
            security: [{ bearer: [] }],
          },
        },
        async (request) => {
          let kind = '';
          const files: Buffer[] = [];
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              const data = await part.toBuffer();
              // The limit cut the file short: it is too large, whatever arrived.
              if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
              files.push(data);
            } else if (part.fieldname === 'kind') kind = String(part.value);
          }
          const parsed = kycDocumentKind.safeParse(kind);
          if (!parsed.success) throw new AppError('KYC_KIND_INVALID');
          const value = await kyc.upload(request.brand, request.member!.id, parsed.data, files);
          return { success: true, code: 'OK', message: 'OK', value };
        },
      );
    });
  };
}
