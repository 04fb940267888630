import type { FastifyInstance } from 'fastify';
import type { Execution } from '../../../src/api/contract/content';
import { endpoints } from '../../../src/api/endpoints';
import { paths } from '../../../src/api/paths';
import { defineRoute } from '../../http/route';
import type { ContentService } from './content.service';

/** Spec 4.7: guests see popups of execution B; logged-in members A, and F on their first login. */
const GUEST_EXECUTIONS: Execution[] = ['B'];
const MEMBER_EXECUTIONS: Execution[] = ['A', 'F'];

export function contentRoutes(deps: { content: ContentService }) {
  return async (app: FastifyInstance) => {
    const { content } = deps;

    defineRoute(
      app,
      endpoints.announcements,
      { summary: 'Banners, notices, popups and promotions', tags: ['content'], auth: 'optional' },
      ({ request, query }) => {
        const allowed = request.member ? MEMBER_EXECUTIONS : GUEST_EXECUTIONS;
        const asked = query.execution ?? allowed;
        return content.announcementSet(request.brand, {
          types: query.types,
          executions: asked.filter((e) => allowed.includes(e)),
          bannerGroups: query.bannerGroup ?? null,
          lang: query.lang ?? request.lang,
        });
      },
    );

    defineRoute(
      app,
      endpoints.helpCenter,
      { summary: 'The help centre: help and legal pages in one language', tags: ['content'] },
      ({ request, query }) => content.helpCenter(request.brand, query.lang),
    );

    app.get<{ Params: { file: string } }>(
      paths.contentMedia.path,
      {
        config: { gate: 'open' },
        schema: {
          summary: 'A picture an operator uploaded for a banner or promotion, named by the hash of its bytes',
          tags: ['content'],
        },
      },
      async (request, reply) => {
        const image = await content.image(request.brand, request.params.file);
        // The name is the content: it never changes, so browsers and proxies keep it.
        return reply
          .type(image.mime)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(image.data);
      },
    );

    defineRoute(
      app,
      endpoints.liveModels,
      { summary: 'Live-room hosts and whether they are on air', tags: ['content'] },
      ({ request }) => content.liveModels(request.brand),
    );
  };
}
