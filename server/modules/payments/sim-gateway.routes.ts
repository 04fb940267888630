import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SIGNATURE_HEADER } from '../../../src/api/contract/wallet';
import { paths } from '../../../src/api/paths';
import { formatAmount } from '../../../src/ui/format';
import { translate } from '../../http/messages';
import type { PaymentsService } from './payments.service';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The demo's payment gateway, built in so deposits work on a fresh machine: a checkout page where the
 * member pays or declines, after which the "gateway" sends the site a signed notification over the same
 * route a real gateway uses, and sends the member back to the deposit page. For a PIX deposit of the
 * simulated PIX provider (sim-pix-gateway.ts) the same page stands for the member's bank app. Registered
 * in demo mode only (server/app.ts); the service refuses simulated methods outside it too.
 */
export function simGatewayRoutes(deps: { payments: PaymentsService }) {
  return async (app: FastifyInstance) => {
    const { payments } = deps;
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    const load = async (request: FastifyRequest<{ Params: { reference: string } }>, ticket: unknown) => {
      const reference = typeof ticket === 'string' ? payments.readPayTicket(ticket) : null;
      if (reference !== request.params.reference) return null;
      const found = await payments.get(request.brand, null, reference).catch(() => null);
      return found && payments.simulatedPayable(found.row, found.method)
        ? { ...found.row, pix: found.method?.kind === 'pix' }
        : null;
    };

    app.get<{ Params: { reference: string }; Querystring: { t?: string } }>(
      '/pay/sim/:reference',
      { schema: { hide: true } },
      async (request, reply) => {
        const row = await load(request, request.query.t);
        const t = (key: string, params = {}) => escapeHtml(translate(request.lang, `gateway.${key}`, params));
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        if (!row) {
          return page(
            request.lang,
            t('title'),
            `<p class="note">${t('closed')}</p><a class="btn" href="/member/depositv2">${t('back')}</a>`,
          );
        }
        const amount = `${formatAmount(row.amount, request.lang)} ${escapeHtml(request.brand.currency)}`;
        return page(
          request.lang,
          t('title'),
          `<p class="merchant">${escapeHtml(request.brand.siteName)}</p>
          <p class="amount" data-testid="gateway-amount">${amount}</p>
          <p class="note">${t('reference', { reference: escapeHtml(row.reference) })}</p>
          <p class="note">${t(row.pix ? 'pix_simulated' : 'simulated')}</p>
          <form method="post">
            <input type="hidden" name="t" value="${escapeHtml(request.query.t ?? '')}">
            <button class="btn" name="decision" value="pay">${t('pay')}</button>
            <button class="btn secondary" name="decision" value="decline">${t('decline')}</button>
          </form>`,
        );
      },
    );

    app.post<{ Params: { reference: string }; Body: { t?: string; decision?: string } }>(
      '/pay/sim/:reference',
      { schema: { hide: true } },
      async (request, reply) => {
        const row = await load(request, request.body?.t);
        if (row) {
          const secret = await payments.gatewaySecret(request.brand.id, row.methodCode);
          const raw = JSON.stringify({
            reference: row.reference,
            gatewayReference: `SIM-${randomUUID()}`,
            status: request.body?.decision === 'pay' ? 'paid' : 'failed',
            amount: row.amount,
          });
          // Delivered through the public notification route, signed, exactly as an outside gateway would.
          await app.inject({
            method: 'POST',
            url: `${paths.gatewayNotify.path}?method=${encodeURIComponent(row.methodCode)}`,
            headers: {
              host: request.headers.host ?? '',
              'content-type': 'application/json',
              [SIGNATURE_HEADER]: createHmac('sha256', secret ?? '')
                .update(raw)
                .digest('hex'),
            },
            payload: raw,
          });
        }
        return reply.redirect(
          `/member/depositv2?deposit=${encodeURIComponent(request.params.reference)}`,
          303,
        );
      },
    );
  };
}

/** The card's width includes its padding (border-box): without it the page was 415 px wide on a 390 px phone. */
function page(lang: string, title: string, body: string) {
  return `<!doctype html><html lang="${lang === 'en' ? 'en' : 'pt-BR'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:linear-gradient(135deg,#1e1b4b,#0f766e);font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a}
main{box-sizing:border-box;background:#fff;border-radius:18px;padding:32px 28px;width:min(420px,92vw);overflow-wrap:anywhere;box-shadow:0 24px 60px rgba(0,0,0,.35);text-align:center}
h1{margin:0 0 4px;font-size:20px;color:#0f766e;letter-spacing:.02em}.merchant{margin:0 0 18px;color:#64748b}
.amount{font-size:34px;font-weight:800;margin:0 0 8px}.note{color:#475569;font-size:14px;margin:6px 0}
form{display:grid;gap:10px;margin-top:20px}.btn{display:block;border:0;border-radius:12px;padding:14px;font-size:16px;font-weight:700;background:#0f766e;color:#fff;cursor:pointer;text-decoration:none;margin-top:14px}
.btn.secondary{background:#e2e8f0;color:#0f172a;margin-top:0}
</style></head><body><main><h1>AuroraPay</h1><h2 style="font-size:15px;margin:0 0 12px;color:#334155">${title}</h2>${body}</main></body></html>`;
}
