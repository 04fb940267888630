import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WEAK_PASSWORD } from '../../server/db/seed/demo-accounts';
import {
  createTestContext,
  databaseKinds,
  fund,
  type Member,
  newAgent,
  newMember,
  solveHumanCheck,
  type TestContext,
} from './harness';

type Socket = Awaited<ReturnType<FastifyInstance['injectWS']>>;

/** What a socket said before it closed: whether it got `ready`, and its close code and reason. */
function socketOutcome(socket: Socket) {
  let ready = false;
  socket.on('message', (data: Buffer) => {
    if ((JSON.parse(String(data)) as { type?: string }).type === 'ready') ready = true;
  });
  return {
    closed: new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code: number, reason: Buffer) => resolve({ code, reason: String(reason) })),
    ),
    ready: () => ready,
  };
}

/**
 * A login that must change its password (spec 4.5, 6: reset, weak default, expired) gets a session that
 * can change the password and log out, and nothing else, until the change gives it a full one.
 */
describe.each(databaseKinds)('forced password change on %s', (kind) => {
  let ctx: TestContext;
  let rid = 0;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  const login = async (member: Member, password = member.password) =>
    ctx.call('login', {
      ip: member.ip,
      body: { username: member.username, password, humanCheck: await solveHumanCheck(ctx.app) } as never,
    });
  const dice = (token: string) =>
    ctx.call('originalsBet', {
      token,
      body: {
        game: 'dice',
        requestId: `forced-${kind}-${++rid}`,
        stake: 100,
        chance: 4_950,
        side: 'over',
      } as never,
    });
  const openSocket = async (token: string) => {
    const socket = await ctx.app.injectWS('/api/ws');
    const outcome = socketOutcome(socket);
    socket.send(JSON.stringify({ type: 'auth', token }));
    return { socket, ...outcome };
  };

  it('refuses the wallet, bets, the event socket and member pages until the password is changed', async () => {
    const member = await newMember(ctx, { prefix: 'forced', password: DEMO_WEAK_PASSWORD });
    await fund(ctx, member, 10_000);
    const first = await login(member);
    expect(first.value.mustChangePassword).toBe('weak');
    const restricted = first.value.token;

    const wallet = await ctx.call('walletBalance', { token: restricted, language: 'en' });
    expect(wallet).toMatchObject({ status: 403, code: 'PASSWORD_CHANGE_REQUIRED' });
    expect(wallet.message).toMatch(/change your password/i);
    const pt = await ctx.call('walletBalance', { token: restricted, language: 'pt' });
    expect(pt.message).toMatch(/senha/i);
    // The instant bets take their session from memory (session claims): a restricted one never gets there.
    for (let i = 0; i < 2; i++) {
      expect(await dice(restricted)).toMatchObject({ status: 403, code: 'PASSWORD_CHANGE_REQUIRED' });
    }
    expect((await ctx.call('walletBalance', { token: member.token })).value.balance).toBe(10_000);
    expect((await ctx.call('memberInfo', { token: restricted })).code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await ctx.call('memberProfile', { token: restricted })).code).toBe('PASSWORD_CHANGE_REQUIRED');

    const refusedSocket = await openSocket(restricted);
    expect(await refusedSocket.closed).toEqual({ code: 4401, reason: 'PASSWORD_CHANGE_REQUIRED' });
    expect(refusedSocket.ready()).toBe(false);

    const changed = await ctx.call('changePassword', {
      token: restricted,
      body: {
        oldPassword: DEMO_WEAK_PASSWORD,
        newPassword: 'Stronger456',
        confirmNewPassword: 'Stronger456',
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.value.mustChangePassword).toBeNull();
    const full = changed.value.token;
    // The restricted session ended with the change; the new one is a full session.
    expect((await ctx.call('walletBalance', { token: restricted })).code).toBe('SESSION_EXPIRED');
    expect((await ctx.call('walletBalance', { token: full })).value.balance).toBe(10_000);
    expect(await dice(full)).toMatchObject({ status: 200, code: 'OK' });
    const socket = await openSocket(full);
    await expect.poll(() => socket.ready()).toBe(true);
    socket.socket.terminate();
  });

  it('lets a restricted session log out, and refuses an agent’s pages to it', async () => {
    const agent = await newAgent(ctx, { downline: 0, password: DEMO_WEAK_PASSWORD });
    const first = await login(agent);
    expect(first.value.mustChangePassword).toBe('weak');
    const restricted = first.value.token;
    expect(await ctx.call('agentInvitation', { token: restricted })).toMatchObject({
      status: 403,
      code: 'PASSWORD_CHANGE_REQUIRED',
    });
    expect((await ctx.call('agentInvitation', { token: agent.token })).status).toBe(200);

    expect((await ctx.call('logout', { token: restricted })).status).toBe(200);
    expect((await ctx.call('walletBalance', { token: restricted })).code).toBe('SESSION_EXPIRED');
  });

  it('restricts the first login of an account an agent opened, until its password is changed', async () => {
    const agent = await newAgent(ctx, { downline: 0 });
    const username = `opened${process.pid % 1000}${kind.slice(0, 2)}`;
    await ctx.call('openDownline', {
      token: agent.token,
      body: { username, password: 'Opened123', confirmPassword: 'Opened123', type: 'player' },
    });
    const opened = await ctx.call('login', {
      body: { username, password: 'Opened123', humanCheck: await solveHumanCheck(ctx.app) } as never,
    });
    expect(opened.value.mustChangePassword).toBe('reset');
    expect((await ctx.call('walletBalance', { token: opened.value.token })).code).toBe(
      'PASSWORD_CHANGE_REQUIRED',
    );
    const changed = await ctx.call('changePassword', {
      token: opened.value.token,
      body: { oldPassword: 'Opened123', newPassword: 'MyOwn12345', confirmNewPassword: 'MyOwn12345' },
    });
    expect(changed.status).toBe(200);
    expect((await ctx.call('walletBalance', { token: changed.value.token })).status).toBe(200);
  });
});
