import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sectionKey } from '../../../src/api/contract/common';
import {
  avatar,
  bannerArt,
  gameTile,
  MEMBER_ICON_COUNT,
  memberIcon,
  promoArt,
  VENDOR_VARIANTS,
  vendorBadge,
} from './art';

const params = z.object({
  kind: z.enum(['vendor', 'game', 'banner', 'promo', 'avatar', 'icon']),
  name: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}\.svg$/)
    .transform((n) => n.slice(0, -4)),
});

/** `CATEGORY-slug` picks the motif; anything else falls back to the in-house one. */
function split(name: string): [string, string] {
  const [head, ...rest] = name.split('-');
  const category = sectionKey.safeParse(head).success ? head! : 'INHOUSE';
  return [category, rest.length > 0 ? rest.join('-') : name];
}

/** Original artwork drawn from code, so the demo brand ships no copied images. */
export function artRoutes() {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/art/:kind/:name',
      {
        schema: {
          hide: true,
          params,
          querystring: z
            .object({
              variant: z.enum(VENDOR_VARIANTS).default('default'),
              /** The vendor's name, drawn instead of its code. */
              label: z.string().max(40).optional(),
            })
            .passthrough(),
        },
        config: { gate: 'open' },
      },
      async (request, reply) => {
        const { kind, name } = request.params;
        if (kind === 'icon') {
          const n = Number(name);
          if (!Number.isInteger(n) || n < 1 || n > MEMBER_ICON_COUNT) return reply.callNotFound();
          return reply
            .type('image/svg+xml')
            .header('cache-control', 'public, max-age=604800')
            .send(memberIcon(n));
        }
        const [category, slug] = split(name);
        const svg =
          kind === 'vendor'
            ? vendorBadge(name, request.query.variant, request.query.label)
            : kind === 'game'
              ? gameTile(category, slug)
              : kind === 'banner'
                ? bannerArt(slug, category)
                : kind === 'promo'
                  ? promoArt(slug, category)
                  : avatar(name);
        return reply.type('image/svg+xml').header('cache-control', 'public, max-age=604800').send(svg);
      },
    );
  };
}
