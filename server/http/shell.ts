import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
} from 'fastify-type-provider-zod';
import ipaddr from 'ipaddr.js';
import { TRIAL_TYPE } from '../../src/api/contract/accounts';
import type { Permission } from '../../src/api/contract/permissions';
import { endpoints } from '../../src/api/endpoints';
import { type ErrorCode, errorCatalogue } from '../../src/api/errors';
import { LANGUAGE_HEADER, LANGUAGES } from '../../src/api/languages';
import { describeDatabaseError, isTransientDatabaseError } from '../db/transient';
import { AppError } from '../http/app-error';
import { BodyCipher } from '../http/body-cipher';
import { bearerToken, pickLanguage } from '../http/context';
import { translate } from '../http/messages';
import { defineRoute } from '../http/route';
import { securityHeaders } from '../http/security-headers';
import { describeIssue, unsafeTextIssue } from '../http/validation';

import type { Services } from '../services';

export const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/api/'];
export const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

/** A loopback address (127.0.0.0/8, ::1, or IPv4 through IPv6): the browser runs on this machine. */
function isLoopback(ip: string) {
  try {
    return ipaddr.process(ip).range() === 'loopback';
  } catch {
    return false;
  }
}

/** An error answer in the envelope, in the caller's language. */
export const fail = (
  code: ErrorCode,
  lang: Parameters<typeof translate>[0],
  params = {},
  value: unknown = null,
) => ({
  success: false,
  code,
  message: translate(lang, errorCatalogue[code].key, params),
  value,
});

/**
 * The HTTP shell every route runs in: who the caller is and which brand they came to, the language,
 * maintenance and region gates, authentication and the route's declared permission, sealed bodies, the
 * plugins (cookies, rate limit, API docs, websockets) and the one error handler that answers the envelope.
 */
