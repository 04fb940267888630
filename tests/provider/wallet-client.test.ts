import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  sign,
  signatureMatches,
  WalletClient,
  WalletRefusal,
  WalletUnreachable,
} from '../../provider/wallet-client';

/**
 * The demo provider's side of the wallet API against an operator that misbehaves on purpose: answers that
 * are lost (too late), bets that never get an answer, refusals. Every call is checked for its signature.
 */
interface Seen {
  action: string;
  body: Record<string, unknown>;
}

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function operator(handle: (seen: Seen, n: number, res: ServerResponse) => void) {
  const seen: Seen[] = [];
  server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      expect(req.headers['x-signature']).toBe(sign('shh', raw));
      const call = { action: req.url!.split('/').pop()!, body: JSON.parse(raw) as Record<string, unknown> };
      seen.push(call);
      handle(call, seen.filter((s) => s.action === call.action).length, res);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server!.address() as { port: number };
  return { seen, url: `http://127.0.0.1:${port}` };
}

const ok = (res: ServerResponse, balance = 1_000) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      success: true,
      code: 'OK',
      message: 'OK',
      value: { playerId: '7', currency: 'FUN', balance },
    }),
  );
};
const bet = {
  token: 't'.repeat(20),
  playerId: '7',
  transactionId: 'r1-bet',
  roundId: 'r1',
  amount: 100,
  gameCode: 'g',
};

describe("the demo provider's wallet client", () => {
  it('sends a call again with the same transaction id when its answer is lost', async () => {
    const op = await operator((_call, n, res) => {
      // The first answer comes too late for the client: as if lost on the way back.
      if (n === 1) setTimeout(() => ok(res), 400);
      else ok(res, 900);
    });
    const client = new WalletClient(
      { code: 'X', walletUrl: op.url, secret: 'shh' },
      { timeoutMs: 150, backoffMs: 10 },
    );
    const answer = await client.bet('NOVA', bet);
    expect(answer.balance).toBe(900);
    expect(op.seen.map((s) => s.body)).toEqual([bet, bet]);
    client.close();
  });

  it('rolls back a bet that never got an answer, and keeps sending the rollback until it is confirmed', async () => {
    let rollbacks = 0;
    const op = await operator((call, _n, res) => {
      if (call.action === 'bet') return; // never answered
      rollbacks++;
      if (rollbacks === 1) {
        res.writeHead(503);
        res.end();
      } else ok(res);
    });
    const client = new WalletClient(
      { code: 'X', walletUrl: op.url, secret: 'shh' },
      { timeoutMs: 100, backoffMs: 10, attempts: 2 },
    );
    await expect(client.bet('NOVA', bet)).rejects.toBeInstanceOf(WalletUnreachable);
    await expect.poll(() => client.owedRollbacks, { timeout: 5_000 }).toBe(0);
    const sent = op.seen.filter((s) => s.action === 'rollback').map((s) => s.body);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent[0]).toEqual({
      playerId: '7',
      transactionId: 'r1-bet-rb',
      betTransactionId: 'r1-bet',
      roundId: 'r1',
    });
    expect(new Set(sent.map((b) => JSON.stringify(b))).size).toBe(1);
    client.close();
  });

  it('takes a refusal as final: no retry, no rollback', async () => {
    const op = await operator((_call, _n, res) => {
      res.writeHead(409, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ success: false, code: 'INSUFFICIENT_FUNDS', message: 'no', value: { balance: 5 } }),
      );
    });
    const client = new WalletClient(
      { code: 'X', walletUrl: op.url, secret: 'shh' },
      { timeoutMs: 500, backoffMs: 10 },
    );
    const refused = await client.bet('NOVA', bet).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WalletRefusal);
    expect((refused as WalletRefusal).code).toBe('INSUFFICIENT_FUNDS');
    expect(op.seen).toHaveLength(1);
    expect(client.owedRollbacks).toBe(0);
    client.close();
  });

  it('delivers every call twice when asked to (for testing operators)', async () => {
    const op = await operator((_call, _n, res) => ok(res));
    const client = new WalletClient(
      { code: 'X', walletUrl: op.url, secret: 'shh' },
      { timeoutMs: 500, backoffMs: 10, duplicate: true },
    );
    await client.win('NOVA', {
      playerId: '7',
      transactionId: 'r1-win',
      roundId: 'r1',
      amount: 0,
      gameCode: 'g',
    });
    expect(op.seen.map((s) => s.action)).toEqual(['win', 'win']);
    client.close();
  });

  it('sends stakes and wins as JSON numbers only: a numeric string or a fraction never leaves', async () => {
    const op = await operator((_call, _n, res) => ok(res));
    const client = new WalletClient(
      { code: 'X', walletUrl: op.url, secret: 'shh' },
      { timeoutMs: 500, backoffMs: 10 },
    );
    for (const amount of ['100', 1.5, Number.NaN, 2 ** 53]) {
      const refused = await client.bet('NOVA', { ...bet, amount: amount as number }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(WalletRefusal);
      expect((refused as WalletRefusal).code).toBe('AMOUNT_NOT_INTEGER');
    }
    // A win owed for later with a bad amount is dropped, not retried forever.
    client.oweLater('NOVA', 'win', { playerId: '7', transactionId: 'r2-win', roundId: 'r2', amount: '5' });
    await expect.poll(() => client.owedRollbacks).toBe(0);
    expect(op.seen).toEqual([]);
    await client.bet('NOVA', bet);
    expect(op.seen.map((s) => s.body.amount)).toEqual([100]);
    client.close();
  });
});

describe("the demo provider's signature check (launches the operator sends)", () => {
  const raw = JSON.stringify({ token: 't'.repeat(20), gameCode: 'g' });
  const good = sign('shh', raw);

  it('accepts the exact lowercase hex HMAC-SHA256 and nothing near it', () => {
    expect(good).toMatch(/^[0-9a-f]{64}$/);
    expect(signatureMatches('shh', raw, good)).toBe(true);
    for (const bad of [
      `${good}zz`,
      `${good}00`,
      good.toUpperCase(),
      good.slice(0, 62),
      ` ${good}`,
      '',
      undefined,
      sign('other', raw),
    ]) {
      expect(signatureMatches('shh', raw, bad)).toBe(false);
    }
  });
});
