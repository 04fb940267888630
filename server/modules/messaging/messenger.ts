import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { outbox } from '../../db/schema';

export interface OutgoingMessage {
  brandId: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject?: string;
  body: string;
}

/** Where SMS and email go. A real deployment plugs in its gateway here. */
export interface Messenger {
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * The default provider: every message is kept in the outbox table (and logged in development), so the
 * flows work on a fresh machine with no gateway and tests can read the codes.
 */
export class OutboxMessenger implements Messenger {
  constructor(
    private readonly db: Database,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async send(message: OutgoingMessage) {
    await this.db.insert(outbox).values({ ...message, subject: message.subject ?? null });
    this.log?.info(
      { channel: message.channel, recipient: message.recipient, body: message.body },
      'outbox message',
    );
  }

  async latest(brandId: number, recipient: string, limit = 10) {
    return this.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.brandId, brandId), eq(outbox.recipient, recipient)))
      .orderBy(desc(outbox.id))
      .limit(limit);
  }
}