export async function installShell(app: FastifyInstance, s: Services) {
  const { config, demo, system, brands, backoffice, accounts, cipher } = s;
  app.decorateRequest('brand', null as never);
  app.decorateRequest('lang', 'pt');
  app.decorateRequest('visitor', null as never);
  app.decorateRequest('member', null);
  app.decorateRequest('claim', null);
  app.decorateRequest('operator', null);
  // Every route's declared access (auth and operator permission), as the permission tests read it.
  const routeAccess: FastifyInstance['routeAccess'] = [];
  app.decorate('routeAccess', routeAccess);
  app.addHook('onRoute', (route) => {
    const config = route.config as { auth?: string; permission?: Permission } | undefined;
    for (const method of [route.method].flat())
      routeAccess.push({ method, url: route.url, auth: config?.auth, permission: config?.permission });
  });

  await app.register(cookie);
  // Production frames vendors' games over https only; the demo's provider runs on plain http locally.
  securityHeaders(app, { frameSources: demo ? ['https:', 'http:'] : ['https:'] });
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    allowList: (request) => !isApiPath(request.url),
    // Some transports (an in-process socket) carry no peer address; they share one bucket.
    keyGenerator: (request) => request.visitor?.ip ?? request.ip ?? 'unknown',
    errorResponseBuilder: (_request, context) => {
      const err = new AppError('RATE_LIMITED', { seconds: Math.ceil(context.ttl / 1000) });
      (err as unknown as { statusCode: number }).statusCode = 429;
      return err;
    },
  });

  await app.register(swagger, {
    openapi: {
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      info: {
        title: 'Betting site API',
        description: 'Every JSON answer is the envelope { success, code, message, value }.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(websocket, { options: { maxPayload: 4096 } });

  // Who the caller is and which brand they came to, before any route runs.
  app.addHook('onRequest', async (request) => {
    const host = (request.hostname ?? '').split(':')[0]!.toLowerCase();
    request.lang = 'pt';
    // A forwarded address that is not an address (a misconfigured or bypassed proxy) never reaches the
    // database: the visitor is then the peer itself.
    const ip = ipaddr.isValid(request.ip) ? request.ip : (request.socket?.remoteAddress ?? '0.0.0.0');
    request.visitor = system.visitor(ip);
    let unknownHost: AppError | null = null;
    try {
      request.brand = await brands.resolve(host, { local: isLoopback(ip) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      unknownHost = error;
    }
    const query = request.query as Record<string, unknown> | undefined;
    const asked = [query?.lang, query?.language].filter((v): v is string => typeof v === 'string');
    const pageLanguage = request.headers[LANGUAGE_HEADER];
    request.lang = pickLanguage(
      request.brand ?? { supportedLanguages: [...LANGUAGES], defaultLanguage: 'pt' },
      [...asked, typeof pageLanguage === 'string' ? pageLanguage : undefined, request.cookies.lang],
      request.headers['accept-language'],
    );
    // A host no brand owns (spec 8, "Bad domain"): the API answers the domain error; the page itself
    // still loads, so the visitor reads that error in their language on the site's failure screen.
    if (unknownHost && isApiPath(request.url)) throw unknownHost;
  });

  // Maintenance and region rules close the API; the few 'open' routes tell the client which screen to show.
  app.addHook('preValidation', async (request) => {
    if (!isApiPath(request.url) || request.routeOptions.config.gate === 'open') return;
    const status = await system.status(request.brand, request.visitor);
    if (status === 1) throw new AppError('MAINTENANCE');
    if (status === 2) throw new AppError('REGION_BLOCKED', { ip: request.visitor.ip });
  });

  app.addHook('preValidation', async (request) => {
    const auth = request.routeOptions.config.auth;
    if (!auth) return;
    const token = bearerToken(request.headers.authorization);
    if (auth === 'operator') {
      request.operator = await backoffice.authenticate(request.brand, token);
      // The route's declared permission, before anything of the handler runs.
      const needed = request.routeOptions.config.permission;
      if (needed && !request.operator.permissions.includes(needed)) throw new AppError('ROLE_FORBIDDEN');
    } else if (auth === 'member') request.member = await accounts.authenticate(request.brand, token);
    else if (auth === 'real') {
      // The one home of the trial-account rule: a trial plays with trial money and does nothing else.
      request.member = await accounts.authenticate(request.brand, token);
      if (request.member.userType === TRIAL_TYPE) throw new AppError('REAL_ACCOUNT_REQUIRED');
    } else if (auth === 'claim') request.claim = await accounts.claim(request.brand, token);
    else if (auth === 'password-change') {
      request.member = await accounts.authenticate(request.brand, token, { passwordChange: true });
    } else if (token) {
      // A dead or foreign token makes the caller a guest; a database failure is still a failure.
      request.member = await accounts.authenticate(request.brand, token).catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
    }
  });

  // Sealed bodies are opened here, so validation and handlers see the plain body.
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config.enc) return;
    if (BodyCipher.isSealed(request.body)) request.body = cipher.open(request.body.enc);
    else if (config.ENCRYPTED_BODIES === 'required') throw new AppError('ENCRYPTION_REQUIRED');
  });

  // Every string of every request, once, before any schema: no NUL, no unpaired surrogate.
  app.addHook('preValidation', async (request) => {
    const issue = unsafeTextIssue(request.lang, request);
    if (issue) throw new AppError('VALIDATION_FAILED', {}, { issues: [issue] });
  });

  defineRoute(
    app,
    endpoints.publicKey,
    { summary: 'The public key that seals the bodies of enc routes', tags: ['system'], gate: 'open' },
    () => cipher.info,
  );

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = request.lang ?? 'pt';
    if (error instanceof AppError) {
      if (error.code === 'RATE_LIMITED') reply.header('retry-after', String(error.params.seconds ?? 60));
      if (error.code === 'TRY_AGAIN') reply.header('retry-after', '1');
      return reply.code(error.status).send(fail(error.code, lang, error.params, error.value));
    }
    // A lost connection, a lock or statement timeout, a deadlock, wherever it happened: the same request
    // may be sent again (money moves once per request id). Logged without the statement or its values.
    if (isTransientDatabaseError(error)) {
      request.log.warn({ database: describeDatabaseError(error) }, 'transient database failure');
      return reply.code(503).header('retry-after', '1').send(fail('TRY_AGAIN', lang));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => describeIssue(lang, error.validationContext, v));
      return reply.code(422).send(fail('VALIDATION_FAILED', lang, {}, { issues }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send(fail('INTERNAL', lang));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send(fail('PAYLOAD_TOO_LARGE', lang));
    if (status === 415) return reply.code(415).send(fail('UNSUPPORTED_MEDIA_TYPE', lang));
    if (status === 429) return reply.code(429).send(fail('RATE_LIMITED', lang, { seconds: 60 }));
    if (status >= 400 && status < 500) return reply.code(400).send(fail('BAD_REQUEST', lang));
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(fail('INTERNAL', lang));
  });
}
