/**
 * The demo game provider: a separate web service that integrates with the site exactly as a third-party
 * provider would. The operator asks it for a game session (a signed launch carrying a one-time token);
 * it trades the token for the player through the operator's wallet API, serves its own game pages, and
 * moves money only through that signed API (bet, win, rollback). It never sees the operator's database.
 */

import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { findGame, PROVIDER_GAMES } from './catalogue';
import * as baccarat from './games/baccarat';
import * as cockfight from './games/cockfight';
import { assertCannonStake, CANNON_STAKES, SPECIES, shoot, species } from './games/fish';
import { assertStake as assertSlotStake, playRound, SLOT_THEMES } from './games/slot';
import { Session, Sessions } from './sessions';
import { LiveTable, TableError, type Timing } from './tables';
import {
  type DeliveryOptions,
  type Operator,
  signatureMatches,
  WalletClient,
  WalletRefusal,
} from './wallet-client';

export interface ProviderConfig {
  /** The address players' browsers reach this provider at (game pages, sockets). */
  publicUrl: string;
  operators: Operator[];
  delivery?: Partial<DeliveryOptions>;
  /** Live tables' phases; shorter in tests. */
  timing?: { baccarat?: Timing; cockfight?: Timing };
  log?: (message: string, detail?: unknown) => void;
  /** The demo sign-in provider (identity.ts) under /id/, when the site registered a client with it. */
  identity?: { handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> };
}

const root = path.resolve(import.meta.dirname);
const ASSETS = new Map<string, { type: string; body: Buffer }>();
function asset(name: string) {
  if (!/^[a-z-]+\.(js|css)$/.test(name)) return null;
  let found = ASSETS.get(name);
  if (!found) {
    try {
      const body = readFileSync(path.join(root, 'public', name));
      found = { type: name.endsWith('.js') ? 'text/javascript' : 'text/css', body };
      if (process.env.NODE_ENV === 'production') ASSETS.set(name, found);
    } catch {
      return null;
    }
  }
  return found;
}

function strings(lang: string): Record<string, string> {
  const file = path.resolve(root, '..', 'locales', lang === 'en' ? 'en' : 'pt', 'provider.json');
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy':
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self' ws: wss:; script-src 'self'; object-src 'none'; base-uri 'none'",
};

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...SECURITY_HEADERS });
  res.end(JSON.stringify(body));
}

function fail(res: ServerResponse, status: number, code: string) {
  send(res, status, { error: code });
}

