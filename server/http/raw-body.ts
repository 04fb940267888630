import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body exactly as it arrived, for routes whose callers sign it. */
    rawBody?: string;
  }
}

/** In this plugin's scope, keeps each JSON body's raw text beside the parsed one (for HMAC checks). */
export function keepRawJson(app: FastifyInstance) {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, (body as string).length > 0 ? JSON.parse(body as string) : {});
    } catch {
      done(new AppError('BAD_REQUEST'), undefined);
    }
  });
}
