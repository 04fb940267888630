import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { CONTENT_IMAGE_MAX_BYTES } from '../../../src/api/contract/content-admin';
import { endpoints } from '../../../src/api/endpoints';
import { paths } from '../../../src/api/paths';
import { AppError } from '../../http/app-error';
import { defineRoute } from '../../http/route';
import { operatorContext } from '../backoffice/operator-context';
import type { ContentAdmin } from './content-admin.service';

/** The back office's content pages: banners, announcements, help and legal pages, and their pictures. */
export function contentAdminRoutes(deps: { contentAdmin: ContentAdmin }) {
  return async (app: FastifyInstance) => {
    const { contentAdmin } = deps;
    const ctx = operatorContext;
    const operator = {
      tags: ['back office'],
      auth: 'operator' as const,
      gate: 'open' as const,
      permission: 'content.manage' as const,
    };

    defineRoute(
      app,
      endpoints.adminBanners,
      { summary: 'Banners by group, with how each stands by the server clock', ...operator },
      ({ request, query }) => contentAdmin.banners(ctx(request), query),
    );
    defineRoute(
      app,
      endpoints.saveBanner,
      { summary: 'Create a banner (no id) or change one: picture, texts, link, schedule', ...operator },
      ({ request, body }) => contentAdmin.saveBanner(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.setBannerState,
      { summary: 'Switch a banner on or off, archive it or restore it', ...operator },
      ({ request, body }) => contentAdmin.setBannerState(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.orderBanners,
      { summary: "A banner group's new order", ...operator },
      ({ request, body }) => contentAdmin.orderBanners(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.adminAnnouncements,
      { summary: 'Notices, popups, promotions and agent notices', ...operator },
      ({ request, query }) => contentAdmin.announcements(ctx(request), query),
    );
    defineRoute(
      app,
      endpoints.saveAnnouncement,
      { summary: 'Create or change an announcement (its HTML sanitized)', ...operator },
      ({ request, body }) => contentAdmin.saveAnnouncement(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.setAnnouncementState,
      { summary: 'Switch an announcement on or off, archive it or restore it', ...operator },
      ({ request, body }) => contentAdmin.setAnnouncementState(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.orderAnnouncements,
      { summary: 'The new order of one kind of announcement', ...operator },
      ({ request, body }) => contentAdmin.orderAnnouncements(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.adminPages,
      { summary: 'The help and legal pages', ...operator },
      ({ request, query }) => contentAdmin.pages(ctx(request), query),
    );
    defineRoute(
      app,
      endpoints.savePage,
      { summary: 'Create or change a help or legal page (its HTML sanitized)', ...operator },
      ({ request, body }) => contentAdmin.savePage(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.setPageState,
      { summary: 'Switch a page on or off, archive it or restore it', ...operator },
      ({ request, body }) => contentAdmin.setPageState(ctx(request), body),
    );
    defineRoute(
      app,
      endpoints.orderPages,
      { summary: "The help centre's new order", ...operator },
      ({ request, body }) => contentAdmin.orderPages(ctx(request), body),
    );
    await app.register(async (uploads) => {
      await uploads.register(multipart, {
        limits: { fileSize: CONTENT_IMAGE_MAX_BYTES, files: 2, fields: 1, fieldSize: 32 },
      });
      uploads.post(
        paths.uploadContentImage.path,
        {
          config: {
            auth: 'operator',
            gate: 'open',
            permission: 'content.manage',
            rateLimit: { max: 30, timeWindow: 60_000 },
          },
          schema: {
            summary: 'Upload a picture for a banner or promotion (multipart: file; png, jpg or webp, 2 MB)',
            tags: ['back office'],
            security: [{ bearer: [] }],
          },
        },
        async (request) => {
          const files: Buffer[] = [];
          for await (const part of request.parts()) {
            if (part.type !== 'file') continue;
            const data = await part.toBuffer().catch((error: { code?: string }) => {
              throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? new AppError('CONTENT_IMAGE_TOO_LARGE') : error;
            });
            // The limit cut the file short: it is too large, whatever arrived.
            if (part.file.truncated) throw new AppError('CONTENT_IMAGE_TOO_LARGE');
            files.push(data);
          }
          const value = await contentAdmin.uploadImage(ctx(request), files);
          return { success: true, code: 'OK', message: 'OK', value };
        },
      );
    });
  };
}
