import type {
  LinkKind,
  MemberPage,
  MemberStatus,
  MemberSummary,
} from '../../../src/api/contract/backoffice-members';
import type { LanguageCode } from '../../../src/api/contract/common';
import type { DepositView } from '../../../src/api/contract/payments';
import type { BetRecord } from '../../../src/api/contract/records';
import type { WithdrawalView } from '../../../src/api/contract/withdrawals';
import { isLanguage } from '../../../src/api/languages';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { translate } from '../../http/messages';
import type { WithAudit } from '../backoffice/audit-port';
import type { OperatorContext } from '../backoffice/backoffice.service';
import type { Brand } from '../brand/brand.service';
import { isAgentType } from './accounts.service';
import type { MemberSearchFilter, MembersAdminRepository, SummaryRow } from './members-admin.repository';
import { type CodeChannel, phoneOf, type SmsVerification } from './sms-verification';

/** How many of each list the member page shows (newest first). */
const PAGE_LIST = 50;
const LINKED_PER_KIND = 50;

type AccountRecord = MemberPage['ledger'][number];

/**
 * What the member page reads of other modules, and the moves it makes through them (server/app.ts wires
 * each to its module's service): wallets and postings (wallet, ledger), deposits, withdrawals and bank
 * accounts (payments), rounds of every vertical (wallet's bet records), the agent tree's move (agents'
 * back office), the member's sockets (events) and the audit trail (back office).
 */
export interface MembersAdminPorts {
  withAudit(ctx: OperatorContext): WithAudit;
  wallets(
    brand: Brand,
    memberId: number,
  ): Promise<{ currency: string; main: number; hold: number; vendors: MemberPage['wallets']['vendors'] }>;
  ledger(memberId: number, limit: number): Promise<AccountRecord[]>;
  deposits(brand: Brand, memberId: number, limit: number): Promise<DepositView[]>;
  withdrawals(brand: Brand, memberId: number, limit: number): Promise<WithdrawalView[]>;
  bankAccounts(memberId: number): Promise<MemberPage['bankAccounts']>;
  /** The holder names of the member's bank accounts, in full. */
  holderNames(memberId: number): Promise<string[]>;
  /** Other members' bank accounts sharing a number or a holder name with this member's. */
  sharingBankDetails(
    memberId: number,
  ): Promise<Array<{ memberId: number; kind: 'bank_account' | 'payee_name'; value: string }>>;
  bets(
    brand: Brand,
    lang: LanguageCode,
    memberId: number,
    limit: number,
  ): Promise<{ items: BetRecord[]; total: number; summary: MemberPage['bets']['summary'] }>;
  /** The agent tree's move (its contracts with the agent it leaves end), audited by the agents' back office. */
  moveMember(
    ctx: OperatorContext,
    body: { username: string; upline: string; reason: string },
  ): Promise<unknown>;
  /** The member's withdrawal hold and open risk flags (risk module). */
  risk(memberId: number): Promise<MemberPage['risk']>;
  /** Tells the member's open sockets, in every process, to check their login now. */
  sessionsEnded(memberId: number): Promise<void>;
}

const maskEmail = (email: string) => {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
};
const maskPhone = (phone: string) => `${'*'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}`;

const statusOf = (status: string): MemberStatus =>
  status === 'locked' || status === 'closed' ? status : 'active';

/**
 * The back office's members (issue 27, item 1): search, a member's page, and the actions on a member
 * (lock and unlock, end sessions, a password reset code sent to the member, clear the payment password,
 * change agent, VIP level, notes). Every change says why and writes its audit row, with the values before
 * and after, in its own transaction.
 */
export class MembersAdmin {
  constructor(
    private readonly repo: MembersAdminRepository,
    private readonly sms: SmsVerification,
    private readonly ports: MembersAdminPorts,
  ) {}

