import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  databaseKinds,
  fund,
  loginMember,
  type Member,
  newAgent,
  newMember,
  newOperator,
  solveHumanCheck,
  type TestContext,
} from './harness';

type Socket = Awaited<ReturnType<FastifyInstance['injectWS']>>;
type Operator = Awaited<ReturnType<typeof newOperator>>;

describe.each(databaseKinds)('the back office’s members on %s', (kind) => {
  let ctx: TestContext;
  let support: Operator;
  let content: Operator;
  let admin: Operator;
  let agent: Member & { affiliateCode: string; downline: Member[] };
  let player: Member;
  let twin: Member;

  /** The latest audit row of an action on a member, as the trail keeps it. */
  const auditOf = async (action: string, target: string) => {
    const result = await ctx.handle.db.execute(sql`
      SELECT operator_id AS "operatorId", detail FROM audit_log
      WHERE action = ${action} AND target = ${target} ORDER BY id DESC LIMIT 1`);
    return (result as unknown as { rows: Array<{ operatorId: number; detail: Record<string, unknown> }> })
      .rows[0];
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    support = await newOperator(ctx, 'support');
    content = await newOperator(ctx, 'content');
    admin = await newOperator(ctx, 'admin');
    agent = await newAgent(ctx, { downline: 1 });
    player = await newMember(ctx, {
      prefix: 'mbr',
      ip: '10.77.1.9',
      email: `mbr${process.pid % 1000}@example.com`,
      mobile: `1198${String(process.pid % 10_000).padStart(4, '0')}321`.slice(0, 11),
      affiliateCode: agent.affiliateCode,
    });
    // Registered from the same address: a linked account.
    twin = await newMember(ctx, { prefix: 'twin', ip: '10.77.1.9' });
    await fund(ctx, player, 5_000);
  });
  afterAll(() => ctx?.close());

  it('finds members by username, e-mail, mobile, address, agent and registration date, paged', async () => {
    const find = (query: Record<string, unknown>) =>
      ctx.call('adminMembers', { token: support.token, query: query as never });
    const byName = await find({ username: player.username });
    expect(byName.code).toBe('OK');
    expect(byName.value.items.map((m) => m.username)).toEqual([player.username]);
    expect(byName.value.items[0]).toMatchObject({ agent: agent.username, status: 'active', vipLevel: 0 });
    expect((await find({ email: `MBR${process.pid % 1000}@` })).value.items.map((m) => m.username)).toEqual([
      player.username,
    ]);
    expect((await find({ mobile: '(11) 98' })).value.items.map((m) => m.username)).toContain(player.username);
    expect((await find({ mobile: '+55 1198' })).value.items.map((m) => m.username)).toContain(
      player.username,
    );
    const byIp = await find({ ip: '10.77.1.9' });
    expect(byIp.value.items.map((m) => m.username).sort()).toEqual([player.username, twin.username].sort());
    const byAgent = await find({ agent: agent.username });
    expect(byAgent.value.items.map((m) => m.username).sort()).toEqual(
      [player.username, agent.downline[0]!.username].sort(),
    );
    expect((await find({ from: Date.now() + 60_000 })).value.total).toBe(0);
    const paged = await find({ ip: '10.77.1.9', pageSize: 1, page: 2 });
    expect(paged.value).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.value.items).toHaveLength(1);
    // The CPF (identity, KYC) matches exactly, typed with or without its punctuation.
    await ctx.handle.db.execute(sql`UPDATE members SET cpf = '52998224725' WHERE id = ${player.id}`);
    expect((await find({ cpf: '529.982.247-25' })).value.items.map((m) => m.username)).toEqual([
      player.username,
    ]);
    expect((await find({ cpf: '52998224726' })).value.total).toBe(0);
  });

  it('shows a member’s page: profile, wallets, postings, logins with addresses, linked accounts', async () => {
    const page = await ctx.call('adminMember', {
      token: support.token,
      query: { username: player.username },
    });
    expect(page.code).toBe('OK');
    const v = page.value;
    expect(v.member).toMatchObject({
      username: player.username,
      agent: agent.username,
      uplines: [agent.username],
      status: 'active',
      hasPaymentPassword: false,
    });
    expect(v.wallets).toMatchObject({ main: 5_000, hold: 0, total: 5_000 });
    expect(v.ledger[0]).toMatchObject({ type: 'deposit', amount: 5_000 });
    expect(v.sessions[0]).toMatchObject({ ip: '10.77.1.9', active: true, loginType: expect.any(String) });
    expect(v.devices.length).toBeGreaterThan(0);
    expect(v.bets.items).toEqual([]);
    const linked = v.linked.find((l) => l.username === twin.username);
    expect(linked?.links).toContainEqual({ kind: 'ip', value: '10.77.1.9' });
  });

  it('a content operator can neither find nor change members', async () => {
    expect((await ctx.call('adminMembers', { token: content.token, query: {} })).code).toBe('ROLE_FORBIDDEN');
    expect(
      (await ctx.call('adminMember', { token: content.token, query: { username: player.username } })).code,
    ).toBe('ROLE_FORBIDDEN');
    const lock = await ctx.call('lockMember', {
      token: content.token,
      body: { username: player.username, locked: true, reason: 'not mine to do' },
    });
    expect(lock.code).toBe('ROLE_FORBIDDEN');
    const note = await ctx.call('addMemberNote', {
      token: content.token,
      body: { username: player.username, body: 'no' },
    });
    expect(note.code).toBe('ROLE_FORBIDDEN');
  });

  it('every action needs a reason', async () => {
    const lock = await ctx.call('lockMember', {
      token: support.token,
      body: { username: player.username, locked: true, reason: '' },
    });
    expect(lock.code).toBe('VALIDATION_FAILED');
  });

  it('a lock ends the member’s token and socket at once; the audit row holds reason, before and after', async () => {
    const member = await newMember(ctx, { prefix: 'lock' });
    const other = await loginMember(ctx, member);
    const socket: Socket = await ctx.app.injectWS('/api/ws');
    const ready = new Promise<void>((resolve) =>
      socket.on('message', (data: Buffer) => JSON.parse(String(data)).type === 'ready' && resolve()),
    );
    const closed = new Promise<number>((resolve) => socket.on('close', (code: number) => resolve(code)));
    socket.send(JSON.stringify({ type: 'auth', token: other }));
    await ready;
    expect((await ctx.call('memberInfo', { token: member.token })).code).toBe('OK');

    const started = Date.now();
    const locked = await ctx.call('lockMember', {
      token: support.token,
      body: { username: member.username, locked: true, reason: 'chargeback fraud' },
    });
    expect(locked.code).toBe('OK');
    expect(locked.value.member.status).toBe('locked');
    expect(locked.value.sessions.every((s) => !s.active)).toBe(true);
    // The socket's own check runs every 30 s here: the lock closes it long before.
    expect(await closed).toBe(4401);
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const token of [member.token, other]) {
      expect((await ctx.call('memberInfo', { token })).status).toBe(401);
    }
    const login = await ctx.call('login', {
      ip: member.ip,
      body: {
        username: member.username,
        password: member.password,
        humanCheck: await solveHumanCheck(ctx.app),
      } as never,
    });
    expect(login.code).toBe('ACCOUNT_DISABLED');
    expect(await auditOf('member_lock', member.username)).toMatchObject({
      operatorId: support.id,
      detail: {
        reason: 'chargeback fraud',
        before: { status: 'active' },
        after: { status: 'locked' },
        sessionsEnded: 2,
      },
    });
    const again = await ctx.call('lockMember', {
      token: support.token,
      body: { username: member.username, locked: true, reason: 'twice' },
    });
    expect(again.code).toBe('NOTHING_TO_CHANGE');

    const unlocked = await ctx.call('lockMember', {
      token: support.token,
      body: { username: member.username, locked: false, reason: 'cleared by the bank' },
    });
    expect(unlocked.value.member.status).toBe('active');
    expect(await auditOf('member_unlock', member.username)).toMatchObject({
      detail: { reason: 'cleared by the bank', before: { status: 'locked' }, after: { status: 'active' } },
    });
    expect(await loginMember(ctx, member)).toEqual(expect.any(String));
  });

  it('ends a member’s sessions', async () => {
    const member = await newMember(ctx, { prefix: 'end' });
    const ended = await ctx.call('endMemberSessions', {
      token: support.token,
      body: { username: member.username, reason: 'lost phone' },
    });
    expect(ended.code).toBe('OK');
    expect((await ctx.call('memberInfo', { token: member.token })).code).toBe('SESSION_EXPIRED');
    expect(await auditOf('member_end_sessions', member.username)).toMatchObject({
      detail: { reason: 'lost phone', before: { openSessions: 1 }, after: { openSessions: 0 } },
    });
    expect(await loginMember(ctx, member)).toEqual(expect.any(String));
  });

  it('sends the member a reset code the operator never sees, which the member uses', async () => {
    const email = `reset${process.pid % 1000}@example.com`;
    const member = await newMember(ctx, { prefix: 'rst', email });
    const sent = await ctx.call('resetMemberPassword', {
      token: support.token,
      body: { username: member.username, channel: 'email', reason: 'member asked by phone' },
    });
    expect(sent.code).toBe('OK');
    expect(sent.value).toEqual({ channel: 'email', sentTo: 're***@example.com', expiresInMinutes: 15 });
    expect(JSON.stringify(sent.value)).not.toMatch(/\d{6}/);
    const audit = await auditOf('member_password_reset_sent', member.username);
    expect(audit?.detail).toMatchObject({ reason: 'member asked by phone', before: expect.any(Object) });
    expect(JSON.stringify(audit?.detail)).not.toMatch(/\d{6}"/);
    const message = (await ctx.call('outbox', { query: { recipient: email } })).value[0]!;
    const code = /(\d{6})/.exec(message.body)![1]!;
    const reset = await ctx.call('resetByEmail', {
      body: {
        username: member.username,
        email,
        verificationCode: code,
        newPassword: 'NewSecret456',
      } as never,
    });
    expect(reset.code).toBe('OK');
    expect(await loginMember(ctx, { ...member, password: 'NewSecret456' })).toEqual(expect.any(String));
    const none = await ctx.call('resetMemberPassword', {
      token: support.token,
      body: { username: member.username, channel: 'sms', reason: 'no mobile on file' },
    });
    expect(none.code).toBe('LOGIN_CHANNEL_UNAVAILABLE');
  });

  it('clears a payment password', async () => {
    const member = await newMember(ctx, { prefix: 'pay' });
    const set = await ctx.call('paymentPassword', {
      token: member.token,
      body: { password: '246810', loginPassword: member.password },
    });
    expect(set.code).toBe('OK');
    const cleared = await ctx.call('clearPaymentPassword', {
      token: support.token,
      body: { username: member.username, reason: 'forgot it, identity checked' },
    });
    expect(cleared.value.member.hasPaymentPassword).toBe(false);
    expect(await auditOf('member_payment_password_clear', member.username)).toMatchObject({
      detail: {
        reason: 'forgot it, identity checked',
        before: { hasPaymentPassword: true },
        after: { hasPaymentPassword: false },
      },
    });
    const twice = await ctx.call('clearPaymentPassword', {
      token: support.token,
      body: { username: member.username, reason: 'again' },
    });
    expect(twice.code).toBe('NOTHING_TO_CHANGE');
  });

  it('changes a member’s agent through the agent tree’s move, audited with the uplines', async () => {
    const other = await newAgent(ctx, { downline: 0 });
    const member = agent.downline[0]!;
    const moved = await ctx.call('changeMemberAgent', {
      token: support.token,
      body: { username: member.username, upline: other.username, reason: 'asked to join another agent' },
    });
    expect(moved.code).toBe('OK');
    expect(moved.value.member.agent).toBe(other.username);
    expect(await auditOf('agent_tree_move', member.username)).toMatchObject({
      operatorId: support.id,
      detail: {
        reason: 'asked to join another agent',
        before: { upline: agent.username },
        after: { upline: other.username },
      },
    });
    const notAgent = await ctx.call('changeMemberAgent', {
      token: support.token,
      body: { username: member.username, upline: twin.username, reason: 'not an agent' },
    });
    expect(notAgent.code).toBe('UPLINE_NOT_AGENT');
  });

  it('sets a VIP level', async () => {
    const set = await ctx.call('setMemberVip', {
      token: support.token,
      body: { username: twin.username, vipLevel: 3, reason: 'monthly review' },
    });
    expect(set.value.member.vipLevel).toBe(3);
    expect(await auditOf('member_vip_level', twin.username)).toMatchObject({
      detail: { reason: 'monthly review', before: { vipLevel: 0 }, after: { vipLevel: 3 } },
    });
    const same = await ctx.call('setMemberVip', {
      token: support.token,
      body: { username: twin.username, vipLevel: 3, reason: 'monthly review' },
    });
    expect(same.code).toBe('NOTHING_TO_CHANGE');
  });

  it('adds notes that cannot be edited nor deleted', async () => {
    const added = await ctx.call('addMemberNote', {
      token: admin.token,
      body: { username: twin.username, body: 'Called about a late withdrawal.' },
    });
    expect(added.code).toBe('OK');
    expect(added.value.notes[0]).toMatchObject({
      operator: admin.username,
      body: 'Called about a late withdrawal.',
    });
    expect(await auditOf('member_note', twin.username)).toMatchObject({
      detail: {
        reason: 'Called about a late withdrawal.',
        before: null,
        after: { body: expect.any(String) },
      },
    });
    // No route edits a note, and the table refuses it whoever asks.
    await expect(ctx.handle.db.execute(sql`UPDATE member_notes SET body = 'changed'`)).rejects.toThrow();
    await expect(ctx.handle.db.execute(sql`DELETE FROM member_notes`)).rejects.toThrow();
    const page = await ctx.call('adminMember', { token: support.token, query: { username: twin.username } });
    expect(page.value.notes.map((n) => n.body)).toEqual(['Called about a late withdrawal.']);
  });

  it('answers MEMBER_NOT_FOUND for a member of no one', async () => {
    const res = await ctx.call('adminMember', { token: support.token, query: { username: 'nobody-here' } });
    expect(res.code).toBe('MEMBER_NOT_FOUND');
  });
});
