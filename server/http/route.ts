import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Permission } from '../../src/api/contract/permissions';
import { envelope } from '../../src/api/envelope';

interface EndpointDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: z.ZodType;
  body?: z.ZodType;
  value: z.ZodType;
  enc?: boolean;
}

type Input<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteOptions {
  summary: string;
  tags: string[];
  gate?: 'open';
  auth?: 'member' | 'real' | 'optional' | 'operator' | 'claim' | 'password-change';
  /** With `auth: 'operator'`: what the operator's role must allow (server/http/context.ts). */
  permission?: Permission;
  /**
   * Per-address limit for this route, tighter than the global one (login, captcha, sms); false for
   * callers that sign every request and send thousands a second (the game-vendor wallet API).
   */
  rateLimit?: { max: number; timeWindow: number } | false;
}

export function ok<T>(value: T) {
  return { success: true, code: 'OK', message: 'OK', value };
}

/**
 * Registers one endpoint of the wire contract: validation from its schemas, the envelope around its
 * answer, and its OpenAPI description, so handlers deal only in values.
 */
export function defineRoute<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions,
  handler: (input: {
    query: Input<E['query']>;
    body: Input<E['body']>;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<z.input<E['value']>> | z.input<E['value']>,
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      ...(options.gate ? { gate: options.gate } : {}),
      ...(options.auth ? { auth: options.auth } : {}),
      ...(options.permission ? { permission: options.permission } : {}),
      ...(options.rateLimit !== undefined ? { rateLimit: options.rateLimit } : {}),
      ...(endpoint.enc ? { enc: true } : {}),
    },
    schema: {
      summary: options.summary,
      ...(endpoint.enc
        ? {
            description:
              'The body below travels sealed: send `{ "enc": { v: 1, kid, key, iv, data } }` where `data` is ' +
              'AES-256-GCM over `{ "ts": <ms>, "body": <this body> }` and `key` is that AES key wrapped with ' +
              'RSA-OAEP-256 under the key from GET /api/crypto/public-key.',
          }
        : {}),
      tags: options.tags,
      ...(options.auth && options.auth !== 'optional' ? { security: [{ bearer: [] }] } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: envelope(endpoint.value) },
    },
    handler: async (request, reply) => {
      const value = await handler({
        query: request.query as Input<E['query']>,
        body: request.body as Input<E['body']>,
        request,
        reply,
      });
      return ok(value);
    },
  });
}