async function readBody(req: IncomingMessage, limit = 16_384): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function jsonOf(raw: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const DEFAULT_TIMING = {
  baccarat: { bettingMs: 15_000, revealMs: 6_000, resultMs: 5_000 },
  cockfight: { bettingMs: 20_000, revealMs: 8_000, resultMs: 5_000 },
};

export interface Provider {
  server: Server;
  url: string;
  listen(port: number, host?: string): Promise<number>;
  close(): Promise<void>;
  sessions: Sessions;
  clients: Map<string, WalletClient>;
}

export function createProvider(config: ProviderConfig): Provider {
  const log = config.log ?? (() => {});
  const sessions = new Sessions();
  const clients = new Map<string, WalletClient>(
    config.operators.map((op) => [op.code, new WalletClient(op, config.delivery, log)]),
  );
  const timing = { ...DEFAULT_TIMING, ...config.timing };

  const tables = new Map<string, LiveTable<string, unknown, unknown>>();
  const tableFor = (kind: 'baccarat' | 'cockfight', variant: string) => {
    const id = `${kind}-${variant}`;
    let table = tables.get(id);
    if (!table) {
      table =
        kind === 'baccarat'
          ? (new LiveTable(
              id,
              {
                kind,
                spots: baccarat.BACCARAT_SPOTS,
                assertStake: (_spot, amount) => baccarat.assertChip(amount),
                setup: () => null,
                draw: (stream) => baccarat.dealRound(stream),
                settle: (spot, stake, _setup, hand) => baccarat.settle(spot, stake, hand),
              },
              variant === 'speed'
                ? { ...timing.baccarat, bettingMs: Math.round(timing.baccarat.bettingMs * 0.7) }
                : timing.baccarat,
              log,
            ) as LiveTable<string, unknown, unknown>)
          : (new LiveTable(
              id,
              {
                kind,
                spots: cockfight.COCKFIGHT_SIDES,
                assertStake: (_side, amount) => cockfight.assertStake(amount),
                setup: (stream) => cockfight.pickCard(stream),
                draw: (stream, card) => cockfight.fightResult(stream, card),
                settle: (side, stake, card, result) => cockfight.settle(side, stake, card, result),
              },
              timing.cockfight,
              log,
            ) as LiveTable<string, unknown, unknown>);
      tables.set(id, table);
    }
    return table;
  };

  let publicUrl = config.publicUrl;

  async function launch(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const operatorCode = String(req.headers['x-operator'] ?? '');
    const operator = config.operators.find((op) => op.code === operatorCode);
    const client = clients.get(operatorCode);
    if (!operator || !client) return fail(res, 401, 'UNKNOWN_OPERATOR');
    if (!signatureMatches(operator.secret, raw, req.headers['x-signature'] as string | undefined))
      return fail(res, 401, 'BAD_SIGNATURE');
    const body = jsonOf(raw);
    const vendor = String(req.headers['x-vendor-code'] ?? '');
    const game = body && findGame(vendor, String(body.gameCode ?? ''));
    if (!body || !game || body.vendor !== vendor) return fail(res, 404, 'GAME_NOT_FOUND');
    const token = String(body.token ?? '');
    let player: Awaited<ReturnType<WalletClient['authenticate']>>;
    try {
      player = await client.authenticate(vendor, token);
    } catch (error) {
      return fail(res, 401, error instanceof WalletRefusal ? error.code : 'OPERATOR_UNREACHABLE');
    }
    if (player.playerId !== body.playerId) return fail(res, 401, 'PLAYER_MISMATCH');
    const session = sessions.add(
      new Session(
        operator,
        client,
        game,
        player.playerId,
        token,
        player.currency,
        body.language === 'en' ? 'en' : 'pt',
        player.balance,
      ),
    );
    send(res, 200, { url: `${publicUrl}/play/${session.id}` });
  }

  function page(res: ServerResponse, session: Session) {
    const text = strings(session.language);
    const boot = {
      session: session.id,
      kind: session.game.kind,
      variant: session.game.variant,
      game: session.game.code,
      name: session.game.names[session.language],
      lang: session.language,
      currency: session.currency,
      strings: text,
    };
    const html = `<!doctype html>
<html lang="${session.language === 'en' ? 'en' : 'pt-BR'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(boot.name)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/games.css">
</head>
<body class="kind-${session.game.kind}">
<main id="game" aria-live="polite"></main>
<script type="application/json" id="boot">${JSON.stringify(boot).replace(/</g, '\\u003c')}</script>
<script type="module" src="/assets/${session.game.kind}.js"></script>
</body>
</html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS });
    res.end(html);
  }

  function state(session: Session) {
    const base = {
      game: session.game.code,
      kind: session.game.kind,
      balance: session.balance,
      currency: session.currency,
      fairness: session.fairness(),
    };
    if (session.game.kind === 'slot') {
      const theme = SLOT_THEMES[session.game.variant]!;
      return {
        ...base,
        theme: {
          code: theme.code,
          symbols: theme.symbols,
          lines: theme.lines,
          wild: theme.wild,
          scatter: theme.scatter,
          freeSpins: theme.freeSpins,
          freeSpinMultiplier: theme.freeSpinMultiplier,
          rtp: theme.publishedRtp,
        },
        stakes: [20, 40, 100, 200, 400, 1000, 2000, 5000],
      };
    }
    if (session.game.kind === 'fish') return { ...base, species: SPECIES, stakes: CANNON_STAKES };
    return base;
  }

  /** One bet, the round drawn once it is accepted, then its win: a slot spin or a fish shot. */
  async function playOne(
    session: Session,
    stake: number,
    play: (stream: ReturnType<Session['nextRound']>['stream']) => { win: number } & Record<string, unknown>,
  ) {
    const { nonce, roundId, stream } = session.nextRound();
    const bet = await session.wallet.bet(session.vendor, {
      token: session.token,
      playerId: session.playerId,
      transactionId: `${roundId}-bet`,
      roundId,
      amount: stake,
      gameCode: session.game.code,
      currency: session.currency,
    });
    session.balance = bet.balance;
    const outcome = play(stream);
    const winBody = {
      playerId: session.playerId,
      transactionId: `${roundId}-win`,
      roundId,
      amount: outcome.win,
      gameCode: session.game.code,
      currency: session.currency,
    };
    try {
      session.balance = (await session.wallet.win(session.vendor, winBody)).balance;
    } catch (error) {
      session.wallet.oweLater(session.vendor, 'win', winBody);
      session.balance += outcome.win;
      log('win not delivered yet; will retry', String(error));
    }
    return { nonce, roundId, ...outcome, balance: session.balance, fairness: session.fairness() };
  }

  async function api(req: IncomingMessage, res: ServerResponse, session: Session, action: string) {
    if (req.method === 'GET' && action === 'state') return send(res, 200, state(session));
    if (req.method !== 'POST') return fail(res, 405, 'METHOD_NOT_ALLOWED');
    const body = jsonOf(await readBody(req));
    if (!body) return fail(res, 400, 'BAD_REQUEST');
    if (action === 'seeds') {
      const clientSeed = typeof body.clientSeed === 'string' ? body.clientSeed.trim() : undefined;
      if (clientSeed !== undefined && !/^[\w-]{1,64}$/.test(clientSeed)) return fail(res, 422, 'BAD_SEED');
      if (session.busy) return fail(res, 409, 'BUSY');
      session.rotateSeeds(clientSeed);
      return send(res, 200, { fairness: session.fairness() });
    }
    if (action === 'bet') {
      const table =
        session.game.kind === 'baccarat' || session.game.kind === 'cockfight'
          ? tableFor(session.game.kind, session.game.variant)
          : null;
      if (!table) return fail(res, 404, 'NOT_A_TABLE');
      // A stake is a JSON number of minor units, never a numeric string (the wallet API asks the same).
      if (typeof body.amount !== 'number') return fail(res, 422, 'BAD_STAKE');
      try {
        return send(res, 200, await table.bet(session, String(body.spot), body.amount));
      } catch (error) {
        if (error instanceof TableError)
          return fail(res, error.code === 'WALLET_ERROR' ? 502 : 409, error.code);
        throw error;
      }
    }
    if (typeof body.stake !== 'number') return fail(res, 422, 'BAD_STAKE');
    const stake = body.stake;
    let play: Parameters<typeof playOne>[2];
    try {
      if (action === 'spin' && session.game.kind === 'slot') {
        assertSlotStake(stake);
        const theme = SLOT_THEMES[session.game.variant]!;
        play = (stream) => ({ ...playRound(theme, stream, stake) });
      } else if (action === 'shoot' && session.game.kind === 'fish') {
        // Checked before the bet is placed: a refused stake is never charged.
        assertCannonStake(stake);
        const target = species(String(body.fish));
        play = (stream) => ({ ...shoot(stream, stake, target), fish: target.id });
      } else return fail(res, 404, 'NOT_FOUND');
    } catch {
      return fail(res, 422, 'BAD_STAKE');
    }
    if (session.busy) return fail(res, 409, 'BUSY');
    session.busy = true;
    try {
      return send(res, 200, await playOne(session, stake, play));
    } catch (error) {
      if (error instanceof WalletRefusal) {
        if (typeof (error.value as { balance?: unknown } | null)?.balance === 'number')
          session.balance = (error.value as { balance: number }).balance;
        return send(res, 409, { error: error.code, message: error.message, balance: session.balance });
      }
      return fail(res, 502, 'WALLET_ERROR');
    } finally {
      session.busy = false;
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://provider');
    const parts = url.pathname.split('/').filter(Boolean);
    const handle = async () => {
      if (url.pathname === '/health') return send(res, 200, { ok: true });
      if (parts[0] === 'id' && config.identity && (await config.identity.handle(req, res, url))) return;
      if (url.pathname === '/operator/launch' && req.method === 'POST') return launch(req, res);
      if (url.pathname === '/operator/games' && req.method === 'GET')
        return send(res, 200, { games: PROVIDER_GAMES });
      if (parts[0] === 'assets' && parts.length === 2) {
        const found = asset(parts[1]!);
        if (!found) return fail(res, 404, 'NOT_FOUND');
        res.writeHead(200, { 'content-type': `${found.type}; charset=utf-8`, ...SECURITY_HEADERS });
        return res.end(found.body);
      }
      const session = parts[1] ? sessions.get(parts[1]) : undefined;
      if (parts[0] === 'play' && parts.length === 2) {
        if (!session) {
          // The session (and so its language) is unknown: both languages.
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
          return res.end(`${strings('pt').sessionEnded}\n${strings('en').sessionEnded}`);
        }
        return page(res, session);
      }
      if (parts[0] === 'api' && parts.length === 3) {
        if (!session) return fail(res, 404, 'SESSION_ENDED');
        return api(req, res, session, parts[2]!);
      }
      return fail(res, 404, 'NOT_FOUND');
    };
    handle().catch((error: unknown) => {
      log('provider request failed', String(error));
      if (!res.headersSent) fail(res, 500, 'INTERNAL');
      else res.end();
    });
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  server.on('upgrade', (req, socket, head) => {
    const parts = new URL(req.url ?? '/', 'http://provider').pathname.split('/').filter(Boolean);
    const session = parts[0] === 'ws' && parts[1] ? sessions.get(parts[1]) : undefined;
    if (!session || (session.game.kind !== 'baccarat' && session.game.kind !== 'cockfight')) {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => {
      const table = tableFor(session.game.kind as 'baccarat' | 'cockfight', session.game.variant);
      const stop = table.subscribe(session, (event) => ws.send(JSON.stringify(event)));
      const keepAlive = setInterval(() => (session.lastSeen = Date.now()), 30_000);
      ws.on('close', () => {
        stop();
        clearInterval(keepAlive);
      });
    });
  });

  const pruner = setInterval(() => sessions.prune(6 * 3_600_000), 60_000);
  pruner.unref();

  return {
    server,
    sessions,
    clients,
    get url() {
      return publicUrl;
    },
    listen(port: number, host = '0.0.0.0') {
      return new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const address = server.address();
          const bound = typeof address === 'object' && address ? address.port : port;
          publicUrl = publicUrl.replace(/:0(?=$|\/)/, `:${bound}`);
          resolve(bound);
        });
      });
    },
    async close() {
      clearInterval(pruner);
      for (const t of tables.values()) t.close();
      for (const c of clients.values()) c.close();
      for (const ws of sockets.clients) ws.terminate();
      sockets.close();
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
