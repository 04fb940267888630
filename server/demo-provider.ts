import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';

/** Where browsers reach the demo provider (its game pages and its demo sign-in provider, /id). */
export function demoProviderPublicUrl(config: Pick<Config, 'HOST' | 'DEMO_PROVIDER_PORT'>) {
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  return process.env.DEMO_PROVIDER_PUBLIC_URL ?? `http://${shown}:${config.DEMO_PROVIDER_PORT}`;
}

/**
 * Starts the demo game provider (provider/main.ts) as its own process beside the demo site. It shares
 * nothing with the site but the secret it signs with and the two addresses: it reaches the site's wallet
 * API over HTTP like any provider. Its output goes to this terminal; if it stops, launches answer
 * GAME_UNAVAILABLE and nothing is charged.
 */
export function startDemoProvider(options: {
  port: number;
  publicUrl: string;
  operator: { code: string; walletUrl: string; secret: string };
  /** The site as a client of the demo sign-in provider "Aurora Demo ID" (provider/identity.ts). */
  identityClient?: { clientId: string; secret: string; redirectUris: string[] } | null;
  log: FastifyBaseLogger;
}): ChildProcess {
  const root = path.resolve(import.meta.dirname, '..');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'provider', 'main.ts')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    // Only what it needs: the provider is another company's server and never gets the site's secrets
    // (DATABASE_URL, MASTER_KEY...).
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      ...(process.env.PROVIDER_TIMING_SCALE
        ? { PROVIDER_TIMING_SCALE: process.env.PROVIDER_TIMING_SCALE }
        : {}),
      PROVIDER_PORT: String(options.port),
      PROVIDER_PUBLIC_URL: options.publicUrl,
      PROVIDER_OPERATORS: JSON.stringify([options.operator]),
      ...(options.identityClient ? { PROVIDER_ID_CLIENTS: JSON.stringify([options.identityClient]) } : {}),
    },
  });
  // Never outlive the site, even when it dies without a signal.
  process.on('exit', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => {
    if (signal !== 'SIGTERM') options.log.warn({ code, signal }, 'the demo game provider stopped');
  });
  return child;
}
