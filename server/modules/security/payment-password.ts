import { AppError } from '../../http/app-error';
import { verifyPassword } from '../accounts/credentials';
import { type AttemptLimiter, POLICIES } from './attempt-limiter';

/**
 * The six-digit payment password that authorises withdrawals and transfers: a million values, so each
 * member gets POLICIES.paymentPassword tries per window, counted before the check; past them even the
 * right one is refused until the window ends.
 */
export class PaymentPasswordGuard {
  constructor(private readonly limiter: AttemptLimiter) {}

  async verify(member: { id: number; paymentPasswordHash: string | null }, password: string) {
    if (!member.paymentPasswordHash) throw new AppError('PAYMENT_PASSWORD_REQUIRED');
    const hash = member.paymentPasswordHash;
    await this.limiter.check(
      POLICIES.paymentPassword,
      member.id,
      () => verifyPassword(hash, password),
      () => new AppError('PAYMENT_PASSWORD_WRONG'),
    );
  }

  /** The login password that proves who sets the first payment password: under its own limit. */
  async verifyLoginPassword(member: { id: number; passwordHash: string | null }, password: string) {
    const hash = member.passwordHash;
    await this.limiter.check(
      POLICIES.accountPassword,
      member.id,
      async () => !!hash && (await verifyPassword(hash, password)),
      () => new AppError('WRONG_OLD_PASSWORD'),
    );
  }
}
