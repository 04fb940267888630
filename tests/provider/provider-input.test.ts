import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProvider, type Provider } from '../../provider/server';
import { sign } from '../../provider/wallet-client';

/**
 * The demo provider's own doors, against a stand-in operator: a launch is accepted only with the exact
 * lowercase hex signature, and a stake from its game pages only as a JSON number (issue 26).
 */
const SECRET = 'provider-input-secret-0123456789';

describe('the demo provider refuses what is not exactly the contract', () => {
  let operator: Server;
  let provider: Provider;
  const calls: { action: string; body: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    operator = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        calls.push({ action: req.url!.split('/').pop()!, body: JSON.parse(raw) as Record<string, unknown> });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            success: true,
            code: 'OK',
            message: 'OK',
            value: { playerId: '7', currency: 'FUN', balance: 100_000 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => operator.listen(0, '127.0.0.1', resolve));
    const { port } = operator.address() as { port: number };
    provider = createProvider({
      publicUrl: 'http://127.0.0.1:0',
      operators: [{ code: 'AURORA', walletUrl: `http://127.0.0.1:${port}`, secret: SECRET }],
      delivery: { attempts: 1, timeoutMs: 2_000, backoffMs: 10 },
    });
    await provider.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await provider?.close();
    await new Promise<void>((resolve) => operator.close(() => resolve()));
  });

  const launch = (signature: (raw: string) => string) => {
    const raw = JSON.stringify({
      token: 't'.repeat(43),
      playerId: '7',
      operator: 'AURORA',
      vendor: 'NOVA',
      gameCode: 'golden-dragon',
      currency: 'FUN',
      language: 'en',
    });
    return fetch(`${provider.url}/operator/launch`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-operator': 'AURORA',
        'x-vendor-code': 'NOVA',
        'x-signature': signature(raw),
      },
      body: raw,
    });
  };

  it('launches only with the exact lowercase hex signature', async () => {
    for (const bad of [
      (raw: string) => `${sign(SECRET, raw)}zz`,
      (raw: string) => sign(SECRET, raw).toUpperCase(),
      (raw: string) => sign(SECRET, raw).slice(0, 60),
    ]) {
      const res = await launch(bad);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'BAD_SIGNATURE' });
    }
    expect(calls).toEqual([]);
    expect((await launch((raw) => sign(SECRET, raw))).status).toBe(200);
  });

  it('takes a stake only as a JSON number: a numeric string is refused before any wallet call', async () => {
    const res = await launch((raw) => sign(SECRET, raw));
    const { url } = (await res.json()) as { url: string };
    const session = url.split('/').pop()!;
    const spin = (stake: unknown) =>
      fetch(`${provider.url}/api/${session}/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ stake }),
      });
    const before = calls.length;
    for (const stake of ['200', ' 200', '2e2', [200], null]) {
      const refused = await spin(stake);
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual({ error: 'BAD_STAKE' });
    }
    expect(calls.length).toBe(before);
    const played = await spin(200);
    expect(played.status).toBe(200);
    expect(calls.slice(before).map((c) => [c.action, c.body.amount])).toEqual([
      ['bet', 200],
      ['win', expect.any(Number)],
    ]);
  });
});
