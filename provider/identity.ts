/**
 * "Aurora Demo ID": a demo sign-in provider (OpenID Connect, authorization code with PKCE S256) served by
 * the demo provider process, so the demo's "Entrar com Aurora Demo ID" button works on a laptop without
 * any real account. A visitor types a display name and approves; the same name is the same person again.
 * Demo only: the site starts this process in demo mode, and a production site refuses plain-http issuers.
 *
 * It speaks the standard protocol (discovery, authorize, token, JWKS) and checks what a real provider
 * checks: the client and its exact redirect URI, its secret, PKCE S256, single-use codes that expire in a
 * minute; ID tokens are RS256 with the nonce the site sent.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

export interface IdentityClient {
  clientId: string;
  secret: string;
  redirectUris: string[];
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | undefined;
  sub: string;
  name: string;
  /** With the `phone` scope: the number typed, E.164, given as verified (no SMS in the demo). */
  phone?: string;
  expires: number;
}

const TEXT = {
  pt: {
    title: 'Aurora Demo ID',
    banner: 'Provedor de login de DEMONSTRAÇÃO: nenhuma conta real, nenhuma senha.',
    asks: '{{site}} quer saber quem você é.',
    name: 'Seu nome de exibição',
    approve: 'Aprovar e entrar',
    cancel: 'Cancelar',
    note: 'O mesmo nome entra na mesma conta de demonstração.',
    bad: 'Pedido de login inválido.',
    phoneAsks: '{{site}} quer confirmar o seu número de celular.',
    phone: 'Seu celular, com o código do país',
    phoneApprove: 'Confirmar número',
    phoneNote: 'Demonstração: nenhum SMS é enviado e o número digitado é dado como verificado.',
  },
  en: {
    title: 'Aurora Demo ID',
    banner: 'DEMO sign-in provider: no real account, no password.',
    asks: '{{site}} wants to know who you are.',
    name: 'Your display name',
    approve: 'Approve and sign in',
    cancel: 'Cancel',
    note: 'The same name signs in to the same demo account.',
    bad: 'Invalid sign-in request.',
    phoneAsks: '{{site}} wants to confirm your mobile number.',
    phone: 'Your mobile number, with the country code',
    phoneApprove: 'Confirm number',
    phoneNote: 'Demo: no SMS is sent, and the number typed is given as verified.',
  },
};

const HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; base-uri 'none'; frame-ancestors 'none'",
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The demo identity provider under `<publicUrl>/id`: handles requests whose path starts with /id/. */
export async function createIdentityProvider(options: { publicUrl: string; clients: IdentityClient[] }) {
  const issuer = `${options.publicUrl.replace(/\/+$/, '')}/id`;
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = randomBytes(8).toString('hex');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();
  const clientOf = (id: string | null) => options.clients.find((c) => c.clientId === id);

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...HEADERS });
    res.end(JSON.stringify(body));
  };
  const html = (res: ServerResponse, status: number, lang: 'pt' | 'en', body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...HEADERS });
    res.end(`<!doctype html><html lang="${lang === 'en' ? 'en' : 'pt-BR'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${TEXT[lang].title}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:linear-gradient(135deg,#312e81,#0e7490);font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a}
main{box-sizing:border-box;background:#fff;border-radius:18px;padding:28px 24px;width:min(400px,92vw);box-shadow:0 24px 60px rgba(0,0,0,.35)}
h1{margin:0 0 6px;font-size:22px;color:#3730a3}.demo{background:#fef3c7;color:#78350f;border-radius:8px;padding:8px 10px;font-size:13px;font-weight:600;margin:0 0 16px}
label{display:grid;gap:6px;font-weight:600;font-size:14px}input{font:inherit;padding:12px;border:1px solid #94a3b8;border-radius:10px}
.row{display:grid;gap:10px;margin-top:18px}button{font:inherit;font-weight:700;border:0;border-radius:12px;padding:13px;cursor:pointer}
.ok{background:#3730a3;color:#fff}.no{background:#e2e8f0;color:#0f172a}.note{color:#475569;font-size:13px;margin:12px 0 0}
</style></head><body><main><h1>${TEXT[lang].title}</h1><p class="demo" role="note">${TEXT[lang].banner}</p>${body}</main></body></html>`);
  };

  /** The authorization request, checked as a real provider does: known client, exact redirect URI, S256. */
  function authorizationRequest(params: URLSearchParams) {
    const client = clientOf(params.get('client_id'));
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!client?.redirectUris.includes(redirectUri)) return { error: 'bad' as const };
    const back = (query: Record<string, string>) => {
      const url = new URL(redirectUri);
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
      const state = params.get('state');
      if (state) url.searchParams.set('state', state);
      url.searchParams.set('iss', issuer);
      return url.href;
    };
    const challenge = params.get('code_challenge') ?? '';
    if (
      params.get('response_type') !== 'code' ||
      !(params.get('scope') ?? '').split(' ').includes('openid') ||
      params.get('code_challenge_method') !== 'S256' ||
      !/^[\w-]{43}$/.test(challenge)
    ) {
      return { redirect: back({ error: 'invalid_request' }) };
    }
    return { client, redirectUri, challenge, back };
  }

  async function authorize(req: IncomingMessage, res: ServerResponse, url: URL) {
    const params = req.method === 'POST' ? await readForm(req) : url.searchParams;
    const lang = (params.get('ui_locales') ?? '').startsWith('en') ? 'en' : 'pt';
    const t = TEXT[lang];
    const request = authorizationRequest(params);
    if ('error' in request) return html(res, 400, lang, `<p>${t.bad}</p>`);
    if ('redirect' in request) {
      res.writeHead(303, { location: request.redirect, ...HEADERS });
      return res.end();
    }
    const phoneScope = (params.get('scope') ?? '').split(' ').includes('phone');
    if (req.method === 'GET') {
      const hidden = [...params]
        .filter(([k]) => k !== 'decision' && k !== 'name' && k !== 'phone')
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join('');
      const site = new URL(request.redirectUri).host;
      if (phoneScope) {
        return html(
          res,
          200,
          lang,
          `<p>${escapeHtml(t.phoneAsks.replace('{{site}}', site))}</p>
<form method="post" action="${escapeHtml(`${issuer}/authorize`)}">${hidden}
<label>${t.phone}<input name="phone" type="tel" required maxlength="24" value="+55 " autocomplete="tel" autofocus></label>
<div class="row"><button class="ok" name="decision" value="approve">${t.phoneApprove}</button>
<button class="no" name="decision" value="cancel" formnovalidate>${t.cancel}</button></div></form>
<p class="note">${t.phoneNote}</p>`,
        );
      }
      return html(
        res,
        200,
        lang,
        `<p>${escapeHtml(t.asks.replace('{{site}}', site))}</p>
<form method="post" action="${escapeHtml(`${issuer}/authorize`)}">${hidden}
<label>${t.name}<input name="name" required maxlength="32" autocomplete="nickname" autofocus></label>
<div class="row"><button class="ok" name="decision" value="approve">${t.approve}</button>
<button class="no" name="decision" value="cancel" formnovalidate>${t.cancel}</button></div></form>
<p class="note">${t.note}</p>`,
      );
    }
    const digits = (params.get('phone') ?? '').replace(/\D/g, '');
    const phone = phoneScope && /^\d{8,18}$/.test(digits) ? `+${digits}` : undefined;
    const name = phone ?? (params.get('name') ?? '').trim().slice(0, 32);
    if (params.get('decision') !== 'approve' || !name || (phoneScope && !phone)) {
      res.writeHead(303, { location: request.back({ error: 'access_denied' }), ...HEADERS });
      return res.end();
    }
    const code = randomBytes(32).toString('base64url');
    codes.set(code, {
      clientId: request.client.clientId,
      redirectUri: request.redirectUri,
      challenge: request.challenge,
      nonce: params.get('nonce') ?? undefined,
      sub: `demo-${createHash('sha256').update(name.toLowerCase()).digest('hex').slice(0, 20)}`,
      name,
      ...(phone ? { phone } : {}),
      expires: Date.now() + 60_000,
    });
    res.writeHead(303, { location: request.back({ code }), ...HEADERS });
    return res.end();
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req);
    let clientId = form.get('client_id');
    let secret = form.get('client_secret');
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (basic) {
      const [id, pass] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
      clientId = decodeURIComponent(id ?? '');
      secret = decodeURIComponent(pass ?? '');
    }
    const client = clientOf(clientId);
    if (!client || !secret || !sameText(secret, client.secret))
      return json(res, 401, { error: 'invalid_client' });
    if (form.get('grant_type') !== 'authorization_code') {
      return json(res, 400, { error: 'unsupported_grant_type' });
    }
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    codes.delete(code);
    const verifier = form.get('code_verifier') ?? '';
    if (
      !issued ||
      issued.expires < Date.now() ||
      issued.clientId !== client.clientId ||
      issued.redirectUri !== form.get('redirect_uri') ||
      createHash('sha256').update(verifier).digest('base64url') !== issued.challenge
    ) {
      return json(res, 400, { error: 'invalid_grant' });
    }
    const idToken = await new SignJWT({
      ...(issued.phone ? { phone_number: issued.phone, phone_number_verified: true } : { name: issued.name }),
      ...(issued.nonce ? { nonce: issued.nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(issuer)
      .setSubject(issued.sub)
      .setAudience(client.clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    return json(res, 200, {
      access_token: randomBytes(32).toString('base64url'),
      token_type: 'Bearer',
      expires_in: 300,
      id_token: idToken,
    });
  }

  const pruner = setInterval(() => {
    const now = Date.now();
    for (const [code, issued] of codes) if (issued.expires < now) codes.delete(code);
  }, 60_000);
  pruner.unref();

  return {
    issuer,
    /** Answers a request under /id/; false when the path is not the provider's. */
    async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
      const path = url.pathname.replace(/^\/id/, '');
      if (path === '/.well-known/openid-configuration' && req.method === 'GET') {
        json(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          grant_types_supported: ['authorization_code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
          scopes_supported: ['openid', 'profile', 'phone'],
          claims_supported: [
            'sub',
            'name',
            'phone_number',
            'phone_number_verified',
            'iss',
            'aud',
            'exp',
            'iat',
            'nonce',
          ],
          authorization_response_iss_parameter_supported: true,
          ui_locales_supported: ['pt-BR', 'en'],
        });
        return true;
      }
      if (path === '/jwks' && req.method === 'GET') {
        json(res, 200, { keys: [jwk] });
        return true;
      }
      if (path === '/authorize' && (req.method === 'GET' || req.method === 'POST')) {
        await authorize(req, res, url);
        return true;
      }
      if (path === '/token' && req.method === 'POST') {
        await token(req, res);
        return true;
      }
      return false;
    },
    close: () => clearInterval(pruner),
  };
}
