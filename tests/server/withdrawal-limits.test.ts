import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brands,
  memberBankAccounts,
  members,
  withdrawalProofs,
  withdrawals as withdrawalsTable,
} from '../../server/db/schema';
import { BrandRepository } from '../../server/modules/brand/brand.repository';
import { BrandService } from '../../server/modules/brand/brand.service';
import { Ledger } from '../../server/modules/ledger/ledger';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import { WithdrawalsService } from '../../server/modules/payments/withdrawals.service';
import { AttemptLimiter } from '../../server/modules/security/attempt-limiter';
import { AttemptsRepository } from '../../server/modules/security/attempts.repository';
import { PaymentPasswordGuard } from '../../server/modules/security/payment-password';
import { paths } from '../../src/api/paths';
import {
  body,
  createTestContext,
  databaseKinds,
  fund,
  type Member,
  newMember,
  newOperator,
  type TestContext,
  withdrawalNeighbours,
} from './harness';

/**
 * Issue 10, findings 8 and 14: a withdrawal decision answered from a 50-row queue page (500 although
 * committed), and limits checked by count-then-insert that a burst of requests sent at once got past.
 */
describe.each(databaseKinds)('withdrawal answers and limits under load on %s', (kind) => {
  let ctx: TestContext;
  let member: Member;
  let token: string;
  let operator: string;
  let memberId: number;
  let service: WithdrawalsService;
  let brand: Awaited<ReturnType<BrandService['resolve']>>;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const db = ctx.handle.db;
    service = new WithdrawalsService(
      db,
      new Ledger(db),
      new PaymentPasswordGuard(new AttemptLimiter(new AttemptsRepository(db))),
      withdrawalNeighbours(db),
    );
    brand = await new BrandService(new BrandRepository(db)).resolve('localhost');
    member = await newMember(ctx, { prefix: 'limits' });
    ({ memberId } = await fund(ctx, member, 1_000_000));
    token = member.token;
    await db.update(brands).set({ withdrawDailyCount: 100 });
    operator = (await newOperator(ctx, 'finance')).token;
    expect(
      (
        await call('POST', paths.paymentPassword.path, token, {
          password: '246810',
          loginPassword: member.password,
        })
      ).status,
    ).toBe(200);
  });
  afterAll(() => ctx.close());

  let address = 0;
  /** Each call from its own address, so the per-address limits of the money routes stay out of the way. */
  async function call(method: 'GET' | 'POST', url: string, bearer?: string, payload?: object) {
    const res = await ctx.app.inject({
      method,
      url,
      remoteAddress: `10.92.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
      headers: { 'accept-language': 'en', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      ...(payload ? { payload } : {}),
    });
    // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of its own answer
    return { status: res.statusCode, ...body<any>(res) };
  }
  const bankAccount = (i: number) =>
    call('POST', paths.addBankAccount.path, token, {
      bankName: `Banco ${i}`,
      accountName: 'Demo Downline',
      accountNumber: `0001-${String(i).padStart(6, '0')}`,
    });
  const storedAccounts = async () =>
    (
      await ctx.handle.db
        .select()
        .from(memberBankAccounts)
        .where(and(eq(memberBankAccounts.memberId, memberId), isNull(memberBankAccounts.removedAt)))
    ).length;

  it('stores exactly three bank accounts when ten are added at once', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => bankAccount(i)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.code === 'BANK_ACCOUNT_LIMIT')).toHaveLength(7);
    expect(await storedAccounts()).toBe(3);
    // Removing one makes room for exactly one more, however many ask for it.
    const [first] = (await call('GET', paths.withdrawSetup.path, token)).value.bankAccounts;
    expect((await call('POST', paths.removeBankAccount.path, token, { id: first.id })).status).toBe(200);
    const again = await Promise.all(Array.from({ length: 10 }, (_, i) => bankAccount(100 + i)));
    expect(again.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await storedAccounts()).toBe(3);
  });

  it('stores exactly three proof pictures when ten uploads arrive at once', async () => {
    const [account] = (await call('GET', paths.withdrawSetup.path, token)).value.bankAccounts;
    const requested = await call('POST', paths.requestWithdrawal.path, token, {
      bankAccountId: account.id,
      amount: 10_000,
      paymentPassword: '246810',
      requestId: `proof-burst-${kind}`,
    });
    expect(requested.status).toBe(200);
    const reference = requested.value.reference as string;
    await service.decide(brand, await service.row(brand.id, reference, null), 'paid', {});

    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(256, 7),
    ]);
    const upload = async () => {
      const boundary = '----burst-boundary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="reference"\r\n\r\n${reference}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="proof"; filename="p.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      // A multipart body, which ctx.call (JSON only) does not send.
      const res = await ctx.app.inject({
        method: 'POST',
        url: paths.withdrawalProof.path,
        remoteAddress: `10.93.0.${(++address % 250) + 1}`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
      return { status: res.statusCode, ...body(res) };
    };
    const answers = await Promise.all(Array.from({ length: 10 }, upload));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.code === 'PROOF_TOO_MANY')).toHaveLength(7);
    const [row] = await ctx.handle.db
      .select({ id: withdrawalsTable.id })
      .from(withdrawalsTable)
      .where(eq(withdrawalsTable.reference, reference));
    expect(
      await ctx.handle.db.select().from(withdrawalProofs).where(eq(withdrawalProofs.withdrawalId, row!.id)),
    ).toHaveLength(3);
  });

  it('answers a decision from the decided withdrawal when more than 50 share its new status', async () => {
    const [account] = (await call('GET', paths.withdrawSetup.path, token)).value.bankAccounts;
    // 55 older withdrawals already rejected and 55 already paid: the queue page of 50 ends before the new one.
    const [downline] = await ctx.handle.db.select().from(members).where(eq(members.id, memberId));
    for (const status of ['rejected', 'paid'] as const) {
      await ctx.handle.db.insert(withdrawalsTable).values(
        Array.from({ length: 55 }, (_, i) => ({
          brandId: downline!.brandId,
          memberId,
          reference: `W${status.slice(0, 3).toUpperCase()}OLD${String(i).padStart(3, '0')}`,
          requestId: `old-${status}-${i}`,
          bank: { bankName: 'Banco', accountName: 'Demo', accountNumber: '0001' },
          amount: 1_000,
          status,
          createdAt: new Date(Date.now() - 3_600_000 - i * 1_000),
          // Paid a moment ago: still waiting for the member's confirmation.
          decidedAt: status === 'paid' ? new Date() : null,
        })),
      );
    }
    const request = async (requestId: string) =>
      (
        await call('POST', paths.requestWithdrawal.path, token, {
          bankAccountId: account.id,
          amount: 20_000,
          paymentPassword: '246810',
          requestId,
        })
      ).value.reference as string;

    const rejectRef = await request(`decide-reject-${kind}`);
    const rejected = await call('POST', paths.decideWithdrawal.path, operator, {
      reference: rejectRef,
      decision: 'reject',
      requestId: 'decision-0005',
      reason: 'the name does not match',
    });
    expect(rejected).toMatchObject({
      status: 200,
      value: {
        reference: rejectRef,
        status: 'rejected',
        username: member.username,
        reason: 'the name does not match',
      },
    });
    const approveRef = await request(`decide-approve-${kind}`);
    const approved = await call('POST', paths.decideWithdrawal.path, operator, {
      reference: approveRef,
      decision: 'approve',
      requestId: 'decision-0006',
    });
    expect(approved).toMatchObject({ status: 200, value: { reference: approveRef, status: 'paid' } });
    expect(approved.value.bank.accountNumber).not.toContain('•');
    // The same decision again is answered the same way, and an impossible one is refused.
    expect(
      await call('POST', paths.decideWithdrawal.path, operator, {
        reference: approveRef,
        decision: 'approve',
        requestId: 'decision-0007',
      }),
    ).toMatchObject({ status: 200, value: { reference: approveRef, status: 'paid' } });
    expect(
      await call('POST', paths.decideWithdrawal.path, operator, {
        reference: approveRef,
        decision: 'reject',
        requestId: 'decision-0008',
        reason: 'late',
      }),
    ).toMatchObject({ status: 409, code: 'WITHDRAWAL_STATE' });
    expect(
      (await call('GET', `${paths.operatorWithdrawals.path}?status=rejected`, operator)).value,
    ).toHaveLength(50);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });
});
