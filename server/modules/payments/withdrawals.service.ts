import { randomInt } from 'node:crypto';
import type { LanguageCode } from '../../../src/api/contract/common';
import {
  type WithdrawalStatus,
  type WithdrawalView,
  withdrawalStatesBefore,
} from '../../../src/api/contract/withdrawals';
import { maskPixKey, normalizePixKey, type PixKeyType } from '../../../src/api/pix-key';
import { formatAmount } from '../../../src/ui/format';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { pngOrJpeg } from '../../lib/image-type';
import { hashPassword } from '../accounts/credentials';
import type { Brand } from '../brand/brand.service';
import type { MemberEvents } from '../events/member-events';
import { amountBoundsError, type Ledger, NO_POSTINGS, type Side } from '../ledger/ledger';
import type { PaymentPasswordGuard } from '../security/payment-password';
import { checkAmount, checkBrandMaximum } from '../wallet/amount';
import { type WithdrawalRow, WithdrawalsRepository } from './withdrawals.repository';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newReference = () =>
  `W${Array.from({ length: 9 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;
const MAX_BANK_ACCOUNTS = 3;
/** Spec 9: png or jpg, 5 MB each, 3 at most. */
export const MAX_PROOFS = 3;
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;

const mask = (number: string) => `•••• ${number.slice(-4)}`;

/** A brand's withdrawal rules (spec 9), kept by the brand module. */
export interface WithdrawalRules {
  min: number;
  max: number;
  daily: number;
  confirmMinutes: number;
}

/** What withdrawals ask of other modules. */
export interface WithdrawalNeighbours {
  /** The brand's withdrawal rules (brand module). */
  rules(brandId: number): Promise<WithdrawalRules>;
  /** Every brand's confirmation minutes, for the auto-confirm job (brand module). */
  confirmMinutes(): Promise<Array<{ brandId: number; minutes: number }>>;
  /** Usernames by member id, for the back-office queue (accounts module). */
  usernames(memberIds: number[]): Promise<Map<number, string>>;
  /** Stores a member's new payment password hash (accounts module). */
  savePaymentPasswordHash(memberId: number, hash: string): Promise<void>;
  /** Who the member is (kyc module); without it no identity is asked and every payee goes to the queue. */
  identity?: WithdrawalIdentity;
  /** Whether the risk team holds the member's withdrawals (risk module), and why. */
  risk?: { hold(memberId: number): Promise<{ reason: string } | null> };
  /**
   * The member's active bonus (promotions module): released first when its wagering is met, else the
   * withdrawal is refused with what is left to wager.
   */
  bonus?: { beforeWithdrawal(brand: Brand, memberId: number): Promise<void> };
}

/** What withdrawals ask of the kyc module (server/modules/kyc/kyc.service.ts). */
export interface WithdrawalIdentity {
  /** The identity facts (full name, birthday, CPF) still missing: no withdrawal before they are given. */
  identityMissing(brand: Brand, memberId: number): Promise<Array<'fullName' | 'birthday' | 'cpf'>>;
  /**
   * Why a payment to this payee must wait for an operator (its holder is not the member's full name),
   * kept on the withdrawal; null when it goes to the queue. PIX keys' holders use the same check.
   */
  payeeReview(brand: Brand, memberId: number, holderName: string): Promise<Record<string, string> | null>;
}

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
  private readonly repo: WithdrawalsRepository;

  constructor(
    db: Database,
    private readonly ledger: Ledger,
    private readonly paymentPasswords: PaymentPasswordGuard,
    private readonly neighbours: WithdrawalNeighbours,
    private readonly events?: MemberEvents,
  ) {
    this.repo = new WithdrawalsRepository(db);
  }

  /**
   * Each member's paid withdrawals per day of the brand's time zone, paid in [from, to), of every member
   * or only of `memberIds` (agents' reports).
   */
  dailyTotals(brandId: number, from: Date, to: Date, timeZone: string, memberIds?: number[]) {
    return this.repo.dailyTotals(brandId, from, to, timeZone, memberIds);
  }

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

  private rules(brandId: number) {
    return this.neighbours.rules(brandId);
  }

  private startOfDay() {
    const d = new Date();
    d.setHours(0, 0, 0, 0);
    return d;
  }

  async bankAccounts(memberId: number) {
    const rows = await this.repo.bankAccounts(memberId);
    return rows.map((r) => ({
      id: r.id,
      bankName: r.bankName,
      accountName: r.accountName,
      accountNumber: r.pixKeyType ? maskPixKey(r.pixKeyType, r.accountNumber) : mask(r.accountNumber),
      pixKeyType: r.pixKeyType,
    }));
  }

  /** The holder names of the member's bank accounts, in full (a login from a new address is checked with one). */
  async holderNames(memberId: number): Promise<string[]> {
    return (await this.repo.bankAccounts(memberId)).map((r) => r.accountName);
  }

  /**
   * Members whose bank accounts share a number or a holder name with this member's (the back office's
   * linked accounts): the number masked as the member pages show it.
   */
  async sharingBankDetails(memberId: number, limit = 50) {
    const rows = await this.repo.sharingBankDetails(memberId, limit);
    return rows.map((r) => ({
      memberId: r.memberId,
      kind: r.kind,
      value: r.kind === 'bank_account' ? mask(r.accountNumber) : r.accountName,
    }));
  }

  /**
   * Bank account numbers (or PIX keys) and holder names used by more than one member, for the risk scan:
   * the number masked, members newest first.
   */
  async payeeGroups() {
    const rows = await this.repo.payeeGroups(200);
    return rows.map((r) => ({ ...r, value: r.kind === 'bank_account' ? mask(r.value) : r.value }));
  }

  /** The brand's withdrawals asked since `since` and not cancelled or rejected (the risk scan's). */
  recentRequests(brandId: number, since: Date) {
    return this.repo.recentRequests(brandId, since);
  }

  async setup(brand: Brand, member: { id: number; paymentPasswordHash: string | null }) {
    const [rules, accounts, usedToday, main] = await Promise.all([
      this.rules(brand.id),
      this.bankAccounts(member.id),
      this.repo.countSince(member.id, this.startOfDay()),
      this.ledger.memberAccount(brand.id, member.id, 'main', brand.currency),
    ]);
    return {
      identityMissing: (await this.neighbours.identity?.identityMissing(brand, member.id)) ?? [],
      hasPaymentPassword: member.paymentPasswordHash !== null,
      bankAccounts: accounts,
      currency: brand.currency,
      balance: await this.ledger.balance(main),
      minAmount: rules.min,
      maxAmount: rules.max,
      dailyCount: rules.daily,
      usedToday,
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
    await this.neighbours.savePaymentPasswordHash(member.id, await hashPassword(body.password));
    return { hasPaymentPassword: true };
  }

  /**
   * Adds a bank account, three at most; additions sent at once take turns, each counting what the one
   * before it stored.
   */
  async addBankAccount(
    memberId: number,
    body: {
      pixKeyType?: PixKeyType | undefined;
      bankName?: string | undefined;
      accountName: string;
      accountNumber: string;
    },
  ) {
    const account = body.pixKeyType
      ? {
          bankName: 'PIX',
          accountName: body.accountName,
          accountNumber: normalizePixKey(body.pixKeyType, body.accountNumber),
          pixKeyType: body.pixKeyType,
        }
      : { bankName: body.bankName!, accountName: body.accountName, accountNumber: body.accountNumber };
    if (account.accountNumber === null) throw new AppError('PIX_KEY_INVALID');
    if (
      !(await this.repo.addBankAccount(
        memberId,
        { ...account, accountNumber: account.accountNumber },
        MAX_BANK_ACCOUNTS,
      ))
    ) {
      throw new AppError('BANK_ACCOUNT_LIMIT');
    }
    return this.bankAccounts(memberId);
  }

  async removeBankAccount(memberId: number, id: number) {
    if (!(await this.repo.removeBankAccount(memberId, id))) throw new AppError('BANK_ACCOUNT_NOT_FOUND');
    return this.bankAccounts(memberId);
  }

  async request(
    brand: Brand,
    member: { id: number; paymentPasswordHash: string | null },
    body: { bankAccountId: number; amount: number; paymentPassword: string; requestId: string },
    lang: LanguageCode,
  ): Promise<WithdrawalView> {
    const amount = checkAmount(body.amount);
    if (((await this.neighbours.identity?.identityMissing(brand, member.id)) ?? []).length > 0)
      throw new AppError('IDENTITY_REQUIRED');
    await this.paymentPasswords.verify(member, body.paymentPassword);
    const rules = await this.rules(brand.id);
    const money = (minor: number) => `${formatAmount(minor, lang)} ${brand.currency}`;
    if (amount < rules.min) throw new AppError('AMOUNT_BELOW_MIN', { min: money(rules.min) });
    if (amount > rules.max) throw new AppError('AMOUNT_ABOVE_MAX', { max: money(rules.max) });
    checkBrandMaximum(brand, amount, lang);
    const account = await this.repo.bankAccount(member.id, body.bankAccountId);
    if (!account) throw new AppError('BANK_ACCOUNT_NOT_FOUND');
    await this.neighbours.bonus?.beforeWithdrawal(brand, member.id);
    const main = await this.ledger.memberAccount(brand.id, member.id, 'main', brand.currency);
    const hold = await this.ledger.memberAccount(brand.id, member.id, 'hold', brand.currency);
    const bank = {
      bankName: account.bankName,
      accountName: account.accountName,
      accountNumber: account.accountNumber,
      ...(account.pixKeyType ? { pixKeyType: account.pixKeyType } : {}),
    };
    // Withdrawals the risk team holds, or a holder who is not the member: an operator's review instead
    // of the queue.
    const held = (await this.neighbours.risk?.hold(member.id)) ?? null;
    const review = held
      ? { reason: 'risk_hold', note: held.reason }
      : ((await this.neighbours.identity?.payeeReview(brand, member.id, account.accountName)) ?? null);
    try {
      const out = await this.repo.request({
        brandId: brand.id,
        memberId: member.id,
        reference: newReference(),
        requestId: body.requestId,
        bank,
        amount,
        main,
        hold,
        dailyCount: rules.daily,
        startOfDay: this.startOfDay(),
        review,
      });
      if (!out.replayed)
        await this.announce(brand, member.id, out.reference, review ? 'review' : 'pending', amount);
      return this.get(brand, member.id, out.reference);
    } catch (error) {
      translate(error);
    }
  }

  /** The member's bank accounts (in full) and withdrawals, for their own data (LGPD export). */
  async exportOf(memberId: number) {
    const [accounts, rows] = await Promise.all([
      this.repo.bankAccounts(memberId),
      this.repo.list(memberId, undefined, 100_000),
    ]);
    return {
      bankAccounts: accounts.map((a) => ({
        bankName: a.bankName,
        accountName: a.accountName,
        accountNumber: a.accountNumber,
        pixKeyType: a.pixKeyType,
        createdAt: a.createdAt.toISOString(),
      })),
      withdrawals: rows.map((r) => ({
        reference: r.reference,
        amount: r.amount,
        status: r.status,
        reason: r.reason,
        confirmation: r.confirmation,
        bank: r.bank,
        createdAt: r.createdAt.toISOString(),
        decidedAt: r.decidedAt?.toISOString() ?? null,
      })),
    };
  }

  /** Withdrawals whose money may still move (held, paid and unanswered, disputed). */
  async openCount(memberId: number) {
    const rows = await this.repo.list(memberId, undefined, 100_000);
    return rows.filter((r) => ['review', 'pending', 'paid', 'disputed'].includes(r.status)).length;
  }

  /** Payments not answered within the brand's minutes count as received (spec 4.8). */
  /**
   * Paid withdrawals the member has not answered within the brand's confirmation time count as received
   * (spec: auto). Runs as the `withdrawals.auto-confirm` job, never inside a read; returns how many.
   */
  async autoConfirm(): Promise<number> {
    return this.repo.autoConfirm(await this.neighbours.confirmMinutes());
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
      review: row.review?.reason ?? null,
    };
  }

  async list(brand: Brand, memberId: number, status: WithdrawalStatus | undefined, limit: number) {
    const minutes = await this.confirmMinutes(brand.id);
    const rows = await this.repo.list(memberId, status, limit);
    return rows.map((r) => this.view(r, minutes));
  }

  async row(brandId: number, reference: string, memberId: number | null) {
    const row = await this.repo.byReference(brandId, reference);
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
    const hold: Side = { memberId: row.memberId, wallet: 'hold' };
    const main: Side = { memberId: row.memberId, wallet: 'main' };
    const clearing: Side = { house: 'clearing' };
    const moves: Partial<Record<WithdrawalStatus, [string, Side, Side]>> = {
      paid: ['withdrawal', hold, clearing],
      rejected: ['withdrawal_release', hold, main],
      cancelled: ['withdrawal_release', hold, main],
      refunded: ['withdrawal_refund', clearing, main],
    };
    // While the risk team holds the member's withdrawals none is paid or sent on to the queue.
    if ((to === 'paid' || (to === 'pending' && row.status === 'review')) && this.neighbours.risk) {
      if (await this.neighbours.risk.hold(row.memberId)) throw new AppError('WITHDRAWAL_ON_HOLD');
    }
    const move = moves[to];
    const postings = move
      ? await this.ledger.postingsFor({ brand, from: move[1], to: move[2], amount: row.amount })
      : NO_POSTINGS;
    try {
      const out = await this.repo.decide(
        {
          id: row.id,
          to,
          from: withdrawalStatesBefore(to),
          operatorId: by.operatorId ?? null,
          reason: by.reason ?? null,
          kind: move?.[0] ?? 'none',
          ...postings,
        },
        alongside,
      );
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
    await this.repo.recordConfirmation(row.id, body.outcome, body.proof ?? null);
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
      const mime = pngOrJpeg(data);
      if (!mime) throw new AppError('PROOF_FILE_TYPE');
      return { mime, data };
    });
    const proofs = await this.repo.addProofs(
      brand.id,
      reference,
      (row, stored) => {
        if (!row || row.memberId !== memberId) throw new AppError('WITHDRAWAL_NOT_FOUND');
        if (row.status !== 'paid' && row.status !== 'disputed') throw new AppError('WITHDRAWAL_STATE');
        if (stored + typed.length > MAX_PROOFS) throw new AppError('PROOF_TOO_MANY');
      },
      typed,
    );
    return { proofs };
  }

  /** One proof picture, for the operator of the withdrawal's brand. */
  async proofImage(brandId: number, id: number) {
    const found = await this.repo.proofImage(brandId, id);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  /** The operator's queue: withdrawals of a brand in a status, oldest first. */
  async queue(brandId: number, status: WithdrawalStatus, limit = 50) {
    const minutes = await this.confirmMinutes(brandId);
    const rows = await this.repo.queue(brandId, status, limit);
    return this.queueRows(rows, minutes);
  }

  /** One withdrawal of the brand as the operator's queue shows it, whatever its status and age. */
  async queueRow(brandId: number, reference: string) {
    const minutes = await this.confirmMinutes(brandId);
    const row = await this.repo.byReference(brandId, reference);
    const [found] = await this.queueRows(row ? [row] : [], minutes);
    if (!found) throw new AppError('WITHDRAWAL_NOT_FOUND');
    return found;
  }

  /** Queue lines: the bank account in full (the operator pays it) and the member's proof pictures. */
  private async queueRows(rows: WithdrawalRow[], minutes: number) {
    const [proofs, usernames] = await Promise.all([
      this.repo.proofIds(rows.map((r) => r.id)),
      this.neighbours.usernames([...new Set(rows.map((r) => r.memberId))]),
    ]);
    return rows.map((row) => ({
      ...this.view(row, minutes),
      // The operator pays the account in full; the member sees it masked.
      bank: row.bank,
      username: usernames.get(row.memberId) ?? '',
      proof: row.proof,
      proofImages: proofs.filter((p) => p.withdrawalId === row.id).map((p) => p.id),
      reviewDetail: row.review ?? null,
    }));
  }
}
