import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { LanguageCode } from '../../../src/api/contract/common';
import type { Database } from '../../db/client';
import { smsCodes } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { translate } from '../../http/messages';
import type { Brand } from '../brand/brand.service';
import type { Messenger } from '../messaging/messenger';
import { hashToken, randomDigits } from './credentials';

export type SmsPurpose = 'login' | 'register' | 'reset';

/** A code lives this long; the browser may ask for another once it has expired (spec 4.4). */
export const SMS_CODE_MINUTES = 2;
const MAX_ATTEMPTS = 5;
/** Spec 8: too many requests means try again after 5 minutes. */
const BURST_WINDOW_MS = 5 * 60_000;
const BURST_LIMIT = 3;

export const phoneOf = (dialingCode: string, mobile: string) => `${dialingCode}${mobile}`;

/** One-time SMS codes: hashed, expiring, tried a limited number of times, sent at a limited pace. */
export class SmsVerification {
  constructor(
    private readonly db: Database,
    private readonly messenger: Messenger,
  ) {}

  async send(brand: Brand, phone: string, purpose: SmsPurpose, ip: string, lang: LanguageCode) {
    const since = new Date(Date.now() - BURST_WINDOW_MS);
    const [recent] = await this.db
      .select({ n: count(), last: sql<Date | string | null>`max(${smsCodes.createdAt})` })
      .from(smsCodes)
      .where(and(eq(smsCodes.brandId, brand.id), eq(smsCodes.phone, phone), gt(smsCodes.createdAt, since)));
    if ((recent?.n ?? 0) >= BURST_LIMIT) throw new AppError('SMS_TOO_MANY');
    const last = recent?.last ? new Date(recent.last).getTime() : 0;
    if (Date.now() - last < SMS_CODE_MINUTES * 60_000) throw new AppError('SMS_TOO_SOON');

    const code = randomDigits(6);
    await this.db.insert(smsCodes).values({
      brandId: brand.id,
      purpose,
      phone,
      codeHash: hashToken(`${phone}:${purpose}:${code}`),
      expiresAt: new Date(Date.now() + SMS_CODE_MINUTES * 60_000),
      ip,
    });
    await this.messenger.send({
      brandId: brand.id,
      channel: 'sms',
      recipient: phone,
      body: translate(lang, 'messages.sms_code', { site: brand.siteName, code, minutes: SMS_CODE_MINUTES }),
    });
    return { expiredMinutes: SMS_CODE_MINUTES };
  }

  /** Spends the latest code for this phone and purpose when it matches; each wrong try counts. */
  async consume(brand: Brand, phone: string, purpose: SmsPurpose, code: string) {
    const [latest] = await this.db
      .select()
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.brandId, brand.id),
          eq(smsCodes.phone, phone),
          eq(smsCodes.purpose, purpose),
          isNull(smsCodes.usedAt),
        ),
      )
      .orderBy(desc(smsCodes.id))
      .limit(1);
    if (!latest || latest.attempts >= MAX_ATTEMPTS) throw new AppError('SMS_CODE_INVALID');
    if (latest.expiresAt.getTime() <= Date.now()) throw new AppError('SMS_CODE_EXPIRED');
    if (latest.codeHash !== hashToken(`${phone}:${purpose}:${code}`)) {
      await this.db
        .update(smsCodes)
        .set({ attempts: sql`${smsCodes.attempts} + 1` })
        .where(eq(smsCodes.id, latest.id));
      throw new AppError('SMS_CODE_INVALID');
    }
    // Guarded so that two requests racing with the same code cannot both succeed.
    const used = await this.db
      .update(smsCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(smsCodes.id, latest.id), isNull(smsCodes.usedAt)))
      .returning({ id: smsCodes.id });
    if (used.length === 0) throw new AppError('SMS_CODE_INVALID');
  }
}
