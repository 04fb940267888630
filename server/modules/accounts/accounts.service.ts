import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  AGENT_TYPES,
  type ChangePasswordBody,
  type LoginRecord,
  type LoginResult,
  type MemberInfo,
  type MemberProfile,
  type ProfileBody,
  type RegisterBody,
  type RegisterFieldName,
  type RegisterMobileBody,
  TRIAL_TYPE,
} from '../../../src/api/contract/accounts';
import type { LanguageCode } from '../../../src/api/contract/common';
import { TRIAL_HOURS } from '../../../src/api/contract/trial';
import { DIALING_CODES, MOBILE_PATTERN } from '../../../src/api/countries';
import { normalizeCpf } from '../../../src/api/cpf';
import { cleanFullName, identityProblems } from '../../../src/api/identity-fields';
import { isLanguage } from '../../../src/api/languages';
import { MEMBER_ICON_COUNT, memberIconUrl } from '../../../src/api/member-icons';
import { checkField, type FieldRule } from '../../../src/api/patterns';
import { profileFieldProblems } from '../../../src/api/profile-fields';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { translate } from '../../http/messages';
import { dayIn } from '../../lib/brand-days';
import { MicroBatcher } from '../../lib/micro-batcher';
import type { Brand, BrandService } from '../brand/brand.service';
import { type AttemptLimiter, LOGIN_CAPTCHA_AFTER, POLICIES } from '../security/attempt-limiter';
import type { AccountsRepository, MemberRow } from './accounts.repository';
import type { AddressCheck } from './address-check';
import { renderCaptcha } from './captcha-image';
import { hashPassword, hashToken, newToken, randomDigits, verifyPassword } from './credentials';
import type { HumanCheckService } from './human-check';
import { defaultRegisterRules } from './register-rules';
import { type SessionClaim, SessionClaims } from './session-claims';
import { phoneOf, type SmsVerification } from './sms-verification';
import type { TwoFactor } from './two-factor';

type SessionFound = Awaited<ReturnType<AccountsRepository['findSessions']>>[number];

export interface CallerContext {
  ip: string;
  userAgent?: string | undefined;
  captchaId?: string | undefined;
  rememberToken?: string | undefined;
  lang: LanguageCode;
}

const CAPTCHA_TTL_MS = 5 * 60_000;
/** A hand-off code in a link must be used within a minute. */
const HANDOFF_TTL_MS = 60_000;
/** Spec 9: what "remember me" keeps lasts one day. */
const REMEMBER_TTL_MS = 24 * 3_600_000;

// Verifying against this when the account does not exist keeps both answers equally slow.
const NO_SUCH_ACCOUNT = hashPassword(randomUUID());

export const isAgentType = (type: number) => (AGENT_TYPES as readonly number[]).includes(type);