  private summary(r: SummaryRow): MemberSummary {
    return {
      username: r.username,
      nickname: r.nickname,
      email: r.email,
      mobile: r.mobile ? `${r.countryDialingCode ? `+${r.countryDialingCode} ` : ''}${r.mobile}` : null,
      status: statusOf(r.status),
      vipLevel: r.vipLevel,
      userType: r.userType,
      isAgent: isAgentType(r.userType),
      agent: r.agent,
      registeredAt: r.createdAt.getTime(),
      registerIp: r.registerIp,
      lastLoginAt: r.lastLoginAt?.getTime() ?? null,
      lastLoginIp: r.lastLoginIp,
    };
  }

  async search(
    ctx: OperatorContext,
    query: Omit<MemberSearchFilter, 'from' | 'to'> & {
      from?: number | undefined;
      to?: number | undefined;
      page: number;
      pageSize: number;
    },
    lang: LanguageCode,
  ) {
    if (query.cpf && !this.repo.searchesCpf) {
      throw new AppError(
        'VALIDATION_FAILED',
        {},
        { issues: [{ path: 'query.cpf', message: translate(lang, 'backoffice.members.cpf_unavailable') }] },
      );
    }
    const found = await this.repo.search(
      ctx.brand.id,
      {
        ...query,
        from: query.from !== undefined ? new Date(query.from) : undefined,
        to: query.to !== undefined ? new Date(query.to) : undefined,
      },
      { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
    );
    return {
      items: found.rows.map((r) => this.summary(r)),
      total: found.total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  private async find(ctx: OperatorContext, username: string) {
    const member = await this.repo.member(ctx.brand.id, username);
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    return member;
  }

  async page(ctx: OperatorContext, username: string, lang: LanguageCode): Promise<MemberPage> {
    const m = await this.find(ctx, username);
    const [wallets, bankAccounts, holderNames, ledger, deposits, withdrawals, bets] = await Promise.all([
      this.ports.wallets(ctx.brand, m.id),
      this.ports.bankAccounts(m.id),
      this.ports.holderNames(m.id),
      this.ports.ledger(m.id, PAGE_LIST),
      this.ports.deposits(ctx.brand, m.id, PAGE_LIST),
      this.ports.withdrawals(ctx.brand, m.id, PAGE_LIST),
      this.ports.bets(ctx.brand, lang, m.id, PAGE_LIST),
    ]);
    const [sessions, devices, failed, notes, linked, risk] = await Promise.all([
      this.repo.sessions(m.id, PAGE_LIST),
      this.repo.devices(m.id, 20),
      this.repo.failedLogins(ctx.brand.id, m.username, 20),
      this.repo.notes(m.id),
      this.linked(ctx.brand.id, m.id, holderNames),
      this.ports.risk(m.id),
    ]);
    const now = Date.now();
    return {
      member: {
        ...this.summary(m),
        payeeName: m.payeeName,
        countryDialingCode: m.countryDialingCode,
        birthday: m.birthday,
        nationality: m.nationality,
        language: m.language,
        uplines: m.uplines,
        firstLoginAt: m.firstLoginAt?.getTime() ?? null,
        passwordChangedAt: m.passwordChangedAt.getTime(),
        twoFactor: m.twoFactor,
        hasPassword: m.hasPassword,
        hasPaymentPassword: m.hasPaymentPassword,
      },
      wallets: {
        ...wallets,
        total: wallets.main + wallets.hold + wallets.vendors.reduce((sum, w) => sum + w.balance, 0),
      },
      bankAccounts,
      ledger,
      deposits,
      withdrawals,
      bets,
      sessions: sessions.map((s) => ({
        id: s.id,
        loginType: s.loginType,
        ip: s.ip,
        device: s.device,
        createdAt: s.createdAt.getTime(),
        expiresAt: s.expiresAt.getTime(),
        endedAt: s.endedAt?.getTime() ?? null,
        active: s.endedAt === null && s.expiresAt.getTime() > now,
      })),
      devices: devices.map((d) => ({ ...d, lastAt: d.lastAt.getTime() })),
      failedLogins: failed.map((f) => ({ ip: f.ip, at: f.at.getTime() })),
      notes: notes.map((n) => ({ ...n, createdAt: n.createdAt.getTime() })),
      linked,
      risk,
    };
  }

  /** Members sharing a device, an address, a bank account or a payee name with this one. */
  private async linked(brandId: number, memberId: number, holderNames: string[]) {
    const [own, bank] = await Promise.all([
      this.repo.linked(brandId, memberId, holderNames, LINKED_PER_KIND),
      this.ports.sharingBankDetails(memberId),
    ]);
    const bankMembers = await this.repo.byIds(
      brandId,
      bank.map((b) => b.memberId),
    );
    const byUsername = new Map<string, MemberPage['linked'][number]>();
    const add = (username: string, status: string, kind: LinkKind, value: string) => {
      const entry = byUsername.get(username) ?? { username, status: statusOf(status), links: [] };
      if (!entry.links.some((l) => l.kind === kind && l.value === value)) entry.links.push({ kind, value });
      byUsername.set(username, entry);
    };
    for (const r of own) add(r.username, r.status, r.kind as LinkKind, r.value);
    for (const b of bank) {
      const other = bankMembers.get(b.memberId);
      if (other) add(other.username, other.status, b.kind, b.value);
    }
    return [...byUsername.values()].sort((a, b) => a.username.localeCompare(b.username));
  }

  /** Groups of the brand's members behind one address or one device (the risk scan's). */
  groups(brandId: number, by: 'address' | 'device', since: Date, min: number) {
    return this.repo.groups(brandId, by, since, min);
  }

  /** Which of these members belong to the brand. */
  async brandMembers(brandId: number, memberIds: number[]) {
    return new Set((await this.repo.byIds(brandId, memberIds)).keys());
  }

  /**
   * Locks a member for the risk team: as `lock` does (sessions and sockets ended at once), with the risk
   * module's own writes (`alongside`, given the sessions ended) in the same transaction. False when the
   * member was not active (already locked or closed): nothing is written.
   */
  async lockFor(memberId: number, alongside: (tx: Database, sessionsEnded: number) => Promise<void>) {
    const done = await this.repo.setStatus(memberId, 'active', 'locked', alongside);
    if (done) await this.ports.sessionsEnded(memberId);
    return done !== undefined;
  }

  /** Locks (every login refused, its sessions and sockets ended at once) or unlocks a member. */
  async lock(
    ctx: OperatorContext,
    body: { username: string; locked: boolean; reason: string },
    lang: LanguageCode,
  ) {
    const m = await this.find(ctx, body.username);
    const [from, to] = body.locked ? ['active', 'locked'] : ['locked', 'active'];
    const done = await this.repo.setStatus(m.id, from, to, (tx, sessionsEnded) =>
      this.ports.withAudit(ctx)(tx, {
        action: body.locked ? 'member_lock' : 'member_unlock',
        target: m.username,
        reason: body.reason,
        before: { status: from },
        after: { status: to },
        ...(body.locked ? { detail: { sessionsEnded } } : {}),
      }),
    );
    if (!done) throw new AppError('NOTHING_TO_CHANGE');
    if (body.locked) await this.ports.sessionsEnded(m.id);
    return this.page(ctx, m.username, lang);
  }

  async endSessions(ctx: OperatorContext, body: { username: string; reason: string }, lang: LanguageCode) {
    const m = await this.find(ctx, body.username);
    await this.repo.endSessions(m.id, async (tx, ended) =>
      this.ports.withAudit(ctx)(tx, {
        action: 'member_end_sessions',
        target: m.username,
        reason: body.reason,
        before: { openSessions: ended },
        after: { openSessions: 0 },
      }),
    );
    await this.ports.sessionsEnded(m.id);
    return this.page(ctx, m.username, lang);
  }

  /**
   * A password reset for the member, as "forgot password" sends it: a single-use code to the member's
   * e-mail or mobile, which the member types with a new password. The operator never sees the code nor
   * the password; nothing changes until the member uses it.
   */
  async resetPassword(
    ctx: OperatorContext,
    body: { username: string; channel: CodeChannel; reason: string },
    lang: LanguageCode,
  ) {
    const m = await this.find(ctx, body.username);
    const recipient =
      body.channel === 'email'
        ? m.email?.toLowerCase()
        : m.mobile && m.countryDialingCode
          ? phoneOf(m.countryDialingCode, m.mobile)
          : undefined;
    if (!recipient || m.userType === 4) throw new AppError('LOGIN_CHANNEL_UNAVAILABLE');
    const sent = await this.sms.send(
      ctx.brand,
      recipient,
      'reset',
      ctx.ip,
      m.language && isLanguage(m.language) ? m.language : lang,
      body.channel,
    );
    const sentTo = body.channel === 'email' ? maskEmail(recipient) : maskPhone(recipient);
    await this.repo.inTransaction((tx) =>
      this.ports.withAudit(ctx)(tx, {
        action: 'member_password_reset_sent',
        target: m.username,
        reason: body.reason,
        before: { passwordChangedAt: m.passwordChangedAt.getTime() },
        after: { codeSent: { channel: body.channel, to: sentTo } },
      }),
    );
    return { channel: body.channel, sentTo, expiresInMinutes: sent.expiredMinutes };
  }

  async clearPaymentPassword(
    ctx: OperatorContext,
    body: { username: string; reason: string },
    lang: LanguageCode,
  ) {
    const m = await this.find(ctx, body.username);
    const cleared = await this.repo.clearPaymentPassword(m.id, (tx) =>
      this.ports.withAudit(ctx)(tx, {
        action: 'member_payment_password_clear',
        target: m.username,
        reason: body.reason,
        before: { hasPaymentPassword: true },
        after: { hasPaymentPassword: false },
      }),
    );
    if (!cleared) throw new AppError('NOTHING_TO_CHANGE');
    return this.page(ctx, m.username, lang);
  }

  /** Another agent for the member: the agent tree's own move, with its audit row (agent_tree_move). */
  async changeAgent(
    ctx: OperatorContext,
    body: { username: string; upline: string; reason: string },
    lang: LanguageCode,
  ) {
    const m = await this.find(ctx, body.username);
    if ((m.agent ?? '') === body.upline) throw new AppError('NOTHING_TO_CHANGE');
    await this.ports.moveMember(ctx, body);
    return this.page(ctx, m.username, lang);
  }

  async setVipLevel(
    ctx: OperatorContext,
    body: { username: string; vipLevel: number; reason: string },
    lang: LanguageCode,
  ) {
    const m = await this.find(ctx, body.username);
    const before = await this.repo.setVipLevel(m.id, body.vipLevel, (tx, before) =>
      this.ports.withAudit(ctx)(tx, {
        action: 'member_vip_level',
        target: m.username,
        reason: body.reason,
        before: { vipLevel: before },
        after: { vipLevel: body.vipLevel },
      }),
    );
    if (before === undefined) throw new AppError('NOTHING_TO_CHANGE');
    return this.page(ctx, m.username, lang);
  }

  /** A note on the member: written once, never edited nor deleted; the note is its own reason. */
  async addNote(ctx: OperatorContext, body: { username: string; body: string }, lang: LanguageCode) {
    const m = await this.find(ctx, body.username);
    await this.repo.addNote(
      {
        brandId: ctx.brand.id,
        memberId: m.id,
        operatorId: ctx.operator.id,
        operatorName: ctx.operator.username,
        body: body.body,
      },
      (tx, id) =>
        this.ports.withAudit(ctx)(tx, {
          action: 'member_note',
          target: m.username,
          reason: body.body,
          before: null,
          after: { noteId: id, body: body.body },
        }),
    );
    return this.page(ctx, m.username, lang);
  }
}
