import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The headers helmet sets for this site's policy; none of them depends on the request. */
function helmetHeaders(frameSources: string[]) {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // Launched games are vendors' own pages, shown in /seamless from wherever each vendor serves them.
        frameSrc: ["'self'", ...frameSources],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  let finished = false;
  apply({ method: 'GET', headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, () => {
    finished = true;
  });
  if (!finished) throw new Error('security headers: helmet did not finish synchronously');
  return Object.entries(headers);
}

/**
 * Security headers (helmet's) on every answer. They are worked out once at start: running helmet's
 * middleware chain on every request cost the wallet's hot path a few per cent of its time.
 */
export function securityHeaders(app: FastifyInstance, options: { frameSources?: string[] } = {}) {
  const headers = helmetHeaders(options.frameSources ?? ['https:']);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
