import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import Provider from 'oidc-provider';

/** Who the next sign-in at the test provider is, or that the person declines. */
export interface TestUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  phone_number?: string;
  phone_number_verified?: boolean;
}

/**
 * A real, certified OpenID Connect provider (oidc-provider, panva) on 127.0.0.1 for the server tests:
 * one confidential client, PKCE required, and interactions answered by the test (`next`: a user who
 * signs in and consents, or `deny` for a person who declines). Never a live provider.
 */
export async function startTestProvider(client: {
  clientId: string;
  secret: string;
  redirectUris: string[];
}) {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const key: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const users = new Map<string, TestUser>();
  const state: { next: TestUser | 'deny' | 'error' } = { next: { sub: 'nobody' } };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.secret,
        redirect_uris: client.redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [key] },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      phone: ['phone_number', 'phone_number_verified'],
    },
    // As Google does: the profile and email claims are in the ID token itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, id: string) => {
      const user = users.get(id);
      return user && { accountId: id, claims: async () => ({ ...user }) };
    },
  });

  const oidcHandler = provider.callback();
  handler = (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return oidcHandler(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const next = state.next;
      if (next === 'deny' || next === 'error') {
        const error = next === 'deny' ? 'access_denied' : 'temporarily_unavailable';
        await provider.interactionFinished(req, res, { error, error_description: 'declined in a test' });
        return;
      }
      users.set(next.sub, next);
      const grant = new provider.Grant({ accountId: next.sub, clientId: details.params.client_id! });
      grant.addOIDCScope(details.params.scope!);
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: next.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  };

  return {
    issuer,
    /** The next person at the provider's page. */
    set next(value: TestUser | 'deny' | 'error') {
      state.next = value;
    },
    /**
     * The same ID token with some claims changed, signed again with the provider's own key: what a token
     * meant for another client, or from another issuer, looks like.
     */
    async resign(idToken: string, changes: Record<string, unknown>) {
      const claims = { ...decodeJwt(idToken), ...changes };
      const signer = await import('jose').then((jose) => jose.importJWK(key, 'RS256'));
      return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(signer);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A browser walking the provider's pages: follows redirects by hand with its own cookies for the
 * provider, until the provider sends it to `until` (the site's callback); answers that address.
 */
export async function walkProvider(start: string, until: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hops = 0; hops < 12; hops++) {
    if (url.startsWith(until)) return url;
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`walkProvider: ${res.status} at ${url}: ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('walkProvider: too many redirects');
}
