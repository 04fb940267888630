import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brands, memberDaily } from '../../server/db/schema';
import { dayIn } from '../../server/lib/brand-days';
import type { Brand } from '../../server/modules/brand/brand.service';
import { DEFAULT_RISK_RULES } from '../../server/modules/risk/risk.service';
import {
  createTestContext,
  databaseKinds,
  type Member,
  newMember,
  newOperator,
  type TestContext,
} from './harness';

let seq = 0;
const rid = () => `risk-${process.pid}-${++seq}`.padEnd(12, '0');

/**
 * The risk queue (issue 27, item 3): what the scan raises from the modules' own figures, the review
 * (clear, hold withdrawals, lock), and the hold as the withdrawals see it.
 */
describe.each(databaseKinds)('risk queue (%s)', (kind) => {
  let ctx: TestContext;
  let brand: Brand;
  let risk: Awaited<ReturnType<typeof newOperator>>;
  let other: Awaited<ReturnType<typeof newOperator>>;
  let finance: Awaited<ReturnType<typeof newOperator>>;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const [b] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    brand = b as unknown as Brand;
    risk = await newOperator(ctx, 'risk');
    other = await newOperator(ctx, 'risk');
    finance = await newOperator(ctx, 'finance');
  });
  afterAll(() => ctx.close());

  const open = async (query: { kind?: string; username?: string } = {}) => {
    const res = await ctx.call('riskFlags', {
      token: risk.token,
      query: { status: 'open', ...query } as never,
    });
    expect(res.code).toBe('OK');
    return res.value;
  };
  const decide = (id: number, decision: 'clear' | 'hold' | 'lock', token = risk.token) =>
    ctx.call('decideRiskFlag', {
      token,
      body: { id, decision, reason: 'Checked by the risk team', requestId: rid() },
    });
  const scan = async () => ctx.app.risk.scan();
  const auditOf = (action: string, target: string) =>
    ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.target, target)));

  it('keeps the queue to the risk permission: finance, support and content operators are refused', async () => {
    for (const role of ['finance', 'support', 'content'] as const) {
      const op = role === 'finance' ? finance : await newOperator(ctx, role);
      const res = await ctx.call('riskFlags', { token: op.token, query: { status: 'open' } });
      expect([role, res.status, res.code]).toEqual([role, 403, 'ROLE_FORBIDDEN']);
    }
    expect((await ctx.call('riskRules', { token: risk.token })).value).toEqual(DEFAULT_RISK_RULES);
  });

  it('flags one address once it has as many accounts as the rule, about its newest, and opens it again when it grows', async () => {
    const ip = '10.66.1.1';
    const a = await newMember(ctx, { ip, prefix: 'riskip' });
    const b = await newMember(ctx, { ip, prefix: 'riskip' });
    await scan();
    expect((await open({ kind: 'shared_address' })).filter((f) => f.evidence.address === ip)).toEqual([]);
    const c = await newMember(ctx, { ip, prefix: 'riskip' });
    await scan();
    await scan();
    const [flag, ...more] = (await open({ kind: 'shared_address' })).filter((f) => f.evidence.address === ip);
    expect(more).toEqual([]);
    expect(flag).toMatchObject({
      username: c.username,
      evidence: { address: ip, accounts: 3 },
      onHold: false,
    });
    expect(flag!.others.sort()).toEqual([a.username, b.username].sort());
    // Found by any of its accounts.
    expect((await open({ username: a.username })).map((f) => f.id)).toContain(flag!.id);

    const cleared = await decide(flag!.id, 'clear');
    expect(cleared.value).toMatchObject({ status: 'cleared', decision: 'clear', decidedBy: risk.username });
    await scan();
    expect((await open({ kind: 'shared_address' })).some((f) => f.id === flag!.id)).toBe(false);
    const [audit] = await auditOf('risk_flag_clear', c.username);
    expect(audit!.detail).toMatchObject({
      reason: 'Checked by the risk team',
      before: { status: 'open' },
      after: { status: 'cleared' },
    });

    const d = await newMember(ctx, { ip, prefix: 'riskip' });
    await scan();
    const reopened = (await open({ kind: 'shared_address' })).find((f) => f.id === flag!.id);
    expect(reopened).toMatchObject({ username: d.username, evidence: { accounts: 4 }, decision: null });
  });

  it('lets one operator decide a flag: another gets RISK_FLAG_DECIDED, the same decision again answers as before', async () => {
    const ip = '10.66.2.1';
    for (let i = 0; i < 3; i++) await newMember(ctx, { ip, prefix: 'riskdup' });
    await scan();
    const flag = (await open({ kind: 'shared_address' })).find((f) => f.evidence.address === ip)!;
    const [first, second] = await Promise.all([
      decide(flag.id, 'clear'),
      decide(flag.id, 'clear', other.token),
    ]);
    expect([first.code, second.code].sort()).toEqual(['OK', 'RISK_FLAG_DECIDED']);
    const winner = first.code === 'OK' ? risk : other;
    expect((await decide(flag.id, 'clear', winner.token)).code).toBe('OK');
    expect((await decide(flag.id, 'hold', winner.token)).code).toBe('RISK_FLAG_DECIDED');
    expect((await decide(999_999, 'clear')).code).toBe('RISK_FLAG_NOT_FOUND');
    const note = await ctx.call('noteRiskFlag', {
      token: other.token,
      body: { id: flag.id, text: 'Família, mesma casa' },
    });
    expect(note.value.notes).toEqual([
      expect.objectContaining({ operator: other.username, text: 'Família, mesma casa' }),
    ]);
  });

  it('runs the scan now for the operator who asks, and for no role without the risk permission', async () => {
    const ip = '10.66.4.1';
    for (let i = 0; i < 3; i++) await newMember(ctx, { ip, prefix: 'risknow' });
    const refused = await ctx.call('runRiskScan', { token: finance.token, body: {} });
    expect(refused.code).toBe('ROLE_FORBIDDEN');
    const ran = await ctx.call('runRiskScan', { token: risk.token, body: {} });
    expect(ran.value.raised).toBeGreaterThanOrEqual(1);
    expect((await open({ kind: 'shared_address' })).some((f) => f.evidence.address === ip)).toBe(true);
    expect((await ctx.call('runRiskScan', { token: risk.token, body: {} })).value.raised).toBe(0);
  });

  it('flags accounts paying out to one payee', async () => {
    const [a, b] = [await newMember(ctx, { prefix: 'riskpay' }), await newMember(ctx, { prefix: 'riskpay' })];
    for (const who of [a, b])
      expect(
        (
          await ctx.call('addBankAccount', {
            token: who.token,
            body: {
              bankName: 'Banco Teste',
              accountName: `Titular ${who.username}`,
              accountNumber: '0001 77777-1',
            },
          })
        ).code,
      ).toBe('OK');
    await scan();
    const flag = (await open({ kind: 'shared_payee', username: a.username }))[0];
    expect(flag).toMatchObject({
      username: b.username,
      others: [a.username],
      evidence: { payeeKind: 'bank_account' },
    });
    // The number masked, as the member pages show it.
    expect(String(flag!.evidence.payee)).not.toContain('77777');
  });

  describe('a withdrawal after little play', () => {
    let member: Member;
    let reference: string;

    beforeAll(async () => {
      member = await newMember(ctx, { prefix: 'risklow' });
      const deposit = await ctx.call('createDeposit', {
        token: member.token,
        body: { method: 'pix', amount: 50_000, requestId: rid() } as never,
      });
      expect(deposit.code).toBe('OK');
      expect(
        (
          await ctx.call('decideDeposit', {
            token: finance.token,
            body: { reference: deposit.value.reference, decision: 'confirm', requestId: rid() },
          })
        ).code,
      ).toBe('OK');
      await ctx.call('paymentPassword', {
        token: member.token,
        body: { password: '246810', loginPassword: member.password },
      });
      const bank = await ctx.call('addBankAccount', {
        token: member.token,
        body: { bankName: 'Banco Baixo', accountName: 'Baixo Jogo', accountNumber: '0002 31313-2' },
      });
      const asked = await ctx.call('requestWithdrawal', {
        token: member.token,
        body: {
          bankAccountId: bank.value[0]!.id,
          amount: 40_000,
          paymentPassword: '246810',
          requestId: rid(),
        },
      });
      expect(asked.value.status).toBe('pending');
      reference = asked.value.reference;
      await ctx.app.agents.rollUpRecent([brand], 2);
    });

    const withdraw = async (amount: number) => {
      const setup = await ctx.call('withdrawSetup', { token: member.token });
      return ctx.call('requestWithdrawal', {
        token: member.token,
        body: {
          bankAccountId: setup.value.bankAccounts[0]!.id,
          amount,
          paymentPassword: '246810',
          requestId: rid(),
        },
      });
    };
    const pay = (ref: string, decision: 'approve' | 'release' = 'approve') =>
      ctx.call('decideWithdrawal', {
        token: finance.token,
        body: { reference: ref, decision, requestId: rid() },
      });

    it('is flagged with its figures, and a hold keeps it and the next ones from being paid until lifted', async () => {
      await scan();
      const flag = (await open({ kind: 'low_play', username: member.username }))[0]!;
      const before = await ctx.call('adminMember', {
        token: risk.token,
        query: { username: member.username },
      });
      expect(before.value.risk).toMatchObject({ hold: null, openFlags: expect.any(Number) });
      expect(before.value.risk.openFlags).toBeGreaterThanOrEqual(1);
      expect(flag.evidence).toEqual({ reference, amount: 40_000, deposits: 50_000, bets: 0 });

      const held = await decide(flag.id, 'hold');
      expect(held.value).toMatchObject({ status: 'actioned', decision: 'hold', onHold: true });
      const holds = await ctx.call('withdrawalHolds', { token: risk.token });
      expect(holds.value).toEqual([
        expect.objectContaining({
          username: member.username,
          reason: 'Checked by the risk team',
          placedBy: risk.username,
        }),
      ]);
      expect((await pay(reference)).code).toBe('WITHDRAWAL_ON_HOLD');
      const page = await ctx.call('adminMember', { token: risk.token, query: { username: member.username } });
      expect(page.value.risk.hold).toMatchObject({
        reason: 'Checked by the risk team',
        placedBy: risk.username,
      });

      // A new request waits in review, saying why.
      const next = await withdraw(5_000);
      expect(next.value.status).toBe('review');
      const queue = await ctx.call('operatorWithdrawals', {
        token: finance.token,
        query: { status: 'review' },
      });
      expect(queue.value.find((w) => w.reference === next.value.reference)?.reviewDetail).toEqual({
        reason: 'risk_hold',
        note: 'Checked by the risk team',
      });
      expect((await pay(next.value.reference, 'release')).code).toBe('WITHDRAWAL_ON_HOLD');

      const placeAgain = await ctx.call('setWithdrawalHold', {
        token: other.token,
        body: { username: member.username, hold: true, reason: 'Again', requestId: rid() },
      });
      expect(placeAgain.code).toBe('WITHDRAWAL_HOLD_EXISTS');
      const lifted = await ctx.call('setWithdrawalHold', {
        token: other.token,
        body: { username: member.username, hold: false, reason: 'Documentos conferidos', requestId: rid() },
      });
      expect(lifted.value).toEqual({ username: member.username, hold: null });
      const [audit] = await auditOf('withdrawal_hold_lift', member.username);
      expect(audit!.detail).toMatchObject({ before: { onHold: true }, after: { onHold: false } });
      expect(
        (
          await ctx.call('setWithdrawalHold', {
            token: other.token,
            body: { username: member.username, hold: false, reason: 'Again', requestId: rid() },
          })
        ).code,
      ).toBe('NO_WITHDRAWAL_HOLD');

      expect((await pay(reference)).value).toMatchObject({ status: 'paid' });
      expect((await pay(next.value.reference, 'release')).value).toMatchObject({ status: 'pending' });
    });
  });

  it('locks a member from a flag: their session ends at once', async () => {
    const ip = '10.66.3.1';
    const group: Member[] = [];
    for (let i = 0; i < 3; i++) group.push(await newMember(ctx, { ip, prefix: 'risklock' }));
    await scan();
    const flag = (await open({ kind: 'shared_address' })).find((f) => f.evidence.address === ip)!;
    const newest = group[2]!;
    expect((await ctx.call('walletBalance', { token: newest.token })).code).toBe('OK');
    const locked = await decide(flag.id, 'lock');
    expect(locked.value).toMatchObject({ status: 'actioned', decision: 'lock' });
    expect((await ctx.call('walletBalance', { token: newest.token })).status).toBe(401);
    const [audit] = await auditOf('risk_flag_lock', newest.username);
    expect(audit!.detail).toMatchObject({ after: { status: 'actioned' } });
  });

  it('flags a day won at the rule exactly, not one unit under it, and the rules change with their audit', async () => {
    const winner = await newMember(ctx, { prefix: 'riskwin' });
    // The day as the agents' roll-up writes it (a won round is random; the scan reads only the day).
    const profit = 123_456;
    await ctx.handle.db.insert(memberDaily).values({
      brandId: brand.id,
      memberId: winner.id,
      day: dayIn(new Date(), brand.timeZone),
      rounds: 3,
      stake: 50_000,
      validBet: 50_000,
      payout: 50_000 + profit,
      profit,
    });
    const setRules = (bigWinAmount: number) =>
      ctx.call('setRiskRules', {
        token: risk.token,
        body: { ...DEFAULT_RISK_RULES, bigWinAmount, reason: 'Teste de limite' },
      });

    expect((await setRules(profit + 1)).value.bigWinAmount).toBe(profit + 1);
    await scan();
    expect(await open({ kind: 'big_win', username: winner.username })).toEqual([]);
    await setRules(profit);
    await scan();
    expect((await open({ kind: 'big_win', username: winner.username }))[0]?.evidence).toMatchObject({
      profit,
    });
    const audits = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.action, 'risk_rules'));
    expect(audits.at(-1)!.detail).toMatchObject({
      before: { bigWinAmount: profit + 1 },
      after: { bigWinAmount: profit },
    });
    const bad = await ctx.call('setRiskRules', {
      token: risk.token,
      body: { ...DEFAULT_RISK_RULES, accountsPerAddress: 1, reason: 'Teste' },
    });
    expect([bad.status, bad.code]).toEqual([422, 'VALIDATION_FAILED']);
  });
});
