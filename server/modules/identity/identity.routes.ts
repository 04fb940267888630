import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oidcCallbackQuery, oidcStartQuery, PHONE_ERROR_PARAM } from '../../../src/api/contract/identity';
import { endpoints } from '../../../src/api/endpoints';
import { paths } from '../../../src/api/paths';
import { defineRoute } from '../../http/route';
import {
  type Caller,
  COMPLETION_TTL_MS,
  type IdentityService,
  PHONE_VERIFIED_PATH,
  SIGN_IN_TTL_MS,
  SignInFailure,
  withMarker,
} from './identity.service';

/** The browser's key for its sign-ins (login CSRF): HttpOnly, sent only to the sign-in routes. */
const BROWSER_COOKIE = 'oidc_browser';
/** The single-use code the page trades for its session: HttpOnly, a minute, never in the address. */
const COMPLETION_COOKIE = 'oidc_done';
const COOKIE_PATH = '/api/auth/oidc';
const KEY = /^[A-Za-z0-9_-]{20,100}$/;
const wellFormed = (value: string | undefined) =>
  value !== undefined && KEY.test(value) ? value : undefined;

/** The site's address as the browser sees it (behind a proxy: its forwarded host and scheme). */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

const callerOf = (request: FastifyRequest): Caller => ({
  ip: request.visitor.ip,
  userAgent: request.headers['user-agent'],
  lang: request.lang,
});

export function identityRoutes(deps: { identity: IdentityService; secureCookies: boolean }) {
  return async (app: FastifyInstance) => {
    const { identity } = deps;
    const cookie = (request: FastifyRequest, maxAgeMs: number) => ({
      path: COOKIE_PATH,
      httpOnly: true,
      // Lax: sent on the provider's top-level redirect back to the callback, never on another site's POST.
      sameSite: 'lax' as const,
      secure: deps.secureCookies || request.protocol === 'https',
      maxAge: Math.floor(maxAgeMs / 1000),
    });
    const failed = (reply: FastifyReply, error: unknown) => {
      if (!(error instanceof SignInFailure)) throw error;
      reply.header('cache-control', 'no-store');
      // A phone verification's popup reads its own parameter: the session never takes it for a sign-in.
      if (error.purpose === 'phone')
        return reply.redirect(`${PHONE_VERIFIED_PATH}?${PHONE_ERROR_PARAM}=${error.code}`, 303);
      return reply.redirect(withMarker(error.returnTo, error.code), 303);
    };

    app.withTypeProvider<ZodTypeProvider>().route({
      method: 'GET',
      url: paths.oidcStart.path,
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: "Third-party sign-in: redirects to the brand's provider (PKCE S256, state, nonce)",
        description:
          'A browser navigation, not a JSON call: answers 303 to the provider, or back to `returnTo` with ' +
          '`signin_error=<code>`. Binds the sign-in to this browser with an HttpOnly cookie.',
        tags: ['accounts'],
        params: z.object({ provider: z.string().max(64) }),
        querystring: oidcStartQuery,
      },
      handler: async (request, reply) => {
        try {
          const started = await identity.start(
            request.brand,
            request.params.provider,
            { origin: originOf(request), lang: request.lang, ...request.query },
            wellFormed(request.cookies[BROWSER_COOKIE]),
          );
          reply.setCookie(BROWSER_COOKIE, started.browserKey, cookie(request, SIGN_IN_TTL_MS));
          reply.header('cache-control', 'no-store');
          return reply.redirect(started.url, 303);
        } catch (error) {
          return failed(reply, error);
        }
      },
    });

    app.withTypeProvider<ZodTypeProvider>().route({
      method: 'GET',
      url: paths.oidcCallback.path,
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: "Third-party sign-in: the provider's answer (the redirect URI to register at the provider)",
        description:
          'Checks the state against this browser, exchanges the code and validates the ID token, then ' +
          'answers 303 to the page the sign-in started from with `signin=external` (the session waits in ' +
          'an HttpOnly cookie for POST /api/auth/oidc/complete), or with `signin_error=<code>`.',
        tags: ['accounts'],
        querystring: oidcCallbackQuery,
      },
      handler: async (request, reply) => {
        try {
          const done = await identity.callback(
            request.brand,
            request.query,
            wellFormed(request.cookies[BROWSER_COOKIE]),
            callerOf(request),
          );
          reply.setCookie(COMPLETION_COOKIE, done.completion, cookie(request, COMPLETION_TTL_MS));
          reply.header('cache-control', 'no-store');
          return reply.redirect(
            done.purpose === 'phone' ? PHONE_VERIFIED_PATH : withMarker(done.returnTo),
            303,
          );
        } catch (error) {
          return failed(reply, error);
        }
      },
    });

    defineRoute(
      app,
      endpoints.oidcComplete,
      {
        summary: 'Third-party sign-in: the session of the sign-in that just came back (its cookie, once)',
        tags: ['accounts'],
        rateLimit: { max: 30, timeWindow: 60_000 },
      },
      async ({ request, reply }) => {
        const completion = wellFormed(request.cookies[COMPLETION_COOKIE]);
        reply.clearCookie(COMPLETION_COOKIE, { path: COOKIE_PATH });
        return identity.complete(request.brand, completion, callerOf(request));
      },
    );

    defineRoute(
      app,
      endpoints.oidcPhoneProof,
      {
        // Called by the verification popup (its cookie, once, within a minute); the registration sends
        // the proof as `firebaseIdToken` with `firebaseChannel: "sms"` within ten minutes.
        summary: "Phone verification: the number the brand's provider verified, and its single-use proof",
        tags: ['accounts'],
        rateLimit: { max: 30, timeWindow: 60_000 },
      },
      async ({ request, reply }) => {
        const completion = wellFormed(request.cookies[COMPLETION_COOKIE]);
        reply.clearCookie(COMPLETION_COOKIE, { path: COOKIE_PATH });
        reply.header('cache-control', 'no-store');
        return identity.phoneProof(request.brand, completion);
      },
    );
  };
}
