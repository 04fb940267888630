import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, withdrawals as withdrawalsTable } from '../../server/db/schema';
import { BrandRepository } from '../../server/modules/brand/brand.repository';
import { BrandService } from '../../server/modules/brand/brand.service';
import { Ledger } from '../../server/modules/ledger/ledger';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import { WithdrawalsService } from '../../server/modules/payments/withdrawals.service';
import { AttemptLimiter } from '../../server/modules/security/attempt-limiter';
import { AttemptsRepository } from '../../server/modules/security/attempts.repository';
import { PaymentPasswordGuard } from '../../server/modules/security/payment-password';
import type { WithdrawalView } from '../../src/api/contract/withdrawals';
import type { endpoints } from '../../src/api/endpoints';
import { paths } from '../../src/api/paths';
import {
  body,
  type CallOptions,
  createTestContext,
  databaseKinds,
  fund,
  type Member,
  newMember,
  newOperator,
  type TestContext,
  withdrawalNeighbours,
} from './harness';

describe.each(databaseKinds)('withdrawals on %s', (kind) => {
  let ctx: TestContext;
  let member: Member;
  let token: string;
  let service: WithdrawalsService;
  let brand: Awaited<ReturnType<BrandService['resolve']>>;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const db = ctx.handle.db;
    const ledger = new Ledger(db);
    service = new WithdrawalsService(
      db,
      ledger,
      new PaymentPasswordGuard(new AttemptLimiter(new AttemptsRepository(db))),
      withdrawalNeighbours(db),
    );
    brand = await new BrandService(new BrandRepository(db)).resolve('localhost');
    member = await newMember(ctx, { prefix: 'withdraw' });
    await fund(ctx, member, 100_000);
    token = member.token;
  });
  afterAll(() => ctx.close());

  let address = 0;
  const call = <N extends keyof typeof endpoints>(name: N, options: CallOptions<N> = {}) =>
    ctx.call(name, {
      // Each call from its own address, so the per-address limit of the money routes stays out of the way.
      ip: `10.60.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
      token,
      language: 'en',
      ...options,
    });
  const setPaymentPassword = (body: Record<string, string>) =>
    call('paymentPassword', { body: body as never });
  const addBank = (bankName: string, accountName: string, accountNumber: string) =>
    call('addBankAccount', { body: { bankName, accountName, accountNumber } });
  const balance = async () => (await call('walletBalance')).value.balance;
  /** The first bank account (masked •••• 6789; before it exists, any id: the password is checked first). */
  let bankId = 1;
  /** A bank account that was removed. */
  let removedBankId = 0;
  let n = 0;
  const withdraw = (amount: unknown, extra: Record<string, unknown> = {}) =>
    call('requestWithdrawal', {
      body: {
        bankAccountId: bankId,
        amount,
        paymentPassword: '246810',
        requestId: `withdraw-${++n}-${kind}`,
        ...extra,
      } as never,
    });
  const reference = (res: { value: unknown }) => (res.value as WithdrawalView).reference;

  it('needs a payment password set with the login password, then changed with the old one', async () => {
    expect((await call('withdrawSetup')).value.hasPaymentPassword).toBe(false);
    expect((await withdraw(10_000)).code).toBe('PAYMENT_PASSWORD_REQUIRED');
    expect((await setPaymentPassword({ password: '135790', loginPassword: 'nope' })).code).toBe(
      'WRONG_OLD_PASSWORD',
    );
    expect((await setPaymentPassword({ password: '135790', loginPassword: member.password })).status).toBe(
      200,
    );
    expect((await setPaymentPassword({ password: '246810', oldPassword: '000000' })).code).toBe(
      'PAYMENT_PASSWORD_WRONG',
    );
    expect((await setPaymentPassword({ password: '246810', oldPassword: '135790' })).status).toBe(200);
    expect((await setPaymentPassword({ password: '12ab56' })).status).toBe(422);
  });

  it('keeps up to three bank accounts, shown masked', async () => {
    const added = await addBank('Banco Demo', 'Demo Downline', '0001-123456789');
    bankId = added.value[0]!.id;
    expect(added.value).toEqual([
      {
        id: bankId,
        bankName: 'Banco Demo',
        accountName: 'Demo Downline',
        accountNumber: '•••• 6789',
        pixKeyType: null,
      },
    ]);
    await addBank('B', 'Demo Downline', '1234');
    const second = await addBank('Banco 2', 'Demo', '1234');
    expect(second.status).toBe(200);
    expect(second.value).toHaveLength(2);
    removedBankId = second.value.find((a) => a.bankName === 'Banco 2')!.id;
    expect(removedBankId).not.toBe(bankId);
    await addBank('Banco 3', 'Demo', '5678');
    expect((await addBank('Banco 4', 'Demo', '9999')).code).toBe('BANK_ACCOUNT_LIMIT');
    const remove = () => call('removeBankAccount', { body: { id: removedBankId } });
    expect((await remove()).value).toHaveLength(2);
    expect((await remove()).code).toBe('BANK_ACCOUNT_NOT_FOUND');
  });

  it('holds the amount at request, releases it on rejection and on cancel, and pays it on approval', async () => {
    const before = await balance();
    expect((await withdraw(10_000, { paymentPassword: '111111' })).code).toBe('PAYMENT_PASSWORD_WRONG');
    expect((await withdraw(100)).code).toBe('AMOUNT_BELOW_MIN');
    expect((await withdraw(0)).code).toBe('AMOUNT_ZERO');
    expect((await withdraw(10_000, { bankAccountId: removedBankId })).code).toBe('BANK_ACCOUNT_NOT_FOUND');
    expect((await withdraw(5_000_001)).code).toBe('AMOUNT_ABOVE_MAX');

    const first = await withdraw(20_000);
    expect(first.value).toMatchObject({
      status: 'pending',
      amount: 20_000,
      bank: { accountNumber: '•••• 6789' },
    });
    expect(await balance()).toBe(before - 20_000);
    const rejected = await service.row(brand.id, reference(first), null);
    await service.decide(brand, rejected, 'rejected', { reason: 'name does not match' });
    expect(await balance()).toBe(before);

    const second = await withdraw(15_000);
    const cancel = (res: { value: unknown }) =>
      call('cancelWithdrawal', { body: { reference: reference(res) } });
    expect((await cancel(second)).value).toMatchObject({ status: 'cancelled' });
    expect(await balance()).toBe(before);

    const third = await withdraw(30_000);
    await service.decide(brand, await service.row(brand.id, reference(third), null), 'paid', {});
    expect(await balance()).toBe(before - 30_000);
    expect((await cancel(third)).code).toBe('WITHDRAWAL_STATE');
    const paid = (await call('withdrawals', { query: { status: 'paid' } })).value;
    expect(paid[0]).toMatchObject({ reference: reference(third), confirmBy: expect.any(Number) });

    // Not received needs proof; then the operator resolves the dispute with a refund.
    expect(
      (await call('confirmWithdrawal', { body: { reference: reference(third), outcome: 'not_received' } }))
        .code,
    ).toBe('PROOF_REQUIRED');
    const disputed = await call('confirmWithdrawal', {
      body: {
        reference: reference(third),
        outcome: 'not_received',
        proof: 'Nothing arrived in my account by 18:00',
      },
    });
    expect(disputed.value).toMatchObject({ status: 'disputed', confirmation: 'not_received' });
    await service.decide(brand, await service.row(brand.id, reference(third), null), 'refunded', {});
    expect(await balance()).toBe(before);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('counts an unanswered payment as received after the brand minutes, and limits requests per day', async () => {
    await ctx.handle.db.update(brands).set({ withdrawDailyCount: 3 });
    const w = await withdraw(10_000);
    await service.decide(brand, await service.row(brand.id, reference(w), null), 'paid', {});
    await ctx.handle.db
      .update(withdrawalsTable)
      .set({ decidedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(withdrawalsTable.reference, reference(w)));
    // Reading never writes: the payment stays paid until the auto-confirm job runs.
    const before = (await call('withdrawals')).value;
    expect(before.find((x) => x.reference === reference(w))).toMatchObject({ status: 'paid' });
    expect(await service.autoConfirm()).toBe(1);
    const list = (await call('withdrawals')).value;
    expect(list.find((x) => x.reference === reference(w))).toMatchObject({
      status: 'received',
      confirmation: 'auto',
    });
    // Counted today: the refunded one and this one (rejected and cancelled do not count); one more, then the limit.
    await withdraw(5_000);
    expect((await withdraw(5_000)).code).toBe('WITHDRAW_DAILY_LIMIT');
    // A retry of the last accepted request is answered, not refused.
    const again = await withdraw(5_000, { requestId: `withdraw-${n - 1}-${kind}` });
    expect(again.status).toBe(200);
  });

  it('takes up to three PNG or JPG pictures for a paid withdrawal that did not arrive', async () => {
    await ctx.handle.db.update(brands).set({ withdrawDailyCount: 10 });
    const w = await withdraw(6_000, { requestId: `proof-${kind}` });
    await service.decide(brand, await service.row(brand.id, reference(w), null), 'paid', {});
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 1),
    ]);
    const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
    const upload = async (files: Array<[string, Buffer]>) => {
      const boundary = '----proof-boundary';
      const parts = [
        `--${boundary}\r\nContent-Disposition: form-data; name="reference"\r\n\r\n${reference(w)}\r\n`,
        ...files.map(
          ([name]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="proof"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
      ];
      const chunks: Buffer[] = [Buffer.from(parts[0]!)];
      files.forEach(([, data], i) => {
        chunks.push(Buffer.from(parts[i + 1]!), data, Buffer.from('\r\n'));
      });
      chunks.push(Buffer.from(`--${boundary}--\r\n`));
      // A multipart body, which ctx.call (JSON only) does not send.
      const res = await ctx.app.inject({
        method: 'POST',
        url: paths.withdrawalProof.path,
        remoteAddress: `10.61.0.${++address % 250}`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat(chunks),
      });
      return { status: res.statusCode, ...body<{ proofs: number }>(res) };
    };
    expect((await upload([['note.txt', Buffer.from('not a picture')]])).code).toBe('PROOF_FILE_TYPE');
    expect(
      (
        await upload([
          ['a.png', png],
          ['b.jpg', jpg],
        ])
      ).value,
    ).toEqual({ proofs: 2 });
    expect(
      (
        await upload([
          ['c.png', png],
          ['d.png', png],
        ])
      ).code,
    ).toBe('PROOF_TOO_MANY');
    const [first] = (await service.queue(brand.id, 'paid')).filter((q) => q.reference === reference(w));
    expect(first!.proofImages).toHaveLength(2);
    const operator = (await newOperator(ctx, 'finance')).token;
    // The picture comes back as bytes, not as an envelope ctx.call reads.
    const image = await ctx.app.inject({
      url: `${paths.withdrawalProofImage.path}?id=${first!.proofImages[0]}`,
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
    // Members cannot read pictures through the operator's route.
    const asMember = await ctx.app.inject({
      url: `${paths.withdrawalProofImage.path}?id=${first!.proofImages[0]}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asMember.statusCode).toBe(401);
  });
});
