import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { LanguageCode } from '../../../src/api/contract/common';
import {
  type WithdrawalStatus,
  type WithdrawalView,
  withdrawalStatesBefore,
} from '../../../src/api/contract/withdrawals';
import { formatAmount } from '../../../src/ui/format';
import type { Database } from '../../db/client';
import { brands, memberBankAccounts, members, withdrawalProofs, withdrawals } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { hashPassword } from '../accounts/credentials';
import type { Brand } from '../brand/brand.service';
import type { MemberEvents } from '../events/member-events';
import { amountBoundsError, type Ledger } from '../ledger/ledger';
import type { PaymentPasswordGuard } from '../security/payment-password';
import { checkAmount, checkBrandMaximum } from '../wallet/amount';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newReference = () =>
  `W${Array.from({ length: 9 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;
const MAX_BANK_ACCOUNTS = 3;
/** Spec 9: png or jpg, 5 MB each, 3 at most. */
export const MAX_PROOFS = 3;
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;

/** The picture's real type, read from its first bytes (never from the name or the browser's word). */
function imageType(data: Buffer): 'image/png' | 'image/jpeg' | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  return null;
}
const mask = (number: string) => `•••• ${number.slice(-4)}`;

type WithdrawalRow = typeof withdrawals.$inferSelect;

/** Raised by the database functions; the message names the stable code. */
function translate(error: unknown): never {
  const message = String(
    (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message,
  );
  for (const code of ['WITHDRAW_DAILY_LIMIT', 'WITHDRAWAL_STATE', 'WITHDRAWAL_NOT_FOUND'] as const) {
    if (message.includes(code)) throw new AppError(code);
  }
  if (message.includes('LEDGER_INSUFFICIENT_FUNDS')) throw new AppError('INSUFFICIENT_FUNDS');
  throw amountBoundsError(error) ?? error;
}

/**
 * Withdrawals (spec 4.8): a payment password, the member's bank accounts, limits, the money held at
 * request, the operator's decision, then the member's confirmation of receipt.
 */
export class WithdrawalsService {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly paymentPasswords: PaymentPasswordGuard,
    private readonly events?: MemberEvents,
  ) {}

  /** Tells the member's open pages about the withdrawal and the main balance after it. */
  private async announce(
    brand: Brand,
    memberId: number,
    reference: string,
    status: WithdrawalStatus,
    amount: number,
  ) {
    if (!this.events) return;
    await this.events.publish(memberId, { type: 'withdrawal', reference, status, amount });
    const main = await this.ledger.memberAccount(brand.id, memberId, 'main', brand.currency);
    await this.events.publish(memberId, {
      type: 'balance',
      balance: await this.ledger.balance(main),
      currency: brand.currency,
    });
  }

  private async rules(brandId: number) {
    const [row] = await this.db
      .select({
        min: brands.withdrawMin,
        max: brands.withdrawMax,
        daily: brands.withdrawDailyCount,
        confirmMinutes: brands.withdrawConfirmMinutes,
      })
      .from(brands)
      .where(eq(brands.id, brandId));
    return row!;
  }

  private startOfDay() {
    const d = new Date();
    d.setHours(0, 0, 0, 0);
    return d;
  }

  async bankAccounts(memberId: number) {
    const rows = await this.db
      .select()
      .from(memberBankAccounts)
      .where(and(eq(memberBankAccounts.memberId, memberId), isNull(memberBankAccounts.removedAt)))
      .orderBy(memberBankAccounts.id);
    return rows.map((r) => ({
      id: r.id,
      bankName: r.bankName,
      accountName: r.accountName,
      accountNumber: mask(r.accountNumber),
    }));
  }

  async setup(brand: Brand, member: { id: number; paymentPasswordHash: string | null }) {
    const [rules, accounts, [today], main] = await Promise.all([
      this.rules(brand.id),
      this.bankAccounts(member.id),
      this.db
        .select({ n: count() })
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.memberId, member.id),
            gte(withdrawals.createdAt, this.startOfDay()),
            notInArray(withdrawals.status, ['rejected', 'cancelled']),
          ),
        ),
      this.ledger.memberAccount(brand.id, member.id, 'main', brand.currency),
    ]);
    return {
      hasPaymentPassword: member.paymentPasswordHash !== null,
      bankAccounts: accounts,
      currency: brand.currency,
      balance: await this.ledger.balance(main),
      minAmount: rules.min,
      maxAmount: rules.max,
      dailyCount: rules.daily,
      usedToday: today?.n ?? 0,
      confirmMinutes: rules.confirmMinutes,
    };
  }

  /** Sets the payment password (the login password proves who asks) or changes it (the old one does). */
  async setPaymentPassword(
    member: { id: number; passwordHash: string | null; paymentPasswordHash: string | null },
    body: { password: string; loginPassword?: string | undefined; oldPassword?: string | undefined },
  ) {
    if (member.paymentPasswordHash) {
      await this.paymentPasswords.verify(member, body.oldPassword ?? '');
    } else {
      await this.paymentPasswords.verifyLoginPassword(member, body.loginPassword ?? '');
    }
    await this.db
      .update(members)
      .set({ paymentPasswordHash: await hashPassword(body.password) })
      .where(eq(members.id, member.id));
    return { hasPaymentPassword: true };
  }

  /**
   * Adds a bank account, three at most. The member's row is locked first, so additions sent at once
   * take turns: each counts what the one before it stored.
   */
  async addBankAccount(
    memberId: number,
    body: { bankName: string; accountName: string; accountNumber: string },
  ) {
    await this.db.transaction(async (tx) => {
      await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('no key update');
      const [stored] = await tx
        .select({ n: count() })
        .from(memberBankAccounts)
        .where(and(eq(memberBankAccounts.memberId, memberId), isNull(memberBankAccounts.removedAt)));
      if ((stored?.n ?? 0) >= MAX_BANK_ACCOUNTS) throw new AppError('BANK_ACCOUNT_LIMIT');
      await tx.insert(memberBankAccounts).values({ memberId, ...body });
    });
    return this.bankAccounts(memberId);
  }

  async removeBankAccount(memberId: number, id: number) {
    const removed = await this.db
      .update(memberBankAccounts)
      .set({ removedAt: sql`now()` })
      .where(
        and(
          eq(memberBankAccounts.id, id),
          eq(memberBankAccounts.memberId, memberId),
          isNull(memberBankAccounts.removedAt),
        ),
      )
      .returning({ id: memberBankAccounts.id });
    if (removed.length === 0) throw new AppError('BANK_ACCOUNT_NOT_FOUND');
    return this.bankAccounts(memberId);
  }

  async request(
    brand: Brand,
    member: { id: number; paymentPasswordHash: string | null },
    body: { bankAccountId: number; amount: number; paymentPassword: string; requestId: string },
    lang: LanguageCode,
  ): Promise<WithdrawalView> {
    const amount = checkAmount(body.amount);
    await this.paymentPasswords.verify(member, body.paymentPassword);
    const rules = await this.rules(brand.id);
    const money = (minor: number) => `${formatAmount(minor, lang)} ${brand.currency}`;
    if (amount < rules.min) throw new AppError('AMOUNT_BELOW_MIN', { min: money(rules.min) });
    if (amount > rules.max) throw new AppError('AMOUNT_ABOVE_MAX', { max: money(rules.max) });
    checkBrandMaximum(brand, amount, lang);
    const [account] = await this.db
      .select()
      .from(memberBankAccounts)
      .where(
        and(
          eq(memberBankAccounts.id, body.bankAccountId),
          eq(memberBankAccounts.memberId, member.id),
          isNull(memberBankAccounts.removedAt),
        ),
      );
    if (!account) throw new AppError('BANK_ACCOUNT_NOT_FOUND');
    const main = await this.ledger.memberAccount(brand.id, member.id, 'main', brand.currency);
    const hold = await this.ledger.memberAccount(brand.id, member.id, 'hold', brand.currency);
    const bank = {
      bankName: account.bankName,
      accountName: account.accountName,
      accountNumber: account.accountNumber,
    };
    try {
      const result = await this.db.execute(sql`SELECT withdrawal_request(
        ${brand.id}::integer, ${member.id}::integer, ${newReference()}, ${body.requestId},
        ${JSON.stringify(bank)}::jsonb, ${amount}::bigint, ${main}::bigint, ${hold}::bigint,
        ${rules.daily}::integer, ${this.startOfDay().toISOString()}::timestamptz) AS out`);
      const out = (result as unknown as { rows: Array<{ out: { reference: string; replayed: boolean } }> })
        .rows[0]!.out;
      if (!out.replayed) await this.announce(brand, member.id, out.reference, 'pending', amount);
      return this.get(brand, member.id, out.reference);
    } catch (error) {
      translate(error);
    }
  }

  /** Payments not answered within the brand's minutes count as received (spec 4.8). */
  /**
   * Paid withdrawals the member has not answered within the brand's confirmation time count as received
   * (spec: auto). Runs as the `withdrawals.auto-confirm` job, never inside a read; returns how many.
   */
  async autoConfirm(): Promise<number> {
    const confirmed = await this.db.execute(sql`
      UPDATE withdrawals w SET status = 'received', confirmation = 'auto', updated_at = now()
      FROM brands b
      WHERE w.brand_id = b.id AND w.status = 'paid'
        AND w.decided_at < now() - make_interval(mins => b.withdraw_confirm_minutes)
      RETURNING w.id`);
    return (confirmed as unknown as { rows: unknown[] }).rows.length;
  }

  private async confirmMinutes(brandId: number) {
    return (await this.rules(brandId)).confirmMinutes;
  }

  view(row: WithdrawalRow, confirmMinutes: number): WithdrawalView {
    return {
      reference: row.reference,
      amount: row.amount,
      status: row.status as WithdrawalStatus,
      reason: row.reason,
      confirmation: row.confirmation,
      bank: { ...row.bank, accountNumber: mask(row.bank.accountNumber ?? '') },
      createdAt: row.createdAt.getTime(),
      decidedAt: row.decidedAt?.getTime() ?? null,
      confirmBy:
        row.status === 'paid' && row.decidedAt ? row.decidedAt.getTime() + confirmMinutes * 60_000 : null,
    };
  }

  async list(brand: Brand, memberId: number, status: WithdrawalStatus | undefined, limit: number) {
    const minutes = await this.confirmMinutes(brand.id);
    const rows = await this.db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.memberId, memberId), status ? eq(withdrawals.status, status) : undefined))
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(limit);
    return rows.map((r) => this.view(r, minutes));
  }

  async row(brandId: number, reference: string, memberId: number | null) {
    const [row] = await this.db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.brandId, brandId), eq(withdrawals.reference, reference)));
    if (!row || (memberId !== null && row.memberId !== memberId)) throw new AppError('WITHDRAWAL_NOT_FOUND');
    return row;
  }

  async get(brand: Brand, memberId: number, reference: string) {
    const minutes = await this.confirmMinutes(brand.id);
    return this.view(await this.row(brand.id, reference, memberId), minutes);
  }

  /**
   * Moves a withdrawal along its lifecycle with the money that goes with it: paid (held → out through
   * clearing), rejected or cancelled (held → back to main), refunded (clearing → main), none otherwise.
   */
  async decide(
    brand: Brand,
    row: WithdrawalRow,
    to: WithdrawalStatus,
    by: { operatorId?: number; reason?: string },
    /** What must commit with the decision (an operator's audit row); not run on a replay. */
    alongside?: (tx: Database) => Promise<void>,
  ) {
    const main = await this.ledger.memberAccount(brand.id, row.memberId, 'main', brand.currency);
    const hold = await this.ledger.memberAccount(brand.id, row.memberId, 'hold', brand.currency);
    const clearing = await this.ledger.houseAccount(brand.id, 'clearing', brand.currency);
    const moves: Partial<Record<WithdrawalStatus, [string, number, number]>> = {
      paid: ['withdrawal', hold, clearing],
      rejected: ['withdrawal_release', hold, main],
      cancelled: ['withdrawal_release', hold, main],
      refunded: ['withdrawal_refund', clearing, main],
    };
    const move = moves[to];
    const accounts = move ? `{${move[1]},${move[2]}}` : '{}';
    const amounts = move ? `{${-row.amount},${row.amount}}` : '{}';
    try {
      const statement = sql`SELECT withdrawal_decide(
        ${row.id}::bigint, ${to}, ${`{${withdrawalStatesBefore(to).join(',')}}`}::text[],
        ${by.operatorId ?? null}::integer, ${by.reason ?? null}, ${move?.[0] ?? 'none'},
        ${accounts}::bigint[], ${amounts}::bigint[]) AS out`;
      const outOf = (result: unknown) =>
        (result as { rows: Array<{ out: { replayed: boolean } }> }).rows[0]!.out;
      const out = alongside
        ? await this.db.transaction(async (tx) => {
            const decided = outOf(await tx.execute(statement));
            if (!decided.replayed) await alongside(tx as unknown as Database);
            return decided;
          })
        : outOf(await this.db.execute(statement));
      if (!out.replayed) await this.announce(brand, row.memberId, row.reference, to, row.amount);
    } catch (error) {
      translate(error);
    }
  }

  async cancel(brand: Brand, memberId: number, reference: string) {
    await this.decide(brand, await this.row(brand.id, reference, memberId), 'cancelled', {});
    return this.get(brand, memberId, reference);
  }

  /** The member's answer after payment: received (or all received), or not received with proof. */
  async confirm(
    brand: Brand,
    memberId: number,
    body: {
      reference: string;
      outcome: 'received' | 'all_received' | 'not_received';
      proof?: string | undefined;
    },
  ) {
    const row = await this.row(brand.id, body.reference, memberId);
    if (body.outcome === 'not_received' && !body.proof) throw new AppError('PROOF_REQUIRED');
    await this.decide(brand, row, body.outcome === 'not_received' ? 'disputed' : 'received', {});
    await this.db
      .update(withdrawals)
      .set({ confirmation: body.outcome, proof: body.proof ?? null })
      .where(eq(withdrawals.id, row.id));
    return this.get(brand, memberId, body.reference);
  }

  /**
   * Pictures for a payment that did not arrive, while the withdrawal is paid or disputed, three at
   * most. The withdrawal's row is locked first, so uploads sent at once take turns: each counts what
   * the one before it stored.
   */
  async addProofs(brand: Brand, memberId: number, reference: string, files: Buffer[]) {
    const typed = files.map((data) => {
      if (data.length > MAX_PROOF_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
      const mime = imageType(data);
      if (!mime) throw new AppError('PROOF_FILE_TYPE');
      return { mime, data };
    });
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: withdrawals.id, memberId: withdrawals.memberId, status: withdrawals.status })
        .from(withdrawals)
        .where(and(eq(withdrawals.brandId, brand.id), eq(withdrawals.reference, reference)))
        .for('no key update');
      if (!row || row.memberId !== memberId) throw new AppError('WITHDRAWAL_NOT_FOUND');
      if (row.status !== 'paid' && row.status !== 'disputed') throw new AppError('WITHDRAWAL_STATE');
      const [existing] = await tx
        .select({ n: count() })
        .from(withdrawalProofs)
        .where(eq(withdrawalProofs.withdrawalId, row.id));
      const stored = existing?.n ?? 0;
      if (stored + typed.length > MAX_PROOFS) throw new AppError('PROOF_TOO_MANY');
      if (typed.length > 0) {
        await tx.insert(withdrawalProofs).values(typed.map((f) => ({ withdrawalId: row.id, ...f })));
      }
      return { proofs: stored + typed.length };
    });
  }

  /** One proof picture, for the operator of the withdrawal's brand. */
  async proofImage(brandId: number, id: number) {
    const [found] = await this.db
      .select({ mime: withdrawalProofs.mime, data: withdrawalProofs.data })
      .from(withdrawalProofs)
      .innerJoin(withdrawals, eq(withdrawals.id, withdrawalProofs.withdrawalId))
      .where(and(eq(withdrawalProofs.id, id), eq(withdrawals.brandId, brandId)));
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  /** The operator's queue: withdrawals of a brand in a status, oldest first. */
  async queue(brandId: number, status: WithdrawalStatus, limit = 50) {
    const minutes = await this.confirmMinutes(brandId);
    const rows = await this.db
      .select({ row: withdrawals, username: members.username })
      .from(withdrawals)
      .innerJoin(members, eq(members.id, withdrawals.memberId))
      .where(and(eq(withdrawals.brandId, brandId), eq(withdrawals.status, status)))
      .orderBy(withdrawals.createdAt)
      .limit(limit);
    return this.queueRows(rows, minutes);
  }

  /** One withdrawal of the brand as the operator's queue shows it, whatever its status and age. */
  async queueRow(brandId: number, reference: string) {
    const minutes = await this.confirmMinutes(brandId);
    const rows = await this.db
      .select({ row: withdrawals, username: members.username })
      .from(withdrawals)
      .innerJoin(members, eq(members.id, withdrawals.memberId))
      .where(and(eq(withdrawals.brandId, brandId), eq(withdrawals.reference, reference)));
    const [found] = await this.queueRows(rows, minutes);
    if (!found) throw new AppError('WITHDRAWAL_NOT_FOUND');
    return found;
  }

  /** Queue lines: the bank account in full (the operator pays it) and the member's proof pictures. */
  private async queueRows(rows: Array<{ row: WithdrawalRow; username: string }>, minutes: number) {
    const proofs = rows.length
      ? await this.db
          .select({ id: withdrawalProofs.id, withdrawalId: withdrawalProofs.withdrawalId })
          .from(withdrawalProofs)
          .where(
            inArray(
              withdrawalProofs.withdrawalId,
              rows.map((r) => r.row.id),
            ),
          )
      : [];
    return rows.map(({ row, username }) => ({
      ...this.view(row, minutes),
      // The operator pays the account in full; the member sees it masked.
      bank: row.bank,
      username,
      proof: row.proof,
      proofImages: proofs.filter((p) => p.withdrawalId === row.id).map((p) => p.id),
    }));
  }
}
