import { AppError } from '../../http/app-error';
import type { AttemptLimiter, AttemptPolicy } from '../security/attempt-limiter';
import type { Messenger, OutgoingMessage } from './messenger';

/**
 * SMS cost money and are what an attacker floods to run up a bill or bury a real code: each brand may send
 * `perHour` of them an hour, counted atomically. The first refused one alerts the operators.
 */
export class SmsBudgetMessenger implements Messenger {
  private readonly policy: AttemptPolicy;

  constructor(
    private readonly inner: Messenger,
    private readonly limiter: AttemptLimiter,
    perHour: number,
    private readonly alert: (brandId: number, detail: { budget: number }) => Promise<void>,
  ) {
    this.policy = { scope: 'sms-brand-hour', max: perHour, windowMs: 3_600_000 };
  }

  async send(message: OutgoingMessage) {
    if (message.channel === 'sms') {
      const n = await this.limiter.count(this.policy, message.brandId);
      if (n > this.policy.max) {
        if (n === this.policy.max + 1) await this.alert(message.brandId, { budget: this.policy.max });
        throw new AppError('SMS_BUDGET_EXCEEDED');
      }
    }
    await this.inner.send(message);
  }
}
