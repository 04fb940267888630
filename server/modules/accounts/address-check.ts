import { createHash, timingSafeEqual } from 'node:crypto';
import type { LoginChannel, NewAddressChallenge } from '../../../src/api/contract/accounts';
import type { LanguageCode } from '../../../src/api/contract/common';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { translate } from '../../http/messages';
import type { Pepper } from '../../lib/pepper';
import type { TicketSigner } from '../../lib/signed-ticket';
import type { Brand } from '../brand/brand.service';
import type { Messenger } from '../messaging/messenger';
import { type AttemptLimiter, POLICIES } from '../security/attempt-limiter';
import type { MemberRow } from './accounts.repository';
import { randomDigits } from './credentials';
import { MemberAddressesRepository } from './member-addresses.repository';

const TICKET_TTL_MS = 15 * 60_000;
const CODE_MINUTES = 10;
const MAX_ATTEMPTS = 5;
/** One code a minute, three in five minutes, as for SMS codes (spec 8). */
const PACE_MS = 60_000;

/** The payments module's bank accounts, as the new-address check reads them (passed in by server/app.ts). */
export interface BankHolders {
  /** The holder names of the member's bank accounts; none when the member has no bank account. */
  holderNames(memberId: number): Promise<string[]>;
}

/**
 * A holder name as people type it: accents, case and spacing aside ("  JOSÉ  da silva" is "jose da silva").
 */
export function normalizeHolderName(name: string) {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s.,'’-]+/gu, ' ')
    .trim();
}

const digest = (text: string) => createHash('sha256').update(text).digest();

interface Ticket {
  memberId: number;
  ip: string;
  weak: boolean;
}

const maskPhone = (dialing: string | null, mobile: string) =>
  `+${dialing ?? ''} ${'•'.repeat(Math.max(mobile.length - 4, 2))}${mobile.slice(-4)}`;
const maskEmail = (email: string) => {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}•••@${domain}`;
};

/**
 * Logins from an address the member never used (spec 2.7 and 4, "login from an unregistered IP"): the
 * password alone is not enough; a code sent to the member's mobile or email confirms it, or the holder
 * name of a bank account on the account (for members who registered neither), and the address is then
 * known. An account's first address is trusted as it is used, so accounts created before this check (or
 * by an operator) are not locked out.
 */
export class AddressCheck {
  private readonly addresses: MemberAddressesRepository;

  constructor(
    db: Database,
    private readonly messenger: Messenger,
    private readonly tickets: TicketSigner,
    private readonly pepper: Pepper,
    private readonly limiter: AttemptLimiter,
    private readonly banks: BankHolders,
  ) {
    this.addresses = new MemberAddressesRepository(db);
  }

  /** Whether a password login of this member from this address may go straight to a session. */
  async allows(brand: Brand, member: MemberRow, ip: string): Promise<boolean> {
    if (!brand.newAddressCheck) return true;
    const { known, total } = await this.addresses.standing(member.id, ip);
    if (total === 0 || known) return true;
    // Nowhere to send a code and no bank account to name: refusing would lock the member out for good.
    if (this.channels(member).length > 0) return false;
    return (await this.banks.holderNames(member.id)).length === 0;
  }

  /** Called for every session that starts: the address is the member's from now on. */
  async remember(memberId: number, ip: string) {
    await this.addresses.remember(memberId, ip);
  }

  private channels(member: MemberRow): NewAddressChallenge['channels'] {
    return [
      ...(member.mobile
        ? [{ channel: 'sms' as const, destination: maskPhone(member.countryDialingCode, member.mobile) }]
        : []),
      ...(member.email ? [{ channel: 'email' as const, destination: maskEmail(member.email) }] : []),
    ];
  }

  /**
   * What the login answers instead of a session: a ticket for this address, where codes can go, and
   * whether a bank account's holder name may be typed instead.
   */
  async challenge(member: MemberRow, ip: string, weak: boolean): Promise<NewAddressChallenge> {
    return {
      challenge: this.tickets.issue<Ticket>({ memberId: member.id, ip, weak }, TICKET_TTL_MS),
      channels: this.channels(member),
      holderName: (await this.banks.holderNames(member.id)).length > 0,
    };
  }

  /**
   * The holder name of one of the member's bank accounts, typed in, stands in for a code. Each try is
   * counted before it is compared (POLICIES.addressHolderName): past the limit every name is refused,
   * the right one too, until the window ends.
   */
  async checkHolderName(ticket: Ticket, typed: string) {
    const names = await this.banks.holderNames(ticket.memberId);
    if (names.length === 0) throw new AppError('LOGIN_CHANNEL_UNAVAILABLE');
    const given = digest(normalizeHolderName(typed));
    await this.limiter.check(
      POLICIES.addressHolderName,
      ticket.memberId,
      async () =>
        // Every name is compared, in constant time, whichever matches.
        names.map((name) => timingSafeEqual(digest(normalizeHolderName(name)), given)).includes(true),
      () => new AppError('HOLDER_NAME_MISMATCH'),
    );
  }

  /** The ticket's data; it must be used from the address it was issued for. */
  read(challenge: string, ip: string): Ticket {
    const ticket = this.tickets.read<Ticket>(challenge);
    if (!ticket || ticket.ip !== ip) throw new AppError('LOGIN_CHECK_EXPIRED');
    return ticket;
  }

  async sendCode(brand: Brand, member: MemberRow, ticket: Ticket, channel: LoginChannel, lang: LanguageCode) {
    const recipient =
      channel === 'sms'
        ? member.mobile && `${member.countryDialingCode ?? ''}${member.mobile}`
        : (member.email ?? null);
    if (!recipient) throw new AppError('LOGIN_CHANNEL_UNAVAILABLE');

    if (await this.addresses.codeSentSince(member.id, new Date(Date.now() - PACE_MS)))
      throw new AppError('SMS_TOO_SOON');
    // Three codes per member in five minutes, counted atomically: a burst sends three, not one per request.
    const n = await this.limiter.count(POLICIES.addressCodes, member.id);
    if (n > POLICIES.addressCodes.max) throw new AppError('SMS_TOO_MANY');

    const code = randomDigits(6);
    await this.addresses.insertCode({
      memberId: member.id,
      channel,
      ip: ticket.ip,
      codeHash: this.pepper.hash(`${member.id}:${ticket.ip}:${code}`),
      expiresAt: new Date(Date.now() + CODE_MINUTES * 60_000),
    });
    const text = translate(lang, 'messages.new_address_code', {
      site: brand.siteName,
      code,
      minutes: CODE_MINUTES,
    });
    await this.messenger.send({
      brandId: brand.id,
      channel,
      recipient,
      ...(channel === 'email'
        ? { subject: translate(lang, 'messages.new_address_subject', { site: brand.siteName }) }
        : {}),
      body: text,
    });
    return { expiredMinutes: 1 };
  }

  /**
   * Spends the latest code sent for this address when it matches. The try is counted and the code checked
   * in one statement, so a burst of guesses gets MAX_ATTEMPTS tries in all.
   */
  async consume(ticket: Ticket, code: string) {
    const latest = await this.addresses.latestCode(ticket.memberId, ticket.ip);
    if (!latest) throw new AppError('SMS_CODE_INVALID');
    if (latest.expiresAt.getTime() <= Date.now()) throw new AppError('SMS_CODE_EXPIRED');
    const hash = this.pepper.hash(`${ticket.memberId}:${ticket.ip}:${code}`);
    if (!(await this.addresses.tryCode(latest.id, hash, MAX_ATTEMPTS)))
      throw new AppError('SMS_CODE_INVALID');
  }
}