function sameText(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The agent tree as other modules may read it (wallet transfers up and down the tree). */
export interface MemberTree {
  member(
    brandId: number,
    memberId: number,
  ): Promise<{ id: number; username: string; userType: number } | undefined>;
  descendants(
    brandId: number,
    agentId: number,
    match: { exact: string } | { prefix: string },
    limit: number,
  ): Promise<Array<{ id: number; username: string; nickname: string | null; depth: number }>>;
}

/** The brand's phone verifier's proofs (the identity module), spent by a registration. */
export interface PhoneProofs {
  spendPhoneProof(brand: Brand, proof: string, countryDialingCode: string, mobileNum: string): Promise<void>;
}

export class AccountsService {
  private phoneProofs: PhoneProofs = {
    spendPhoneProof: async () => {
      throw new AppError('PHONE_PROOF_INVALID');
    },
  };

  /** Set once the identity module exists (it makes members through this service). */
  setPhoneProofs(proofs: PhoneProofs) {
    this.phoneProofs = proofs;
  }

  /** Today is read from here: the age of 18 at registration (tests move it). */
  private now: () => Date = () => new Date();
  setClock(clock: (() => Date) | undefined) {
    if (clock) this.now = clock;
  }

  constructor(
    private readonly repo: AccountsRepository,
    private readonly brands: BrandService,
    private readonly humanCheck: HumanCheckService,
    private readonly sms: SmsVerification,
    private readonly twoFactor: TwoFactor,
    private readonly addresses: AddressCheck,
    private readonly sessionTtlMs: number,
    private readonly limiter: AttemptLimiter,
  ) {}

  /** Sessions recently found live, for the routes that confirm them in their own write. */
  private readonly claims = new SessionClaims();

  /** Sessions asked for together are read in one round trip (every signed-in request asks for one). */
  private readonly sessionLookups = new MicroBatcher<string, SessionFound | undefined>(
    async (hashes) => {
      const rows = await this.repo.findSessions([...new Set(hashes)]);
      const byHash = new Map(rows.map((row) => [row.session.tokenHash, row]));
      return hashes.map((hash) => ({ ok: true, value: byHash.get(hash) }));
    },
    { maxItems: 128, maxInFlight: 4 },
  );

  /**
   * An agent's invitation code (registrations with it join the agent's downline): the one it has, or a new
   * one of eight letters and digits, unique in the brand.
   */
  async invitationCode(member: { id: number; affiliateCode: string | null }): Promise<string> {
    if (member.affiliateCode) return member.affiliateCode;
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    for (let attempt = 0; attempt < 5; attempt++) {
      const bytes = randomBytes(8);
      const code = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
      try {
        const claimed = await this.repo.claimAffiliateCode(member.id, code);
        if (claimed) return claimed;
      } catch (error) {
        // Another member has this code already (members_brand_affiliate_uq): draw another.
        if (
          (error as { cause?: { code?: string }; code?: string }).cause?.code !== '23505' &&
          (error as { code?: string }).code !== '23505'
        )
          throw error;
      }
    }
    throw new AppError('TRY_AGAIN');
  }

  /** A member of the brand by username (the back office's adjustments). */
  memberByUsername(brandId: number, username: string) {
    return this.repo.findMember(brandId, username);
  }

  /** When the member registered (promotions' eligibility). */
  async registeredAt(memberId: number): Promise<Date | null> {
    return (await this.repo.findMemberById(memberId))?.createdAt ?? null;
  }

  /** One member's place in the agent tree (the back office's agent tree). */
  treeView(brandId: number, username: string) {
    return this.repo.treeView(brandId, username, 100);
  }

  /**
   * Moves a member and its downline under another agent of the brand (or to the top with null), with
   * `alongside(tx, oldParentId)` in the same transaction. A move under its own downline is refused.
   */
  async moveMember(
    brandId: number,
    memberId: number,
    uplineId: number | null,
    alongside: (tx: Database, oldParentId: number | null) => Promise<unknown>,
  ) {
    if (uplineId !== null) {
      const upline = await this.repo.treeMember(brandId, uplineId);
      if (!upline || !isAgentType(upline.userType)) throw new AppError('UPLINE_NOT_AGENT');
      if (uplineId === memberId) throw new AppError('MOVE_CREATES_CYCLE');
    }
    try {
      return { oldParentId: await this.repo.moveUnder(memberId, uplineId, alongside) };
    } catch (error) {
      const text = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : '';
      if (text.includes('TREE_CYCLE')) throw new AppError('MOVE_CREATES_CYCLE');
      throw error;
    }
  }

  /** Usernames by member id (the back office's queues). */
  usernames(memberIds: number[]) {
    return this.repo.usernames(memberIds);
  }

  /** Stores a member's payment password hash (checked and hashed by the withdrawal flow). */
  savePaymentPasswordHash(memberId: number, hash: string) {
    return this.repo.savePaymentPasswordHash(memberId, hash);
  }

  /** The agent tree, as transfers up and down it need it. */
  get tree(): MemberTree {
    return {
      member: (brandId, memberId) => this.repo.treeMember(brandId, memberId),
      descendants: (brandId, agentId, match, limit) => this.repo.descendants(brandId, agentId, match, limit),
    };
  }

  /** A member's id, kind and status, for the wallet (the vendor wallet API's player lookups). */
  walletMember(brandId: number, memberId: number) {
    return this.repo.walletMember(brandId, memberId);
  }

  /** A new image captcha: the PNG for the page and the id the browser keeps in a cookie. */
  async issueCaptcha() {
    const id = randomUUID();
    const answer = randomDigits(4);
    await this.repo.saveCaptcha(id, hashToken(`${id}:${answer}`), new Date(Date.now() + CAPTCHA_TTL_MS));
    return {
      id,
      image: `data:image/png;base64,${renderCaptcha(answer).toString('base64')}`,
      ttlMs: CAPTCHA_TTL_MS,
    };
  }

  /** One attempt per captcha: right or wrong, it is spent. */
  private async checkCaptcha(ctx: CallerContext, answer: string | undefined) {
    if (!answer) throw new AppError('CAPTCHA_REQUIRED', {}, { captchaRequired: true });
    const expected = ctx.captchaId ? await this.repo.redeemCaptcha(ctx.captchaId) : undefined;
    if (!expected || !sameText(expected, hashToken(`${ctx.captchaId}:${answer}`))) {
      throw new AppError('CAPTCHA_INVALID', {}, { captchaRequired: true });
    }
  }

  async login(
    brand: Brand,
    body: {
      username: string;
      password: string;
      type?: 'username' | 'sms' | 'remember' | undefined;
      countryDialingCode?: string | undefined;
      captcha?: string | undefined;
      humanCheck?: string | undefined;
      agentLogin?: boolean | undefined;
    },
    ctx: CallerContext,
  ): Promise<LoginResult> {
    if (body.type === 'sms') return this.loginBySms(brand, body, ctx);
    if (body.type === 'remember') return this.loginRemembered(brand, body, ctx);
    if (!body.password) {
      const message = translate(ctx.lang, 'validation.required');
      throw new AppError('VALIDATION_FAILED', {}, { issues: [{ path: 'body.password', message }] });
    }
    const username = body.username.toLowerCase();
    await this.humanCheck.verify(body.humanCheck);
    // The attempt takes its number before the password is looked at, in one statement: a burst of twenty
    // is attempts 1 to 20, so the captcha and the pause apply to it as to twenty logins one by one.
    const account = `${brand.id}:${username}`;
    const attempt = await this.limiter.take(POLICIES.memberLogin, account);
    // Per address, across accounts, counted the same way: a captcha past ten (a right password gives its
    // place back, so only failures stay counted).
    const fromAddress = await this.limiter.count(POLICIES.loginsPerAddress, ctx.ip);
    const captchaRequired = attempt > LOGIN_CAPTCHA_AFTER || fromAddress > POLICIES.loginsPerAddress.max;
    if (captchaRequired) {
      try {
        await this.checkCaptcha(ctx, body.captcha);
      } catch (error) {
        // No password was tried: the attempts are given back.
        await this.limiter.notChecked(POLICIES.memberLogin, account);
        await this.limiter.notChecked(POLICIES.loginsPerAddress, ctx.ip);
        throw error;
      }
    }

    const member = await this.repo.findMember(brand.id, username);
    const passwordOk = member
      ? await verifyPassword(member.passwordHash, body.password)
      : await verifyPassword(await NO_SUCH_ACCOUNT, body.password).then(() => false);
    if (!member || !passwordOk) {
      await this.repo.recordFailure(brand.id, username, ctx.ip);
      const askCaptcha = attempt >= LOGIN_CAPTCHA_AFTER || fromAddress >= POLICIES.loginsPerAddress.max;
      throw new AppError('INVALID_CREDENTIALS', {}, { captchaRequired: askCaptcha });
    }
    if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    if (body.agentLogin && !isAgentType(member.userType)) throw new AppError('AGENTS_ONLY');

    await this.limiter.succeeded(POLICIES.memberLogin, account);
    await this.limiter.notChecked(POLICIES.loginsPerAddress, ctx.ip);
    await this.repo.clearFailures(brand.id, username);
    const weak = brand.weakPasswordHash ? await verifyPassword(brand.weakPasswordHash, body.password) : false;
    // The password was right; with two-step verification on, a code must follow before any session.
    if (member.totpSecret) {
      throw new AppError(
        'TWO_FACTOR_REQUIRED',
        {},
        { challenge: this.twoFactor.challengeFor(member.id, weak) },
      );
    }
    // Two-step verification already asks for a second factor; otherwise a new address needs a code,
    // unless the password is the temporary one just emailed: using it proves the mailbox already.
    if (!member.mustChangePassword && !(await this.addresses.allows(brand, member, ctx.ip))) {
      throw new AppError('NEW_ADDRESS_CHECK', {}, await this.addresses.challenge(member, ctx.ip, weak));
    }
    return this.startSession(member, 'username', ctx, await this.passwordState(brand, member, weak));
  }

  /** The member a new-address ticket was issued to, checked against the brand and the caller's address. */
  private async addressTicket(brand: Brand, challenge: string, ctx: CallerContext) {
    const ticket = this.addresses.read(challenge, ctx.ip);
    const member = await this.repo.findMemberById(ticket.memberId);
    if (!member || member.brandId !== brand.id) throw new AppError('LOGIN_CHECK_EXPIRED');
    if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    return { ticket, member };
  }

  async sendNewAddressCode(
    brand: Brand,
    body: { challenge: string; channel: 'sms' | 'email' },
    ctx: CallerContext,
  ) {
    const { ticket, member } = await this.addressTicket(brand, body.challenge, ctx);
    return this.addresses.sendCode(brand, member, ticket, body.channel, ctx.lang);
  }

  /** The code from the member's mobile or email opens the session and makes the address known. */
  async verifyNewAddress(
    brand: Brand,
    body: { challenge: string; code: string },
    ctx: CallerContext,
  ): Promise<LoginResult> {
    const { ticket, member } = await this.addressTicket(brand, body.challenge, ctx);
    await this.addresses.consume(ticket, body.code);
    return this.startSession(
      member,
      'new-address',
      ctx,
      await this.passwordState(brand, member, ticket.weak),
    );
  }

  /** The holder name of a bank account on the account opens the session and makes the address known. */
  async verifyNewAddressByHolder(
    brand: Brand,
    body: { challenge: string; holderName: string },
    ctx: CallerContext,
  ): Promise<LoginResult> {
    const { ticket, member } = await this.addressTicket(brand, body.challenge, ctx);
    await this.addresses.checkHolderName(ticket, body.holderName);
    return this.startSession(
      member,
      'new-address',
      ctx,
      await this.passwordState(brand, member, ticket.weak),
    );
  }

  /** Whether the password must be changed before anything else: reset by email, weak default, or expired. */
  private async passwordState(brand: Brand, member: MemberRow, weak: boolean) {
    // A member without a password (third-party sign-in) has none to expire or change.
    if (member.passwordHash === null) return { passwordExpired: false, mustChangePassword: null };
    const options = await this.brands.options(brand.id);
    const passwordExpired =
      brand.passwordMaxAgeDays !== null &&
      member.passwordChangedAt.getTime() + brand.passwordMaxAgeDays * 86_400_000 < Date.now();
    const mustChangePassword: LoginResult['mustChangePassword'] = member.mustChangePassword
      ? 'reset'
      : weak
        ? 'weak'
        : passwordExpired && options.PWDEXPFORCECHANGE3
          ? 'expired'
          : null;
    return { passwordExpired, mustChangePassword };
  }

  /** The second step: the challenge from the password step and a fresh code from the member's app. */
  async loginTwoFactor(
    brand: Brand,
    body: { challenge: string; code: string },
    ctx: CallerContext,
  ): Promise<LoginResult> {
    const challenge = this.twoFactor.read(body.challenge);
    const member = await this.repo.findMemberById(challenge.memberId);
    if (!member || member.brandId !== brand.id || !member.totpSecret)
      throw new AppError('TWO_FACTOR_INVALID');
    await this.checkTotp(member, member.totpSecret, body.code, true);
    return this.startSession(
      member,
      'two-factor',
      ctx,
      await this.passwordState(brand, member, challenge.weak),
    );
  }

  /** Starts turning two-step verification on: a new secret for the app, active once a code proves it. */
  async setUpTwoFactor(brand: Brand, member: MemberRow) {
    const setup = this.twoFactor.newSecret(brand.siteName, member.username);
    await this.repo.setPendingTotpSecret(member.id, setup.stored);
    return { secret: setup.secret, uri: setup.uri };
  }

  async enableTwoFactor(member: MemberRow, code: string) {
    if (!member.totpPendingSecret) throw new AppError('TWO_FACTOR_INVALID');
    const step = await this.checkTotp(member, member.totpPendingSecret, code, false);
    await this.repo.activateTotp(member.id, step);
    return { enabled: true };
  }

  async disableTwoFactor(member: MemberRow, code: string) {
    if (!member.totpSecret) throw new AppError('TWO_FACTOR_INVALID');
    await this.checkTotp(member, member.totpSecret, code, true);
    await this.repo.deactivateTotp(member.id);
    return { enabled: false };
  }

  /**
   * One code from the member's app, under the account's attempt limit: past it every code is refused
   * until the window ends, the right one too. `once` spends the code's time step, so it works once.
   */
  private async checkTotp(member: MemberRow, secret: string, code: string, once: boolean): Promise<number> {
    let step: number | null = null;
    await this.limiter.check(
      POLICIES.memberTotp,
      member.id,
      async () => {
        step = this.twoFactor.stepOf(secret, code);
        return step !== null && (!once || (await this.repo.consumeTotpStep(member.id, step)));
      },
      () => new AppError('TWO_FACTOR_INVALID'),
    );
    return step!;
  }

  private async startSession(
    member: MemberRow,
    loginType: string,
    ctx: CallerContext,
    flags: {
      passwordExpired: boolean;
      mustChangePassword: LoginResult['mustChangePassword'];
      /** How long this session lasts, when not the usual SESSION_TTL_HOURS (a trial's ends with it). */
      ttlMs?: number;
    },
  ): Promise<LoginResult> {
    const token = newToken();
    await this.repo.createSession({
      memberId: member.id,
      tokenHash: hashToken(token),
      loginType,
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 512) ?? null,
      expiresAt: new Date(Date.now() + (flags.ttlMs ?? this.sessionTtlMs)),
      mustChangePassword: flags.mustChangePassword,
    });
    await this.repo.recordLogin(member.id, ctx.ip);
    await this.addresses.remember(member.id, ctx.ip);
    return {
      token,
      firstTimeLogin: member.firstLoginAt === null,
      passwordExpired: flags.passwordExpired,
      mustChangePassword: flags.mustChangePassword,
      user: this.memberInfo(member),
    };
  }

  /**
   * The member behind a bearer token on this brand; UNAUTHORIZED without one, SESSION_EXPIRED for a dead
   * one, PASSWORD_CHANGE_REQUIRED for a login that must change its password first, unless the caller is
   * one of the few routes such a login may use (`passwordChange`: changing it, logging out).
   */
  async authenticate(
    brand: Brand,
    token: string | undefined,
    options: { passwordChange?: boolean } = {},
  ): Promise<MemberRow> {
    if (!token) throw new AppError('UNAUTHORIZED');
    return (await this.liveSession(brand, hashToken(token), options.passwordChange)).member;
  }

  private async liveSession(brand: Brand, tokenHash: string, passwordChange = false): Promise<SessionFound> {
    const found = await this.sessionLookups.submit(tokenHash);
    // A session belongs to the brand it was opened on: another brand's host does not know it.
    if (!found || found.member.brandId !== brand.id) throw new AppError('UNAUTHORIZED');
    if (found.session.revokedAt || found.session.expiresAt.getTime() <= Date.now()) {
      throw new AppError('SESSION_EXPIRED');
    }
    if (found.member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    // The password typed was a reset, the weak default or expired: until it is changed the session is
    // good for nothing else, so whoever learnt that password gets no money, bets or pages with it. It
    // never becomes a claim either: the change ends it and gives a new, full session.
    if (found.session.mustChangePassword && !passwordChange) throw new AppError('PASSWORD_CHANGE_REQUIRED');
    return found;
  }

  /**
   * The session behind a bearer token as a claim (session-claims.ts), from memory when this process found
   * it live before, else read and checked as `authenticate` does. The caller's write must confirm it.
   */
  async claim(brand: Brand, token: string | undefined): Promise<SessionClaim> {
    if (!token) throw new AppError('UNAUTHORIZED');
    const tokenHash = hashToken(token);
    const known = this.claims.get(tokenHash);
    if (known && known.member.brandId === brand.id) return known;
    const { session, member } = await this.liveSession(brand, tokenHash);
    const claim: SessionClaim = {
      tokenHash,
      member: { id: member.id, brandId: member.brandId, userType: member.userType },
      expiresAt: session.expiresAt.getTime(),
    };
    this.claims.remember(claim);
    return claim;
  }

  /**
   * A claim read again now, for a write that cannot confirm it itself or found it dead: resolves while
   * the session is live, else forgets it and fails with the reason (SESSION_EXPIRED, ACCOUNT_DISABLED,
   * UNAUTHORIZED).
   */
  async reconfirm(brand: Brand, tokenHash: string): Promise<void> {
    try {
      await this.liveSession(brand, tokenHash);
    } catch (error) {
      this.claims.forget(tokenHash);
      throw error;
    }
  }

  /** A code that hands this login to another browser or app: single use, one minute, hashed at rest. */
  async createHandoff(brand: Brand, member: MemberRow) {
    const code = newToken();
    const expiresAt = Date.now() + HANDOFF_TTL_MS;
    await this.repo.saveHandoff({
      codeHash: hashToken(code),
      brandId: brand.id,
      memberId: member.id,
      expiresAt: new Date(expiresAt),
    });
    return { code, expiresAt };
  }

  /** Forgets hand-off codes long expired (a scheduled job). */
  purgeExpiredHandoffs() {
    return this.repo.purgeExpiredHandoffs();
  }

  /** Whose login a hand-off code carries, so the visitor is asked before it is used. */
  async peekHandoff(brand: Brand, code: string) {
    const memberId = await this.repo.peekHandoff(hashToken(code), brand.id);
    const member = memberId === undefined ? undefined : await this.repo.findMemberById(memberId);
    if (!member) throw new AppError('HANDOFF_INVALID');
    return { account: member.username };
  }

  /** The hand-off code, exchanged once for a session of its own on the brand that issued it. */
  async exchangeHandoff(brand: Brand, code: string, ctx: CallerContext): Promise<LoginResult> {
    const memberId = await this.repo.redeemHandoff(hashToken(code), brand.id);
    const member = memberId === undefined ? undefined : await this.repo.findMemberById(memberId);
    if (!member) throw new AppError('HANDOFF_INVALID');
    if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    const password = await this.passwordState(brand, member, false);
    // A hand-off carries no password, and a session that may only change one would show a page that
    // cannot load: an account that must change its password logs in with it, here, and changes it.
    if (password.mustChangePassword != null) throw new AppError('HANDOFF_PASSWORD_CHANGE');
    return this.startSession(member, 'handoff', ctx, password);
  }

  async logout(token: string) {
    const tokenHash = hashToken(token);
    this.claims.forget(tokenHash);
    await this.repo.revokeSession(tokenHash);
  }

  memberInfo(member: MemberRow): MemberInfo {
    return {
      id: member.id,
      account: member.username,
      nickname: member.nickname,
      type: member.userType,
      isAgent: isAgentType(member.userType),
      isTrial: member.userType === TRIAL_TYPE,
      icon: member.icon,
      mobile: member.mobile,
      email: member.email,
      language: isLanguage(member.language) ? member.language : null,
      twoFactor: member.totpSecret !== null,
      createdAt: member.createdAt.getTime(),
    };
  }

  /** "Minha conta": the member's own profile as stored. */
  profile(member: MemberRow): MemberProfile {
    return {
      account: member.username,
      nickname: member.nickname,
      realName: member.payeeName,
      email: member.email,
      mobile: member.mobile,
      countryDialingCode: member.countryDialingCode,
      contacts: { ...member.contacts },
      birthday: member.birthday,
      nationality: member.nationality,
      address: member.address,
      telegram: member.telegram,
      zalo: member.zalo,
      createdAt: member.createdAt.getTime(),
      lastLoginAt: member.lastLoginAt?.getTime() ?? null,
      lastLoginIp: member.lastLoginIp ?? null,
    };
  }

  /**
   * Changes what the member may change of their profile (src/api/profile-fields.ts): the nickname,
   * address, Telegram and Zalo freely (empty clears them); the real name (under the brand's payeeName
   * rule), birthday and nationality only while none is stored (REAL_NAME_LOCKED, PROFILE_FIELD_LOCKED
   * after). Every field's problem is reported at once, in the caller's language.
   */
  async updateProfile(
    brand: Brand,
    member: MemberRow,
    body: ProfileBody,
    ctx: CallerContext,
  ): Promise<MemberProfile> {
    if (member.userType === TRIAL_TYPE) throw new AppError('REAL_ACCOUNT_REQUIRED');
    const realName = body.realName || undefined;
    const birthday = body.birthday || undefined;
    const nationality = body.nationality || undefined;
    if (realName !== undefined && member.payeeName !== null) throw new AppError('REAL_NAME_LOCKED');
    if (
      (birthday !== undefined && member.birthday !== null) ||
      (nationality !== undefined && member.nationality !== null)
    )
      throw new AppError('PROFILE_FIELD_LOCKED');
    const issues: Array<{ path: string; message: string }> = [];
    if (realName !== undefined) {
      const rules = await this.registerRules(brand);
      const problem = checkField(realName, { ...rules.payeeName, required: true });
      if (problem)
        issues.push({ path: 'body.realName', message: translate(ctx.lang, problem.key, problem.params) });
    }
    const problems = profileFieldProblems({ ...body, birthday, nationality }, new Date());
    for (const [field, key] of Object.entries(problems))
      issues.push({ path: `body.${field}`, message: translate(ctx.lang, key) });
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', {}, { issues });
    const free = (value: string | undefined) => (value === undefined ? undefined : value || null);
    const fields = {
      nickname: free(body.nickname),
      realName,
      birthday,
      nationality,
      address: free(body.address),
      telegram: free(body.telegram),
      zalo: free(body.zalo),
    };
    const row = await this.repo.updateProfile(
      member.id,
      Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    );
    // Another request wrote a once-only field first: this one's value was not kept.
    if (realName !== undefined && row && row.payeeName !== realName) throw new AppError('REAL_NAME_LOCKED');
    if (
      row &&
      ((birthday !== undefined && row.birthday !== birthday) ||
        (nationality !== undefined && row.nationality !== nationality))
    )
      throw new AppError('PROFILE_FIELD_LOCKED');
    return this.profile(row ?? member);
  }

  /** The member's latest logins (sessions opened), newest first, the one this token holds marked. */
  async recentLogins(member: MemberRow, token: string, limit: number): Promise<LoginRecord[]> {
    const rows = await this.repo.recentSessions(member.id, hashToken(token), limit);
    return rows.map((r) => ({
      id: r.id,
      loginType: r.loginType,
      ip: r.ip,
      userAgent: r.userAgent,
      createdAt: r.createdAt.getTime(),
      current: r.current === true,
      active: r.active === true,
    }));
  }

  /** The member's picture and the ones they may pick instead. */
  iconInfo(icon: number) {
    return {
      icon,
      url: memberIconUrl(icon),
      choices: Array.from({ length: MEMBER_ICON_COUNT }, (_, i) => ({
        id: i + 1,
        url: memberIconUrl(i + 1),
      })),
    };
  }

  async setIcon(member: MemberRow, icon: number) {
    if (member.userType === TRIAL_TYPE) throw new AppError('REAL_ACCOUNT_REQUIRED');
    if (icon < 1 || icon > MEMBER_ICON_COUNT) throw new AppError('ICON_NOT_FOUND');
    await this.repo.setIcon(member.id, icon);
    return this.iconInfo(icon);
  }

  /**
   * The brand's rules as the back office edits them: the defaults with what the brand stored, before
   * what the site applies over them (username and password always asked, the identity step, DIRECTREG3).
   */
  async storedRegisterRules(brandId: number): Promise<Record<RegisterFieldName, FieldRule>> {
    const rows = await this.repo.registerRules(brandId);
    const rules = { ...defaultRegisterRules };
    for (const row of rows) {
      if (row.field in rules) {
        rules[row.field as RegisterFieldName] = {
          enabled: row.enabled,
          required: row.required,
          minLength: row.minLength,
          maxLength: row.maxLength,
          patternId: row.patternId,
        };
      }
    }
    return rules;
  }

  /** Stores fields' rules for the back office, committing `alongside` (its audit row) with them. */
  saveRegisterRules(
    brandId: number,
    fields: Partial<Record<RegisterFieldName, FieldRule>>,
    alongside: (tx: Database) => Promise<void>,
  ) {
    return this.repo.saveRegisterRules(
      brandId,
      Object.entries(fields).map(([field, rule]) => ({ field, ...rule })),
      alongside,
    );
  }

  async registerRules(brand: Brand): Promise<Record<RegisterFieldName, FieldRule>> {
    const [rows, options] = await Promise.all([
      this.repo.registerRules(brand.id),
      this.brands.options(brand.id),
    ]);
    const rules = { ...defaultRegisterRules };
    for (const row of rows) {
      if (row.field in rules) {
        rules[row.field as RegisterFieldName] = {
          enabled: row.enabled,
          required: row.required,
          minLength: row.minLength,
          maxLength: row.maxLength,
          patternId: row.patternId,
        };
      }
    }
    // Username and password always exist, whatever a brand's table says.
    rules.username = { ...rules.username, enabled: true, required: true };
    // A brand that asks for the identity at registration (brands.kyc_at) asks for all of it.
    if (brand.kycAt === 'registration')
      for (const field of ['payeeName', 'birthday', 'cpf'] as const)
        rules[field] = { ...rules[field], enabled: true, required: true };
    // Without direct registration (DIRECTREG3 off) a member joins only through an agent's invitation.
    if (!options.DIRECTREG3) rules.affiliateCode = { ...rules.affiliateCode, enabled: true, required: true };
    rules.password = { ...rules.password, enabled: true, required: true };
    rules.confirmPassword = { ...rules.password };
    return rules;
  }

  async checkAffiliate(brand: Brand, code: string): Promise<MemberRow> {
    const agent = await this.repo.findAgentByAffiliateCode(brand.id, code);
    if (!agent || !isAgentType(agent.userType) || agent.status !== 'active')
      throw new AppError('INVALID_AFFILIATE');
    return agent;
  }

  private joinedHook: ((brand: Brand, agentId: number, memberId: number) => Promise<number>) | null = null;

  /**
   * The offers an agent's invitation carries, made once the account exists. They are secondary: a failure
   * leaves the account as it is (the agent can still offer by hand), never fails the registration.
   */
  private async joined(brand: Brand, agentId: number, memberId: number) {
    try {
      return (await this.joinedHook?.(brand, agentId, memberId)) ?? 0;
    } catch {
      return 0;
    }
  }

  /** What happens when a member joins directly under an agent (the agents module offers its invitation's contracts). */
  onJoined(hook: (brand: Brand, agentId: number, memberId: number) => Promise<number>) {
    this.joinedHook = hook;
  }

  /**
   * registerCenter: an agent opens an account in its direct downline, a player or an agent, with the
   * brand's username and password rules. The member must change the password the agent chose at its
   * first login. Answers the account and how many contracts it was offered.
   */
  async openDownline(
    brand: Brand,
    agent: { id: number; userType: number },
    body: { username: string; password: string; confirmPassword: string; type: 'player' | 'agent' },
    lang: LanguageCode,
  ) {
    if (!isAgentType(agent.userType)) throw new AppError('AGENTS_ONLY');
    const rules = await this.registerRules(brand);
    const issues: Array<{ path: string; message: string }> = [];
    for (const field of ['username', 'password'] as const) {
      const problem = checkField(body[field], { ...rules[field], enabled: true, required: true });
      if (problem)
        issues.push({ path: `body.${field}`, message: translate(lang, problem.key, problem.params) });
    }
    if (body.confirmPassword !== body.password)
      issues.push({ path: 'body.confirmPassword', message: translate(lang, 'validation.confirm_mismatch') });
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', {}, { issues });
    const member = await this.repo.insertMember({
      brandId: brand.id,
      username: body.username.toLowerCase(),
      passwordHash: await hashPassword(body.password),
      parentId: agent.id,
      userType: body.type === 'agent' ? 2 : 0,
      mustChangePassword: true,
      language: lang,
    });
    if (!member) throw new AppError('USERNAME_TAKEN');
    const offered = await this.joined(brand, agent.id, member.id);
    return { username: member.username, isAgent: body.type === 'agent', offered };
  }

  async register(
    brand: Brand,
    body: RegisterBody,
    ctx: CallerContext,
    how: { byMobile: boolean } = { byMobile: false },
  ): Promise<LoginResult> {
    const options = await this.brands.options(brand.id);
    if (!how.byMobile && !options.USERNAMEREG3) throw new AppError('REGISTRATION_DISABLED');
    // DIRECTREG3 off: only an agent's invitation (its code typed, or the link's) opens an account.
    const invitation = body.affiliateCode || body.referralCode;
    if (!options.DIRECTREG3 && !invitation) throw new AppError('INVITATION_REQUIRED');
    await this.humanCheck.verify(body.humanCheck);
    const rules = await this.registerRules(brand);
    // By mobile, the number is the username: it answers to the mobile rule, not the username one.
    if (how.byMobile) rules.username = { ...rules.username, enabled: false };
    // By mobile without a password (MOBILENUMPASSREG3 off), the verified number is the credential: the
    // member signs in with SMS codes.
    const withPassword = !how.byMobile || options.MOBILENUMPASSREG3;
    if (!withPassword) {
      rules.password = { ...rules.password, enabled: false, required: false };
      rules.confirmPassword = { ...rules.password };
    }

    const issues: Array<{ path: string; message: string }> = [];
    for (const [field, rule] of Object.entries(rules) as Array<[RegisterFieldName, FieldRule]>) {
      if (!rule.enabled || field === 'captcha') continue;
      // The invitation may come from the link (referralCode) when the form hides its field.
      const value = field === 'affiliateCode' ? invitation : (body as Record<string, unknown>)[field];
      const problem = checkField(typeof value === 'string' ? value : '', rule);
      if (problem)
        issues.push({ path: `body.${field}`, message: translate(ctx.lang, problem.key, problem.params) });
    }
    if (withPassword && body.confirmPassword !== body.password) {
      issues.push({
        path: 'body.confirmPassword',
        message: translate(ctx.lang, 'validation.confirm_mismatch'),
      });
    }
    if (!how.byMobile && body.firebaseIdToken && !(rules.mobileNum.enabled && body.mobileNum)) {
      issues.push({ path: 'body.mobileNum', message: translate(ctx.lang, 'validation.required') });
    }
    // Identity (KYC): a full name when the brand asks for it here, 18 or older on the brand's today, a
    // CPF whose check digits are right (src/api/identity-fields.ts, as the form checks them).
    const identity = identityProblems(
      {
        ...(brand.kycAt === 'registration' && body.payeeName ? { fullName: body.payeeName } : {}),
        ...(rules.birthday.enabled && body.birthday ? { birthday: body.birthday } : {}),
        ...(rules.cpf.enabled && body.cpf ? { cpf: body.cpf } : {}),
      },
      dayIn(this.now(), brand.timeZone),
    );
    for (const [field, key] of Object.entries(identity)) {
      const path = `body.${field === 'fullName' ? 'payeeName' : field}`;
      if (!issues.some((i) => i.path === path)) issues.push({ path, message: translate(ctx.lang, key) });
    }
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', {}, { issues });
    if (rules.captcha.enabled) await this.checkCaptcha(ctx, body.captcha);
    // A number verified by the brand's phone provider: its proof is for this number, and spent here.
    if (!how.byMobile && body.firebaseIdToken) {
      await this.phoneProofs.spendPhoneProof(
        brand,
        body.firebaseIdToken,
        body.countryDialingCode ?? '',
        body.mobileNum ?? '',
      );
    }

    const parent = invitation ? await this.checkAffiliate(brand, invitation) : undefined;
    const enabled = (field: RegisterFieldName) => rules[field].enabled;
    const contacts = Object.fromEntries(
      (['qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'idNumber'] as const)
        .filter((f) => enabled(f) && body[f])
        .map((f) => [f, body[f]!]),
    );
    const member = await this.repo.insertMember({
      brandId: brand.id,
      username: body.username.toLowerCase(),
      passwordHash: withPassword ? await hashPassword(body.password) : null,
      parentId: parent?.id ?? null,
      payeeName: enabled('payeeName') && body.payeeName ? cleanFullName(body.payeeName) : null,
      birthday: enabled('birthday') ? body.birthday || null : null,
      cpf: enabled('cpf') && body.cpf ? normalizeCpf(body.cpf) : null,
      email: enabled('email') ? body.email || null : null,
      mobile: enabled('mobileNum') ? body.mobileNum || null : null,
      countryDialingCode: enabled('mobileNum') ? body.countryDialingCode || null : null,
      contacts,
      language: ctx.lang,
      registerIp: ctx.ip,
    });
    if (!member) {
      // One account per CPF per brand: the unique index decided between registrations sent together.
      const cpf = enabled('cpf') && body.cpf ? normalizeCpf(body.cpf) : null;
      if (cpf && (await this.repo.cpfTaken(brand.id, cpf))) throw new AppError('CPF_TAKEN');
      throw new AppError('USERNAME_TAKEN');
    }
    if (parent) await this.joined(brand, parent.id, member.id);
    return this.startSession(member, 'register', ctx, { passwordExpired: false, mustChangePassword: null });
  }

  /**
   * Changes the password of a logged-in member (forced or voluntary): the old one must match, the new
   * one must satisfy the brand's rule and be neither the old one nor the weak default. Every session of
   * the member ends; this one continues under a new token.
   */
  async changePassword(
    brand: Brand,
    member: MemberRow,
    body: ChangePasswordBody,
    ctx: CallerContext,
  ): Promise<LoginResult> {
    const rules = await this.registerRules(brand);
    const issues: Array<{ path: string; message: string }> = [];
    const problem = checkField(body.newPassword, rules.password);
    if (problem)
      issues.push({ path: 'body.newPassword', message: translate(ctx.lang, problem.key, problem.params) });
    if (body.confirmNewPassword !== body.newPassword) {
      issues.push({
        path: 'body.confirmNewPassword',
        message: translate(ctx.lang, 'validation.confirm_mismatch'),
      });
    }
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', {}, { issues });
    await this.limiter.check(
      POLICIES.accountPassword,
      member.id,
      () => verifyPassword(member.passwordHash, body.oldPassword),
      () => new AppError('WRONG_OLD_PASSWORD'),
    );
    const weak = brand.weakPasswordHash
      ? await verifyPassword(brand.weakPasswordHash, body.newPassword)
      : false;
    if (body.newPassword === body.oldPassword || weak) throw new AppError('PASSWORD_NOT_CHANGED');
    await this.repo.replacePassword(member.id, await hashPassword(body.newPassword));
    const updated = (await this.repo.findMemberById(member.id))!;
    return this.startSession(updated, 'password-change', ctx, {
      passwordExpired: false,
      mustChangePassword: null,
    });
  }

  /** A one-click login with the remember-me credential the browser holds in an http-only cookie. */
  private async loginRemembered(
    brand: Brand,
    body: { username: string; humanCheck?: string | undefined; agentLogin?: boolean | undefined },
    ctx: CallerContext,
  ): Promise<LoginResult> {
    await this.humanCheck.verify(body.humanCheck);
    const found = ctx.rememberToken
      ? await this.repo.findRememberToken(hashToken(ctx.rememberToken))
      : undefined;
    const member = found && (await this.repo.findMemberById(found.memberId));
    if (!member || member.brandId !== brand.id || member.username !== body.username.toLowerCase()) {
      throw new AppError('REMEMBER_EXPIRED');
    }
    if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    if (body.agentLogin && !isAgentType(member.userType)) throw new AppError('AGENTS_ONLY');
    // No password was typed, so the weak-default check cannot apply; the others do.
    return this.startSession(member, 'remember', ctx, await this.passwordState(brand, member, false));
  }

  /** Issues the one-day remember-me credential; a presented one is replaced, not kept alongside. */
  async rememberMember(memberId: number, previous: string | undefined) {
    if (previous) await this.repo.revokeRememberToken(hashToken(previous));
    const token = newToken();
    await this.repo.saveRememberToken(memberId, hashToken(token), new Date(Date.now() + REMEMBER_TTL_MS));
    return { token, maxAgeSeconds: REMEMBER_TTL_MS / 1000 };
  }

  async forgetRemembered(token: string | undefined) {
    if (token) await this.repo.revokeRememberToken(hashToken(token));
  }

  /** Spec 4.2: the mobile number and the code it received; no password, no human check, no forced change. */
  private async loginBySms(
    brand: Brand,
    body: {
      username: string;
      password: string;
      countryDialingCode?: string | undefined;
      agentLogin?: boolean | undefined;
    },
    ctx: CallerContext,
  ): Promise<LoginResult> {
    const options = await this.brands.options(brand.id);
    if (!options.MOBILEVERCODELOGIN3) throw new AppError('SMS_DISABLED');
    if (!body.countryDialingCode || !MOBILE_PATTERN.test(body.username)) {
      throw new AppError(
        'VALIDATION_FAILED',
        {},
        { issues: [{ path: 'body.username', message: translate(ctx.lang, 'validation.mobile') }] },
      );
    }
    await this.sms.consume(brand, phoneOf(body.countryDialingCode, body.username), 'login', body.password);
    const member = await this.repo.findMemberByPhone(brand.id, body.countryDialingCode, body.username);
    if (!member) throw new AppError('INVALID_CREDENTIALS', {}, { captchaRequired: false });
    if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    if (body.agentLogin && !isAgentType(member.userType)) throw new AppError('AGENTS_ONLY');
    return this.startSession(member, 'sms', ctx, { passwordExpired: false, mustChangePassword: null });
  }

  /** Codes for logging in or resetting a password by phone; the answer never tells whether the number exists. */
  async sendNoLoginCode(
    brand: Brand,
    body: {
      mobileNum: string;
      countryDialingCode: string;
      humanCheck?: string | undefined;
      purpose: 'login' | 'reset';
    },
    ctx: CallerContext,
  ) {
    const options = await this.brands.options(brand.id);
    if (body.purpose === 'login' && !options.MOBILEVERCODELOGIN3) throw new AppError('SMS_DISABLED');
    // CHNGPASSVERIF3: a forgotten password is set again with a code sent to the member's phone.
    if (body.purpose === 'reset' && !options.CHNGPASSVERIF3) throw new AppError('PHONE_RESET_DISABLED');
    await this.humanCheck.verify(body.humanCheck);
    return this.sms.send(
      brand,
      phoneOf(body.countryDialingCode, body.mobileNum),
      body.purpose,
      ctx.ip,
      ctx.lang,
    );
  }

  async sendRegisterCode(
    brand: Brand,
    body: { mobileNum: string; countryDialingCode: string; humanCheck?: string | undefined },
    ctx: CallerContext,
  ) {
    await this.humanCheck.verify(body.humanCheck);
    if (await this.repo.findMemberByPhone(brand.id, body.countryDialingCode, body.mobileNum)) {
      throw new AppError('MOBILE_TAKEN');
    }
    return this.sms.send(
      brand,
      phoneOf(body.countryDialingCode, body.mobileNum),
      'register',
      ctx.ip,
      ctx.lang,
    );
  }

  /** Spec 4.3: the mobile number becomes the username; with REGMOBVERF3 its code must be given. */
  async registerByMobile(brand: Brand, body: RegisterMobileBody, ctx: CallerContext): Promise<LoginResult> {
    const options = await this.brands.options(brand.id);
    if (!options.MOBILENUMREG3) throw new AppError('REGISTRATION_DISABLED');
    const mobile = body.mobileNum ?? '';
    const dialing = body.countryDialingCode ?? '';
    const issues: Array<{ path: string; message: string }> = [];
    if (!MOBILE_PATTERN.test(mobile) || !DIALING_CODES.includes(dialing)) {
      issues.push({ path: 'body.mobileNum', message: translate(ctx.lang, 'validation.mobile') });
    }
    // Verified by this site's SMS code, or by the brand's phone provider (its proof). Without a password
    // (MOBILENUMPASSREG3 off) the number is the only credential, so it is verified whatever REGMOBVERF3 says.
    const verify = options.REGMOBVERF3 || !options.MOBILENUMPASSREG3;
    if (verify && !body.verificationCode && !body.firebaseIdToken) {
      issues.push({ path: 'body.verificationCode', message: translate(ctx.lang, 'errors.SMS_CODE_INVALID') });
    }
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', {}, { issues });
    if (await this.repo.findMemberByPhone(brand.id, dialing, mobile)) throw new AppError('MOBILE_TAKEN');
    if (verify && body.firebaseIdToken)
      await this.phoneProofs.spendPhoneProof(brand, body.firebaseIdToken, dialing, mobile);
    else if (verify)
      await this.sms.consume(brand, phoneOf(dialing, mobile), 'register', body.verificationCode!);
    return this.register(brand, { ...body, username: mobile }, ctx, { byMobile: true });
  }

  /**
   * Spec 4.5, by username and email: a single-use code goes to the address. Nothing changes until the code
   * comes back with a new password, so whoever knows a member's username and email cannot lock them out.
   */
  async forgotByEmail(brand: Brand, body: { username: string; email: string }, ctx: CallerContext) {
    const member = await this.memberByEmail(brand, body);
    return this.sms.send(brand, member.email!.toLowerCase(), 'reset', ctx.ip, ctx.lang, 'email');
  }

  private async memberByEmail(brand: Brand, body: { username: string; email: string }) {
    const member = await this.repo.findMember(brand.id, body.username.toLowerCase());
    if (
      !member?.email ||
      member.email.toLowerCase() !== body.email.toLowerCase() ||
      member.userType === TRIAL_TYPE
    ) {
      throw new AppError('ACCOUNT_NOT_FOUND');
    }
    return member;
  }

  /** The emailed code and a new password: the password changes and every session of the member ends. */
  async resetByEmail(
    brand: Brand,
    body: { username: string; email: string; verificationCode: string; newPassword: string },
    ctx: CallerContext,
  ) {
    await this.checkNewPassword(brand, body.newPassword, ctx);
    const member = await this.memberByEmail(brand, body);
    await this.sms.consume(brand, member.email!.toLowerCase(), 'reset', body.verificationCode);
    await this.repo.replacePassword(member.id, await hashPassword(body.newPassword));
    // The code proved the mailbox from this address: the login that follows needs no second code.
    await this.addresses.remember(member.id, ctx.ip);
    return null;
  }

  private async checkNewPassword(brand: Brand, password: string, ctx: CallerContext) {
    const rules = await this.registerRules(brand);
    const problem = checkField(password, rules.password);
    if (problem) {
      const message = translate(ctx.lang, problem.key, problem.params);
      throw new AppError('VALIDATION_FAILED', {}, { issues: [{ path: 'body.newPassword', message }] });
    }
  }

  /** Spec 4.5: the mobile number, the code it received and a new password. */
  async resetByPhone(
    brand: Brand,
    body: { newPassword: string; mobileNum: string; countryDialingCode: string; verificationCode: string },
    ctx: CallerContext,
  ) {
    if (!(await this.brands.options(brand.id)).CHNGPASSVERIF3) throw new AppError('PHONE_RESET_DISABLED');
    await this.checkNewPassword(brand, body.newPassword, ctx);
    await this.sms.consume(
      brand,
      phoneOf(body.countryDialingCode, body.mobileNum),
      'reset',
      body.verificationCode,
    );
    const member = await this.repo.findMemberByPhone(brand.id, body.countryDialingCode, body.mobileNum);
    if (!member) throw new AppError('ACCOUNT_NOT_FOUND');
    await this.repo.replacePassword(member.id, await hashPassword(body.newPassword));
    // The code proved the phone from this address: the login that follows needs no second code.
    await this.addresses.remember(member.id, ctx.ip);
    return null;
  }

  /**
   * A trial account with no credentials (user type 4): it gets trial money (the hook set with
   * `onTrialStarted`, the wallet's trial grant) and plays the in-house games and the vendors that take
   * trial players with it; it cannot pay in or out. Its session ends with the trial (TRIAL_HOURS), when
   * the end-of-trial job closes the account and takes the trial money back.
   */
  async freePlay(brand: Brand, ctx: CallerContext): Promise<LoginResult> {
    const options = await this.brands.options(brand.id);
    if (!options.FREEPLAY3) throw new AppError('FREE_PLAY_DISABLED');
    const member = await this.repo.insertMember({
      brandId: brand.id,
      username: `trial${randomDigits(10)}`,
      passwordHash: null,
      userType: TRIAL_TYPE,
      language: ctx.lang,
      registerIp: ctx.ip,
    });
    if (!member) throw new AppError('INTERNAL');
    this.rememberTrial(member.id, true);
    await this.trialStartedHook?.(brand, member.id);
    return this.startSession(member, 'freeplay', ctx, {
      passwordExpired: false,
      mustChangePassword: null,
      ttlMs: Math.min(this.sessionTtlMs, TRIAL_HOURS * 3_600_000),
    });
  }

  private trialStartedHook?: (brand: Brand, memberId: number) => Promise<unknown>;

  /** What a new trial account gets before its first session (its trial money). */
  onTrialStarted(hook: (brand: Brand, memberId: number) => Promise<unknown>) {
    this.trialStartedHook = hook;
  }

  /** Whether each member is a trial account, remembered: a member's kind never turns to or from trial. */
  private readonly trialKinds = new Map<number, boolean>();

  private rememberTrial(memberId: number, trial: boolean) {
    if (this.trialKinds.size > 100_000) this.trialKinds.clear();
    this.trialKinds.set(memberId, trial);
  }

  /** Whether a member is a trial account (its bets and wins post against the brand's `trial` account). */
  async isTrial(memberId: number): Promise<boolean> {
    const known = this.trialKinds.get(memberId);
    if (known !== undefined) return known;
    const trial = (await this.repo.trialIds([memberId])).has(memberId);
    this.rememberTrial(memberId, trial);
    return trial;
  }

  /**
   * Closes the trial accounts whose trial has ended (made TRIAL_HOURS ago), their sessions revoked, at
   * most `limit` a call; returns them with their brand, so their trial money can be taken back.
   */
  endExpiredTrials(now: Date, limit = 500) {
    return this.repo.endTrials(new Date(now.getTime() - TRIAL_HOURS * 3_600_000), limit);
  }

  /** Trial accounts closed in the last days (a vendor's late win may still reach one). */
  recentlyEndedTrials(now: Date, days = 3) {
    return this.repo.closedTrials(new Date(now.getTime() - (TRIAL_HOURS + days * 24) * 3_600_000));
  }

  /**
   * A member made by a third-party sign-in (the identity module, spec 4.2): no password, a username of the
   * provider's prefix and digits, the provider's verified email only when no other member of the brand
   * has it, and the upline of the affiliate code the sign-in carried (an unknown code is left out).
   */
  async createExternalMember(
    brand: Brand,
    input: { prefix: string; email: string | null; nickname: string | null; affiliateCode: string | null },
    ctx: CallerContext,
  ): Promise<{ id: number }> {
    const parent = input.affiliateCode
      ? await this.checkAffiliate(brand, input.affiliateCode).catch(() => undefined)
      : undefined;
    // Without direct registration (DIRECTREG3 off), a new account needs an agent's invitation here too.
    if (!parent && !(await this.brands.options(brand.id)).DIRECTREG3)
      throw new AppError('INVITATION_REQUIRED');
    const email = input.email && !(await this.repo.emailInUse(brand.id, input.email)) ? input.email : null;
    for (let tries = 0; tries < 5; tries++) {
      const member = await this.repo.insertMember({
        brandId: brand.id,
        username: `${input.prefix}${randomDigits(8)}`,
        passwordHash: null,
        parentId: parent?.id ?? null,
        nickname: input.nickname,
        email,
        language: ctx.lang,
        registerIp: ctx.ip,
      });
      if (!member) continue;
      if (parent) await this.joined(brand, parent.id, member.id);
      return { id: member.id };
    }
    throw new AppError('INTERNAL');
  }

  /** A session for a member a third-party sign-in proved (no password, so no forced change: spec 4.2). */
  async startExternalSession(brand: Brand, memberId: number, ctx: CallerContext): Promise<LoginResult> {
    const member = await this.repo.findMemberById(memberId);
    if (!member || member.brandId !== brand.id) throw new AppError('SIGN_IN_STATE_INVALID');
    if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    // A member who turned two-step verification on is asked for a code after the provider too.
    if (member.totpSecret) {
      throw new AppError(
        'TWO_FACTOR_REQUIRED',
        {},
        { challenge: this.twoFactor.challengeFor(member.id, false) },
      );
    }
    return this.startSession(member, 'oidc', ctx, { passwordExpired: false, mustChangePassword: null });
  }

  /** Whether a member of the brand may sign in (third-party sign-in refuses a locked or closed one). */
  async isActive(brand: Brand, memberId: number): Promise<boolean> {
    const member = await this.repo.findMemberById(memberId);
    return member?.brandId === brand.id && member.status === 'active';
  }
}
