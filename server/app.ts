import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { errorSerializer, requestSerializer } from './http/log-redaction';
import { fail, installShell, isApiPath } from './http/shell';
import { startJobs } from './jobs/start';
import { registerRoutes } from './routes';
import { buildServices, type ServiceDeps } from './services';

export interface AppDeps extends Omit<ServiceDeps, 'log'> {
  /** Run the job queue's workers and schedules in this app (the server does; most tests do not). */
  jobs?: boolean;
}

/**
 * The server: the services container (server/services.ts), the HTTP shell (server/http/shell.ts), every
 * module's routes (server/routes.ts), the jobs when asked (server/jobs/start.ts), and the built site.
 */
export async function buildApp({ jobs = false, ...deps }: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: { req: requestSerializer, err: errorSerializer },
            ...(config.NODE_ENV === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
          },
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : typeof config.TRUST_PROXY === 'string'
          ? config.TRUST_PROXY.split(',').map((p) => p.trim())
          : false,
    bodyLimit: 1024 * 1024,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const s = await buildServices({ ...deps, log: app.log });
  // What tests step by hand: the jobs' work, the crash rounds, the lottery draws.
  app.decorate('trials', s.trials);
  app.decorate('crash', s.crash);
  app.decorate('lottery', s.lottery);
  app.decorate('sports', s.sports);
  app.decorate('sportsFeed', s.sportsFeed);
  app.decorate('sportsSettlement', s.sportsSettlement);
  app.decorate('agents', s.agents);
  app.decorate('settlement', s.settlement);
  app.decorate('reports', s.reports);
  app.decorate('risk', s.risk);
  app.decorate('promotions', s.promotions);
  app.decorate('payments', s.payments);

  await installShell(app, s);
  await registerRoutes(app, s);
  app.addHook('onClose', () => s.events.close());
  if (jobs && config.JOBS === 'true') await startJobs(app, s);

  const indexFile = path.join(config.staticDir, 'index.html');
  const hasSpa = existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files (vite.config.ts): sent when accepted.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed build assets never change; the shell must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (filePath === indexFile) {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || request.method !== 'GET' || !hasSpa) {
      return reply.code(404).send(fail('NOT_FOUND', request.lang ?? 'pt'));
    }
    // Client-side routes: the SPA decides what to show, including its own 404 page.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
