import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import {
  createTestContext,
  databaseKinds,
  loginMember,
  type Member,
  newMember,
  newOperator,
  type TestContext,
} from './harness';

type Socket = Awaited<ReturnType<FastifyInstance['injectWS']>>;

/** Collects what a socket receives, and waits for a message that matches. */
function inbox(socket: Socket) {
  const messages: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data: Buffer) => {
    messages.push(JSON.parse(String(data)));
    for (const w of waiters.splice(0)) w();
  });
  return {
    messages,
    async next(match: (m: Record<string, unknown>) => boolean, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = messages.find(match);
        if (found) return found;
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      throw new Error(`no message matched; got ${JSON.stringify(messages)}`);
    },
  };
}

describe.each(databaseKinds)('member event socket on %s', (kind) => {
  let ctx: TestContext;
  let second: FastifyInstance;
  let member: Member;
  let token: string;
  let operator: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    // A second server process on the same database: events must cross between them.
    second = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        STATIC_DIR: '/nonexistent',
        BRAND_CACHE_MS: '0',
        ENCRYPTED_BODIES: 'optional',
        SOCKET_SESSION_CHECK_MS: '200',
        SITE_MODE: 'demo',
      }),
      db: ctx.handle.db,
      masterKey: ctx.masterKey,
      listen: ctx.handle.listen,
    });
    await second.ready();
    member = await newMember(ctx, { prefix: 'events' });
    token = member.token;
    operator = (await newOperator(ctx, 'finance')).token;
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

  // The socket (/api/ws) is a websocket, not a call of the contract: it is opened by its path.
  it('closes a socket that does not authenticate', async () => {
    const socket = await ctx.app.injectWS('/api/ws');
    const closed = new Promise<number>((resolve) => socket.on('close', (code: number) => resolve(code)));
    socket.send(JSON.stringify({ type: 'auth', token: 'not-a-session' }));
    expect(await closed).toBe(4401);
  });

  it('pushes a deposit credited by an operator on another server, with the new balance', async () => {
    const socket = await second.injectWS('/api/ws');
    const received = inbox(socket);
    socket.send(JSON.stringify({ type: 'auth', token }));
    await received.next((m) => m.type === 'ready');

    const created = await ctx.call('createDeposit', {
      token,
      body: { method: 'pix', amount: 12_300, requestId: `events-${kind}-1` } as never,
    });
    const reference = created.value.reference;
    const decided = await ctx.call('decideDeposit', {
      token: operator,
      body: { reference, decision: 'confirm', requestId: 'decision-events' },
    });
    expect(decided.status).toBe(200);
    expect(await received.next((m) => m.type === 'deposit' && m.status === 'credited')).toMatchObject({
      reference,
      amount: 12_300,
    });
    expect(await received.next((m) => m.type === 'balance')).toMatchObject({
      balance: 12_300,
      currency: 'FUN',
    });
    socket.terminate();
  });
  it('closes a socket once its login ends elsewhere, and keeps one whose login holds', async () => {
    const other = await loginMember(ctx, member);
    const ending = await second.injectWS('/api/ws');
    const staying = await second.injectWS('/api/ws');
    const endingInbox = inbox(ending);
    const stayingInbox = inbox(staying);
    ending.send(JSON.stringify({ type: 'auth', token: other }));
    staying.send(JSON.stringify({ type: 'auth', token }));
    await endingInbox.next((m) => m.type === 'ready');
    await stayingInbox.next((m) => m.type === 'ready');
    const closed = new Promise<number>((resolve) => ending.on('close', (code: number) => resolve(code)));

    // Logged out on the other server: this one notices within its check interval.
    const out = await ctx.call('logout', { token: other });
    expect(out.status).toBe(200);
    expect(await closed).toBe(4401);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(staying.readyState).toBe(staying.OPEN);
    staying.terminate();
  });
});

describe.each(databaseKinds)('hot-path balances between processes on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  it('sends the latest balance of each of many members, in a few notifications, to the process holding their sockets', async () => {
    const { MemberEvents } = await import('../../server/modules/events/member-events');
    const publisher = new MemberEvents(ctx.handle.db, ctx.handle.listen);
    const holder = new MemberEvents(ctx.handle.db, ctx.handle.listen);
    await publisher.start();
    await holder.start();
    const heard = new Map<number, unknown[]>();
    for (let memberId = 1; memberId <= 400; memberId++) {
      holder.attach(memberId, {
        send: (data) => heard.set(memberId, [...(heard.get(memberId) ?? []), JSON.parse(data)]),
      });
    }
    // 400 members, three balances each within the half second: only the last of each is pushed.
    for (let round = 1; round <= 3; round++) {
      for (let memberId = 1; memberId <= 400; memberId++)
        publisher.balanceChanged(memberId, memberId * 10 + round, 'BRL');
    }
    const deadline = Date.now() + 5_000;
    while (heard.size < 400 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(heard.size).toBe(400);
    expect(heard.get(1)).toEqual([{ type: 'balance', balance: 13, currency: 'BRL' }]);
    expect(heard.get(400)).toEqual([{ type: 'balance', balance: 4_003, currency: 'BRL' }]);
    await publisher.close();
    await holder.close();
  });
});
