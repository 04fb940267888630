import type { LanguageCode } from '../../../src/api/contract/common';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { translate } from '../../http/messages';
import type { Pepper } from '../../lib/pepper';
import type { Brand } from '../brand/brand.service';
import type { Messenger } from '../messaging/messenger';
import { type AttemptLimiter, POLICIES } from '../security/attempt-limiter';
import { randomDigits } from './credentials';
import { SmsCodesRepository } from './sms-codes.repository';

export type SmsPurpose = 'login' | 'register' | 'reset';
export type CodeChannel = 'sms' | 'email';

/** A code lives this long; the browser may ask for another once it has expired (spec 4.4). */
export const SMS_CODE_MINUTES = 2;
/** A code sent by email (password reset) waits longer: mail is slower than SMS. */
export const EMAIL_CODE_MINUTES = 15;
/** Tries per code, right one included: the sixth is refused even when it is right. */
export const CODE_MAX_ATTEMPTS = 5;

export const phoneOf = (dialingCode: string, mobile: string) => `${dialingCode}${mobile}`;

/**
 * One-time codes sent by SMS (or by email for a password reset): hashed, expiring, tried a limited number
 * of times (counted and checked in one statement), sent at a limited pace per recipient.
 */
export class SmsVerification {
  private readonly codes: SmsCodesRepository;

  constructor(
    db: Database,
    private readonly messenger: Messenger,
    private readonly limiter: AttemptLimiter,
    private readonly pepper: Pepper,
  ) {
    this.codes = new SmsCodesRepository(db);
  }

  private codeHash(recipient: string, purpose: string, code: string) {
    return this.pepper.hash(`${recipient}:${purpose}:${code}`);
  }

  async send(
    brand: Brand,
    recipient: string,
    purpose: SmsPurpose,
    ip: string,
    lang: LanguageCode,
    channel: CodeChannel = 'sms',
  ) {
    const minutes = channel === 'sms' ? SMS_CODE_MINUTES : EMAIL_CODE_MINUTES;
    const since = new Date(Date.now() - SMS_CODE_MINUTES * 60_000);
    if (await this.codes.lastSentSince(brand.id, recipient, since)) throw new AppError('SMS_TOO_SOON');
    // Spec 8: three codes per recipient in five minutes; counted atomically, so a burst gets three.
    const n = await this.limiter.count(POLICIES.smsPerRecipient, `${brand.id}:${recipient}`);
    if (n > POLICIES.smsPerRecipient.max) throw new AppError('SMS_TOO_MANY');

    const code = randomDigits(6);
    const id = await this.codes.insert({
      brandId: brand.id,
      purpose,
      phone: recipient,
      channel,
      codeHash: this.codeHash(recipient, purpose, code),
      expiresAt: new Date(Date.now() + minutes * 60_000),
      ip,
    });
    // A code that could not be sent (the brand's SMS budget is spent) must not replace one that was.
    await this.messenger
      .send(
        channel === 'sms'
          ? {
              brandId: brand.id,
              channel,
              recipient,
              body: translate(lang, 'messages.sms_code', { site: brand.siteName, code, minutes }),
            }
          : {
              brandId: brand.id,
              channel,
              recipient,
              subject: translate(lang, 'messages.reset_code_subject', { site: brand.siteName }),
              body: translate(lang, 'messages.reset_code_body', { site: brand.siteName, code, minutes }),
            },
      )
      .catch(async (error: unknown) => {
        await this.codes.delete(id);
        throw error;
      });
    return { expiredMinutes: minutes };
  }

  /**
   * Spends the latest code for this recipient and purpose when it matches. The try is counted and the
   * code checked in one statement, so a burst of guesses gets CODE_MAX_ATTEMPTS tries in all.
   */
  async consume(brand: Brand, recipient: string, purpose: SmsPurpose, code: string) {
    const latest = await this.codes.latestUnspent(brand.id, recipient, purpose);
    if (!latest) throw new AppError('SMS_CODE_INVALID');
    if (latest.expiresAt.getTime() <= Date.now()) throw new AppError('SMS_CODE_EXPIRED');
    const hash = this.codeHash(recipient, purpose, code);
    if (!(await this.codes.tryCode(latest.id, hash, CODE_MAX_ATTEMPTS)))
      throw new AppError('SMS_CODE_INVALID');
  }
}
