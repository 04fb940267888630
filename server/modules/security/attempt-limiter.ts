import { AppError } from '../../http/app-error';
import type { AttemptsRepository } from './attempts.repository';

/** How many attempts a kind of check allows, over what window (docs/security.md lists them all). */
export interface AttemptPolicy {
  scope: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** Every per-account and per-brand limit of the site, in one place. */
export const POLICIES = {
  /** A member's password logins: a captcha from the 4th attempt, none past the 10th, per 15 minutes. */
  memberLogin: { scope: 'member-login', max: 10, windowMs: 15 * MINUTE },
  /** Codes from the authenticator app, at login, when turning it on or off. */
  memberTotp: { scope: 'member-totp', max: 5, windowMs: 15 * MINUTE },
  /** The six-digit password that authorises withdrawals and transfers. */
  paymentPassword: { scope: 'payment-password', max: 5, windowMs: 30 * MINUTE },
  /** An operator's back-office logins (password and two-step code together). */
  operatorLogin: { scope: 'operator-login', max: 5, windowMs: 15 * MINUTE },
  /** Codes sent to one phone or address. */
  smsPerRecipient: { scope: 'sms-recipient', max: 3, windowMs: 5 * MINUTE },
  /** Codes sent to confirm a login from a new address, per member. */
  addressCodes: { scope: 'address-codes', max: 3, windowMs: 5 * MINUTE },
  /** Bank account holder names typed to confirm a login from a new address, per member. */
  addressHolderName: { scope: 'address-holder', max: 5, windowMs: 30 * MINUTE },
  /** Password logins from one address across accounts: a captcha past this many failures. */
  loginsPerAddress: { scope: 'login-address', max: 10, windowMs: 15 * MINUTE },
  /** The login password checked inside a session (changing it, first payment password), per member. */
  accountPassword: { scope: 'account-password', max: 5, windowMs: 15 * MINUTE },
} as const satisfies Record<string, AttemptPolicy>;

/** When the captcha starts, on a member's password logins (attempt number above this). */
export const LOGIN_CAPTCHA_AFTER = 3;

/**
 * Attempt counting that holds under a burst: an attempt takes its number before it is checked, in one
 * statement, so twenty requests at once are attempts 1 to 20, not twenty "first" attempts. Past the limit
 * every attempt is refused until the window ends, even one with the right answer.
 */
export class AttemptLimiter {
  constructor(private readonly repo: AttemptsRepository) {}

  /** Takes the next attempt; TOO_MANY_ATTEMPTS past the policy's limit. Returns its number. */
  async take(policy: AttemptPolicy, subject: string | number): Promise<number> {
    const n = await this.repo.take(policy.scope, String(subject), policy.windowMs);
    if (n > policy.max) throw new AppError('TOO_MANY_ATTEMPTS');
    return n;
  }

  /** Counts one more use against a budget without refusing; the caller compares with its own limit. */
  count(policy: AttemptPolicy, subject: string | number): Promise<number> {
    return this.repo.take(policy.scope, String(subject), policy.windowMs);
  }

  /** Forgets counters whose window is long over (a scheduled job). */
  purgeStale() {
    return this.repo.purgeStale();
  }

  /** The right answer: the count starts again. */
  succeeded(policy: AttemptPolicy, subject: string | number) {
    return this.repo.reset(policy.scope, String(subject));
  }

  /** The attempt was turned away before its secret was checked: it does not count. */
  notChecked(policy: AttemptPolicy, subject: string | number) {
    return this.repo.giveBack(policy.scope, String(subject));
  }

  /**
   * One check of a secret under a policy: refused past the limit whatever the answer, counted when wrong,
   * and the count cleared when right. `wrong` is the error a wrong answer gets.
   */
  async check(
    policy: AttemptPolicy,
    subject: string | number,
    verify: () => Promise<boolean>,
    wrong: () => AppError,
  ): Promise<void> {
    await this.take(policy, subject);
    if (!(await verify())) throw wrong();
    await this.succeeded(policy, subject);
  }
}
