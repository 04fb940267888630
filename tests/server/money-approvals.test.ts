import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerTransactions, moneyApprovals } from '../../server/db/schema';
import { DEFAULT_APPROVAL_THRESHOLD } from '../../server/modules/backoffice/money-approvals.service';
import {
  createTestContext,
  databaseKinds,
  fund,
  type Member,
  newMember,
  newOperator,
  type TestContext,
} from './harness';

/** Four eyes: money at or above the brand's threshold moves only when a second operator approves. */
describe.each(databaseKinds)('money approvals (%s)', (kind) => {
  let ctx: TestContext;
  let first: Awaited<ReturnType<typeof newOperator>>;
  let second: Awaited<ReturnType<typeof newOperator>>;
  let third: Awaited<ReturnType<typeof newOperator>>;
  let support: Awaited<ReturnType<typeof newOperator>>;
  let member: Member;
  let seq = 0;
  const rid = () => `four-eyes-${kind}-${++seq}`.padEnd(12, '0');

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    first = await newOperator(ctx, 'finance');
    second = await newOperator(ctx, 'finance');
    third = await newOperator(ctx, 'admin');
    support = await newOperator(ctx, 'support');
    member = await newMember(ctx, { prefix: 'foureyes' });
  });
  afterAll(() => ctx.close());

  const balance = async () => (await ctx.call('walletBalance', { token: member.token })).value.balance;
  const adjust = (token: string, amount: number, requestId = rid()) =>
    ctx.call('adjustBalance', {
      token,
      body: {
        username: member.username,
        amount,
        reason: 'Goodwill credit',
        category: 'correction',
        requestId,
      },
    });
  const decide = (token: string, id: number, decision: 'approve' | 'reject', extra: object = {}) =>
    ctx.call('decideMoneyApproval', { token, body: { id, decision, requestId: rid(), ...extra } });
  const movesOf = (approvalId: number) =>
    ctx.handle.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `approval:${approvalId}`));

  it('moves an adjustment one unit under the threshold at once, and holds one exactly at it', async () => {
    const start = await balance();
    const under = await adjust(first.token, DEFAULT_APPROVAL_THRESHOLD - 1);
    expect(under.value).toMatchObject({ balance: start + DEFAULT_APPROVAL_THRESHOLD - 1, approval: null });
    const at = await adjust(first.token, DEFAULT_APPROVAL_THRESHOLD);
    expect(at.value).toMatchObject({
      balance: null,
      approval: {
        kind: 'adjust',
        target: member.username,
        amount: DEFAULT_APPROVAL_THRESHOLD,
        status: 'pending',
      },
    });
    expect(await balance()).toBe(start + DEFAULT_APPROVAL_THRESHOLD - 1);
    // A debit at the threshold waits too, once the wallet can cover it.
    expect((await adjust(first.token, -DEFAULT_APPROVAL_THRESHOLD)).code).toBe('INSUFFICIENT_FUNDS');
    await fund(ctx, member, 1);
    const debit = await adjust(first.token, -DEFAULT_APPROVAL_THRESHOLD);
    expect(debit.value.approval).toMatchObject({ amount: -DEFAULT_APPROVAL_THRESHOLD, status: 'pending' });
    await decide(second.token, debit.value.approval!.id, 'reject', { reason: 'Não combinado' });
  });

  it('lets another operator approve a credit once: not its requester, not a role without the right', async () => {
    const start = await balance();
    const requestId = rid();
    const asked = await adjust(first.token, 250_000, requestId);
    const id = asked.value.approval!.id;
    // The lost answer sent again finds the same request.
    const again = await adjust(first.token, 250_000, requestId);
    expect(again.value.approval!.id).toBe(id);

    const listed = await ctx.call('moneyApprovals', { token: support.token, query: { status: 'pending' } });
    expect(listed.value.find((a) => a.id === id)).toMatchObject({
      requestedBy: first.username,
      amount: 250_000,
    });

    expect((await decide(first.token, id, 'approve')).code).toBe('APPROVAL_OWN_REQUEST');
    expect((await decide(support.token, id, 'approve')).code).toBe('ROLE_FORBIDDEN');
    expect(await balance()).toBe(start);

    const body = { id, decision: 'approve' as const, requestId: rid() };
    const approved = await ctx.call('decideMoneyApproval', { token: second.token, body });
    expect(approved.value).toMatchObject({ status: 'approved', decidedBy: second.username });
    expect(await balance()).toBe(start + 250_000);
    // The approver's lost answer: the same decision again moves nothing more.
    const replay = await ctx.call('decideMoneyApproval', { token: second.token, body });
    expect(replay.value).toMatchObject({ status: 'approved' });
    expect((await decide(third.token, id, 'approve')).code).toBe('APPROVAL_STATE');
    expect(await balance()).toBe(start + 250_000);
    expect(await movesOf(id)).toHaveLength(1);

    const trail = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.detail}->>'approval' = ${String(id)}`);
    expect(trail.map((r) => [r.action, r.operatorId]).sort()).toEqual(
      [
        ['approval_approved', second.id],
        ['approval_requested', first.id],
        ['balance_adjust', second.id],
      ].sort(),
    );
    expect(trail.find((r) => r.action === 'balance_adjust')!.detail).toMatchObject({
      amount: 250_000,
      requestedBy: first.id,
    });
  });

  it('moves the money once when two operators approve at the same moment', async () => {
    const start = await balance();
    const id = (await adjust(first.token, 300_000)).value.approval!.id;
    const answers = await Promise.all([
      decide(second.token, id, 'approve'),
      decide(third.token, id, 'approve'),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual(['APPROVAL_STATE', 'OK']);
    expect(await balance()).toBe(start + 300_000);
    expect(await movesOf(id)).toHaveLength(1);
  });

  it('moves nothing on a rejection, which needs a reason', async () => {
    const start = await balance();
    const id = (await adjust(first.token, 400_000)).value.approval!.id;
    expect((await decide(second.token, id, 'reject')).code).toBe('REASON_REQUIRED');
    const rejected = await decide(second.token, id, 'reject', { reason: 'Sem ticket de suporte' });
    expect(rejected.value).toMatchObject({ status: 'rejected', decisionReason: 'Sem ticket de suporte' });
    expect((await decide(third.token, id, 'approve')).code).toBe('APPROVAL_STATE');
    expect(await balance()).toBe(start);
    expect(await movesOf(id)).toHaveLength(0);
  });

  it('pays a withdrawal at the threshold only when a second operator approves it', async () => {
    const payer = await newMember(ctx, { prefix: 'bigpayout' });
    await fund(ctx, payer, 500_000);
    await ctx.call('paymentPassword', {
      token: payer.token,
      body: { password: '112233', loginPassword: payer.password },
    });
    const banks = await ctx.call('addBankAccount', {
      token: payer.token,
      body: { bankName: 'Banco Demo', accountName: 'Big Payout', accountNumber: '00099988877' },
    });
    const requested = await ctx.call('requestWithdrawal', {
      token: payer.token,
      body: {
        bankAccountId: banks.value[0]!.id,
        amount: 200_000,
        paymentPassword: '112233',
        requestId: rid(),
      },
    });
    const reference = requested.value.reference;
    const asked = await ctx.call('decideWithdrawal', {
      token: first.token,
      body: { reference, decision: 'approve', requestId: rid() },
    });
    expect(asked.value).toMatchObject({ status: 'pending', approval: expect.any(Number) });
    // A second operator pressing 'approve' in the queue finds the same request, not a new one.
    const twice = await ctx.call('decideWithdrawal', {
      token: third.token,
      body: { reference, decision: 'approve', requestId: rid() },
    });
    expect(twice.value.approval).toBe(asked.value.approval);
    const queue = await ctx.call('operatorWithdrawals', {
      token: support.token,
      query: { status: 'pending' },
    });
    expect(queue.value.find((w) => w.reference === reference)?.approval).toBe(asked.value.approval);

    const approved = await decide(second.token, asked.value.approval!, 'approve');
    expect(approved.code).toBe('OK');
    const paid = await ctx.call('operatorWithdrawals', { token: support.token, query: { status: 'paid' } });
    expect(paid.value.find((w) => w.reference === reference)).toMatchObject({
      status: 'paid',
      approval: null,
    });
    const rows = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.target, reference));
    expect(rows.find((r) => r.action === 'withdrawal_approve')).toMatchObject({ operatorId: second.id });
  });

  it('confirms a deposit at the threshold only when a second operator approves it', async () => {
    const payer = await newMember(ctx, { prefix: 'bigdeposit' });
    const created = await ctx.call('createDeposit', {
      token: payer.token,
      body: { method: 'pix', amount: 150_000, requestId: rid() } as never,
    });
    const reference = created.value.reference;
    const asked = await ctx.call('decideDeposit', {
      token: first.token,
      body: { reference, decision: 'confirm', requestId: rid() },
    });
    expect(asked.value).toMatchObject({ status: 'pending', approval: expect.any(Number) });
    expect((await ctx.call('walletBalance', { token: payer.token })).value.balance).toBe(0);
    expect((await decide(second.token, asked.value.approval!, 'approve')).code).toBe('OK');
    expect((await ctx.call('walletBalance', { token: payer.token })).value.balance).toBe(150_000);
  });

  it('changes the threshold with settings.manage, audited before and after; 0 holds every amount', async () => {
    const refused = await ctx.call('setApprovalThreshold', {
      token: first.token,
      body: { threshold: 0, reason: 'Tudo com dois' },
    });
    expect(refused.code).toBe('ROLE_FORBIDDEN');
    const set = await ctx.call('setApprovalThreshold', {
      token: third.token,
      body: { threshold: 0, reason: 'Tudo com dois' },
    });
    expect(set.value).toEqual({ threshold: 0 });
    expect((await ctx.call('approvalThreshold', { token: support.token })).value).toEqual({ threshold: 0 });
    const [row] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'approval_threshold'), eq(auditLog.operatorId, third.id)));
    expect(row!.detail).toMatchObject({
      before: { threshold: DEFAULT_APPROVAL_THRESHOLD },
      after: { threshold: 0 },
      reason: 'Tudo com dois',
    });
    const one = await adjust(first.token, 1);
    expect(one.value).toMatchObject({ balance: null, approval: { amount: 1 } });
    await ctx.call('setApprovalThreshold', {
      token: third.token,
      body: { threshold: DEFAULT_APPROVAL_THRESHOLD, reason: 'De volta' },
    });
  });

  it('refuses in the table itself a request decided by its own requester', async () => {
    const id = (await adjust(first.token, 500_000)).value.approval!.id;
    await expect(
      ctx.handle.db
        .update(moneyApprovals)
        .set({ status: 'approved', decidedBy: first.id })
        .where(eq(moneyApprovals.id, id)),
    ).rejects.toThrow();
  });
});
