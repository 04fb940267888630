import type { FastifyInstance } from 'fastify';
import type { Execution } from '../../../src/api/contract/content';
import { endpoints } from '../../../src/api/endpoints';
import { defineRoute } from '../../http/route';
import type { ContentService } from './content.service';

// Sessions arrive with the account issue; until then every caller is a guest, and guests see only
// popups of execution B whatever they ask for.
const GUEST_EXECUTIONS: Execution[] = ['B'];

export function contentRoutes(deps: { content: ContentService }) {
  return async (app: FastifyInstance) => {
    const { content } = deps;

    defineRoute(
      app,
      endpoints.announcements,
      { summary: 'Banners, notices, popups and promotions', tags: ['content'] },
      ({ request, query }) => {
        const asked = query.execution ?? GUEST_EXECUTIONS;
        return content.announcementSet(request.brand, {
          types: query.types,
          executions: asked.filter((e) => GUEST_EXECUTIONS.includes(e)),
          bannerGroups: query.bannerGroup ?? null,
          lang: query.lang ?? request.lang,
        });
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
