import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brands, ledgerTransactions, operators } from '../../server/db/schema';
import { type AuditEntry, AuditRepository } from '../../server/modules/backoffice/audit.repository';
import { BackofficeService } from '../../server/modules/backoffice/backoffice.service';
import type { Brand } from '../../server/modules/brand/brand.service';
import { Ledger } from '../../server/modules/ledger/ledger';
import { AttemptLimiter } from '../../server/modules/security/attempt-limiter';
import { AttemptsRepository } from '../../server/modules/security/attempts.repository';
import type { endpoints } from '../../src/api/endpoints';
import {
  backofficeMembers,
  createTestContext,
  databaseKinds,
  fund,
  type Member,
  newMember,
  newOperator,
  type TestContext,
} from './harness';

/** Operator money actions: once per request id, and never without their audit row (nor it without them). */
describe.each(databaseKinds)('operator money actions and their audit on %s', (kind) => {
  let ctx: TestContext;
  let adminOperator: Awaited<ReturnType<typeof newOperator>>;
  let admin: string;
  /** The member the operator credits. */
  let member: Member;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    adminOperator = await newOperator(ctx, 'admin');
    admin = adminOperator.token;
    member = await newMember(ctx, { prefix: 'bonus' });
  });
  afterAll(() => ctx.close());

  const call = <N extends keyof typeof endpoints>(name: N, payload?: object, token = admin) =>
    ctx.call(name, { token, ...(payload ? { body: payload as never } : {}) });
  const auditRows = (requestId: string) =>
    ctx.handle.db.select().from(auditLog).where(sql`${auditLog.detail}->>'requestId' = ${requestId}`);

  it('credits a bonus once when the operator sends it again after a lost answer, and records it as a bonus', async () => {
    const adjustment = {
      username: member.username,
      amount: 7_000,
      reason: 'Welcome bonus',
      category: 'bonus',
      requestId: `adjust-retry-${kind}`,
    };
    const first = await call('adjustBalance', adjustment);
    // The answer was lost; the page sends the same request with the same id.
    const again = await call('adjustBalance', adjustment);
    expect(again.value).toEqual(first.value);
    expect(first.value).toMatchObject({ username: member.username, balance: 7_000 });
    const moves = await ctx.handle.db
      .select()
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `adjust:%:adjust-retry-${kind}`));
    expect(moves.map((m) => m.kind)).toEqual(['bonus']);
    const rows = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'balance_adjust'), eq(auditLog.target, member.username)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.detail).toMatchObject({
      amount: 7_000,
      category: 'bonus',
      requestId: adjustment.requestId,
    });
  });

  it('leaves neither the movement nor its audit row when the transaction dies between them', async () => {
    const [brandRow] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    const [operator] = await ctx.handle.db.select().from(operators).where(eq(operators.id, adminOperator.id));
    class DyingAudit extends AuditRepository {
      override async insert(entry: AuditEntry, executor?: never) {
        await super.insert(entry, executor);
        throw new Error('the process died here');
      }
    }
    const ledger = new Ledger(ctx.handle.db);
    const office = new BackofficeService(
      ctx.handle.db,
      ledger,
      null as never,
      null as never,
      backofficeMembers(ctx.handle.db),
      null as never,
      undefined,
      { limiter: new AttemptLimiter(new AttemptsRepository(ctx.handle.db)), requireTwoFactor: false },
      new DyingAudit(ctx.handle.db),
    );
    const brand = { id: brandRow!.id, currency: brandRow!.currency, maxAmount: brandRow!.maxAmount } as Brand;
    const requestId = `adjust-crash-${kind}`;
    await expect(
      office.adjust(
        { operator: { ...operator!, permissions: ['money.adjust'] }, brand, ip: '127.0.0.1' },
        { username: member.username, amount: 9_000, reason: 'Crash test', category: 'correction', requestId },
      ),
    ).rejects.toThrow('the process died here');
    const moves = await ctx.handle.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `adjust:${operator!.id}:${requestId}`));
    expect(moves).toEqual([]);
    expect(await auditRows(requestId)).toEqual([]);
  });

  it('answers a deposit decision sent again as it was, with one audit row', async () => {
    const payer = await newMember(ctx, { prefix: 'payer' });
    await fund(ctx, payer, 1);
    const created = await call(
      'createDeposit',
      { method: 'pix', amount: 20_000, requestId: `deposit-audit-${kind}` },
      payer.token,
    );
    const reference = created.value.reference;
    const decision = { reference, decision: 'confirm', requestId: `confirm-${kind}-0001` };
    const first = await call('decideDeposit', decision);
    const again = await call('decideDeposit', decision);
    expect(first).toMatchObject({ status: 200, value: { status: 'credited' } });
    expect(again).toMatchObject({ status: 200, value: { status: 'credited' } });
    const rows = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.target, reference));
    expect(rows.map((r) => r.action)).toEqual(['deposit_confirm']);
    expect(rows[0]!.detail).toMatchObject({ amount: 20_000, requestId: decision.requestId });
  });
});
