/**
 * Runs the demo game provider on its own (`npm start` runs it beside the site). Configuration:
 *   PROVIDER_PORT        where it listens (7070)
 *   PROVIDER_PUBLIC_URL  the address players' browsers reach it at (http://localhost:<port>)
 *   PROVIDER_OPERATORS   JSON: [{ "code": "AURORA", "walletUrl": "http://127.0.0.1:3000", "secret": "…" }]
 *                        the operators it plays for: their merchant code, wallet API and shared secret
 *   PROVIDER_TIMING_SCALE  live tables' phases times this (1; the end-to-end tests run them faster)
 *   PROVIDER_ID_CLIENTS  JSON: [{ "clientId": "…", "secret": "…", "redirectUris": ["http://…/api/auth/oidc/callback"] }]
 *                        the sites the demo sign-in provider "Aurora Demo ID" (under /id) serves; none: off
 */
import { createIdentityProvider, type IdentityClient } from './identity';
import { createProvider, DEFAULT_TIMING } from './server';

const port = Number(process.env.PROVIDER_PORT ?? 7070);
const operators = JSON.parse(process.env.PROVIDER_OPERATORS ?? '[]') as {
  code: string;
  walletUrl: string;
  secret: string;
}[];
if (operators.length === 0) {
  console.error('demo provider: PROVIDER_OPERATORS names no operator; nothing to play for.');
  process.exit(1);
}
const scale = Math.min(10, Math.max(0.05, Number(process.env.PROVIDER_TIMING_SCALE ?? 1) || 1));
const timed = (t: { bettingMs: number; revealMs: number; resultMs: number }) => ({
  bettingMs: Math.round(t.bettingMs * scale),
  revealMs: Math.round(t.revealMs * scale),
  resultMs: Math.round(t.resultMs * scale),
});
const publicUrl = process.env.PROVIDER_PUBLIC_URL ?? `http://localhost:${port}`;
const identityClients = JSON.parse(process.env.PROVIDER_ID_CLIENTS ?? '[]') as IdentityClient[];
const identity =
  identityClients.length > 0
    ? await createIdentityProvider({ publicUrl, clients: identityClients })
    : undefined;
const provider = createProvider({
  publicUrl,
  ...(identity ? { identity } : {}),
  operators,
  timing: { baccarat: timed(DEFAULT_TIMING.baccarat), cockfight: timed(DEFAULT_TIMING.cockfight) },
  log: (message, detail) => console.warn(`demo provider: ${message}`, detail ?? ''),
});
await provider.listen(port, process.env.PROVIDER_HOST ?? '0.0.0.0');
console.log(`  Demo game provider at ${provider.url}`);

const stop = async () => {
  await provider.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
